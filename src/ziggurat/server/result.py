"""The end of a game as the end screen shows it: who won, why the game ended, and every
seat's points by source, for every game alike.

Nothing here knows a game: it reads the events the rules recorded (docs/views.md). An event
that moved points carries ``points`` (one int per seat), and the source is its kind (a city
scored, a card taken, ...); an end scoring made of parts carries ``final`` (per seat, points
by part, and a ``total``), and its parts are sources of their own. The parts of each seat
add up to its score: the tests check that for every game.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

END_EVENT = "game_over"


def source_label(kind: str) -> str:
    """``"city_scored"`` → ``"city scored"``: the event's kind in words."""
    return kind.replace("_", " ")


def final_result(
    events: Iterable[dict[str, Any]], scores: list[int], winners: list[int]
) -> dict[str, Any]:
    """``{"winners", "scores", "ended", "sources"}`` from the described ``events`` of the
    whole game (each as ``event_view`` gives it, in order): ``ended`` is the sentence of the
    end (why, and the tie-break that decided), ``sources`` the points by source as
    ``[{"source": label, "points": [per seat]}, ...]`` in the order they first scored."""
    by_source: dict[str, list[int]] = {}
    ended = None
    seats = len(scores)

    def add(label: str, points: list[int]) -> None:
        row = by_source.setdefault(label, [0] * seats)
        for seat, value in enumerate(points):
            row[seat] += value

    for event in events:
        if event.get("type") == END_EVENT:
            ended = event.get("text")
        final = event.get("final")
        if isinstance(final, list) and len(final) == seats:
            for part in final[0]:
                if part != "total":
                    add(source_label(part), [int(f.get(part, 0)) for f in final])
        elif isinstance(event.get("points"), list) and len(event["points"]) == seats:
            add(source_label(str(event["type"])), [int(p) for p in event["points"]])
    sources = [
        {"source": label, "points": points} for label, points in by_source.items() if any(points)
    ]
    return {"winners": winners, "scores": scores, "ended": ended, "sources": sources}
