"""Tower of Babel: a move may be taken back while the same seat acts on and nothing was
drawn, played or revealed.

The game's answer to the kernel's ``can_undo`` hook (see
:meth:`ziggurat.core.kernel.BaseGame.can_undo`), which the terminal's undo and the
table's both ask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import TowerState


def can_undo(before: TowerState, after: TowerState) -> bool:
    """May the move from ``before`` to ``after`` be taken back?

    Only a move that left the same seat to act and revealed nothing: no card drawn or played
    into a pile, no offer revealed, no points scored. In practice that is playing the double
    turn (its second turn has not begun); a build, an offer, an acceptance, a pass, draw three
    and a card trade all either hand the move to another seat, reveal offers or draw cards.
    """
    return (
        not after.is_terminal()
        and before.current_player == after.current_player
        and before.phase != after.phase
        and len(before.pile) == len(after.pile)
        and before.discard == after.discard
        and len(before.action_pile) == len(after.action_pile)
        and before.hand == after.hand
        and before.score == after.score
        and before.revealed == after.revealed
        and before.disc_owner == after.disc_owner
    )
