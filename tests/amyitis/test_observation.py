"""Amyitis's observation tensor: exact sections in a worked position, each seat first in its
own tensor, and nothing of the craft deck's order."""

from __future__ import annotations

import random

import pytest

import ziggurat
from ziggurat.games.amyitis.components import CRAFTS


def _position() -> ziggurat.State:
    game = ziggurat.load_game("amyitis", players=3)
    state = game.new_initial_state(1)
    rng = random.Random(1)
    for _ in range(60):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_worked_position_from_each_seat() -> None:
    state = _position()
    layout = state.game.observation_layout
    # talents [1, 4, 0], camels [2, 0, 1], points [0, 13, 9], seat 2 passed first
    for seat in range(3):
        seats = layout.split(state.observation_tensor(seat))["seats"]
        order = [(seat + k) % 3 for k in range(3)]
        assert (seats[:, 0] * 20).round().tolist() == [[1, 4, 0][s] for s in order]
        assert (seats[:, 1] * 15).round().tolist() == [[2, 0, 1][s] for s in order]
        assert (seats[:, 16] * 150).round().tolist() == [[0, 13, 9][s] for s in order]
        assert seats[:, 13].tolist() == [1.0 if s == 2 else 0.0 for s in order]
    seen = layout.split(state.observation_tensor(0))
    assert seen["caravan"].argmax() == 3
    # the temples from seat 0: Ishtar holds seat 0, seat 0, seat 2 and a neutral cube
    ishtar = seen["temples"][0]
    assert ishtar.argmax(axis=1).tolist() == [0, 0, 2, 3]
    kinds = seen["craft_rows"][:, : len(CRAFTS)].argmax(axis=1).tolist()
    assert kinds == [2, 0, 2, 1, 2, 3, 1, 1, 3]
    assert seen["craft_rows"][:, len(CRAFTS)].tolist() == [0, 1, 0, 0, 1, 1, 1, 1, 0]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_craft_deck_order_never_changes_the_tensor(players: int) -> None:
    game = ziggurat.load_game("amyitis", players=players)
    state = game.new_initial_state(players)
    rng = random.Random(players)
    while not state.is_terminal():
        for seat in range(players):
            tensor = state.observation_tensor(seat)
            world = state.determinize(seat, random.Random(seat))
            assert (world.observation_tensor(seat) == tensor).all()
        for _ in range(13):
            if not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
