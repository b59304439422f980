"""The bots on Tower of Babel: the judgement the heuristics are meant to carry (asserted only
where it cannot flake). What every game's bots must do (legal choices, budgets, no peeking,
during the secret offers too) is in tests/agents/test_every_game.py."""

from __future__ import annotations

import itertools

import ziggurat
from ziggurat.agents.greedy import GreedyAgent
from ziggurat.games.tower_of_babel.actions import TowerAction
from ziggurat.games.tower_of_babel.heuristics import seat_points
from ziggurat.games.tower_of_babel.phases import PHASE_CHOOSE, PHASE_OFFER
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


def _without_bluff(state: TowerState, action: TowerAction) -> TowerAction:
    """The offer ``action`` with its bluff cards left out (and its exchange card too, when
    nothing matching is left for it to go with)."""
    need = state.need()
    cards = tuple(c if need[t] else 0 for t, c in enumerate(action.cards))
    return state.game.actions.offer[cards, action.exchange and any(cards)]


def _resolve_the_build(state: TowerState, moves: list[int]) -> None:
    """Play ``moves`` (ids) from ``state`` while the build of this turn lasts."""
    for move in moves:
        state.apply_action(state.game.actions.actions[move])


def _build_moves(state: TowerState) -> list[int]:
    """The moves from ``state`` to the end of the turn's build: every later offerer
    offers nothing, then the first legal move each time (the acceptance, a give-up, the
    triple bonus and double-turn questions) until someone chooses a disc again."""
    state = state.clone()
    moves = []
    nothing = state.game.actions.offer[(0, 0, 0, 0), False]
    while not state.is_terminal() and (state.phase != PHASE_CHOOSE or not moves):
        move = nothing if state.phase == PHASE_OFFER else state.legal_actions()[0]
        moves.append(move.id)
        state.apply_action(move)
    return moves


def test_every_offer_does_what_one_of_the_distinct_offers_does() -> None:
    """Offers padded with bluff cards (or an exchange card with nothing that matches) are
    copies: the search weighs one offer of each effect at its root. Played on to the end of
    the build with the same moves, an offer and its bluff-free copy leave every hand, score,
    piece and disc the same, and the copy is always among the distinct offers."""
    from ziggurat.games.tower_of_babel.heuristics import HEURISTICS

    distinct_actions = HEURISTICS.distinct_actions
    checked = 0
    for seed in range(6):
        state = _offer_position(seed)
        distinct = distinct_actions(state)
        assert distinct is not None
        legal = state.legal_actions()
        assert len(distinct) < len(legal)
        for action in legal:
            copy = _without_bluff(state, action)
            assert copy in distinct, f"{action} has no copy among the distinct offers"
            if copy == action:
                continue
            after, after_copy = state.clone(), state.clone()
            after.apply_action(action)
            after_copy.apply_action(copy)
            moves = _build_moves(after)
            _resolve_the_build(after, moves)
            _resolve_the_build(after_copy, moves)
            for field in ("hand", "score", "pieces", "supply", "exchange_in_hand", "disc_owner"):
                assert getattr(after, field) == getattr(after_copy, field), (action, field)
            assert [a.id for a in after.legal_actions()] == [
                a.id for a in after_copy.legal_actions()
            ]
            checked += 1
    assert checked > 100


def test_the_search_weighs_one_offer_of_each_effect_and_still_values_a_bluff() -> None:
    """At the root of an offer the search opens only distinct offers, so a hint never
    names a padded copy; the analysis of a bluff that was played still searches it."""
    from ziggurat.agents.mcts import MCTSAgent
    from ziggurat.games.tower_of_babel.heuristics import HEURISTICS

    state = _offer_position(3)
    seat = state.current_player
    distinct = {a.id for a in HEURISTICS.distinct_actions(state)}
    root = MCTSAgent(seed=2, iterations=400).search(state, seat)
    assert set(root.children) <= distinct and len(root.children) == len(distinct)
    bluff = next(a for a in state.legal_actions() if a.id not in distinct)
    root = MCTSAgent(seed=2, iterations=400).search(state, seat, first=bluff)
    assert root.children[bluff.id].visits > 0
    assert set(root.children) - distinct == {bluff.id}


def test_only_tower_of_babel_lets_the_rollout_policy_play_the_other_seats() -> None:
    """Its offers are secret, so opponents' in-tree statistics would be gathered seeing the
    searcher's sampled hand; the other games, whose hidden hands matter less to each turn,
    keep choosing for the other seats by their statistics."""
    from ziggurat.core.registry import game_names, heuristics_for

    advice = {name: heuristics_for(name).policy_opponents for name in game_names()}
    assert advice == {
        "amyitis": False, "babylonia": False, "ishtar": False, "tower_of_babel": True,
    }  # fmt: skip
