"""Bot moves at the server's tables: when a bot is to move, think in a worker, store the move.

The service asks :meth:`BotMoves.schedule` after every change; a bot then thinks without the
table's lock (views and sockets stay served meanwhile) in the worker processes of
:mod:`.bots`, and its move is stored through the service exactly like a person's, only if
nobody moved meanwhile.

Decisions wait for a worker in a :class:`~.bot_queue.FairQueue` (a fair share per table, so a
quick bot is never stuck behind other tables' slow ones), and at most ``bot_workers`` of them
are in the pool at once. Each has a budget of ``bot_move_budget`` seconds, which the worker
honours (:func:`bots.choose_action`); the server gives it ``bot_move_grace`` seconds more,
and then counts the worker as stuck: the table gets the quick bot's move at once, computed in
a thread of the server, and the workers are replaced, so that no table stalls. A worker that
dies is replaced too, and its decision runs again in its old place in the queue; one that
takes its worker down twice gets the quick bot's move instead.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ziggurat.core.api import TERMINAL
from ziggurat.core.rng import Rng

from . import bots
from .bot_queue import FairQueue
from .errors import ApiError

if TYPE_CHECKING:
    from .live import LiveTable
    from .service import TableService

log = logging.getLogger("ziggurat.server")

DEATHS_BEFORE_FALLBACK = 2
"""Times a decision may take its worker down before it is given up for the quick bot's move:
once is any worker's bad luck (killed by the system, say), twice is likely the position."""

WARM_UP_LIMIT = 60.0
"""Seconds new workers may take to start; decisions wait for them meanwhile."""


@dataclass(frozen=True)
class Decision:
    """What a worker needs to choose one bot move."""

    game: str
    options: dict[str, Any]
    state_json: dict[str, Any]
    seat: int
    agent: str
    seed: int

    def arguments(self, agent: str, budget: float | None) -> tuple[Any, ...]:
        """The arguments of :func:`bots.choose_action` for ``agent``."""
        return (self.game, self.options, self.state_json, self.seat, agent, self.seed, budget)


def _retrieve(future: asyncio.Future[Any]) -> None:
    """Mark the outcome of a future nobody awaits any more as seen (a stuck decision's,
    which fails when its workers are killed), so asyncio does not report it."""
    if not future.cancelled():
        future.exception()


