"""Drawing pieces every game's terminal front end shares (``ziggurat.games.<name>.render``).

Each game draws its own board in its own colours; what is the same for all of them lives
here, so that the four screens read alike and a change of look is made once: turning a
drawing into plain text (for ``str(state)``, logs and tests), the seat labels in a game's
colours, lists of labels and counts, the borderless tables, the plurals and the "Last
moves" list. The scaffold that puts these together into a screen is
:mod:`ziggurat.render_kit`.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

DIM = "grey50"
"""The style of secondary text in every game's screens."""


def names_for(seat_names: Sequence[str] | None, players: int) -> list[str] | None:
    """``seat_names`` when it names every one of ``players`` seats, else ``None`` (the
    drawings then say "seat 1"): a partial list would label the wrong seats."""
    if seat_names is None or len(seat_names) != players:
        return None
    return list(seat_names)


def seat_text(
    seat: int, seat_names: Sequence[str] | None, style: str, viewer: int | None = None
) -> Text:
    """``"1 greedy"`` (or ``"seat 1"`` without names) in ``style``, the seat's colour; the
    viewer's own seat gets a "(you)" mark so a hot-seat player sees at once whose screen
    this is."""
    if seat_names and seat < len(seat_names):
        label = f"{seat} {seat_names[seat]}"
    else:
        label = f"seat {seat}"
    text = Text(label, style=style)
    if viewer == seat:
        text.append(" (you)", style="bold")
    return text


def plural(count: int, word: str, many: str | None = None) -> str:
    """``"1 card"``, ``"3 cards"`` (``many`` for a plural that is not ``word + "s"``)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def joined(
    parts: Iterable[Text | str],
    sep: str = " ",
    *,
    sep_style: str = "",
    empty: str | None = None,
    empty_style: str = DIM,
) -> Text:
    """The parts in a row with ``sep`` between two, each keeping its own style; ``empty``
    (dimmed) when there are none. Unlike ``Text.join`` the result has no style of its own,
    so what is appended to it later is not tinted by the separator's."""
    text = Text()
    for i, part in enumerate(parts):
        if i:
            text.append(sep, style=sep_style)
        if isinstance(part, Text):
            text.append_text(part)
        else:
            text.append(part)
    if not text and empty is not None:
        text.append(empty, style=empty_style)
    return text


def lines_text(lines: Iterable[Text], *, crop: bool = False) -> Text:
    """Lines drawn one under another as one text; ``crop`` cuts them at the screen's edge
    rather than wrapping them (a map whose columns must stay aligned)."""
    out = Text(no_wrap=True, overflow="crop") if crop else Text()
    for i, line in enumerate(lines):
        if i:
            out.append("\n")
        out.append_text(line)
    return out


def widest(*texts: Text) -> int:
    """The length of the longest line of ``texts``: the columns a drawing takes."""
    return max(len(line) for text in texts for line in text.plain.split("\n"))


def plain_table(**options: Any) -> Table:
    """A table without borders, one space of padding either side of a cell and none at the
    edges: how every game lays out its rows of seats, cards and scores."""
    return Table(box=None, padding=(0, 1), pad_edge=False, show_edge=False, **options)


def beside(left: RenderableType, left_width: int, right: RenderableType) -> Table:
    """``left`` (``left_width`` columns, never wrapped: a map) and, two columns to its right,
    ``right`` in the room that is left."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(width=left_width, no_wrap=True)
    grid.add_column(ratio=1)
    grid.add_row(left, right)
    return grid


@dataclass(frozen=True, slots=True)
class Seats:
    """A game's seat colours and the labels drawn in them: the one place a game's screens
    look up how a seat is shown, so a seat has the same colour in the map, the tables and
    the log."""

    styles: tuple[str, ...]

    def style(self, seat: int) -> str:
        return self.styles[seat % len(self.styles)]

    def label(self, seat: int, seat_names: Sequence[str] | None, viewer: int | None = None) -> Text:
        """The seat's name in its colour, "(you)" for the viewer (:func:`seat_text`)."""
        return seat_text(seat, seat_names, self.style(seat), viewer)

    def labels(
        self,
        seats: Iterable[int],
        seat_names: Sequence[str] | None,
        viewer: int | None = None,
        sep: str = ", ",
        *,
        empty: str | None = None,
    ) -> Text:
        """Several seats' labels in a row (``empty``, dimmed, for none)."""
        return joined((self.label(s, seat_names, viewer) for s in seats), sep, empty=empty)

    def numbers(
        self, seats: Iterable[int], prefix: str = "seat ", *, empty: str | None = None
    ) -> Text:
        """``"seat 0 seat 2"`` (or ``"p0 p2"``), each in its seat's colour: the short form for
        tables where names take too much room (``empty``, dimmed, for none)."""
        return joined((Text(f"{prefix}{s}", style=self.style(s)) for s in seats), empty=empty)


PLAIN_CONSOLE: dict[str, Any] = {
    "color_system": None,
    "no_color": True,
    "force_terminal": False,
    "force_jupyter": False,
    "force_interactive": False,
    "legacy_windows": False,
    "highlight": False,
    "emoji": False,
}
"""The settings of a console that writes the same plain text wherever it runs: no colour, and
no guess at a terminal, a notebook or Windows that would change what is written."""


def to_plain(renderable: RenderableType, width: int = 120) -> str:
    """``renderable`` as plain text lines of at most ``width`` columns: no colour, no escape
    codes, trailing spaces trimmed, so it reads the same everywhere."""
    buffer = io.StringIO()
    Console(file=buffer, width=width, **PLAIN_CONSOLE).print(renderable)
    return "\n".join(line.rstrip() for line in buffer.getvalue().splitlines()) + "\n"


def last_moves(
    notes: Sequence[Any],
    line_of: Callable[[Any], Text],
    lines: int = 8,
    current: int | None = None,
) -> Group:
    """The last ``lines`` moves (or the ``lines`` up to move ``current`` in a replay, which
    is shown reversed), each drawn by ``line_of``; a note has a ``number``."""
    end = len(notes) if current is None else current
    shown = notes[max(0, end - lines) : end]
    rows: list[RenderableType] = [Text("Last moves", style="bold")]
    if not shown:
        rows.append(Text("  (none yet)", style=DIM))
    for note in shown:
        line = line_of(note)
        if current is not None and note.number == current:
            line.stylize("reverse")
        rows.append(line)
    return Group(*rows)
