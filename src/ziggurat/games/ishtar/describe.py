"""Actions in words and structured fields, for the log and for the front ends' controls.

Nothing in an Ishtar action is secret (the tile taken, the hexes, the card bought are all
seen at the table), so every viewer reads the same words. The fields name hexes as ``[q,
r]`` so a board drawing can highlight them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import ACTION_TYPES, IshtarAction, pattern_text
from .components import GEMS

if TYPE_CHECKING:
    from .game import IshtarGame


_WORDS = {
    "assistant": "puts an assistant on the tile's icon",
    "no-action": "uses no special action",
    "stop-bloom": "lays no more blooming tokens",
    "end-turn": "ends the turn",
}
"""The words of each type of action that names nothing."""


def _gem_words(pay: tuple[int, int, int]) -> str:
    parts = [f"{pay[c]} {GEMS[c]}" for c in range(3) if pay[c]]
    return ", ".join(parts)


def describe_action(
    game: IshtarGame, action: IshtarAction, actor: int, viewer: int | None
) -> dict[str, Any]:
    """Structured fields and words for ``action`` by ``actor`` (the same for every viewer)."""
    del actor, viewer
    grid = game.grid
    kind = ACTION_TYPES[action.kind]
    out: dict[str, Any] = {"type": kind, "text": action.text}

    def hx(bit: int) -> list[int]:
        q, r = grid.coord(bit)
        return [q, r]

    if kind == "take":
        out["stack"] = action.stack
        out["pay"] = {GEMS[c]: action.pay[c] for c in range(3) if action.pay[c]}
        paid = _gem_words(action.pay)
        out["words"] = f"moves the watering can to stack {action.stack}" + (
            f", paying {paid} gem{'s' if sum(action.pay) != 1 else ''}" if paid else ""
        )
    elif kind == "discard":
        out["stack"] = action.stack
        out["words"] = f"finds no tile that fits and discards the top tile of stack {action.stack}"
    elif kind == "place":
        out["hex"] = hx(action.cell)
        out["rotation"] = action.rotation
        q, r = out["hex"]
        out["words"] = f"places the tile at {q},{r}, turned {60 * action.rotation}°"
    elif kind == "skill":
        data = game.data
        out["skill"] = data.skill_ids[action.skill]
        out["pay"] = {GEMS[c]: action.pay[c] for c in range(3) if action.pay[c]}
        out["words"] = (
            f"unlocks {data.skill_ids[action.skill]} {data.skill_names[action.skill]} "
            f"with {_gem_words(action.pay)} gems"
        )
    elif kind == "bloom":
        spaces = game.patterns[action.pattern]
        out["pattern"] = list(spaces)
        out["hexes"] = [hx(action.cell)] + ([hx(action.cell2)] if action.cell2 >= 0 else [])
        where = " and ".join(f"{h[0]},{h[1]}" for h in out["hexes"])
        out["words"] = f"lays a blooming token of {pattern_text(spaces)} flowers on {where}"
    elif kind == "reserve":
        out["slot"] = action.slot
        out["words"] = f"reserves the tree card in market slot {action.slot}"
    elif kind == "buy":
        reserved = action.slot == game.data.market_size
        out["slot"] = None if reserved else action.slot
        out["reserved"] = reserved
        out["words"] = (
            "buys the reserved tree card"
            if reserved
            else f"buys the tree card in market slot {action.slot}"
        )
    elif kind == "plant":
        out["hex"] = hx(action.cell)
        out["words"] = f"plants the tree at {out['hex'][0]},{out['hex'][1]}"
    else:
        out["words"] = _WORDS[kind]
    return out
