"""The agent interface and a factory from names (``random``, ``greedy``) to agents."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

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


# The search strengths players choose: ISMCTS iterations per decision, with a time cap so that
# a slow machine never keeps a table waiting long (the cap only binds where iterations would
# take longer; below it the bot is fully reproducible from its seed).
MCTS_STRENGTHS: dict[str, dict[str, float]] = {
    "easy": {"iterations": 200, "seconds": 0.5},
    "medium": {"iterations": 2000, "seconds": 2.0},
    "hard": {"iterations": 8000, "seconds": 8.0},
}

AGENT_NAMES = ("random", "greedy", *MCTS_STRENGTHS)


def make_agent(name: str, seed: int = 0) -> Agent:
    """An agent by name, seeded so that tournaments replay."""
    from .greedy import GreedyAgent
    from .mcts import MCTSAgent
    from .random_agent import RandomAgent

    if name == "random":
        return RandomAgent(seed)
    if name == "greedy":
        return GreedyAgent(seed)
    if name in MCTS_STRENGTHS:
        budget = MCTS_STRENGTHS[name]
        return MCTSAgent(
            seed, iterations=int(budget["iterations"]), seconds=budget["seconds"], rollout_depth=20
        )
    raise InvalidOptions(f"unknown agent {name!r}; the agents are: {', '.join(AGENT_NAMES)}")
