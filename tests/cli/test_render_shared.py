"""The drawing pieces every game's terminal front end shares (``ziggurat.render_shared``)."""

from __future__ import annotations

from rich.text import Text

from ziggurat.render_shared import last_moves, names_for, seat_text, to_plain


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
