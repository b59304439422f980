"""Ishtar's observation tensor (docs/rl.md), encoded from ``view(seat)`` itself.

Why from the view: a seat's face-down tree cards and their points are its own secret until
the end, and the view already keeps them so (checked by the conformance suite); the tensor
inherits that by construction, at the cost of building the view. Hexes are listed in the
view's map order, which is fixed for a game's boards; each hex also carries its coordinates,
so a network can learn the geometry of any layout. Per-seat sections list the observer first
(:mod:`ziggurat.core.observation`).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from ziggurat.core.observation import Layout, Section, scaled

from .phases import PHASE_NAMES

if TYPE_CHECKING:
    from .state import IshtarState

GEMS = ("violet", "red", "white")
KINDS = ("sand", "rock", "tablet", "fountain")
SHAPES = ("I", "V", "T")
ICONS = ("A", "S", "W")
TILE = 1 + 3 + len(ICONS) + 3 + 1 + len(SHAPES)  # present, flowers, icon, icon space, start, shape
COORD = 24  # coordinates are scaled from -COORD..COORD into 0..1
SCORE_BOUND = 150


def _table(game: Any) -> dict[str, Any]:
    """What the layout depends on, read once from an opening view of this game."""
    facts: dict[str, Any] | None = game.__dict__.get("_observation_facts")
    if facts is None:
        opening = game.new_initial_state(0).view(None)
        facts = game.__dict__["_observation_facts"] = {
            "hexes": len(opening["map"]["hexes"]),
            "stacks": len(opening["stacks"]),
            "market": len(opening["market"]),
            "tokens": [t["id"] for t in opening["carpet"]["tokens"]],
            "skills": [s["id"] for s in opening["skill_board"]],
        }
    return facts


STATIC_MAPS = 16
"""Maps whose fixed features are kept per game (a bounded cache: each game seed lays its own)."""


def _static_hexes(state: IshtarState, cells: list[dict[str, Any]]) -> Any:
    """The hexes' fixed features (kind, rock colour, coordinates), copied in whole each time.
    A game's map never changes once laid (its terrain object is shared by every clone), so
    they are worked out once per map, from this view's hexes."""
    import numpy as np

    cache: OrderedDict[Any, Any] = state.game.__dict__.setdefault(
        "_observation_maps", OrderedDict()
    )
    static = cache.get(state.terrain)
    if static is not None:
        cache.move_to_end(state.terrain)
        return static
    width = _hex_width(state.n)
    static = np.zeros(len(cells) * width, dtype=np.float32)
    for i, cell in enumerate(cells):
        q, r = cell["hex"]
        row = i * width
        static[row + KINDS.index(cell["kind"])] = 1.0
        if "rock" in cell:
            static[row + len(KINDS) + GEMS.index(cell["rock"])] = 1.0
        static[row + len(KINDS) + len(GEMS) + 1] = scaled(q + COORD, 2 * COORD)
        static[row + len(KINDS) + len(GEMS) + 2] = scaled(r + COORD, 2 * COORD)
    cache[state.terrain] = static
    if len(cache) > STATIC_MAPS:
        cache.popitem(last=False)
    return static


def _hex_width(n: int) -> int:
    return len(KINDS) + len(GEMS) + 1 + 2 + 1 + 1 + 1 + 1 + 4 * n


