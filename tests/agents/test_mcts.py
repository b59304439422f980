"""ISMCTS: legal choices within its budget, seeded determinism, and no peeking."""

import random
import time
from unittest import mock

import pytest

import ziggurat
from ziggurat.agents.mcts import MCTSAgent, _worker_search


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


def test_a_deadline_already_past_stops_the_search_after_one_iteration(midgame) -> None:
    """The decision's deadline, set before the search is set up, binds the search and the
    root-parallel workers alike: a search that starts late does one iteration, no more."""
    agent = MCTSAgent(seed=1, iterations=None, seconds=60.0)
    agent.search(midgame, midgame.current_player, deadline=time.monotonic() - 1.0)
    assert agent.last_iterations == 1
    stats, done = _worker_search(
        midgame, midgame.current_player, 3, None, {"seconds": 60.0}, time.monotonic() - 1.0
    )
    assert done == 1 and sum(visits for visits, _ in stats.values()) == 1


def test_it_decides_only_from_what_its_seat_sees(midgame) -> None:
    seat = midgame.current_player
    other_world = midgame.determinize(seat, random.Random(77))
    assert other_world.to_json() != midgame.to_json()
    a = MCTSAgent(seed=9, iterations=150).select_action(midgame, seat)
    b = MCTSAgent(seed=9, iterations=150).select_action(other_world, seat)
    assert a == b


def test_a_forced_move_is_searched_only_where_the_table_cannot_see_it_is_forced() -> None:
    from ziggurat.games.babylonia.game import BabyloniaGame
    from ziggurat.games.babylonia.position import make_position

    game = ziggurat.load_game("babylonia", players=2)
    state = make_position(game, stands={0: "MSPFF"}, turn_player=0)
    for text in ("F1,7", "F3,7"):  # two farmers; only nobles are left, so only "end" remains
        state.apply_action(game.parse_action(state, text))
    assert [str(a) for a in state.legal_actions()] == ["end"]
    # the others cannot see the stand: an instant "end" would tell them it holds no farmer
    agent = MCTSAgent(seed=1, iterations=50)
    assert str(agent.select_action(state, 0)) == "end"
    assert agent.last_iterations == 50
    # a move the whole table can see is forced needs no search
    with mock.patch.object(BabyloniaGame, "options_are_secret", staticmethod(lambda s: False)):
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


def turn_start(players: int = 2, seed: int = 4):
    """A position where the player to move has a whole turn (several placements) ahead."""
    game = ziggurat.load_game("babylonia", players=players, first_round_limit=False)
    return game.new_initial_state(seed=seed)


def test_the_rest_of_a_turn_reuses_the_subtree_and_tops_it_up() -> None:
    state = turn_start()
    seat = state.current_player
    agent = MCTSAgent(seed=2, iterations=200)
    first = agent.select_action(state, seat)
    assert agent.last_iterations == 200
    kept_visits = agent._kept[0].visits
    assert 0 < kept_visits < 200
    state.apply_action(first)
    assert state.current_player == seat  # the turn goes on
    agent.select_action(state, seat)
    assert agent.last_iterations == 200 - kept_visits  # only the top-up


def test_a_kept_subtree_is_not_used_for_another_position() -> None:
    state = turn_start()
    seat = state.current_player
    agent = MCTSAgent(seed=2, iterations=120)
    agent.select_action(state, seat)
    other = turn_start(seed=5)  # another deal: the kept view does not match
    agent.select_action(other, other.current_player)
    assert agent.last_iterations == 120


def test_reuse_still_decides_only_from_what_its_seat_sees() -> None:
    state = turn_start(players=3)
    seat = state.current_player
    other_world = state.determinize(seat, random.Random(12))
    assert other_world.to_json() != state.to_json()
    choices = []
    for world in (state.clone(), other_world):
        agent = MCTSAgent(seed=6, iterations=100)
        picked = []
        while world.current_player == seat and len(picked) < 3:
            action = agent.select_action(world, seat)
            picked.append(str(action))
            world.apply_action(action)
        choices.append(picked)
    assert choices[0] == choices[1]


def _walk(node):
    for child in node.children.values():
        yield node, child
        yield from _walk(child)


@pytest.mark.parametrize("policy_opponents", [True, False])
def test_policy_opponents_play_the_rollout_policy_in_the_tree(midgame, policy_opponents) -> None:
    """With no rollout moves (``rollout_depth=0``), the rollout policy is asked only where
    the tree lets it play the other seats: every node of another seat is a move it chose
    there, while the searching seat's own choices still branch by their statistics."""
    from ziggurat.core.registry import heuristics_for

    seat = midgame.current_player
    heuristics = heuristics_for("babylonia")
    played: set[int] = set()
    movers: set[int] = set()
    policy = heuristics.rollout_action

    def recording(world, rng):
        action = policy(world, rng)
        movers.add(world.current_player)
        played.add(action.id)
        return action

    agent = MCTSAgent(seed=4, iterations=300, rollout_depth=0, policy_opponents=policy_opponents)
    with mock.patch.object(heuristics, "rollout_action", recording):
        root = agent.search(midgame, seat)
    assert heuristics.rollout_action == policy
    others = [child for _, child in _walk(root) if child.seat != seat]
    assert others  # the tree reaches the other seats' turns
    if policy_opponents:
        assert movers and seat not in movers
        assert {child.action.id for child in others} <= played
    else:
        assert not played  # the other seats choose by their statistics
    assert len(root.children) > 1


def test_a_rollout_depth_by_player_count_is_the_one_of_the_tables_count(midgame) -> None:
    """A depth given by player count (as Tower of Babel's ``hard`` has it) rolls out as many
    moves as this table's count is given, whatever the other counts say: none at all here,
    so the rollout policy is never asked while the other seats choose by their statistics;
    three moves, and it plays them."""
    from ziggurat.core.registry import heuristics_for

    seat = midgame.current_player
    players = len(midgame.scores())
    heuristics = heuristics_for("babylonia")
    policy = heuristics.rollout_action
    asked: list[int] = []

    def recording(world, rng):
        asked.append(world.current_player)
        return policy(world, rng)

    with mock.patch.object(heuristics, "rollout_action", recording):
        for depth, rolls in (({players: 0, players + 1: 50}, False), ({players: 3}, True)):
            asked.clear()
            agent = MCTSAgent(seed=4, iterations=200, rollout_depth=depth, policy_opponents=False)
            agent.search(midgame, seat)
            assert bool(asked) is rolls, depth
    with pytest.raises(
        ValueError, match=f"no rollout depth for {players} players: it is given for {players + 1}$"
    ):
        MCTSAgent(seed=4, iterations=20, rollout_depth={players + 1: 5}).search(midgame, seat)


def test_a_root_parallel_worker_takes_a_depth_by_player_count(midgame) -> None:
    """A worker of a root-parallel search (``hard``) receives the tuned depth as it is given,
    by player count, and searches exactly as with that count's number."""
    seat = midgame.current_player
    players = len(midgame.scores())
    by_count = _worker_search(midgame, seat, 3, 150, {"rollout_depth": {players: 2, 9: 40}})
    as_number = _worker_search(midgame, seat, 3, 150, {"rollout_depth": 2})
    deeper = _worker_search(midgame, seat, 3, 150, {"rollout_depth": 40})
    assert by_count == as_number
    assert by_count != deeper
