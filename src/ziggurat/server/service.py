"""Tables as a service: create, join, view, act; persistence, bots and pushes around it.

One :class:`TableService` per server process. The database is the one source of truth: a
table in memory is a cache, brought up to the stored record whenever the stored revision
(raised by every action and every seat change, by any process) differs from it, by applying
the actions stored since (or the moves the notifications of other processes carry), and
rebuilt from the record only when that is not possible. Each change is written with an
optimistic check on that revision, so a change built on a stale cache is retried on fresh
data instead of overwriting another process's change. Each action is checked against the
state and stored with its version check, in a short transaction it shares with the other
tables' actions waiting at that moment (:mod:`.store_batches`), then applied in memory and
pushed to every connected client as that client's own payload. Only the holder of a table's
lock changes its copy in memory.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, TypeVar

import psycopg
from sqlalchemy import bindparam, exists, func, select, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import Session

from ziggurat.agents import AGENT_NAMES
from ziggurat.core.action import Action
from ziggurat.core.api import Game, State
from ziggurat.core.errors import ZigguratError
from ziggurat.core.options import validate_options
from ziggurat.core.registry import game_class, load_game
from ziggurat.core.undo import UNDO, UndoRefused

from . import chat, ratings
from .accounts import Account, Accounts
from .analyses import Analyses
from .bot_moves import BotMoves
from .chat import ChatMessage, Speaker
from .clocks import TimeControl, clock
from .db import ActionRow, SeatRow, TableRow, make_engine, migrate, session_factory, utcnow
from .errors import ApiError, no_such_table
from .hints import Hints
from .live import Answered, LiveTable, Standing, iso, summary_from_rows
from .settings import Settings
from .store_batches import Change, Step, StoreBatches
from .table_cache import TableCache, TableLock

log = logging.getLogger("ziggurat.server")

T = TypeVar("T")

Listener = Callable[[LiveTable, Answered | None], Awaitable[None]]
"""Told of every change of a table; :class:`Answered` names the socket whose client the
change's payload was given to already, if one was."""

# NOTIFY payload: "<table id> <revision> <origin process>", and for an action also
# " <version> <seat> <time> <action>", so that a process following the table takes the move
# from the note itself, with no query, when the note follows on from its copy.
CHANNEL = "ziggurat_tables"
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")  # the whole id: fullmatch ("$" allows a newline)
TABLES, SEATS, ACTIONS = TableRow.__table__, SeatRow.__table__, ActionRow.__table__
ADVANCED_COLUMNS = (
    "version",
    "revision",
    "status",
    "current_player",
    "scores",
    "winners",
    "updated_at",
    "deadline",
)
# The statements of an action, built once: building a statement (its expressions, bind
# parameters and cache key) cost more than running it, and this runs for every move.
ADVANCE_TABLE = (
    TABLES.update()
    .where(
        TABLES.c.id == bindparam("at_table"),
        TABLES.c.version == bindparam("at_version"),
        TABLES.c.revision == bindparam("at_revision"),
    )
    .values({name: bindparam(name) for name in ADVANCED_COLUMNS})
)
CHANGE_TABLE = (
    TABLES.update()
    .where(TABLES.c.id == bindparam("at_table"), TABLES.c.revision == bindparam("at_revision"))
    .values(
        {
            name: bindparam(name)
            for name in ("status", "revision", "updated_at", "started_at", "deadline")
        }
    )
)
CLAIM_SEAT = (
    SEATS.update()
    .where(SEATS.c.table_id == bindparam("at_table"), SEATS.c.seat == bindparam("at_seat"))
    .values(claimed=True)
)
APPEND_ACTION = ACTIONS.insert()
NOTIFY = text("SELECT pg_notify(:channel, :payload)")
TAKEOVER_AGENT = "greedy"
"""The bot that plays on for a person who resigns: it answers in milliseconds, so the others
finish without waiting on the bot workers."""
DELETE_TABLE = TABLES.delete().where(
    TABLES.c.id == bindparam("at_table"), TABLES.c.revision == bindparam("at_revision")
)
GAME_CACHE_SIZE = 32  # built games kept for reuse (distinct valid option sets; tables keep theirs)
OPEN_TABLES_COUNTED_FOR = timedelta(days=1)  # an older open table no longer counts
CLOCKS_PER_LOOK = 100  # tables whose time ran out taken over per look at the clocks
SWEEP_INTERVAL = 600.0  # seconds between two sweeps of expired sessions and old attempts


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def invite_url(table_id: str, seat: int, token: str) -> str:
    return f"/table/{table_id}?seat={seat}&token={token}"


@dataclass(frozen=True, slots=True)
class StoredMove:
    """An action as stored, as a notification carries it to the other processes."""

    number: int
    seat: int
    action: str
    at: datetime


@dataclass(frozen=True, slots=True)
class Note:
    """One notification of another process's change (see :data:`CHANNEL`)."""

    table: str
    revision: int
    origin: str
    move: StoredMove | None

    @classmethod
    def parse(cls, payload: str) -> Note | None:
        """The note, or None for one this version cannot read (it is then ignored; the
        table is caught up from the database by the next note or request)."""
        parts = payload.split(" ", 6)
        try:
            move = None
            if len(parts) == 7:
                number, seat, at, action = parts[3:]
                move = StoredMove(int(number), int(seat), action, datetime.fromisoformat(at))
            elif len(parts) != 3:
                return None
            return cls(parts[0], int(parts[1]), parts[2], move)
        except ValueError:
            return None


@dataclass(frozen=True, slots=True)
class Branch:
    """A game continued from move ``move`` of table ``table``: it starts from ``state``,
    that position with what nobody had seen dealt afresh from ``seed``."""

    table: str
    move: int
    seed: int
    state: State


class Conflict(Exception):
    """Another process changed the table between our read and our write: read and retry."""


