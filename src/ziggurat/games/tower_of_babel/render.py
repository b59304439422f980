"""Tower of Babel in the terminal: the wonders, the tables, the build and the log, with rich.

Everything drawn comes from ``state.view(seat)`` (a JSON-ready dict, see :mod:`.views`) and
never from the state's hidden fields, so a drawing holds nothing the viewing seat could not
see at the table: another seat's face-down offer shows only that it was made until the reveal. The
log is written by :func:`move_note` from the game's own
:meth:`~.game.TowerOfBabelGame.describe_action`, which hides an offer's cards from everybody
but its author (``MoveNote.private`` is shown to the mover only), and from the events the
engine recorded for the move (:mod:`.events`: the reveal, a build, a wonder scored, the end).
The words of each phase, the rule numbers and the action cards' names come from the view
(``task``, ``rules``, ``action_cards_info``), never from this module.

This module is the game's *terminal front end*: the game-agnostic loop in
:mod:`ziggurat.terminal` finds it by the game's name and calls :func:`render_view`,
:func:`move_note`, :func:`note_text`, :func:`group_moves`, :func:`move_hint`,
and reads :data:`NOTATION_HELP` / :data:`NOTATION_EXAMPLES`. What every
game's front end shares (the seat labels, the log's lines, the screen's plumbing) is
:mod:`ziggurat.render_kit`; this module draws the wonders, the tables and the builds.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ziggurat import render_kit as kit
from ziggurat.render_shared import DIM, Seats, joined, plain_table, plural

from .actions import NOTATION_HELP as _ENGINE_NOTATION_HELP
from .components import TYPES

if TYPE_CHECKING:
    from .actions import TowerAction
    from .state import TowerState

NOTATION_HELP = _ENGINE_NOTATION_HELP
NOTATION_EXAMPLES = "pass  build giza 2  offer 2 boat + exchange  accept 1 3  give up"

SEATS = Seats(
    (
        "bold bright_red",
        "bold bright_green",
        "bold bright_yellow",
        "bold bright_magenta",
        "bold bright_cyan",
    )
)
TYPE_STYLES = {
    "camel": "bold dark_orange",
    "crane": "bold deep_sky_blue1",
    "boat": "bold medium_purple1",
    "stonemason": "bold grey93",
}
BUILDING_STYLE = "reverse"  # the disc being built
WIDE = 90  # from this width on, the wonders table shows who leads each wonder
NAMES = 120  # ...and from this one the wonders' full names

_COUNT_TYPE_RE = re.compile(r"(\d+) (camel|crane|boat|stonemason)")


seat_style = SEATS.style
seat_label = SEATS.label


def cards_rich(counts: dict[str, int], *, empty: str = "nothing") -> Text:
    """``2 camel 1 boat``, each type in its colour, in the type order; ``empty`` for none."""
    text = Text()
    for t in TYPES:
        c = counts.get(t, 0)
        if c:
            if text:
                text.append(" ")
            text.append(f"{c} {t}", style=TYPE_STYLES[t])
    if not text:
        text.append(empty, style=DIM)
    return text


def _styled_notation(text: str) -> Text:
    """A disc or card text such as ``2 camel 3 stonemason`` with the types coloured."""
    out = Text()
    pos = 0
    for m in _COUNT_TYPE_RE.finditer(text):
        out.append(text[pos : m.start()])
        out.append(m.group(0), style=TYPE_STYLES[m.group(2)])
        pos = m.end()
    out.append(text[pos:])
    return out


def current_build(view: dict[str, Any]) -> dict[str, Any] | None:
    """The build in progress, if any. Once the game is over there is none: the build that
    ended it is the view's ``last_build``."""
    if view["phase"] == "over":
        return None
    build: dict[str, Any] | None = view.get("build")
    return build


def _need_types(disc: dict[str, Any]) -> set[str]:
    return set(disc["need"])


def _matching(cards: dict[str, int], disc: dict[str, Any]) -> dict[str, int]:
    """The cards of an offer that the disc asks for (the others go back at the reveal)."""
    return {t: c for t, c in cards.items() if c and t in disc["need"]}


def _participation(view: dict[str, Any]) -> int:
    """Points for every other seat with pieces on a scored wonder."""
    return view["participation_points"]


# --------------------------------------------------------------------------- status


