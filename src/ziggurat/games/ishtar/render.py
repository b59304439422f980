"""Ishtar in the terminal: the gardens, the carpet, the tree market, the players and the log,
drawn with rich.

Everything drawn comes from ``state.view(seat)`` (a JSON-ready dict, see :mod:`.views`) and
never from the state's hidden fields, so a drawing holds nothing the viewing seat could not
see at the table: another seat's tree cards are a count (and their points a ``?``) until the
game ends, the tiles under each stack's top are a number. The log's words are the game's own
:meth:`~.game.IshtarGame.describe_action`, and under them what the engine recorded the move
caused (:mod:`.events`: the tile taken, the gems collected, the card bought, the market
refill), as the viewing seat may read it. The rule facts in the texts (what an icon allows,
what the player to move does, how the can and the skills are paid, where a tile's spaces lie
at each rotation) are the view's too.

This module is the game's *terminal front end*: the game-agnostic loop in
:mod:`ziggurat.terminal` finds it by the game's name and calls :func:`render_view`,
:func:`move_note`, :func:`note_text`, :func:`group_moves`, :func:`move_hint`,
and reads :data:`NOTATION_HELP` / :data:`NOTATION_EXAMPLES`. What every
game's front end shares (the seat labels, the log's lines, the screen's plumbing) is
:mod:`ziggurat.render_kit`; this module draws the map, the carpet, the market and the players.

The map. Hexes are axial ``q,r`` with pointy tops and ``r`` growing downward (rules reference
§3.1). Each row ``r`` takes two text lines: the hexes' contents (3 characters each, one hex
every 4 columns) and, under each hex, its ``q`` in grey; the row's ``r`` stands at both ends.
A row sits half a hex to the right of the row above (column ``2q + r``), so a hex's six
neighbours are the two beside it and two in each of the rows above and below - gardens and
flowerbeds keep their true shapes - and the coordinates to type are read off the screen,
never counted. Four columns per hex keep the four-player map (222 hexes) under 100 columns.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ziggurat import render_kit as kit
from ziggurat.render_shared import (
    DIM,
    Seats,
    beside,
    joined,
    lines_text,
    plain_table,
    plural,
    widest,
)

from .actions import NOTATION_HELP as _ENGINE_NOTATION_HELP

if TYPE_CHECKING:
    from .actions import IshtarAction
    from .state import IshtarState

NOTATION_HELP = _ENGINE_NOTATION_HELP
NOTATION_EXAMPLES = (
    "take 3  take 4 pay vr  place 2,-1 r5  assistant  skill L1 pay vv  no action  buy 0  "
    "plant 2,0  end turn"
)

Coord = tuple[int, int]

HEX_WIDTH = 4  # columns from one hex to the next in a row: 3 of content, then a gap
SIDE_MIN = 38  # the carpet, market and fountains go beside the map with this many columns
LEGEND_WIDTH = 72  # the widest line of the legend
LABEL = "grey46"  # the q under each hex and the r at the ends of a row

SEAT_COLOURS = ("dark_orange", "dodger_blue1", "gold1", "orchid1")
SEATS = Seats(tuple(f"bold {colour}" for colour in SEAT_COLOURS))
GEM_LETTERS = {"violet": "v", "red": "r", "white": "w"}
GEM_STYLES = {"violet": "bold medium_purple1", "red": "bold red1", "white": "bold bright_white"}
GARDEN_BG = "dark_green"  # every hex covered by a vegetation tile
SAND_STYLES = ("wheat4", "tan", "light_goldenrod3", "khaki3")  # by board, so the seams show
TABLET_STYLE = "grey42"
FOUNTAIN_BG = "navy_blue"
GRASS_STYLE = f"green3 on {GARDEN_BG}"
TREE_STYLE = f"bold bright_green on {GARDEN_BG}"
FREE_FLOWER_STYLE = f"bold pink1 on {GARDEN_BG}"
RECENT_STYLE = " underline"  # the tiles placed this turn and last turn
ICON_STYLE = " reverse"  # the placed tile's icon while its special action is pending

SHAPE_NAMES = {"I": "straight", "V": "bent", "T": "triangle"}

_TAKE_RE = re.compile(r"^(take|discard) (\d+)(?: pay ([vrw]+))?$")
_PLACE_RE = re.compile(r"^place (-?\d+),(-?\d+) r(\d)$")
_SKILL_RE = re.compile(r"^skill (\w+)(?: pay ([vrw]+))?$")
_BLOOM_RE = re.compile(r"^bloom ([\d+]+) at (.+)$")
_SLOT_RE = re.compile(r"^(buy|reserve) (\d+|reserved)$")
_PLANT_RE = re.compile(r"^plant (-?\d+,-?\d+)$")


seat_style = SEATS.style
seat_label = SEATS.label


def _bed_style(owner: int) -> str:
    return f"bold black on {SEAT_COLOURS[owner % len(SEAT_COLOURS)]}"


def _coord(entry: Sequence[int]) -> Coord:
    return entry[0], entry[1]


def _hex_text(coord: Sequence[int]) -> str:
    return f"{coord[0]},{coord[1]}"


def _over(view: dict[str, Any]) -> bool:
    return bool(view["phase"] == "over")


# --------------------------------------------------------------------------- small pieces


def gems_rich(gems: dict[str, int], *, empty: str = "none") -> Text:
    """``3v 1r`` with each colour in its own style; ``empty`` when there are none."""
    counts = ((colour, letter, gems.get(colour, 0)) for colour, letter in GEM_LETTERS.items())
    shown = (Text(f"{c}{letter}", style=GEM_STYLES[colour]) for colour, letter, c in counts if c)
    return joined(shown, empty=empty)


def _gems_plain(gems: dict[str, int]) -> str:
    return " ".join(f"{c}{GEM_LETTERS[g]}" for g, c in gems.items() if c) or "nothing"


def _gem_words(gems: dict[str, int]) -> str:
    parts = [f"{c} {g}" for g, c in gems.items() if c]
    total = sum(gems.values())
    return ", ".join(parts) + (" gem" if total == 1 else " gems")


def space_text(flowers: int, icon: str | None = None) -> str:
    """One space of a tile as printed in the tables: ``2*`` (2 flowers) or ``,,`` (grass),
    with its icon in brackets: ``2*[A]``."""
    text = f"{flowers}*" if flowers else ",,"
    return text + (f"[{icon}]" if icon else "")


def tile_rich(tile: dict[str, Any], *, with_id: bool = True) -> Text:
    """``T07 ,, 2*[S] 2*``: the tile's id and its spaces 0, 1, 2 (rotation 0)."""
    text = Text(tile["id"] + " " if with_id else "", style="bold")
    for i, flowers in enumerate(tile["spaces"]):
        if i:
            text.append(" ")
        icon = tile["icon"] if tile["icon_space"] == i else None
        text.append(space_text(flowers, icon), style="bold pink1" if flowers else "green3")
    return text


