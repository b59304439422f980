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


AGENT_NAMES = ("random", "greedy")


def make_agent(name: str, seed: int = 0) -> Agent:
    """An agent by name, seeded so that tournaments replay."""
    from .greedy import GreedyAgent
    from .random_agent import RandomAgent

    if name == "random":
        return RandomAgent(seed)
    if name == "greedy":
        return GreedyAgent(seed)
    raise InvalidOptions(f"unknown agent {name!r}; the agents are: {', '.join(AGENT_NAMES)}")