def status_text(view: dict[str, Any], names: Sequence[str] | None = None) -> Text:
    """Whose turn it is and what is being decided (the view's ``task``), in one or two
    lines: the build in progress first, then the seat to decide in it."""
    viewer = view["seat"]
    if view["phase"] == "over":
        return kit.game_over_text(view["winners"], SEATS, names, viewer)
    phase = view["phase"]
    current = view["current"]
    build = current_build(view)
    heading = f"Turn {view['turn'] + 1}: "
    if phase == "choose":
        text = kit.turn_heading(heading, current, SEATS, names, viewer)
        text.append(f" {view['task']}")
        if view["second_turn"]:
            text.append(" (second turn of a double turn)", style="italic")
        return text
    text = kit.turn_heading(heading, view["active"], SEATS, names, viewer)
    if build is None:
        text.append(" - turn over; ")
    else:
        text.append(" builds ")
        text.append_text(_styled_notation(build["disc"]["text"]))
        text.append(f" on {build['wonder']} {build['slot']}")
        if current == view["active"]:  # the acceptance: his own decision
            text.append(f" and {view['task']}")
            return text
        text.append("; ")
    text.append_text(seat_label(current, names, viewer))
    text.append(f" {view['task']}")
    return text


# --------------------------------------------------------------------------- the wonders


def wonders_table(view: dict[str, Any], *, wide: bool = True, names: bool = True) -> Table:
    """One row per wonder: its disc spaces (numbered as ``build giza 2`` reads them), each
    seat's piece value there (p0, p1, ...; the most underlined), and who leads or whether it
    is completed. The disc being built is marked with ▶ (reversed while on the board).

    ``names`` adds the wonders' full names. Narrow (``wide`` false): no names and no lead
    column, a completed wonder gets a ✓ beside its id, and a two-type disc takes two lines."""
    n = len(view["players"])
    build = current_build(view)
    table = plain_table()
    names = names and wide
    table.add_column("wonder", no_wrap=True, style="bold")
    if names:
        table.add_column("", no_wrap=True, style=DIM)
    spaces = max(len(w["spaces"]) for w in view["wonders"])
    for k in range(spaces):
        table.add_column(f"space {k + 1}", no_wrap=True)
    for s in range(n):
        table.add_column(Text(f"p{s}", style=seat_style(s)), justify="right", no_wrap=True)
    if wide:
        table.add_column("", no_wrap=True)
    for w in view["wonders"]:
        label = Text(w["id"])
        if not wide and w["completed"]:
            label.append(" ✓", style="green")
        cells: list[RenderableType] = [label]
        if names:
            cells.append(w["name"])
        building_here = build is not None and build["wonder"] == w["id"]
        for k, disc in enumerate(w["spaces"]):
            if building_here and build["slot"] == k + 1:
                cell = Text("▶", style="bold")
                cell.append_text(_disc_cell(build["disc"], wide))
                if disc is not None:
                    cell.stylize(BUILDING_STYLE)
            elif disc is None:
                cell = Text("—" if w["completed"] else "taken", style=DIM)
            else:
                cell = _disc_cell(disc, wide)
            cells.append(cell)
        cells += [Text() for _ in range(spaces - len(w["spaces"]))]
        pieces = w["pieces"]
        top = max(pieces)
        for s in range(n):
            value = pieces[s]
            if not value:
                cells.append(Text("·", style=DIM))
            else:
                style = seat_style(s) + (" underline" if value == top else "")
                cells.append(Text(str(value), style=style))
        if wide:
            if w["completed"]:
                note = Text("completed", style="green")
            elif building_here:
                note = Text("◀ building", style="bold")
            else:
                note = _lead_text(pieces)
            cells.append(note)
        table.add_row(*cells, style=DIM if w["completed"] else None)
    return table


def _disc_cell(disc: dict[str, Any], wide: bool) -> Text:
    """A disc's text; narrow, a two-type disc puts each type on its own line."""
    if wide or not disc["two_type"]:
        return _styled_notation(disc["text"])
    return Text("\n").join(_styled_notation(f"{c} {t}") for t, c in disc["need"].items())


def _lead_text(pieces: Sequence[int]) -> Text:
    """``p2 leads`` / ``p0 p2 tie`` for a wonder with pieces on it."""
    top = max(pieces)
    if top <= 0:
        return Text()
    leaders = [s for s, v in enumerate(pieces) if v == top]
    text = SEATS.numbers(leaders, "p")
    text.append(" leads" if len(leaders) == 1 else " tie", style=DIM)
    return text