def tile_plain(tile: dict[str, Any]) -> str:
    return tile_rich(tile).plain


def card_rich(card: dict[str, Any]) -> Text:
    """``TC12 3v 1r → 6 VP``: a tree card, its cost and its points."""
    text = Text(card["id"], style="bold")
    text.append(" ")
    text.append_text(gems_rich(card["cost"], empty="free"))
    text.append(f" → {card['vp']} VP")
    return text


def _card_plain(card: dict[str, Any]) -> str:
    return f"{card['id']} ({_gems_plain(card['cost'])}, {card['vp']} VP)"


# --------------------------------------------------------------------------- the map


@dataclass(frozen=True, slots=True)
class Cell:
    """How one hex is drawn: its 3 characters, their style, the background of the whole hex
    (also behind its q label; "" for none) and the flowerbed it belongs to (-1 for none)."""

    text: str
    style: str
    bg: str = ""
    bed: int = -1
    garden: bool = False


def _board_tones(hexes: Sequence[dict[str, Any]]) -> dict[int, int]:
    """A sand tone per terrain board, touching boards told apart (greedy colouring)."""
    where = {_coord(h["hex"]): h["board"] for h in hexes}
    touching: dict[int, set[int]] = {b: set() for b in where.values()}
    for (q, r), board in where.items():
        for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
            other = where.get((q + dq, r + dr))
            if other is not None and other != board:
                touching[board].add(other)
    tones: dict[int, int] = {}
    for board in sorted(touching):
        used = {tones[b] for b in touching[board] if b in tones}
        free = [t for t in range(len(SAND_STYLES)) if t not in used]
        tones[board] = free[0] if free else 0
    return tones


def _terrain_cells(view: dict[str, Any]) -> dict[Coord, Cell]:
    """The bare terrain: sand, rocks (with their gem while it lies there), tablets, fountains."""
    m = view["map"]
    tones = _board_tones(m["hexes"])
    cells: dict[Coord, Cell] = {}
    for h in m["hexes"]:
        kind = h["kind"]
        if kind == "rock":
            colour = h["rock"]
            if h["gem"]:
                cell = Cell(f"[{GEM_LETTERS[colour]}]", GEM_STYLES[colour])
            else:
                cell = Cell("[ ]", DIM)
        elif kind == "tablet":
            cell = Cell("###", TABLET_STYLE)
        elif kind == "fountain":
            cell = Cell("~?~", f"bold white on {FOUNTAIN_BG}", FOUNTAIN_BG)
        else:
            cell = Cell(" · ", SAND_STYLES[tones[h["board"]] % len(SAND_STYLES)])
        cells[_coord(h["hex"])] = cell
    for f in m["fountains"]:
        colour = f["colour"]
        style = f"{GEM_STYLES[colour]} on {FOUNTAIN_BG}"
        cells[_coord(f["hex"])] = Cell(f"~{colour[0].upper()}~", style, FOUNTAIN_BG)
    return cells


def recent_hexes(view: dict[str, Any]) -> set[Coord]:
    """The hexes of the tiles placed this turn and last turn (from the view's turn records),
    so a player sees at once what changed while they waited."""
    ids = set()
    for record in (view.get("this_turn"), view.get("last_turn")):
        if record and record["tile"] and not record["discarded"]:
            ids.add(record["tile"]["id"])
    return {
        _coord(space["hex"])
        for tile in view["map"]["tiles"]
        if tile["id"] in ids
        for space in tile["spaces"]
    }


