"""What nobody saw: dealt afresh for "continue from here" (``reshuffled``), shown at the end
(``revealed_at_end``).

Babylonia's secrets (see :mod:`.views`) are each seat's stand and the kinds of its face-down
river tokens, both known to their owner, and each bag. A bag holds counts, not an order:
its contents are the owner's supply less its stand and its tokens on the board, so the owner
knows them too. What nobody knows is only the order the bags will be drawn in, which is the
state's generator. So a reshuffle keeps every count and reseeds the generator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ziggurat.core.hexgrid import iter_bits
from ziggurat.core.rng import Rng

from .pieces import TOKEN_NAMES, format_coord

if TYPE_CHECKING:
    from .state import BabyloniaState


def reshuffled(state: BabyloniaState, rng: Rng) -> BabyloniaState:
    """``state`` with its generator reseeded from ``rng``: the next draws from every bag
    (the refills at the end of each turn) are new, while each stand, bag and face-down
    token stays as its owner knows it."""
    other = state.clone()
    other._legal = None
    other.rng = Rng(rng.randrange(1 << 64))
    return other


def token_counts(counts: list[int]) -> list[str]:
    """``["2 merchants", "1 farmer"]``: one item per kind held, in the kinds' order."""
    return [f"{n} {TOKEN_NAMES[kind]}{'s' if n != 1 else ''}" for kind, n in enumerate(counts) if n]


def revealed_at_end(state: BabyloniaState) -> list[dict[str, Any]]:
    """Per seat, in seat order: its stand, its face-down river tokens (``"a merchant at
    3,1"``, in the board's hex order) and its bag; a section that is empty is left out."""
    out: list[dict[str, Any]] = []
    coord = state.board.coord
    for seat in range(state.n):
        stand = token_counts(state.stand_counts(seat))
        if stand:
            out.append({"seat": seat, "label": "Stand", "items": stand})
        face_down = sorted(
            (b, kind) for kind in range(4) for b in iter_bits(state.hid[4 * seat + kind])
        )
        if face_down:
            out.append(
                {
                    "seat": seat,
                    "label": "Face-down river tokens",
                    "items": [
                        f"a {TOKEN_NAMES[kind]} at {format_coord(coord(b))}"
                        for b, kind in face_down
                    ],
                }
            )
        bag = token_counts(state.bag_counts(seat))
        if bag:
            out.append({"seat": seat, "label": "Bag", "items": bag})
    return out
