"""The table's chat: what a message may hold, how often one sender may write, and storing it.

Chat is the players' own text and nothing else: a message carries its writer's name, seat
and words, never anything of the game's state, so it can hold no secret the server keeps.
The server stores the text as written (trimmed); escaping is the display's job (the browser
sets it as text, never as markup).

A message raises the table's revision like any change (guarded by it, so two processes never
number two messages alike) and reaches every viewer in the table's payload, which carries the
last :data:`SHOWN` messages.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Connection

from .db import ChatRow, TableRow
from .errors import ApiError

TEXT_LENGTH = 500
SHOWN = 100  # messages in a payload
PER_TABLE = 1000  # messages a table keeps taking
BURST = 5  # messages one sender may write per BURST_WINDOW at one table
BURST_WINDOW = timedelta(seconds=10)
CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029]")  # all but the newline

CHAT = ChatRow.__table__
TABLES = TableRow.__table__


def clean_text(text: str) -> str:
    """The message as stored: trimmed; refused if empty, too long or holding control
    characters (a newline is allowed)."""
    text = text.strip()
    if not text:
        raise ApiError(400, "bad_request", "text: a message needs at least one character")
    if len(text) > TEXT_LENGTH:
        raise ApiError(
            400,
            "bad_request",
            f"text: a message holds at most {TEXT_LENGTH} characters, not {len(text)}",
        )
    if CONTROL.search(text):
        raise ApiError(
            400, "bad_request", "text: no control characters (a newline is the only one allowed)"
        )
    return text


@dataclass(frozen=True, slots=True)
class ChatMessage:
    number: int
    seat: int | None  # None: a spectator
    name: str
    text: str
    at: datetime

    @classmethod
    def of(cls, row: Any) -> ChatMessage:
        at = row.at if row.at.tzinfo is not None else row.at.replace(tzinfo=UTC)
        return cls(row.number, row.seat, row.name, row.text, at)

    def public(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "seat": self.seat,
            "name": self.name,
            "text": self.text,
            "at": self.at.isoformat(),
        }


@dataclass(frozen=True, slots=True)
class Speaker:
    """Who writes: ``sender`` is the key rate limits count ("seat:N", "account:ID")."""

    seat: int | None
    name: str
    sender: str
    account_id: int | None


def store(
    connection: Connection,
    table_id: str,
    revision: int,
    speaker: Speaker,
    text: str,
    now: datetime,
) -> ChatMessage | None:
    """Store a message in the caller's transaction, raising the table's revision; None if the
    table is no longer at ``revision`` (nothing written: read again). Refuses a sender past
    :data:`BURST` messages in :data:`BURST_WINDOW` (429) and a full chat (409)."""
    since = now - BURST_WINDOW
    recent = list(
        connection.scalars(
            select(CHAT.c.at)
            .where(CHAT.c.table_id == table_id, CHAT.c.sender == speaker.sender, CHAT.c.at > since)
            .order_by(CHAT.c.at)
        )
    )
    if len(recent) >= BURST:
        oldest = recent[-BURST]
        if oldest.tzinfo is None:
            oldest = oldest.replace(tzinfo=UTC)
        wait = max(1, math.ceil((oldest + BURST_WINDOW - now).total_seconds()))
        raise ApiError(
            429,
            "too_many_messages",
            f"at most {BURST} messages per {int(BURST_WINDOW.total_seconds())} seconds: "
            f"try again in {wait} seconds",
            retry_after=wait,
        )
    last = connection.scalar(select(func.max(CHAT.c.number)).where(CHAT.c.table_id == table_id))
    number = (last or 0) + 1
    if number > PER_TABLE:
        raise ApiError(
            409, "chat_full", f"this table's chat holds its limit of {PER_TABLE} messages"
        )
    raised = connection.execute(
        TABLES.update()
        .where(TABLES.c.id == table_id, TABLES.c.revision == revision)
        .values(revision=revision + 1)
    ).rowcount
    if raised != 1:
        return None
    connection.execute(
        CHAT.insert().values(
            table_id=table_id,
            number=number,
            seat=speaker.seat,
            account_id=speaker.account_id,
            sender=speaker.sender,
            name=speaker.name,
            text=text,
            at=now,
        )
    )
    return ChatMessage(number, speaker.seat, speaker.name, text, now)


def read(connection: Connection, table_id: str, after: int) -> list[ChatMessage]:
    """The messages numbered above ``after``, at most the last :data:`SHOWN` of them."""
    rows = connection.execute(
        select(CHAT)
        .where(CHAT.c.table_id == table_id, CHAT.c.number > after)
        .order_by(CHAT.c.number.desc())
        .limit(SHOWN)
    ).all()
    return [ChatMessage.of(row) for row in reversed(rows)]