def map_cells(view: dict[str, Any]) -> dict[Coord, Cell]:
    """Every hex's drawing: terrain, then the tiles (grass, flowers by bed owner), blooming
    tokens, trees and assistants on top."""
    m = view["map"]
    cells = _terrain_cells(view)
    flowers: dict[Coord, tuple[int, bool]] = {}  # hex -> (flowers on top, from a token)
    for tile in m["tiles"]:
        for space in tile["spaces"]:
            flowers[_coord(space["hex"])] = (space["flowers"], False)
    for token in m["tokens"]:
        for space in token["spaces"]:
            flowers[_coord(space["hex"])] = (space["flowers"], True)
    bed_of: dict[Coord, int] = {}
    for i, bed in enumerate(m["flowerbeds"]):
        for hx in bed["hexes"]:
            bed_of[_coord(hx)] = i
    trees = {_coord(t["hex"]) for t in m["trees"]}
    helpers = {_coord(a["hex"]): a["seat"] for a in m["assistants"]}
    recent = recent_hexes(view)
    icon = _coord(view["icon_hex"]) if view.get("icon_hex") and view["phase"] == "action" else None
    for coord, (count, token) in flowers.items():
        if count:
            bed = bed_of.get(coord, -1)
            owner = m["flowerbeds"][bed]["owner"] if bed >= 0 else -1
            seat = helpers.get(coord)
            mark = "+" if token else "*"
            text = f"{count}{mark} " if seat is None else f"{count}A{seat}"
            if owner >= 0:
                cell = Cell(text, _bed_style(owner), SEAT_COLOURS[owner], bed, True)
            else:
                cell = Cell(text, FREE_FLOWER_STYLE, GARDEN_BG, bed, True)
        elif coord in trees:
            cell = Cell(" ♣ ", TREE_STYLE, GARDEN_BG, garden=True)
        else:
            cell = Cell(",,,", GRASS_STYLE, GARDEN_BG, garden=True)
        style = cell.style + (RECENT_STYLE if coord in recent else "")
        if coord == icon:
            style += ICON_STYLE
        cells[coord] = Cell(cell.text, style, cell.bg, cell.bed, cell.garden)
    return cells


def _gap_bg(cell: Cell, right: Cell | None, beds: Sequence[dict[str, Any]]) -> str:
    """The background between two neighbours of a row: one garden's tiles join up (tiles
    that touch are one garden), and an owned flowerbed in its owner's colour."""
    if right is None or not (cell.garden and right.garden):
        return ""
    if cell.bed >= 0 and cell.bed == right.bed and beds[cell.bed]["owner"] >= 0:
        return SEAT_COLOURS[beds[cell.bed]["owner"] % len(SEAT_COLOURS)]
    return GARDEN_BG


def render_map(view: dict[str, Any], *, right_labels: bool = True) -> Text:
    """The map, two lines per row: contents, then each hex's ``q`` under it; ``r`` at the
    left (and at the right unless ``right_labels`` is false)."""
    cells = map_cells(view)
    beds = view["map"]["flowerbeds"]
    column = {c: 2 * c[0] + c[1] for c in cells}
    left = min(column.values())
    width = 2 * (max(column.values()) - left) + HEX_WIDTH
    lines: list[Text] = []
    for r in sorted({r for _, r in cells}):
        top = Text(f"{r:>3} ", style=LABEL)
        bottom = Text("    ")
        pos = 0
        for coord in sorted(c for c in cells if c[1] == r):
            cell = cells[coord]
            start = 2 * (column[coord] - left)
            top.append(" " * (start - pos))
            bottom.append(" " * (start - pos))
            top.append(cell.text, style=cell.style)
            bottom.append(f"{coord[0]:>3}", style=LABEL + (f" on {cell.bg}" if cell.bg else ""))
            gap = _gap_bg(cell, cells.get((coord[0] + 1, r)), beds)
            top.append(" ", style=f"on {gap}" if gap else "")
            bottom.append(" ", style=f"on {gap}" if gap else "")
            pos = start + HEX_WIDTH
        if right_labels:
            top.append(" " * (width - pos))
            top.append(f"{r}", style=LABEL)
        lines += [top, bottom]
    return lines_text(lines, crop=True)


def render_legend(view: dict[str, Any]) -> Text:
    """What the map's symbols mean, in lines of at most :data:`LEGEND_WIDTH` columns."""
    own = view["seat"] if view["seat"] is not None else 0
    legend = Text("Type a hex as q,r: r stands at the ends of its row, q under the hex.\n")
    legend.stylize(DIM)
    legend.append(" · ", style=SAND_STYLES[0])
    legend.append(" sand ")
    legend.append("[v]", style=GEM_STYLES["violet"])
    legend.append("[r]", style=GEM_STYLES["red"])
    legend.append("[w]", style=GEM_STYLES["white"])
    legend.append(" rock with its gem ")
    legend.append("###", style=TABLET_STYLE)
    legend.append(" tablet ")
    legend.append("~W~", style=f"{GEM_STYLES['white']} on {FOUNTAIN_BG}")
    legend.append(" fountain (V R W)\n")
    legend.append(",,,", style=GRASS_STYLE)
    legend.append(" grass ")
    legend.append(" ♣ ", style=TREE_STYLE)
    legend.append(" tree ")
    legend.append("2* ", style=FREE_FLOWER_STYLE)
    legend.append(" 2 flowers ")
    legend.append("2+ ", style=FREE_FLOWER_STYLE)
    legend.append(" blooming token ")
    legend.append(f"2A{own}", style=_bed_style(own))
    legend.append(f" assistant of seat {own}\n")
    legend.append("Beds take their owner's colour. ")
    legend.append("Underlined", style="underline")
    legend.append(": the last two turns' tiles.")
    return legend


# --------------------------------------------------------------------------- the status


