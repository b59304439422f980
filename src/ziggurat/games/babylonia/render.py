"""Babylonia in the terminal: the board, the table and the move log, drawn with rich.

Everything here draws from ``state.view(seat)`` (a JSON-ready dict, see :mod:`.views`) and
never from the state's hidden fields, so a drawing can hold nothing the viewing seat could
not see at the table. The one exception is :func:`move_note`, which reads the action the
mover chose; it keeps the face-down kind in ``MoveNote.private`` (shown to the mover only)
and writes ``MoveNote.public`` for everybody else.

This module is the game's *terminal front end*: the game-agnostic loop in
:mod:`ziggurat.terminal` finds it by the game's name and calls :func:`render_view`,
:func:`move_note`, :func:`note_text`, :func:`group_moves`, :func:`move_hint`,
:func:`can_undo`, and reads
:data:`NOTATION_HELP` / :data:`NOTATION_EXAMPLES`.

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

from ziggurat.render_shared import DIM, last_moves, names_for, seat_text, to_plain

from .actions import NOTATION_HELP as _ENGINE_NOTATION_HELP
from .cards import CARD_POWERS
from .phases import PHASE_PLACE

if TYPE_CHECKING:
    from ziggurat.core.action import Action

    from .state import BabyloniaState

NOTATION_HELP = _ENGINE_NOTATION_HELP
NOTATION_EXAMPLES = "M7,3  F12,4  end  score 12,4  card 3  extra  no-extra"

COL_WIDTH = 3  # characters per board column; hexes of one row are two columns apart
SEAT_STYLES = ("bold bright_red", "bold bright_green", "bold bright_yellow", "bold bright_magenta")
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
FIELD_MARK = {"5": "5", "6": "6", "7": "7", "cities": "C"}

# One-line summaries for the table (the cards' table); the data file's ``effect`` is the
# full text.
SHORT_EFFECTS = {number: card.short for number, card in CARD_POWERS.items()}

_PLACE_RE = re.compile(r"^([MSPF])(\d+),(\d+)$")
_SCORE_RE = re.compile(r"^score (\d+),(\d+)$")
_CARD_RE = re.compile(r"^card (\d+)$")


def seat_style(seat: int) -> str:
    return SEAT_STYLES[seat % len(SEAT_STYLES)]


def _names(view: dict[str, Any], seat_names: Sequence[str] | None) -> list[str] | None:
    return names_for(seat_names, len(view["players"]))


def seat_label(seat: int, seat_names: Sequence[str] | None, viewer: int | None = None) -> Text:
    """The seat's name in its colour, "(you)" for the viewer (:func:`seat_text`)."""
    return seat_text(seat, seat_names, seat_style(seat), viewer)


def _coord(h: dict[str, Any]) -> tuple[int, int]:
    return h["hex"][0], h["hex"][1]


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
        return f"({FIELD_MARK[h['tile']]})", FIELD_STYLE, 1
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
    legend = Text()
    for letter in "MSPF":
        legend.append(f"{letter}{own}", style=style)
        legend.append(" ")
    legend.append(f"seat {own}'s merchant, servant, priest, farmer\n")
    legend.append(f"M{own}*", style=style + " reverse")
    legend.append(" placed this turn   ")
    legend.append(f"M{other}", style=seat_style(other) + " underline")
    since = "since your last turn" if viewer is not None else "in the last turn"
    legend.append(f" placed {since}\n")
    legend.append(f"?{other}", style=seat_style(other) + RIVER_TOKEN_BG)
    legend.append(" face down in the river")
    if viewer is not None:
        legend.append(" (")
        legend.append(f"m{viewer}", style=style + RIVER_TOKEN_BG)
        legend.append(" yours)")
    legend.append("   ")
    legend.append("[MS]", style=CITY_STYLE)
    legend.append(" city\n")
    legend.append("(5)", style=FIELD_STYLE)
    legend.append(" crop field 5/6/7 or ")
    legend.append("(C)", style=FIELD_STYLE)
    legend.append(": 1 per city won   ")
    legend.append("~", style=RIVER_STYLE)
    legend.append(" river\n")
    legend.append("▲", style=ZIGGURAT_STYLE)
    legend.append(" ziggurat   ")
    legend.append("△", style=ZIGGURAT_SCORED_STYLE)
    legend.append(" scored   ")
    legend.append("·", style=LAND_STYLES["center"])
    legend.append(" free land   ")
    legend.append("[MS]", style=CITY_STYLE + TO_SCORE_STYLE)
    legend.append(" to score")
    return legend