class TableService:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.engine: Engine = make_engine(settings.database_url)
        self.sessions = session_factory(self.engine)
        self.tables = TableCache(settings.tables_in_memory)  # the app says which are watched
        self.games: dict[str, Game] = {}
        self.listeners: list[Listener] = []
        self.bots = BotMoves(self)
        self.hints = Hints(self)
        self.analyses = Analyses(self)
        self.origin = secrets.token_hex(6)  # tells this process's notifications from others'
        # SQLite lets one writer in at a time and makes the others sleep and retry, in steps
        # of up to 100 ms: under load that made seconds of latency. One thread of our own for
        # the database keeps its calls in a queue instead. PostgreSQL takes them in parallel.
        self.database_thread = (
            None if self.postgres else ThreadPoolExecutor(1, thread_name_prefix="sqlite")
        )
        # SQLite: in its one thread; PostgreSQL: a batch at a time in the default executor
        self.store_batches = StoreBatches(self.engine, self.database_thread)
        self.listener: asyncio.Task | None = None
        self.following: dict[str, list[Note]] = {}  # table -> notes not yet taken, while refreshing
        self.refresh_tasks: set[asyncio.Task] = set()
        self.listening = asyncio.Event()
        self.clock_watch: asyncio.Task | None = None
        self.sweeper: asyncio.Task | None = None
        self.resuming: asyncio.Task | None = None  # analyses cut short, going on
        self.accounts = Accounts(
            self.sessions, self.database, settings.session_days, settings.registration_open
        )
        days = settings.abandon_after_days
        self.abandon_after = timedelta(days=days) if days else None

    async def database(self, call: Callable[..., T], *args: Any) -> T:
        """Run a blocking database call off the event loop (see ``database_thread``)."""
        if self.database_thread is None:
            return await asyncio.to_thread(call, *args)
        return await asyncio.get_running_loop().run_in_executor(self.database_thread, call, *args)

    @property
    def database_kind(self) -> str:
        return self.engine.dialect.name

    @property
    def postgres(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        await self.database(migrate, self.engine)
        self.bots.start()
        self.resuming = asyncio.get_running_loop().create_task(self.analyses.resume())
        if self.postgres:
            self.listener = asyncio.get_running_loop().create_task(self._listen())
        self.clock_watch = asyncio.get_running_loop().create_task(self._watch_clocks())
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep_accounts())
        for table_id in await self.database(ratings.pending, self.sessions):
            await self.database(ratings.rate_table, self.sessions, table_id)  # ended, unrated
        for table_id in await self.database(self._running_ids):
            try:
                table = await self.load(table_id)
            except ApiError as exc:  # one damaged record must not keep the others down
                log.error("table %s is not served: %s", table_id, exc.message)
                continue
            self.schedule_bot(table)

    async def stop(self) -> None:
        """Stop listening and the bots (see :meth:`BotMoves.stop`), then the database."""
        for task in (self.clock_watch, self.sweeper):
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        if self.listener is not None:
            tasks = [self.listener, *self.refresh_tasks]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        if self.resuming is not None:
            self.resuming.cancel()
            await asyncio.gather(self.resuming, return_exceptions=True)
        await self.analyses.stop()
        await self.bots.stop()
        await self.store_batches.finish()
        if self.database_thread is not None:
            self.database_thread.shutdown(wait=True)
        self.engine.dispose()

    async def _listen(self) -> None:
        """Follow other server processes' changes (PostgreSQL LISTEN) and push them to this
        process's clients. After a lost connection it reconnects and catches up on every
        table in memory, so nothing that happened meanwhile is missed."""
        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    for table_id in list(self.tables):
                        await self._refresh(table_id)
                    self.listening.set()
                    async for note in conn.notifies():
                        parsed = Note.parse(note.payload)
                        if parsed and parsed.origin != self.origin and parsed.table in self.tables:
                            self._follow(parsed)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("lost the PostgreSQL notification channel; reconnecting")
                self.listening.clear()
                await asyncio.sleep(1.0)

    def _follow(self, note: Note) -> None:
        """Another process changed a table: refresh it in a task of its own, so that one
        busy table never holds up the notifications of the others. Notes that arrive while
        a table is being refreshed are taken together by one more refresh (at most one runs
        per table, and the notes waiting are at most those of one table's recent moves)."""
        waiting = self.following.get(note.table)
        if waiting is not None:
            waiting.append(note)
            return
        self.following[note.table] = [note]
        task = asyncio.get_running_loop().create_task(self._keep_up(note.table))
        self.refresh_tasks.add(task)
        task.add_done_callback(self.refresh_tasks.discard)

    async def _keep_up(self, table_id: str) -> None:
        try:
            while notes := self.following[table_id]:
                self.following[table_id] = []
                await self._refresh(table_id, notes)
        finally:
            del self.following[table_id]

    async def _refresh(self, table_id: str, notes: list[Note] | None = None) -> None:
        """Bring a table another process changed up to date and push it; never lets an error
        escape. With ``notes``: nothing to do if this copy has their revision already; the
        moves they carry are applied as they are when they follow on from this copy, and
        only else is the database asked."""
        try:
            async with self.lock(table_id):
                cached = self.tables.get(table_id)
                before = cached.revision if cached is not None else None
                if cached is not None and notes:
                    if cached.revision >= max(n.revision for n in notes):
                        return
                    if self._apply_notes(cached, notes) or await self._catch_up(cached):
                        table = cached  # the notes said it changed: no need to ask first
                    else:
                        table = await self.load(table_id)
                else:
                    table = await self.load(table_id)
            if table is not cached or table.revision != before:
                await self.notify(table)
        except ApiError as exc:
            cached = self.tables.pop(table_id, None)
            if exc.code == "no_such_table" and cached is not None:  # deleted by another process
                cached.deleted = True
                await self.notify(cached)
            else:
                log.error("could not refresh table %s: %s", table_id, exc.message)
        except Exception:
            log.exception("could not refresh table %s", table_id)

    @staticmethod
    def _apply_notes(table: LiveTable, notes: list[Note]) -> bool:
        """Apply the moves of ``notes`` newer than ``table`` if they follow on from it (each
        one revision and one version on, all legal); False, having changed nothing, if not."""
        newer = sorted((n for n in notes if n.revision > table.revision), key=lambda n: n.revision)
        revision, version = table.revision, table.version
        for note in newer:
            move = note.move
            if move is None or (note.revision, move.number) != (revision + 1, version + 1):
                return False  # a seat changed, or a note is missing: ask the database
            if move.action == UNDO:
                return False  # a take-back: the database's entries are applied instead
            revision, version = note.revision, move.number
        moves: list[tuple[StoredMove, Action, State]] = []
        state = table.state
        try:
            for note in newer:
                assert note.move is not None
                action = table.game.parse_action(state, note.move.action)
                state = state.clone()  # each position kept, should its move be taken back
                state.apply_action(action)
                moves.append((note.move, action, state))
        except ZigguratError:
            return False
        for note, (move, action, after) in zip(newer, moves, strict=True):
            table.advance(move.seat, action, after, move.at)
            table.seats[move.seat].claimed = True  # an action claims its seat
            table.revision = note.revision
        return True

    def _running_ids(self) -> list[str]:
        with self.sessions() as session:
            rows = session.scalars(select(TableRow.id).where(TableRow.status != "finished"))
            return list(rows)

    # ------------------------------------------------------------------ games

    def game(self, name: str, options: dict[str, Any]) -> Game:
        """The game with these options. They are checked against the game's declarations
        before anything is built (only the game's own options are accepted, so a request
        can never reach ``load_game``'s other parameters, such as a data file), and built
        games are shared per distinct valid option set in a small bounded cache."""
        cls = game_class(name)
        valid = validate_options(cls.title, cls.options_declared, options)
        key = name + json.dumps(valid, sort_keys=True)
        game = self.games.get(key)
        if game is None:
            game = load_game(name, **valid)
            if len(self.games) >= GAME_CACHE_SIZE:
                self.games.pop(next(iter(self.games)))  # the oldest; its tables keep theirs
            self.games[key] = game
        else:
            self.games[key] = self.games.pop(key)  # the newest now
        return game

    # ------------------------------------------------------------------ loading

    def lock(self, table_id: str) -> TableLock:
        return self.tables.lock(table_id)

    def _read(
        self, table_id: str, after: int = 0, after_chat: int = 0
    ) -> tuple[TableRow, list[SeatRow], list[ActionRow], list[ChatMessage]] | None:
        """The stored table, its seats, its actions numbered above ``after`` and its chat
        messages numbered above ``after_chat`` (at most the last ``chat.SHOWN``)."""
        with self.sessions() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            seats = list(session.scalars(select(SeatRow).where(SeatRow.table_id == table_id)))
            actions = list(
                session.scalars(
                    select(ActionRow)
                    .where(ActionRow.table_id == table_id, ActionRow.number > after)
                    .order_by(ActionRow.number)
                )
            )
            messages = chat.read(session.connection(), table_id, after_chat)
            return row, seats, actions, messages

    def _stored_revision(self, table_id: str) -> int | None:
        with self.sessions() as session:
            return session.scalar(select(TableRow.revision).where(TableRow.id == table_id))

    async def known(self, table_id: str) -> LiveTable:
        """The table, or 404: checked before anything is kept for an id (locks included).

        A table not in memory is read into a new copy. One in memory is checked against the
        stored revision (so a reader sees a change another process just made) and, if it is
        behind, brought up to date under the table's lock: only a holder of the lock changes
        a copy in place (see :meth:`load`), so a read never interleaves with a move being
        stored."""
        if not TABLE_ID.fullmatch(table_id):
            raise no_such_table(table_id)
        table = self.tables.get(table_id)
        if table is None:
            return await self.load(table_id)
        if await self.database(self._stored_revision, table_id) == table.revision:
            return table
        async with self.lock(table_id):
            return await self.load(table_id)

    async def load(self, table_id: str) -> LiveTable:
        """The table, brought up to the database if memory is behind (or read if it is not
        in memory). The caller holds the table's lock when the table is in memory: the copy
        may be changed in place."""
        if not TABLE_ID.fullmatch(table_id):
            raise no_such_table(table_id)
        table = self.tables.get(table_id)
        if table is not None:
            stored = await self.database(self._stored_revision, table_id)
            if stored == table.revision:
                return table
            if await self._catch_up(table):
                return table
        found = await self.database(self._read, table_id)
        if found is None:
            raise no_such_table(table_id)
        row, seats, actions, messages = found
        try:
            game = self.game(row.game, row.options)
            if game.data_version != row.data_version:
                raise ZigguratError(
                    f"it was played with component data {row.data_version}, but the server "
                    f"has {game.data_version}"
                )
            table = LiveTable.rebuild(game, row, seats, actions)
            table.abandon_after = self.abandon_after
            table.take_chat(messages)
        except (ZigguratError, ApiError) as exc:
            message = exc.message if isinstance(exc, ApiError) else str(exc)
            raise ApiError(
                500, "table_unreadable", f"table {table_id}'s record does not replay: {message}"
            ) from None
        self.tables[table_id] = table
        return table

    async def _catch_up(self, table: LiveTable) -> bool:
        """Bring a table that is behind the database up to it by applying only the actions
        stored since (another process's moves), instead of replaying the whole game: this
        keeps following other processes' changes cheap. False when that is not possible
        (the record is not a continuation of this copy); the caller then rebuilds it."""
        before = (table.version, table.revision)
        found = await self.database(self._read, table.id, table.version, table.chat_count)
        if found is None or (table.version, table.revision) != before:
            return False  # gone, or changed meanwhile (load needs no lock): rebuilt instead
        row, seats, actions, messages = found
        numbers = [a.number for a in actions]
        if row.version != table.version + len(actions) or numbers != list(
            range(table.version + 1, row.version + 1)
        ):
            return False
        try:
            for entry in actions:
                table.apply_stored(entry.seat, entry.action, entry.created_at)
        except ZigguratError:
            self.tables.pop(table.id, None)  # half applied: rebuilt from the record
            return False
        table.update_seats(seats)
        table.take_chat(messages)
        table.started_at = row.started_at  # the last seat taken by another process
        table.revision = row.revision
        table.updated_at = row.updated_at
        return True

    # ------------------------------------------------------------------ create and join

    async def create(
        self,
        game_name: str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        creator: str | None = None,
        undo: bool = True,
        also: Callable[[Session, str], bool] | None = None,
        time_control: TimeControl | None = None,
        branch: Branch | None = None,
        rated: bool = False,
        spectator_chat: bool = False,
        account: Account | None = None,
    ) -> tuple[LiveTable, list[dict[str, Any]], str]:
        """A new table, its invites and its creator's token (which deletes it); ``creator``
        (the client's address) is held to the limits of open and of bot-only tables per
        creator (:meth:`_check_creator_limits`); ``undo``: may a seat take back its own
        last move (where the rules allow it). A seat given with a ``token_hash`` (a rematch:
        never from a request) keeps that token, claimed, and gets no invite. ``also(session,
        new table id)`` runs in the creation's transaction; False from it undoes the creation
        (:class:`Conflict`). ``time_control``: none by default (see :mod:`.clocks`).
        ``branch``: the game continues another from one of its moves (:meth:`branch`).
        ``rated``: its players' ratings change when it ends; asked for by a logged-in
        ``account`` (a rematch of a rated table is rated too), every person's seat is then
        played by an account, each bot sits at it once (:meth:`_check_rated`).
        ``spectator_chat``: may spectators with an account write in its chat?"""
        try:
            game = self.game(game_name, options)
        except ZigguratError as exc:
            raise ApiError(422, "invalid_options", str(exc)) from None
        if len(seats) != game.num_players:
            raise ApiError(
                422,
                "invalid_options",
                f"{len(seats)} seats given for {game.num_players} players: give one per player",
            )
        if rated:
            self._check_rated(seats, account, also is not None)
        # The seed is the server's secret: whoever knows it can compute every stand.
        seed = secrets.randbits(63) if branch is None else branch.seed
        invites: list[dict[str, Any]] = []
        creator_token = secrets.token_urlsafe(18)
        seat_rows: list[SeatRow] = []
        table_id = secrets.token_urlsafe(6)
        for number, spec in enumerate(seats):
            if spec["kind"] == "bot":
                agent = spec.get("agent") or "greedy"
                if agent not in AGENT_NAMES:
                    raise ApiError(
                        422,
                        "invalid_options",
                        f"seats[{number}].agent: {agent!r} is not a bot; the bots are: "
                        + ", ".join(AGENT_NAMES),
                    )
                name = spec.get("name") or f"{agent} bot"
                seat_rows.append(
                    SeatRow(
                        seat=number,
                        kind="bot",
                        agent=agent,
                        name=name,
                        token_hash=None,
                        claimed=True,
                    )
                )
            elif spec.get("token_hash"):
                seat_rows.append(
                    SeatRow(
                        seat=number,
                        kind="human",
                        agent=None,
                        name=spec.get("name") or f"Player {number + 1}",
                        token_hash=spec["token_hash"],
                        claimed=True,
                        account_id=spec.get("account_id"),
                    )
                )
            else:
                token = secrets.token_urlsafe(18)
                name = spec.get("name") or f"Player {number + 1}"
                seat_rows.append(
                    SeatRow(
                        seat=number,
                        kind="human",
                        agent=None,
                        name=name,
                        token_hash=hash_token(token),
                        claimed=False,
                    )
                )
                invites.append(
                    {"seat": number, "token": token, "url": invite_url(table_id, number, token)}
                )
        state = game.new_initial_state(seed=seed) if branch is None else branch.state
        now = utcnow()
        control = time_control or TimeControl()
        running = not invites  # every seat taken: the clocks start now
        started = now if running else None
        clocks = clock(
            control,
            started,
            [],
            state.current_player,
            [r.seat for r in seat_rows if r.kind == "human"],
            len(seat_rows),
            self.abandon_after,
        )
        row = TableRow(
            id=table_id,
            game=game.name,
            options=dict(game.options),
            data_version=game.data_version,
            seed=seed,
            status="running" if running else "open",  # a kept seat is claimed
            version=0,
            revision=0,
            current_player=state.current_player,
            scores=state.shown_scores(None),
            winners=None,
            created_at=now,
            updated_at=now,
            created_by=None if creator is None else creator[:64],
            undo=undo,
            creator_token_hash=hash_token(creator_token),
            time_control=control.stored,
            started_at=started,
            deadline=clocks.deadline,
            start_state=None if branch is None else branch.state.to_json(),
            branched_from=None if branch is None else branch.table,
            branched_at=None if branch is None else branch.move,
            rated=rated,
            rated_done=False,
            spectator_chat=spectator_chat,
        )
        bots_only = all(r.kind == "bot" for r in seat_rows)

        def store() -> None:
            with self.sessions.begin() as session:
                if creator is not None:
                    self._check_creator_limits(session, row.created_by, bots_only)
                session.add(row)
                session.flush()
                for seat_row in seat_rows:
                    seat_row.table_id = table_id
                    session.add(seat_row)
                if also is not None and not also(session, table_id):
                    raise Conflict()  # rolls the creation back

        await self.database(store)
        table = await self.load(table_id)
        self.schedule_bot(table)
        return table, invites, creator_token

    @staticmethod
    def _check_rated(
        seats: list[dict[str, Any]], account: Account | None, rematch: bool
    ) -> None:
        """A rated table is asked for by a logged-in player (or made as a rated table's
        rematch) and seats each bot at most once: a bot is one rated player."""
        if account is None and not rematch:
            raise ApiError(
                401, "login_required", "a rated table is made by a logged-in player: log in first"
            )
        agents = [s.get("agent") or "greedy" for s in seats if s["kind"] == "bot"]
        twice = sorted({a for a in agents if agents.count(a) > 1})
        if twice:
            raise ApiError(
                422,
                "invalid_options",
                f"a rated table seats each bot at most once (it is one rated player): "
                f"{', '.join(twice)} sits twice",
            )

    def _check_creator_limits(self, session: Session, creator: str, bots_only: bool) -> None:
        """One creator may keep only so many tables waiting for players (``open``, made in
        the last day: an abandoned one stops counting) and so many unfinished tables of
        bots only (each one keeps the bot workers busy): 429 names the limit."""
        mine = TableRow.created_by == creator
        if bots_only:
            limit = self.settings.bot_tables_per_creator
            what, advice = "games of bots only running", "wait until one is over"
            humans = exists().where(SeatRow.table_id == TableRow.id, SeatRow.kind == "human")
            counted = (mine, TableRow.status == "running", ~humans)
        else:
            limit = self.settings.open_tables_per_creator
            what, advice = "tables waiting for players", "start or finish one first"
            since = utcnow() - OPEN_TABLES_COUNTED_FOR
            counted = (mine, TableRow.status == "open", TableRow.created_at > since)
        count = session.scalar(select(func.count()).select_from(TableRow).where(*counted))
        if count >= limit:
            raise ApiError(
                429,
                "too_many_tables",
                f"you have {count} {what}, the limit is {limit}: {advice}",
                limit=limit,
            )

    async def join(
        self, table_id: str, seat: int | None, name: str | None, account: Account | None = None
    ) -> dict[str, Any]:
        """Take a free seat (``seat``, or the first free one) and its new token; with a
        session, the seat is tied to the ``account`` and bears its name (a rated table's
        seats are taken only so)."""
        await self.known(table_id)
        for _attempt in range(3):
            async with self.lock(table_id):
                table = await self.load(table_id)
                if seat is not None:
                    self._check_seat_number(table, seat)
                    chosen = table.seats[seat]
                    if chosen.kind != "human" or chosen.claimed:
                        raise ApiError(409, "seat_taken", f"seat {seat} is taken")
                else:
                    free = [s for s in table.seats if s.kind == "human" and not s.claimed]
                    if not free:
                        raise ApiError(409, "no_free_seat", "every seat of this table is taken")
                    chosen = free[0]
                token = secrets.token_urlsafe(18)
                values: dict[str, Any] = {
                    "claimed": True,
                    "token_hash": hash_token(token),
                    "name": (name or chosen.name)[:40],
                }
                values.update(self._tie(table, account))
                try:
                    await self._change_seat(table, chosen.seat, values)
                except Conflict:
                    continue
            await self.notify(table)
            return {
                "seat": chosen.seat,
                "token": token,
                "url": invite_url(table_id, chosen.seat, token),
            }
        raise ApiError(409, "busy", "the table kept changing; try again")

    async def rematch(
        self, table_id: str, token: str | None, account: Account | None = None
    ) -> dict[str, Any]:
        """Play a finished table again: same game, options, undo setting and seats (bots
        stay, each player keeps their seat and its token; a seat a bot took over is a free
        seat again, with an invite), a new secret seed. Asked for by one of its players or
        its creator (their token); the first asking makes it, and later ones get the same
        table. Returns ``{"table", "invites", "creator_token"}`` (the last two only to the
        one who made it); the finished table's summary names it (``rematch``)."""
        table = await self.known(table_id)
        player = account is not None and any(
            s.account_id == account.id and s.kind == "human" for s in table.seats
        )
        if not token and not player:
            raise ApiError(
                401,
                "token_required",
                "a rematch needs the token of a seat or of the creator, or the session of a "
                "player's account",
            )
        if not player:
            assert token is not None
            hashed = hash_token(token)
            holders = [s.token_hash for s in table.seats if s.token_hash]
            holders.append(table.creator_token_hash)
            if not any(h and hmac.compare_digest(h, hashed) for h in holders):
                raise ApiError(403, "wrong_token", "that token is not of this table's players")
        if not table.finished:
            raise ApiError(409, "game_not_over", "a rematch is made once the game is over")
        for _attempt in range(3):
            async with self.lock(table_id):
                table = await self.load(table_id)
                if table.rematch_id is not None:
                    made = await self.known(table.rematch_id)
                    return {"table": made.summary(), "invites": [], "creator_token": None}
                seats: list[dict[str, Any]] = []
                for info in table.seats:
                    if info.kind == "bot" and not info.took_over:
                        seats.append({"kind": "bot", "agent": info.agent, "name": info.name})
                    elif info.took_over:  # a seat a bot took over is free again
                        seats.append({"kind": "human", "name": info.name})
                    else:  # a player keeps the seat, its token and its account
                        seats.append(
                            {
                                "kind": "human",
                                "name": info.name,
                                "token_hash": info.token_hash,
                                "account_id": info.account_id,
                            }
                        )
                revision = table.revision

                def point(session: Session, new_id: str, revision: int = revision) -> bool:
                    """The finished table names its rematch, if nobody changed it meanwhile."""
                    changed = session.execute(
                        TABLES.update()
                        .where(TABLES.c.id == table_id, TABLES.c.revision == revision)
                        .values(rematch_id=new_id, revision=revision + 1)
                    ).rowcount
                    if changed == 1:
                        self._announce(session, table_id, revision + 1)
                    return changed == 1

                try:
                    made, invites, creator_token = await self.create(
                        table.game.name,
                        dict(table.game.options),
                        seats,
                        None,
                        table.undo,
                        also=point,
                        time_control=table.time_control,
                        rated=table.rated,
                        spectator_chat=table.spectator_chat,
                    )
                except Conflict:
                    self.tables.pop(table_id, None)
                    continue
                table.rematch_id = made.id
                table.revision = revision + 1
            await self.notify(table)
            return {"table": made.summary(), "invites": invites, "creator_token": creator_token}
        raise ApiError(409, "busy", "the table kept changing; try again")

    async def branch(self, table_id: str, move: int, creator: str | None) -> dict[str, Any]:
        """Continue a finished game from ``move`` moves in at a new table: the same game,
        options, undo setting, time control and seats (bots stay; each person's seat is a
        free seat with a new invite, a seat a bot took over included), from that position
        with everything nobody at the table had seen then (the draw piles' order, the bags,
        the state's generator) dealt afresh from a new secret seed: everyone watched the
        rest of the game, so its draws must not come again. Anybody may ask (the finished
        record is public), held to the creator's limits as for a new table. Returns
        ``{"table", "invites", "creator_token"}``."""
        table = await self.known(table_id)
        if not table.finished:
            raise ApiError(
                409,
                "game_not_over",
                "a game is continued from one of its moves once it is over (its replay then "
                "shows every move)",
            )
        last = len(table.log) - 1
        if move > last:
            raise ApiError(
                400,
                "bad_request",
                f"move: {move} is past the last position a game can go on from (0 to {last}: "
                f"after move {last + 1} the game is over)",
            )
        seed = secrets.randbits(63)
        async with self.lock(table_id):
            table = await self.load(table_id)
            start = table.position(move).reshuffled(seed)
        seats: list[dict[str, Any]] = []
        for info in table.seats:
            if info.kind == "bot" and not info.took_over:
                seats.append({"kind": "bot", "agent": info.agent, "name": info.name})
            else:
                seats.append({"kind": "human", "name": info.name})
        made, invites, creator_token = await self.create(
            table.game.name,
            dict(table.game.options),
            seats,
            creator,
            table.undo,
            time_control=table.time_control,
            branch=Branch(table_id, move, seed, start),
            spectator_chat=table.spectator_chat,
        )
        log.info("table %s continues table %s from move %s", made.id, table_id, move)
        return {"table": made.summary(), "invites": invites, "creator_token": creator_token}

    async def resign(
        self, table_id: str, seat: int, token: str | None, account: Account | None = None
    ) -> dict[str, Any]:
        """``seat``'s player resigns: a bot (:data:`TAKEOVER_AGENT`) plays the seat from now
        on, named as such, so that the others can finish; the seat's token no longer opens
        it. Returns the table's summary."""
        await self.known(table_id)
        for _attempt in range(3):
            async with self.lock(table_id):
                table = await self.load(table_id)
                self.check_token(table, seat, token, account)
                if table.finished:
                    raise ApiError(409, "game_over", "the game is over")
                values = {
                    "kind": "bot",
                    "agent": TAKEOVER_AGENT,
                    "token_hash": None,
                    "claimed": True,
                    "took_over": "resigned",
                    "took_over_at": len(table.log),
                }
                try:
                    await self._change_seat(table, seat, values)
                except Conflict:
                    continue
            log.info("table %s: seat %s resigned, a bot plays on", table_id, seat)
            await self.after_change(table)
            return table.summary()
        raise ApiError(409, "busy", "the table kept changing; try again")

    async def delete(self, table_id: str, token: str | None) -> None:
        """Delete a table that never started (no move made) or is over, with its creator's
        token; every socket on it is told and closed, in every server process."""
        await self.known(table_id)
        for _attempt in range(3):
            async with self.lock(table_id):
                table = await self.load(table_id)
                if not token:
                    raise ApiError(
                        401,
                        "token_required",
                        "deleting a table needs its creator's token (given when it was created)",
                    )
                stored = table.creator_token_hash
                if stored is None or not hmac.compare_digest(stored, hash_token(token)):
                    raise ApiError(403, "wrong_token", "that token is not this table's creator's")
                if not (table.finished or table.version == 0):
                    raise ApiError(
                        409,
                        "table_running",
                        "the game is under way: a table can be deleted before its first move "
                        "or once it is over",
                    )
                removed = await self.database(self._remove, table_id, table.revision)
                self.tables.pop(table_id, None)
                if not removed:
                    continue  # changed meanwhile by another process: look again
                table.deleted = True
            log.info("table %s deleted by its creator", table_id)
            await self.notify(table)
            return
        raise ApiError(409, "busy", "the table kept changing; try again")

    def _remove(self, table_id: str, revision: int) -> bool:
        """Delete the table's rows (its seats and actions go with it), if it is still at
        ``revision``; PostgreSQL tells the other processes."""
        with self.engine.begin() as connection:
            guard = {"at_table": table_id, "at_revision": revision}
            if connection.execute(DELETE_TABLE, guard).rowcount != 1:
                return False
            self._announce(connection, table_id, revision + 1)
            return True

    async def _change_seat(self, table: LiveTable, seat: int, values: dict[str, Any]) -> None:
        """Store a seat change (``values`` of :class:`SeatRow`'s columns, which are
        :class:`SeatInfo`'s fields too), guarded by the revision, then make it in memory."""
        info = table.seats[seat]
        before = {name: getattr(info, name) for name in values}
        for name, value in values.items():
            setattr(info, name, value)
        now = utcnow()
        status = table.status  # with this seat changed
        started = table.started_at
        if started is None and status == "running":
            started = now  # the last seat taken: the clocks start
        deadline = table.clock(started=started).deadline
        for name, value in before.items():
            setattr(info, name, value)
        revision = table.revision

        def store() -> int | None:
            """Core statements, as for an action: through the ORM's session the claims
            that every new table's seats make took a twentieth of the server's time."""
            with self.engine.begin() as connection:
                guard = {"at_table": table.id, "at_revision": revision}
                changed = {
                    "status": status,
                    "revision": revision + 1,
                    "updated_at": now,
                    "started_at": started,
                    "deadline": deadline,
                }
                if connection.execute(CHANGE_TABLE, {**guard, **changed}).rowcount != 1:
                    return None
                connection.execute(
                    SEATS.update()
                    .where(SEATS.c.table_id == table.id, SEATS.c.seat == seat)
                    .values(**values)
                )
                self._announce(connection, table.id, revision + 1)
                return revision + 1

        new_revision = await self.database(store)
        if new_revision is None:
            self.tables.pop(table.id, None)
            raise Conflict()
        for name, value in values.items():
            setattr(info, name, value)
        table.revision = new_revision
        table.started_at = started

    def _announce(
        self,
        session: Session | Connection,
        table_id: str,
        revision: int,
        move: StoredMove | None = None,
    ) -> None:
        """PostgreSQL: NOTIFY the other server processes when this transaction commits."""
        note = self._note(table_id, revision, move)
        if note is not None:
            session.execute(*note)

    def _note(self, table_id: str, revision: int, move: StoredMove | None = None) -> Step | None:
        """PostgreSQL: the NOTIFY of a change (see :data:`CHANNEL`); None on SQLite."""
        if not self.postgres:
            return None
        payload = f"{table_id} {revision} {self.origin}"
        if move is not None:
            payload += f" {move.number} {move.seat} {move.at.isoformat()} {move.action}"
        return NOTIFY, {"channel": CHANNEL, "payload": payload}

    # ------------------------------------------------------------------ chat

    async def chat(
        self,
        table_id: str,
        seat: int | None,
        token: str | None,
        account: Account | None,
        text_: str,
    ) -> dict[str, Any]:
        """Store a message at the table and push it to every viewer; the message as stored.
        ``seat``: written as that seat (its token, or its account's session); None: as the
        session's account, at its seat if it holds one, else as a spectator (where the table
        lets spectators write)."""
        words = chat.clean_text(text_)
        await self.known(table_id)
        for _attempt in range(3):
            async with self.lock(table_id):
                table = await self.load(table_id)
                speaker = self._speaker(table, seat, token, account)
                message = await self.database(
                    self._store_chat, table.id, table.revision, speaker, words
                )
                if message is None:
                    self.tables.pop(table_id, None)  # changed by another process: read again
                    continue
                table.take_chat([message])
                table.revision += 1
            await self.notify(table)
            return message.public()
        raise ApiError(409, "busy", "the table kept changing; try again")

    def _speaker(
        self, table: LiveTable, seat: int | None, token: str | None, account: Account | None
    ) -> Speaker:
        if seat is not None:
            self.check_token(table, seat, token, account)
            info = table.seats[seat]
            return Speaker(seat, info.name, f"seat:{seat}", info.account_id)
        if account is None:
            raise ApiError(
                401,
                "login_required",
                "give the seat you write as (with its token), or log in to write as yourself",
            )
        for info in table.seats:
            if info.account_id == account.id and info.kind == "human":
                return Speaker(info.seat, info.name, f"seat:{info.seat}", account.id)
        if not table.spectator_chat:
            raise ApiError(
                403, "spectators_silent", "at this table only the players write in the chat"
            )
        return Speaker(None, account.name, f"account:{account.id}", account.id)

    def _store_chat(
        self, table_id: str, revision: int, speaker: Speaker, words: str
    ) -> ChatMessage | None:
        with self.engine.begin() as connection:
            message = chat.store(connection, table_id, revision, speaker, words, utcnow())
            if message is not None:
                self._announce(connection, table_id, revision + 1)
            return message

    # ------------------------------------------------------------------ accounts

    async def my_tables(self, account: Account) -> list[dict[str, Any]]:
        """The account's tables not yet over where it still plays a seat, newest first,
        each with ``my_seats``."""

        def read() -> list[dict[str, Any]]:
            with self.sessions() as session:
                mine = select(SeatRow.table_id).where(
                    SeatRow.account_id == account.id, SeatRow.kind == "human"
                )  # a seat a bot took over is no longer the player's
                rows = list(
                    session.scalars(
                        select(TableRow)
                        .where(TableRow.id.in_(mine), TableRow.status != "finished")
                        .order_by(TableRow.updated_at.desc())
                        .limit(200)
                    )
                )
                seats: dict[str, list[SeatRow]] = {row.id: [] for row in rows}
                if rows:
                    for seat in session.scalars(
                        select(SeatRow).where(SeatRow.table_id.in_(list(seats)))
                    ):
                        seats[seat.table_id].append(seat)
                out = []
                for row in rows:
                    summary = summary_from_rows(row, seats[row.id])
                    summary["my_seats"] = sorted(
                        s.seat
                        for s in seats[row.id]
                        if s.account_id == account.id and s.kind == "human"
                    )
                    out.append(summary)
                return out

        return await self.database(read)

    async def _sweep_accounts(self) -> None:
        """Now and then, forget expired sessions and the attempts of closed windows."""
        while True:
            try:
                await self.accounts.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("could not sweep the sessions")
            await asyncio.sleep(SWEEP_INTERVAL)

    # ------------------------------------------------------------------ clocks

    async def _watch_clocks(self) -> None:
        """Hand to a bot every seat whose time ran out (see :mod:`.clocks`), looking every
        ``clock_check_interval`` seconds. The moments are stored, so this finds the seats
        whose time ran out while no server ran, and with several processes each looks: the
        take-over is a seat change guarded by the revision, made once."""
        while True:
            await asyncio.sleep(self.settings.clock_check_interval)
            try:
                for table_id in await self.database(self._past_deadline, utcnow()):
                    await self.time_out(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("could not look at the clocks")

    def _past_deadline(self, now: datetime) -> list[str]:
        with self.sessions() as session:
            query = (
                select(TableRow.id)
                .where(TableRow.status == "running", TableRow.deadline <= now)
                .order_by(TableRow.deadline)
                .limit(CLOCKS_PER_LOOK)
            )
            return list(session.scalars(query))

    async def time_out(self, table_id: str) -> None:
        """The seat to decide at ``table_id`` ran out of time, as stored: if the record says
        so too, a bot plays it from now on ("timed out", or "abandoned" on a table without a
        clock), as for a resignation; if not (the stored moment was out of date), the stored
        moment is put right."""
        for _attempt in range(3):
            async with self.lock(table_id):
                try:
                    table = await self.load(table_id)
                except ApiError as exc:
                    if exc.code != "no_such_table":
                        log.error("table %s: its clock is not served: %s", table_id, exc.message)
                        await self.database(self._set_deadline, table_id, None)
                    return
                clocks = table.clock()
                seat = clocks.running
                if seat is None or clocks.deadline is None or clocks.deadline > utcnow():
                    await self.database(self._set_deadline, table_id, clocks.deadline)
                    return
                why = table.time_control.why_out
                values = {
                    "kind": "bot",
                    "agent": TAKEOVER_AGENT,
                    "token_hash": None,
                    "claimed": True,
                    "took_over": why,
                    "took_over_at": len(table.log),
                }
                try:
                    await self._change_seat(table, seat, values)
                except Conflict:
                    continue
            log.info("table %s: seat %s %s, a bot plays on", table_id, seat, why)
            await self.after_change(table)
            return

    def _set_deadline(self, table_id: str, deadline: datetime | None) -> None:
        with self.engine.begin() as connection:
            connection.execute(
                TABLES.update().where(TABLES.c.id == table_id).values(deadline=deadline)
            )

    @staticmethod
    def _check_clock(table: LiveTable, seat: int) -> None:
        """A seat whose time ran out decides nothing more (a bot is about to take it over)."""
        clocks = table.clock()
        if clocks.running == seat and clocks.deadline is not None and clocks.deadline <= utcnow():
            raise ApiError(
                409,
                "out_of_time",
                f"seat {seat}'s time ran out at {iso(clocks.deadline)}: a bot plays the seat now",
            )

    # ------------------------------------------------------------------ seats and tokens

    @staticmethod
    def _check_seat_number(table: LiveTable, seat: int) -> None:
        if not 0 <= seat < len(table.seats):
            raise ApiError(
                404,
                "no_such_seat",
                f"seat {seat} is not a seat of this table (0..{len(table.seats) - 1})",
            )

    @staticmethod
    def check_token(
        table: LiveTable, seat: int, token: str | None, account: Account | None = None
    ) -> None:
        """Only the seat's own token, or the session of the account the seat is tied to,
        acts or sees for it. A rated table's seat not yet tied to an account is taken only
        with a session (:meth:`_claim` ties it)."""
        TableService._check_seat_number(table, seat)
        info = table.seats[seat]
        if info.kind != "human":
            raise ApiError(403, "wrong_token", f"seat {seat} is played by a bot")
        if account is not None and info.account_id == account.id:
            return
        if not token:
            if account is not None and info.account_id is not None:
                raise ApiError(403, "wrong_token", f"seat {seat} is another account's")
            raise ApiError(
                401,
                "token_required",
                f"seat {seat} needs its token (from its invite link), or the session of the "
                "account it belongs to",
            )
        if info.token_hash is None or not hmac.compare_digest(info.token_hash, hash_token(token)):
            raise ApiError(403, "wrong_token", f"that token is not seat {seat}'s")
        if table.rated and info.account_id is None and account is None:
            raise ApiError(
                401,
                "login_required",
                "a rated table is played by accounts: log in, then open the invite again",
            )

    @staticmethod
    def _tie(table: LiveTable, account: Account | None) -> dict[str, Any]:
        """The seat's values that tie it to ``account`` (none without one): its id and its
        name. At a rated table an account holds one seat at most."""
        if account is None or account.kind != "person":
            if table.rated:
                raise ApiError(
                    401,
                    "login_required",
                    "a rated table is played by accounts: log in, then take the seat",
                )
            return {}
        if table.rated:
            for info in table.seats:
                if info.account_id == account.id:
                    raise ApiError(
                        409,
                        "already_seated",
                        f"you play seat {info.seat} of this rated table already: one account "
                        "plays one seat of a rated table",
                    )
        return {"account_id": account.id, "name": account.name}

    async def _claim(self, table: LiveTable, seat: int, account: Account | None) -> bool:
        """The first use of a seat (its token checked; the caller holds the lock) claims it;
        with a session it ties the seat to the account, if the seat is nobody's yet.
        Returns whether the seat changed (the table then did)."""
        info = table.seats[seat]
        values: dict[str, Any] = {}
        if not info.claimed:
            values["claimed"] = True
        if account is not None and info.account_id is None and account.kind == "person":
            values.update(self._tie(table, account))
        if not values:
            return False
        await self._change_seat(table, seat, values)
        return True

    async def _authorize(
        self, table: LiveTable, seat: int, token: str | None, account: Account | None = None
    ) -> bool:
        """Check the token or session (the caller holds the lock); the first use claims the
        seat (:meth:`_claim`). Returns whether the seat changed now."""
        self.check_token(table, seat, token, account)
        return await self._claim(table, seat, account)

    # ------------------------------------------------------------------ views

    async def payload(
        self,
        table_id: str,
        seat: int | None,
        token: str | None,
        account: Account | None = None,
    ) -> tuple[LiveTable, str]:
        """The table and what ``seat`` (None: a spectator) may see of it (JSON), checked
        under the table's lock so that no token is honoured while it is being replaced."""
        if table_id not in self.tables:
            await self.known(table_id)
        for _attempt in range(3):
            claimed = False
            async with self.lock(table_id):
                table = await self.load(table_id)
                if seat is not None:
                    try:
                        claimed = await self._authorize(table, seat, token, account)
                    except Conflict:
                        continue
                payload = table.payload_json(seat)
            if claimed:
                await self.notify(table)
            return table, payload
        raise ApiError(409, "busy", "the table kept changing; try again")

    async def record(self, table_id: str) -> dict[str, Any]:
        """The game record, every stored entry in it (moves taken back too), once the game
        is over (nothing is stored after the end, so the entries read are the last)."""
        table = await self.known(table_id)
        if not table.finished:
            raise ApiError(
                403,
                "record_hidden",
                "the record holds the seed, which tells every secret: it is available when the "
                "game is over",
            )
        found = await self.database(self._read, table_id)
        if found is None:
            raise no_such_table(table_id)
        return table.record(found[2]).to_json()

    async def replay(
        self,
        table_id: str,
        move: int | None,
        seat: int | None,
        token: str | None,
        account: Account | None = None,
    ) -> str:
        """What ``seat`` (None: a spectator) saw after ``move`` moves (None: all so far), as
        JSON (see :meth:`LiveTable.replay_json`). A finished game may be replayed by anybody
        as any seat; a running one only by its players, each as its own seat (with its
        token), up to now: what that seat saw then, which it has seen already."""
        table = await self.known(table_id)
        if seat is not None:
            self._check_seat_number(table, seat)
        if not table.finished:
            if seat is None:
                raise ApiError(
                    403,
                    "replay_hidden",
                    "a running game is replayed only by its players, each as its own seat: "
                    "give the seat and its token",
                )
            self.check_token(table, seat, token, account)
        moves = len(table.log)
        if move is None:
            move = moves
        if move > moves:
            raise ApiError(400, "bad_request", f"move: {move} is past the last move (0 to {moves})")
        return table.replay_json(move, seat)

    async def list_tables(self, status: str | None) -> list[dict[str, Any]]:
        """Summaries straight from the stored rows: listing loads no game into memory."""

        def read() -> list[dict[str, Any]]:
            with self.sessions() as session:
                query = select(TableRow).order_by(TableRow.created_at.desc()).limit(200)
                if status is not None:
                    query = query.where(TableRow.status == status)
                rows = list(session.scalars(query))
                seats: dict[str, list[SeatRow]] = {row.id: [] for row in rows}
                if rows:
                    for seat in session.scalars(
                        select(SeatRow).where(SeatRow.table_id.in_(list(seats)))
                    ):
                        seats[seat.table_id].append(seat)
                return [summary_from_rows(row, seats[row.id]) for row in rows]

        return await self.database(read)

    # ------------------------------------------------------------------ acting

    async def act(
        self,
        table_id: str,
        seat: int,
        token: str | None,
        text_: str,
        version: int,
        socket: str | None = None,
        account: Account | None = None,
    ) -> str:
        """Store one action of ``seat``; the seat's payload after it (JSON). ``socket``
        names the client's own socket, which is then not pushed this same payload."""

        async def store(table: LiveTable) -> None:
            await self.store_action(table, seat, text_, version)

        return await self._change_as_seat(table_id, seat, token, socket, store, account)

    async def undo(
        self,
        table_id: str,
        seat: int,
        token: str | None,
        version: int,
        socket: str | None = None,
        account: Account | None = None,
    ) -> str:
        """Take back ``seat``'s last move (see :meth:`store_undo`); the seat's payload after
        it (JSON), as for an action."""

        async def store(table: LiveTable) -> None:
            await self.store_undo(table, seat, version)

        return await self._change_as_seat(table_id, seat, token, socket, store, account)

    async def _change_as_seat(
        self,
        table_id: str,
        seat: int,
        token: str | None,
        socket: str | None,
        store: Callable[[LiveTable], Awaitable[None]],
        account: Account | None = None,
    ) -> str:
        """Check ``seat``'s token, then ``store`` its change, under the table's lock.

        The first try works on the table as this process has it, without reading the
        stored revision: the store is guarded by that revision anyway, so a copy that is
        behind only costs a retry on fresh data. A refusal made on that copy is checked again
        on fresh data before it is answered (the copy may have been behind)."""
        if table_id not in self.tables:
            await self.known(table_id)
        for attempt in range(3):
            async with self.lock(table_id):
                table = self.tables.get(table_id) if attempt == 0 else None
                verified = table is None
                if table is None:
                    table = await self.load(table_id)
                try:
                    # the token's first use claims the seat, but only with a stored change:
                    # a refused one leaves the invite unused
                    self.check_token(table, seat, token, account)
                    if account is not None and table.seats[seat].account_id is None:
                        await self._claim(table, seat, account)  # ties the seat first
                    await store(table)
                except Conflict:
                    continue
                except ApiError:
                    if verified:
                        raise
                    continue  # refused on a copy that may be behind: ask the database
                payload = table.payload_json(seat)
                answered = None if socket is None else Answered(seat, socket, table.revision)
            await self.after_change(table, answered)
            return payload
        raise ApiError(409, "busy", "the table kept changing; try again")

    @staticmethod
    def _check_version(table: LiveTable, version: int) -> None:
        if version != table.version:
            raise ApiError(
                409,
                "stale_version",
                f"the change was made on version {version}, but the table is at version "
                f"{table.version}: look at the new position first",
                version=table.version,
            )
        if table.finished:
            raise ApiError(409, "game_over", "the game is over")

    async def store_action(
        self, table: LiveTable, seat: int, action_text: str, version: int
    ) -> None:
        """Check and store one action; the caller holds the table's lock."""
        self._check_version(table, version)
        self._check_clock(table, seat)
        state = table.state
        if state.current_player != seat:
            raise ApiError(
                409,
                "not_your_turn",
                f"it is seat {state.current_player}'s turn, not seat {seat}'s",
                current_player=state.current_player,
            )
        try:
            action = table.game.parse_action(state, action_text)
            trial = state.clone()
            trial.apply_action(action)
        except ZigguratError as exc:
            raise ApiError(422, "illegal_action", str(exc)) from None
        now = await self._store_entry(table, seat, str(action), trial)
        table.advance(seat, action, trial, now)
        entry = table.log[-1]
        if log.isEnabledFor(logging.INFO):  # worded only for a log that is kept
            for event in table.events_for(entry, None):
                log.info("table %s, move %s: %s", table.id, entry.number, event["text"])

    async def store_undo(self, table: LiveTable, seat: int, version: int) -> None:
        """Check and store ``seat``'s take-back of its last move; the caller holds the
        table's lock. Stored as an entry of its own (:data:`UNDO`), so the record keeps the
        move taken back and replays to exactly this position."""
        self._check_version(table, version)
        self._check_clock(table, seat)
        if not table.undo:
            raise ApiError(
                409, "undo_off", "this table does not let moves be taken back (a table setting)"
            )
        try:
            before = table.check_undo(seat)
        except UndoRefused as exc:
            raise ApiError(409, "cannot_undo", str(exc)) from None
        now = await self._store_entry(table, seat, UNDO, before)
        table.take_back(now, before)
        log.info("table %s: seat %s took back its last move", table.id, seat)

    async def _store_entry(self, table: LiveTable, seat: int, text_: str, after: State) -> datetime:
        """Store one entry of ``seat`` (a move's notation, or :data:`UNDO`) that leads to
        ``after``, guarded by the table's version and revision; the caller holds the lock
        and makes the change in memory once this returns (the time it was stored). Raises
        :class:`Conflict`, having written nothing, if the table is no longer at the revision
        the entry was made on."""
        now = utcnow()
        version, revision = table.version, table.revision
        new_version = version + 1
        claim = not table.seats[seat].claimed
        if text_ == UNDO:
            standing = Standing(table.log, drop_last=True)
        else:
            standing = Standing(table.log, (seat, now))
        values = {
            "version": new_version,
            "revision": revision + 1,
            "status": "finished" if after.is_terminal() else "running",
            "current_player": after.current_player,
            "scores": after.shown_scores(None),
            "winners": after.winners() if after.is_terminal() else None,
            "updated_at": now,
            "deadline": table.clock(standing, after).deadline,
        }

        move = StoredMove(new_version, seat, text_, now)
        guard = {"at_table": table.id, "at_version": version, "at_revision": revision}
        steps: list[Step] = []
        if claim:
            steps.append((CLAIM_SEAT, {"at_table": table.id, "at_seat": seat}))
        row = {"table_id": table.id, "number": new_version, "seat": seat, "created_at": now}
        steps.append((APPEND_ACTION, {**row, "action": move.action}))
        note = self._note(table.id, revision + 1, move)
        if note is not None:
            steps.append(note)
        # Core statements (no ORM unit of work), stored with the other tables' actions
        # waiting (see :mod:`.store_batches`); refused, having written nothing, if the
        # table is no longer at the revision this entry was made on
        change = Change((ADVANCE_TABLE, {**guard, **values}), tuple(steps))
        if not await self.store_batches.store(table.id, change):
            self.tables.pop(table.id, None)  # another process changed the table: read again
            raise Conflict()
        table.seats[seat].claimed = True
        table.revision = revision + 1
        return now

    async def after_change(self, table: LiveTable, answered: Answered | None = None) -> None:
        if table.rated and table.finished:  # rated once, whoever asks again (ratings.rate)
            await self.database(ratings.rate_table, self.sessions, table.id)
        await self.notify(table, answered)
        self.schedule_bot(table)

    async def notify(self, table: LiveTable, answered: Answered | None = None) -> None:
        for listener in self.listeners:
            await listener(table, answered)

    def schedule_bot(self, table: LiveTable) -> None:
        """Let the table's bot move if a bot is to move (see :class:`BotMoves`)."""
        self.bots.schedule(table)