def status_text(view: dict[str, Any], names: Sequence[str] | None = None) -> Text:
    """Whose turn it is and what they are deciding, and the last-round warning."""
    viewer = view["seat"]
    if _over(view):
        return kit.game_over_text(view["winners"], SEATS, names, viewer)
    n = len(view["players"])
    turn = view["turn"]
    heading = f"Round {turn // n + 1}, turn {turn + 1}: "
    text = kit.turn_heading(heading, view["current"], SEATS, names, viewer)
    text.append(" ")
    text.append_text(_phase_text(view))
    if view["end_triggered"]:
        last = (view["first"] - 1) % n
        text.append("\nLast round: ", style="bold yellow")
        text.append(f"{_empty_stacks(view)}; the game ends after the turn of ")
        text.append_text(seat_label(last, names, viewer))
    return text


def _empty_stacks(view: dict[str, Any]) -> str:
    """``"2 stacks are empty"``: how many stacks of the carpet are empty, as the view shows
    them (what makes a round the last is the engine's ``end_triggered``)."""
    empty = sum(1 for stack in view["stacks"] if not stack["size"])
    return f"{plural(empty, 'stack')} {'is' if empty == 1 else 'are'} empty"


def _phase_text(view: dict[str, Any]) -> Text:
    """The view's ``task``, with what this screen shows of it: the can's rule and stack, the
    tile in hand, the icon's hex and what it allows, the card whose tree is planted."""
    phase = view["phase"]
    text = Text(view["task"])
    if phase == "choose":
        if view["can"] is not None:
            text.append(f" (the can stands on stack {view['can']})")
        text.append(f": {view['can_rule']}")
    elif phase == "place" and view["tile"]:
        text.append(" ")
        text.append_text(tile_rich(view["tile"]))
    elif phase == "action" and view["icon"]:
        icon = view["icon"]
        where = _hex_text(view["icon_hex"]) if view["icon_hex"] else "?"
        text.append(f" ({icon}) on {where}: {view['icons'][icon]['text']}")
    elif phase == "plant" and view["planting"]:
        text.append(" (")
        text.append_text(card_rich(view["planting"]))
        text.append(")")
    elif phase == "bloom":
        text.append(f" ({view['bloom_left']} more at most)")
    return text


# --------------------------------------------------------------------------- carpet, market


def carpet_table(view: dict[str, Any]) -> Group:
    """The six stacks around the carpet: cup shape, tiles left, the face-up top tile; the
    watering can's stack marked ▶; then the blooming tokens and spare assistants."""
    can = view["can"]
    title = Text("Carpet ", style="bold")
    title.append(
        "(the watering can is not out yet)" if can is None else f"(▶ the watering can: {can})",
        style=DIM,
    )
    table = plain_table()
    table.add_column("", width=1, no_wrap=True)
    table.add_column("#", justify="right")
    table.add_column("cup", no_wrap=True)
    table.add_column("tiles", justify="right")
    table.add_column("top (0 1 2)", no_wrap=True)
    for i, stack in enumerate(view["stacks"]):
        top = tile_rich(stack["top"]) if stack["top"] else Text("empty", style=DIM)
        table.add_row(
            Text("▶" if i == can else "", style="bold"),
            str(i),
            stack["shape"],
            str(stack["size"]),
            top,
        )
    parts: list[RenderableType] = [title, table]
    carpet = view["carpet"]
    tokens = Text("Blooming tokens: ", style="bold")
    counts: dict[str, int] = {}
    for token in carpet["tokens"]:
        pattern = f"[{'+'.join(map(str, token['spaces']))}]"
        counts[pattern] = counts.get(pattern, 0) + 1
    shown = " ".join(p + (f"×{c}" if c > 1 else "") for p, c in counts.items())
    tokens.append(shown or "none left", style="" if shown else DIM)
    parts.append(tokens)
    spare = Text("Spare assistants: ", style="bold")
    counts = enumerate(carpet["assistants"])
    shown = (Text(f"seat {s}×{count}", style=seat_style(s)) for s, count in counts if count)
    spare.append_text(joined(shown, empty="none"))
    parts.append(spare)
    if view["discarded"]:
        parts.append(Text(f"Discarded tiles: {' '.join(view['discarded'])}", style=DIM))
    return Group(*parts)


def market_table(view: dict[str, Any]) -> Group:
    """The five market slots: card, cost, points, and whether a tree stands on it (a card
    without a tree cannot be bought); the deck and the trees left in stock."""
    title = Text("Tree market ", style="bold")
    title.append(f"(deck {view['deck']}, trees in stock {view['tree_stock']})", style=DIM)
    table = plain_table()
    table.add_column("slot", justify="right")
    table.add_column("card", no_wrap=True)
    table.add_column("cost", no_wrap=True)
    table.add_column("VP", justify="right")
    table.add_column("tree", no_wrap=True)
    for slot in view["market"]:
        card = slot["card"]
        if card is None:
            table.add_row(str(slot["slot"]), Text("(empty)", style=DIM), "", "", "")
            continue
        tree = Text("♣", style="bold bright_green") if slot["tree"] else Text("no", style=DIM)
        table.add_row(
            str(slot["slot"]),
            Text(card["id"], style="bold"),
            gems_rich(card["cost"], empty="free"),
            str(card["vp"]),
            tree,
        )
    return Group(title, table)


