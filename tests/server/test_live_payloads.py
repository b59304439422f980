"""The payloads a table sends are made from texts encoded once (the log entries, the legal
actions described per game): they must say exactly what describing afresh would say."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import orjson
import pytest

from ziggurat.core.registry import game_class, game_names, load_game
from ziggurat.core.undo import UndoRefused, check_undo
from ziggurat.server import live
from ziggurat.server.chat import ChatMessage
from ziggurat.server.live import LiveTable, SeatInfo, iso
from ziggurat.server.result import final_result

NOW = datetime(2026, 12, 1, tzinfo=UTC)


def new_table(name: str, players: int) -> LiveTable:
    game = load_game(name, players=players)
    seats = [SeatInfo(s, "human", f"P{s}", None, None, True) for s in range(players)]
    state = game.new_initial_state(seed=11)
    return LiveTable("t", game, 11, seats, state, NOW, NOW)


def fresh_can_undo(table: LiveTable, seat: int) -> bool:
    """Whether ``seat`` may take back the last move, the position before it replayed afresh."""
    if not table.log:
        return False
    before = table.game.new_initial_state(seed=table.seed)
    for entry in table.log[:-1]:
        before.apply_action(entry.action)
    try:
        check_undo(table.game, seat, table.log[-1].seat, before, table.state)
    except UndoRefused:
        return False
    return True


def fresh_result(table: LiveTable) -> dict | None:
    """The end screen's result made afresh from every move's events; None before the end."""
    if not table.finished:
        return None
    events = [e for entry in table.log for e in table.events_for(entry, None)]
    made = final_result(events, table.state.scores(), table.state.winners())
    taken = [
        {"seat": s.seat, "why": s.took_over, "after_move": s.took_over_at}
        for s in table.seats
        if s.took_over
    ]
    return {**made, "revealed": table.state.revealed_at_end(), "took_over": taken}


def fresh_payload(table: LiveTable, seat: int | None) -> dict:
    """The payload described from scratch, nothing taken from any store."""
    state, game = table.state, table.game
    legal, can_undo = [], False
    if seat is not None and not state.is_terminal() and state.current_player == seat:
        legal = [game.describe_action(a, seat, seat) for a in state.legal_actions()]
        can_undo = fresh_can_undo(table, seat)
    return {
        "table": table.summary(),
        "version": table.version,
        "seat": seat,
        "view": state.view(seat),
        "can_undo": can_undo,
        "result": fresh_result(table),
        "clock": table.clock().plain(table.time_control, iso),
        "chat": [m.public() for m in table.chat],
        "legal_actions": legal,
        "log": [table.describe_entry(e, seat) for e in table.log],
    }


def play_or_take_back(table: LiveTable, rng: random.Random) -> bool:
    """A random move, or (one time in three, when the rules allow) the last one taken back;
    True for a take-back."""
    seat = table.state.current_player
    if table.can_undo(seat) and rng.random() < 1 / 3:
        table.take_back(NOW)
        return True
    table.apply(seat, rng.choice(table.state.legal_actions()), NOW)
    return False


@pytest.mark.parametrize("name", game_names())
def test_every_payload_says_what_describing_afresh_says(name: str) -> None:
    players = min(game_class(name).player_counts)
    table = new_table(name, players)
    rng = random.Random(5)
    taken_back = 0
    for _ in range(150):
        for seat in (*range(players), None):
            expected = orjson.loads(orjson.dumps(fresh_payload(table, seat)))
            assert table.payload(seat) == expected
        if table.finished:
            break
        taken_back += play_or_take_back(table, rng)
        if rng.random() < 0.2:  # a chat message now and then: every payload carries it
            number = table.chat_count + 1
            table.take_chat(
                [ChatMessage(number, rng.choice([0, None]), "Ann", f"hi {number}", NOW)]
            )
        table.revision += 1
    if name != "tower_of_babel":  # its one move that may be taken back is rare
        assert taken_back > 2


def test_the_store_of_described_actions_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live, "DESCRIBED_ACTIONS_PER_GAME", 5)
    table = new_table("babylonia", 2)
    seat = table.state.current_player
    legal = table.state.legal_actions()
    assert len(legal) > 5
    text = live.described_actions_json(table.game, legal, seat)
    assert orjson.loads(f"[{text}]") == [table.game.describe_action(a, seat, seat) for a in legal]
    assert len(live._described_actions[table.game]) <= 5


class Socket:
    """What a socket's client holds: the log it was sent, extended by each push."""

    def __init__(self) -> None:
        self.epoch, self.entries, self.log = -1, 0, []
        self.last_start = 0

    def receive(self, push: live.Push) -> dict:
        start = self.last_start = push.log_from(self.epoch, self.entries)
        message = orjson.loads(push.text(start))
        assert message.pop("log_from", 0) == start
        message["log"] = self.log[:start] + message["log"]
        self.epoch, self.entries, self.log = push.epoch, push.log_length, message["log"]
        return message


@pytest.mark.parametrize("name", game_names())
def test_a_socket_is_sent_only_the_log_it_lacks_and_ends_up_with_the_payload(name: str) -> None:
    players = min(game_class(name).player_counts)
    table = new_table(name, players)
    viewers = (*range(players), None)
    sockets = {viewer: Socket() for viewer in viewers}
    rng = random.Random(8)
    taken_back = False
    for move in range(60):
        if move == 20:  # a seat renamed: every entry is worded anew, and sent whole
            table.seats[0].name = "Renamed"
        for viewer, socket in sockets.items():
            held = socket.entries
            assert socket.receive(table.push(viewer)) == table.payload(viewer)
            # after a take-back the shorter log is sent whole, as after a rename
            assert socket.last_start == (0 if move == 20 or taken_back else held)
        if table.finished:
            break
        taken_back = play_or_take_back(table, rng)
        table.revision += 1


def test_a_push_sends_the_new_entries_only_and_restarts_after_a_rename() -> None:
    table = new_table("babylonia", 2)
    rng = random.Random(3)
    for _ in range(5):
        table.apply(table.state.current_player, rng.choice(table.state.legal_actions()), NOW)
    table.revision += 1
    first = table.push(None)
    assert first.log_from(-1, 0) == 0 and "log_from" not in first.text(0)
    assert first.text(0) == table.payload_json(None)
    table.apply(table.state.current_player, rng.choice(table.state.legal_actions()), NOW)
    table.revision += 1
    second = table.push(None)
    start = second.log_from(first.epoch, first.log_length)
    assert start == 5
    message = orjson.loads(second.text(start))
    assert message["log_from"] == 5 and [e["number"] for e in message["log"]] == [6]
    assert second.log_from(first.epoch, 9) == 0  # more than there are: sent whole
    table.seats[1].name = "Bea"
    table.revision += 1
    third = table.push(None)
    assert third.epoch != second.epoch and third.log_from(second.epoch, 6) == 0
