"""Every game as a Gymnasium environment: one learner against ziggurat's own agents.

``make("babylonia", opponents=["greedy"])`` gives a two-player Babylonia where the learner
plays seat 0 and ``greedy`` the other seat (``seat="random"`` draws the learner's seat each
episode). An observation is the learner's tensor (:mod:`ziggurat.core.observation`); an
action is an action number (``game.action_to_int``); ``action_masks()`` gives the legal ones
for masked-policy libraries (sb3-contrib's ``MaskablePPO`` reads it), and every ``info``
holds the same mask as ``action_mask``. The reward comes at the end
(:mod:`ziggurat.interop.rewards`). The opponents play inside ``step``, so each step is one
decision of the learner.

An illegal action is refused with :class:`~ziggurat.IllegalAction` (``illegal="raise"``,
nothing changes), or ends the episode as a loss (``illegal="lose"``, the default, as most
training loops expect; ``info["illegal_action"]`` says why).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

from ziggurat.agents.base import Agent, make_agent
from ziggurat.core.api import State
from ziggurat.core.errors import IllegalAction, InvalidOptions
from ziggurat.core.registry import game_names, load_game
from ziggurat.interop.rewards import check_reward, final_rewards, reward_bounds

ILLEGAL = ("lose", "raise")


class ZigguratEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One learner's seat at a table of ziggurat agents."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        game: str,
        opponents: Sequence[str] = ("random",),
        *,
        seat: int | str = 0,
        reward: str = "win",
        illegal: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if isinstance(opponents, str):
            raise InvalidOptions(f"opponents is a list of agent specs, not the text {opponents!r}")
        players = options.setdefault("players", len(opponents) + 1)
        if players != len(opponents) + 1:
            raise InvalidOptions(
                f"{players} players need {players - 1} opponents, not {len(opponents)}"
            )
        self.game = load_game(game, **options)
        for spec in opponents:
            make_agent(spec)  # a bad spec is refused now, naming the agents there are
        self.opponent_specs = list(opponents)
        if not (seat == "random" or (isinstance(seat, int) and 0 <= seat < players)):
            raise InvalidOptions(f"seat must be 0..{players - 1} or 'random', not {seat!r}")
        if illegal not in ILLEGAL:
            raise InvalidOptions(f"illegal={illegal!r}: write lose or raise")
        if render_mode not in (None, "ansi"):
            raise InvalidOptions(f"render_mode={render_mode!r}: the one mode is ansi")
        self.seat_choice = seat
        self.reward_mode = check_reward(reward)
        self.illegal = illegal
        self.render_mode = render_mode
        low, high = self.game.observation_layout.bounds()
        self.observation_space = spaces.Box(low=low, high=high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.reward_range = reward_bounds(self.reward_mode, players)
        self.seat = 0 if seat == "random" else int(seat)
        self.state: State = self.game.new_initial_state(0)
        self.agents: dict[int, Agent] = {}

    # ------------------------------------------------------------------ Gymnasium's API

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game: its seed, the learner's seat (when drawn) and the opponents' seeds
        all come from ``self.np_random``, which ``seed`` seeds."""
        super().reset(seed=seed)
        rng = self.np_random
        self.state = self.game.new_initial_state(int(rng.integers(1 << 62)))
        n = self.game.num_players
        if self.seat_choice == "random":
            self.seat = int(rng.integers(n))
        others = [s for s in range(n) if s != self.seat]
        self.agents = {
            s: make_agent(spec, seed=int(rng.integers(1 << 62)))
            for s, spec in zip(others, self.opponent_specs, strict=True)
        }
        self._play_opponents()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self.state
        if state.is_terminal():
            raise IllegalAction("the game is over: call reset() for a new one")
        try:
            number = int(action)
            move = self.game.int_to_action(state, number)
            problem = state.why_illegal(move)
        except (TypeError, ValueError) as wrong:
            problem = f"{action!r} is not an action number of this game: {wrong}"
        if problem is not None:
            if self.illegal == "raise":
                raise IllegalAction(problem)
            low = self.reward_range[0]
            info = {**self._info(), "illegal_action": problem}
            return self._observe(), float(low), True, False, info
        state.apply_action(move)
        self._play_opponents()
        reward = 0.0
        if state.is_terminal():
            reward = float(final_rewards(state, self.reward_mode)[self.seat])
        return self._observe(), reward, state.is_terminal(), False, self._info()

    def action_masks(self) -> np.ndarray:
        """True at each legal action's number (all False once the game is over)."""
        return self.state.legal_action_mask().astype(bool)

    def render(self) -> str | None:
        """The table as the learner's seat sees it, as the terminal draws it (``ansi``)."""
        if self.render_mode is None:
            return None
        from ziggurat.terminal import frontend_for

        text: str = frontend_for(self.game.name).view_text(self.state.view(self.seat))
        return text

    # ------------------------------------------------------------------ helpers

    def _play_opponents(self) -> None:
        state = self.state
        while not state.is_terminal() and state.current_player != self.seat:
            seat = state.current_player
            state.apply_action(self.agents[seat].select_action(state, seat))

    def _observe(self) -> np.ndarray:
        return self.state.observation_tensor(self.seat)

    def _info(self) -> dict[str, Any]:
        return {
            "action_mask": self.state.legal_action_mask(),
            "seat": self.seat,
            "scores": self.state.shown_scores(self.seat),
        }


def make(
    game: str,
    opponents: Sequence[str] = ("random",),
    **kwargs: Any,
) -> ZigguratEnv:
    """The learner's environment for ``game`` against ``opponents`` (agent specs, as
    ``ziggurat arena`` takes them: ``random``, ``greedy``, ``easy``, ``mcts:iterations=200``),
    with the game's options and the environment's settings as keywords."""
    return ZigguratEnv(game, opponents, **kwargs)


def register_all() -> None:
    """Register ``ziggurat/<game>-v0`` with Gymnasium for every game, so that
    ``gymnasium.make("ziggurat/babylonia-v0", opponents=["greedy"])`` works too."""
    for name in game_names():
        env_id = f"ziggurat/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point=f"{__name__}:ZigguratEnv",
                kwargs={"game": name},
                disable_env_checker=True,
            )


register_all()
