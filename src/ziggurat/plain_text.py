"""Rich renderables as plain text, for ``str(state)``, logs and tests.

Every game's terminal front end draws with rich; this turns a drawing into the same text
without colour or escape codes, trailing spaces trimmed, so it reads the same everywhere.
"""

from __future__ import annotations

import io

from rich.console import Console, RenderableType


def to_plain(renderable: RenderableType, width: int = 120) -> str:
    """``renderable`` as plain text lines of at most ``width`` columns."""
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
