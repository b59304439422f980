"""The tables one server process keeps in memory, and their locks: a bounded cache.

The database holds every table; memory only keeps the ones in use, so that a server which
has served a hundred thousand games holds no more than ``limit`` of them (the operator's
setting ``tables_in_memory``). The
least recently used table goes first, but never one that is locked or awaited (its lock is
forgotten with it, and two locks for one table would let two changes interleave) nor one
that clients watch (another process's changes reach a process only for tables it holds).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable, Iterator
from types import TracebackType

from .live import LiveTable


class TableLock:
    """An asyncio lock that counts who holds it or waits for it, so that an idle one can
    be forgotten safely."""

    __slots__ = ("_lock", "users")

    def __init__(self) -> None:
        self._lock = asyncio.Lock()
        self.users = 0

    async def __aenter__(self) -> None:
        self.users += 1
        try:
            await self._lock.acquire()
        except BaseException:
            self.users -= 1
            raise

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._lock.release()
        self.users -= 1


class TableCache:
    """Tables by id, least recently used first, with their locks (see the module's text).
    A table gone from memory is rebuilt from its record when it is asked for again."""

    def __init__(self, limit: int, watched: Callable[[str], bool] = lambda _id: False) -> None:
        self.limit = limit
        self.watched = watched
        self._tables: OrderedDict[str, LiveTable] = OrderedDict()
        self._locks: dict[str, TableLock] = {}

    def lock(self, table_id: str) -> TableLock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = TableLock()
        return lock

    def get(self, table_id: str) -> LiveTable | None:
        table = self._tables.get(table_id)
        if table is not None:
            self._tables.move_to_end(table_id)
        return table

    def __getitem__(self, table_id: str) -> LiveTable:
        table = self.get(table_id)
        if table is None:
            raise KeyError(table_id)
        return table

    def __setitem__(self, table_id: str, table: LiveTable) -> None:
        self._tables[table_id] = table
        self._tables.move_to_end(table_id)
        self._evict()

    def pop(self, table_id: str, default: LiveTable | None = None) -> LiveTable | None:
        return self._tables.pop(table_id, default)

    def __contains__(self, table_id: object) -> bool:
        return table_id in self._tables

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._tables))

    def __len__(self) -> int:
        return len(self._tables)

    def locks_kept(self) -> int:
        return len(self._locks)

    def _busy(self, table_id: str) -> bool:
        lock = self._locks.get(table_id)
        return (lock is not None and lock.users > 0) or self.watched(table_id)

    def _evict(self) -> None:
        if len(self._tables) <= self.limit:
            self._forget_idle_locks()
            return
        for table_id in list(self._tables):  # least recently used first
            if len(self._tables) <= self.limit:
                break
            if not self._busy(table_id):
                del self._tables[table_id]
                self._locks.pop(table_id, None)
        self._forget_idle_locks()

    def _forget_idle_locks(self) -> None:
        """Locks of tables not in memory (a table dropped after a conflict, an id that was
        looked up): kept only while someone holds or awaits them."""
        if len(self._locks) <= 2 * self.limit:
            return
        for table_id, lock in list(self._locks.items()):
            if lock.users == 0 and table_id not in self._tables:
                del self._locks[table_id]
