"""The drawing pieces every game's terminal front end shares (``ziggurat.render_shared``) and
the scaffold they are put together with (``ziggurat.render_kit``)."""

from __future__ import annotations

import re
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from ziggurat import render_kit as kit
from ziggurat.render_shared import (
    DIM,
    Seats,
    joined,
    last_moves,
    lines_text,
    names_for,
    plural,
    seat_text,
    to_plain,
    widest,
)


def test_names_for_takes_a_list_naming_every_seat() -> None:
    assert names_for(["ann", "bob"], 2) == ["ann", "bob"]
    assert names_for(("ann", "bob", "cy"), 3) == ["ann", "bob", "cy"]


def test_names_for_refuses_a_partial_or_missing_list() -> None:
    assert names_for(["ann"], 2) is None
    assert names_for(["ann", "bob", "cy"], 2) is None
    assert names_for(None, 2) is None


def test_seat_text_names_the_seat_in_its_style_and_marks_the_viewer() -> None:
    label = seat_text(1, ["ann", "bob"], "bold red", viewer=1)
    assert label.plain == "1 bob (you)"
    assert label.style == "bold red"
    assert seat_text(0, ["ann", "bob"], "bold red", viewer=1).plain == "0 ann"
    assert seat_text(0, None, "bold red").plain == "seat 0"
    assert seat_text(3, ["ann", "bob"], "bold red", viewer=None).plain == "seat 3"


def test_to_plain_drops_colour_and_trailing_spaces() -> None:
    assert to_plain(Text("gold   ", style="bold yellow"), width=20) == "gold\n"


class _Note:
    def __init__(self, number: int) -> None:
        self.number = number


def test_last_moves_shows_the_last_lines_or_those_up_to_a_replayed_move() -> None:
    notes = [_Note(n) for n in range(1, 11)]

    def line_of(note: _Note) -> Text:
        return Text(f"move {note.number}")

    shown = to_plain(last_moves(notes, line_of, lines=3), width=40).splitlines()
    assert shown == ["Last moves", "move 8", "move 9", "move 10"]
    replay = to_plain(last_moves(notes, line_of, lines=2, current=4), width=40).splitlines()
    assert replay == ["Last moves", "move 3", "move 4"]
    empty = to_plain(last_moves([], line_of), width=40).splitlines()
    assert empty == ["Last moves", "  (none yet)"]


# --------------------------------------------------------------------------- the small pieces


def test_plural_and_joined_read_as_words() -> None:
    assert plural(1, "card") == "1 card"
    assert plural(0, "card") == "0 cards"
    assert plural(3, "hex", "hexes") == "3 hexes"
    row = joined([Text("a", style="red"), "b"], ", ")
    assert row.plain == "a, b"
    assert not row.style  # what is appended later is not tinted by a part's style
    empty = joined([], empty="none")
    assert empty.plain == "none"
    assert empty.spans[0].style == DIM


def test_seats_label_in_their_colours() -> None:
    seats = Seats(("red", "blue"))
    assert seats.style(3) == "blue"  # the colours go round
    assert seats.label(1, ["ann", "bob"], viewer=1).plain == "1 bob (you)"
    assert seats.labels([0, 1], ["ann", "bob"], sep=" and ").plain == "0 ann and 1 bob"
    assert seats.labels([], None, empty="nobody").plain == "nobody"
    assert seats.numbers([0, 1], "p").plain == "p0 p1"


def test_lines_text_puts_lines_under_each_other() -> None:
    lines = lines_text([Text("ab"), Text("c")], crop=True)
    assert lines.plain == "ab\nc"
    assert lines.no_wrap and lines.overflow == "crop"
    assert widest(lines, Text("four")) == 4


# --------------------------------------------------------------------------- the scaffold


def _front_end() -> kit.FrontEnd:
    def compose(view: dict[str, Any], frame: kit.Frame) -> RenderableType:
        return kit.stacked(Text(f"{len(view['players'])} seats"), None, frame.log)

    return kit.FrontEnd(_seats(), compose)


