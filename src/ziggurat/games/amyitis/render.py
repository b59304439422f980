"""Amyitis in the terminal: the hanging gardens, the temples and fields, the Mesopotamia route,
the craft rows, the players and the log, drawn with rich.

Everything drawn comes from ``state.view(seat)`` (a JSON-ready dict, see :mod:`.views`).
Nothing in Amyitis is private to a seat (only the order of the undealt craft cards is
unknown, and no view shows it), so every seat sees the same board; the viewer's own seat
is marked "(you)". The standings (temple places, field leaders), the camels a caravan move
costs, the points by source, the squares a plant may go on and the points an irrigation
brings (``pending``), and the rule values and texts in the legends (``rules``: the temples'
rewards, the craftsmen's effects, a Gardener's quality) are the view's own. The log's words
are the game's own :meth:`~.game.AmyitisGame.describe_action`, completed with the decisions
the engine took by itself because they were the only option, with their seats
(``view["automatic_moves"]``), and then what the move caused as the engine recorded it (the
events of :mod:`.events`: the tile a planting took, a field row completed, a temple's
rewards, a new round, the end).

This module is the game's *terminal front end*: the game-agnostic loop in
:mod:`ziggurat.terminal` finds it by the game's name and calls :func:`render_view`,
:func:`move_note`, :func:`note_text`, :func:`group_moves`, :func:`move_hint`,
and reads :data:`NOTATION_HELP` / :data:`NOTATION_EXAMPLES`. What every
game's front end shares (the seat labels, the log's lines, the screen's plumbing) is
:mod:`ziggurat.render_kit`; this module draws the gardens, the route, the craft rows and the
players.

The gardens. Square ``Gxy`` stands at column ``x - y`` and height ``x + y`` of a diamond, so
G00 is the bottom tip, G33 the top, and floor 1 is the V along the two lower sides with the
river beneath it (rules reference §4.1). Each square takes two lines (its id, floor and
irrigation mark; its tile and bonus, or who planted it). Between two rows of squares, each
boundary carries its irrigation spaces, drawn on the slant of the boundary: ``╲0╲`` between a
square and its upper-right neighbour, ``╱N+╱`` between a square and its upper-left one (a
double boundary shows its ``.1`` space, the one nearer the river, first). So the space between
G12 and G22 is read off the screen as ``irrigate G12-G22.1`` / ``.2``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.text import Text

from ziggurat import render_kit as kit
from ziggurat.core.events import seat as seat_part
from ziggurat.render_shared import DIM, Seats, joined, lines_text, plural

from .actions import NOTATION_HELP as _ENGINE_NOTATION_HELP

if TYPE_CHECKING:
    from .actions import AmyitisAction
    from .state import AmyitisState

NOTATION_HELP = _ENGINE_NOTATION_HELP
NOTATION_EXAMPLES = (
    "pass  recruit 2 engineer  caravan ur  field F1  temple marduk  irrigate G00-G10  "
    "plant G10 pay salt"
)

# Seat colours, the same on every part of the screen (cubes, planted squares, names). The
# printed cubes are blue, red, black and white; black and white would not show on a terminal,
# so seats 2 and 3 are green and yellow. Grey cubes stay grey.
SEAT_COLOURS = ("dodger_blue1", "red1", "green3", "gold1")
SEATS = Seats(tuple(f"bold {colour}" for colour in SEAT_COLOURS))
NEUTRAL_STYLE = "bold grey62"
OPEN_STYLE = "bold cyan"
RIVER_STYLE = "bold blue"
WATER_STYLE = "bold bright_cyan"
RESOURCE_STYLES = {
    "barley": "khaki1",
    "dates": "dark_orange3",
    "salt": "bright_white",
    "palm": "sea_green2",
    "wine": "medium_purple1",
}
RESOURCE_ORDER = ("barley", "dates", "salt", "palm", "wine")
COURT_SHORT = {"banker": "banker", "caravaneer": "carav", "palace": "palace", "gardener": "gard"}
POINT_SHORT = {
    "engineers": "eng",
    "babylon": "Bab",
    "palaces": "pal",
    "marduk": "Mard",
    "tiles": "tile",
    "majorities": "maj",
    "bankers": "bank",
    "amyitis": "Amy",
    "leftover": "left",
}
IRRIGATION_CUBES = {"engineers": "the engineer's cube", "babylon": "the cube after the sale"}
TIEBREAK_WORDS = {"garden_tiles": "most tiles", "talents": "most talents (tal)"}
POINT_WORDS = {
    "engineers": "engineers",
    "babylon": "Babylon",
    "palaces": "Palaces",
    "marduk": "Marduk",
    "tiles": "tiles' VP",
    "majorities": "irrigation majorities",
    "bankers": "Bankers",
    "amyitis": "Amyitis card",
    "leftover": "resources left",
}

# The garden drawing: a square's centre column is MARGIN + STEP * (x - y + 3); a square's two
# lines are CELL characters wide; boundaries sit half a step beside the squares they separate.
STEP = 8
CELL = 13
MARGIN = 6
GARDEN_WIDTH = MARGIN + 6 * STEP + CELL // 2 + 1

OWNER_MARKS = {"neutral": "N"}
OPEN_MARK = "+"
EMPTY_MARK = "·"

_SQUARE_RE = re.compile(r"^G(\d)(\d)$")
_RECRUIT_RE = re.compile(r"^recruit (\d+) (\w+)$")


seat_style = SEATS.style
seat_label = SEATS.label


def _bold(words: str) -> Text:
    """A Text that starts with ``words`` in bold (what is appended after keeps its own style)."""
    text = Text()
    text.append(words, style="bold")
    return text


def _over(view: dict[str, Any]) -> bool:
    return bool(view["over"])


def _title(name: str) -> str:
    return name[:1].upper() + name[1:]


def _decider(view: dict[str, Any]) -> int | None:
    """The seat whose decision it is now (None once the game is over)."""
    return view["current"]


# --------------------------------------------------------------------------- small pieces


def resource_text(name: str) -> Text:
    return Text(name, style=RESOURCE_STYLES.get(name, ""))


def holdings_text(resources: dict[str, int], *, empty: str = "none") -> Text:
    """``2 barley, wine``: the resources held, each in its colour; ``empty`` for none."""
    counts = ((name, resources.get(name, 0)) for name in RESOURCE_ORDER)
    held = (
        Text.assemble(f"{count} " if count > 1 else "", resource_text(name))
        for name, count in counts
        if count
    )
    return joined(held, ", ", empty=empty)


def _held(resources: dict[str, int]) -> int:
    return sum(resources.values())


def bonus_text(bonus: dict[str, Any]) -> str:
    """A garden tile's bonus in a few characters: ``8vp+court``, ``2cam+1res``, ``banker``."""
    parts = []
    if bonus.get("vp"):
        parts.append(f"{bonus['vp']}vp")
    if bonus.get("talents"):
        parts.append(f"{bonus['talents']}tal")
    if bonus.get("camels"):
        parts.append(f"{bonus['camels']}cam")
    if bonus.get("resource_choice"):
        parts.append(f"{bonus['resource_choice']}res")
    if bonus.get("court"):
        parts.append(COURT_SHORT.get(bonus["court"], bonus["court"]))
    if bonus.get("court_choice"):
        parts.append("court")
    return "+".join(parts) or "-"


