"""Taking a move back: when a seat may, and how a record says that it did.

The rule is the game's (the ``can_undo`` hook: a move that leaves the same seat deciding and
showed nobody anything hidden); this module adds what every front end needs around it: only
the seat that made the last move may take it back, and a record keeps the take-back as an
entry of its own (:data:`UNDO`) rather than forgetting the move, so that a record holds
everything that was played and still replays to exactly the position reached.
"""

from __future__ import annotations

from .api import Game, State
from .errors import ZigguratError

UNDO = "undo"
"""A record's entry for "this seat took back its last move". No game spells an action so
(the conformance suite checks that no legal action reads this way)."""


class UndoRefused(ZigguratError):
    """A take-back the rules do not allow now; the message says why."""


def check_undo(
    game: Game, seat: int, last_seat: int | None, before: State | None, after: State
) -> None:
    """Raise :class:`UndoRefused` unless ``seat`` may take back the last move, which
    ``last_seat`` made (None: no move has been made), leading from ``before`` to ``after``
    (the position now)."""
    if after.is_terminal():
        raise UndoRefused("the game is over: no move can be taken back")
    if last_seat is None or before is None:
        raise UndoRefused(f"seat {seat} has no move to take back: none has been made yet")
    if last_seat != seat:
        raise UndoRefused(
            f"the last move was seat {last_seat}'s: seat {seat} may take back only its own "
            "last move, before anyone else has moved"
        )
    if not game.can_undo(before, after):
        raise UndoRefused(
            f"seat {seat}'s last move cannot be taken back: it passed the turn on or showed "
            "something that was hidden"
        )