# --------------------------------------------------------------------------- the table


def status_text(view: dict[str, Any], seat_names: Sequence[str] | None = None) -> Text:
    """Whose turn it is and what they are deciding, in one or two lines."""
    names = _names(view, seat_names)
    viewer = view["seat"]
    text = Text()
    if view["terminal"]:
        winners = view["winners"] or []
        text.append("Game over. ", style="bold")
        for i, s in enumerate(winners):
            if i:
                text.append(" and ")
            text.append_text(seat_label(s, names, viewer))
        text.append(" wins." if len(winners) == 1 else " share the win.")
        return text
    phase = view["phase"]
    current = view["current_player"]
    turn_player = view["turn_player"]
    text.append(f"Turn {view['turn_number'] + 1}: ", style="bold")
    text.append_text(seat_label(current, names, viewer))
    if phase == "place":
        placed = view["placed_this_turn"]
        text.append(f" places tokens ({placed} placed)")
        limit = view.get("first_round_tokens")
        if limit:
            text.append(
                f"\nFirst round: this turn places exactly {limit} token{'s' if limit > 1 else ''}",
                style="italic",
            )
    elif phase == "score":
        text.append(" chooses what to score next")
    elif phase == "card":
        text.append(" won a ziggurat and takes a card")
        if turn_player != current:
            text.append(" (")
            text.append_text(seat_label(turn_player, names))
            text.append("'s turn)")
    elif phase == "extra":
        text.append(" may use card 2 for an extra turn")
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
    view: dict[str, Any], seat_names: Sequence[str] | None = None, *, compact: bool = False
) -> Table:
    """One row per seat; ``compact`` leaves out the "(you)" mark (the status line has it)."""
    names = _names(view, seat_names)
    viewer = view["seat"]
    spent = {c["number"] for c in view["cards"] if c["spent"]}
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False)
    table.add_column("", width=1)
    table.add_column("seat", no_wrap=True)
    table.add_column("pts", justify="right")
    table.add_column("cities", justify="right")
    table.add_column("stand", justify="right")
    table.add_column("bag", justify="right")
    table.add_column("cards", no_wrap=True)
    current = view["current_player"]
    for p in view["players"]:
        s = p["seat"]
        cards = Text()
        for i, number in enumerate(p["cards"]):
            if i:
                cards.append(" ")
            cards.append(str(number), style=DIM + " strike" if number in spent else "")
        table.add_row(
            "▶" if s == current and not view["terminal"] else "",
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


def cards_table(view: dict[str, Any], seat_names: Sequence[str] | None = None) -> Table:
    names = _names(view, seat_names)
    table = Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False, show_header=False)
    table.add_column("#", justify="right", style="bold")
    table.add_column("effect")
    table.add_column("holder", no_wrap=True)
    for card in view["cards"]:
        owner = card["owner"]
        if owner is None:
            holder = Text("free", style="green")
        else:
            holder = seat_label(owner, names)
            if card["spent"]:
                holder.append(" spent", style=DIM)
        effect = SHORT_EFFECTS.get(card["number"], card["name"])
        table.add_row(str(card["number"]), effect, holder)
    return table


# --------------------------------------------------------------------------- the move log


@dataclass(frozen=True, slots=True)
class MoveNote:
    """One action as the log shows it, with the points it moved (from ``scores()`` diffs).

    ``private`` may name a face-down token's kind and is shown to the mover only; everybody
    else sees ``public``.
    """

    number: int
    seat: int
    private: str
    public: str
    deltas: tuple[int, ...]
    events: tuple[str, ...]
    ends_turn: bool
    placed: tuple[int, int] | None = None  # the hex of a placement (public, even face down)


def _parse_coord(m: re.Match[str], first: int) -> tuple[int, int]:
    return int(m.group(first)), int(m.group(first + 1))


