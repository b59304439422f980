"""Ishtar's component data file: schema, cross-checks, and the plain values the engine uses.

The schema (pydantic) catches wrong types and unknown fields; :func:`check_consistency`
checks what a schema cannot: every board space on its hexagon and used once, a tile's icon
on one of its flower spaces, enough tiles of each shape for the stacks, a lower and an upper
skill in every column, fountains for every board in play. :class:`IshtarData` then turns the
file into the tuples and ints the engine reads in its hot path, so no rule number is written
in code.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal, get_args

from pydantic import Field

from ziggurat.core.components import (
    Provenance,
    StrictModel,
    fail,
    load_data_file,
    shipped_data_path,
)
from ziggurat.core.hexgrid import Coord, axial_distance

GEMS = ("violet", "red", "white")
"""Gem and fountain colours in the order the engine numbers them (0..2)."""
GEM_LETTERS = "vrw"
VIOLET, RED, WHITE = range(3)

SHAPES = ("I", "V", "T")
ICONS = ("", "A", "S", "W")
"""Tile icons: none, assistant, skill, wild (either of the two)."""
NO_ICON, ASSISTANT_ICON, SKILL_ICON, WILD_ICON = range(4)

EffectName = Literal[
    "recruit",
    "bloom",
    "reserve",
    "free_can_step",
    "vp_per_assistant_on_map",
    "vp_per_fountain_controlled",
    "vp_per_tree_next_to_own_bed",
    "vp_per_tree_card",
    "vp_per_gem_on_board",
]
EFFECTS: tuple[str, ...] = get_args(EffectName)
"""Skill effects as the data file names them, in the order the engine numbers them."""

(
    RECRUIT,
    BLOOM,
    RESERVE,
    FREE_CAN_STEP,
    VP_PER_ASSISTANT,
    VP_PER_FOUNTAIN,
    VP_PER_TREE_NEXT_TO_BED,
    VP_PER_TREE_CARD,
    VP_PER_GEM_ON_BOARD,
) = range(len(EFFECTS))
END_EFFECTS = frozenset(range(VP_PER_ASSISTANT, len(EFFECTS)))

GemName = Literal["violet", "red", "white"]
ShapeName = Literal["I", "V", "T"]
PlayerCount = Literal["2", "3", "4"]
Cell = Annotated[list[int], Field(min_length=2, max_length=2)]
"""A hex ``[q, r]`` in axial coordinates."""
PLAYER_COUNTS = (2, 3, 4)


class Rocks(StrictModel):
    violet: list[Cell]
    red: list[Cell]
    white: list[Cell]


class Board(StrictModel):
    fountain: Cell
    tablets: list[Cell]
    rocks: Rocks


class Terrain(StrictModel):
    source: Provenance
    radius: int
    side_b: Literal["mirror"]
    note: str
    boards: dict[str, Board]


class Counted(StrictModel):
    value: int
    source: Provenance


class Layout(StrictModel):
    source: Provenance
    note: str
    centres: dict[str, Cell]
    presets: dict[PlayerCount, list[str]]
    boards_in_play: dict[PlayerCount, Counted]


class TileShapes(StrictModel):
    source: Provenance
    note: str
    shapes: dict[ShapeName, list[Cell]]


class Tile(StrictModel):
    id: str
    shape: ShapeName
    start: bool
    spaces: list[int]
    icon: Literal["A", "S", "W"] | None
    icon_space: int | None


class Tiles(StrictModel):
    source: Provenance
    note: str
    tiles: list[Tile]


class IconInfo(StrictModel):
    name: str
    text: str


class Icons(StrictModel):
    source: Provenance
    note: str
    icons: dict[Literal["A", "S", "W"], IconInfo]


class Cups(StrictModel):
    source: Provenance
    shapes: list[ShapeName]


class Token(StrictModel):
    id: str
    spaces: list[int]


class Tokens(StrictModel):
    source: Provenance
    tokens: list[Token]


class TreeCard(StrictModel):
    id: str
    cost: dict[GemName, int]
    vp: int


class TreeCards(StrictModel):
    source: Provenance
    note: str
    cards: list[TreeCard]


class Trees(StrictModel):
    source: Provenance
    markers: int
    market_size: int


class FountainColour(StrictModel):
    count: int
    vp: int
    source: Provenance
    note: str | None = None


class Fountains(StrictModel):
    colours: dict[GemName, FountainColour]


class Gems(StrictModel):
    source: Provenance
    note: str
    stock: dict[GemName, int]


class Players(StrictModel):
    source: Provenance
    assistants_per_colour: int
    assistants_in_supply: int
    assistants_on_carpet: int
    start_gems: dict[GemName, int]


class Costs(StrictModel):
    source: Provenance
    watering_can_step_gems: int
    skill_gems: int


class End(StrictModel):
    source: Provenance
    empty_stacks: int


class Skill(StrictModel):
    id: str
    level: Literal["lower", "upper"]
    column: int
    name: str
    text: str
    effect: EffectName
    amount: int
    per_gem: dict[GemName, int] | None


class Skills(StrictModel):
    source: Provenance
    note: str
    skills: list[Skill]


class IshtarDataFile(StrictModel):
    game: Literal["ishtar"]
    title: str
    note: str
    terrain: Terrain
    layout: Layout
    tile_shapes: TileShapes
    tiles: Tiles
    icons: Icons
    cups: Cups
    regular_tiles_per_stack: dict[PlayerCount, Counted]
    blooming_tokens: Tokens
    tree_cards: TreeCards
    trees: Trees
    fountains: Fountains
    gems: Gems
    players: Players
    costs: Costs
    end: End
    skills: Skills


def _check_boards(data: IshtarDataFile, source: str) -> None:
    radius = data.terrain.radius
    if radius < 1:
        raise fail(source, "terrain.radius", "at least 1")
    if not data.terrain.boards:
        raise fail(source, "terrain.boards", "at least one board")
    for board_id, board in data.terrain.boards.items():
        where = f"terrain.boards.{board_id}"
        if not board_id.isalnum():
            raise fail(source, where, "board ids are letters and digits, like 'B1'")
        cells: list[tuple[str, Coord]] = [("fountain", (board.fountain[0], board.fountain[1]))]
        cells += [("tablets", (c[0], c[1])) for c in board.tablets]
        for colour in GEMS:
            cells += [(f"rocks.{colour}", (c[0], c[1])) for c in getattr(board.rocks, colour)]
        seen: set[Coord] = set()
        for field, cell in cells:
            if axial_distance(cell, (0, 0)) > radius:
                raise fail(
                    source, f"{where}.{field}", f"{list(cell)} is off a radius-{radius} board"
                )
            if cell in seen:
                raise fail(source, f"{where}.{field}", f"{list(cell)} is listed twice")
            seen.add(cell)


def _check_tiles(data: IshtarDataFile, source: str) -> None:
    shapes = data.tile_shapes.shapes
    for name in SHAPES:
        cells = shapes.get(name)  # type: ignore[call-overload]
        if cells is None or len(cells) != 3 or len({tuple(c) for c in cells}) != 3:
            raise fail(source, f"tile_shapes.shapes.{name}", "three different spaces")
        if tuple(cells[0]) != (0, 0):
            raise fail(source, f"tile_shapes.shapes.{name}", "space 0 is (0, 0)")
    ids = [t.id for t in data.tiles.tiles]
    if len(set(ids)) != len(ids):
        raise fail(source, "tiles.tiles", "tile ids must be distinct")
    for i, tile in enumerate(data.tiles.tiles):
        where = f"tiles.tiles[{i}]"
        if len(tile.spaces) != 3 or any(not 0 <= f <= 9 for f in tile.spaces):
            raise fail(source, f"{where}.spaces", "three spaces of 0 (grass) to 9 flowers")
        if not any(tile.spaces):
            raise fail(source, f"{where}.spaces", "no tile is all grass")
        if (tile.icon is None) != (tile.icon_space is None):
            raise fail(source, f"{where}.icon_space", "set exactly when the tile has an icon")
        if tile.icon_space is not None and (
            not 0 <= tile.icon_space < 3 or not tile.spaces[tile.icon_space]
        ):
            raise fail(source, f"{where}.icon_space", "the icon lies on a flower space (0..2)")
    missing = [icon for icon in ICONS[1:] if icon not in data.icons.icons]
    if missing:
        raise fail(source, "icons.icons", f"the words of every icon: {', '.join(missing)} missing")
    cups = data.cups.shapes
    for name in SHAPES:
        n_cups = cups.count(name)  # type: ignore[arg-type]
        starts = sum(1 for t in data.tiles.tiles if t.shape == name and t.start)
        regular = sum(1 for t in data.tiles.tiles if t.shape == name and not t.start)
        if n_cups == 0:
            raise fail(source, "cups.shapes", f"at least one cup of shape {name}")
        if starts != n_cups:
            raise fail(source, "tiles.tiles", f"{n_cups} start tiles of shape {name}, one per cup")
        for count, per_stack in data.regular_tiles_per_stack.items():
            if per_stack.value < 1 or n_cups * per_stack.value > regular:
                raise fail(
                    source,
                    f"regular_tiles_per_stack.{count}",
                    f"{n_cups} stacks of {per_stack.value} need more than the {regular} "
                    f"regular {name} tiles",
                )


def check_consistency(data: IshtarDataFile, source: str) -> None:
    """Raise :class:`DataFileError` for the first fact the schema alone cannot check."""
    _check_boards(data, source)
    layout = data.layout
    boards = data.terrain.boards
    for count in map(str, PLAYER_COUNTS):
        if count not in layout.presets or count not in layout.boards_in_play:
            raise fail(source, "layout", f"a preset and a board count for {count} players")
        if count not in data.regular_tiles_per_stack:
            raise fail(source, "regular_tiles_per_stack", f"a value for {count} players")
        preset = layout.presets[count]  # type: ignore[index]
        wanted = layout.boards_in_play[count].value  # type: ignore[index]
        if len(preset) != wanted or len(set(preset)) != wanted:
            raise fail(source, f"layout.presets.{count}", f"{wanted} different centres")
        if wanted > len(boards):
            raise fail(source, f"layout.boards_in_play.{count}", f"only {len(boards)} boards")
        for name in preset:
            if name not in layout.centres:
                raise fail(source, f"layout.presets.{count}", f"unknown centre {name!r}")
    _check_tiles(data, source)
    tokens = data.blooming_tokens.tokens
    if len({t.id for t in tokens}) != len(tokens):
        raise fail(source, "blooming_tokens.tokens", "token ids must be distinct")
    for i, token in enumerate(tokens):
        if len(token.spaces) not in (1, 2) or any(f < 1 for f in token.spaces):
            raise fail(source, f"blooming_tokens.tokens[{i}].spaces", "1 or 2 spaces of >= 1")
    cards = data.tree_cards.cards
    if len({c.id for c in cards}) != len(cards):
        raise fail(source, "tree_cards.cards", "card ids must be distinct")
    for i, card in enumerate(cards):
        if any(card.cost.get(g, 0) < 0 for g in GEMS) or card.vp < 0:
            raise fail(source, f"tree_cards.cards[{i}]", "costs and vp must be >= 0")
    trees = data.trees
    if trees.market_size < 1 or trees.markers < trees.market_size:
        raise fail(source, "trees", "market_size >= 1 and markers >= market_size")
    if len(cards) < trees.market_size:
        raise fail(source, "tree_cards.cards", "fewer cards than the market holds")
    colours = data.fountains.colours
    if set(colours) != set(GEMS):
        raise fail(source, "fountains.colours", "violet, red and white")
    most_boards = max(layout.boards_in_play[str(c)].value for c in PLAYER_COUNTS)  # type: ignore[index]
    if sum(c.count for c in colours.values()) < most_boards:
        raise fail(source, "fountains.colours", f"at least {most_boards} fountains")
    p = data.players
    if min(p.assistants_in_supply, p.assistants_on_carpet) < 0 or (
        p.assistants_in_supply + p.assistants_on_carpet > p.assistants_per_colour
    ):
        raise fail(source, "players", "supply + carpet assistants within the colour's")
    if any(p.start_gems.get(g, 0) < 0 for g in GEMS):
        raise fail(source, "players.start_gems", "must be >= 0")
    if data.costs.watering_can_step_gems < 0 or data.costs.skill_gems < 0:
        raise fail(source, "costs", "must be >= 0")
    if not 1 <= data.end.empty_stacks <= len(data.cups.shapes):
        raise fail(source, "end.empty_stacks", f"1..{len(data.cups.shapes)}")
    skills = data.skills.skills
    if len({s.id for s in skills}) != len(skills):
        raise fail(source, "skills.skills", "skill ids must be distinct")
    columns = sorted({s.column for s in skills})
    for column in columns:
        levels = sorted(s.level for s in skills if s.column == column)
        if levels != ["lower", "upper"]:
            raise fail(source, "skills.skills", f"column {column}: one lower and one upper skill")
    for i, skill in enumerate(skills):
        if (skill.effect == "vp_per_gem_on_board") != (skill.per_gem is not None):
            raise fail(source, f"skills.skills[{i}].per_gem", "set exactly for vp_per_gem_on_board")
        if skill.amount < 0:
            raise fail(source, f"skills.skills[{i}].amount", "must be >= 0")


class IshtarData:
    """The data file as the engine reads it: plain tuples and ints."""

    __slots__ = (
        "assistants_in_supply",
        "assistants_on_carpet",
        "assistants_per_colour",
        "board_ids",
        "boards",
        "boards_in_play",
        "can_step_gems",
        "card_cost",
        "card_ids",
        "card_vp",
        "centres",
        "cups",
        "end_empty_stacks",
        "file",
        "fountain_counts",
        "fountain_vp",
        "gem_stock",
        "icon_names",
        "icon_texts",
        "market_size",
        "presets",
        "radius",
        "regular_per_stack",
        "shapes",
        "skill_amount",
        "skill_column",
        "skill_effect",
        "skill_gems",
        "skill_ids",
        "skill_lower",
        "skill_names",
        "skill_per_gem",
        "skill_texts",
        "skill_upper",
        "start_gems",
        "tile_flowers",
        "tile_icon",
        "tile_icon_space",
        "tile_ids",
        "tile_shape",
        "tile_start",
        "token_ids",
        "token_spaces",
        "tree_markers",
    )

    def __init__(self, file: IshtarDataFile) -> None:
        self.file = file
        self.radius = file.terrain.radius
        self.board_ids: tuple[str, ...] = tuple(sorted(file.terrain.boards))
        # board id -> (fountain, tablets, ((cell, colour), ...)) in board-local coordinates
        self.boards: dict[str, tuple[Coord, tuple[Coord, ...], tuple[tuple[Coord, int], ...]]] = {}
        for board_id in self.board_ids:
            b = file.terrain.boards[board_id]
            rocks = tuple(
                (tuple(c), g)  # type: ignore[misc]
                for g, colour in enumerate(GEMS)
                for c in getattr(b.rocks, colour)
            )
            self.boards[board_id] = (
                tuple(b.fountain),  # type: ignore[dict-item]
                tuple(tuple(c) for c in b.tablets),  # type: ignore[misc]
                rocks,  # type: ignore[dict-item]
            )
        self.centres: dict[str, Coord] = {k: tuple(v) for k, v in file.layout.centres.items()}  # type: ignore[misc]
        self.presets: dict[int, tuple[str, ...]] = {
            int(k): tuple(v) for k, v in file.layout.presets.items()
        }
        self.boards_in_play = {int(k): v.value for k, v in file.layout.boards_in_play.items()}
        self.shapes: dict[str, tuple[Coord, ...]] = {
            k: tuple(tuple(c) for c in v)  # type: ignore[misc]
            for k, v in file.tile_shapes.shapes.items()
        }
        tiles = file.tiles.tiles
        self.tile_ids: tuple[str, ...] = tuple(t.id for t in tiles)
        self.tile_shape: tuple[str, ...] = tuple(t.shape for t in tiles)
        self.tile_start: tuple[bool, ...] = tuple(t.start for t in tiles)
        self.tile_flowers: tuple[tuple[int, int, int], ...] = tuple(
            (t.spaces[0], t.spaces[1], t.spaces[2]) for t in tiles
        )
        self.tile_icon: tuple[int, ...] = tuple(ICONS.index(t.icon or "") for t in tiles)
        self.tile_icon_space: tuple[int, ...] = tuple(
            -1 if t.icon_space is None else t.icon_space for t in tiles
        )
        # by icon number (ICONS): "" for no icon
        icons = file.icons.icons
        self.icon_names: tuple[str, ...] = tuple(icons[i].name if i else "" for i in ICONS)  # type: ignore[index]
        self.icon_texts: tuple[str, ...] = tuple(icons[i].text if i else "" for i in ICONS)  # type: ignore[index]
        self.cups: tuple[str, ...] = tuple(file.cups.shapes)
        self.regular_per_stack = {int(k): v.value for k, v in file.regular_tiles_per_stack.items()}
        tokens = file.blooming_tokens.tokens
        self.token_ids: tuple[str, ...] = tuple(t.id for t in tokens)
        self.token_spaces: tuple[tuple[int, ...], ...] = tuple(tuple(t.spaces) for t in tokens)
        cards = file.tree_cards.cards
        self.card_ids: tuple[str, ...] = tuple(c.id for c in cards)
        self.card_cost: tuple[tuple[int, int, int], ...] = tuple(
            (c.cost.get("violet", 0), c.cost.get("red", 0), c.cost.get("white", 0)) for c in cards
        )
        self.card_vp: tuple[int, ...] = tuple(c.vp for c in cards)
        self.tree_markers = file.trees.markers
        self.market_size = file.trees.market_size
        colours = file.fountains.colours
        self.fountain_counts: tuple[int, ...] = tuple(colours[g].count for g in GEMS)  # type: ignore[index]
        self.fountain_vp: tuple[int, ...] = tuple(colours[g].vp for g in GEMS)  # type: ignore[index]
        self.gem_stock: tuple[int, ...] = tuple(file.gems.stock.get(g, 0) for g in GEMS)  # type: ignore[call-overload]
        p = file.players
        self.assistants_per_colour = p.assistants_per_colour
        self.assistants_in_supply = p.assistants_in_supply
        self.assistants_on_carpet = p.assistants_on_carpet
        self.start_gems: tuple[int, ...] = tuple(p.start_gems.get(g, 0) for g in GEMS)  # type: ignore[call-overload]
        self.can_step_gems = file.costs.watering_can_step_gems
        self.skill_gems = file.costs.skill_gems
        self.end_empty_stacks = file.end.empty_stacks
        skills = sorted(file.skills.skills, key=lambda s: (s.level != "lower", s.column))
        self.skill_ids: tuple[str, ...] = tuple(s.id for s in skills)
        self.skill_names: tuple[str, ...] = tuple(s.name for s in skills)
        self.skill_texts: tuple[str, ...] = tuple(s.text for s in skills)
        self.skill_column: tuple[int, ...] = tuple(s.column for s in skills)
        self.skill_effect: tuple[int, ...] = tuple(EFFECTS.index(s.effect) for s in skills)
        self.skill_amount: tuple[int, ...] = tuple(s.amount for s in skills)
        self.skill_per_gem: tuple[tuple[int, int, int], ...] = tuple(
            (0, 0, 0) if s.per_gem is None else tuple(s.per_gem.get(g, 0) for g in GEMS)  # type: ignore[misc]
            for s in skills
        )
        self.skill_upper: tuple[bool, ...] = tuple(s.level == "upper" for s in skills)
        # skill index -> the index of the lower skill it needs (-1 for a lower skill)
        lower_of = {s.column: i for i, s in enumerate(skills) if s.level == "lower"}
        self.skill_lower: tuple[int, ...] = tuple(
            lower_of[s.column] if s.level == "upper" else -1 for s in skills
        )


def default_data_path() -> Path:
    return shipped_data_path("ziggurat.games.ishtar", "ishtar.json")


def load_data(path: Path | None = None) -> tuple[IshtarData, str]:
    """Load and check an Ishtar data file; returns the data and its version hash."""
    file, version = load_data_file(path or default_data_path(), IshtarDataFile, check_consistency)
    return IshtarData(file), version
