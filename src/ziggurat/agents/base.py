"""The agent interface and a factory from names (``random``, ``greedy``) to agents."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from ziggurat.core.action import Action
from ziggurat.core.api import State
from ziggurat.core.errors import InvalidOptions


@runtime_checkable
class Agent(Protocol):
    """Chooses an action for ``seat``, which is the state's current player.

    An agent may read only what ``state.view(seat)`` shows and ``state.legal_actions()``;
    to look ahead it must first call ``state.determinize(seat, rng)`` and search that world,
    so it never profits from another seat's stand or a bag's order.
    """

    name: str

    def select_action(self, state: State, seat: int) -> Action: ...


# The search strengths players choose: ISMCTS iterations per decision (a game may tune them
# and the other search settings per strength: Heuristics.strengths), with a time cap so that
# a slow machine never keeps a table waiting long (the cap only binds where iterations would
# take longer; below it the bot is fully reproducible from its seed). ``hard`` searches two
# trees at once, one per core of a two-core machine (root parallelism): its results depend on
# the number of trees, never on the cores, so a game replays alike on any machine.
MCTS_STRENGTHS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 200, "seconds": 0.5},
    "medium": {"iterations": 1000, "seconds": 2.0},
    "hard": {"iterations": 8000, "seconds": 8.0, "workers": 2},
}

AGENT_NAMES = ("random", "greedy", *MCTS_STRENGTHS)


MCTS_SETTINGS = (
    "iterations",
    "seconds",
    "workers",
    "rollout_depth",
    "exploration",
    "widening",
    "policy_opponents",
)


def make_agent(spec: str, seed: int = 0) -> Agent:
    """An agent from its spec, seeded so that tournaments replay.

    A spec is a name (``random``, ``greedy``, ``easy``, ``medium``, ``hard``) or a search
    with settings of its own: ``mcts:iterations=500:seconds=2``, ``medium:workers=2``. The
    settings are those of :class:`~ziggurat.agents.mcts.MCTSAgent`; ``none`` lifts a budget.
    A named strength plays as the game's heuristics tune it
    (:attr:`~ziggurat.core.heuristics.Heuristics.strengths`), save for the settings its spec
    gives.
    ``policy:PATH`` plays a trained policy file (:mod:`ziggurat.agents.policy`).
    """
    from .greedy import GreedyAgent
    from .mcts import MCTSAgent
    from .random_agent import RandomAgent

    name, *fields = spec.split(":")
    if name == "policy" and fields:
        from .policy import PolicyAgent

        return PolicyAgent(spec.partition(":")[2], seed)
    if name in ("random", "greedy") and not fields:
        return RandomAgent(seed) if name == "random" else GreedyAgent(seed)
    if name == "mcts" or name in MCTS_STRENGTHS:
        settings = _mcts_settings(spec, name, fields)
        if name == "mcts":
            return MCTSAgent(seed, **settings)
        # A named strength: the game played may tune it, except what the spec sets itself.
        given = [field.partition("=")[0] for field in fields]
        return MCTSAgent(seed, **settings, strength=name, given=given)
    raise InvalidOptions(
        f"unknown agent {spec!r}; the agents are: {', '.join(AGENT_NAMES)}, or "
        "mcts:iterations=N[:seconds=S][:workers=W] (settings may follow any search strength), "
        "or policy:PATH (a trained policy file)"
    )


def _mcts_settings(spec: str, name: str, fields: list[str]) -> dict[str, Any]:
    base = MCTS_STRENGTHS.get(name, {"iterations": 1000, "seconds": None})
    settings: dict[str, Any] = dict(base)  # rollout_depth: the game's own unless a spec sets one
    for field in fields:
        key, eq, text = field.partition("=")
        if not eq or key not in MCTS_SETTINGS:
            raise InvalidOptions(
                f"agent {spec!r}: {field!r} is not a setting; write key=value with key one of "
                f"{', '.join(MCTS_SETTINGS)}"
            )
        try:
            value: Any = None if text == "none" else (float(text) if "." in text else int(text))
        except ValueError:
            raise InvalidOptions(
                f"agent {spec!r}: {key} must be a number or none, not {text!r}"
            ) from None
        settings[key] = value
    if settings["iterations"] is None and settings["seconds"] is None:
        raise InvalidOptions(f"agent {spec!r}: give it iterations, seconds, or both")
    if settings.get("workers") is not None and settings["workers"] < 1:
        raise InvalidOptions(f"agent {spec!r}: workers must be 1 or more")
    if settings.get("workers") is None:
        settings.pop("workers", None)
    if settings.get("policy_opponents") not in (None, 0, 1):
        raise InvalidOptions(
            f"agent {spec!r}: policy_opponents must be 1 (on), 0 (off) or none (the game's advice)"
        )
    return settings
