"""Babylonia's observation tensor: exact sections in worked positions, the observer first,
and nothing of another seat's stand or face-down river tokens."""

from __future__ import annotations

import random

import numpy as np
import pytest

import ziggurat
from ziggurat.games.babylonia.observation import KINDS


def _sections(state: ziggurat.State, seat: int) -> dict[str, np.ndarray]:
    return state.game.observation_layout.split(state.observation_tensor(seat))


def _row(game: ziggurat.Game, coord: tuple[int, int]) -> int:
    return next(i for i, cell in enumerate(game.board.cells) if cell[1] == coord)


def test_the_opening_position_of_seed_7() -> None:
    game = ziggurat.load_game("babylonia", players=2)
    state = game.new_initial_state(7)
    assert state.current == 1
    seen = _sections(state, 0)
    assert seen["to_move"].tolist() == [0.0, 1.0]  # seat 1 moves: the other seat, for seat 0
    assert seen["phase"].tolist() == [1.0, 0.0, 0.0, 0.0, 0.0]
    assert seen["own_stand"] * 7 == pytest.approx([1, 1, 1, 2])
    assert (seen["stands"] * 7).round().tolist() == [[5, 5], [5, 5]]  # size and capacity
    assert seen["score"].tolist() == [0.0, 0.0]
    assert seen["turn"][1] == 0.5  # the first turn places 1 token
    land, river = _row(game, (1, 1)), _row(game, (0, 8))
    terrain = 2 * (KINDS + 1) + KINDS
    assert seen["hexes"][land, terrain : terrain + 2].tolist() == [1.0, 0.0]
    assert seen["hexes"][river, terrain : terrain + 2].tolist() == [0.0, 1.0]
    assert seen["hexes"][:, : 2 * (KINDS + 1)].sum() == 0  # no token on the board yet


def test_a_face_down_river_token_shows_its_kind_to_its_owner_only() -> None:
    game = ziggurat.load_game("babylonia", players=2)
    state = game.new_initial_state(7)
    state.apply_action(game.parse_action(state, "M0,8"))  # seat 1: a merchant into the river
    river = _row(game, (0, 8))
    own = _sections(state, 1)["hexes"][river]
    other = _sections(state, 0)["hexes"][river]
    # seat 1 sees its own face-down token (first block) and its kind: merchant
    assert own[: KINDS + 1].tolist() == [0, 0, 0, 0, 1]
    assert own[2 * (KINDS + 1) : 2 * (KINDS + 1) + KINDS].tolist() == [1, 0, 0, 0]
    # seat 0 sees a face-down token of the other seat (second block), no kind
    assert other[KINDS + 1 : 2 * (KINDS + 1)].tolist() == [0, 0, 0, 0, 1]
    assert other[2 * (KINDS + 1) : 2 * (KINDS + 1) + KINDS].sum() == 0
    # the first turn places one token, so the turn has passed to seat 0
    assert _sections(state, 0)["to_move"].tolist() == [1.0, 0.0]
    assert _sections(state, 1)["to_move"].tolist() == [0.0, 1.0]


def test_each_seat_sees_itself_first() -> None:
    game = ziggurat.load_game("babylonia", players=3)
    state = game.new_initial_state(2)
    rng = random.Random(2)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    for seat in range(3):
        seen = _sections(state, seat)
        expected = [state.score[(seat + k) % 3] / 200 for k in range(3)]
        assert seen["score"] == pytest.approx(expected)
        supplies = [sum(state.bag_counts((seat + k) % 3)) / 30 for k in range(3)]
        assert seen["supplies"][:, 0] == pytest.approx(supplies)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_another_seats_secrets_never_change_the_tensor(players: int) -> None:
    game = ziggurat.load_game("babylonia", players=players)
    for seed in range(3):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            for seat in range(players):
                tensor = state.observation_tensor(seat)
                for key in range(3):
                    world = state.determinize(seat, random.Random(key))
                    assert (world.observation_tensor(seat) == tensor).all()
            for _ in range(7):
                if state.is_terminal():
                    break
                state.apply_action(rng.choice(state.legal_actions()))