def move_note(
    before: BabyloniaState,
    after: BabyloniaState,
    seat: int,
    action: Action,
    number: int,
) -> MoveNote:
    """Describe ``action`` (by ``seat``, the ``number``-th of the game) from public facts.

    Facts come from the spectator views before and after, so nothing hidden can slip into
    ``public`` or ``events``; only ``private`` names a face-down token's kind.
    """
    vb, va = before.view(None), after.view(None)
    hb = {_coord(h): h for h in vb["board"]}
    ha = {_coord(h): h for h in va["board"]}
    text = str(action)
    private = public = text
    placed = None
    m = _PLACE_RE.match(text)
    if m:
        coord = placed = _parse_coord(m, 2)
        target = hb.get(coord, {})
        if target.get("terrain") == "river":
            public = f"face-down token on {coord[0]},{coord[1]}"
            private = f"{text} face down"
        elif target.get("content") == "field":
            field = f" takes field {FIELD_MARK[target['tile']]}"
            private += field
            public += field
    m = _CARD_RE.match(text)
    if m:
        number_ = int(m.group(1))
        name = next((c["name"] for c in vb["cards"] if c["number"] == number_), "")
        if name:
            private = public = f"{text} ({name})"

    events: list[str] = []
    scored_cities = [
        f"{h['tile']} {r},{c}"
        for (r, c), h in hb.items()
        if h["content"] == "city" and ha[(r, c)]["content"] != "city"
    ]
    gained = [
        s
        for s in range(len(va["players"]))
        if va["players"][s]["cities"] > vb["players"][s]["cities"]
    ]
    if scored_cities:
        what = ("city " if len(scored_cities) == 1 else "cities ") + ", ".join(scored_cities)
        if gained:
            events.append(f"{what} won by seat {', '.join(map(str, gained))}")
        else:
            events.append(f"{what} tied, discarded")
    scored_zigs = [
        f"{r},{c}"
        for (r, c), h in hb.items()
        if h["content"] == "ziggurat" and not h["scored"] and ha[(r, c)]["scored"]
    ]
    if scored_zigs:
        what = "ziggurat " + ", ".join(scored_zigs)
        if va["phase"] == "card":
            events.append(f"{what} won by seat {va['current_player']}")
        else:
            events.append(f"{what} tied, no card")
    if va["terminal"]:
        events.append("game over")
    elif va["phase"] == "extra" and vb["phase"] != "extra":
        events.append(f"seat {va['current_player']} may take an extra turn")
    ends_turn = va["terminal"] or (
        (va["turn_number"], va["turn_player"]) != (vb["turn_number"], vb["turn_player"])
    )
    deltas = tuple(a - b for a, b in zip(after.scores(), before.scores(), strict=True))
    return MoveNote(number, seat, private, public, deltas, tuple(events), ends_turn, placed)


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


def _points_text(note: MoveNote, names: Sequence[str] | None) -> Text:
    text = Text()
    own = note.deltas[note.seat]
    if own:
        text.append(f" {own:+d}", style="bold green" if own > 0 else "bold red")
    others = [(s, d) for s, d in enumerate(note.deltas) if s != note.seat and d]
    for s, d in others:
        text.append(", ")
        text.append(f"seat {s}", style=seat_style(s))
        text.append(f" {d:+d}", style="green" if d > 0 else "red")
    return text


def note_text(note: MoveNote, viewer: int | None, seat_names: Sequence[str] | None = None) -> Text:
    """``" 23 1 greedy: score 12,4 +6 · city MS 12,4 won by seat 1"`` for ``viewer``."""
    text = Text(f"{note.number:>3} ", style=DIM)
    text.append_text(seat_label(note.seat, seat_names))
    text.append(": ")
    text.append(note.private if viewer == note.seat else note.public)
    text.append_text(_points_text(note, seat_names))
    for event in note.events:
        text.append(" · ", style=DIM)
        text.append(event, style="italic")
    return text


def log_table(
    notes: Sequence[MoveNote],
    viewer: int | None,
    seat_names: Sequence[str] | None = None,
    lines: int = 8,
    current: int | None = None,
) -> Group:
    """The last ``lines`` moves (or the ``lines`` up to move ``current`` in a replay)."""
    return last_moves(notes, lambda note: note_text(note, viewer, seat_names), lines, current)