def fountains_table(view: dict[str, Any]) -> Group:
    """Each fountain: colour, hex, points, the flower spaces each seat controls in its
    gardens (``p0``, ``p1``...), and who controls it (every seat tied for the most)."""
    m = view["map"]
    n = len(view["players"])
    title = Text("Fountains ", style="bold")
    title.append("(pN: seat N's flower spaces)", style=DIM)
    table = plain_table()
    table.add_column("", no_wrap=True)
    table.add_column("hex", no_wrap=True)
    table.add_column("VP", justify="right")
    for s in range(n):
        table.add_column(Text(f"p{s}", style=seat_style(s)), justify="right")
    table.add_column("control", no_wrap=True)
    for f, fountain in enumerate(m["fountains"]):
        colour = fountain["colour"]
        spaces = [0] * n
        for bed in m["flowerbeds"]:
            if bed["owner"] >= 0 and bed["fountain"] == f:
                spaces[bed["owner"]] += len(bed["hexes"])
        control = SEATS.numbers(fountain["controlled_by"], empty="nobody")
        table.add_row(
            Text(f"~{colour[0].upper()}~", style=f"{GEM_STYLES[colour]} on {FOUNTAIN_BG}"),
            _hex_text(fountain["hex"]),
            str(fountain["vp"]),
            *(Text(str(c), style="" if c else DIM) for c in spaces),
            control,
        )
    return Group(title, table)


# --------------------------------------------------------------------------- the players


def _points_cell(player: dict[str, Any]) -> Text:
    score = player["points"]
    text = Text(str(score["total"]), style="bold")
    if score["trees"] is None and player["tree_cards"]:
        text.append("+?", style=DIM)
    return text


def players_table(
    view: dict[str, Any], names: Sequence[str] | None = None, *, compact: bool = False
) -> Table:
    """One row per seat: points (another seat's face-down tree cards count as ``+?``) and
    their parts, gems, assistants in supply / on the carpet / on the map, tree cards."""
    viewer = view["seat"]
    over = _over(view)
    table = plain_table()
    table.add_column("", width=1, no_wrap=True)
    table.add_column("seat", no_wrap=True)
    table.add_column("pts", justify="right", no_wrap=True)
    for part in ("trees", "flowers", "fountains", "skills"):
        table.add_column(part, justify="right")
    table.add_column("gems", no_wrap=True)
    table.add_column("assistants", justify="center", no_wrap=True)
    table.add_column("tree cards", justify="right")
    for p in view["players"]:
        s = p["seat"]
        score = p["points"]
        trees = "?" if score["trees"] is None else str(score["trees"])
        table.add_row(
            "▶" if s == view["current"] and not over else "",
            seat_label(s, names, None if compact else viewer),
            _points_cell(p),
            trees,
            str(score["flowers"]),
            str(score["fountains"]),
            str(score["skills"]),
            gems_rich(p["gems"]),
            f"{p['assistants']} / {p['assistants_on_carpet']} / {p['assistants_on_map']}",
            str(p["tree_cards"]),
        )
    return table


def player_details(view: dict[str, Any], names: Sequence[str] | None = None) -> Group:
    """Per seat, what the table cannot hold: skills unlocked with the gems on them, tree
    cards (the viewer's own by id, everybody's once the game is over), the reserved card."""
    viewer = view["seat"]
    lines: list[RenderableType] = [
        Text("assistants: in supply / on the carpet / on the map", style=DIM)
    ]
    for p in view["players"]:
        line = Text("  ")
        line.append_text(seat_label(p["seat"], names, viewer))
        line.append(": skills ")
        skills = (
            Text.assemble((skill["id"], "bold cyan"), "(", gems_rich(skill["gems"], empty="-"), ")")
            for skill in p["skills"]
        )
        line.append_text(joined(skills, empty="none"))
        line.append(" · tree cards ")
        cards = p.get("trees")
        if cards is None:
            count = p["tree_cards"]
            line.append(f"{count} face down" if count else "none", style="" if count else DIM)
        elif cards:
            line.append(", ".join(f"{c['id']} ({c['vp']})" for c in cards))
        else:
            line.append("none", style=DIM)
        if p["reserved"]:
            line.append(" · reserved ")
            line.append_text(card_rich(p["reserved"]))
        lines.append(line)
    return Group(*lines)


def skills_board(view: dict[str, Any], *, full: bool = False, width: int = 120) -> Group:
    """The skill board, five columns of two levels, with who unlocked each skill (seat
    numbers in their colours). ``full`` adds each skill's text, for when one is chosen;
    below 100 columns the levels are lines that wrap rather than a table."""
    board = view["skill_board"]
    owners: dict[str, list[int]] = {}
    for p in view["players"]:
        for skill in p["skills"]:
            owners.setdefault(skill["id"], []).append(p["seat"])

    def label(skill: dict[str, Any]) -> Text:
        text = Text(skill["id"], style="bold cyan")
        text.append(f" {skill['name']}")
        text.append_text(_owners_text(owners.get(skill["id"], [])))
        return text

    head = Text("Skills ", style="bold")
    head.append(f"({view['skill_rule']})", style=DIM)
    if full:
        table = Table(box=None, padding=(0, 1), pad_edge=False, show_header=False)
        table.add_column(no_wrap=True)
        table.add_column()
        for skill in board:
            table.add_row(label(skill), skill["text"])
        return Group(head, table)
    columns = sorted({s["column"] for s in board})
    levels = [
        [next((s for s in board if s["level"] == lv and s["column"] == c), None) for c in columns]
        for lv in ("lower", "upper")
    ]
    if width < 100:
        lines = [Text(" · ").join(label(s) for s in level if s) for level in levels]
        return Group(head, *lines)
    table = Table(box=None, padding=(0, 2), pad_edge=False, show_edge=False, show_header=False)
    for _ in columns:
        table.add_column(no_wrap=True)
    for level in levels:
        table.add_row(*(label(s) if s else Text() for s in level))
    return Group(head, table)