def layout(game: Any) -> Layout:
    n = game.num_players
    facts = _table(game)
    skills = len(facts["skills"])
    return Layout(
        (
            Section(
                "hexes",
                (facts["hexes"], _hex_width(n)),
                "per hex in the map's order: kind (sand, rock, tablet, fountain); a rock's gem "
                f"colour ({', '.join(GEMS)}) and whether its gem is still there; column and "
                f"row, scaled from -{COORD}..{COORD}; flowers / 3; under a tile; under a "
                "blooming token; the icon of the tile being placed; then per seat (observer "
                "first) its tree there, its assistant there, the flowerbed's owner, the "
                "fountain controlled by it",
            ),
            Section(
                "seats",
                (n, 13),
                f"per seat, observer first: points shown / {SCORE_BOUND}, violet, red, white "
                "gems / 10, assistants in supply, on the carpet and on the map / 6, skills / "
                f"{skills}, tree cards / 10, a reserved card, flower, fountain and skill points "
                f"/ {SCORE_BOUND}, tree points / {SCORE_BOUND} (the observer's only)",
            ),
            Section("skills", (n, skills), "per seat (observer first): skills unlocked"),
            Section("to_move", (n,), "1 at the seat to decide, observer first"),
            Section("first", (n,), "1 at the first player, observer first"),
            Section("phase", (len(PHASE_NAMES),), f"the phase: {', '.join(PHASE_NAMES)}"),
            Section(
                "table",
                (10,),
                "turn / 40; the end triggered; the watering can's stack / stacks; tiles in "
                "the box / 20; tree cards in the deck / 40; trees in stock / 20; blooming "
                "tokens left to lay / 2; violet, red, white gems in stock / 40",
            ),
            Section(
                "stacks",
                (facts["stacks"], 2 + TILE),
                "per tile stack: tiles in it / 10, empty; its top tile: present, flowers on "
                "its 3 spaces / 3, icon (assistant, skill, wild), the icon's space, a start "
                "tile, shape (I, V, T)",
            ),
            Section("tile", (TILE,), "the tile being placed, as a stack's top tile"),
            Section(
                "market",
                (facts["market"], 6),
                "per market slot: a card, its violet, red, white cost / 5, points / 10, a tree",
            ),
            Section(
                "carpet",
                (len(facts["tokens"]) + n,),
                "the blooming tokens still on the carpet (one per token); each seat's "
                "assistants on it / 6, observer first",
            ),
            Section(
                "own_trees",
                (2,),
                "the observer's face-down tree cards / 10 and their points / 60",
            ),
        )
    )


def _tile(tile: dict[str, Any] | None) -> list[float]:
    if tile is None:
        return [0.0] * TILE
    values = [1.0, *(scaled(f, 3) for f in tile["spaces"])]
    values += [1.0 if tile["icon"] == icon else 0.0 for icon in ICONS]
    values += [1.0 if tile.get("icon_space") == k and tile["icon"] else 0.0 for k in range(3)]
    values.append(1.0 if tile["start"] else 0.0)
    values += [1.0 if tile["shape"] == shape else 0.0 for shape in SHAPES]
    return values


