"""Every game as a Gymnasium environment for one learner against ziggurat's agents:
Gymnasium's own environment checker at every player count, and the learner's promises
(seeded episodes, masks, opponents that really play, rewards, refusals)."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import ziggurat
from ziggurat.interop.gymnasium import make
from ziggurat.interop.rewards import final_rewards

from .cases import CASES, IDS


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_gymnasium_env_checker_passes(name: str, players: int) -> None:
    env = gymnasium.make(
        f"ziggurat/{name}-v0", opponents=["random"] * (players - 1), render_mode="ansi"
    )
    check_env(env.unwrapped)
    assert env.unwrapped.game.num_players == players


@pytest.mark.parametrize("name", ["babylonia", "amyitis"])
def test_an_episode_against_greedy_ends_with_the_learners_result(name: str) -> None:
    env = make(name, opponents=["greedy"], illegal="raise")
    observation, info = env.reset(seed=9)
    rng = np.random.default_rng(0)
    total, steps, terminated = 0.0, 0, False
    while not terminated:
        state = env.state
        assert state.current_player == env.seat  # the opponents played inside step
        assert (observation == state.observation_tensor(env.seat)).all()
        mask = env.action_masks()
        assert (mask == info["action_mask"].astype(bool)).all()
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(a.id for a in state.legal_actions())
        observation, reward, terminated, truncated, info = env.step(
            rng.choice(np.flatnonzero(mask))
        )
        assert not truncated
        total += reward
        steps += 1
    assert env.state.is_terminal()
    assert total == final_rewards(env.state, "win")[env.seat]
    assert not env.action_masks().any()
    with pytest.raises(ziggurat.IllegalAction, match="call reset"):
        env.step(0)


def test_a_seed_replays_the_episode_and_the_random_seat_is_drawn_from_it() -> None:
    def episode(seed: int) -> tuple[int, list[float]]:
        env = make("tower_of_babel", opponents=["greedy", "random"], seat="random")
        env.reset(seed=seed)
        rng = np.random.default_rng(1)
        terminated = False
        while not terminated:
            _, _, terminated, _, _ = env.step(rng.choice(np.flatnonzero(env.action_masks())))
        return env.seat, env.state.scores()

    assert episode(4) == episode(4)
    assert {episode(seed)[0] for seed in range(8)} == {0, 1, 2}


def test_an_illegal_action_loses_or_is_refused_as_asked() -> None:
    losing = make("babylonia", opponents=["random"])
    losing.reset(seed=1)
    illegal = int(np.flatnonzero(~losing.action_masks())[0])
    before = losing.state.to_json()
    _, reward, terminated, _, info = losing.step(illegal)
    assert (reward, terminated) == (-1.0, True)
    assert str(losing.game.int_to_action(None, illegal)) in info["illegal_action"]
    assert losing.state.to_json() == before
    strict = make("babylonia", opponents=["random"], illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(ziggurat.IllegalAction):
        strict.step(illegal)
    with pytest.raises(ziggurat.IllegalAction, match="not an action number"):
        strict.step(10**9)
    assert strict.state.to_json() == before


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"opponents": ["greedy", "random"], "players": 2}, "2 players need 1 opponents"),
        ({"opponents": ["grandmaster"]}, "unknown agent"),
        ({"opponents": "greedy"}, "a list of agent specs"),
        ({"opponents": ["random"], "seat": 2}, "seat must be 0..1"),
        ({"opponents": ["random"], "illegal": "skip"}, "write lose or raise"),
        ({"opponents": ["random"], "reward": "points"}, "the modes are"),
        ({"opponents": ["random"], "render_mode": "human"}, "the one mode is ansi"),
    ],
)
def test_bad_settings_are_refused_by_name(kwargs: dict, message: str) -> None:
    with pytest.raises(ziggurat.InvalidOptions, match=message):
        make("babylonia", **kwargs)


def test_render_shows_the_learners_seat_as_the_terminal_draws_it() -> None:
    from ziggurat.games.babylonia.render import view_text

    env = make("babylonia", opponents=["random"], render_mode="ansi", seat=1)
    env.reset(seed=3)
    assert env.render() == view_text(env.state.view(1))