def scoring_text(view: dict[str, Any]) -> Text:
    """The wonder scoring table in one line, the marker's row reversed, rows used dimmed."""
    text = Text("Wonder scoring ", style="bold")
    text.append(f"(most/second, others with pieces {_participation(view)}): ", style=DIM)
    marker = view["marker"]
    over = view["phase"] == "over"
    for i, (first, second) in enumerate(view["rows"]):
        if i:
            text.append(" ")
        label = f"{i + 1}:{first}/{second}"
        if i == marker and not over:
            text.append("▶" + label, style="bold reverse")
        elif i < marker:
            text.append(label, style=DIM + " strike")
        else:
            text.append(label)
    first, second = view["final_row"]
    text.append("  ")
    label = f"final:{first}/{second}"
    text.append("▶" + label if over else label, style="bold reverse" if over else "bold")
    if marker >= len(view["rows"]) and not over:
        text.append("  (no row left: no wonder can be completed)", style=DIM)
    return text


def set_bonus_text(view: dict[str, Any]) -> Text:
    """``Disc sets, per type: 1→0 2→5 3→10 4→20 ...``"""
    text = Text("Disc sets ", style="bold")
    text.append("(discs of one type → points): ", style=DIM)
    parts = [f"{count}→{points}" for count, points in enumerate(view["set_bonus"]) if count]
    text.append(" ".join(parts))
    return text


# --------------------------------------------------------------------------- the seats


def discs_text(discs: Sequence[dict[str, Any]]) -> Text:
    """Owned discs by type (what the set bonus counts): ``camel 2 · boat 1 · 2 camel 3
    stonemason``; the values printed on single-type discs do not matter once taken."""
    counts = {t: 0 for t in TYPES}
    doubles = []
    for disc in discs:
        if disc["two_type"]:
            doubles.append(disc)
        else:
            counts[next(iter(disc["need"]))] += 1
    singles = (Text(f"{t} {counts[t]}", style=TYPE_STYLES[t]) for t in TYPES if counts[t])
    bracketed = (Text.assemble("[", _styled_notation(disc["text"]), "]") for disc in doubles)
    return joined([*singles, *bracketed], " · ", sep_style=DIM, empty="none")


def players_table(
    view: dict[str, Any], names: Sequence[str] | None = None, *, compact: bool = False
) -> Table:
    """One row per seat: points, cards in hand (building cards, plus the exchange card while
    it is held: that is what the table can count), action cards, piece supply, owned discs.
    ▶ marks the seat to act, A the active player."""
    viewer = view["seat"]
    over = view["phase"] == "over"
    table = plain_table()
    table.add_column("", width=2, no_wrap=True)
    table.add_column("seat", no_wrap=True)
    table.add_column("pts", justify="right")
    table.add_column("cards", justify="right")
    if view["action_cards_in_game"]:
        table.add_column("actions", justify="right")
    table.add_column("pieces", justify="right")
    table.add_column("discs owned")
    for p in view["players"]:
        s = p["seat"]
        mark = Text()
        if not over:
            mark.append("▶" if s == view["current"] else " ", style="bold")
            mark.append("A" if s == view["active"] else " ", style="bold")
        row: list[RenderableType] = [
            mark,
            seat_label(s, names, None if compact else viewer),
            str(p["score"]),
            str(p["cards"]),
        ]
        if view["action_cards_in_game"]:
            row.append(str(p["action_cards"]))
        row += [str(p["supply"]), discs_text(p["discs"])]
        table.add_row(*row)
    return table


def hand_text(view: dict[str, Any]) -> Text | None:
    """The viewer's own hand: building cards by type, the exchange card, action cards."""
    hand = view.get("hand")
    if hand is None or view["seat"] is None:
        return None
    cards = hand["cards"]
    total = sum(cards.values())
    text = Text("Your hand: ", style="bold")
    text.append_text(cards_rich(cards, empty="no building cards"))
    text.append(f" ({plural(total, 'building card')})", style=DIM)
    text.append(" · ", style=DIM)
    if hand["exchange"]:
        text.append("exchange card", style="bold")
    elif _own_offer_has_exchange(view):
        text.append("exchange card in your offer", style=DIM)
    else:
        text.append("exchange card out", style=DIM)
    if view["action_cards_in_game"]:
        info = view["action_cards_info"]
        held = [
            Text.assemble((info[kind]["name"], "bold cyan"), f" ×{count}" if count > 1 else "")
            for kind, count in hand["actions"].items()
            if count
        ]
        text.append("\nYour action cards: ", style="bold")
        text.append_text(joined(held, ", ", empty="none"))
    return text


