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

A change is data, not code: a guard (a statement that must change exactly one row, else
the change is refused: its table is no longer at the revision the change was made on) and
the steps that follow it (each a statement and its parameters). A batch runs every guard,
then every step, as one ``executemany`` per statement: three or four calls for the whole
batch instead of three or four per change. Every call gives up Python's lock and takes it
back, and SQLAlchemy's Python work for each call runs in the database thread under that
lock, time the event loop cannot run (the figures are in docs/operations.md).

A refused guard (the guards' rows changed fall short of their number) or a failure (an
integrity error: another process stored the same action; or any other error) rolls the
whole batch back, and the batch is then run again one change per transaction: that change
alone is refused or fails, as it would have on its own, while the others are stored exactly
once. The changes of a batch run in the order of their table ids: every process then locks
the rows of any two tables in the same order, and two batches (PostgreSQL, several
processes) never wait on each other in a circle. As all guards run before all steps, no
step may change what another change's guard of the same batch reads: the service holds a
table's lock while its change is stored, so a batch has at most one change per table.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql.expression import Executable

Step = tuple[Executable, dict[str, Any]]
"""One statement of a change and its parameters."""


@dataclass(frozen=True, slots=True)
class Change:
    """One table's change: ``guard``, an UPDATE (SQLAlchemy counts the rows changed only
    of UPDATE and DELETE), must change exactly one row, else the change is refused and
    nothing of it is written; then ``steps`` run."""

    guard: Step
    steps: tuple[Step, ...] = ()


class Refused(Exception):
    """A guard found its row changed: the transaction is rolled back."""


MAX_BATCH = 64
"""Stores committed together at most: bounds a batch's transaction and the wait of a store
that comes just after one started."""

BATCHES_PER_TURN = 4
"""Batches the database thread runs in a row before the other database calls get a turn."""

Waiting = tuple[str, Change, asyncio.Future[bool]]


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

    async def store(self, table_id: str, change: Change) -> bool:
        """Store ``change`` in a batch: whether it was stored (False: its guard refused it),
        once that is committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[bool] = loop.create_future()
        self._unanswered.add(future)
        future.add_done_callback(self._unanswered.discard)
        with self._lock:
            self._queue.append((table_id, change, future))
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
            stored = self._run([change for _, change, _ in batch])
            self.batches += 1
            self.stores += len(batch)
            self.largest = max(self.largest, len(batch))
            loop.call_soon_threadsafe(_answer, batch, stored)
        loop.call_soon_threadsafe(self._take_turn, loop)  # behind the other calls

    def _run(self, changes: list[Change]) -> list[bool | Exception]:
        """The changes in one transaction, a call per statement; after a refusal or an
        error (which rolled them all back), one by one, so that each gets its own answer:
        a refused guard or an integrity error refuses its change, any other error is
        raised to its change's caller alone."""
        if len(changes) > 1:
            try:
                with self.engine.begin() as connection:
                    _run_together(connection, changes)
                return [True] * len(changes)
            except Exception:  # a refusal or a failure: each change again, alone
                pass
        return [_run_alone(self.engine, change) for change in changes]


def _run_together(connection: Connection, changes: list[Change]) -> None:
    """Every guard, then every step, one ``executemany`` per statement, in order."""
    for statement, rows in _by_statement(change.guard for change in changes):
        if connection.execute(statement, rows).rowcount != len(rows):
            raise Refused()
    for statement, rows in _by_statement(step for change in changes for step in change.steps):
        connection.execute(statement, rows)


def _run_alone(engine: Engine, change: Change) -> bool | Exception:
    try:
        with engine.begin() as connection:
            statement, row = change.guard
            if connection.execute(statement, row).rowcount != 1:
                raise Refused()
            for statement, row in change.steps:
                connection.execute(statement, row)
        return True
    except (Refused, IntegrityError):
        return False
    except Exception as exc:
        return exc


def _by_statement(steps: Iterable[Step]) -> list[tuple[Executable, list[dict[str, Any]]]]:
    """The parameters of each statement, statements in the order they first come."""
    grouped: dict[int, tuple[Executable, list[dict[str, Any]]]] = {}
    for statement, row in steps:
        entry = grouped.get(id(statement))
        if entry is None:
            grouped[id(statement)] = (statement, [row])
        else:
            entry[1].append(row)
    return list(grouped.values())


def _answer(batch: list[Waiting], stored: list[bool | Exception]) -> None:
    for (_, _, future), done in zip(batch, stored, strict=True):
        if future.done():  # given up (cancelled) meanwhile
            continue
        if isinstance(done, Exception):
            future.set_exception(done)
        else:
            future.set_result(done)
