"""Babylonia in the terminal: the board, the table and the move log, drawn with rich.

Everything here draws from ``state.view(seat)`` (a JSON-ready dict, see :mod:`.views`) and
never from the state's hidden fields, so a drawing can hold nothing the viewing seat could
not see at the table. The one exception is :func:`move_note`, which reads the action the
mover chose; it keeps the face-down kind in ``MoveNote.private`` (shown to the mover only)
and writes ``MoveNote.public`` for everybody else.

This module is the game's *terminal front end*: the game-agnostic loop in
:mod:`ziggurat.terminal` finds it by the game's name and calls :func:`render_view`,
:func:`move_note`, :func:`note_text`, :func:`group_moves`, :func:`move_hint`,
and reads :data:`NOTATION_HELP` / :data:`NOTATION_EXAMPLES`. What every
game's front end shares (the seat labels, the log's lines, the screen's plumbing) is
:mod:`ziggurat.render_kit`; this module draws the map and the table beside it.

The map uses the doubled-height offset layout of the board data: one text line per board
row, each hex printed at its column (3 characters per column), so that the coordinates a
player types (``M7,3``: row 7, column 3) can be read off the row and column labels.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ziggurat import render_kit as kit
from ziggurat.render_shared import DIM, Seats, beside, joined, plain_table, plural, widest

from .actions import NOTATION_HELP as _ENGINE_NOTATION_HELP
from .cards import CARD_EXTRA_TURN

if TYPE_CHECKING:
    from ziggurat.core.action import Action

    from .state import BabyloniaState

NOTATION_HELP = _ENGINE_NOTATION_HELP
NOTATION_EXAMPLES = "M7,3  F12,4  end  score 12,4  card 3  extra  no-extra"

COL_WIDTH = 3  # characters per board column; hexes of one row are two columns apart
SEATS = Seats(("bold bright_red", "bold bright_green", "bold bright_yellow", "bold bright_magenta"))
LAND_STYLES = {"north": "grey58", "center": "wheat4", "south": "dark_sea_green4"}
RIVER_STYLE = "blue"
RIVER_TOKEN_BG = " on navy_blue"
CITY_STYLE = "bold bright_white on grey30"
FIELD_STYLE = "black on dark_khaki"
ZIGGURAT_STYLE = "bold bright_cyan"
ZIGGURAT_SCORED_STYLE = "grey42"
TO_SCORE_STYLE = " reverse"
PANEL_WIDTH = 48  # the table beside the map, roomy (at 110+ columns)
PANEL_MIN_WIDTH = 38  # ...and compact (100 columns); narrower, the table goes below the map

LETTER = {"merchant": "M", "servant": "S", "priest": "P", "farmer": "F"}
FIELD_MARKS = {"cities": "C"}  # a crop field is marked with its points, the data's tile name

_PLACE_RE = re.compile(r"^([MSPF])(\d+),(\d+)$")
_SCORE_RE = re.compile(r"^score (\d+),(\d+)$")
_CARD_RE = re.compile(r"^card (\d+)$")


seat_style = SEATS.style
seat_label = SEATS.label


def _coord(h: dict[str, Any]) -> tuple[int, int]:
    return h["hex"][0], h["hex"][1]


def field_mark(tile: str) -> str:
    """How the map marks a crop field: ``5`` for the tile ``"5"``, ``C`` for ``"cities"``."""
    return FIELD_MARKS.get(tile, tile)


def _card(view: dict[str, Any], number: int) -> dict[str, Any] | None:
    """The view's ziggurat card ``number`` (its printed name and effect are the data's)."""
    return next((c for c in view["cards"] if c["number"] == number), None)


# --------------------------------------------------------------------------- the map


def _cell(h: dict[str, Any], to_score: bool, recent: bool = False) -> tuple[str, str, int]:
    """Text, style and the index of the character that sits on the hex's column."""
    content = h["content"]
    if content == "token":
        seat = h["player"]
        style = seat_style(seat)
        if h["face_down"]:
            kind = h.get("kind")
            letter = LETTER[kind].lower() if kind else "?"
            text = f"{letter}{seat}"
            style += RIVER_TOKEN_BG
        else:
            text = f"{LETTER[h['kind']]}{seat}"
        if h.get("placed_this_turn"):
            text += "*"
            style += " reverse"
        elif recent:
            style += " underline"
        return text, style, 0
    if content == "city":
        return f"[{h['tile']}]", CITY_STYLE + (TO_SCORE_STYLE if to_score else ""), 1
    if content == "field":
        return f"({field_mark(h['tile'])})", FIELD_STYLE, 1
    if content == "ziggurat":
        if h["scored"]:
            return "△", ZIGGURAT_SCORED_STYLE, 0
        return "▲", ZIGGURAT_STYLE + (TO_SCORE_STYLE if to_score else ""), 0
    if h["terrain"] == "river":
        return "~", RIVER_STYLE, 0
    return "·", LAND_STYLES.get(h["landmass"], DIM), 0