def _seats() -> Seats:
    return Seats(("red", "blue", "green"))


def test_a_note_shows_the_movers_own_words_to_the_mover_only() -> None:
    over = {"type": "game_over", "parts": ["the game is over: ", {"seat": 1}, " wins"]}
    seen = ((over,), (over,), (over,), (over,))
    note = kit.LogNote(4, 1, "M7,3 face down", "face-down token on 7,3", (0, 2, 0), seen)
    front = _front_end()
    win = "the game is over: seat 1 wins"
    assert front.note_text(note, 1).plain == f"  4 seat 1: M7,3 face down +2 · {win}"
    assert front.note_text(note, 0).plain == f"  4 seat 1: face-down token on 7,3 +2 · {win}"
    named = front.note_text(note, None, ["Ann", "Bob", "Cy"]).plain
    assert named == "  4 1 Bob: face-down token on 7,3 +2 · the game is over: 1 Bob wins"
    assert note.words == "face-down token on 7,3"
    tally = kit.FrontEnd(_seats(), _front_end().compose, points_last=True)
    assert tally.note_text(note, None).plain.endswith(f"7,3 · {win} +2")


def test_a_note_shows_each_viewer_only_the_events_it_may_read() -> None:
    mine = {"type": "drawn", "parts": [{"seat": 0}, " draws a salt"]}
    theirs = {"type": "drawn", "parts": [{"seat": 0}, " draws a card"]}
    note = kit.LogNote(1, 0, "draw", "draw", (0, 0), ((mine,), (theirs,), ()))
    front = _front_end()
    assert front.note_text(note, 0).plain.endswith("draw · seat 0 draws a salt")
    assert front.note_text(note, 1).plain.endswith("draw · seat 0 draws a card")
    assert front.note_text(note, None).plain.endswith("draw")


def test_render_view_checks_the_names_and_draws_the_log() -> None:
    front = _front_end()
    notes = [kit.LogNote(n, 0, f"move {n}", f"move {n}", (0, 0, 0)) for n in (1, 2, 3)]
    view = {"players": [{"seat": s, "score": 0} for s in range(3)], "seat": None}
    text = front.view_text(view, seat_names=["a", "b"], notes=notes, width=40)
    assert text.splitlines()[0] == "3 seats"
    assert "  1 seat 0: move 1" in text  # two names for three seats: the seat numbers
    named = front.view_text(view, seat_names=["a", "b", "c"], notes=notes, width=40)
    assert "  1 0 a: move 1" in named
    assert "Last moves" not in front.view_text(view, log_lines=0)


def test_stacked_leaves_out_what_is_not_there() -> None:
    text = to_plain(kit.stacked(Text("a"), None, Text("b")), width=10)
    assert text.splitlines() == ["a", "", "b"]


def test_the_end_of_the_game_in_the_same_words_for_every_game() -> None:
    seats = _seats()
    assert kit.game_over_text([1], seats, None, 1).plain == "Game over. seat 1 (you) wins."
    shared = kit.game_over_text([0, 2], seats, ["a", "b", "c"], None)
    assert shared.plain == "Game over. 0 a and 2 c share the win."
    assert kit.winners_line([0, 2], seats, None).plain == "Shared win: seat 0, seat 2"
    assert kit.best_first([3, 9, 3, 5]) == [1, 3, 0, 2]


def test_help_pieces_group_moves_and_add_their_hints() -> None:
    moves = ["place 1,2 r0", "place 3,4 r1", "place 5,6 r0", "end turn"]
    pattern = re.compile(r"^place (\d+),(\d+) r(\d)$")
    groups = kit.by_match(moves, pattern, lambda m: int(m[3]), lambda m: f"{m[1]},{m[2]}")
    assert groups == {0: ["1,2", "5,6"], 1: ["3,4"]}

    def hint(view: dict[str, Any], move: str) -> str | None:
        return "ends it" if move == "end turn" else None

    assert kit.with_hints({}, ["pass", "end turn"], hint) == "pass, end turn (ends it)"
