"""The tournament result file: the plan, then every finished game, rewritten after each one.

Writing goes through a temporary file and a rename, so a crash or Ctrl-C leaves either the
previous file or the new one, never half of one; ``--resume`` reads it back and plays only
the games it lacks.
"""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from ziggurat.core.components import describe_validation_error
from ziggurat.core.errors import RecordError

from .schedule import Plan

RESULT_FORMAT = 1


class GameOutcome(BaseModel):
    """One finished game, as :func:`~ziggurat.arena.play.play_game` returned it."""

    model_config = ConfigDict(extra="forbid")

    index: int
    deal: int
    seed: int
    seats: list[str]
    first_player: int  # the seat that moved first; turn order goes up from it
    scores: list[int]
    winners: list[int]
    ranks: list[int]
    decisions: list[int]
    think_seconds: list[float]
    longest_decision: list[float]
    seconds: float
    record: str | None = None  # the record's file name, when records were asked for


class ResultFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: int = RESULT_FORMAT
    game: str
    options: dict[str, Any]
    agents: list[str]
    seed: int
    games: int
    created: str
    updated: str
    results: list[GameOutcome] = []
    summary: dict[str, Any] | None = None

    @classmethod
    def new(cls, plan: Plan) -> ResultFile:
        now = _now()
        return cls(
            game=plan.game,
            options=plan.options,
            agents=list(plan.agents),
            seed=plan.seed,
            games=plan.total,
            created=now,
            updated=now,
        )

    def matches(self, plan: Plan) -> None:
        """Refuse to resume a file with another game, options, entrants or seed: its games
        would not be the plan's games."""
        for name, mine, theirs in (
            ("game", self.game, plan.game),
            ("options", self.options, plan.options),
            ("agents", self.agents, list(plan.agents)),
            ("seed", self.seed, plan.seed),
        ):
            if mine != theirs:
                raise RecordError(
                    f"cannot resume: the result file has {name} {mine!r} but this tournament "
                    f"has {theirs!r}; run it with the file's settings or write to another --out"
                )

    def save(self, path: Path, *, played: bool = True) -> None:
        """Write the file atomically; ``updated`` moves only when ``played`` (a resumed
        tournament with nothing left to play leaves its file as it was)."""
        if played:
            self.updated = _now()
        self.results.sort(key=lambda r: r.index)
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text(json.dumps(self.model_dump(mode="json"), indent=1) + "\n")
        os.replace(temporary, path)


def load_results(path: Path) -> ResultFile:
    """Read a result file, naming what is wrong with a damaged one."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise RecordError(f"cannot read the result file {path}: {exc.strerror}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RecordError(f"{path} is not a JSON result file: {exc}") from None
    try:
        results = ResultFile.model_validate(data)
    except ValidationError as exc:
        raise RecordError(describe_validation_error(str(path), exc)) from None
    if results.format != RESULT_FORMAT:
        raise RecordError(
            f"{path} has result format {results.format}; this version reads {RESULT_FORMAT}"
        )
    indexes = [r.index for r in results.results]
    if len(set(indexes)) != len(indexes):
        raise RecordError(f"{path} holds the same game twice; it was edited by hand")
    return results


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