def tile_plain(tile: dict[str, Any]) -> str:
    return f"{tile['id']} {bonus_text(tile['bonus'])}"


def face_text(face: dict[str, Any]) -> str:
    """A plant card face: ``q1`` or ``q3+salt`` (the quality and the extra resource)."""
    extra = face.get("extra")
    return f"q{face['quality']}" + (f"+{extra}" if extra else "")


def owner_mark(owner: int | str | None, open_: bool = False) -> tuple[str, str]:
    """One cube: the seat number in its colour, ``N`` grey; an empty space ``+`` when a cube
    may go on it now, else ``·``."""
    if owner is None:
        return (OPEN_MARK, OPEN_STYLE) if open_ else (EMPTY_MARK, DIM)
    if owner == "neutral" or not isinstance(owner, int):
        return OWNER_MARKS.get(str(owner), "N"), NEUTRAL_STYLE
    return str(owner), seat_style(owner)


def cubes_text(owners: Sequence[int | str | None], length: int) -> Text:
    """A line of cubes (a temple, a field row), empty places as ``·``."""
    text = Text()
    for i in range(length):
        owner = owners[i] if i < len(owners) else None
        mark, style = owner_mark(owner)
        if i:
            text.append(" ")
        text.append(mark, style=style)
    return text


# --------------------------------------------------------------------------- the gardens


class Canvas:
    """Lines of text with pieces put at given columns; a piece that would overlap the one to
    its left loses its first characters."""

    def __init__(self, lines: int) -> None:
        self.lines: list[list[tuple[int, str, str]]] = [[] for _ in range(lines)]

    def put(self, line: int, column: int, text: str, style: str = "") -> None:
        self.lines[line].append((max(0, column), text, style))

    def text(self) -> Text:
        lines = []
        for pieces in self.lines:
            line = Text()
            pos = 0
            for column, piece, style in sorted(pieces, key=lambda p: p[0]):
                if column < pos:
                    piece = piece[pos - column :]
                    column = pos
                line.append(" " * (column - pos))
                line.append(piece, style=style)
                pos = column + len(piece)
            lines.append(line)
        return lines_text(lines, crop=True)


def _square_xy(name: str) -> tuple[int, int] | None:
    m = _SQUARE_RE.match(name)
    return (int(m.group(1)), int(m.group(2))) if m else None


def _centre(x: int, y: int) -> int:
    return MARGIN + STEP * (x - y + 3)


def _boundaries(view: dict[str, Any]) -> list[tuple[str, str, list[dict[str, Any]]]]:
    """The garden's boundaries in data order: (lower square, upper square, its spaces)."""
    edges: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for space in view["garden"]["spaces"]:
        a, b = space["squares"]
        edges.setdefault((a, b), []).append(space)
    out = []
    for (a, b), spaces in edges.items():
        spaces.sort(key=lambda s: s["id"])
        out.append((a, b, spaces))
    return out


def plantable_squares(view: dict[str, Any]) -> set[str]:
    """While a plant city waits: the squares its plant may go on for the seat deciding
    (``pending["plant"]``, the engine's)."""
    plant = view["pending"]["plant"]
    return set(plant["squares"]) if plant else set()


