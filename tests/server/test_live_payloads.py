"""The payloads a table sends are made from texts encoded once (the log entries, the legal
actions described per game): they must say exactly what describing afresh would say."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import orjson
import pytest

from ziggurat.core.registry import game_class, game_names, load_game
from ziggurat.server import live
from ziggurat.server.live import LiveTable, SeatInfo

NOW = datetime(2026, 12, 1, tzinfo=UTC)


def new_table(name: str, players: int) -> LiveTable:
    game = load_game(name, players=players)
    seats = [SeatInfo(s, "human", f"P{s}", None, None, True) for s in range(players)]
    state = game.new_initial_state(seed=11)
    return LiveTable("t", game, 11, seats, state, NOW, NOW)


def fresh_payload(table: LiveTable, seat: int | None) -> dict:
    """The payload described from scratch, nothing taken from any store."""
    state, game = table.state, table.game
    legal = []
    if seat is not None and not state.is_terminal() and state.current_player == seat:
        legal = [game.describe_action(a, seat, seat) for a in state.legal_actions()]
    return {
        "table": table.summary(),
        "version": table.version,
        "seat": seat,
        "view": state.view(seat),
        "legal_actions": legal,
        "log": [table.describe_entry(e, seat) for e in table.log],
    }


@pytest.mark.parametrize("name", game_names())
def test_every_payload_says_what_describing_afresh_says(name: str) -> None:
    players = min(game_class(name).player_counts)
    table = new_table(name, players)
    rng = random.Random(5)
    for _ in range(60):
        for seat in (*range(players), None):
            expected = orjson.loads(orjson.dumps(fresh_payload(table, seat)))
            assert table.payload(seat) == expected
        if table.finished:
            break
        seat = table.state.current_player
        table.apply(seat, rng.choice(table.state.legal_actions()), NOW)
        table.revision += 1


def test_the_store_of_described_actions_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live, "DESCRIBED_ACTIONS_PER_GAME", 5)
    table = new_table("babylonia", 2)
    seat = table.state.current_player
    legal = table.state.legal_actions()
    assert len(legal) > 5
    text = live.described_actions_json(table.game, legal, seat)
    assert orjson.loads(f"[{text}]") == [table.game.describe_action(a, seat, seat) for a in legal]
    assert len(live._described_actions[table.game]) <= 5
