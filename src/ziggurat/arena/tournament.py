"""Run a tournament: play what the result file lacks, store each game as it ends, summarize.

The result file is the tournament's memory. Every finished game is written at once, so an
interrupted run (Ctrl-C, a crash, a lost Ray node) resumes with ``resume=True`` and plays
only the missing games; the summary and plots are then computed from the whole file.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from ziggurat.core.errors import RecordError

from .backends import check_backend, run_games
from .results import GameOutcome, ResultFile, load_results
from .schedule import Plan
from .stats import summarize


class GamesPerSecond(ProgressColumn):
    """The finishing rate, in games per second (or per minute, for slow agents)."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        if speed is None:
            return Text("– games/s", style="progress.data.speed")
        if speed < 0.1:
            return Text(f"{speed * 60:.1f} games/min", style="progress.data.speed")
        return Text(f"{speed:.2f} games/s", style="progress.data.speed")


def open_results(plan: Plan, out: Path, resume: bool) -> ResultFile:
    """The result file to fill: a new one, or with ``resume`` the one at ``out`` (which must
    be this plan's); refuses to overwrite an existing file without ``resume``."""
    if out.exists():
        if not resume:
            raise RecordError(
                f"{out} exists; pass --resume to finish that tournament, or choose another --out"
            )
        results = load_results(out)
        results.matches(plan)
        results.games = max(results.games, plan.total)
        return results
    return ResultFile.new(plan)


def run_tournament(
    plan: Plan,
    out: Path,
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    records: Path | None = None,
    resume: bool = False,
    console: Console | None = None,
    on_game: Callable[[GameOutcome], None] | None = None,
) -> ResultFile:
    """Play ``plan`` into the result file ``out`` and return it with its summary.

    ``records`` names a folder for one game record per game (``game-00012.json``), to replay
    with ``ziggurat replay``. ``console`` shows a progress bar; ``on_game`` sees each game
    as it is stored.
    """
    check_backend(jobs, backend, address)
    results = open_results(plan, out, resume)
    done = {r.index for r in results.results}
    pending = [plan.task(i, record=records is not None) for i in range(plan.total) if i not in done]
    if records is not None:
        records.mkdir(parents=True, exist_ok=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    if not out.exists():
        results.save(out)
    progress = _progress(console)
    with progress:
        bar = progress.add_task(
            f"{plan.game} {len(plan.agents)}p", total=plan.total, completed=len(done)
        )
        for data in run_games(pending, jobs=jobs, backend=backend, address=address):
            record = data.pop("record")
            if record is not None and records is not None:
                name = f"game-{data['index']:05d}.json"
                (records / name).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
                data["record"] = name
            outcome = GameOutcome.model_validate(data)
            results.results.append(outcome)
            results.save(out)
            progress.advance(bar)
            if on_game is not None:
                on_game(outcome)
    results.summary = summarize(plan.labels, results.results).to_json()
    results.save(out, played=bool(pending))
    return results


def _progress(console: Console | None) -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        disable=console is None,
        speed_estimate_period=3600,
    )