def _owners_text(seats: Iterable[int]) -> Text:
    text = Text()
    for s in seats:
        text.append(f" {s}", style=seat_style(s) + " reverse")
    return text


# --------------------------------------------------------------------------- the tile in hand


def _turned(view: dict[str, Any], tile: dict[str, Any], rotation: int) -> list[Coord]:
    """Where spaces 0, 1, 2 of ``tile`` land from its anchor when turned ``rotation`` times
    60° clockwise (the view's ``tile_turns``: rules reference §3.4)."""
    return [(o[0], o[1]) for o in view["tile_turns"][tile["shape"]][rotation]]


def _drawing(tile: dict[str, Any], cells: Sequence[Coord], title: str) -> Text:
    """A tile's three spaces drawn as on the map, ``^`` under space 0 (the hex one names)."""
    column = {c: 2 * c[0] + c[1] for c in cells}
    left = min(column.values())
    lines = [Text(title)]
    for r in sorted({r for _, r in cells}):
        top, bottom = Text(), Text()
        pos = 0
        for space in sorted(range(3), key=lambda k: cells[k][0]):
            if cells[space][1] != r:
                continue
            start = 2 * (column[cells[space]] - left)
            top.append(" " * (start - pos))
            bottom.append(" " * (start - pos))
            flowers = tile["spaces"][space]
            icon = tile["icon"] if tile["icon_space"] == space else ""
            if flowers:
                top.append(f"{flowers}*{icon or ' '}", style=FREE_FLOWER_STYLE)
            else:
                top.append(",,,", style=GRASS_STYLE)
            bottom.append(" ^ " if space == 0 else "   ", style="bold")
            top.append(" ")
            bottom.append(" ")
            pos = start + HEX_WIDTH
        lines += [top, bottom]
    drawing = lines_text(lines)
    drawing.style = "bold"
    return drawing


def tile_panel(view: dict[str, Any]) -> Group | None:
    """While a tile waits to be placed: the tile and its six rotations as they would lie
    on the map, ``^`` under space 0, so that ``place q,r rK`` can be read off the screen."""
    tile = view["tile"]
    if tile is None or view["phase"] != "place":
        return None
    head = Text("Tile in hand: ", style="bold")
    head.append_text(tile_rich(tile))
    head.append(f" ({SHAPE_NAMES.get(tile['shape'], tile['shape'])}). ", style=DIM)
    head.append("place q,r rK puts the space marked ^ on hex q,r, turned K times 60°:", style=DIM)
    grid = Table.grid(padding=(0, 3))
    drawings = [_drawing(tile, _turned(view, tile, k), f"r{k}") for k in range(6)]
    for _ in drawings:
        grid.add_column(no_wrap=True)
    grid.add_row(*drawings)
    return Group(head, grid)


# --------------------------------------------------------------------------- turns and end


def _record_text(
    record: dict[str, Any], label: str, names: Sequence[str] | None, viewer: int | None
) -> Text:
    text = Text(f"{label}: ", style="bold")
    text.append_text(seat_label(record["seat"], names, viewer))
    tile = record["tile"]
    if tile is None:
        text.append(" has taken no tile yet")
    elif record["discarded"]:
        text.append(" discarded ")
        text.append_text(tile_rich(tile))
        text.append(" (it fitted nowhere)")
    else:
        text.append(" took ")
        text.append_text(tile_rich(tile))
    if any(record["gems"].values()):
        text.append(" · collected ")
        text.append_text(gems_rich(record["gems"]))
    if record["cards"]:
        text.append(" · bought ")
        text.append(", ".join(_card_plain(c) for c in record["cards"]))
    return text


def turns_text(view: dict[str, Any], names: Sequence[str] | None = None) -> Group:
    """What the table saw of this turn and the last: the tile, the gems, the cards bought."""
    lines: list[RenderableType] = []
    if view.get("this_turn") and not _over(view):
        lines.append(_record_text(view["this_turn"], "This turn", names, view["seat"]))
    if view.get("last_turn"):
        lines.append(_record_text(view["last_turn"], "Last turn", names, view["seat"]))
    return Group(*lines)


def final_panel(view: dict[str, Any], names: Sequence[str] | None = None) -> Group | None:
    """The final scoring, every part for every seat, best first, and the winners."""
    if not _over(view):
        return None
    table = plain_table()
    table.add_column("seat", no_wrap=True)
    for part in ("trees", "flowers", "fountains", "skills"):
        table.add_column(part, justify="right")
    table.add_column("total", justify="right", style="bold")
    players = view["players"]
    for s in kit.best_first([p["score"] for p in players]):
        score = players[s]["points"]
        table.add_row(
            seat_label(s, names, view["seat"]),
            *(str(score[part]) for part in ("trees", "flowers", "fountains", "skills")),
            str(score["total"]),
        )
    winners = kit.winners_line(view["winners"], SEATS, names)
    return Group(Text("Final scoring", style="bold"), table, winners)


# --------------------------------------------------------------------------- the move log


