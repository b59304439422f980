"""Every game as an OpenSpiel Python game: importing this module registers them.

``pyspiel.load_game("python_ziggurat_babylonia(players=3)")`` then gives Babylonia to any
OpenSpiel algorithm. What OpenSpiel is told, and why:

* **Chance is sampled** (``SAMPLED_STOCHASTIC``): draws, shuffles and tile stacks come from
  the game's own seeded generator inside ``apply_action``, as in ziggurat's engines; there
  are no chance nodes. Each new state takes its seed from the game's generator, seeded by
  the ``seed`` parameter (-1: from the operating system).
* **Imperfect information**, sequential: hands, stands, face-down tokens and secret offers
  are hidden. ``observation_tensor`` and ``information_state_tensor`` are the seat's tensor
  of :mod:`ziggurat.core.observation` (each section a named tensor); the strings are the
  seat's view as canonical JSON. Both describe the seat's present view, not its whole
  history (the board and the public record hold what these games let a seat remember), so
  two histories that look the same now share an information state.
* ``resample_from_infostate(player, sampler)`` is ``determinize``: a world the seat cannot
  tell from this one, its hidden parts drawn from a generator seeded by the sampler.
* Returns come at the end, zero-sum, as :mod:`ziggurat.interop.rewards` defines (parameter
  ``reward``: ``win`` or ``margin``).
* The game's options are parameters under their own names. An option that may be unset
  (Babylonia's ``start_player``) is -1 (a number) or "" (text) for unset, since OpenSpiel
  parameters cannot be null.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from ziggurat.core.api import State
from ziggurat.core.errors import InvalidOptions
from ziggurat.core.registry import game_class, game_names, load_game
from ziggurat.interop.rewards import check_reward, final_rewards, reward_bounds

PREFIX = "python_ziggurat_"

MAX_GAME_LENGTH = 10_000
"""An upper bound on the decisions of one game, for OpenSpiel's ``max_game_length``: the
longest of thousands of random games is far shorter in every game (Amyitis at four players,
the longest, stays under 1,000)."""


def short_name(game: str) -> str:
    """The OpenSpiel name of the ziggurat game ``game``."""
    return PREFIX + game


def _unset(kind: type) -> Any:
    return "" if kind is str else -1


def _parameter_specification(name: str) -> dict[str, Any]:
    cls = game_class(name)
    spec: dict[str, Any] = {}
    for option in cls.options_declared:
        spec[option.name] = _unset(option.kind) if option.default is None else option.default
    spec["reward"] = "win"
    spec["seed"] = -1
    return spec


def _ziggurat_options(name: str, params: dict[str, Any]) -> dict[str, Any]:
    """The game's options from OpenSpiel's parameters (unset options given back as None)."""
    options: dict[str, Any] = {}
    for option in game_class(name).options_declared:
        value = params[option.name]
        if option.nullable and value == _unset(option.kind):
            value = None
        options[option.name] = value
    return options


def _game_type(name: str) -> pyspiel.GameType:
    cls = game_class(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"ziggurat {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(cls.player_counts),
        min_num_players=min(cls.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameter_specification(name),
    )


class ZigguratSpielGame(pyspiel.Game):
    """One ziggurat game with its options, as OpenSpiel sees it."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        full = {**_parameter_specification(name), **(params or {})}
        self.zgame = load_game(name, **_ziggurat_options(name, full))
        self.reward_mode = check_reward(full["reward"])
        low, high = reward_bounds(self.reward_mode, self.zgame.num_players)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.zgame.num_distinct_actions,
            max_chance_outcomes=0,
            num_players=self.zgame.num_players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(name), info, full)
        seed = full["seed"]
        self._seeds = random.Random(None if seed == -1 else seed)

    def new_initial_state(self) -> ZigguratSpielState:
        return ZigguratSpielState(self)

    def next_seed(self) -> int:
        """The seed of the next new game, from the game's generator."""
        return self._seeds.randrange(1 << 62)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ZigguratObserver:
        if params:
            raise InvalidOptions(f"the observers take no parameters, not {params}")
        return ZigguratObserver(self.zgame)


