"""What nobody saw: dealt afresh for "continue from here" (``reshuffled``), shown at the end
(``revealed_at_end``).

Tower of Babel's secrets (see :mod:`.views`): each hand (building cards, the exchange card,
action cards) and each face-down offer, known to their owner; the order of the building-card
pile and of the action-card pile, known to nobody. What the piles hold follows from what
every hand holds and the face-up discards, so a reshuffle keeps it and deals only its order,
and reseeds the generator (it shuffles the discards into a new pile when the pile runs out).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ziggurat.core.rng import Rng

from .components import ACTION_KINDS, TYPES
from .phases import NO_DISC

if TYPE_CHECKING:
    from .state import TowerState


def reshuffled(state: TowerState, rng: Rng) -> TowerState:
    """``state`` with both piles shuffled from ``rng`` (from a canonical order, so the
    result depends on nothing hidden) and the generator reseeded; every hand and offer
    kept."""
    other = state.clone()
    other._legal = None
    pile = sorted(state.pile)
    rng.shuffle(pile)
    other.pile = pile
    action_pile = sorted(state.action_pile)
    rng.shuffle(action_pile)
    other.action_pile = action_pile
    other.rng = Rng(rng.randrange(1 << 64))
    return other


def building_items(counts: list[int]) -> list[str]:
    """``["2 camels", "1 stonemason"]``: one item per building type held."""
    return [f"{c} {TYPES[t]}{'s' if c != 1 else ''}" for t, c in enumerate(counts) if c]


def action_items(state: TowerState, counts: list[int]) -> list[str]:
    """``["1 Joker card", "2 Draw three cards"]``: action cards by their printed names."""
    info = state.game.action_cards_info
    return [
        f"{c} {info[ACTION_KINDS[k]]['name']} card{'s' if c != 1 else ''}"
        for k, c in enumerate(counts)
        if c
    ]


def revealed_at_end(state: TowerState) -> list[dict[str, Any]]:
    """Per seat, in seat order: its hand (building cards and the exchange card), its action
    cards and any offer still face down; then the table's: the building cards left in the
    draw pile and the action cards left in their pile, counted by type (their order is
    the generator's). An empty section is left out."""
    out: list[dict[str, Any]] = []
    offers_hidden = not state.revealed and state.disc != NO_DISC
    for seat in range(state.n):
        hand = building_items(state.hand_of(seat))
        if state.exchange_in_hand[seat]:
            hand.append("the exchange card")
        if hand:
            out.append({"seat": seat, "label": "Hand", "items": hand})
        actions = action_items(state, state.actions_held[7 * seat : 7 * seat + 7])
        if actions:
            out.append({"seat": seat, "label": "Action cards", "items": actions})
        if offers_hidden and state.offered >> seat & 1:
            offer = building_items(state.offer_of(seat))
            if state.offer_exchange[seat]:
                offer.append("the exchange card")
            if offer:
                out.append({"seat": seat, "label": "Face-down offer", "items": offer})
    pile = [0, 0, 0, 0]
    for card in state.pile:
        pile[card] += 1
    if state.pile:
        out.append({"seat": None, "label": "Draw pile", "items": building_items(pile)})
    action_pile = [0] * len(ACTION_KINDS)
    for kind in state.action_pile:
        action_pile[kind] += 1
    if state.action_pile:
        out.append(
            {"seat": None, "label": "Action card pile", "items": action_items(state, action_pile)}
        )
    return out
