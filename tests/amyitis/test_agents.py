"""The bots on Amyitis: legal choices, budgets, and the judgement the heuristics are meant
to carry (asserted only where it cannot flake)."""

from __future__ import annotations

import random

import pytest

import ziggurat
from ziggurat.agents.greedy import GreedyAgent
from ziggurat.agents.mcts import MCTSAgent
from ziggurat.core.rng import Rng
from ziggurat.games.amyitis import heuristics
from ziggurat.games.amyitis.phases import PHASE_STORAGE
from ziggurat.games.amyitis.state import AmyitisState

from .helpers import A, B, act, give, give_camels, position


def _position(seed: int, steps: int, players: int = 2) -> AmyitisState:
    game = ziggurat.load_game("amyitis", players=players)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state  # type: ignore[return-value]


@pytest.mark.parametrize("players", [2, 4])
def test_rollout_policy_priors_and_evaluation_stay_legal_over_whole_games(players: int) -> None:
    game = ziggurat.load_game("amyitis", players=players)
    rng = Rng(3)
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            priors = heuristics.action_priors(state, state.current_player, legal)
            assert len(priors) == len(legal)
            action = heuristics.rollout_action(state, rng)
            assert action in legal
            rewards = heuristics.evaluate(state)
            assert len(rewards) == players and all(0.0 <= r <= 1.0 for r in rewards)
            state.apply_action(action)
        assert heuristics.position_values(state) == [float(v) for v in state.scores()]


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


@pytest.mark.parametrize("seed", [2, 8])
def test_mcts_choice_is_legal_within_its_budget(seed: int) -> None:
    state = _position(seed, 25)
    agent = MCTSAgent(seed=1, iterations=60)
    action = agent.select_action(state, state.current_player)
    assert action in state.legal_actions()
    assert agent.last_iterations in (0, 60)


def test_greedy_plays_a_whole_three_player_game() -> None:
    game = ziggurat.load_game("amyitis", players=3)
    state = game.new_initial_state(seed=11)
    agents = [GreedyAgent(seed=s) for s in range(3)]
    while not state.is_terminal():
        seat = state.current_player
        state.apply_action(agents[seat].select_action(state, seat))
    assert state.winners()
    assert max(state.scores()) > 40
