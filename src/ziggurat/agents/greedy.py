"""The greedy agent: the action that gains the most points at once, with sensible tie-breaks.

It works on a determinization of the position (what its seat may see, the rest sampled), so
it never reads another stand. Each legal action is applied to a copy; the points the seat
gains by it (including any scoring the action triggers) decide, then the game's own
``tiebreak`` heuristic (looked up by game name, so this module knows no game's rules), then
a seeded coin.
"""

from __future__ import annotations

from ziggurat.core.action import Action
from ziggurat.core.api import State
from ziggurat.core.registry import heuristics_for
from ziggurat.core.rng import Rng


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def select_action(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1 and not state.game.options_are_secret(state):
            return legal[0]
        return self.rank(state, seat, legal)[0]

    def rank(self, state: State, seat: int, legal: list[Action] | None = None) -> list[Action]:
        """Legal actions, best first (used by the terminal to suggest moves)."""
        if legal is None:
            legal = state.legal_actions()
        heuristics = heuristics_for(state.game.name)
        world = state.determinize(seat, self.rng)
        before = world.scores()[seat]
        keyed = []
        for action in legal:
            child = world.clone()
            child.apply_action(action)
            gain = child.scores()[seat] - before
            tiebreak = heuristics.tiebreak(world, seat, action)
            keyed.append((gain, tiebreak, self.rng.random(), action))
        keyed.sort(key=lambda k: k[:3], reverse=True)
        return [k[3] for k in keyed]
