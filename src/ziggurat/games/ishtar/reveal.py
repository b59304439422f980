"""What nobody saw: dealt afresh for "continue from here" (``reshuffled``), shown at the end
(``revealed_at_end``).

Ishtar's secrets (see :mod:`.views`): the tiles under each stack's top, the regular tiles
left in the box at 2 and 3 players and the tree deck's order, seen by nobody; and each
seat's bought tree cards, face down but bought in sight of all. So a reshuffle deals the
first three afresh and keeps the bought cards, exactly as a determinization does
(:func:`.views.deal_unseen`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .components import GEMS
from .views import deal_unseen

if TYPE_CHECKING:
    from ziggurat.core.rng import Rng

    from .state import IshtarState


def reshuffled(state: IshtarState, rng: Rng) -> IshtarState:
    """``state`` with the unseen tiles, the tree deck and the generator dealt from ``rng``;
    everything on the map, each stack's top and height, the market and every holding
    kept."""
    return deal_unseen(state, rng)


def tile_words(state: IshtarState, tile: int) -> str:
    """``"T07 (4 flowers, skill icon)"``: a tile as the log names it."""
    data = state.game.data
    flowers = sum(data.tile_flowers[tile])
    words = f"{flowers} flower{'s' if flowers != 1 else ''}"
    icon = data.tile_icon[tile]
    if icon:
        words += f", {data.icon_names[icon]} icon"
    return f"{data.tile_ids[tile]} ({words})"


def card_words(state: IshtarState, card: int) -> str:
    """``"TC12 (3 violet, 1 red gems, 6 VP)"``: a tree card as the log names it."""
    data = state.game.data
    cost = data.card_cost[card]
    shown = [f"{cost[c]} {GEMS[c]}" for c in range(len(GEMS)) if cost[c]]
    gems = ", ".join(shown) + (" gem" if sum(cost) == 1 else " gems") if shown else "no gems"
    return f"{data.card_ids[card]} ({gems}, {data.card_vp[card]} VP)"


def revealed_at_end(state: IshtarState) -> list[dict[str, Any]]:
    """Per seat, in seat order: its tree cards (face down in front of it during the game,
    in the order bought); then the table's: each stack's tiles under its top (next first),
    the tiles left in the box, and the tree deck (top first). An empty section is left
    out."""
    out: list[dict[str, Any]] = []
    for seat in range(state.n):
        if state.piles[seat]:
            out.append(
                {
                    "seat": seat,
                    "label": "Tree cards",
                    "items": [card_words(state, c) for c in state.piles[seat]],
                }
            )
    for i, stack in enumerate(state.stacks):
        under = stack[-2::-1]  # the top (last) was face up; the next below it first
        if under:
            out.append(
                {
                    "seat": None,
                    "label": f"Tiles under the top of stack {i} ({state.cups[i]})",
                    "items": [tile_words(state, t) for t in under],
                }
            )
    if state.box:
        out.append(
            {
                "seat": None,
                "label": "Tiles left in the box",
                "items": [tile_words(state, t) for t in state.box],
            }
        )
    if state.deck:
        out.append(
            {
                "seat": None,
                "label": "Tree cards left in the deck",
                "items": [card_words(state, c) for c in reversed(state.deck)],
            }
        )
    return out