def render_map(
    view: dict[str, Any],
    recent: set[tuple[int, int]] | None = None,
    *,
    right_labels: bool = True,
) -> Text:
    """The board, one line per row, with column numbers above and below and row numbers at
    the left (and, unless ``right_labels`` is false to save room, at the right).

    Tokens on ``recent`` hexes (placed by others since the viewer's last turn) are underlined.
    """
    recent = recent or set()
    hexes = {_coord(h): h for h in view["board"]}
    to_score = {(r, c) for r, c in view.get("to_score", [])}
    max_row = max(r for r, _ in hexes)
    max_col = max(c for _, c in hexes)
    line_width = COL_WIDTH * (max_col + 1) + 3
    out = Text(no_wrap=True, overflow="crop")

    header = [" "] * line_width
    for c in range(max_col + 1):
        for i, ch in enumerate(str(c)):
            header[COL_WIDTH * c + 1 + i] = ch
    header_text = "    " + "".join(header).rstrip()
    out.append(header_text + "\n", style=DIM)
    for r in range(max_row + 1):
        out.append(f"{r:>3} ", style=DIM)
        pos = 0
        for c in range(r % 2, max_col + 1, 2):
            h = hexes.get((r, c))
            if h is None:
                continue
            text, style, anchor = _cell(h, (r, c) in to_score, (r, c) in recent)
            start = COL_WIDTH * c + 1 - anchor
            out.append(" " * (start - pos))
            out.append(text, style=style)
            pos = start + len(text)
        if right_labels:
            out.append(" " * (line_width - pos))
            out.append(f"{r:<2}", style=DIM)
        out.append("\n")
    out.append(header_text, style=DIM)
    return out


def render_legend(viewer: int | None) -> Text:
    """What the map's symbols mean, in lines that fit under the map (60 columns)."""
    own = 0 if viewer is None else viewer
    other = 1 if own != 1 else 0
    style = seat_style(own)
    since = "since your last turn" if viewer is not None else "in the last turn"
    yours = [] if viewer is None else [" (", (f"m{viewer}", style + RIVER_TOKEN_BG), " yours)"]
    return Text.assemble(
        joined((Text(f"{letter}{own}", style=style) for letter in "MSPF"), " "),
        f" seat {own}'s merchant, servant, priest, farmer\n",
        (f"M{own}*", style + " reverse"),
        " placed this turn   ",
        (f"M{other}", seat_style(other) + " underline"),
        f" placed {since}\n",
        (f"?{other}", seat_style(other) + RIVER_TOKEN_BG),
        " face down in the river",
        *yours,
        "   ",
        ("[MS]", CITY_STYLE),
        " city\n",
        ("(5)", FIELD_STYLE),
        " crop field (points) or ",
        ("(C)", FIELD_STYLE),
        ": per city won   ",
        ("~", RIVER_STYLE),
        " river\n",
        ("▲", ZIGGURAT_STYLE),
        " ziggurat   ",
        ("△", ZIGGURAT_SCORED_STYLE),
        " scored   ",
        ("·", LAND_STYLES["center"]),
        " free land   ",
        ("[MS]", CITY_STYLE + TO_SCORE_STYLE),
        " to score",
    )


