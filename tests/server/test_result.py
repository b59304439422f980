"""The end screen's result, the same for every game: every seat's points by source add up to
its score, and the end's sentence says why the game ended."""

from __future__ import annotations

import random

import pytest

from ziggurat.core.records import record_from_json, replay
from ziggurat.core.registry import game_class, game_names, load_game
from ziggurat.server.result import final_result, source_label

from .conftest import view, wait_for


def played(name: str, players: int, seed: int):
    """A random game to its end; its state and every event as a spectator reads it."""
    game = load_game(name, players=players)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    events = []
    names = [f"P{s}" for s in range(players)]
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        for event in state.events:
            described = game.event_view(event, None, names)
            if described is not None:
                events.append(described)
    return state, events


@pytest.mark.parametrize("name", game_names())
def test_every_seats_points_by_source_add_up_to_its_score(name: str) -> None:
    counts = game_class(name).player_counts
    for seed in range(6):
        players = counts[seed % len(counts)]
        state, events = played(name, players, seed)
        result = final_result(events, state.scores(), state.winners())
        totals = [sum(row["points"][s] for row in result["sources"]) for s in range(players)]
        assert totals == state.scores(), (seed, result["sources"])
        assert result["ended"] and result["ended"].startswith(("the game is over", "game over"))
        assert result["winners"] == state.winners()
        assert all(any(row["points"]) for row in result["sources"])


def test_an_end_scoring_in_parts_counts_each_part_as_a_source() -> None:
    events = [
        {"type": "city_scored", "points": [4, 1], "text": "city scored"},
        {"type": "tile_placed", "hex": [1, 2]},
        {"type": "city_scored", "points": [0, 3]},
        {
            "type": "game_over",
            "final": [
                {"trees": 2, "flowers": 0, "total": 2},
                {"trees": 0, "flowers": 5, "total": 5},
            ],
            "text": "game over: P1 wins",
        },
    ]
    result = final_result(events, [6, 9], [1])
    assert result == {
        "winners": [1],
        "scores": [6, 9],
        "ended": "game over: P1 wins",
        "sources": [
            {"source": "city scored", "points": [4, 4]},
            {"source": "trees", "points": [2, 0]},
            {"source": "flowers", "points": [0, 5]},
        ],
    }
    assert source_label("ziggurat_points") == "ziggurat points"


def test_a_finished_tables_payloads_carry_the_result(client) -> None:
    made = client.post(
        "/api/tables",
        json={
            "game": "babylonia",
            "options": {"players": 2},
            "seats": [{"kind": "bot", "agent": "greedy"}, {"kind": "bot", "agent": "random"}],
        },
    ).json()
    table_id = made["table"]["id"]
    final = wait_for(client, table_id, lambda p: p["table"]["status"] == "finished")
    result = final["result"]
    assert result["scores"] == final["table"]["scores"]
    assert result["winners"] == final["table"]["winners"]
    totals = [sum(row["points"][s] for row in result["sources"]) for s in (0, 1)]
    assert totals == result["scores"]
    assert result["ended"].startswith("the game is over")
    assert "greedy bot" in result["ended"] or "random bot" in result["ended"]  # names, not seats
    assert view(client, table_id)["result"] == result
    # everything that was hidden is shown at the end: each stand, face-down token and bag
    record = record_from_json(client.get(f"/api/tables/{table_id}/record").json())
    revealed = replay(record).revealed_at_end()
    assert result["revealed"] == revealed
    assert {r["seat"] for r in revealed} == {0, 1}
    assert {r["label"] for r in revealed} <= {"Stand", "Face-down river tokens", "Bag"}
    assert result["took_over"] == []  # bots from the start: nobody was taken over
    running = client.post(
        "/api/tables",
        json={"game": "babylonia", "options": {"players": 2}, "seats": [{"kind": "human"}] * 2},
    ).json()
    assert view(client, running["table"]["id"])["result"] is None
