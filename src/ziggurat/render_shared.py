"""Drawing pieces every game's terminal front end shares (``ziggurat.games.<name>.render``).

Each game draws its own board in its own colours; what is the same for all of them lives
here: turning a drawing into plain text (for ``str(state)``, logs and tests), the seat
labels and the "Last moves" list.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
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


def to_plain(renderable: RenderableType, width: int = 120) -> str:
    """``renderable`` as plain text lines of at most ``width`` columns: no colour, no escape
    codes, trailing spaces trimmed, so it reads the same everywhere."""
    buffer = io.StringIO()
    console = Console(
        file=buffer,
        width=width,
        color_system=None,
        force_terminal=False,
        force_jupyter=False,
        force_interactive=False,
        legacy_windows=False,
        no_color=True,
        highlight=False,
        emoji=False,
    )
    console.print(renderable)
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
