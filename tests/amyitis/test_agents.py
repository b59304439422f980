"""The bots on Amyitis: the judgement the heuristics are meant to carry (asserted only where
it cannot flake). What every game's bots must do (legal choices, budgets, no peeking) is in
tests/agents/test_every_game.py."""

from __future__ import annotations

import ziggurat
from ziggurat.agents.greedy import GreedyAgent
from ziggurat.games.amyitis.phases import PHASE_STORAGE

from .helpers import A, B, act, give, give_camels, position


def test_greedy_keeps_the_wine_when_the_storage_limit_bites() -> None:
    state = position(players=2)
    give(state, A, "barley", "salt", "wine")
    state.passed = [B]
    act(state, "pass")  # A passes last and leads the procession
    while state.phase != PHASE_STORAGE:
        state.apply_action(state.legal_actions()[0])
    assert state.current == A
    assert str(GreedyAgent(seed=1).select_action(state, A)) in {"discard barley", "discard salt"}


def test_greedy_sells_both_resources_at_babylon() -> None:
    state = position(players=2)
    give(state, A, "dates", "salt")
    give_camels(state, A, 1)
    state.caravan = 8  # Ninua: Babylon is the next city
    act(state, "caravan babylon")
    assert str(GreedyAgent(seed=1).select_action(state, A)) == "sell dates salt"  # 6 points, not 3


def test_greedy_plays_a_whole_three_player_game() -> None:
    game = ziggurat.load_game("amyitis", players=3)
    state = game.new_initial_state(seed=11)
    agents = [GreedyAgent(seed=s) for s in range(3)]
    while not state.is_terminal():
        seat = state.current_player
        state.apply_action(agents[seat].select_action(state, seat))
    assert state.winners()
    assert max(state.scores()) > 40