# --------------------------------------------------------------------------- the table


def status_text(view: dict[str, Any], names: Sequence[str] | None = None) -> Text:
    """Whose turn it is and what they are deciding, in one or two lines."""
    viewer = view["seat"]
    if view["over"]:
        return kit.game_over_text(view["winners"] or [], SEATS, names, viewer)
    phase = view["phase"]
    current = view["current"]
    turn_player = view["turn_player"]
    text = kit.turn_heading(f"Turn {view['turn_number'] + 1}: ", current, SEATS, names, viewer)
    text.append(f" {view['task']}")
    if phase == "place":
        text.append(f" ({view['placed_this_turn']} placed)")
        limit = view.get("first_round_tokens")
        if limit:
            text.append(
                f"\nFirst round: this turn places exactly {plural(limit, 'token')}",
                style="italic",
            )
    elif phase == "card" and turn_player != current:
        text.append(" (")
        text.append_text(seat_label(turn_player, names))
        text.append("'s turn)")
    return text


def _to_score_text(view: dict[str, Any]) -> Text | None:
    if not view.get("to_score"):
        return None
    hexes = {_coord(h): h for h in view["board"]}
    text = Text("To score: ", style="bold")
    for i, (r, c) in enumerate(view["to_score"]):
        h = hexes[(r, c)]
        what = f"city {h['tile']}" if h["content"] == "city" else "ziggurat"
        if i:
            text.append(", ")
        text.append(f"{r},{c}", style="bold")
        text.append(f" {what}")
    return text


def players_table(
    view: dict[str, Any], names: Sequence[str] | None = None, *, compact: bool = False
) -> Table:
    """One row per seat; ``compact`` leaves out the "(you)" mark (the status line has it)."""
    viewer = view["seat"]
    spent = {c["number"] for c in view["cards"] if c["spent"]}
    table = plain_table()
    table.add_column("", width=1)
    table.add_column("seat", no_wrap=True)
    table.add_column("pts", justify="right")
    table.add_column("cities", justify="right")
    table.add_column("stand", justify="right")
    table.add_column("bag", justify="right")
    table.add_column("cards", no_wrap=True)
    current = view["current"]
    for p in view["players"]:
        s = p["seat"]
        cards = joined(
            Text(str(number), style=DIM + " strike" if number in spent else "")
            for number in p["cards"]
        )
        table.add_row(
            "▶" if s == current and not view["over"] else "",
            seat_label(s, names, None if compact else viewer),
            str(p["score"]),
            str(p["cities"]),
            f"{p['stand_size']}/{p['stand_capacity']}",
            str(p["bag_size"]),
            cards,
        )
    return table


def stand_text(view: dict[str, Any]) -> Text | None:
    """The viewer's own stand, as letters in the seat colour; None for a spectator."""
    seat = view["seat"]
    if seat is None:
        return None
    stand = view["players"][seat].get("stand")
    if stand is None:
        return None
    text = Text("Your stand: ", style="bold")
    letters = [
        LETTER[kind]
        for kind in ("merchant", "servant", "priest", "farmer")
        for _ in range(stand[kind])
    ]
    text.append(" ".join(letters) or "empty", style=seat_style(seat))
    return text


def cards_table(view: dict[str, Any], names: Sequence[str] | None = None) -> Table:
    """The ziggurat cards: number, printed name (the data file's, from the view; ``?`` shows
    a card's effect when it may be taken), who holds it and whether it is spent."""
    table = plain_table(show_header=False)
    table.add_column("#", justify="right", style="bold")
    table.add_column("name")
    table.add_column("holder", no_wrap=True)
    for card in view["cards"]:
        owner = card["owner"]
        if owner is None:
            holder = Text("free", style="green")
        else:
            holder = seat_label(owner, names)
            if card["spent"]:
                holder.append(" spent", style=DIM)
        table.add_row(str(card["number"]), card["name"], holder)
    return table


