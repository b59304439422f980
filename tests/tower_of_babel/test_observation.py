"""Tower of Babel's observation tensor: the worked position of seed 1, and the secret round:
a seat still to offer gets the same tensor whatever the seats before it offered."""

from __future__ import annotations

import random

import pytest

import ziggurat
from ziggurat.games.tower_of_babel.observation import OFFER


def _after(moves: int, players: int = 3, seed: int = 1) -> ziggurat.State:
    state = ziggurat.load_game("tower_of_babel", players=players).new_initial_state(seed)
    rng = random.Random(2)
    for _ in range(moves):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_worked_position_with_an_offer_pending() -> None:
    state = _after(12)
    layout = state.game.observation_layout
    seen = layout.split(state.observation_tensor(0))
    # hand of seat 0: camel 2, crane 2, boat 1, stonemason 0 and the exchange card
    assert (seen["hand"][:5] * [10, 10, 10, 10, 1]).round().tolist() == [2, 2, 1, 0, 1]
    # seats from seat 0: points 1, 0, 0; cards 6, 5, 8; supply 27, 28, 29
    assert (seen["seats"][:, 0] * 150).round().tolist() == [1, 0, 0]
    assert (seen["seats"][:, 1] * 20).round().tolist() == [6, 5, 8]
    assert (seen["seats"][:, 3] * 30).round().tolist() == [27, 28, 29]
    # seat 0 is active: seat 1 has offered 2 cards (size seen by the active player), seat 2 not
    assert seen["active"].tolist() == [1.0, 0.0, 0.0]
    assert seen["offers"][1, :3] == pytest.approx([1.0, 1.0, 0.2])
    assert seen["offers"][2, :3].tolist() == [0.0, 0.0, 0.0]
    assert seen["offers"][1, 3 : 3 + 4].sum() == 0  # face down: no cards shown
    assert seen["offers"].shape == (3, OFFER)


def test_a_seat_still_to_offer_learns_nothing_of_the_offers_before_it() -> None:
    earlier = _after(11)
    assert earlier.current_player == 1
    seen_by_2 = set()
    for action in earlier.legal_actions():
        other = earlier.clone()
        other.apply_action(action)
        if other.current_player == 2:
            seen_by_2.add(other.observation_tensor(2).tobytes())
    assert len(earlier.legal_actions()) > 1 and len(seen_by_2) == 1