MoveNote = kit.LogNote
"""One action as the log shows it. The game's own words of an Ishtar move are the same for
every viewer, so ``private`` and ``public`` are the same :attr:`words`; ``seen`` are the
events it caused as each seat may read them (a bought card is named to its buyer alone);
``deltas`` are the public points it moved: another seat's face-down tree cards are left out
until the end."""


def _card_in(view: dict[str, Any], slot: int, seat: int) -> dict[str, Any] | None:
    """The card a ``buy``/``reserve`` names: a market slot, or (slot = market size) the
    seat's reserved card."""
    market = view["market"]
    if slot < len(market):
        card: dict[str, Any] | None = market[slot]["card"]
        return card
    reserved: dict[str, Any] | None = view["players"][seat]["reserved"]
    return reserved


def move_note(
    before: IshtarState, after: IshtarState, seat: int, action: IshtarAction, number: int
) -> MoveNote:
    """Describe ``action`` (by ``seat``, the ``number``-th of the game) for the log: the
    game's ``describe_action`` words, and the events the engine recorded (``after.events``)
    as each viewer may read them. The points are the public totals' changes (a seat's tree
    cards lie face down until the end); the move that ends the game shows the change of the
    full scores, everything being revealed then.
    """
    words: str = after.game.describe_action(action, seat, None)["words"]
    if after.is_terminal():
        deltas = kit.points_moved(before.scores(), after.scores())
    else:
        deltas = kit.points_moved(before.shown_scores(None), after.shown_scores(None))
    ends_turn = after.is_terminal() or after.turn != before.turn
    return MoveNote(number, seat, words, words, deltas, kit.events_seen(after), ends_turn)


# --------------------------------------------------------------------------- the screen


def _tables(view: dict[str, Any], room: int) -> RenderableType:
    """The carpet, the market and the fountains: stacked when beside the map (``room`` is
    the columns left there), else side by side under it as far as ``room`` allows."""
    parts = [carpet_table(view), market_table(view), fountains_table(view)]
    if room < 2 * SIDE_MIN + 2:
        return Group(parts[0], Text(), parts[1], Text(), parts[2])
    grid = Table.grid(padding=(0, 4))
    if room >= 3 * SIDE_MIN + 18:
        for _ in parts:
            grid.add_column()
        grid.add_row(*parts)
        return grid
    grid.add_column()
    grid.add_column()
    grid.add_row(parts[0], Group(parts[1], Text(), parts[2]))
    return grid


def _board(view: dict[str, Any], width: int) -> RenderableType:
    """The map and its legend, with the tables beside them when there is room (else below)."""
    for right_labels in (True, False):
        board_map = render_map(view, right_labels=right_labels)
        map_width = max(widest(board_map), LEGEND_WIDTH)
        if width - map_width - 2 >= SIDE_MIN:
            board = Group(board_map, render_legend(view))
            return beside(board, map_width, _tables(view, SIDE_MIN))
    board_map = render_map(view)
    if widest(board_map) > width:
        board_map = render_map(view, right_labels=False)
    return Group(board_map, render_legend(view), Text(), _tables(view, width))


def compose(view: dict[str, Any], frame: kit.Frame) -> RenderableType:
    """The whole screen for ``view``: the map with its legend and, beside it when
    :data:`SIDE_MIN` columns are left (else below), the carpet, the tree market and the
    fountains; then the players, the skills, the tile in hand, this turn and the last, the
    final scoring, the move log, and last the status - whose turn it is and what they
    decide - so that it stands right above the prompt of a screen taller than the window."""
    names, width = frame.names, frame.width
    choosing = (
        view["phase"] == "action"
        and view["icon"] in ("S", "W")
        and view["seat"] is not None
        and view["seat"] == view["current"]
    )
    turns = turns_text(view, names)
    return kit.stacked(
        _board(view, width),
        Group(players_table(view, names), player_details(view, names)),
        skills_board(view, full=choosing, width=width),
        tile_panel(view),
        turns if turns.renderables else None,
        final_panel(view, names),
        frame.log,
        status_text(view, names),
    )


FRONT_END = kit.FrontEnd(SEATS, compose)
render_view, view_text, state_text, note_text = FRONT_END.functions()


# --------------------------------------------------------------------------- input helpers


def _or_list(first: str, others: Sequence[str]) -> str:
    return first + (f" (or pay {', '.join(others)})" if others else "")


def _take_groups(view: dict[str, Any], moves: Sequence[str]) -> list[tuple[str, str]]:
    """``take 1 pay v (or pay r, w)``: one entry per stack, its payments together."""
    by_stack = kit.by_match(moves, _TAKE_RE, lambda m: (m[1], int(m[2])), lambda m: m[3])
    groups: list[tuple[str, str]] = []
    for verb, label in (("take", "take a tile"), ("discard", "discard (no tile fits)")):
        items = []
        for (kind, stack), pays in by_stack.items():
            if kind != verb:
                continue
            top = view["stacks"][stack]["top"]
            what = f" [{top['id']}]" if top else ""
            free = [p for p in pays if p is None]
            paid = [p for p in pays if p is not None]
            if free:
                items.append(f"{verb} {stack}{what}")
            elif paid:
                items.append(_or_list(f"{verb} {stack} pay {paid[0]}", paid[1:]) + what)
        if items:
            groups.append((label, "; ".join(items)))
    return groups


