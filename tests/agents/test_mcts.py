"""ISMCTS: legal choices within its budget, seeded determinism, and no peeking."""

import random
import time

import pytest

import ziggurat
from ziggurat.agents.mcts import MCTSAgent


@pytest.fixture(scope="module")
def midgame():
    game = ziggurat.load_game("babylonia", players=3)
    state = game.new_initial_state(seed=5)
    rng = random.Random(5)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_choice_is_legal_and_the_iteration_budget_is_kept(midgame) -> None:
    agent = MCTSAgent(seed=1, iterations=120)
    seat = midgame.current_player
    action = agent.select_action(midgame, seat)
    assert action in midgame.legal_actions()
    assert agent.last_iterations == 120


def test_the_time_budget_is_kept(midgame) -> None:
    agent = MCTSAgent(seed=1, iterations=None, seconds=0.3)
    start = time.perf_counter()
    agent.select_action(midgame, midgame.current_player)
    assert time.perf_counter() - start < 0.3 + 0.25  # one iteration past the deadline at most
    assert agent.last_iterations > 0


def test_it_decides_only_from_what_its_seat_sees(midgame) -> None:
    seat = midgame.current_player
    other_world = midgame.determinize(seat, random.Random(77))
    assert other_world.to_json() != midgame.to_json()
    a = MCTSAgent(seed=9, iterations=150).select_action(midgame, seat)
    b = MCTSAgent(seed=9, iterations=150).select_action(other_world, seat)
    assert a == b


def test_a_single_legal_action_needs_no_search() -> None:
    from ziggurat.games.babylonia.position import make_position

    game = ziggurat.load_game("babylonia", players=2)
    state = make_position(game, stands={0: "MSPFF"}, turn_player=0)
    for text in ("F1,7", "F3,7"):  # two farmers; only nobles are left, so only "end" remains
        state.apply_action(game.parse_action(state, text))
    assert [str(a) for a in state.legal_actions()] == ["end"]
    agent = MCTSAgent(seed=1, iterations=50)
    assert str(agent.select_action(state, 0)) == "end"
    assert agent.last_iterations == 0


def test_a_budget_is_required() -> None:
    with pytest.raises(ValueError, match="give the search a budget"):
        MCTSAgent(iterations=None, seconds=None)


def test_a_whole_game_against_greedy_finishes() -> None:
    from ziggurat.agents import make_agent

    game = ziggurat.load_game("babylonia", players=2)
    state = game.new_initial_state(seed=3)
    agents = [MCTSAgent(seed=3, iterations=30), make_agent("greedy", 3)]
    while not state.is_terminal():
        seat = state.current_player
        action = agents[seat].select_action(state, seat)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.winners()