def _own_offer_has_exchange(view: dict[str, Any]) -> bool:
    build = current_build(view)
    if build is None:
        return False
    return any(o["seat"] == view["seat"] and o.get("exchange") for o in build["offers"])


def piles_text(view: dict[str, Any]) -> Text:
    text = Text("Draw pile ", style="bold")
    text.append(str(view["draw_pile"]))
    text.append(" · discard pile ", style="bold")
    discard = view["discard"]
    text.append_text(cards_rich(discard, empty="empty"))
    if view["action_cards_in_game"]:
        text.append(" · action cards ", style="bold")
        text.append(f"{view['action_pile']} face down")
        played = [(k, c) for k, c in view["action_discard"].items() if c]
        if played:
            text.append(", played: ")
            info = view["action_cards_info"]
            text.append(", ".join(f"{info[k]['name']} {c}" for k, c in played))
    else:
        text.append(" · no action cards (variant)", style=DIM)
    return text


# --------------------------------------------------------------------------- builds


def _offer_row(
    offer: dict[str, Any], disc: dict[str, Any], *, phase: str, built: bool | None
) -> tuple[Text, Text]:
    """The cards of a revealed offer and what became of it."""
    cards = offer["cards"]
    shown = cards_rich(cards)
    if offer["exchange"]:
        shown.append(" + exchange", style="bold")
    matching = _matching(cards, disc)
    result = Text()
    if not any(cards.values()):
        return Text("no offer", style=DIM), result
    if not matching:
        result.append("nothing matches", style=DIM)
        return shown, result
    result.append("matching ")
    result.append_text(cards_rich(matching))
    if phase == "accept":
        return shown, result
    if offer["accepted"]:
        result.append(" · accepted", style="bold green")
        if offer["exchange"]:
            result.append(" (takes the disc)", style="green")
    else:
        result.append(" · rejected" if built else " · not used", style="yellow")
        if "points" in offer:
            result.append(f", +{offer['points']}", style="green" if offer["points"] else DIM)
    if offer["triple"]:
        result.append(" · triple bonus", style="bold cyan")
    return shown, result


def build_panel(view: dict[str, Any], names: Sequence[str] | None = None) -> Group | None:
    """The build in progress: the disc, each opponent's offer (face down: only whether it is
    made and, to a viewer who may see it, its number of cards; the viewer's own: its cards),
    after the reveal every offer
    with its matching cards, and once chosen, accepted or rejected."""
    build = current_build(view)
    if build is None:
        return None
    viewer = view["seat"]
    phase = view["phase"]
    disc = build["disc"]
    wonder = next(w for w in view["wonders"] if w["id"] == build["wonder"])
    built = build["built"]
    head = Text("Build in progress: ", style="bold")
    head.append_text(seat_label(view["active"], names, viewer))
    head.append(" builds ")
    head.append_text(_styled_notation(disc["text"]))
    head.append(f" on {build['wonder']} {build['slot']} ({wonder['name']})")
    if build["revealed"] and phase != "accept":
        head.append(" - built" if built else " - not built (unfulfilled)", style="bold")
    table = _offers_table()
    matching_total = {t: 0 for t in TYPES}
    for offer in build["offers"]:
        label = Text("  ")
        label.append_text(seat_label(offer["seat"], names, viewer))
        if build["revealed"]:
            shown, result = _offer_row(offer, disc, phase=phase, built=built)
            for t, c in _matching(offer["cards"], disc).items():
                matching_total[t] += c
        elif not offer["made"]:
            if offer["seat"] == view["current"]:
                shown, result = Text("deciding...", style="italic"), Text()
            else:
                shown, result = Text("waiting", style=DIM), Text()
        elif "cards" in offer:  # the viewer's own offer, before the reveal
            shown = Text("your offer: ", style="bold")
            shown.append_text(cards_rich(offer["cards"], empty="nothing"))
            if offer.get("exchange"):
                shown.append(" + exchange", style="bold")
            result = Text("face down", style=DIM)
        elif offer["cards_count"] is None:  # made before the viewer's own: not even its size
            shown, result = Text("offer made, face down"), Text()
        elif offer["cards_count"]:
            shown = Text(f"face down, {plural(offer['cards_count'], 'card')}")
            result = Text()
        else:
            shown, result = Text("no offer", style=DIM), Text()
        table.add_row(label, shown, result)
    parts: list[RenderableType] = [head, table]
    hand = view.get("hand")
    if phase == "offer" and hand is not None and viewer == view["current"]:
        line = Text("  Needed: ", style=DIM)
        line.append_text(cards_rich(disc["need"]))
        line.append("; you hold ", style=DIM)
        line.append_text(
            cards_rich({t: hand["cards"].get(t, 0) for t in disc["need"]}, empty="none")
        )
        line.append(f"; your pieces {view['players'][viewer]['supply']}", style=DIM)
        parts.append(line)
    if build["revealed"] and phase == "accept":
        need = Text("  Needed: ", style=DIM)
        need.append_text(cards_rich(disc["need"]))
        need.append("; matching cards offered: ", style=DIM)
        need.append_text(cards_rich({t: c for t, c in matching_total.items() if c}, empty="none"))
        if hand is not None and viewer == view["active"]:
            need.append("; you hold ", style=DIM)
            need.append_text(
                cards_rich({t: hand["cards"].get(t, 0) for t in disc["need"]}, empty="none")
            )
        parts.append(need)
    return Group(*parts)


