"""Babylonia: a placement may be taken back while its turn is still in its placement step.

The game's answer to the kernel's ``can_undo`` hook (see
:meth:`ziggurat.core.kernel.BaseGame.can_undo`), which the terminal's undo and the
table's both ask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .phases import PHASE_PLACE

if TYPE_CHECKING:
    from .state import BabyloniaState


def can_undo(before: BabyloniaState, after: BabyloniaState) -> bool:
    """May the move from ``before`` to ``after`` be taken back?

    Only a placement that left the turn in its placement step: nothing was drawn or scored,
    so going back reveals nothing (ending the turn refills the stand from the bag).
    """
    return (
        before.phase == PHASE_PLACE
        and after.phase == PHASE_PLACE
        and before.turn_number == after.turn_number
        and before.turn_player == after.turn_player
    )