class BotMoves:
    """The bot workers of one server process and the moves they are thinking."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.pool: ProcessPoolExecutor | None = None
        self.ready: asyncio.Event | None = None  # set once the pool's workers have started
        self.queue = FairQueue(service.settings.bot_workers)
        self.tasks: set[asyncio.Task] = set()  # one per decision, from its delay to its store
        self.chores: set[asyncio.Task] = set()  # starting and killing workers
        self.pending: set[tuple[str, int]] = set()  # (table, version) of those decisions
        self.killed: deque[ProcessPoolExecutor] = deque(maxlen=8)  # pools ended on purpose
        self.counts = {
            "moves": 0,  # bot moves stored
            "decisions": 0,  # decisions made by the seat's agent (or the quick one) in a worker
            "fallbacks": 0,  # quick moves played because a worker was stuck or kept dying
            "overflow_moves": 0,  # search bots' decisions made by the quick bot: full queue
            "worker_replacements": 0,  # times the workers were replaced (stuck or died)
        }

    def start(self) -> None:
        self.ready = asyncio.Event()
        self.pool = self._new_pool()

    async def stop(self) -> None:
        """Stop thinking, then end the workers (bounded: a thinking one is terminated, see
        :func:`bots.stop_pool`). A move interrupted here is simply not stored, each move
        being stored whole in one transaction or not at all; the next start schedules the
        bot again for every table that is not finished."""
        pool, self.pool = self.pool, None  # from now on no bot is scheduled nor pool replaced
        tasks = [*self.tasks, *self.chores]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if pool is not None:
            await bots.stop_pool(pool)

    def schedule(self, table: LiveTable, delay: float | None = None) -> None:
        """Let the bot to move at ``table`` think, after ``delay`` seconds (default: the
        ``bot_delay`` setting). Asked twice for one position, it thinks once."""
        if table.finished or self.pool is None:
            return
        seat = table.state.current_player
        if seat == TERMINAL or table.seats[seat].kind != "bot":
            return
        key = (table.id, table.version)
        if key in self.pending:
            return
        wait = self.service.settings.bot_delay if delay is None else delay
        task = asyncio.get_running_loop().create_task(self._move(table.id, table.version, wait))
        self.pending.add(key)
        self.tasks.add(task)

        def forget(done: asyncio.Task) -> None:
            self.tasks.discard(done)
            self.pending.discard(key)

        task.add_done_callback(forget)

    async def _move(self, table_id: str, version: int, delay: float) -> None:
        """Think without the table's lock, then store the move only if nobody moved
        meanwhile."""
        from .service import Conflict

        service = self.service
        try:
            await asyncio.sleep(delay)
            async with service.lock(table_id):
                table = await service.load(table_id)
                if table.version != version or table.finished:
                    return  # somebody moved meanwhile; that move scheduled what follows
                seat = table.state.current_player
                info = table.seats[seat]
                if info.kind != "bot":
                    return
                decision = Decision(
                    game=table.game.name,
                    options=dict(table.game.options),
                    state_json=table.state.to_json(),
                    seat=seat,
                    agent=info.agent or bots.QUICK_AGENT,
                    seed=Rng(table.seed ^ (version * 0x9E3779B97F4A7C15)).next64(),
                )
            action_text = await self._decide(table_id, decision)
            if action_text is None:
                return  # the server is stopping
            async with service.lock(table_id):
                table = await service.load(table_id)
                if table.version != version:
                    return
                await service.store_action(table, seat, action_text, version)
            self.counts["moves"] += 1
            await service.after_change(table)
        except asyncio.CancelledError:
            raise
        except (ApiError, Conflict) as exc:  # another process moved first: nothing lost
            log.info("bot move at table %s version %s not stored: %r", table_id, version, exc)
        except Exception:  # a bot must never take the server down; the table stays as it was
            log.exception("bot move failed at table %s version %s", table_id, version)

    async def _decide(self, table_id: str, decision: Decision) -> str | None:
        """The move, in notation: from the seat's agent in a worker when its turn in the
        queue comes, else (stuck, failing or dying workers) from the quick bot. None: the
        server is stopping."""
        settings = self.service.settings
        budget = settings.bot_move_budget
        agent = decision.agent
        searching = bots.agent_seconds(agent, budget) is not None
        if searching and self.queue.waiting >= settings.bot_queue_limit:
            agent = bots.QUICK_AGENT  # over the limit: this one costs milliseconds, not seconds
            self.counts["overflow_moves"] += 1
        ticket = self.queue.enter(table_id, agent, bots.agent_seconds(agent, budget) or 0.0)
        thought = 0.0
        deaths = 0
        try:
            while True:
                await self.queue.turn(ticket)
                if self.ready is not None:
                    await self.ready.wait()
                pool = self.pool
                if pool is None:
                    return None
                outcome, text, thought = await self._think(pool, table_id, decision, agent)
                if outcome == "moved":
                    self.counts["decisions"] += 1
                    return text
                if outcome == "stuck":
                    log.error(
                        "a bot worker is stuck: %s at table %s thought %.1f s (budget %s s + "
                        "grace %s s); playing the %s move and replacing the workers",
                        agent, table_id, thought, budget, settings.bot_move_grace,
                        bots.QUICK_AGENT,
                    )  # fmt: skip
                    self._replace(pool)
                    return await self._fallback(decision)
                if outcome == "failed":
                    return await self._fallback(decision)
                # The workers died. If we ended them for another decision's stuck worker,
                # that is no fault of this one; either way new workers, and it runs again.
                if pool not in self.killed:
                    deaths += 1
                    if self.pool is pool:
                        log.error("a bot worker died; starting new workers and trying again")
                self._replace(pool)
                if deaths >= DEATHS_BEFORE_FALLBACK:
                    log.error(
                        "the workers died %s times on a decision at table %s; playing the %s move",
                        deaths, table_id, bots.QUICK_AGENT,
                    )  # fmt: skip
                    return await self._fallback(decision)
                self.queue.again(ticket)
        finally:
            self.queue.done(ticket, thought)

    async def _think(
        self, pool: ProcessPoolExecutor, table_id: str, decision: Decision, agent: str
    ) -> tuple[str, str, float]:
        """One try in a worker: ``(outcome, text, seconds)``, the outcome being ``moved``
        (text is the move), ``stuck`` (no answer within budget + grace; the worker still
        runs), ``failed`` (the agent raised; logged here) or ``died`` (the pool broke)."""
        settings = self.service.settings
        budget = settings.bot_move_budget
        loop = asyncio.get_running_loop()
        started = loop.time()
        try:
            future = loop.run_in_executor(
                pool, bots.choose_action, *decision.arguments(agent, budget)
            )
        except BrokenProcessPool:  # it broke since our turn came: nothing ran
            return "died", "", 0.0
        try:
            finished, _ = await asyncio.wait({future}, timeout=budget + settings.bot_move_grace)
        except asyncio.CancelledError:
            future.cancel()
            raise
        seconds = loop.time() - started
        if not finished:
            future.add_done_callback(_retrieve)  # it fails when the workers are killed
            return "stuck", "", seconds
        try:
            return "moved", future.result(), seconds
        except BrokenProcessPool:
            return "died", "", seconds
        except Exception:  # a bug in an agent must not stall the table
            log.exception(
                "%s failed at table %s; playing the %s move", agent, table_id, bots.QUICK_AGENT
            )
            return "failed", "", seconds

    async def _fallback(self, decision: Decision) -> str:
        """The quick bot's move, in a thread of the server: it needs no worker, and it
        thinks for milliseconds (the greedy bot never searches)."""
        self.counts["fallbacks"] += 1
        return await asyncio.to_thread(
            bots.choose_action, *decision.arguments(bots.QUICK_AGENT, None)
        )

    # ------------------------------------------------------------------ other work

    async def run_job(
        self,
        table_id: str,
        kind: str,
        expected: float,
        limit: float,
        function: Callable[..., Any],
        *arguments: Any,
    ) -> Any:
        """Run ``function(*arguments)`` in a bot worker for ``table_id``, with the table's
        fair share of the workers like its bots' moves (``kind`` names the work in the
        queue's estimates, ``expected`` its seconds before there are any). Raises
        :class:`ApiError` (503) when the server is stopping or the worker did not answer
        within ``limit`` seconds (it is replaced) or died; an exception of ``function``
        reaches the caller."""
        ticket = self.queue.enter(table_id, kind, expected)
        seconds = 0.0
        try:
            await self.queue.turn(ticket)
            if self.ready is not None:
                await self.ready.wait()
            pool = self.pool
            if pool is None:
                raise ApiError(503, "stopping", "the server is stopping; try again soon")
            loop = asyncio.get_running_loop()
            started = loop.time()
            try:
                future = loop.run_in_executor(pool, function, *arguments)
            except BrokenProcessPool:
                self._replace(pool)
                raise ApiError(
                    503, "workers_restarting", "the bot workers restart; try again"
                ) from None
            try:
                finished, _ = await asyncio.wait({future}, timeout=limit)
            except asyncio.CancelledError:
                future.cancel()
                raise
            seconds = loop.time() - started
            if not finished:
                future.add_done_callback(_retrieve)
                log.error("a bot worker is stuck on %s at table %s; replacing it", kind, table_id)
                self._replace(pool)
                raise ApiError(503, "workers_busy", "the bot workers did not answer; try again")
            try:
                return future.result()
            except BrokenProcessPool:
                self._replace(pool)
                raise ApiError(
                    503, "workers_restarting", "the bot workers restart; try again"
                ) from None
        finally:
            self.queue.done(ticket, seconds)

    # ------------------------------------------------------------------ workers

    def _new_pool(self) -> ProcessPoolExecutor:
        """A pool whose workers start now (each loads the games): decisions wait for
        ``ready`` meanwhile, so that no budget is spent starting an interpreter."""
        pool = bots.make_pool(self.service.settings.bot_workers)
        if self.ready is not None:
            self.ready.clear()
        chore = asyncio.get_running_loop().create_task(self._warm_up(pool))
        self.chores.add(chore)
        chore.add_done_callback(self.chores.discard)
        return pool

    async def _warm_up(self, pool: ProcessPoolExecutor) -> None:
        loop = asyncio.get_running_loop()
        try:
            futures = {
                loop.run_in_executor(pool, bots.warm_up)
                for _ in range(self.service.settings.bot_workers)
            }
            finished, late = await asyncio.wait(futures, timeout=WARM_UP_LIMIT)
            for future in finished:
                error = None if future.cancelled() else future.exception()
                if error is not None and pool not in self.killed:
                    log.error("a bot worker failed to start: %r", error)
            if late:
                log.error("bot workers took over %s s to start", WARM_UP_LIMIT)
                for future in late:
                    future.add_done_callback(_retrieve)
        except (BrokenProcessPool, RuntimeError, OSError) as exc:  # could not start a worker
            log.error("could not start the bot workers: %r", exc)
        finally:  # whatever happened, decisions go on (a broken pool is replaced by them)
            if self.pool is pool and self.ready is not None:
                self.ready.set()

    def _replace(self, pool: ProcessPoolExecutor) -> None:
        """Replace ``pool`` by new workers, unless that happened already (several decisions
        see one death) or the server is stopping; its workers are killed."""
        if self.pool is not pool:
            return
        self.counts["worker_replacements"] += 1
        self.killed.append(pool)
        self.pool = self._new_pool()
        chore = asyncio.get_running_loop().create_task(bots.kill_pool(pool))
        self.chores.add(chore)
        chore.add_done_callback(self.chores.discard)

    # ------------------------------------------------------------------ metrics

    def metrics(self) -> dict[str, Any]:
        """The bots' part of ``GET /metrics`` (docs/server-api.md)."""
        settings = self.service.settings
        return {
            "workers": settings.bot_workers,
            "workers_ready": self.pool is not None
            and self.ready is not None
            and self.ready.is_set(),
            "move_budget_seconds": settings.bot_move_budget,
            "move_grace_seconds": settings.bot_move_grace,
            "queue_limit": settings.bot_queue_limit,
            "scheduled": len(self.tasks),
            **self.queue.snapshot(),
            **self.counts,
        }
