"""Actions in words and structured fields, for the log and for the front ends' controls.

Nothing in an Amyitis action is secret, so every viewer reads the same words. The fields
name squares, spaces, cities, temples and resources by their data-file names so a board
drawing can highlight them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import (
    ACTION_TYPES,
    CARAVAN,
    CHOOSE,
    COURT,
    DECLINE,
    DISCARD,
    EXCHANGE,
    FIELD,
    IRRIGATE,
    ISHTAR_CHOICE,
    ISHTAR_ITEMS,
    PASS,
    PLANT,
    PROCESSION,
    RECRUIT,
    SELL,
    TAKE,
    TEMPLE,
    AmyitisAction,
    field_text,
)
from .components import COURTS, CRAFTS, RESOURCES, TEMPLES

if TYPE_CHECKING:
    from .game import AmyitisGame


def _listed(tokens: tuple[int, ...]) -> str:
    return " and ".join(RESOURCES[r] for r in tokens)


def describe_action(
    game: AmyitisGame, action: AmyitisAction, actor: int, viewer: int | None
) -> dict[str, Any]:
    """Structured fields and words for ``action`` by ``actor`` (the same for every viewer)."""
    del actor, viewer
    data = game.data
    kind = action.kind
    out: dict[str, Any] = {"type": ACTION_TYPES[kind], "text": action.text}
    if action.tokens:
        out["resources"] = [RESOURCES[r] for r in action.tokens]
    if kind == PASS:
        out["words"] = "passes"
    elif kind == RECRUIT:
        out["row"] = action.row + 1
        out["craft"] = CRAFTS[action.craft]
        name = CRAFTS[action.craft]
        article = "an" if name[0] in "aeiou" else "a"
        out["words"] = f"recruits {article} {name} from row {action.row + 1}"
    elif kind == CARAVAN:
        out["city"] = data.city_names[action.city]
        out["words"] = f"moves the caravan to {data.city_names[action.city].title()}"
    elif kind == FIELD:
        out["field"] = field_text(action.row)
        out["words"] = f"puts a cube on field row {field_text(action.row)}"
    elif kind == TEMPLE:
        out["temple"] = TEMPLES[action.temple]
        out["words"] = f"puts a priest in the temple of {TEMPLES[action.temple].title()}"
    elif kind == IRRIGATE:
        out["space"] = data.space_ids[action.space]
        out["words"] = f"irrigates {data.space_ids[action.space]}"
    elif kind == SELL:
        out["words"] = f"sells {_listed(action.tokens)} at Babylon"
    elif kind == COURT:
        out["court"] = COURTS[action.court]
        out["words"] = f"takes the next {COURTS[action.court]}, paying {_listed(action.tokens)}"
    elif kind == PLANT:
        out["square"] = data.square_ids[action.square]
        out["words"] = f"plants {data.square_ids[action.square]}, paying {_listed(action.tokens)}"
    elif kind == TAKE:
        out["words"] = f"takes {RESOURCES[action.tokens[0]]} from the garden tile"
    elif kind == CHOOSE:
        out["court"] = COURTS[action.court]
        out["words"] = f"takes a {COURTS[action.court]} card from the garden tile"
    elif kind == PROCESSION:
        out["temple"] = TEMPLES[action.temple]
        out["words"] = f"leads the procession to the temple of {TEMPLES[action.temple].title()}"
    elif kind == ISHTAR_CHOICE:
        out["item"] = ISHTAR_ITEMS[action.item]
        out["words"] = f"takes Ishtar's {ISHTAR_ITEMS[action.item]}"
    elif kind == EXCHANGE:
        give, take = action.tokens
        out["give"] = RESOURCES[give]
        out["take"] = RESOURCES[take]
        out["words"] = f"exchanges {RESOURCES[give]} for {RESOURCES[take]} at Tammouz"
    elif kind == DECLINE:
        out["words"] = "declines Tammouz's reward"
    elif kind == DISCARD:
        out["words"] = f"discards {RESOURCES[action.tokens[0]]} (storage limit)"
    return out