def _place_groups(view: dict[str, Any], moves: Sequence[str]) -> list[tuple[str, str]]:
    """Placements by rotation, each with the hexes its space 0 may go on."""
    by_rotation = kit.by_match(moves, _PLACE_RE, lambda m: int(m[3]), lambda m: f"{m[1]},{m[2]}")
    tile = view.get("tile")
    groups = []
    if by_rotation and tile is not None:
        groups.append(
            (
                f"place {tile_plain(tile)}",
                "place q,r rK puts space 0 on hex q,r, turned K x 60° (the drawings under "
                "'Tile in hand'); the hexes space 0 may go on, by rotation:",
            )
        )
    for k in sorted(by_rotation):
        hexes = by_rotation[k]
        label = f"place <q>,<r> r{k} ({plural(len(hexes), 'hex', 'hexes')})"
        groups.append((label, " ".join(hexes)))
    return groups


def _skill_groups(view: dict[str, Any], moves: Sequence[str]) -> list[tuple[str, str]]:
    names = {s["id"]: s["name"] for s in view["skill_board"]}
    pays = kit.by_match(moves, _SKILL_RE, lambda m: m[1], lambda m: m[2])
    items = []
    for skill, options in pays.items():
        paid = [p for p in options if p]
        first = f"skill {skill}" + (f" pay {paid[0]}" if paid else "")
        items.append(f"{names.get(skill, skill)}: " + _or_list(first, paid[1:]))
    return [("unlock a skill", "; ".join(items))] if items else []


def _bloom_groups(moves: Sequence[str]) -> list[tuple[str, str]]:
    by_pattern = kit.by_match(moves, _BLOOM_RE, lambda m: m[1], lambda m: m[2])
    groups = []
    for pattern, spots in by_pattern.items():
        two = "+" in pattern
        label = f"bloom {pattern} at" + (" (first hex gets the first number)" if two else "")
        groups.append((label, (" · " if two else " ").join(spots)))
    return groups


def group_moves(view: dict[str, Any], moves: Sequence[str]) -> list[tuple[str, str]]:
    """Legal moves grouped for the help screen: a hundred placements stay a few lines.

    Takes by stack with their payments; placements by rotation, each with the hexes its
    space 0 may go on; skills with their names and payments; blooming tokens by pattern;
    market cards with their ids; planting hexes; the rest as they are.
    """
    groups = _take_groups(view, moves)
    groups += _place_groups(view, moves)
    groups += _skill_groups(view, moves)
    groups += _bloom_groups(moves)
    buys, reserves, plants, other = [], [], [], []
    seat = view["seat"] if view["seat"] is not None else view["current"]
    for move in moves:
        m = _SLOT_RE.match(move)
        if m:
            slot = len(view["market"]) if m.group(2) == "reserved" else int(m.group(2))
            card = _card_in(view, slot, seat) if seat is not None and seat >= 0 else None
            shown = f"{move} [{_card_plain(card)}]" if card else move
            (buys if m.group(1) == "buy" else reserves).append(shown)
            continue
        m = _PLANT_RE.match(move)
        if m:
            plants.append(m.group(1))
            continue
        if not any(r.match(move) for r in (_TAKE_RE, _PLACE_RE, _SKILL_RE, _BLOOM_RE)):
            other.append(move)
    if reserves:
        groups.append(("reserve a card (Nursery)", ", ".join(reserves)))
    if buys:
        groups.append(("buy a tree card", ", ".join(buys)))
    if plants:
        groups.append(("plant <q>,<r> on free grass", " ".join(plants)))
    if other:
        groups.append(("other", kit.with_hints(view, other, move_hint)))
    return groups


def placement_hexes(view: dict[str, Any], anchor: Coord, rotation: int) -> list[Coord]:
    """The hexes spaces 0, 1, 2 of the tile in hand would cover (empty without a tile)."""
    tile = view.get("tile")
    if tile is None:
        return []
    return [(anchor[0] + dq, anchor[1] + dr) for dq, dr in _turned(view, tile, rotation)]


def _placement_hint(view: dict[str, Any], anchor: Coord, rotation: int) -> str | None:
    """``"4,1 3,2"``: the hexes spaces 1 and 2 land on (the move names space 0's), short
    enough for three columns of suggestions in 120 columns."""
    cells = placement_hexes(view, anchor, rotation)
    if not cells:
        return None
    return " ".join(_hex_text(c) for c in cells[1:])


def move_hint(view: dict[str, Any], move: str) -> str | None:
    """A few words beside a move in the numbered list: the tile a take draws, the other two
    hexes a placement covers, a skill's name, a card's cost and points, the hex an
    assistant goes on."""
    m = _TAKE_RE.match(move)
    if m:
        top = view["stacks"][int(m.group(2))]["top"]
        return tile_plain(top) if top else None
    m = _PLACE_RE.match(move)
    if m:
        return _placement_hint(view, (int(m.group(1)), int(m.group(2))), int(m.group(3)))
    m = _SKILL_RE.match(move)
    if m:
        return next((s["name"] for s in view["skill_board"] if s["id"] == m.group(1)), None)
    m = _SLOT_RE.match(move)
    if m:
        seat = view["seat"] if view["seat"] is not None else view["current"]
        slot = len(view["market"]) if m.group(2) == "reserved" else int(m.group(2))
        card = _card_in(view, slot, seat) if 0 <= slot <= len(view["market"]) else None
        return _card_plain(card) if card else None
    if move == "assistant" and view.get("icon_hex"):
        return f"on {_hex_text(view['icon_hex'])}"
    return None
