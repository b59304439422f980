"""Ishtar's observation tensor: a worked position seen by each seat, the map's own features
per game, and nothing of another seat's tree cards."""

from __future__ import annotations

import random

import pytest

import ziggurat
from ziggurat.games.ishtar.observation import GEMS, KINDS


def _position() -> ziggurat.State:
    state = ziggurat.load_game("ishtar", players=2).new_initial_state(1)
    rng = random.Random(2)
    for _ in range(20):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_worked_position_from_each_seat() -> None:
    state = _position()
    layout = state.game.observation_layout
    view = state.view(0)
    for seat in (0, 1):
        seen = layout.split(state.observation_tensor(seat))
        players = [view["players"][(seat + k) % 2] for k in range(2)]
        assert (seen["seats"][:, 0] * 150).round().tolist() == [p["score"] for p in players]
        assert (seen["seats"][:, 2] * 10).round().tolist() == [p["gems"]["red"] for p in players]
        assert seen["to_move"].tolist() == [1.0 if seat == 1 else 0.0, 1.0 if seat == 0 else 0.0]
    seen = layout.split(state.observation_tensor(0))
    for i, cell in enumerate(view["map"]["hexes"]):
        assert seen["hexes"][i, KINDS.index(cell["kind"])] == 1.0
        if "rock" in cell:
            assert seen["hexes"][i, len(KINDS) + GEMS.index(cell["rock"])] == 1.0
            assert seen["hexes"][i, len(KINDS) + len(GEMS)] == float(cell["gem"])
    # the tile being placed: I06, flowers 1, 0, 2 and the assistant icon on its third space
    assert (seen["tile"][1:4] * 3).round().tolist() == [1, 0, 2]


def test_two_seeds_lay_two_maps() -> None:
    game = ziggurat.load_game("ishtar", players=2)
    layout = game.observation_layout
    first = layout.split(game.new_initial_state(0).observation_tensor(0))["hexes"]
    second = layout.split(game.new_initial_state(1).observation_tensor(0))["hexes"]
    assert (first[:, : len(KINDS)] != second[:, : len(KINDS)]).any()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_another_seats_tree_cards_never_change_the_tensor(players: int) -> None:
    game = ziggurat.load_game("ishtar", players=players)
    state = game.new_initial_state(players)
    rng = random.Random(players)
    while not state.is_terminal():
        for seat in range(players):
            tensor = state.observation_tensor(seat)
            world = state.determinize(seat, random.Random(seat + 7))
            assert (world.observation_tensor(seat) == tensor).all()
        for _ in range(5):
            if not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
