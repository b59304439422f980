"""Actions in words and structured fields, for the log and for the front ends' controls.

An offer is face down at the table, and all offers are made at once: only its author sees
its cards in the log; everyone else reads the same words for every offer, "offer nothing"
included, so that a seat still to offer learns nothing from an earlier one (rulings T18).
The offers become public at the reveal, which the view shows (``build.offers``, then
``last_build``).

The answers at decision points T and D read the same whether or not the player holds the
card ("plays no triple bonus"), since the point comes to players without it too (T17).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import ACTION_TYPES, TowerAction, cards_words
from .components import TYPES

if TYPE_CHECKING:
    from .game import TowerOfBabelGame


_WORDS = {
    "pass": "passes",
    "give-up": "gives up: the disc stays unfulfilled",
    "triple": "plays the triple bonus",
    "no-triple": "plays no triple bonus",
    "double": "plays the double turn",
    "no-double": "plays no double turn",
    "draw-three": "plays draw three",
}
"""The words of each type of action that names nothing."""


def _counts(cards: tuple[int, int, int, int]) -> dict[str, int]:
    return {TYPES[t]: c for t, c in enumerate(cards) if c}


def describe_action(
    game: TowerOfBabelGame, action: TowerAction, actor: int, viewer: int | None
) -> dict[str, Any]:
    """Structured fields and words for ``action`` by ``actor``, as ``viewer`` may see them."""
    kind = ACTION_TYPES[action.kind]
    out: dict[str, Any] = {"type": kind}
    if kind == "offer":
        size = sum(action.cards) + action.exchange
        if viewer != actor:
            out["text"] = "offer ?"
            out["words"] = "makes a face-down offer"
            return out
        out["cards"] = _counts(action.cards)
        out["exchange"] = action.exchange
        out["cards_count"] = size
        words = f"offers {cards_words(action.cards)}" if size else "makes no offer"
        if action.exchange:
            words += " with the exchange card"
        out["words"] = words
    elif kind == "build":
        w, k = divmod(action.space, game.spaces_per_wonder)
        out["space"] = action.space
        out["wonder"] = game.wonder_ids[w]
        out["slot"] = k + 1
        out["words"] = f"builds on {game.data.wonder_names[w]}, space {k + 1}"
    elif kind == "accept":
        out["seats"] = list(action.seats)
        out["jokers"] = action.joker_count
        out["joker_cards"] = _counts(action.jokers)
        who = (
            "accepts no offer"
            if not action.seats
            else "accepts the offer"
            + ("s" if len(action.seats) > 1 else "")
            + " of seat"
            + ("s " if len(action.seats) > 1 else " ")
            + ", ".join(str(s) for s in action.seats)
        )
        if action.joker_count:
            plural = "s" if action.joker_count > 1 else ""
            who += f", with {action.joker_count} joker{plural} as {cards_words(action.jokers)}"
        out["words"] = who
    elif kind == "trade":
        out["cards"] = _counts(action.cards)
        out["words"] = f"trades {cards_words(action.cards)} (card trade)"
    else:
        out["words"] = _WORDS[kind]
    out["id"] = action.id
    out["text"] = action.text
    return out
