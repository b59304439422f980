"""Bot moves at the server's tables: when a bot is to move, think in a worker, store the move.

The service asks :meth:`BotMoves.schedule` after every change; a bot then thinks without the
table's lock (views and sockets stay served meanwhile) in the worker processes of
:mod:`.bots`, and its move is stored through the service exactly like a person's, only if
nobody moved meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING

from ziggurat.core.api import TERMINAL
from ziggurat.core.rng import Rng

from . import bots
from .errors import ApiError

if TYPE_CHECKING:
    from .live import LiveTable
    from .service import TableService

log = logging.getLogger("ziggurat.server")


class BotMoves:
    """The bot workers of one server process and the moves they are thinking."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.pool: ProcessPoolExecutor | None = None
        self.tasks: set[asyncio.Task] = set()

    def start(self) -> None:
        self.pool = bots.make_pool(self.service.settings.bot_workers)

    async def stop(self) -> None:
        """Stop thinking, then end the workers (bounded: a thinking one is terminated, see
        :func:`bots.stop_pool`). A move interrupted here is simply not stored, each move
        being stored whole in one transaction or not at all; the next start schedules the
        bot again for every table that is not finished."""
        pool, self.pool = self.pool, None  # from now on no bot is scheduled nor pool replaced
        tasks = list(self.tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if pool is not None:
            await bots.stop_pool(pool)

    def schedule(self, table: LiveTable, delay: float | None = None) -> None:
        if table.finished or self.pool is None:
            return
        seat = table.state.current_player
        if seat == TERMINAL or table.seats[seat].kind != "bot":
            return
        wait = self.service.settings.bot_delay if delay is None else delay
        task = asyncio.get_running_loop().create_task(self._move(table.id, table.version, wait))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

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
                state_json = table.state.to_json()
            loop = asyncio.get_running_loop()
            pool = self.pool
            if pool is None:  # the server is stopping (None would mean a thread of ours)
                return
            try:
                action_text = await loop.run_in_executor(
                    pool,
                    bots.choose_action,
                    table.game.name,
                    dict(table.game.options),
                    state_json,
                    seat,
                    info.agent or "greedy",
                    Rng(table.seed ^ (version * 0x9E3779B97F4A7C15)).next64(),
                )
            except BrokenProcessPool:
                if self.pool is pool:  # the first table to notice replaces the workers
                    log.error("a bot worker died; starting new workers and trying again")
                    pool.shutdown(wait=False, cancel_futures=True)
                    self.pool = bots.make_pool(service.settings.bot_workers)
                self.schedule(table, delay=0.0)
                return
            async with service.lock(table_id):
                table = await service.load(table_id)
                if table.version != version:
                    return
                await service.store_action(table, seat, action_text, version)
            await service.after_change(table)
        except asyncio.CancelledError:
            raise
        except (ApiError, Conflict) as exc:  # another process moved first: nothing lost
            log.info("bot move at table %s version %s not stored: %r", table_id, version, exc)
        except Exception:  # a bot must never take the server down; the table stays as it was
            log.exception("bot move failed at table %s version %s", table_id, version)
