"""The database: tables, seats and actions, with SQLAlchemy 2 and Alembic migrations.

A table's state is never stored: its record (game, options, seed, actions) is, and the state
is rebuilt from it by replay. ``tables.version`` is the number of entries in ``actions``
(moves, and take-backs: the action ``"undo"``, see :mod:`ziggurat.core.undo`); an entry
is appended in the same transaction that checks and raises it, and ``(table_id, number)`` is
the primary key of ``actions``, so two writers can never both append entry N.
"""

from __future__ import annotations

from datetime import UTC, datetime
from importlib import resources
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    create_engine,
    event,
    false,
    text,
    true,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    data_version: Mapped[str] = mapped_column(String(64))
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)
    version: Mapped[int] = mapped_column(Integer, default=0)  # entries in actions
    revision: Mapped[int] = mapped_column(Integer, default=0)  # raised by every change
    current_player: Mapped[int] = mapped_column(Integer)
    scores: Mapped[list[int]] = mapped_column(JSON)
    winners: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # the creator's address (None: made before this was kept); limits open tables per creator
    created_by: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    # may a seat take back its own last move (where the game's rules allow it)?
    undo: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    # the creator's token (hashed), which deletes the table (None: made before it was kept)
    creator_token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # the table that plays this finished one again (same seats and options, a new seed)
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # the time control (None: none; see clocks.py), when the clocks started (every seat
    # taken) and when the time of the seat to decide runs out (None: it never does)
    time_control: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    deadline: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, index=True
    )
    # a game continued from move ``branched_at`` of the table ``branched_from`` starts from
    # ``start_state`` (a state's JSON) instead of the seed's new game
    start_state: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    branched_from: Mapped[str | None] = mapped_column(String(32), nullable=True)
    branched_at: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # a rated table (every seat an account or a bot) updates its players' ratings when it
    # ends; ``rated_done`` once it has (so that a crash between the two is made up for)
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    rated_done: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # may spectators with an account write in the table's chat?
    spectator_chat: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # "human" | "bot"
    agent: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    claimed: Mapped[bool] = mapped_column(Boolean, default=False)
    # why a bot plays this seat of a person now ("resigned", "timed out", "abandoned"), and
    # from how many moves on
    took_over: Mapped[str | None] = mapped_column(String(16), nullable=True)
    took_over_at: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # the account whose seat this is (claimed with its session), if any
    account_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True, index=True
    )


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1, 2, ...
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AccountRow(Base):
    """A player with a name and a password, or a bot (``kind`` "bot", no password, named
    after its agent) so that bots are rated like anyone."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40), unique=True)  # casefolded: "Ann" = "ann"
    kind: Mapped[str] = mapped_column(String(8))  # "person" | "bot"
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class LoginSessionRow(Base):
    """A logged-in session: stored, so it outlives a restart and ends everywhere at once."""

    __tablename__ = "login_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class AttemptRow(Base):
    """Attempts counted against a limit (failed logins per name and per address,
    registrations per address), in fixed windows: stored, so every process counts them."""

    __tablename__ = "attempts"

    key: Mapped[str] = mapped_column(String(120), primary_key=True)
    count: Mapped[int] = mapped_column(Integer)
    window_start: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingRow(Base):
    """An account's (or bot's) OpenSkill rating for one game and player count."""

    __tablename__ = "ratings"

    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    players: Mapped[int] = mapped_column(Integer, primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class RatingChangeRow(Base):
    """A rating after one rated table: the history a player's page plots. Kept when the
    table is deleted (its link then finds nothing)."""

    __tablename__ = "rating_changes"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChatRow(Base):
    """A message written at a table, numbered from 1 per table."""

    __tablename__ = "chat_messages"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: a spectator
    account_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    sender: Mapped[str] = mapped_column(String(40))  # "seat:N" or "account:ID": rate limits
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(String(500))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AnalysisRow(Base):
    """The post-game analysis of one seat of a finished table: the reports of the decisions
    searched so far (an analysis cut short by a stop goes on from them), then the result."""

    __tablename__ = "analyses"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    strength: Mapped[str] = mapped_column(String(16))
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(8), index=True)  # running | done | failed
    total: Mapped[int] = mapped_column(Integer)  # decisions to search
    reports: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(String(200), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


def normalize_url(url: str) -> str:
    """``postgresql://`` and ``postgres://`` mean the psycopg 3 driver."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def make_engine(url: str) -> Engine:
    url = normalize_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA busy_timeout=5000")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


MIGRATION_LOCK = 0x7A696767  # PostgreSQL advisory lock key: "zigg"


def migrate(engine: Engine) -> None:
    """Bring the database schema to the newest Alembic revision.

    On PostgreSQL several server processes may start at once: an advisory lock held for the
    transaction lets one migrate while the others wait, then find nothing left to do.
    """
    config = Config()
    config.set_main_option(
        "script_location", str(resources.files("ziggurat.server") / "migrations")
    )
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def session_factory(engine: Engine) -> sessionmaker:
    return sessionmaker(engine, expire_on_commit=False)
