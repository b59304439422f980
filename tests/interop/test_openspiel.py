"""Every game as an OpenSpiel Python game: OpenSpiel's random simulation test at every player
count, OpenSpiel's own ISMCTS bot playing whole games through it, and the promises of the
wrapper (parameters, seeds, resampling within the information set, clones)."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import ziggurat
from ziggurat.interop.openspiel import MAX_GAME_LENGTH, load, short_name

from .cases import CASES, IDS, SMALLEST


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_openspiel_random_simulation_test_passes(name: str, players: int) -> None:
    game = pyspiel.load_game(short_name(name), {"players": players, "seed": 1})
    assert game.num_players() == players
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    zgame = ziggurat.load_game(name, players=players)
    assert game.num_distinct_actions() == zgame.num_distinct_actions
    assert game.observation_tensor_size() == zgame.observation_layout.size
    assert game.information_state_tensor_size() == zgame.observation_layout.size
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize(("name", "players"), SMALLEST, ids=[n for n, _ in SMALLEST])
def test_openspiels_ismcts_bot_plays_whole_games(name: str, players: int) -> None:
    game = load(name, players=players, seed=3)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game, evaluator, 1.5, max_simulations=4, random_state=np.random.RandomState(2)
    )
    # The bot's own resampling draws from an unseeded sampler; a seeded one makes every run
    # of this test play the same game.
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)
    bot.set_resampler(lambda world, player: world.resample_from_infostate(player, sampler))
    state = game.new_initial_state()
    others = np.random.RandomState(4)
    decisions = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = others.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert 0 < decisions < MAX_GAME_LENGTH
    returns = state.returns()
    assert sum(returns) == pytest.approx(0.0)
    assert max(returns) == pytest.approx(1.0) or returns == pytest.approx([0.0] * players)


def test_resampling_keeps_what_the_seat_sees_and_draws_the_rest() -> None:
    game = load("tower_of_babel", players=3, seed=8)
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    for _ in range(20):
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(seat, sampler) for _ in range(6)]
    for world in worlds:
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert world.legal_actions() == state.legal_actions()
    # the other seats' hands are drawn afresh: not every world holds the true ones
    other = (seat + 1) % 3
    assert any(
        w.information_state_string(other) != state.information_state_string(other) for w in worlds
    )


def test_parameters_are_the_games_options_and_a_seed_names_the_games() -> None:
    first = load("babylonia", players=2, seed=21, ziggurat_cards="advanced", start_player=1)
    zstate = first.new_initial_state().zstate
    assert zstate.game.options["ziggurat_cards"] == "advanced"
    assert zstate.current_player == 1
    again = load("babylonia", players=2, seed=21, ziggurat_cards="advanced", start_player=1)
    assert again.new_initial_state().zstate.to_json() == zstate.to_json()
    unset = load("babylonia", players=2, seed=21)
    assert unset.new_initial_state().zstate.game.options["start_player"] is None


def test_a_clone_is_independent_and_keeps_the_history() -> None:
    game = load("amyitis", players=2, seed=5)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    copy = state.clone()
    assert copy.history() == state.history()
    assert str(copy) == str(state)
    copy.apply_action(copy.legal_actions()[0])
    assert len(state.history()) == 1
    assert copy.zstate is not state.zstate


def test_returns_margin_are_the_points_against_the_others() -> None:
    game = load("amyitis", players=3, seed=6, reward="margin")
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    while not state.is_terminal():
        assert state.returns() == [0.0, 0.0, 0.0]
        state.apply_action(rng.choice(state.legal_actions()))
    points = state.zstate.scores()
    assert state.returns() == pytest.approx([p - (sum(points) - p) / 2 for p in points])


def test_action_strings_are_ziggurat_notation() -> None:
    game = load("ishtar", players=2, seed=1)
    state = game.new_initial_state()
    action = state.legal_actions()[0]
    zgame = state.zstate.game
    assert state.action_to_string(state.current_player(), action) == str(
        zgame.int_to_action(None, action)
    )


def test_a_bad_parameter_is_refused() -> None:
    with pytest.raises(ziggurat.InvalidOptions, match="the modes are: win, margin"):
        load("babylonia", players=2, reward="points")
    with pytest.raises(ziggurat.InvalidOptions, match="players"):
        load("babylonia", players=6)
