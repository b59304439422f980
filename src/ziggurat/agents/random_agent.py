"""The uniform random agent: the baseline every other agent must beat."""

from __future__ import annotations

from ziggurat.core.action import Action
from ziggurat.core.api import State
from ziggurat.core.rng import Rng


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def select_action(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]
