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


MAX_NOTATION = 200
"""The longest text ``parse`` reads, in characters: no action of any game comes near it."""


class ActionTable:
    """Every action of one game, built once (for its map, player count and options), with
    the notation parser's scaffolding.

    A game's table builds its actions in id order, then calls :meth:`_finish`; it writes
    :meth:`parse_words` for the forms its notation accepts beyond the exact canonical text
    (and may widen :meth:`normalize`). ``parse`` refuses what is not text, too long or empty
    with a sentence that says how actions are written (``notation_help``).
    """

    __slots__ = ("actions", "by_text")

    notation_help: str = "as listed by legal_actions()"

    def __init__(self) -> None:
        self.actions: tuple[Action, ...] = ()
        self.by_text: dict[str, Action] = {}

    def _finish(self, actions: list[Action]) -> None:
        """The table is built: ``actions`` in id order (their ids are their positions)."""
        for position, action in enumerate(actions):
            if action.id != position:
                raise AssertionError(f"action {action} has id {action.id}, not {position}")
        self.actions = tuple(actions)
        self.by_text = {a.text: a for a in actions}

    def parse(self, text: str) -> Action:
        """The action ``text`` names. Raises :class:`IllegalAction` saying what was wrong;
        whether the action is legal in a given state is the state's business."""
        from .errors import IllegalAction

        if not isinstance(text, str):
            raise IllegalAction(f"an action is written as text, not {type(text).__name__}")
        exact = self.by_text.get(text)
        if exact is not None:
            return exact
        if len(text) > MAX_NOTATION:
            raise IllegalAction(
                f"an action is at most {MAX_NOTATION} characters, not {len(text)}; actions are "
                f"written {self.notation_help}"
            )
        norm = self.normalize(text)
        exact = self.by_text.get(norm)
        if exact is not None:
            return exact
        if not norm:
            raise IllegalAction(
                f"an empty text is no action; actions are written {self.notation_help}"
            )
        return self.parse_words(text, norm)

    def normalize(self, text: str) -> str:
        """``text`` in the table's canonical spelling as far as spacing and case go."""
        return " ".join(text.strip().lower().split())

    def parse_words(self, text: str, norm: str) -> Action:
        """The action of a text that is not the exact notation (``norm`` is normalised)."""
        from .errors import IllegalAction

        raise IllegalAction(f"{text!r} is not an action; actions are written {self.notation_help}")
