"""Accounts and sessions: register, log in and out, and who a session is.

Passwords are hashed with Argon2id (argon2-cffi's defaults, the RFC 9106 low-memory
profile); only the hash is stored and no answer ever carries it. A session is a random token
given once, when it is made; the database keeps its SHA-256 (as for seat tokens), so it
outlives a restart, ends on every server process at once when its player logs out, and a
copy of the database opens no session.

Logins are limited per name and per client address (:mod:`.attempts`): failed attempts are
counted, and past the limit every attempt is refused with 429 and the seconds to wait, before
any password is looked at. A refused login says only that the name or the password is wrong
(an unknown name costs the same hashing as a wrong password, so timing does not tell them
apart either), and changes nothing but those counts. Hashing runs in threads, at most
:data:`HASHING_AT_ONCE` at a time: each one takes 64 MiB for a moment, and a flood of logins
must not take the server's memory.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from ziggurat.agents import AGENT_NAMES

from . import attempts
from .attempts import Limit
from .db import AccountRow, LoginSessionRow, utcnow
from .errors import ApiError

T = TypeVar("T")

NAME_LENGTH = (1, 30)
PASSWORD_LENGTH = (8, 128)
NAME_PATTERN = re.compile(r"[\w.\-]+(?: [\w.\-]+)*")  # words joined by single spaces
"""A name: letters (any script), digits, ``_ . -``, words joined by single spaces."""

LOGINS_PER_NAME = Limit(5, timedelta(minutes=15), "failed logins for this name")
LOGINS_PER_ADDRESS = Limit(30, timedelta(minutes=15), "failed logins from your address")
REGISTRATIONS_PER_ADDRESS = Limit(10, timedelta(hours=1), "accounts made from your address")
LONGEST_WINDOW = timedelta(hours=1)
HASHING_AT_ONCE = 2

HASHER = PasswordHasher()
_NOBODY = HASHER.hash(secrets.token_urlsafe(16))  # verified against for an unknown name

WRONG_LOGIN = "the name or the password is wrong"


def hash_session(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def name_key(name: str) -> str:
    """The form names are compared in: "Ann" and "ANN" are one name."""
    return name.casefold()


def reserved(name: str) -> bool:
    """The bots' names ("easy"), and any name a log could take for a bot's ("Ann bot")."""
    key = name_key(name)
    return key in {a.casefold() for a in AGENT_NAMES} or key.endswith((" bot", "(bot)"))


def check_name(name: str) -> None:
    low, high = NAME_LENGTH
    if not low <= len(name) <= high or not NAME_PATTERN.fullmatch(name):
        raise ApiError(
            400,
            "bad_request",
            f"name: {low} to {high} letters, digits, '_', '.' or '-', words joined by single "
            "spaces",
        )


def check_password(password: str) -> None:
    low, high = PASSWORD_LENGTH
    if not low <= len(password) <= high:
        raise ApiError(400, "bad_request", f"password: {low} to {high} characters")


@dataclass(frozen=True, slots=True)
class Account:
    """Who a session is: an account as the other parts of the server use it."""

    id: int
    name: str
    kind: str  # "person" | "bot"
    created_at: datetime

    @classmethod
    def of(cls, row: AccountRow) -> Account:
        created = row.created_at
        if created.tzinfo is None:
            created = created.replace(tzinfo=UTC)
        return cls(row.id, row.name, row.kind, created)

    def public(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "created_at": self.created_at.isoformat()}


class Accounts:
    """The accounts of one server process's database. ``database`` runs a blocking call off
    the event loop (the table service's: SQLite's calls keep to their one thread)."""

    def __init__(
        self,
        sessions: sessionmaker,
        database: Callable[..., Any],
        session_days: float,
        registration_open: bool,
    ) -> None:
        self.sessions = sessions
        self.database = database
        self.session_lifetime = timedelta(days=session_days)
        self.registration_open = registration_open
        self._hashing = asyncio.Semaphore(HASHING_AT_ONCE)

    async def _hash_work(self, call: Callable[..., T], *args: Any) -> T:
        async with self._hashing:
            return await asyncio.to_thread(call, *args)

    # ------------------------------------------------------------------ register

    async def register(self, name: str, password: str, address: str) -> tuple[Account, str]:
        """A new account, logged in: the account and its session's token."""
        if not self.registration_open:
            raise ApiError(
                403,
                "registration_closed",
                "this server makes no new accounts (its operator closed registration)",
            )
        check_name(name)
        check_password(password)
        key = f"register:{address}"
        await self.database(self._check_limits, [(key, REGISTRATIONS_PER_ADDRESS)])
        if reserved(name) or await self.database(self._name_exists, name):
            raise ApiError(409, "name_taken", f"the name {name!r} is taken: choose another")
        hashed = await self._hash_work(HASHER.hash, password)
        token = secrets.token_urlsafe(32)
        account = await self.database(self._store_account, name, hashed, key, token)
        return account, token

    def _check_limits(self, keys: list[tuple[str, Limit]]) -> None:
        with self.sessions() as session:
            attempts.check(session, keys)

    def _name_exists(self, name: str) -> bool:
        with self.sessions() as session:
            found = session.scalar(
                select(AccountRow.id).where(AccountRow.name_key == name_key(name))
            )
            return found is not None

    def _store_account(self, name: str, hashed: str, attempt_key: str, token: str) -> Account:
        now = utcnow()
        try:
            with self.sessions.begin() as session:
                attempts.check(session, [(attempt_key, REGISTRATIONS_PER_ADDRESS)], now)
                row = AccountRow(
                    name=name,
                    name_key=name_key(name),
                    kind="person",
                    password_hash=hashed,
                    created_at=now,
                )
                session.add(row)
                session.flush()  # the name's uniqueness is the database's to keep
                attempts.count(session, attempt_key, REGISTRATIONS_PER_ADDRESS, now)
                self._open_session(session, row.id, token, now)
                return Account.of(row)
        except IntegrityError:
            raise ApiError(
                409, "name_taken", f"the name {name!r} is taken: choose another"
            ) from None

    def _open_session(self, session: Session, account_id: int, token: str, now: datetime) -> None:
        session.add(
            LoginSessionRow(
                token_hash=hash_session(token),
                account_id=account_id,
                created_at=now,
                expires_at=now + self.session_lifetime,
            )
        )

    # ------------------------------------------------------------------ log in and out

    async def login(self, name: str, password: str, address: str) -> tuple[Account, str]:
        """The account and a new session's token, or 401 (wrong name or password) or 429."""
        keys = [
            (f"login-name:{name_key(name)}", LOGINS_PER_NAME),
            (f"login-address:{address}", LOGINS_PER_ADDRESS),
        ]
        await self.database(self._check_limits, keys)
        stored = await self.database(self._password_hash, name)
        right = await self._hash_work(self._verify, stored, password)
        token = secrets.token_urlsafe(32)
        account = await self.database(self._finish_login, name, right, keys, token)
        if account is None:
            raise ApiError(401, "wrong_login", WRONG_LOGIN)
        return account, token

    def _password_hash(self, name: str) -> str | None:
        with self.sessions() as session:
            return session.scalar(
                select(AccountRow.password_hash).where(
                    AccountRow.name_key == name_key(name), AccountRow.kind == "person"
                )
            )

    @staticmethod
    def _verify(stored: str | None, password: str) -> bool:
        try:
            return HASHER.verify(stored or _NOBODY, password) and stored is not None
        except (VerificationError, InvalidHashError):
            return False

    def _finish_login(
        self, name: str, right: bool, keys: list[tuple[str, Limit]], token: str
    ) -> Account | None:
        now = utcnow()
        for _attempt in range(2):  # two first failures of one name at once: one insert loses
            try:
                with self.sessions.begin() as session:
                    if not right:
                        for key, limit in keys:
                            attempts.count(session, key, limit, now)
                        return None
                    row = session.scalar(
                        select(AccountRow).where(AccountRow.name_key == name_key(name))
                    )
                    assert row is not None
                    attempts.forget(session, keys[0][0])
                    session.execute(
                        delete(LoginSessionRow).where(
                            LoginSessionRow.account_id == row.id, LoginSessionRow.expires_at < now
                        )
                    )
                    self._open_session(session, row.id, token, now)
                    return Account.of(row)
            except IntegrityError:
                continue
        return None

    async def logout(self, token: str) -> None:
        await self.database(self._end_session, token)

    def _end_session(self, token: str) -> None:
        with self.sessions.begin() as session:
            session.execute(
                delete(LoginSessionRow).where(LoginSessionRow.token_hash == hash_session(token))
            )

    # ------------------------------------------------------------------ who is asking

    async def by_session(self, token: str) -> Account | None:
        """The account of a session token, or None (unknown, ended or expired)."""
        if not token or len(token) > 100:
            return None
        return await self.database(self._by_session, token)

    def _by_session(self, token: str) -> Account | None:
        with self.sessions() as session:
            row = session.execute(
                select(AccountRow, LoginSessionRow.expires_at)
                .join(LoginSessionRow, LoginSessionRow.account_id == AccountRow.id)
                .where(LoginSessionRow.token_hash == hash_session(token))
            ).first()
            if row is None:
                return None
            account, expires = row
            if expires.tzinfo is None:
                expires = expires.replace(tzinfo=UTC)
            return Account.of(account) if expires > utcnow() else None

    # ------------------------------------------------------------------ housekeeping

    async def sweep(self) -> None:
        """Delete expired sessions and the attempts of closed windows."""
        await self.database(self._sweep)

    def _sweep(self) -> None:
        now = utcnow()
        with self.sessions.begin() as session:
            session.execute(delete(LoginSessionRow).where(LoginSessionRow.expires_at < now))
            attempts.sweep(session, LONGEST_WINDOW, now)


def bot_account(session: Session, agent: str) -> int:
    """The account a bot is rated under (named after its agent), made at its first rating."""
    key = name_key(agent)
    found = session.scalar(select(AccountRow.id).where(AccountRow.name_key == key))
    if found is not None:
        return found
    row = AccountRow(name=agent, name_key=key, kind="bot", password_hash=None, created_at=utcnow())
    session.add(row)
    session.flush()
    return row.id
