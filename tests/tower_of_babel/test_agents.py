"""The bots on Tower of Babel: the judgement the heuristics are meant to carry (asserted only
where it cannot flake). What every game's bots must do (legal choices, budgets, no peeking,
during the secret offers too) is in tests/agents/test_every_game.py."""

from __future__ import annotations

import itertools

import ziggurat
from ziggurat.agents.greedy import GreedyAgent
from ziggurat.games.tower_of_babel.heuristics import seat_points
from ziggurat.games.tower_of_babel.phases import PHASE_OFFER
from ziggurat.games.tower_of_babel.scoring import wonder_points
from ziggurat.games.tower_of_babel.state import TowerState
from ziggurat.testing import random_position


def _position(seed: int, steps: int, players: int = 4) -> TowerState:
    return random_position(ziggurat.load_game("tower_of_babel", players=players), seed, steps)  # type: ignore[return-value]


def _offer_position(seed: int) -> TowerState:
    """A position where an opponent is making an offer."""
    for step in range(30, 400):
        state = _position(seed, step)
        if state.phase == PHASE_OFFER and sum(state.hand_of(state.current_player)) >= 4:
            return state
    raise AssertionError("no offer position found")


def test_greedy_never_bluffs_and_offers_matching_cards_it_holds() -> None:
    state = _offer_position(11)
    seat = state.current_player
    action = GreedyAgent(seed=1).select_action(state, seat)
    need = state.need()
    assert action in state.legal_actions()
    assert all(action.cards[t] == 0 for t in range(4) if not need[t])
    holds = sum(min(state.hand_of(seat)[t], need[t]) for t in range(4))
    if holds and state.supply[seat]:
        assert sum(action.cards) > 0


def test_the_priors_one_seat_wonder_points_match_the_rules_scoring() -> None:
    """``seat_points``, the prior's shortcut, pays each seat what ``wonder_points`` (the
    rules' scoring of a wonder) pays it, on every standing of up to five seats with piece
    values 0 to 4 (ties for first and second included)."""
    for n in (3, 4, 5):
        for values in itertools.product(range(5), repeat=n):
            paid = wonder_points(values, (7, 3), 1)
            assert [seat_points(list(values), s, (7, 3), 1) for s in range(n)] == paid, values
