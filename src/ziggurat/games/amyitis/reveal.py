"""What nobody saw: dealt afresh for "continue from here" (``reshuffled``), shown at the end
(``revealed_at_end``).

Amyitis has no seat's secret (see :mod:`.views`). The one hidden thing is the craft deck:
every round all its cards are shuffled and the rows are dealt from it, so the future deals
are the state's generator, and the cards not dealt this round lie face down. A reshuffle
reseeds the generator and keeps everything else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ziggurat.core.rng import Rng

from .components import CRAFTS

if TYPE_CHECKING:
    from .state import AmyitisState


def reshuffled(state: AmyitisState, rng: Rng) -> AmyitisState:
    """``state`` with the generator reseeded from ``rng``: the next rounds' craft rows are
    dealt anew; the rows on the table and everything else are kept."""
    other = state.clone()
    other._legal = None
    other.rng = Rng(rng.randrange(1 << 64))
    return other


def undealt_crafts(state: AmyitisState) -> list[int]:
    """How many craft cards of each kind the last deal left face down in the deck."""
    left = [0] * len(CRAFTS)
    for card in state.game.craft_deck:
        left[card] += 1
    for card in state.row_cards:
        left[card] -= 1
    return left


def revealed_at_end(state: AmyitisState) -> list[dict[str, Any]]:
    """The table's only hidden collection: the craft cards the last round's deal left in the
    deck (``"2 peasants"``); no seat holds a secret. Left out if the deal took every card."""
    items = [
        f"{count} {CRAFTS[kind]}{'s' if count != 1 else ''}"
        for kind, count in enumerate(undealt_crafts(state))
        if count
    ]
    if not items:
        return []
    return [{"seat": None, "label": "Craft cards left in the deck", "items": items}]