# --------------------------------------------------------------------------- the screen


def render_panel(
    view: dict[str, Any],
    *,
    seat_names: Sequence[str] | None = None,
    notes: Sequence[MoveNote] = (),
    log_lines: int = 8,
    log_current: int | None = None,
    compact: bool = False,
) -> Group:
    names = _names(view, seat_names)
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
    if notes or log_lines:
        parts += [Text(), log_table(notes, view["seat"], names, log_lines, log_current)]
    return Group(*parts)


def render_view(
    view: dict[str, Any],
    *,
    seat_names: Sequence[str] | None = None,
    notes: Sequence[MoveNote] = (),
    log_lines: int = 8,
    log_current: int | None = None,
    width: int = 120,
) -> RenderableType:
    """The whole screen for ``view``: map and legend, and beside it (or below, when the
    terminal is narrower than ~100 columns) the status, players, stand, cards and log."""
    played = notes if log_current is None else notes[:log_current]
    recent = recent_placements(played, view["seat"])
    legend = render_legend(view["seat"])
    for right_labels, compact, min_panel in ((True, False, PANEL_WIDTH), (False, True, 0)):
        board_map = render_map(view, recent, right_labels=right_labels)
        lines = (board_map.plain + "\n" + legend.plain).split("\n")
        map_width = max(len(line) for line in lines)
        panel_width = width - map_width - 2
        if panel_width >= max(min_panel, PANEL_MIN_WIDTH):
            panel = render_panel(
                view,
                seat_names=seat_names,
                notes=notes,
                log_lines=log_lines,
                log_current=log_current,
                compact=compact,
            )
            grid = Table.grid(padding=(0, 2))
            grid.add_column(width=map_width, no_wrap=True)
            grid.add_column(ratio=1)
            grid.add_row(Group(board_map, legend), panel)
            return grid
    board_map = render_map(view, recent)
    panel = render_panel(
        view, seat_names=seat_names, notes=notes, log_lines=log_lines, log_current=log_current
    )
    return Group(board_map, legend, Text(), panel)


def view_text(
    view: dict[str, Any],
    *,
    seat_names: Sequence[str] | None = None,
    notes: Sequence[MoveNote] = (),
    width: int = 120,
) -> str:
    """Plain-text rendering of ``view`` (what :func:`render_view` draws, without colour)."""
    return to_plain(render_view(view, seat_names=seat_names, notes=notes, width=width), width)


def state_text(state: BabyloniaState) -> str:
    """The spectator's view of ``state`` as plain text (``str(state)`` is the kernel's one
    line: the engine never draws)."""
    return view_text(state.view(None))


# --------------------------------------------------------------------------- input helpers


def group_moves(view: dict[str, Any], moves: Sequence[str]) -> list[tuple[str, str]]:
    """Legal moves grouped compactly for the help screen, e.g.
    ``("M S P F on land", "0,10 1,7 ...")``, ``("F on a field", "12,4")``, ``("other", "end")``.

    Token kinds that may go on exactly the same hexes share one line.
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
    if other:
        groups.append(("other", ", ".join(other)))
    return groups


def move_hint(view: dict[str, Any], move: str) -> str | None:
    """A few words beside a move in the numbered list: what a card does, that a river token
    lies face down, which field a token takes, what a scored hex is."""
    m = _CARD_RE.match(move)
    if m:
        return SHORT_EFFECTS.get(int(m.group(1)))
    if move == "extra":
        return "play another turn now (card 2 is spent)"
    if move == "no-extra":
        return "keep card 2 for a later turn"
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
        return f"field {FIELD_MARK[h['tile']]}"
    if h["terrain"] == "river":
        return "face down"
    return None


def can_undo(before: BabyloniaState, after: BabyloniaState) -> bool:
    """May the move from ``before`` to ``after`` be taken back?

    Only a placement that left the turn in its placement step: nothing was drawn or scored,
    so going back reveals nothing (ending the turn refills the stand from the bag).
    """
    return (
        before.phase == PHASE_PLACE
        and after.phase == PHASE_PLACE
        and before.turn_number == after.turn_number
        and before.turn_player == after.turn_player
    )