# --------------------------------------------------------------------------- the move log


@dataclass(frozen=True, slots=True)
class MoveNote(kit.LogNote):
    """One action as the log shows it (:class:`~ziggurat.render_kit.LogNote`), with the
    hex of a placement, public even face down, for the marks of the moves made since a
    seat's last turn. ``private`` may name a face-down token's kind."""

    placed: tuple[int, int] | None = None


def _parse_coord(m: re.Match[str], first: int) -> tuple[int, int]:
    return int(m.group(first)), int(m.group(first + 1))


def move_note(
    before: BabyloniaState,
    after: BabyloniaState,
    seat: int,
    action: Action,
    number: int,
) -> MoveNote:
    """Describe ``action`` (by ``seat``, the ``number``-th of the game) for the log: its
    words, the points it moved and the events the engine recorded (``after.events``).

    The hex is read off the spectator's view before the move, so nothing hidden can slip
    into ``public``; only ``private`` names a face-down token's kind.
    """
    vb, va = before.view(None), after.view(None)
    hb = {_coord(h): h for h in vb["board"]}
    text = str(action)
    private = public = text
    placed = None
    m = _PLACE_RE.match(text)
    if m:
        coord = placed = _parse_coord(m, 2)
        if hb.get(coord, {}).get("terrain") == "river":
            public = f"face-down token on {coord[0]},{coord[1]}"
            private = f"{text} face down"
    m = _CARD_RE.match(text)
    card = _card(vb, int(m.group(1))) if m else None
    if card is not None:
        private = public = f"{text} ({card['name']})"
    ends_turn = va["over"] or (
        (va["turn_number"], va["turn_player"]) != (vb["turn_number"], vb["turn_player"])
    )
    deltas = kit.points_moved(before.scores(), after.scores())
    return MoveNote(
        number, seat, private, public, deltas, kit.events_seen(after), ends_turn, placed
    )


def recent_placements(notes: Sequence[MoveNote], viewer: int | None) -> set[tuple[int, int]]:
    """Hexes the others placed on since ``viewer``'s last turn (for a spectator: during the
    last finished turn), so a player sees at a glance what happened while they waited."""
    i = len(notes) - 1
    if viewer is None:
        while i >= 0 and not notes[i].ends_turn:  # the turn in progress is marked with *
            i -= 1
        last_turn = {i}
        i -= 1
        while i >= 0 and not notes[i].ends_turn:
            last_turn.add(i)
            i -= 1
        return {notes[j].placed for j in last_turn if j >= 0 and notes[j].placed}
    while i >= 0 and notes[i].seat == viewer:  # the viewer's own turn in progress
        i -= 1
    recent = set()
    while i >= 0 and notes[i].seat != viewer:
        if notes[i].placed:
            recent.add(notes[i].placed)
        i -= 1
    return recent


# --------------------------------------------------------------------------- the screen


def render_panel(
    view: dict[str, Any],
    names: Sequence[str] | None = None,
    log: Group | None = None,
    *,
    compact: bool = False,
) -> Group:
    """The table beside the map: the status, the players, the viewer's stand, the cards and
    the log."""
    parts: list[RenderableType] = [status_text(view, names)]
    to_score = _to_score_text(view)
    if to_score is not None:
        parts.append(to_score)
    parts += [Text(), players_table(view, names, compact=compact)]
    stand = stand_text(view)
    if stand is not None:
        parts += [Text(), stand]
    cities_left = view["cities_on_board"]
    parts += [
        Text(f"Cities left: {cities_left} (the game ends below 2)", style=DIM),
        Text(),
        Text("Ziggurat cards", style="bold"),
        cards_table(view, names),
    ]
    if log is not None:
        parts += [Text(), log]
    return Group(*parts)


