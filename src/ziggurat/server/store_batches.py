"""Group commit: the actions of many tables stored in one transaction.

Every action is stored by a few statements (the table's guarded update, the seat's claim,
the action's row, the notification). Committed one by one, under load the database thread
spent about 3 ms of wall time per action for well under 1 ms of work: every commit waits for
the disk, every statement gives up Python's lock and waits to get it back from the busy event
loop, and every call waited for the loop to hand it over and to take its answer back. With
one database thread (SQLite) that made the stores, not the processors, the limit of the
whole server.

So stores wait in a queue, and the database thread runs all that are waiting (at most
:data:`MAX_BATCH`) in one transaction with one commit, then at once the next batch, without
going back to the event loop in between; the answers go to the loop as each batch commits.
After :data:`BATCHES_PER_TURN` batches the thread queues itself again behind the other
database calls (loading a table, creating one), which so never wait long behind the stores.

A store may refuse (its table's guard found another revision: it wrote nothing) without
touching the others. A store that fails (an integrity error: another process stored the same
action; or any other error) rolls the whole transaction back, so the batch is then run again
one store per transaction, and that store alone is refused or fails, as it would have on its
own, while the others are stored exactly once. The stores of
a batch run in the order of their table ids: every process then locks the rows of any two
tables in the same order, and two batches (PostgreSQL, several processes) never wait on each
other in a circle.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

Store = Callable[[Connection], bool]
"""The statements of one change, run in the batch's transaction: True if they stored it,
False if they refused (and then wrote nothing)."""

MAX_BATCH = 64
"""Stores committed together at most: bounds a batch's transaction and the wait of a store
that comes just after one started."""

BATCHES_PER_TURN = 4
"""Batches the database thread runs in a row before the other database calls get a turn."""

Waiting = tuple[str, Store, asyncio.Future[bool]]


class StoreBatches:
    """One queue of stores per server process, run in batches in ``executor`` (None: the
    event loop's default executor), one batch in flight at a time. PostgreSQL too: a
    transaction per action, in parallel threads, gave 259-293 actions/s at saturation on one
    process, batches 305-360 (docs/operations.md)."""

    def __init__(self, engine: Engine, executor: Executor | None) -> None:
        self.engine = engine
        self.executor = executor
        self._lock = threading.Lock()  # the queue is shared with the database thread
        self._queue: list[Waiting] = []
        self._draining = False  # a turn of the database thread is queued or running
        self._unanswered: set[asyncio.Future[bool]] = set()
        self.batches = 0  # committed transactions, for /metrics
        self.stores = 0
        self.largest = 0

    async def store(self, table_id: str, store: Store) -> bool:
        """Run ``store`` in a batch: whether it stored its change, once that is committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[bool] = loop.create_future()
        self._unanswered.add(future)
        future.add_done_callback(self._unanswered.discard)
        with self._lock:
            self._queue.append((table_id, store, future))
            start, self._draining = not self._draining, True
        if start:
            self._take_turn(loop)
        return await future

    async def finish(self) -> None:
        """Wait for the answers to every store handed in (the server is stopping)."""
        if self._unanswered:
            await asyncio.gather(*self._unanswered, return_exceptions=True)

    def metrics(self) -> dict[str, Any]:
        with self._lock:
            waiting = len(self._queue)
        return {
            "batches": self.batches,
            "stores": self.stores,
            "largest": self.largest,
            "waiting": waiting,
        }

    def _take_turn(self, loop: asyncio.AbstractEventLoop) -> None:
        loop.run_in_executor(self.executor, self._turn, loop)

    def _turn(self, loop: asyncio.AbstractEventLoop) -> None:
        """In the database thread: batch after batch while stores wait, at most
        :data:`BATCHES_PER_TURN`; each batch's answers are handed to the loop."""
        for _ in range(BATCHES_PER_TURN):
            with self._lock:
                if not self._queue:
                    self._draining = False
                    return
                batch = sorted(self._queue[:MAX_BATCH], key=lambda item: item[0])
                del self._queue[:MAX_BATCH]
            stored = self._run([store for _, store, _ in batch])
            self.batches += 1
            self.stores += len(batch)
            self.largest = max(self.largest, len(batch))
            loop.call_soon_threadsafe(_answer, batch, stored)
        loop.call_soon_threadsafe(self._take_turn, loop)  # behind the other calls

    def _run(self, stores: list[Store]) -> list[bool | Exception]:
        """The stores in one transaction; after an error (which rolled them all back),
        one by one, so that each gets its own answer: an integrity error refuses its
        store, any other error is raised to its store's caller alone."""
        try:
            with self.engine.begin() as connection:
                return [store(connection) for store in stores]
        except IntegrityError:
            if len(stores) == 1:
                return [False]
        except Exception as exc:
            if len(stores) == 1:
                return [exc]
        return [self._run([store])[0] for store in stores]


def _answer(batch: list[Waiting], stored: list[bool | Exception]) -> None:
    for (_, _, future), done in zip(batch, stored, strict=True):
        if future.done():  # given up (cancelled) meanwhile
            continue
        if isinstance(done, Exception):
            future.set_exception(done)
        else:
            future.set_result(done)
