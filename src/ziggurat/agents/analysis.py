"""Post-game analysis: where one seat's game was won or lost, decision by decision.

For every decision the seat made that had an alternative, the search looks again at the
position from what the seat could see then (:func:`.advice.advise`, the move played searched
for certain), and compares the move played with its own choice: the *loss* is how much the
estimated chance of winning fell short of the best move's. The decisions with the greatest
losses are the lessons, each with the better move and the line the search expected; the best
value at each decision, in order, is the chart of the seat's chances over the game.

Each decision is searched alone, from a seed made of the analysis seed and the move's number,
with iterations only (no time cap): the analysis of a record is the same on any machine, in
any order, and a server may spread the decisions over its workers and resume after a stop.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ziggurat.core.action import Action
from ziggurat.core.api import State
from ziggurat.core.errors import InvalidOptions
from ziggurat.core.records import GameRecord, replay_states
from ziggurat.core.rng import Rng

from .advice import advise, search_settings

WORST = 5
"""Decisions reported as where the most was lost."""

SIGNIFICANT_LOSS = 0.02
"""A loss below this (two points of winning chance) is the search's own noise, not a lesson."""


@dataclass(frozen=True)
class Decision:
    """One decision of the seat: the position before it (``move``: how many moves stood
    before it) and the move played."""

    move: int
    state: State
    played: Action


def decisions(record: GameRecord, seat: int) -> list[Decision]:
    """The decisions ``seat`` made in ``record`` (moves standing, take-backs left out) that
    had an alternative; a forced move teaches nothing."""
    if not 0 <= seat < len(record.seats):
        raise InvalidOptions(f"seat {seat} is not a seat of this game (0..{len(record.seats) - 1})")
    states = replay_states(record)
    out = []
    for number, (state, entry) in enumerate(zip(states, record.moves(), strict=False)):
        if entry.seat != seat or len(state.legal_actions()) < 2:
            continue
        out.append(Decision(number, state, state.game.parse_action(state, entry.action)))
    return out


def decision_seed(seed: int, move: int) -> int:
    """The search seed of the decision after ``move`` moves: the same whatever the order in
    which decisions are searched."""
    return Rng(seed ^ ((move + 1) * 0x9E3779B97F4A7C15 & (1 << 64) - 1)).next64()


def analyse_decision(
    state: State, seat: int, played: Action, move: int, *, strength: str, seed: int
) -> dict[str, Any]:
    """The report of one decision, JSON-ready: ``{"move", "played", "played_value", "best",
    "best_value", "loss", "line", "alternative"}``; values are estimated chances of winning
    (0..1), ``line`` what the search expected after its best move, ``alternative`` its
    second choice (None when it tried no other)."""
    advice = advise(
        state,
        seat,
        strength=strength,
        seed=decision_seed(seed, move),
        alternatives=1,
        asked=played,
        timed=False,
    )
    best = advice.best
    asked = advice.asked if advice.asked is not None else best
    second = advice.options[1] if len(advice.options) > 1 else None
    played_value, best_value = round(asked.value, 4), round(best.value, 4)
    return {
        "move": move,
        "played": str(played),
        "played_value": played_value,
        "best": str(best.action),
        "best_value": best_value,
        "loss": round(max(0.0, best_value - played_value), 4) if best.action != played else 0.0,
        "line": [step.to_json() for step in best.line],
        "alternative": None if second is None else str(second.action),
        "iterations": advice.iterations,
    }


def summary(
    seat: int, strength: str, seed: int, reports: list[dict[str, Any]], record: GameRecord
) -> dict[str, Any]:
    """The analysis as stored and shown: the reports in order, the chart of the seat's
    chances, and the :data:`WORST` decisions where the most was lost."""
    ordered = sorted(reports, key=lambda r: r["move"])
    worst = sorted((r for r in ordered if r["loss"] >= SIGNIFICANT_LOSS), key=lambda r: -r["loss"])[
        :WORST
    ]
    result = record.result
    final = None
    if result is not None:
        final = 1.0 / len(result.winners) if seat in result.winners else 0.0
    return {
        "seat": seat,
        "strength": strength,
        "seed": seed,
        "iterations": search_settings(strength, timed=False, game=record.game)["iterations"],
        "decisions": ordered,
        "chart": [{"move": r["move"], "value": r["best_value"]} for r in ordered],
        "worst": [r["move"] for r in worst],
        "final": final,
    }


def analyze(
    record: GameRecord,
    seat: int,
    *,
    strength: str = "medium",
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The analysis of ``seat``'s game in ``record`` (see :func:`summary`), searching each
    decision in turn; ``progress(done, total)`` after each."""
    search_settings(strength)  # an unknown strength is refused before any work
    todo = decisions(record, seat)
    reports = []
    for done, decision in enumerate(todo, start=1):
        reports.append(
            analyse_decision(
                decision.state, seat, decision.played, decision.move, strength=strength, seed=seed
            )
        )
        if progress is not None:
            progress(done, len(todo))
    return summary(seat, strength, seed, reports, record)