def render_garden(view: dict[str, Any]) -> Text:
    """The hanging gardens as a diamond (see the module docstring), the river below floor 1."""
    squares = view["garden"]["squares"]
    where = {sq["id"]: _square_xy(sq["id"]) for sq in squares}
    if any(xy is None for xy in where.values()):
        return _garden_list(view)
    top = max(x + y for x, y in where.values() if x is not None)  # type: ignore[misc]
    # line of each height's first cell line: a boundary line above each height
    first = {k: 3 * (top - k) for k in range(top + 1)}
    canvas = Canvas(3 * (top + 1))
    plantable = plantable_squares(view)
    for sq in squares:
        x, y = where[sq["id"]]  # type: ignore[misc]
        line = first[x + y]
        left = _centre(x, y) - CELL // 2
        style = "bold reverse" if sq["id"] in plantable else "bold"
        # the river beneath floor 1 (also beside a square not in use)
        if x == 0:
            canvas.put(line + 2, _centre(x, y) - STEP // 2 - 1, "╲≈╲", RIVER_STYLE)
        if y == 0:
            canvas.put(line + 2, _centre(x, y) + STEP // 2 - 1, "╱≈╱", RIVER_STYLE)
        if not sq["in_use"]:
            canvas.put(line, left, sq["id"].center(CELL), DIM)
            canvas.put(line + 1, left, "(not in use)".center(CELL), DIM)
            continue
        floor = f" f{sq['floor']}"
        water = " ≈" if sq["irrigated"] else ""
        column = left + (CELL - len(sq["id"] + floor + water)) // 2
        canvas.put(line, column, sq["id"], style)
        canvas.put(line, column + len(sq["id"]), floor, DIM)
        if water:
            canvas.put(line, column + len(sq["id"] + floor), water, WATER_STYLE)
        planter = sq["planted_by"]
        if planter is not None:
            words = f"planted by {planter}".center(CELL)
            canvas.put(line + 1, left, words, f"{seat_style(planter)} reverse")
        elif sq["tile"] is not None:
            tile = sq["tile"]
            words = f"{tile['id']} {bonus_text(tile['bonus'])}"[:CELL]
            pad = (CELL - len(words)) // 2
            canvas.put(line + 1, left + pad, tile["id"], "bold")
            canvas.put(line + 1, left + pad + len(tile["id"]), words[len(tile["id"]) :])
    for lower, upper, spaces in _boundaries(view):
        a, b = where.get(lower), where.get(upper)
        if a is None or b is None:
            continue
        if a[0] + a[1] > b[0] + b[1]:
            a, b = b, a
        slant = "╲" if b[0] != a[0] else "╱"
        mid = (_centre(*a) + _centre(*b)) // 2
        marks = [owner_mark(space["owner"], space["open"]) for space in spaces]
        line = first[a[0] + a[1]] - 1
        column = mid - (len(marks) + 2) // 2
        canvas.put(line, column, slant, DIM)
        for i, (mark, style) in enumerate(marks, start=1):
            canvas.put(line, column + i, mark, style)
        canvas.put(line, column + len(marks) + 1, slant, DIM)
    return canvas.text()


def _garden_list(view: dict[str, Any]) -> Text:
    """A plain list, for component data whose squares are not named ``Gxy``."""
    out = Text()
    for sq in view["garden"]["squares"]:
        tile = tile_plain(sq["tile"]) if sq["tile"] else "-"
        out.append(f"{sq['id']} f{sq['floor']} {tile}\n")
    return out


def garden_legend(view: dict[str, Any]) -> Text:
    """What the garden's marks mean (wrapped to the screen's width)."""
    need = view["rules"]["quality_needed_by_floor"]
    text = Text(style=DIM)
    text.append("fN", style="bold")
    text.append(" floor N: a plant needs quality ")
    text.append("/".join(map(str, need)))
    text.append(f" on floors {'/'.join(str(f) for f in range(1, len(need) + 1))}, ")
    text.append(f"each gardener adds {view['rules']['gardener_quality']}")
    text.append("\n")
    text.append("≈", style=WATER_STYLE)
    text.append(" irrigated  ")
    text.append("╲≈╲", style=RIVER_STYLE)
    text.append(" river   ")
    text.append("0", style=seat_style(0))
    text.append(" seat 0's cube  ")
    text.append("N", style=NEUTRAL_STYLE)
    text.append(" grey cube  ")
    text.append(OPEN_MARK, style=OPEN_STYLE)
    text.append(" open now  ")
    text.append(EMPTY_MARK)
    text.append(" empty   (.1 before .2)\n")
    text.append(
        "Tiles: vp points, tal talents, cam camels, res resources of choice, court a court card "
        "of choice"
    )
    plantable = sorted(plantable_squares(view))
    if plantable:
        text.append("\nReversed: ")
        text.append(" ".join(plantable), style="bold reverse")
        text.append(" may be planted now")
    return text


class TextTable:
    """Columns of text aligned by hand: what ``rich.table.Table`` draws here, at a fraction of
    its cost (the screen is drawn before every decision). ``add_column`` and ``add_row`` as
    in rich; a column's ``justify`` is ``left``, ``right`` or ``center``; ``gap`` spaces
    between columns; a header line (bold) when any column has a header."""

    def __init__(self, gap: int = 2) -> None:
        self.gap = gap
        self.headers: list[Text] = []
        self.justify: list[str] = []
        self.rows: list[list[Text]] = []

    def add_column(self, header: str | Text = "", justify: str = "left") -> None:
        self.headers.append(header if isinstance(header, Text) else Text(header, style="bold"))
        self.justify.append(justify)

    def add_row(self, *cells: str | Text) -> None:
        self.rows.append([c if isinstance(c, Text) else Text(c) for c in cells])

    def __rich__(self) -> Text:
        rows = self.rows
        if any(h.plain for h in self.headers):
            rows = [self.headers, *rows]
        widths = [
            max((row[i].cell_len for row in rows), default=0) for i in range(len(self.justify))
        ]
        out = Text()
        for r, row in enumerate(rows):
            line = Text()
            last = max((i for i, w in enumerate(widths) if w), default=0)
            for i, cell in enumerate(row[: last + 1]):
                space = widths[i] - cell.cell_len
                if not widths[i]:
                    continue
                if i:
                    line.append(" " * self.gap)
                how = self.justify[i]
                left = space if how == "right" else space // 2 if how == "center" else 0
                line.append(" " * left)
                line.append_text(cell)
                if i < last:
                    line.append(" " * (space - left))
            line.rstrip()
            out.append_text(line)
            if r < len(rows) - 1:
                out.append("\n")
        return out


# --------------------------------------------------------------------------- beside the garden


def _temple_rewards(view: dict[str, Any]) -> dict[str, str]:
    """Each temple's rewards for the places rewarded (``rules["temple_rewards"]``)."""
    places = ("1st", "2nd")[: view["rules"]["temple_places_rewarded"]]
    return {
        temple: ", ".join(f"{p} {words}" for p, words in zip(places, rewards, strict=False))
        for temple, rewards in view["rules"]["temple_rewards"].items()
    }


def temples_panel(view: dict[str, Any]) -> Group:
    """The three temples (cubes enter at the left), who is 1st and 2nd (``temple_places``),
    and their rewards."""
    title = _bold("Temples ")
    title.append("(cubes enter at the left)", style=DIM)
    table = TextTable()
    table.add_column()
    table.add_column()
    table.add_column()
    length = view["temple_length"]
    for name, owners in view["temples"].items():
        standing = Text()
        for place, seat in zip(("1st ", "2nd "), view["temple_places"][name], strict=False):
            if seat is not None:
                standing.append(" " if standing else "")
                standing.append(place, style=DIM)
                standing.append(str(seat), style=seat_style(seat))
        table.add_row(Text(name, style="bold"), cubes_text(owners, length), standing)
    rewards = [f"{_title(t)}: {words}" for t, words in _temple_rewards(view).items()]
    if view["rules"]["temple_places_rewarded"] == 1:
        rewards.append(f"({len(view['players'])} players: the 1st only)")
    return Group(title, table, Text("\n".join(rewards), style=DIM))


def fields_panel(view: dict[str, Any]) -> Group:
    """The two field rows: each space's resource and the cube on it, and who leads each row
    (``field_leaders``: a full row gives its majority a Gardener)."""
    title = _bold("Fields ")
    title.append("(full row: a Gardener to most)", style=DIM)
    table = TextTable(gap=1)
    length = max(len(f["spaces"]) for f in view["fields"])
    table.add_column()
    for _ in range(length):
        table.add_column(justify="center")
    leads = Text()
    leads.append("Leading: ", style=DIM)
    for i, (field, lead) in enumerate(zip(view["fields"], view["field_leaders"], strict=True)):
        owners = [s["owner"] for s in field["spaces"]]
        table.add_row(
            Text(field["row"], style="bold"),
            *(resource_text(s["resource"]) for s in field["spaces"]),
        )
        table.add_row(Text(), *(Text(m, style=st) for m, st in map(owner_mark, owners)))
        leads.append(("" if i == 0 else ", ") + f"{field['row']} ", style=DIM)
        if lead is not None:
            leads.append(f"seat {lead}", style=seat_style(lead))
        else:
            leads.append("nobody", style=DIM)
    return Group(title, table, leads)


def stock_panel(view: dict[str, Any]) -> Group:
    """The general stock, the court cards left by level, the garden tiles left."""
    stock = view["stock"]
    lines: list[RenderableType] = []
    text = _bold("Stock ")
    for i, name in enumerate(RESOURCE_ORDER):
        if i == 3:
            text.append("\n      ")
        elif i:
            text.append(" ")
        text.append_text(resource_text(name))
        text.append(f" {stock['resources'].get(name, 0)}")
    text.append(f" camels {stock['camels']}")
    lines.append(text)
    court = _bold("Court cards left ")
    court.append("(levels 1/2/3)", style=DIM)
    for i, (name, left) in enumerate(stock["court"].items()):
        court.append("\n  " if i % 2 == 0 else "  ")
        court.append(f"{name} {'/'.join(map(str, left))}")
    court.append(f"  gardener {stock['gardeners']}")
    lines.append(court)
    tiles = _bold("Garden tiles left ")
    tiles.append(str(view["tiles_left"]), style="bold")
    tiles.append(f" (ends at ≤ {view['end_threshold']})")
    lines.append(tiles)
    box = view["box"]
    for i in range(0, len(box), 5):
        head = "Out of the game: " if i == 0 else "  "
        lines.append(Text(head + " ".join(box[i : i + 5]), style=DIM))
    return Group(*lines)


def side_panel(view: dict[str, Any]) -> Group:
    """Beside the garden: the temples, the fields and the stock."""
    return Group(temples_panel(view), Text(), fields_panel(view), Text(), stock_panel(view))


# --------------------------------------------------------------------------- the route


def _pay_text(view: dict[str, Any], city: dict[str, Any]) -> Text:
    if city["kind"] == "babylon":
        return Text(f"1-{view['rules']['babylon_max_resources']} any", style=DIM)
    text = resource_text(city["demand"])
    plant = city.get("plant")
    if plant and plant["up"]["extra"]:
        text.append("+")
        text.append_text(resource_text(plant["up"]["extra"]))
    return text


def _gives_text(view: dict[str, Any], city: dict[str, Any]) -> Text:
    if city["kind"] == "babylon":
        return Text(f"{view['rules']['babylon_vp_per_resource']} VP per resource, then irrigate")
    if city["kind"] == "court":
        return Text(" or ".join(city.get("offer", [])))
    plant = city["plant"]
    text = Text(f"plant {plant['card']} ", style="")
    text.append(face_text(plant["up"]), style="bold green")
    text.append(f" (back {face_text(plant['back'])})", style=DIM)
    return text


def route_table(view: dict[str, Any]) -> Group:
    """The nine cities of Mesopotamia in order (the caravan moves clockwise, ``▶`` marks
    it): kind, what a stop costs, what it gives (court cards, or the plant card's face up and
    its back), and the camels the seat deciding would pay to go there (``caravan_costs``)."""
    track = view["track"]
    seat = _decider(view)
    title = _bold("Mesopotamia ")
    title.append("(the caravan ▶ moves clockwise, 0 → 8 → 0)", style=DIM)
    table = TextTable()
    table.add_column(" ")
    table.add_column("#", justify="right")
    table.add_column("city")
    table.add_column("kind")
    table.add_column("pay")
    table.add_column("gives")
    if seat is not None:
        table.add_column(Text(f"camels for {seat}", style=seat_style(seat)), justify="right")
    for city in track["cities"]:
        here = city["position"] == track["caravan"]
        row: list[str | Text] = [
            Text("▶" if here else " ", style="bold"),
            str(city["position"]),
            Text(_title(city["name"]), style="bold reverse" if here else "bold"),
            city["kind"],
            _pay_text(view, city),
            _gives_text(view, city),
        ]
        if seat is not None:
            cost = view["caravan_costs"].get(city["name"])
            row.append("-" if cost is None else str(cost))
        table.add_row(*row)
    return Group(title, table)


def craft_table(view: dict[str, Any]) -> Group:
    """This round's craft rows: each card face up, or taken (face down) in brackets, and the
    talents a recruit from the row costs now."""
    title = _bold("Craft rows ")
    title.append("(a card taken lies face down: shown in brackets)", style=DIM)
    table = TextTable()
    table.add_column()
    table.add_column()
    size = max((len(r["cards"]) for r in view["craft_rows"]), default=3)
    for _ in range(size):
        table.add_column()
    for row in view["craft_rows"]:
        cost = row["cost"]
        if cost is None:
            cost_text = Text("empty", style=DIM)
        elif cost == 0:
            cost_text = Text("free", style="bold green")
        else:
            cost_text = Text(plural(cost, "talent"), style="bold")
        cards = []
        for card in row["cards"]:
            if card["taken"]:
                cards.append(Text(f"({card['kind']})", style=f"{DIM} strike"))
            else:
                cards.append(Text(card["kind"], style="bold"))
        table.add_row(Text(f"row {row['row']}", style="bold"), cost_text, *cards)
    texts = view["rules"]["craft_texts"]
    effects = " · ".join(f"{craft}: {short}" for craft, (short, _long) in texts.items())
    return Group(title, table, Text(effects, style=DIM))


# --------------------------------------------------------------------------- the players


def players_table(view: dict[str, Any], names: Sequence[str] | None = None) -> Group:
    """One row per seat: points, talents, camels, resources held / storage limit, cubes in
    supply, court card levels, gardeners, garden tiles, start player and pass order."""
    viewer = view["seat"]
    decider = _decider(view)
    order = view["pass_order"]
    table = TextTable()
    table.add_column(" ")
    table.add_column("seat")
    table.add_column("VP", justify="right")
    table.add_column("tal", justify="right")
    table.add_column("cam", justify="right")
    table.add_column("resources (held/limit)")
    table.add_column("cubes", justify="right")
    table.add_column("B C P", justify="center")
    table.add_column("gard", justify="right")
    table.add_column("tiles", justify="right")
    for p in view["players"]:
        s = p["seat"]
        held = _held(p["resources"])
        res = holdings_text(p["resources"], empty="-")
        limit = p["storage_limit"]
        res.append(f" ({held}/{limit})", style="bold red" if held > limit else DIM)
        court = joined(_level(p["court"].get(c, 0)) for c in ("banker", "caravaneer", "palace"))
        table.add_row(
            "▶" if s == decider else " ",
            seat_label(s, names, viewer),
            Text(str(p["score"]), style="bold"),
            str(p["talents"]),
            str(p["camels"]),
            res,
            str(p["cubes"]),
            court,
            _level(p["gardeners"]),
            _level(len(p["tiles"])),
        )
    legend = Text(
        "tal talents, cam camels, cubes in supply, B C P banker/caravaneer/palace levels, "
        "gard gardeners",
        style=DIM,
    )
    if _over(view):
        return Group(table, legend)
    turn = _bold("Start player ")
    turn.append_text(seat_label(view["start"], names, viewer))
    turn.append(" · passed: ", style="bold")
    turn.append_text(SEATS.labels(order, names, viewer, empty="nobody yet"))
    return Group(table, legend, turn)


def _level(value: int) -> Text:
    return Text(str(value), style="" if value else DIM)


def tiles_text(view: dict[str, Any], names: Sequence[str] | None = None) -> Group | None:
    """The garden tiles each seat has planted (they count for the Amyitis card at the end)."""
    lines: list[RenderableType] = []
    for p in view["players"]:
        if not p["tiles"]:
            continue
        line = Text("  ")
        line.append_text(seat_label(p["seat"], names))
        line.append(": ")
        line.append(" ".join(tile_plain(t) for t in p["tiles"]))
        lines.append(line)
    if not lines:
        return None
    return Group(Text("Garden tiles planted", style="bold"), *lines)


def final_panel(view: dict[str, Any], names: Sequence[str] | None = None) -> Group | None:
    """The final scoring (rules reference §7): each seat's points by source (``points``: in
    play, then the Amyitis card for the tiles planted and the resources left), the total, the
    tie-breaks (garden tiles, talents), and the winners."""
    if not _over(view):
        return None
    players = view["players"]
    sources = list(players[0]["points"])
    table = TextTable()
    table.add_column("seat")
    for source in sources:
        table.add_column(POINT_SHORT.get(source, source), justify="right")
    table.add_column("total", justify="right")
    table.add_column("tiles", justify="right")
    table.add_column("tal", justify="right")
    scores = [p["score"] for p in players]
    for s in kit.best_first(scores):
        p = players[s]
        table.add_row(
            seat_label(s, names, view["seat"]),
            *(_level(p["points"][source]) for source in sources),
            Text(str(scores[s]), style="bold"),
            str(len(p["tiles"])),
            str(p["talents"]),
        )
    line = kit.winners_line(view["winners"], SEATS, names)
    rules = view["rules"]
    steps = [f"{tiles}+ tiles {vp} VP" for tiles, vp in rules["amyitis_bonus"]]
    more = {
        "amyitis": f" ({', '.join(steps)})",
        "leftover": f" ({rules['vp_per_leftover_resource']} VP each)",
    }
    legend = ", ".join(
        f"{POINT_SHORT.get(k, k)} {POINT_WORDS.get(k, k)}{more.get(k, '')}" for k in sources
    )
    ties = ", then ".join(TIEBREAK_WORDS.get(k, f"most {k}") for k in rules["tiebreak"])
    note = Text(f"{legend}. Ties: {ties}.", style=DIM)
    return Group(Text("Final scoring", style="bold"), table, line, note)


# --------------------------------------------------------------------------- the status


def task_text(view: dict[str, Any], names: Sequence[str] | None = None) -> Text:
    """What the seat deciding must decide (``view["task"]``) and what it needs to know."""
    seat = _decider(view)
    phase = view["phase"]
    text = Text(view["task"])
    if seat is None:
        return text
    me = view["players"][seat]
    city = view["track"]["cities"][view["track"]["caravan"]]
    rules = view["rules"]
    second = view["pending"]["second"]
    if phase == "babylon":
        vp = rules["babylon_irrigation_vp"] or "no"
        text.append(
            f" ({rules['babylon_vp_per_resource']} VP each; then a cube on an open irrigation "
            f"space, {vp} VP)",
            style=DIM,
        )
    elif phase == "court city":
        offers = " or ".join(f"the next {c}" for c in city.get("offer", []))
        text.append(
            f" ({_title(city['name'])}: {offers}, paying {city['demand']} or wine)", style=DIM
        )
    elif phase == "plant city" and view["pending"]["plant"]:
        plant = view["pending"]["plant"]
        text.append(
            f" ({_title(city['name'])}: a quality {plant['quality']} plant, reaching quality "
            f"{plant['reach']} with the gardeners; paying ",
            style=DIM,
        )
        text.append_text(_pay_text(view, city))
        extra = "+" in _pay_text(view, city).plain
        text.append(", wine may replace either)" if extra else " or wine)", style=DIM)
    elif phase == "tile resource":
        left = view["pending"]["resources"]
        text.append(f" ({left} to take)", style=DIM)
    elif phase == "ishtar" and second is not None:
        text.append(" (", style=DIM)
        text.append_text(seat_label(second, names))
        text.append(", 2nd, gets the other)", style=DIM)
    elif phase == "storage":
        held = _held(me["resources"])
        text.append(f" (holds {held}, keeps {me['storage_limit']})", style=DIM)
    elif phase == "irrigate":
        irrigation = view["pending"]["irrigation"] or {"source": "", "points": 0}
        cube = IRRIGATION_CUBES.get(irrigation["source"], "the cube")
        points = irrigation["points"]
        scores = f"{cube} scores {points} VP" if points else f"{cube} scores no points"
        text.append(f" (open spaces are marked +; {scores})", style=DIM)
    elif phase == "procession":
        text.append(" (its own cube goes there, a grey cube into each other temple)", style=DIM)
    elif phase == "tammouz field":
        text.append(" (a cube on a row's next space, taking its resource", style=DIM)
        if second is not None:
            text.append("; then ", style=DIM)
            text.append_text(seat_label(second, names))
            text.append(", 2nd, may exchange", style=DIM)
        text.append(")", style=DIM)
    return text


def status_text(view: dict[str, Any], names: Sequence[str] | None = None) -> Text:
    """Whose decision it is and what it is (or the winners), with the round."""
    viewer = view["seat"]
    if _over(view):
        return kit.game_over_text(view["winners"], SEATS, names, viewer)
    heading = f"Round {view['round']} ({view['phase']}): "
    text = kit.turn_heading(heading, view["current"], SEATS, names, viewer)
    text.append(" must ")
    text.append_text(task_text(view, names))
    return text


# --------------------------------------------------------------------------- the move log


MoveNote = kit.LogNote
"""One action as the log shows it (the same for every viewer: nothing in an Amyitis move is
secret, so ``private`` and ``public`` are the same :attr:`words`). ``deltas`` are the points
it moved, the automatic steps included; ``seen`` what followed, for each viewer: the steps
the engine took as the only option by other seats, then the events the engine recorded."""


_MOVER_STEPS = ("field", "temple", "sell", "irrigate", "court", "plant", "take", "choose")
"""Automatic steps that, right after a move, are the mover's own follow-up decision."""


def _automatic(va: dict[str, Any], seat: int) -> tuple[list[str], list[dict[str, Any]]]:
    """The decisions the engine took after the move because each was the only option, with
    the seat that took each (``va["automatic_moves"]``), as (words joined to the move, lines
    of the log): the mover's own follow-up right after its move is joined to it, the rest
    name their seat."""
    joined: list[str] = []
    steps: list[dict[str, Any]] = []
    for step in va["automatic_moves"]:
        kind = step["action"].split()[0]
        if not steps and step["seat"] == seat and kind in _MOVER_STEPS:
            joined.append(f"then {step['words']} (the only option)")
        else:
            why = "nothing else possible" if kind == "pass" else "the only option"
            parts = [seat_part(step["seat"]), f" {step['words']} ({why})"]
            steps.append({"type": "automatic", "parts": parts, "seat": step["seat"]})
    return joined, steps


def move_note(
    before: AmyitisState, after: AmyitisState, seat: int, action: AmyitisAction, number: int
) -> MoveNote:
    """Describe ``action`` (by ``seat``, the ``number``-th of the game) for the log: the
    game's words, the engine's automatic steps, and what it caused (``after.events``, the
    engine's events as each viewer may read them)."""
    words: str = after.game.describe_action(action, seat, None)["words"]
    joined, steps = _automatic(after.view(None), seat)
    if joined:
        words += ", " + ", ".join(joined)
    seen = tuple((*steps, *events) for events in kit.events_seen(after))
    deltas = kit.points_moved(before.scores(), after.scores())
    return MoveNote(number, seat, words, words, deltas, seen)


# --------------------------------------------------------------------------- the screen


def _lines(renderable: Any) -> list[Text]:
    """The lines of a panel made of texts, text tables and groups of them."""
    if isinstance(renderable, Group):
        return [line for part in renderable.renderables for line in _lines(part)]
    if isinstance(renderable, TextTable):
        renderable = renderable.__rich__()
    if not renderable.plain:
        return [Text()]
    return list(renderable.split("\n"))


def _side_by_side(left: list[Text], right: list[Text], left_width: int, gap: int) -> Text:
    """Two columns of lines as one text (cheaper than a rich grid, drawn before each move)."""
    out = Text(no_wrap=True, overflow="crop")
    for i in range(max(len(left), len(right))):
        if i:
            out.append("\n")
        line = left[i].copy() if i < len(left) else Text()
        if i < len(right) and right[i].plain:
            line.append(" " * (left_width + gap - line.cell_len))
            line.append_text(right[i])
        out.append_text(line)
    return out


def _board(view: dict[str, Any], width: int) -> RenderableType:
    """The garden and its legend, with the temples, fields and stock beside it when there is
    room (else below)."""
    title = _bold("The hanging gardens ")
    title.append("(G00 at the bottom, G33 at the top)", style=DIM)
    garden = [title, *render_garden(view).split("\n")]
    side = _lines(side_panel(view))
    room = width - GARDEN_WIDTH - 2
    garden_fits = max(line.cell_len for line in garden) <= GARDEN_WIDTH
    if garden_fits and room >= max(line.cell_len for line in side):
        return Group(_side_by_side(garden, side, GARDEN_WIDTH, 2), garden_legend(view))
    return Group(*garden, garden_legend(view), Text(), *side)


def compose(view: dict[str, Any], frame: kit.Frame) -> RenderableType:
    """The whole screen for ``view``: the gardens with the temples, fields and stock beside
    them; the Mesopotamia route; the craft rows; the players; the final scoring once the game
    is over; the move log; and last the status - whose decision it is and what it is - so
    that it stands right above the prompt."""
    names = frame.names
    players = [players_table(view, names), tiles_text(view, names)]
    return kit.stacked(
        _board(view, frame.width),
        route_table(view),
        craft_table(view),
        Group(*(part for part in players if part is not None)),
        final_panel(view, names),
        frame.log,
        status_text(view, names),
    )


FRONT_END = kit.FrontEnd(SEATS, compose)
render_view, view_text, state_text, note_text = FRONT_END.functions()


# --------------------------------------------------------------------------- input helpers


GROUP_LABELS = {
    "pass": "pass (no more actions this round)",
    "recruit": "recruit <row> <craftsman>",
    "caravan": "move the caravan (camels)",
    "field": "peasant's cube on a field row (resource taken)",
    "temple": "priest's cube into a temple",
    "irrigate": "irrigation cube on an open space",
    "sell": "sell at Babylon",
    "court": "take a court card",
    "plant": "plant a square (with its tile)",
    "take": "resource of choice from the tile",
    "choose": "court card of choice from the tile",
    "procession": "procession to a temple",
    "ishtar": "Ishtar's reward",
    "exchange": "Tammouz exchange (give for take)",
    "decline": "decline Tammouz's reward",
    "discard": "discard (storage limit)",
}


def _recruit_group(view: dict[str, Any], moves: Sequence[str]) -> str:
    """``row 1 (1 talent): peasant, engineer; row 2 (free): priest``."""
    by_row = kit.by_match(moves, _RECRUIT_RE, lambda m: int(m[1]), lambda m: m[2])
    parts = []
    for row, crafts in by_row.items():
        cost = view["craft_rows"][row - 1]["cost"] if row - 1 < len(view["craft_rows"]) else None
        price = "free" if not cost else plural(cost, "talent")
        parts.append(f"row {row} ({price}): {', '.join(crafts)}")
    return "; ".join(parts)


def _plant_group(moves: Sequence[str]) -> list[tuple[str, str]]:
    by_pay: dict[str, list[str]] = {}
    for move in moves:
        square, _, pay = move.removeprefix("plant ").partition(" pay ")
        by_pay.setdefault(pay, []).append(square)
    return [(f"plant <square> pay {pay}", " ".join(squares)) for pay, squares in by_pay.items()]


def group_moves(view: dict[str, Any], moves: Sequence[str]) -> list[tuple[str, str]]:
    """Legal moves grouped by kind for the help screen: recruits by row with their cost, the
    caravan's cities with their camels, irrigation spaces and planting squares as lists."""
    by_kind: dict[str, list[str]] = {}
    for move in moves:
        by_kind.setdefault(move.split()[0], []).append(move)
    groups: list[tuple[str, str]] = []
    for kind, items in by_kind.items():
        label = GROUP_LABELS.get(kind, kind)
        if kind == "sell":
            label += f" ({view['rules']['babylon_vp_per_resource']} VP each)"
        if kind == "recruit":
            groups.append((label, _recruit_group(view, items)))
        elif kind == "irrigate":
            spaces = " ".join(m.removeprefix("irrigate ") for m in items)
            groups.append(("irrigate <space>", spaces))
        elif kind == "plant":
            groups += _plant_group(items)
        elif kind == "caravan":
            groups.append((label, kit.with_hints(view, items, move_hint)))
        else:
            groups.append((label, ", ".join(items)))
    return groups


def _city(view: dict[str, Any], name: str) -> dict[str, Any] | None:
    return next((c for c in view["track"]["cities"] if c["name"] == name), None)


def _newly_irrigated(view: dict[str, Any], space_id: str) -> list[str]:
    """The squares a cube on ``space_id`` would irrigate that are not irrigated yet."""
    spaces = view["garden"]["spaces"]
    target = next((s for s in spaces if s["id"] == space_id), None)
    if target is None:
        return []
    edge = [s for s in spaces if s["squares"] == target["squares"]]
    if any(s["owner"] is None and s["id"] != space_id for s in edge):
        return []
    irrigated = {sq["id"]: sq["irrigated"] for sq in view["garden"]["squares"]}
    return [q for q in target["squares"] if not irrigated.get(q, True)]


def move_hint(view: dict[str, Any], move: str) -> str | None:
    """A few words beside a move in the numbered list: a recruit's cost, the camels and city
    of a caravan move, the resource a field cube takes, the squares an irrigation waters,
    the tile a planting takes."""
    words = move.split()
    kind = words[0]
    if kind == "recruit" and len(words) == 3 and words[1].isdigit():
        row = int(words[1]) - 1
        cost = view["craft_rows"][row]["cost"] if 0 <= row < len(view["craft_rows"]) else None
        return "free" if not cost else plural(cost, "talent")
    if kind == "caravan" and len(words) == 2:
        city = _city(view, words[1])
        if city is None:
            return None
        cost = view["caravan_costs"].get(city["name"])
        camels = plural(cost, "camel") if cost else ""
        if city["kind"] == "plant":
            what = f"plant {face_text(city['plant']['up'])}"
        elif city["kind"] == "court":
            what = "/".join(city.get("offer", []))
        else:
            what = "sell"
        return f"{camels}, {what}" if camels else what
    if kind == "field" and len(words) == 2:
        field = next((f for f in view["fields"] if f["row"] == words[1]), None)
        if field is None:
            return None
        free = next((s for s in field["spaces"] if s["owner"] is None), None)
        return free["resource"] if free else None
    if kind in ("temple", "procession") and len(words) == 2:
        owners = view["temples"].get(words[1])
        if owners is None or len(owners) < view["temple_length"]:
            return None
        last = owners[-1]
        return "pushes out a grey cube" if last == "neutral" else f"pushes out seat {last}'s cube"
    if kind == "irrigate" and len(words) == 2:
        squares = _newly_irrigated(view, words[1])
        return f"waters {' '.join(squares)}" if squares else None
    if kind == "plant" and len(words) >= 2:
        square = next((s for s in view["garden"]["squares"] if s["id"] == words[1]), None)
        if square is not None and square["tile"] is not None:
            return tile_plain(square["tile"])
    return None
