"""Limits on attempts (failed logins per name and per address, registrations per address),
counted in fixed windows in the database, so that every server process counts the same
attempts and a restart forgets none of them.

A window opens with the first attempt of its key and lasts :attr:`Limit.window`; past
:attr:`Limit.most` attempts in it, the key is refused until the window closes, and the
refusal says when that is (``retry_after``, seconds). A window that has closed starts again
at the next attempt. Rows of closed windows are deleted now and then, so the table holds at
most the keys of one window's attempts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from .db import AttemptRow, utcnow
from .errors import ApiError

KEY_LENGTH = 120


@dataclass(frozen=True)
class Limit:
    """At most ``most`` attempts of one key per ``window``; ``what`` names them in refusals."""

    most: int
    window: timedelta
    what: str


def _aware(moment: datetime) -> datetime:
    """SQLite hands stored times back without their zone (they are stored in UTC)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def retry_after(session: Session, key: str, limit: Limit, now: datetime | None = None) -> int:
    """Seconds until ``key`` may try again: 0 when it may now."""
    now = now or utcnow()
    row = session.get(AttemptRow, key[:KEY_LENGTH])
    if row is None:
        return 0
    closes = _aware(row.window_start) + limit.window
    if closes <= now or row.count < limit.most:
        return 0
    return max(1, math.ceil((closes - now).total_seconds()))


def check(session: Session, keys: list[tuple[str, Limit]], now: datetime | None = None) -> None:
    """Refuse with 429 ``too_many_attempts`` if any key is past its limit now."""
    waits = [(retry_after(session, key, limit, now), limit) for key, limit in keys]
    wait, limit = max(waits, key=lambda pair: pair[0])
    if wait:
        raise ApiError(
            429,
            "too_many_attempts",
            f"too many {limit.what}: try again in {wait} seconds",
            retry_after=wait,
        )


def count(session: Session, key: str, limit: Limit, now: datetime | None = None) -> None:
    """Count one attempt of ``key`` (in the caller's transaction)."""
    now = now or utcnow()
    key = key[:KEY_LENGTH]
    row = session.get(AttemptRow, key, with_for_update=True)
    if row is None:
        session.add(AttemptRow(key=key, count=1, window_start=now))
    elif _aware(row.window_start) + limit.window <= now:
        row.count, row.window_start = 1, now
    else:
        row.count += 1


def forget(session: Session, key: str) -> None:
    """Forget ``key``'s attempts (a name that logged in starts afresh)."""
    session.execute(delete(AttemptRow).where(AttemptRow.key == key[:KEY_LENGTH]))


def sweep(session: Session, longest: timedelta, now: datetime | None = None) -> int:
    """Delete the rows of windows closed for good (older than the ``longest`` window)."""
    now = now or utcnow()
    old = select(AttemptRow.key).where(AttemptRow.window_start < now - longest).limit(1000)
    keys = list(session.scalars(old))
    if keys:
        session.execute(delete(AttemptRow).where(AttemptRow.key.in_(keys)))
    return len(keys)
