"""Tables as a service: create, join, view, act; persistence, bots and pushes around it.

One :class:`TableService` per server process. The database is the one source of truth: a
table in memory is a cache rebuilt from the stored record whenever the stored version is
ahead of it (another process acted, or this one restarted). Each action is checked against
the state and stored in one transaction with the version check, then applied in memory and
pushed to every connected client as that client's own payload.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import psycopg
from sqlalchemy import select, text, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ziggurat.agents import AGENT_NAMES
from ziggurat.core.api import TERMINAL, Game
from ziggurat.core.errors import ZigguratError
from ziggurat.core.registry import load_game
from ziggurat.core.rng import Rng

from . import bots
from .db import ActionRow, SeatRow, TableRow, make_engine, migrate, session_factory, utcnow
from .errors import ApiError, no_such_table
from .live import LiveTable, LogEntry, summary_from_rows
from .settings import Settings

log = logging.getLogger("ziggurat.server")

Listener = Callable[[LiveTable], Awaitable[None]]


CHANNEL = "ziggurat_tables"  # NOTIFY payload: "<table id> <version> <origin process>"


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def invite_url(table_id: str, seat: int, token: str) -> str:
    return f"/table/{table_id}?seat={seat}&token={token}"


class TableService:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.engine: Engine = make_engine(settings.database_url)
        self.sessions = session_factory(self.engine)
        self.tables: dict[str, LiveTable] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.games: dict[str, Game] = {}
        self.listeners: list[Listener] = []
        self.pool = None
        self.bot_tasks: set[asyncio.Task] = set()
        self.origin = secrets.token_hex(6)  # tells this process's notifications from others'
        self.listener: asyncio.Task | None = None
        self.listening = asyncio.Event()

    @property
    def database_kind(self) -> str:
        return (
            "postgresql" if self.engine.dialect.name == "postgresql" else self.engine.dialect.name
        )

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        await asyncio.to_thread(migrate, self.engine)
        self.pool = bots.make_pool(self.settings.bot_workers)
        if self.engine.dialect.name == "postgresql":
            self.listener = asyncio.get_running_loop().create_task(self._listen())
        for table_id in await asyncio.to_thread(self._running_ids):
            table = await self.load(table_id)
            self.schedule_bot(table)

    async def stop(self) -> None:
        for task in [*self.bot_tasks, *([self.listener] if self.listener else [])]:
            task.cancel()
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
        self.engine.dispose()

    async def _listen(self) -> None:
        """Follow other server processes' changes (PostgreSQL LISTEN) and push them to this
        process's clients. Reconnects after a lost connection."""
        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    async for note in conn.notifies():
                        table_id, _version, origin = note.payload.split(" ")
                        if origin != self.origin and table_id in self.tables:
                            await self.notify(await self.load(table_id))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("lost the PostgreSQL notification channel; reconnecting")
                self.listening.clear()
                await asyncio.sleep(1.0)

    def _running_ids(self) -> list[str]:
        with self.sessions() as session:
            rows = session.scalars(select(TableRow.id).where(TableRow.status != "finished"))
            return list(rows)

    # ------------------------------------------------------------------ games

    def game(self, name: str, options: dict[str, Any]) -> Game:
        key = name + json.dumps(options, sort_keys=True)
        game = self.games.get(key)
        if game is None:
            game = self.games[key] = load_game(name, **options)
        return game

    # ------------------------------------------------------------------ loading

    def lock(self, table_id: str) -> asyncio.Lock:
        return self.locks.setdefault(table_id, asyncio.Lock())

    def _read(self, table_id: str) -> tuple[TableRow, list[SeatRow], list[ActionRow]] | None:
        with self.sessions() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            seats = list(session.scalars(select(SeatRow).where(SeatRow.table_id == table_id)))
            actions = list(session.scalars(select(ActionRow).where(ActionRow.table_id == table_id)))
            return row, seats, actions

    def _stored_version(self, table_id: str) -> int | None:
        with self.sessions() as session:
            return session.scalar(select(TableRow.version).where(TableRow.id == table_id))

    async def load(self, table_id: str, fresh: bool = True) -> LiveTable:
        """The table, rebuilt from the database if memory is behind (or it is not loaded)."""
        table = self.tables.get(table_id)
        if table is not None and not fresh:
            return table
        if table is not None:
            stored = await asyncio.to_thread(self._stored_version, table_id)
            if stored == table.version:
                return table
        found = await asyncio.to_thread(self._read, table_id)
        if found is None:
            raise no_such_table(table_id)
        row, seats, actions = found
        game = self.game(row.game, row.options)
        table = LiveTable.rebuild(game, row, seats, actions)
        self.tables[table_id] = table
        return table

    # ------------------------------------------------------------------ create and join

    async def create(
        self, game_name: str, options: dict[str, Any], seats: list[dict[str, Any]], seed: int | None
    ) -> tuple[LiveTable, list[dict[str, Any]]]:
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
        if seed is None:
            seed = secrets.randbits(63)
        invites: list[dict[str, Any]] = []
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
        state = game.new_initial_state(seed=seed)
        now = utcnow()
        row = TableRow(
            id=table_id,
            game=game.name,
            options=dict(game.options),
            data_version=game.data_version,
            seed=seed,
            status="open" if invites else "running",
            version=0,
            current_player=state.current_player,
            scores=state.scores(),
            winners=None,
            created_at=now,
            updated_at=now,
        )

        def store() -> None:
            with self.sessions.begin() as session:
                session.add(row)
                session.flush()
                for seat_row in seat_rows:
                    seat_row.table_id = table_id
                    session.add(seat_row)

        await asyncio.to_thread(store)
        table = await self.load(table_id)
        self.schedule_bot(table)
        return table, invites

    async def join(self, table_id: str, seat: int | None, name: str | None) -> dict[str, Any]:
        async with self.lock(table_id):
            table = await self.load(table_id)
            free = [s for s in table.seats if s.kind == "human" and not s.claimed]
            if seat is not None:
                self._check_seat_number(table, seat)
                chosen = table.seats[seat]
                if chosen.kind != "human" or chosen.claimed:
                    raise ApiError(409, "seat_taken", f"seat {seat} is taken")
            elif not free:
                raise ApiError(409, "no_free_seat", "every seat of this table is taken")
            else:
                chosen = free[0]
            token = secrets.token_urlsafe(18)
            token_hash = hash_token(token)
            new_name = (name or chosen.name)[:40]
            chosen.claimed = True  # so that the stored status counts this seat as taken
            status = table.status

            def store() -> bool:
                with self.sessions.begin() as session:
                    result = session.execute(
                        update(SeatRow)
                        .where(
                            SeatRow.table_id == table_id,
                            SeatRow.seat == chosen.seat,
                            SeatRow.claimed.is_(False),
                        )
                        .values(claimed=True, token_hash=token_hash, name=new_name)
                    )
                    if result.rowcount != 1:
                        return False
                    self._touch(session, table_id, status, table.version)
                    return True

            if not await asyncio.to_thread(store):
                self.tables.pop(table_id, None)  # memory was behind: reload next time
                raise ApiError(409, "seat_taken", f"seat {chosen.seat} is taken")
            chosen.token_hash, chosen.name = token_hash, new_name
        await self.notify(table)
        return {
            "seat": chosen.seat,
            "token": token,
            "url": invite_url(table_id, chosen.seat, token),
        }

    def _touch(self, session: Session, table_id: str, status: str, version: int) -> None:
        """Store a seat change: the table's status and time, and tell other processes."""
        session.execute(
            update(TableRow)
            .where(TableRow.id == table_id)
            .values(status=status, updated_at=utcnow())
        )
        self._announce(session, table_id, version)

    def _announce(self, session: Session, table_id: str, version: int) -> None:
        """PostgreSQL: NOTIFY the other server processes when this transaction commits."""
        if self.engine.dialect.name == "postgresql":
            session.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": f"{table_id} {version} {self.origin}"},
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

    async def authorize(self, table: LiveTable, seat: int, token: str | None) -> None:
        """Only the seat's own token acts or sees for it; first use claims the seat."""
        self._check_seat_number(table, seat)
        info = table.seats[seat]
        if info.kind != "human":
            raise ApiError(403, "wrong_token", f"seat {seat} is played by a bot")
        if not token:
            raise ApiError(
                401, "token_required", f"seat {seat} needs its token (from its invite link)"
            )
        if info.token_hash is None or not hmac.compare_digest(info.token_hash, hash_token(token)):
            raise ApiError(403, "wrong_token", f"that token is not seat {seat}'s")
        if not info.claimed:
            info.claimed = True
            status = table.status

            def store() -> None:
                with self.sessions.begin() as session:
                    session.execute(
                        update(SeatRow)
                        .where(SeatRow.table_id == table.id, SeatRow.seat == seat)
                        .values(claimed=True)
                    )
                    self._touch(session, table.id, status, table.version)

            await asyncio.to_thread(store)
            await self.notify(table)

    # ------------------------------------------------------------------ views

    async def payload(self, table_id: str, seat: int | None, token: str | None) -> dict[str, Any]:
        table = await self.load(table_id)
        if seat is not None:
            await self.authorize(table, seat, token)
        return table.payload(seat)

    async def record(self, table_id: str) -> dict[str, Any]:
        table = await self.load(table_id)
        if not table.finished:
            raise ApiError(
                403,
                "record_hidden",
                "the record holds the seed, which tells every secret: it is available when the "
                "game is over",
            )
        return table.record().to_json()

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

        return await asyncio.to_thread(read)

    # ------------------------------------------------------------------ acting

    async def act(
        self, table_id: str, seat: int, token: str | None, text: str, version: int
    ) -> dict[str, Any]:
        async with self.lock(table_id):
            table = await self.load(table_id)
            await self.authorize(table, seat, token)
            await self._apply(table, seat, text, version)
        await self.after_change(table)
        return table.payload(seat)

    async def _apply(self, table: LiveTable, seat: int, text: str, version: int) -> None:
        """Check and store one action; the caller holds the table's lock."""
        if version != table.version:
            raise ApiError(
                409,
                "stale_version",
                f"the action was made on version {version}, but the table is at version "
                f"{table.version}: look at the new position first",
                version=table.version,
            )
        if table.finished:
            raise ApiError(409, "game_over", "the game is over")
        state = table.state
        if state.current_player != seat:
            raise ApiError(
                409,
                "not_your_turn",
                f"it is seat {state.current_player}'s turn, not seat {seat}'s",
                current_player=state.current_player,
            )
        game = table.game
        try:
            action = game.parse_action(state, text)
            trial = state.clone()
            trial.apply_action(action)
        except ZigguratError as exc:
            raise ApiError(422, "illegal_action", str(exc)) from None
        now = utcnow()
        new_version = version + 1
        status = "finished" if trial.is_terminal() else "running"
        current = trial.current_player
        scores = trial.scores()
        winners = trial.winners() if trial.is_terminal() else None

        def store() -> bool:
            try:
                with self.sessions.begin() as session:
                    result = session.execute(
                        update(TableRow)
                        .where(TableRow.id == table.id, TableRow.version == version)
                        .values(
                            version=new_version,
                            status=status,
                            current_player=current,
                            scores=scores,
                            winners=winners,
                            updated_at=now,
                        )
                    )
                    if result.rowcount != 1:
                        session.rollback()
                        return False
                    session.add(
                        ActionRow(
                            table_id=table.id,
                            number=new_version,
                            seat=seat,
                            action=str(action),
                            created_at=now,
                        )
                    )
                    self._announce(session, table.id, new_version)
                return True
            except IntegrityError:
                return False

        if not await asyncio.to_thread(store):
            self.tables.pop(table.id, None)  # another process moved: reload next time
            raise ApiError(
                409,
                "stale_version",
                "the table changed meanwhile: look at the new position first",
                version=(await self.load(table.id)).version,
            )
        table.state = trial
        table.log.append(LogEntry(new_version, seat, action, scores, now))
        table.updated_at = now

    async def after_change(self, table: LiveTable) -> None:
        await self.notify(table)
        self.schedule_bot(table)

    async def notify(self, table: LiveTable) -> None:
        for listener in self.listeners:
            await listener(table)

    # ------------------------------------------------------------------ bots

    def schedule_bot(self, table: LiveTable) -> None:
        if table.finished or self.pool is None:
            return
        seat = table.state.current_player
        if seat == TERMINAL or table.seats[seat].kind != "bot":
            return
        task = asyncio.get_running_loop().create_task(self._bot_move(table.id, table.version))
        self.bot_tasks.add(task)
        task.add_done_callback(self.bot_tasks.discard)

    async def _bot_move(self, table_id: str, version: int) -> None:
        try:
            await asyncio.sleep(self.settings.bot_delay)
            async with self.lock(table_id):
                table = await self.load(table_id)
                if table.version != version or table.finished:
                    return  # somebody moved meanwhile; that move scheduled what follows
                seat = table.state.current_player
                info = table.seats[seat]
                if info.kind != "bot":
                    return
                loop = asyncio.get_running_loop()
                text = await loop.run_in_executor(
                    self.pool,
                    bots.choose_action,
                    table.game.name,
                    dict(table.game.options),
                    table.state.to_json(),
                    seat,
                    info.agent or "greedy",
                    Rng(table.seed ^ (version * 0x9E3779B97F4A7C15)).next64(),
                )
                await self._apply(table, seat, text, version)
            await self.after_change(table)
        except asyncio.CancelledError:
            raise
        except ApiError as exc:  # another process moved first (a stale version): nothing lost
            log.info("bot move at table %s version %s refused: %s", table_id, version, exc)
        except Exception:  # a bot must never take the server down; the table stays as it was
            log.exception("bot move failed at table %s version %s", table_id, version)