def _offers_table() -> Table:
    """The offers of a build, one row a seat: who, the offer, what became of it."""
    table = plain_table(show_header=False)
    table.add_column("seat", no_wrap=True)
    table.add_column("offer")
    table.add_column("result")
    return table


def last_build_panel(view: dict[str, Any], names: Sequence[str] | None = None) -> Group | None:
    """The last resolved build: the disc, built or not and for whom, every offer as it was
    revealed and what it scored, and the wonder it completed with the points paid."""
    last = view["last_build"]
    if last is None:
        return None
    viewer = view["seat"]
    disc = last["disc"]
    head = Text("Last build: ", style="bold")
    head.append_text(seat_label(last["active"], names, viewer))
    head.append(" on ")
    head.append(f"{last['wonder']} {last['slot']}, ")
    head.append_text(_styled_notation(disc["text"]))
    if last["built"]:
        receiver = last["receiver"]
        head.append(": built", style="bold green")
        if receiver is not None and receiver != last["active"]:
            head.append("; the disc goes to ")
            head.append_text(seat_label(receiver, names, viewer))
            head.append(" (exchange card)")
    else:
        head.append(": not built (unfulfilled)", style="bold yellow")
    table = _offers_table()
    offered = set()
    for offer in last["offers"]:
        offered.add(offer["seat"])
        label = Text("  ")
        label.append_text(seat_label(offer["seat"], names, viewer))
        shown, result = _offer_row(offer, disc, phase="done", built=last["built"])
        table.add_row(label, shown, result)
    parts: list[RenderableType] = [head]
    if last["offers"]:
        parts.append(table)
    silent = [s for s in range(len(view["players"])) if s != last["active"] and s not in offered]
    if silent:
        line = Text("  no offer: ", style=DIM)
        line.append_text(SEATS.labels(silent, names, viewer))
        parts.append(line)
    scored = last["wonder_scored"]
    if scored is not None:
        parts.append(wonder_scored_text(view, scored, names))
    return Group(*parts)


def row_points(view: dict[str, Any], row: int) -> tuple[int, int]:
    """The (most, second) points of wonder scoring row ``row``; past the rows, the final."""
    first, second = view["rows"][row] if row < len(view["rows"]) else view["final_row"]
    return first, second


def wonder_scored_text(
    view: dict[str, Any], scored: dict[str, Any], names: Sequence[str] | None
) -> Text:
    """``Wonder completed: giza, scored on row 2 (10/5): 1 bob +10, ...``, from the view."""
    row = scored["row"]
    first, second = row_points(view, row)
    text = Text("  Wonder completed: ", style="bold")
    text.append(f"{scored['wonder']}, scored on row {row + 1} ({first}/{second}): ")
    paid = [(s, p) for s, p in enumerate(scored["points"]) if p]
    paid.sort(key=lambda sp: -sp[1])
    shares = (Text.assemble(seat_label(s, names), (f" +{points}", "green")) for s, points in paid)
    text.append_text(joined(shares, ", ", empty="nobody had pieces there"))
    return text


