"""Agents by name, and the Babylonia bots' judgement: greedy beats random and ranks the
points first. What every game's bots must do (legal choices, seeded determinism, no peeking at
hidden information) is in test_every_game.py."""

import pytest

import ziggurat
from ziggurat.agents import GreedyAgent, MCTSAgent, RandomAgent, make_agent


def play(game, agents, seed):
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        seat = state.current_player
        action = agents[seat].select_action(state, seat)
        assert action in state.legal_actions()
        state.apply_action(action)
    return state


def test_make_agent_names() -> None:
    assert isinstance(make_agent("random"), RandomAgent)
    assert isinstance(make_agent("greedy"), GreedyAgent)
    strong = make_agent("medium", 3)
    assert isinstance(strong, MCTSAgent)
    assert (strong.iterations, strong.seconds) == (1000, 2.0)
    with pytest.raises(ziggurat.InvalidOptions, match="unknown agent 'oracle'; the agents are"):
        make_agent("oracle")


def test_greedy_takes_the_points() -> None:
    """Greedy wins clearly against random: at least 18 of 20 two-player games."""
    game = ziggurat.load_game("babylonia", players=2)
    wins = 0
    for seed in range(20):
        greedy_seat = seed % 2
        agents = [make_agent("random", seed), make_agent("random", seed)]
        agents[greedy_seat] = make_agent("greedy", seed)
        final = play(game, agents, seed)
        wins += final.winners() == [greedy_seat]
    assert wins >= 18


def test_greedy_ranks_card_one_first_when_points_decide() -> None:
    from ziggurat.games.babylonia.position import make_position

    game = ziggurat.load_game("babylonia", players=2)
    # Seat 0 fills the last free land hexes around the ziggurat at (3,1) and wins it.
    zig_ring = game.board.layout.neighbours((3, 1))
    land = [c for c in zig_ring if game.board.hexes[c].terrain == "land"]
    tokens = [(c, 0, "farmer") for c in land[2:]]
    state = make_position(
        game, tokens=tokens, stands={0: "FFMSP", 1: "FFMSP"}, turn_player=0, tiles={}
    )
    for coord in land[:2]:
        state.apply_action(game.parse_action(state, f"F{coord[0]},{coord[1]}"))
    state.apply_action(game.parse_action(state, "end"))  # a third farmer could follow
    assert state.current_player == 0 and [str(a) for a in state.legal_actions()][:1] == ["card 1"]
    assert str(GreedyAgent(1).select_action(state, 0)) == "card 1"