class ZigguratSpielState(pyspiel.State):
    """One position. The ziggurat state is made when first needed, so that OpenSpiel's
    ``clone`` (a new initial state whose attributes are then copied over) draws no seed."""

    def __init__(self, game: ZigguratSpielGame) -> None:
        super().__init__(game)
        self._zstate: State | None = None

    @property
    def _owner(self) -> ZigguratSpielGame:
        # asked of OpenSpiel, not kept: its clone deep-copies every attribute a state holds
        game: ZigguratSpielGame = self.get_game()
        return game

    @property
    def zstate(self) -> State:
        """The ziggurat state behind this OpenSpiel state."""
        if self._zstate is None:
            owner = self._owner
            self._zstate = owner.zgame.new_initial_state(owner.next_seed())
        return self._zstate

    def current_player(self) -> int:
        state = self.zstate
        return pyspiel.PlayerId.TERMINAL if state.is_terminal() else state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(action.id for action in self.zstate.legal_actions())

    def _apply_action(self, action: int) -> None:
        state = self.zstate
        state.apply_action(state.game.int_to_action(state, action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._owner.zgame.int_to_action(None, action))

    def is_terminal(self) -> bool:
        return self.zstate.is_terminal()

    def returns(self) -> list[float]:
        state = self.zstate
        if not state.is_terminal():
            return [0.0] * state.game.num_players
        return final_rewards(state, self._owner.reward_mode)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A world ``player_id`` cannot tell from this one (``determinize``), drawn with a
        generator seeded from ``probability_sampler`` (OpenSpiel's uniform sampler)."""
        seed = int(probability_sampler() * (1 << 53))
        world = ZigguratSpielState(self._owner)
        world._zstate = self.zstate.determinize(player_id, random.Random(seed))
        return world

    def __str__(self) -> str:
        return str(self.zstate)


class ZigguratObserver:
    """OpenSpiel's Python observer: the seat's tensor, one named part per layout section,
    and its view as canonical JSON for the strings."""

    def __init__(self, zgame: Any) -> None:
        layout = zgame.observation_layout
        self.tensor = np.zeros(layout.size, dtype=np.float32)
        self.dict = layout.split(self.tensor)

    def set_from(self, state: ZigguratSpielState, player: int) -> None:
        self.tensor[:] = state.zstate.observation_tensor(player)

    def string_from(self, state: ZigguratSpielState, player: int) -> str:
        return json.dumps(state.zstate.view(player), sort_keys=True, separators=(",", ":"))


def register_all() -> None:
    """Register every ziggurat game with OpenSpiel (once; importing this module does it).
    Each is registered as a class of its own, as OpenSpiel's Python games are: a class,
    unlike a function, is still safe to release when the interpreter shuts down."""
    registered = set(pyspiel.registered_names())
    for name in game_names():
        if short_name(name) in registered:
            continue
        cls = type(
            f"Ziggurat{game_class(name).__name__}",
            (ZigguratSpielGame,),
            {"__init__": _init_for(name), "__module__": __name__},
        )
        GAME_CLASSES[name] = cls
        pyspiel.register_game(_game_type(name), cls)


GAME_CLASSES: dict[str, type[ZigguratSpielGame]] = {}
"""The OpenSpiel game class of each ziggurat game, by ziggurat name."""


def _init_for(name: str) -> Any:
    def __init__(self: ZigguratSpielGame, params: dict[str, Any] | None = None) -> None:
        ZigguratSpielGame.__init__(self, name, params)

    return __init__


def load(name: str, **params: Any) -> ZigguratSpielGame:
    """``pyspiel.load_game`` of the ziggurat game ``name`` with ``params``."""
    game: ZigguratSpielGame = pyspiel.load_game(short_name(name), params)
    return game


register_all()
