"""Every game as a PettingZoo AEC environment: PettingZoo's own API and seed tests at every
player count, and what a researcher relies on beyond them (seeds that name the game, masks
that are the legal actions, rewards at the end, refusals that change nothing)."""

from __future__ import annotations

import random
from functools import partial

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import ziggurat
from ziggurat.interop.pettingzoo import env, raw_env
from ziggurat.interop.rewards import final_rewards

from .cases import CASES, IDS


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_pettingzoo_api_and_seed_tests_pass(name: str, players: int) -> None:
    api_test(env(name, players=players), num_cycles=300)
    seed_test(partial(env, name, players=players), num_cycles=100)


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_a_whole_game_pays_the_rewards_of_its_result(name: str, players: int) -> None:
    aec = env(name, players=players, reward="margin")
    aec.reset(seed=11)
    twin = ziggurat.load_game(name, players=players).new_initial_state(11)
    rng = random.Random(3)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _ = aec.last()
        totals[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        seat = aec.possible_agents.index(agent)
        assert seat == twin.current_player  # agent_selection is the seat to decide
        assert (observation["observation"] == twin.observation_tensor(seat)).all()
        legal = sorted(a.id for a in twin.legal_actions())
        assert observation["action_mask"].nonzero()[0].tolist() == legal
        # the others' masks are empty: only the agent to move may act
        other = aec.possible_agents[(seat + 1) % players]
        assert not aec.observe(other)["action_mask"].any()
        number = rng.choice(legal)
        aec.step(number)
        twin.apply_action(twin.game.int_to_action(twin, number))
    assert twin.is_terminal()
    paid = final_rewards(twin, "margin")
    assert [totals[a] for a in aec.possible_agents] == pytest.approx(paid)
    assert sum(paid) == pytest.approx(0.0)


def test_a_seed_names_the_game_and_an_unseeded_reset_continues_its_sequence() -> None:
    first, second = env("babylonia", players=2), env("babylonia", players=2)
    first.reset(seed=5)
    game = ziggurat.load_game("babylonia", players=2)
    expected = game.new_initial_state(5).observation_tensor(0)
    assert (first.observe("player_0")["observation"] == expected).all()
    second.reset(seed=5)
    first.reset()
    second.reset()
    assert first.unwrapped.state.to_json() == second.unwrapped.state.to_json()
    assert first.unwrapped.state.to_json() != game.new_initial_state(5).to_json()


def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing() -> None:
    aec = env("amyitis", players=2)
    aec.reset(seed=2)
    state = aec.unwrapped.state
    before = state.to_json()
    mask = aec.observe(aec.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ziggurat.IllegalAction, match=str(state.game.int_to_action(state, illegal))):
        aec.step(illegal)
    assert state.to_json() == before
    assert not any(aec.unwrapped.terminations.values())


def test_illegal_lose_ends_the_game_with_a_penalty_for_the_offender() -> None:
    aec = env("amyitis", players=2, illegal="lose")
    aec.reset(seed=2)
    offender = aec.agent_selection
    mask = aec.observe(offender)["action_mask"]
    aec.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(aec.terminations.values())
    assert aec.rewards[offender] == -1


def test_render_is_the_terminal_drawing_as_a_spectator_sees_it() -> None:
    from ziggurat.games.tower_of_babel.render import state_text

    aec = env("tower_of_babel", players=3, render_mode="ansi")
    aec.reset(seed=4)
    drawn = aec.render()
    assert drawn == state_text(aec.unwrapped.state)
    silent = env("tower_of_babel", players=3)
    silent.reset(seed=4)
    assert silent.render() is None


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"render_mode": "human"}, "the one mode is ansi"),
        ({"illegal": "skip"}, "write raise or lose"),
        ({"reward": "points"}, "the modes are: win, margin"),
        ({"players": 7}, "players"),
    ],
)
def test_bad_settings_are_refused_by_name(settings: dict, message: str) -> None:
    with pytest.raises(ziggurat.InvalidOptions, match=message):
        env("babylonia", **settings)


def test_spaces_are_the_layout_and_the_action_numbers() -> None:
    aec = raw_env("ishtar", players=3)
    game = aec.game
    space = aec.observation_space("player_1")
    assert space["observation"].shape == game.observation_shape
    assert space["action_mask"].shape == (game.num_distinct_actions,)
    assert aec.action_space("player_2").n == game.num_distinct_actions
    low, high = game.observation_layout.bounds()
    assert (space["observation"].low == low).all() and (space["observation"].high == high).all()
