"""Agent specs (``medium:workers=2``) and root-parallel search."""

import random

import pytest

import ziggurat
from ziggurat.agents import make_agent
from ziggurat.agents.base import MCTS_STRENGTHS
from ziggurat.agents.mcts import MCTSAgent
from ziggurat.core.errors import InvalidOptions


def test_named_strengths_and_settings() -> None:
    medium = make_agent("medium")
    assert isinstance(medium, MCTSAgent)
    assert (medium.iterations, medium.seconds) == (
        MCTS_STRENGTHS["medium"]["iterations"],
        MCTS_STRENGTHS["medium"]["seconds"],
    )
    custom = make_agent("mcts:iterations=300:seconds=none:workers=2:exploration=0.5")
    assert (custom.iterations, custom.seconds, custom.workers, custom.exploration) == (
        300,
        None,
        2,
        0.5,
    )
    assert make_agent("hard:workers=2").iterations == MCTS_STRENGTHS["hard"]["iterations"]


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("greedy:iterations=3", "unknown agent 'greedy:iterations=3'"),
        ("mcts:depth=3", "'depth=3' is not a setting"),
        ("mcts:iterations=many", "iterations must be a number or none, not 'many'"),
        ("mcts:iterations=none:seconds=none", "give it iterations, seconds, or both"),
        ("mcts:workers=0", "workers must be 1 or more"),
    ],
)
def test_bad_specs_are_refused_by_name(spec: str, message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        make_agent(spec)


def test_root_parallel_search_splits_the_budget_and_chooses_a_legal_action() -> None:
    game = ziggurat.load_game("babylonia", players=3)
    state = game.new_initial_state(seed=8)
    rng = random.Random(8)
    for _ in range(15):
        state.apply_action(rng.choice(state.legal_actions()))
    with MCTSAgent(seed=3, iterations=101, workers=2) as agent:
        action = agent.select_action(state, state.current_player)
        assert action in state.legal_actions()
        assert agent.last_iterations == 101  # 51 + 50 across the two workers
        again = agent.select_action(state, state.current_player)
        assert again in state.legal_actions()
    assert agent._pool is None  # the workers stopped with the context
