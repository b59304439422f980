"""The queue of bot decisions waiting for a worker: a fair share of the workers per table.

Why a queue of our own: the worker pool's queue is first come, first served across all
tables, so whoever opens twenty tables of ``hard`` bots (seconds per move) makes a ``greedy``
bot at somebody else's table (milliseconds per move) wait minutes for its turn. Here at most
``workers`` decisions run at once (the pool itself never queues), and the rest wait in this
queue, in the order of weighted fair queueing by table:

* Each table has a *virtual time*: the worker time its decisions have had (think time,
  measured). A decision that enters the queue starts at its table's virtual time, but never
  below the queue's clock (the start of the latest decision served): a table that was idle
  banks no credit, a new table starts level with the others.
* Its *finish* is that start plus the think time its agent is expected to need (the mean of
  that agent's recent decisions; before any, its time cap under the budget). The waiting
  decision with the earliest finish goes next; at equal finish, the one that came first.

So among tables whose bots think alike, a table's next decision never goes ahead of a table
that has had less worker time: they take turns, round robin. A quick bot's decision goes
ahead of waiting slow ones, since its finish is its start plus milliseconds, but only until
its table has had as much worker time as theirs will have after their decision: the fair
share. A quick decision thus waits for the decisions already running (none runs past the
budget and its grace, see :mod:`.bot_moves`) and the few waiting ones whose finish is earlier
still. In general a decision waits for the decisions ahead of it when it entered, at most
budget + grace each, spread over the workers, plus, for a slow decision, quicker tables'
decisions up to that fair share.

Why not two fixed lanes (quick, slow): they need a rule for when the slow lane may go (else a
stream of quick decisions starves it), they let one quick table crowd out another, and a bot
must be put in a lane in advance. Ordering by worker time needs none of that: it measures.

Everything here is bounded: one entry per waiting decision (a table has at most one, as one
bot moves at a time), virtual times for at most :data:`TABLE_MEMORY` tables (a forgotten
table starts at the clock, which is where it would start anyway after a while), estimates
for at most :data:`AGENT_MEMORY` agents, and windows of the last :data:`WINDOW` decisions.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

WINDOW = 1000
"""Recent decisions kept for the wait and think time statistics of ``GET /metrics``."""

TABLE_MEMORY = 4096
"""Tables whose virtual time is remembered; the least recently served are forgotten first."""

AGENT_MEMORY = 64
"""Agents whose think time is estimated (the server's agents are a handful)."""

ESTIMATE_WEIGHT = 0.2
"""Weight of the newest think time in an agent's running mean: about the last ten decisions
count, so the estimate follows a change of game or of load within a few moves."""


class Window:
    """The last :data:`WINDOW` values of a quantity, for its recent percentiles."""

    def __init__(self, size: int = WINDOW) -> None:
        self.values: deque[float] = deque(maxlen=size)

    def add(self, value: float) -> None:
        self.values.append(value)

    def summary(self) -> dict[str, Any]:
        """``last``, ``p50``, ``p95`` and ``max`` in seconds (None before any value) and
        ``count``, the number of values they are taken from."""
        if not self.values:
            return {"last": None, "p50": None, "p95": None, "max": None, "count": 0}
        ordered = sorted(self.values)
        return {
            "last": round(self.values[-1], 4),
            "p50": round(_percentile(ordered, 0.50), 4),
            "p95": round(_percentile(ordered, 0.95), 4),
            "max": round(ordered[-1], 4),
            "count": len(ordered),
        }


def _percentile(ordered: list[float], fraction: float) -> float:
    """Nearest rank: the smallest value with at least ``fraction`` of the values at or below
    it (so p95 of few values is their maximum, never a value nobody waited)."""
    return ordered[max(1, math.ceil(len(ordered) * fraction)) - 1]


@dataclass(eq=False)
class Ticket:
    """One decision's place in the queue, from entering until :meth:`FairQueue.done`."""

    table_id: str
    agent: str
    start: float  # virtual time: the table's worker time when the decision started waiting
    finish: float  # start plus the think time expected
    seq: int  # order of entry, for ties
    entered: float  # clock time of entry
    granted: asyncio.Future[None] = field(repr=False)
    state: str = "waiting"  # "waiting", "running", "gone"
    waited: float | None = None  # seconds from entry to its first turn


class FairQueue:
    """Bot decisions waiting for one of ``workers`` workers, served in fair-share order.

    A caller does ``ticket = queue.enter(table, agent, expected)``, ``await
    queue.turn(ticket)``, runs the decision, and ``queue.done(ticket, seconds)`` (in a
    ``finally``: the worker is free again either way); a decision that must run again
    (its worker died) calls ``queue.again(ticket)`` and awaits its turn once more, keeping
    its place ahead of everything that entered after it.
    """

    def __init__(self, workers: int, clock: Callable[[], float] = time.monotonic) -> None:
        if workers < 1:
            raise ValueError(f"a queue needs at least 1 worker, not {workers}")
        self.workers = workers
        self.clock = clock
        self.running = 0
        self.vclock = 0.0  # the virtual start of the latest decision served
        self._heap: list[tuple[float, int, Ticket]] = []
        self._waiting = 0  # tickets in the heap that still wait (cancelled ones are skipped)
        self._seq = itertools.count()
        self._used: OrderedDict[str, float] = OrderedDict()  # table -> virtual time
        self._estimates: OrderedDict[str, float] = OrderedDict()  # agent -> mean think time
        self.waits = Window()
        self.thinks = Window()
        self.served = 0

    @property
    def waiting(self) -> int:
        """Decisions waiting for a worker now."""
        return self._waiting

    def estimate(self, agent: str, default: float) -> float:
        """The think time expected of ``agent``'s next decision: the running mean of its
        recent ones, else ``default`` (its time cap under the budget)."""
        return self._estimates.get(agent, default)

    def enter(self, table_id: str, agent: str, expected: float) -> Ticket:
        """Queue a decision of ``agent`` at ``table_id``; ``expected`` is its think time
        when the agent has no history yet (see :meth:`estimate`)."""
        loop = asyncio.get_running_loop()
        used = self._used.get(table_id, self.vclock)
        if used <= self.vclock:  # no credit to keep: the table starts at the clock
            self._used.pop(table_id, None)
        start = max(used, self.vclock)
        ticket = Ticket(
            table_id=table_id,
            agent=agent,
            start=start,
            finish=start + self.estimate(agent, expected),
            seq=next(self._seq),
            entered=self.clock(),
            granted=loop.create_future(),
        )
        self._push(ticket)
        self._dispatch()
        return ticket

    async def turn(self, ticket: Ticket) -> None:
        """Wait until a worker is free for ``ticket``. Cancelled while waiting, the ticket
        leaves the queue; cancelled just as its turn came, it hands the worker on."""
        try:
            await asyncio.shield(ticket.granted)
        except asyncio.CancelledError:
            if ticket.state == "running":
                self._release(ticket)
            elif ticket.state == "waiting":
                ticket.state = "gone"
                self._waiting -= 1
            raise

    def again(self, ticket: Ticket) -> None:
        """The decision must run again (its worker died): free its worker and queue it
        again with its old place, ahead of every decision that entered after it."""
        if ticket.state != "running":
            return
        self.running -= 1
        ticket.granted = asyncio.get_running_loop().create_future()
        self._push(ticket)
        self._dispatch()

    def done(self, ticket: Ticket, seconds: float) -> None:
        """The decision is over after ``seconds`` of thinking (0 if it never ran): its worker
        is free, and its table and agent are charged for that time."""
        if ticket.state == "waiting":  # left before its turn (the caller gave up)
            ticket.state = "gone"
            self._waiting -= 1
            return
        if ticket.state != "running":
            return
        self.served += 1
        self.thinks.add(seconds)
        self._used.pop(ticket.table_id, None)
        self._used[ticket.table_id] = ticket.start + seconds  # the newest last
        while len(self._used) > TABLE_MEMORY:
            self._used.popitem(last=False)
        old = self._estimates.pop(ticket.agent, None)
        self._estimates[ticket.agent] = (
            seconds if old is None else old + ESTIMATE_WEIGHT * (seconds - old)
        )
        while len(self._estimates) > AGENT_MEMORY:
            self._estimates.popitem(last=False)
        self._release(ticket)  # charged first, so the next choice sees this decision's cost

    def _push(self, ticket: Ticket) -> None:
        ticket.state = "waiting"
        heapq.heappush(self._heap, (ticket.finish, ticket.seq, ticket))
        self._waiting += 1

    def _release(self, ticket: Ticket) -> None:
        ticket.state = "gone"
        self.running -= 1
        self._dispatch()

    def _dispatch(self) -> None:
        """Hand free workers to the waiting decisions with the earliest finish."""
        while self.running < self.workers and self._heap:
            _finish, _seq, ticket = heapq.heappop(self._heap)
            if ticket.state != "waiting":
                continue  # cancelled while waiting
            self._waiting -= 1
            ticket.state = "running"
            self.running += 1
            self.vclock = max(self.vclock, ticket.start)
            if ticket.waited is None:
                ticket.waited = self.clock() - ticket.entered
                self.waits.add(ticket.waited)
            ticket.granted.set_result(None)

    def snapshot(self) -> dict[str, Any]:
        """What ``GET /metrics`` shows of the queue."""
        return {
            "queued": self._waiting,
            "running": self.running,
            "served": self.served,
            "wait_seconds": self.waits.summary(),
            "think_seconds": self.thinks.summary(),
            "expected_think_seconds": {a: round(s, 4) for a, s in self._estimates.items()},
        }
