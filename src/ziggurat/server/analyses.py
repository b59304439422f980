"""Post-game analyses at the server: asked for a finished table's seat, searched decision by
decision in the bot workers, stored with the table.

``POST /api/tables/{id}/analysis`` starts the analysis of a seat (or answers how far the one
under way or done has come); ``GET`` reports its progress and, once done, the result
(:func:`ziggurat.agents.analysis.summary`). Each decision is one job in the bot workers, in
the table's fair share of them (:meth:`.bot_moves.BotMoves.run_job`): an analysis never
holds up a table's bots, its own or another's. Every decision's report is stored as it comes,
so an analysis cut short by a stop or a crash goes on from there when the server starts
again, and its result is the one an unbroken run gives: each decision is searched from a seed
of its own, with iterations only.

Bounded: at most :data:`ANALYSES_AT_ONCE` analyses run at once in a server process; one
more is refused (429) until one ends. A seat is analysed once, by the search of the
``advice_strength`` setting (``medium`` unless the operator chose another).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from ziggurat.agents.analysis import decisions, summary
from ziggurat.core.errors import ZigguratError
from ziggurat.core.records import record_from_json
from ziggurat.core.rng import Rng

from . import bots
from .db import AnalysisRow, utcnow
from .errors import ApiError

if TYPE_CHECKING:
    from .service import TableService

log = logging.getLogger("ziggurat.server")

ANALYSES_AT_ONCE = 4
"""Analyses running at once in one server process."""

DECISION_LIMIT = 120.0
"""Seconds one decision's search may take in a worker before the worker counts as stuck
(iterations only, so a loaded machine takes longer, never searches less)."""

TRIES = 3
"""Times a decision is tried when its worker fails to answer, before the analysis fails."""

Key = tuple[str, int]  # table, seat


class Analyses:
    """The analyses of one server process: those running, and the stored ones."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.running: dict[Key, asyncio.Task[None]] = {}
        self.progress: dict[Key, int] = {}  # decisions searched, for those running here

    async def start(self, table_id: str, seat: int) -> dict[str, Any]:
        """Start analysing ``seat`` of the finished table (nothing to do if it was asked
        before); its progress as :meth:`status` says."""
        service = self.service
        table = await service.known(table_id)
        service._check_seat_number(table, seat)
        if not table.finished:
            raise ApiError(
                409, "game_not_over", "a game is analysed when it is over: finish it first"
            )
        key = (table_id, seat)
        row = await service.database(self._read, key)
        if row is not None and (row.status == "done" or key in self.running):
            return self._status(row)
        if len(self.running) >= ANALYSES_AT_ONCE:
            raise ApiError(
                429,
                "too_many_analyses",
                f"{ANALYSES_AT_ONCE} analyses are under way on this server; try again when "
                "one has ended",
                retry_after=30,
                limit=ANALYSES_AT_ONCE,
            )
        record = record_from_json(await service.record(table_id))
        todo = await asyncio.to_thread(decisions, record, seat)
        if row is None:
            seed = Rng(table.seed ^ (0xA11A << 8 | seat)).next64() >> 1
            row = await service.database(self._create, key, seed, len(todo))
        if key not in self.running:  # a request just before this one may have started it
            self._run(key, row, record, todo)
        return self._status(row)

    async def status(self, table_id: str, seat: int) -> dict[str, Any]:
        """``{"seat", "status": "running" | "done" | "failed", "done", "total", "strength",
        "result" (when done), "error" (when failed)}``."""
        table = await self.service.known(table_id)
        self.service._check_seat_number(table, seat)
        row = await self.service.database(self._read, (table_id, seat))
        if row is None:
            raise ApiError(
                404, "no_analysis", f"seat {seat} of this table has not been analysed; ask first"
            )
        return self._status(row)

    async def resume(self) -> None:
        """At start: go on with the analyses a stop or a crash cut short."""
        for key in await self.service.database(self._unfinished):
            if len(self.running) >= ANALYSES_AT_ONCE:
                break
            try:
                await self.start(*key)
            except (ApiError, ZigguratError) as exc:
                log.error("analysis of table %s seat %s not resumed: %r", *key, exc)

    async def stop(self) -> None:
        tasks = list(self.running.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # ------------------------------------------------------------------ the work

    def _run(self, key: Key, row: AnalysisRow, record: Any, todo: list[Any]) -> None:
        task = asyncio.get_running_loop().create_task(self._work(key, row, record, todo))
        self.running[key] = task
        self.progress[key] = len(row.reports)

        def forget(_done: asyncio.Task[None]) -> None:
            self.running.pop(key, None)
            self.progress.pop(key, None)

        task.add_done_callback(forget)

    async def _work(self, key: Key, row: AnalysisRow, record: Any, todo: list[Any]) -> None:
        service = self.service
        table_id, seat = key
        reports = list(row.reports)
        searched = {report["move"] for report in reports}
        game = todo[0].state.game if todo else None
        try:
            for decision in todo:
                if decision.move in searched:
                    continue
                report = await self._search(key, game, decision, row)
                reports.append(report)
                self.progress[key] = len(reports)
                await service.database(self._save, key, reports, None, None)
            result = summary(seat, row.strength, row.seed, reports, record)
            await service.database(self._save, key, reports, result, None)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a failed analysis says why; the server goes on
            log.exception("analysis of table %s seat %s failed", table_id, seat)
            message = exc.message if isinstance(exc, ApiError) else "the search failed"
            await service.database(self._save, key, reports, None, message)

    async def _search(
        self, key: Key, game: Any, decision: Any, row: AnalysisRow
    ) -> dict[str, Any]:
        """One decision's report from a bot worker, tried again if the worker failed."""
        budget = self.service.settings.bot_move_budget
        expected = bots.agent_seconds(row.strength, budget) or 0.0
        for attempt in range(TRIES):
            try:
                return await self.service.bots.run_job(
                    key[0],
                    f"analysis:{row.strength}",
                    expected,
                    DECISION_LIMIT,
                    bots.analyse_json,
                    game.name,
                    dict(game.options),
                    decision.state.to_json(),
                    key[1],
                    str(decision.played),
                    decision.move,
                    row.strength,
                    row.seed,
                )
            except ApiError as exc:
                if exc.status != 503 or attempt == TRIES - 1:
                    raise
                await asyncio.sleep(1.0)
        raise AssertionError("unreachable")

    def _status(self, row: AnalysisRow) -> dict[str, Any]:
        key = (row.table_id, row.seat)
        out: dict[str, Any] = {
            "seat": row.seat,
            "status": row.status,
            "done": max(len(row.reports), self.progress.get(key, 0)),
            "total": row.total,
            "strength": row.strength,
        }
        if row.status == "done":
            out["done"] = row.total
            out["result"] = row.result
        if row.status == "failed":
            out["error"] = row.error
        return out

    # ------------------------------------------------------------------ the database

    def _read(self, key: Key) -> AnalysisRow | None:
        with self.service.sessions() as session:
            return session.get(AnalysisRow, key)

    def _create(self, key: Key, seed: int, total: int) -> AnalysisRow:
        with self.service.sessions.begin() as session:
            row = session.get(AnalysisRow, key)
            if row is None:  # another process may have made it meanwhile: keep theirs
                row = AnalysisRow(
                    table_id=key[0],
                    seat=key[1],
                    strength=self.service.settings.advice_strength,
                    seed=seed,
                    status="running",
                    total=total,
                    reports=[],
                )
                session.add(row)
            return row

    def _save(
        self,
        key: Key,
        reports: list[dict[str, Any]],
        result: dict[str, Any] | None,
        error: str | None,
    ) -> None:
        with self.service.sessions.begin() as session:
            row = session.get(AnalysisRow, key)
            if row is None:  # the table was deleted meanwhile
                return
            row.reports = list(reports)
            row.updated_at = utcnow()
            if result is not None:
                row.status, row.result = "done", result
            elif error is not None:
                row.status, row.error = "failed", error[:200]
            else:
                row.status = "running"

    def _unfinished(self) -> list[Key]:
        with self.service.sessions() as session:
            rows = session.execute(
                select(AnalysisRow.table_id, AnalysisRow.seat).where(
                    AnalysisRow.status == "running"
                )
            )
            return [(table_id, seat) for table_id, seat in rows]
