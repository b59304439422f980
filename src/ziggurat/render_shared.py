"""Drawing pieces every game's terminal front end shares (``ziggurat.games.<name>.render``).

Each game draws its own board; what is the same for all of them lives here: turning a
drawing into plain text (for ``str(state)``, logs and tests) and the "Last moves" list.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.text import Text

DIM = "grey50"
"""The style of secondary text in every game's screens."""


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
