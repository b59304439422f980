"""Time controls: how long a seat may think, worked out from the record alone.

A table's time control is chosen when it is made: none, real-time (a clock per seat: minutes,
plus an increment each time a seat's turn ends) or turn-based (hours per turn). A *turn* is a
seat's run of decisions until another seat is to decide (a Babylonia turn places several
tokens; the increment and the turn-based allowance are per turn, not per token).

Nothing here is stored but the choice: the time each seat used follows from the times its
moves were stored (the record's own timestamps) and from the moment the table started, so a
clock survives a restart and reads the same in every server process. Only the moments the
running seat's time runs out are stored (``tables.deadline``, indexed), so that a process
finds the seats to hand to a bot with one query after any restart.

Only a person's seat is timed: a bot's answers in seconds, and a seat a bot took over is no
longer anybody's to lose. A table without a clock hands a seat to a bot once its player has
not moved for the server's ``abandon_after`` (``None``: never).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

NONE, REALTIME, TURN = "none", "realtime", "turn"
KINDS = (NONE, REALTIME, TURN)

# What a request may ask for: the upper ends stop only mistakes (a clock of a day per seat).
MINUTES_RANGE = (1, 180)
INCREMENT_RANGE = (0, 600)  # seconds added per turn
HOURS_RANGE = (1, 336)  # two weeks per turn

TIMED_OUT, ABANDONED = "timed out", "abandoned"
"""Why a bot took a seat over when the clock did it (``seats.took_over``; a resignation is
``"resigned"``)."""


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A table's time control; ``minutes`` and ``increment`` (seconds) for real-time,
    ``hours`` for turn-based."""

    kind: str = NONE
    minutes: int = 0
    increment: int = 0
    hours: int = 0

    @classmethod
    def of(cls, stored: dict[str, Any] | None) -> TimeControl:
        """The time control as stored (``None``: none)."""
        if not stored:
            return cls()
        return cls(
            str(stored.get("kind", NONE)),
            int(stored.get("minutes", 0)),
            int(stored.get("increment", 0)),
            int(stored.get("hours", 0)),
        )

    def plain(self) -> dict[str, Any]:
        """JSON as requests give it and summaries show it."""
        if self.kind == REALTIME:
            return {"kind": REALTIME, "minutes": self.minutes, "increment": self.increment}
        if self.kind == TURN:
            return {"kind": TURN, "hours": self.hours}
        return {"kind": NONE}

    @property
    def stored(self) -> dict[str, Any] | None:
        return None if self.kind == NONE else self.plain()

    @property
    def why_out(self) -> str:
        """What a seat the clock hands to a bot is named for."""
        return ABANDONED if self.kind == NONE else TIMED_OUT


@dataclass(frozen=True, slots=True)
class Clock:
    """A table's clocks as of its last stored entry: nothing in it depends on the moment it is
    read, so it is made once per revision like the rest of a payload, and a client counts the
    running seat down itself (``deadline``).

    ``running``: the seat whose time runs (None: nobody's: the game is over or not started, or
    a bot is to move); ``since``: when its turn began (turn-based, no clock) or its present
    stretch of thinking did (real-time); ``remaining``: real-time only, the seconds each timed
    seat had left at ``since`` (None for a seat that is not timed); ``deadline``: when the
    running seat's time runs out (None: never)."""

    running: int | None
    since: datetime | None
    deadline: datetime | None
    remaining: tuple[float | None, ...] | None = None

    def plain(self, control: TimeControl, iso: Any) -> dict[str, Any]:
        """JSON for a payload: the control's fields, then this clock's (times in ISO 8601)."""
        return {
            **control.plain(),
            "running": self.running,
            "since": None if self.since is None else iso(self.since),
            "deadline": None if self.deadline is None else iso(self.deadline),
            "remaining": None if self.remaining is None else list(self.remaining),
        }


def clock(
    control: TimeControl,
    started: datetime | None,
    moves: Sequence[tuple[int, datetime]],
    current: int | None,
    timed: Collection[int],
    seats: int,
    abandon_after: timedelta | None,
) -> Clock:
    """The clocks of a table whose standing moves were made by ``moves`` (seat, when stored),
    in order, with ``current`` to decide now (None: the game is over), the seats in
    ``timed`` being timed (people's, not taken over).

    ``moves`` is read, not copied (a view of a table's log: :class:`~.live.Standing`), and
    without a clock or turn-based only its last turn is looked at, so that the cost of a
    move's clock does not grow with the game. Times without a zone are UTC.

    The time between two stored moves is the thinking time of the seat that made the later
    one (it was the seat to decide all along: a take-back leaves the same seat deciding, so
    the moves standing tell the whole story). The clock starts at ``started`` (all seats
    claimed) or, for a game whose first move came before that, at its first move; a table
    that has done neither runs no clock."""
    if started is None and moves:
        started = moves[0][1]
    if started is not None:
        started = _utc(started)
    if started is None or current is None or current not in timed:
        return Clock(None, None, None, _remaining(control, started, moves, current, timed, seats))
    # when the current seat's turn began: the last move by another seat (or the start)
    turn_began = started
    for seat, at in reversed(moves):
        if seat != current:
            turn_began = _utc(at)
            break
    if control.kind == TURN:
        return Clock(current, turn_began, turn_began + timedelta(hours=control.hours))
    if control.kind == REALTIME:
        remaining = _remaining(control, started, moves, current, timed, seats)
        assert remaining is not None
        since = max(_utc(moves[-1][1]), started) if moves else started
        left = remaining[current]
        assert left is not None
        return Clock(current, since, since + timedelta(seconds=left), remaining)
    if abandon_after is None:
        return Clock(current, turn_began, None)
    return Clock(current, turn_began, turn_began + abandon_after)


def _utc(moment: datetime) -> datetime:
    """SQLite hands stored times back without their zone: they are UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _remaining(
    control: TimeControl,
    started: datetime | None,
    moves: Sequence[tuple[int, datetime]],
    current: int | None,
    timed: Collection[int],
    seats: int,
) -> tuple[float | None, ...] | None:
    """Real-time: the seconds each timed seat has left as of its last move (the start:
    the whole allowance), each turn it finished adding the increment."""
    if control.kind != REALTIME:
        return None
    left: list[float | None] = [
        control.minutes * 60.0 if s in timed else None for s in range(seats)
    ]
    if started is None:
        return tuple(left)
    previous = started
    increment = control.increment
    last_seat: int | None = None
    for seat, at in moves:
        if at.tzinfo is None:
            at = at.replace(tzinfo=UTC)
        if last_seat is not None and seat != last_seat and left[last_seat] is not None:
            left[last_seat] += increment  # type: ignore[operator]  # its turn ended
        spent = left[seat]
        if spent is not None:
            left[seat] = spent - max(0.0, (at - previous).total_seconds())
        previous, last_seat = at, seat
    if last_seat is not None and current != last_seat and left[last_seat] is not None:
        left[last_seat] += increment  # type: ignore[operator]
    return tuple(left)
