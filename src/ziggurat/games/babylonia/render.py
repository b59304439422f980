"""Text rendering of a Babylonia position (placeholder replaced by the terminal work)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import BabyloniaState


def state_text(state: BabyloniaState) -> str:
    return f"<Babylonia turn {state.turn_number}, scores {state.score}>"
