"""Actions in words and structured fields, for the log and for the front ends' controls.

Nothing in an Amyitis action is secret, so every viewer reads the same words. The fields
name squares, spaces, cities, temples and resources by their data-file names so a board
drawing can highlight them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import ACTION_TYPES, ISHTAR_ITEMS, AmyitisAction, field_text
from .components import COURTS, CRAFTS, RESOURCES, TEMPLES

if TYPE_CHECKING:
    from .components import AmyitisData
    from .game import AmyitisGame

_WORDS = {
    "pass": "passes",
    "recruit": "recruits {article} {craft} from row {row}",
    "caravan": "moves the caravan to {City}",
    "field": "puts a cube on field row {field}",
    "temple": "puts a priest in the temple of {Temple}",
    "irrigate": "irrigates {space}",
    "sell": "sells {paid} at Babylon",
    "court": "takes the next {court}, paying {paid}",
    "plant": "plants {square}, paying {paid}",
    "take": "takes {paid} from the garden tile",
    "choose": "takes a {court} card from the garden tile",
    "procession": "leads the procession to the temple of {Temple}",
    "ishtar": "takes Ishtar's {item}",
    "exchange": "exchanges {give} for {take} at Tammouz",
    "decline": "declines Tammouz's reward",
    "discard": "discards {paid} (storage limit)",
}
"""Each type of action in words: ``{name}`` is the description's field ``name``, ``{City}``
and ``{Temple}`` the place capitalised, ``{paid}`` the resources of the action and
``{article}`` the craft's "a" or "an"."""


def describe_action(
    game: AmyitisGame, action: AmyitisAction, actor: int, viewer: int | None
) -> dict[str, Any]:
    """Structured fields and words for ``action`` by ``actor`` (the same for every viewer)."""
    del actor, viewer
    kind = ACTION_TYPES[action.kind]
    out: dict[str, Any] = {"type": kind, "text": action.text}
    tokens = action.tokens
    if tokens:
        out["resources"] = [RESOURCES[r] for r in tokens]
    named = _named(game.data, action, kind)
    out.update(named)
    craft = named.get("craft", "")
    out["words"] = _WORDS[kind].format(
        **named,
        City=named.get("city", "").title(),
        Temple=named.get("temple", "").title(),
        paid=" and ".join(RESOURCES[r] for r in tokens),
        article="an" if craft[:1] in ("a", "e", "i", "o", "u") else "a",
    )
    return out


def _named(data: AmyitisData, action: AmyitisAction, kind: str) -> dict[str, Any]:
    """What ``action`` names, by the data file's names (craft rows counted from 1)."""
    if kind == "recruit":
        return {"row": action.row + 1, "craft": CRAFTS[action.craft]}
    if kind == "field":
        return {"field": field_text(action.row)}
    if kind == "exchange":
        give, take = action.tokens
        return {"give": RESOURCES[give], "take": RESOURCES[take]}
    tables = {  # a field of the action (-1 where unset) and the names its numbers stand for
        "city": data.city_names,
        "temple": TEMPLES,
        "space": data.space_ids,
        "court": COURTS,
        "square": data.square_ids,
        "item": ISHTAR_ITEMS,
    }
    out = {}
    for field, table in tables.items():
        number = getattr(action, field)
        if number >= 0:
            out[field] = table[number]
    return out
