"""What a move caused, as structured events: recorded cheaply by the rules, told in words later.

While an action is applied, a game's rules append plain tuples to ``state.events`` (the
kernel empties it before each action): ``(kind, ...)`` with ints and strings only, so the
hot path pays a tuple and nothing else, a clone shares them and a saved state stores them
as JSON lists. Nothing is worded then. When a view or a log asks, the game's
``describe_event(event, viewer)`` turns one into a dict for that viewer:

``type``
    the event's kind (``"city_scored"``, ``"wonder_completed"``, ...);
``parts``
    the sentence, a list of strings and seat references ``{"seat": n}``, so that every front
    end names seats its own way (a chip in the browser, a coloured name in the terminal);
``points``
    (when points moved) what each seat gained, one int per seat;

plus any structured fields a drawing needs (a hex, a card). ``None`` hides an event from
that viewer entirely. The kernel adds ``text``: the parts with the seats' names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Event = tuple[Any, ...]
"""A raw event: its kind (a string) first, then ints, strings and tuples of them."""

Part = str | dict[str, int]


def seat(s: int) -> dict[str, int]:
    """A seat named inside a sentence (see ``parts``)."""
    return {"seat": s}


def points_parts(points: Sequence[int]) -> list[Part]:
    """``[{"seat": 1}, " +6, ", {"seat": 0}, " +3"]``: every seat that gained, most first."""
    out: list[Part] = []
    for s in sorted((s for s in range(len(points)) if points[s]), key=lambda s: -points[s]):
        if out:
            out.append(", ")
        out += [seat(s), f" {points[s]:+d}"]
    return out


def winners_parts(winners: Sequence[int]) -> list[Part]:
    """``[{"seat": 0}, " and ", {"seat": 2}, " share the win"]``: the end's last words."""
    out: list[Part] = []
    for i, w in enumerate(winners):
        if i:
            out.append(" and ")
        out.append(seat(w))
    out.append(" wins" if len(winners) == 1 else " share the win")
    return out


def one_seat(players: int, s: int, points: int) -> list[int]:
    """The ``points`` field of an event that paid one seat: ``points`` for ``s``, 0 for
    the others."""
    return [points if i == s else 0 for i in range(players)]


def event_text(parts: Sequence[Part], names: Sequence[str]) -> str:
    """The sentence ``parts`` says, each seat called by its name in ``names``."""
    return "".join(p if isinstance(p, str) else names[p["seat"]] for p in parts)


def plain(event: Event) -> list[Any]:
    """The JSON form of a raw event (tuples become lists)."""
    return [plain(x) if isinstance(x, tuple) else x for x in event]


def from_plain(data: Any) -> Event:
    """The raw event a saved state holds (lists become tuples again)."""
    return tuple(from_plain(x) if isinstance(x, list) else x for x in data)
