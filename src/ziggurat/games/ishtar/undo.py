"""Ishtar: a move may be taken back while the same seat goes on in the same turn and
nothing was turned face up.

The game's answer to the kernel's ``can_undo`` hook (see
:meth:`ziggurat.core.kernel.BaseGame.can_undo`), which the terminal's undo and the
table's both ask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import IshtarState


def can_undo(before: IshtarState, after: IshtarState) -> bool:
    """May the move from ``before`` to ``after`` be taken back?

    Only a move that revealed nothing and left the same seat in the same turn: placing the
    tile, the special action, a blooming token, a reservation, buying and planting. Taking a
    tile turns the next one of its stack face up, and the end of a turn refills the market
    from the deck and hands the move on, so those cannot be taken back.
    """
    return (
        not after.is_terminal()
        and before.current_player == after.current_player
        and before.turn == after.turn
        and [len(s) for s in before.stacks] == [len(s) for s in after.stacks]
        and len(before.deck) == len(after.deck)
    )