def encode(state: IshtarState, seat: int, out: Any) -> None:
    game = state.game
    at = game.observation_layout.starts
    facts = _table(game)
    n = state.n
    seen = state.view(seat)
    the_map = seen["map"]

    def rel(s: int) -> int:
        return (s - seat) % n

    width = _hex_width(n)
    hexes = at["hexes"]
    static = _static_hexes(state, the_map["hexes"])
    out[hexes : hexes + len(static)] = static
    row_of: dict[tuple[int, int], int] = {}
    for i, cell in enumerate(the_map["hexes"]):
        q, r = cell["hex"]
        row_of[q, r] = i
        if cell.get("gem"):
            out[hexes + i * width + len(KINDS) + len(GEMS)] = 1.0
    flowers = len(KINDS) + len(GEMS) + 3
    per_seat = flowers + 4
    for placed in the_map["tiles"]:
        for space in placed["spaces"]:
            row = hexes + row_of[tuple(space["hex"])] * width
            out[row + flowers] = scaled(space["flowers"], 3)
            out[row + flowers + 1] = 1.0
    for token in the_map["tokens"]:
        for space in token["spaces"]:
            row = hexes + row_of[tuple(space["hex"])] * width
            out[row + flowers] = scaled(space["flowers"], 3)
            out[row + flowers + 2] = 1.0
    if seen["icon_hex"] is not None:
        out[hexes + row_of[tuple(seen["icon_hex"])] * width + flowers + 3] = 1.0
    for tree in the_map["trees"]:
        out[hexes + row_of[tuple(tree["hex"])] * width + per_seat + rel(tree["planted_by"])] = 1.0
    for assistant in the_map["assistants"]:
        row = hexes + row_of[tuple(assistant["hex"])] * width
        out[row + per_seat + n + rel(assistant["seat"])] = 1.0
    for bed in the_map["flowerbeds"]:
        if bed["owner"] >= 0:
            for cell in bed["hexes"]:
                out[hexes + row_of[tuple(cell)] * width + per_seat + 2 * n + rel(bed["owner"])] = (
                    1.0
                )
    for fountain in the_map["fountains"]:
        row = hexes + row_of[tuple(fountain["hex"])] * width
        for s in fountain["controlled_by"]:
            out[row + per_seat + 3 * n + rel(s)] = 1.0

    skill_index = {skill: k for k, skill in enumerate(facts["skills"])}
    skills = len(skill_index)
    for p in seen["players"]:
        points = p["points"]
        k = rel(p["seat"])
        row = at["seats"] + 13 * k
        trees = points["trees"]
        out[row : row + 13] = [
            scaled(p["score"], SCORE_BOUND),
            *(scaled(p["gems"][g], 10) for g in GEMS),
            scaled(p["assistants"], 6),
            scaled(p["assistants_on_carpet"], 6),
            scaled(p["assistants_on_map"], 6),
            scaled(len(p["skills"]), skills),
            scaled(p["tree_cards"], 10),
            0.0 if p["reserved"] is None else 1.0,
            scaled(points["flowers"] + points["fountains"], SCORE_BOUND),
            scaled(points["skills"], SCORE_BOUND),
            0.0 if trees is None else scaled(trees, SCORE_BOUND),
        ]
        for skill in p["skills"]:
            out[at["skills"] + k * skills + skill_index[skill["id"]]] = 1.0
        if p["seat"] == seat:
            cards = p.get("trees") or []
            out[at["own_trees"]] = scaled(len(cards), 10)
            out[at["own_trees"] + 1] = scaled(sum(c.get("vp", 0) for c in cards), 60)
    if seen["current"] is not None:
        out[at["to_move"] + rel(seen["current"])] = 1.0
    out[at["first"] + rel(seen["first"])] = 1.0
    out[at["phase"] + PHASE_NAMES.index(seen["phase"])] = 1.0
    stock = seen["gem_stock"]
    out[at["table"] : at["table"] + 10] = [
        scaled(seen["turn"], 40),
        1.0 if seen["end_triggered"] else 0.0,
        0.0 if seen["can"] is None else (seen["can"] + 1) / facts["stacks"],
        scaled(seen["box"], 20),
        scaled(seen["deck"], 40),
        scaled(seen["tree_stock"], 20),
        scaled(seen["bloom_left"], 2),
        *(scaled(stock[g], 40) for g in GEMS),
    ]
    for k, stack in enumerate(seen["stacks"]):
        row = at["stacks"] + k * (2 + TILE)
        out[row : row + 2 + TILE] = [
            scaled(stack["size"], 10),
            1.0 if stack["size"] == 0 else 0.0,
            *_tile(stack["top"]),
        ]
    out[at["tile"] : at["tile"] + TILE] = _tile(seen["tile"])
    for slot in seen["market"]:
        card = slot["card"]
        if card is None:
            continue
        row = at["market"] + slot["slot"] * 6
        out[row : row + 6] = [
            1.0,
            *(scaled(card["cost"][g], 5) for g in GEMS),
            scaled(card["vp"], 10),
            1.0 if slot["tree"] else 0.0,
        ]
    token_index = {token: k for k, token in enumerate(facts["tokens"])}
    carpet = seen["carpet"]
    for token in carpet["tokens"]:
        out[at["carpet"] + token_index[token["id"]]] = 1.0
    for s, count in enumerate(carpet["assistants"]):
        out[at["carpet"] + len(token_index) + rel(s)] = scaled(count, 6)
