"""The base of every game's action: a number for RL and a canonical text for people.

A game builds all of its actions once (for its map and player count) and hands out those same
objects from ``legal_actions``, so generating moves allocates nothing and comparing two
actions is comparing two ints.
"""

from __future__ import annotations


class Action:
    """One atomic decision. ``id`` is dense in ``range(game.num_distinct_actions)``."""

    __slots__ = ("id", "text")

    def __init__(self, action_id: int, text: str) -> None:
        self.id = action_id
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.text}>"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self.id == other.id and type(self) is type(other)
        return NotImplemented

    def __hash__(self) -> int:
        return self.id


def action_by_number(actions: tuple[Action, ...], action_id: object) -> Action:
    """The action numbered ``action_id`` in a game's dense table (``int_to_action``), or
    :class:`~ziggurat.core.errors.IllegalAction` naming the allowed range."""
    from .errors import IllegalAction

    if isinstance(action_id, bool) or not isinstance(action_id, int):
        raise IllegalAction(f"an action number is an int, not {action_id!r}")
    if not 0 <= action_id < len(actions):
        raise IllegalAction(f"action number {action_id} is outside 0..{len(actions) - 1}")
    return actions[action_id]