def final_panel(view: dict[str, Any], names: Sequence[str] | None = None) -> Group | None:
    """The final scoring: incomplete wonders on the final row, disc sets (with the type each
    two-type disc was counted as), five points and disc bonus cards, the total."""
    final = view["final"]
    if not final:
        return None
    viewer = view["seat"]
    first, second = view["final_row"]
    table = plain_table()
    table.add_column("seat", no_wrap=True)
    table.add_column(f"wonders ({first}/{second})", justify="right")
    table.add_column("disc sets", justify="right")
    table.add_column("five points", justify="right")
    table.add_column("disc bonus", justify="right")
    table.add_column("total", justify="right", style="bold")
    notes: list[Text] = []
    texts = {d["id"]: d["text"] for p in view["players"] for d in p["discs"]}
    for s in kit.best_first([view["players"][s]["score"] for s in range(len(final))]):
        part = final[s]
        table.add_row(
            seat_label(s, names, viewer),
            f"+{part['wonders']}",
            f"+{part['set_bonus']}",
            f"+{part['five_points']}",
            f"+{part['disc_bonus']}",
            str(view["players"][s]["score"]),
        )
        for disc, as_type in part.get("assignment", []):
            note = Text("  ")
            note.append_text(seat_label(s, names))
            note.append(" counts ")
            note.append_text(_styled_notation(texts.get(disc, f"disc {disc}")))
            note.append(" as ")
            note.append(as_type, style=TYPE_STYLES.get(as_type, ""))
            notes.append(note)
    return Group(Text("Final scoring (added to the points before)", style="bold"), table, *notes)


# --------------------------------------------------------------------------- the move log


MoveNote = kit.LogNote
"""One action as the log shows it: ``private`` is the mover's own wording (an offer's cards),
``seen`` the events the engine recorded for the move, as each seat may read them (the reveal,
a build, a wonder scored, the end of the game)."""


def move_note(
    before: TowerState, after: TowerState, seat: int, action: TowerAction, number: int
) -> MoveNote:
    """Describe ``action`` (by ``seat``, the ``number``-th of the game) for the log: its
    words, the points it moved and the events the engine recorded (``after.events``).

    The words come from the game's ``describe_action`` (as the mover sees it, and as anyone
    else does); a build adds its disc, read off the spectator's view before the move, so
    nothing hidden can slip into ``public``.
    """
    game = after.game
    private = game.describe_action(action, seat, seat)["words"]
    public = game.describe_action(action, seat, None)["words"]
    vb, va = before.view(None), after.view(None)
    parts = str(action).split()
    if len(parts) == 3 and parts[0] == "build" and parts[2].isdigit():
        disc = _disc_at(vb, parts[1], int(parts[2]))
        if disc is not None:
            private += f": {disc['text']}"
            public += f": {disc['text']}"
    ends_turn = va["over"] or va["turn"] != vb["turn"]
    deltas = kit.points_moved(before.scores(), after.scores())
    return MoveNote(number, seat, private, public, deltas, kit.events_seen(after), ends_turn)


def points_tally(note: kit.LogNote, seats: Seats, names: Sequence[str] | None = None) -> Text:
    """`` · points: Ann +14, Bob +7`` (the mover first): who scored what by this move,
    after the events that scored it (a reveal, an acceptance, a wonder completed)."""
    order = [note.seat] + [s for s in range(len(note.deltas)) if s != note.seat]
    changed = [s for s in order if note.deltas[s]]
    scored = (
        Text.assemble(
            seats.label(s, names),
            (f" {note.deltas[s]:+d}", "bold green" if note.deltas[s] > 0 else "bold red"),
        )
        for s in changed
    )
    text = Text()
    if changed:
        text.append(" · points: ", style=DIM)
    text.append_text(joined(scored, ", "))
    return text


# --------------------------------------------------------------------------- the screen


