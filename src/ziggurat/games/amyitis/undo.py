"""Amyitis: a move may be taken back while the same seat goes on deciding in the same turn.

The game's answer to the kernel's ``can_undo`` hook (see
:meth:`ziggurat.core.kernel.BaseGame.can_undo`), which the terminal's undo and the
table's both ask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
    vb, va = before.view(None), after.view(None)
    return (
        va["round"] == vb["round"]
        and va["phase"] != "action"
        and va["pass_order"] == vb["pass_order"]
        and not any(text.split()[0] == "pass" for text in va["automatic"])
    )
