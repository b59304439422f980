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
    hard = make_agent("hard")
    assert (hard.iterations, hard.seconds, hard.workers) == (8000, 8.0, 2)  # root-parallel
    assert make_agent("hard:workers=1").workers == 1
    assert make_agent("hard").policy_opponents is None  # the game's advice
    assert make_agent("hard:policy_opponents=1").policy_opponents is True
    assert make_agent("medium:policy_opponents=0").policy_opponents is False


def test_the_server_thinks_for_hard_in_one_process_within_its_budget() -> None:
    """A bot worker of the server runs one decision at a time: ``hard`` there searches one
    tree, and leaves no process of its own behind."""
    import multiprocessing

    import ziggurat
    from ziggurat.server.bots import choose_action

    state = ziggurat.load_game("babylonia", players=2).new_initial_state(seed=3)
    before = len(multiprocessing.active_children())
    move = choose_action(
        "babylonia", {"players": 2}, state.to_json(), state.current_player, "hard", 5, 0.2
    )
    assert state.game.parse_action(state, move) in state.legal_actions()
    assert len(multiprocessing.active_children()) == before


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("greedy:iterations=3", "unknown agent 'greedy:iterations=3'"),
        ("mcts:depth=3", "'depth=3' is not a setting"),
        ("mcts:iterations=many", "iterations must be a number or none, not 'many'"),
        ("mcts:iterations=none:seconds=none", "give it iterations, seconds, or both"),
        ("mcts:workers=0", "workers must be 1 or more"),
        ("medium:policy_opponents=2", "policy_opponents must be 1 \\(on\\), 0 \\(off\\)"),
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
    assert agent._pools == []  # the workers stopped with the context


def test_root_parallel_workers_reuse_their_subtrees_for_the_rest_of_a_turn() -> None:
    """Each worker process keeps its tree: the next placement of the same turn only tops the
    workers' subtrees up to their shares, as a single search does; another position (a new
    deal) starts from nothing. The choices replay alike from the seed."""
    game = ziggurat.load_game("babylonia", players=2, first_round_limit=False)
    choices = []
    for _ in range(2):
        state = game.new_initial_state(seed=4)
        seat = state.current_player
        with MCTSAgent(seed=2, iterations=200, workers=2) as agent:
            first = agent.select_action(state, seat)
            assert agent.last_iterations == 200
            state.apply_action(first)
            assert state.current_player == seat  # the turn goes on
            second = agent.select_action(state, seat)
            assert 0 < agent.last_iterations < 200  # the kept visits counted
            other = game.new_initial_state(seed=5)
            agent.select_action(other, other.current_player)
            assert agent.last_iterations == 200
        choices.append((first, second))
    assert choices[0] == choices[1]