def compose(view: dict[str, Any], frame: kit.Frame) -> RenderableType:
    """The whole screen for ``view``: status, wonders, scoring tables, seats and hand, the
    build in progress (between builds: the last one), piles, the final scoring, the move
    log. From :data:`WIDE` columns on the wonders table shows who leads each wonder, from
    :data:`NAMES` on the wonders' full names too."""
    names, width = frame.names, frame.width
    wonders = wonders_table(view, wide=width >= WIDE, names=width >= NAMES)
    seats = [players_table(view, names), hand_text(view), piles_text(view)]
    # While a build runs, its panel; between builds, the last one (the log keeps the rest).
    return kit.stacked(
        status_text(view, names),
        Group(wonders, scoring_text(view), set_bonus_text(view)),
        Group(*(part for part in seats if part is not None)),
        build_panel(view, names) or last_build_panel(view, names),
        final_panel(view, names),
        frame.log,
    )


FRONT_END = kit.FrontEnd(
    SEATS, compose, words=_styled_notation, points=points_tally, points_last=True
)
render_view, view_text, state_text, note_text = FRONT_END.functions()


# --------------------------------------------------------------------------- input helpers

_EXAMPLES = 6  # example moves shown for a kind with too many moves to list


def _cards_of(move: str) -> dict[str, int]:
    return {m.group(2): int(m.group(1)) for m in _COUNT_TYPE_RE.finditer(move)}


def _sample(moves: Sequence[str], count: int = _EXAMPLES) -> str:
    """All of ``moves`` when few, else ``count`` spread from the smallest to the largest."""
    if len(moves) <= count + 2:
        return ", ".join(moves)
    step = (len(moves) - 1) / (count - 1)
    picked = [moves[round(i * step)] for i in range(count)]
    return ", ".join(picked) + f" ... ({len(moves)} in all)"


def _disc_at(view: dict[str, Any], wonder: str, slot: int) -> dict[str, Any] | None:
    for w in view["wonders"]:
        if w["id"] == wonder and 0 < slot <= len(w["spaces"]):
            disc: dict[str, Any] | None = w["spaces"][slot - 1]
            return disc
    return None


def group_moves(view: dict[str, Any], moves: Sequence[str]) -> list[tuple[str, str]]:
    """Legal moves grouped for the help screen, so that ~200 offers stay readable.

    Builds one line per wonder with each disc; offers as their format, the limits read off
    the legal offers, and a few examples of each sort (matching cards only, with the exchange
    card, with cards the disc does not need); acceptances, card trades and the rest as lists.
    """
    builds: dict[str, list[str]] = {}
    offers: list[str] = []
    accepts: list[str] = []
    trades: list[str] = []
    other: list[str] = []
    for move in moves:
        head = move.split(" ", 1)[0]
        if head == "build":
            parts = move.split()
            disc = _disc_at(view, parts[1], int(parts[2])) if len(parts) == 3 else None
            builds.setdefault(parts[1] if len(parts) > 1 else "", []).append(
                move + (f" ({disc['text']})" if disc else "")
            )
        elif head == "offer":
            offers.append(move)
        elif head == "accept":
            accepts.append(move)
        elif head == "trade":
            trades.append(move)
        else:
            other.append(move)
    groups: list[tuple[str, str]] = []
    if "pass" in other:
        other.remove("pass")
        draws = plural(view["rules"]["pass_extra_draw"], "card")
        groups.append(("pass", f"pass (draw {draws}; the turn ends)"))
    for wonder, items in builds.items():
        groups.append((f"build on {wonder}", ", ".join(items)))
    if offers:
        groups += _offer_groups(view, offers)
    if accepts:
        plain = [a for a in accepts if "+" not in a]
        jokers = [a for a in accepts if "+" in a]
        if plain:
            groups.append(("accept", ", ".join(plain)))
        if jokers:
            groups.append(("accept with jokers", _sample(jokers, 8)))
    if trades:
        most = max(sum(_cards_of(t).values()) for t in trades)
        groups.append(
            (
                "card trade",
                f"trade <count> <type> ...: discard 1 to {most} of your building cards and "
                f"draw as many, e.g. {_sample(trades)}",
            )
        )
    if other:
        groups.append(("other", ", ".join(other)))
    return groups


