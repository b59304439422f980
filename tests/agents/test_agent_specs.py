"""Agent specs (``medium:workers=2``) and root-parallel search."""

import random

import pytest

import ziggurat
from ziggurat.agents import make_agent
from ziggurat.agents.base import MCTS_STRENGTHS
from ziggurat.agents.mcts import MCTSAgent
from ziggurat.core.errors import InvalidOptions
from ziggurat.core.registry import game_class, heuristics_for


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


def tuned_by(game: str, spec: str) -> MCTSAgent:
    """The agent of ``spec`` after one short search of ``game``: the game has tuned it."""
    agent = make_agent(f"{spec}:seconds=0.01", 3)
    assert isinstance(agent, MCTSAgent)
    players = min(game_class(game).player_counts)
    state = ziggurat.load_game(game, players=players).new_initial_state(seed=2)
    agent.search(state, state.current_player)
    return agent


def test_a_game_tunes_a_named_strength_and_a_spec_keeps_what_it_sets(monkeypatch) -> None:
    """Amyitis gives ``hard`` rollouts of 16 (its heuristics' ``STRENGTHS``); Babylonia keeps
    the strength's own; ``medium`` is untouched; what a spec writes itself wins; a bare
    ``mcts`` spec is never tuned. Tower of Babel, given a tuning of ``hard``'s iterations
    here, searches that many."""
    monkeypatch.setattr(
        heuristics_for("tower_of_babel"), "strengths", {"hard": {"iterations": 9000}}
    )
    hard_amyitis = tuned_by("amyitis", "hard:workers=1")
    assert (hard_amyitis.iterations, hard_amyitis.rollout_depth) == (8000, 16)
    hard_babylonia = tuned_by("babylonia", "hard:workers=1")
    assert (hard_babylonia.iterations, hard_babylonia.rollout_depth) == (8000, None)
    hard_tower = tuned_by("tower_of_babel", "hard:workers=1")
    assert (hard_tower.iterations, hard_tower.rollout_depth) == (9000, None)
    assert tuned_by("amyitis", "medium").rollout_depth is None
    assert tuned_by("tower_of_babel", "hard:workers=1:iterations=500").iterations == 500
    assert tuned_by("amyitis", "hard:workers=1:rollout_depth=4").rollout_depth == 4
    assert tuned_by("amyitis", "mcts:iterations=8000").rollout_depth is None


def test_tower_of_babels_hard_rolls_out_twice_the_games_depth_at_each_count() -> None:
    """Tower of Babel tunes ``hard``'s rollout depth by player count: twice the depth its
    heuristics give every search at that count, its iterations the strength's own."""
    hard = tuned_by("tower_of_babel", "hard:workers=1")
    assert hard.iterations == 8000
    assert hard.rollout_depth == {3: 16, 4: 16, 5: 12}
    heuristics = heuristics_for("tower_of_babel")
    assert hard.rollout_depth == {n: 2 * heuristics.depth_for(n) for n in (3, 4, 5)}
    assert tuned_by("tower_of_babel", "medium").rollout_depth is None
    assert tuned_by("tower_of_babel", "hard:workers=1:rollout_depth=8").rollout_depth == 8


def test_an_agent_moved_to_another_game_takes_that_games_tuning(monkeypatch) -> None:
    monkeypatch.setattr(
        heuristics_for("tower_of_babel"), "strengths", {"hard": {"iterations": 9000}}
    )
    agent = make_agent("hard:workers=1:seconds=0.01", 3)
    for game, players, iterations, depth in (
        ("tower_of_babel", 3, 9000, None),
        ("amyitis", 2, 8000, 16),
        ("babylonia", 2, 8000, None),
        ("tower_of_babel", 3, 9000, None),
    ):
        state = ziggurat.load_game(game, players=players).new_initial_state(seed=1)
        agent.select_action(state, state.current_player)
        assert (agent.iterations, agent.rollout_depth) == (iterations, depth), game


def test_a_game_may_tune_only_the_search_settings_it_owns() -> None:
    from ziggurat.core.heuristics import TUNABLE_SETTINGS, Heuristics

    assert Heuristics(strengths={"hard": {"iterations": 9000}}).strengths == {
        "hard": {"iterations": 9000}
    }
    for setting in ("seconds", "workers", "depth"):
        with pytest.raises(ValueError, match=f"{setting} cannot be tuned per game") as refused:
            Heuristics(strengths={"hard": {setting: 1}})
        assert ", ".join(TUNABLE_SETTINGS) in str(refused.value)


def test_every_games_tuning_names_known_strengths_and_settings() -> None:
    """A game tunes only known strengths and settings, and a depth it tunes by player count
    has one for every count the game is played at (and no other): no table finds its
    strength without a depth."""
    from ziggurat.core.heuristics import TUNABLE_SETTINGS
    from ziggurat.core.registry import game_names, heuristics_for

    for name in game_names():
        for strength, settings in heuristics_for(name).strengths.items():
            assert strength in MCTS_STRENGTHS, (name, strength)
            assert set(settings) <= set(TUNABLE_SETTINGS), (name, strength)
            depth = settings.get("rollout_depth")
            if depth is not None and not isinstance(depth, int):
                assert set(depth) == set(game_class(name).player_counts), (name, strength)


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
