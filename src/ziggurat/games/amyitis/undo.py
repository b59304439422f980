"""Amyitis: a move may be taken back while the same seat goes on deciding in the same turn.

The game's answer to the kernel's ``can_undo`` hook (see
:meth:`ziggurat.core.kernel.BaseGame.can_undo`), which the terminal's undo and the
table's both ask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .phases import PHASE_ACTION

if TYPE_CHECKING:
    from .state import AmyitisState


def can_undo(before: AmyitisState, after: AmyitisState) -> bool:
    """May the move from ``before`` to ``after`` be taken back?

    Only while the same seat goes on deciding in the same turn: the step after a recruit
    (field, temple, irrigation space), after a caravan stop (sale, court card, planting), a
    tile's choices, and the maintenance decisions one seat takes in a row (procession, then
    Ishtar's choice; discards). A move that hands the turn on (even when the others could
    only pass) or starts a round (the craft rows are dealt from the shuffled deck) cannot be
    taken back.
    """
    if after.is_terminal() or before.current_player != after.current_player:
        return False
    # read from the state's fields, not its views: the server asks this for every payload
    # of the seat to act, and two public views cost more than the payload's own view
    return (
        after.round == before.round
        and after.phase != PHASE_ACTION
        and after.passed == before.passed
        and not any(action.text.split()[0] == "pass" for action in after.automatic)
    )