def _offer_limits(offered: Sequence[dict[str, int]], need: dict[str, int]) -> str:
    """``at most 5 building cards in all, at most 2 camel and 3 stonemason, at most 4
    matching cards``: the largest of the legal offers, read off them (the rules' caps, the
    seat's pieces and hand are in them already), in all, of each type a two-type disc needs,
    and of matching cards where fewer of those may be offered than cards in all."""
    most = max(sum(cards.values()) for cards in offered)
    limits = f"at most {most} building cards in all"
    if len(need) > 1:
        per_type = (f"{max(cards.get(t, 0) for cards in offered)} {t}" for t in need)
        limits += ", at most " + " and ".join(per_type)
    matching = max(sum(cards.get(t, 0) for t in need) for cards in offered)
    if not matching:
        limits += ", no matching card"
    elif matching < most:
        limits += f", at most {plural(matching, 'matching card')}"
    return limits


def _offer_groups(view: dict[str, Any], offers: list[str]) -> list[tuple[str, str]]:
    """The offers as their format, the limits of this disc, and a few of each sort."""
    build = current_build(view)
    if build is None or len(offers) <= 12:
        return [("offer", ", ".join(offers))]
    disc = build["disc"]
    need: dict[str, int] = disc["need"]
    sized = [(o, _cards_of(o), o.endswith("+ exchange")) for o in offers if o != "offer nothing"]
    limits = _offer_limits([c for _, c, _ in sized], need)
    caps = build.get("offer_caps")
    if caps is not None:
        limits += f"; {caps['bluff']}"
    matching = [o for o, c, ex in sized if not ex and set(c) <= set(need)]
    exchange = [o for o, c, ex in sized if ex and set(c) <= set(need)]
    bluffs = [o for o, c, _ in sized if not set(c) <= set(need)]
    groups = [
        (
            "offer",
            "offer <count> <type> [<count> <type> ...] [+ exchange], or offer nothing "
            f"({len(offers)} legal offers for {disc['text']})",
        ),
        ("offer limits", limits),
    ]
    if matching:
        groups.append(("offer matching cards", _sample(matching, 8)))
    if exchange:
        groups.append(("offer with the exchange card (the disc is yours)", _sample(exchange)))
    if bluffs:
        groups.append(("offer with other cards", _sample(bluffs, 4)))
    groups.append(("no offer", "offer nothing"))
    return groups


def move_hint(view: dict[str, Any], move: str) -> str | None:
    """A few words beside a move in the numbered list: the disc a build picks, what an offer
    matches, what an acceptance leaves you to add, what a card does."""
    rules = view["rules"]
    fixed = {
        "pass": "draw, end turn",
        "give up": "offers score",
        "triple bonus": f"{rules['triple_bonus_vp_per_card']} per card",
        "no triple bonus": "not now",
        "double turn": "play again now",
        "no double turn": "not now",
        "draw three": f"draw {plural(rules['draw_three_count'], 'card')}",
    }
    if move in fixed:
        return fixed[move]
    parts = move.split()
    head = parts[0] if parts else ""
    if head == "build" and len(parts) == 3 and parts[2].isdigit():
        disc = _disc_at(view, parts[1], int(parts[2]))
        return disc["text"] if disc else None
    build = current_build(view)
    if head == "offer" and build is not None and move != "offer nothing":
        matching = sum(_matching(_cards_of(move), build["disc"]).values())
        return "bluff" if not matching else f"{matching} matching"
    if head == "accept" and build is not None:
        return _accept_hint(view, move)
    if head == "trade":
        return "draw as many"
    return None


def _accept_hint(view: dict[str, Any], move: str) -> str:
    build = current_build(view)
    disc = build["disc"]
    seats_part, _, joker_part = move.removeprefix("accept ").partition("+")
    seats = {int(w) for w in seats_part.split() if w.isdigit()}
    missing = dict(disc["need"])
    receiver = None
    for offer in build["offers"]:
        if offer["seat"] in seats and "cards" in offer:
            for t, c in _matching(offer["cards"], disc).items():
                missing[t] -= c
            if offer.get("exchange"):
                receiver = offer["seat"]
    for t, c in _cards_of(joker_part).items():
        missing[t] = missing.get(t, 0) - c
    own = {t: c for t, c in missing.items() if c > 0}
    words = "add " + (" ".join(f"{c} {t}" for t, c in own.items()) if own else "nothing")
    if joker_part:
        words += " + joker" + ("s" if "jokers" in joker_part else "")
    if receiver is not None:
        words += f"; disc to {receiver}"
    return words
