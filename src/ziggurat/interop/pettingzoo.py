"""Every game as a PettingZoo AEC environment (turn-based multi-agent, the "classic" family).

``env("babylonia", players=3)`` follows PettingZoo's classic games: each observation is a dict
with ``observation`` (the seat's tensor, :mod:`ziggurat.core.observation`) and
``action_mask`` (1 at each legal action's number, only for the agent to move); rewards come
once, at the end (:mod:`ziggurat.interop.rewards`); ``render_mode="ansi"`` returns the
terminal's drawing of the table as a spectator sees it; ``reset(seed=...)`` seeds the game,
and a reset without a seed continues the sequence of games that seed began.

Agents are ``player_0`` … ``player_{n-1}``, seat numbers in order. One agent may act several
times in a row (a turn is several decisions in these games): ``agent_selection`` is always
the seat the game says is to decide.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ziggurat.core.errors import IllegalAction, InvalidOptions
from ziggurat.core.registry import load_game
from ziggurat.interop.rewards import check_reward, final_rewards

ILLEGAL = ("raise", "lose")


def env(
    game: str,
    *,
    reward: str = "win",
    illegal: str = "raise",
    render_mode: str | None = None,
    **options: Any,
) -> AECEnv:
    """The game ``game`` with ``options`` (``players`` among them) as a wrapped AEC
    environment. ``illegal="raise"`` refuses an illegal action with
    :class:`~ziggurat.IllegalAction` naming it (the game unchanged); ``"lose"`` ends the game
    there with PettingZoo's ``TerminateIllegalWrapper`` (-1 to the offender)."""
    if illegal not in ILLEGAL:
        raise InvalidOptions(f"illegal={illegal!r}: write raise or lose")
    wrapped: AECEnv = raw_env(game, reward=reward, render_mode=render_mode, **options)
    if illegal == "lose":
        wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    # no AssertOutOfBoundsWrapper: step refuses a number out of range itself, with the
    # reason, and each wrapper layer costs every attribute read a lookup
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv, EzPickle):
    """The unwrapped environment (PettingZoo's name for it); :func:`env` adds PettingZoo's
    checks around it."""

    def __init__(
        self,
        game: str,
        *,
        reward: str = "win",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        EzPickle.__init__(self, game, reward=reward, render_mode=render_mode, **options)
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise InvalidOptions(f"render_mode={render_mode!r}: the one mode is ansi")
        self.game = load_game(game, **options)
        self.reward_mode = check_reward(reward)
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"ziggurat_{self.game.name}_v0",
            "is_parallelizable": False,
        }
        n = self.game.num_players
        self.possible_agents = [f"player_{seat}" for seat in range(n)]
        self.agents = self.possible_agents[:]
        low, high = self.game.observation_layout.bounds()
        actions = self.game.num_distinct_actions
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._seeds = np.random.default_rng()
        self.state = self.game.new_initial_state(0)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: with ``seed`` the game it names (the same as
        ``game.new_initial_state(seed)``), without one the next of the sequence."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._seeds.integers(1 << 62))
        self.state = self.game.new_initial_state(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        state = self.state
        if agent == self.agent_selection and not state.is_terminal():
            mask = state.legal_action_mask()
        else:
            mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        return {"observation": state.observation_tensor(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        try:
            move = self.game.int_to_action(state, int(action))  # type: ignore[arg-type]
        except (TypeError, ValueError) as wrong:
            raise IllegalAction(f"{agent}: {action!r} is not an action number: {wrong}") from None
        state.apply_action(move)
        self._cumulative_rewards[agent] = 0.0
        if state.is_terminal():
            paid = final_rewards(state, self.reward_mode)
            self.rewards = {a: paid[s] for s, a in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.possible_agents[state.current_player]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as a spectator sees it, as the terminal draws it (``ansi``)."""
        if self.render_mode is None:
            return None
        from ziggurat.terminal import frontend_for

        text: str = frontend_for(self.game.name).state_text(self.state)
        return text

    def close(self) -> None:
        """Nothing to release: the environment holds one game in memory."""