def compose(view: dict[str, Any], frame: kit.Frame) -> RenderableType:
    """The whole screen for ``view``: map and legend, and beside it (or below, when the
    terminal is narrower than ~100 columns) the status, players, stand, cards and log."""
    recent = recent_placements(frame.played, view["seat"])
    legend = render_legend(view["seat"])
    for right_labels, compact, min_panel in ((True, False, PANEL_WIDTH), (False, True, 0)):
        board_map = render_map(view, recent, right_labels=right_labels)
        map_width = widest(board_map, legend)
        if frame.width - map_width - 2 >= max(min_panel, PANEL_MIN_WIDTH):
            panel = render_panel(view, frame.names, frame.log, compact=compact)
            return beside(Group(board_map, legend), map_width, panel)
    board_map = render_map(view, recent)
    return Group(board_map, legend, Text(), render_panel(view, frame.names, frame.log))


FRONT_END = kit.FrontEnd(SEATS, compose, players=lambda view: len(view["players"]))
render_view, view_text, state_text, note_text = FRONT_END.functions()


# --------------------------------------------------------------------------- input helpers


def group_moves(view: dict[str, Any], moves: Sequence[str]) -> list[tuple[str, str]]:
    """Legal moves grouped compactly for the help screen, e.g.
    ``("M S P F on land", "0,10 1,7 ...")``, ``("F on a field", "12,4")``, ``("other", "end")``.

    Token kinds that may go on exactly the same hexes share one line; each card that may be
    taken has a line of its own with its printed effect (the data file's, from the view).
    """
    hexes = {_coord(h): h for h in view["board"]}
    by_target: dict[str, dict[str, list[str]]] = {}
    other: list[str] = []
    for move in moves:
        m = _PLACE_RE.match(move)
        if not m:
            other.append(move)
            continue
        coord = _parse_coord(m, 2)
        h = hexes.get(coord, {})
        if h.get("terrain") == "river":
            target = "in the river (face down)"
        elif h.get("content") == "field":
            target = "on a field"
        else:
            target = "on land"
        by_target.setdefault(target, {}).setdefault(m.group(1), []).append(
            f"{m.group(2)},{m.group(3)}"
        )
    groups: list[tuple[str, str]] = []
    for target in ("on land", "in the river (face down)", "on a field"):
        kinds = by_target.get(target)
        if not kinds:
            continue
        merged: dict[tuple[str, ...], list[str]] = {}
        for letter in "MSPF":
            if letter in kinds:
                merged.setdefault(tuple(kinds[letter]), []).append(letter)
        for coords, letters in merged.items():
            groups.append((f"{' '.join(letters)} {target}", " ".join(coords)))
    cards = [(move, _card(view, int(m.group(1)))) for move in other if (m := _CARD_RE.match(move))]
    for move, card in cards:
        if card is not None:
            groups.append((f"{move} ({card['name']})", card["effect"]))
    other = [move for move in other if not _CARD_RE.match(move)]
    if other:
        groups.append(("other", ", ".join(other)))
    return groups


def move_hint(view: dict[str, Any], move: str) -> str | None:
    """A few words beside a move in the numbered list: a card's name (``?`` shows what it
    does), that a river token lies face down, which field a token takes, what a scored hex
    is."""
    m = _CARD_RE.match(move)
    if m:
        card = _card(view, int(m.group(1)))
        return card["name"] if card is not None else None
    if move == "extra":
        return f"play another turn now (card {CARD_EXTRA_TURN} is spent)"
    if move == "no-extra":
        return f"keep card {CARD_EXTRA_TURN} for a later turn"
    m = _PLACE_RE.match(move) or _SCORE_RE.match(move)
    if not m:
        return None
    coord = _parse_coord(m, m.re.groups - 1)
    h = next((h for h in view["board"] if _coord(h) == coord), None)
    if h is None:
        return None
    if h["content"] == "city":
        return f"city {h['tile']}"
    if h["content"] == "ziggurat":
        return "ziggurat"
    if h["content"] == "field":
        return f"field {field_mark(h['tile'])}"
    if h["terrain"] == "river":
        return "face down"
    return None
