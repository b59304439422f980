"""Server fixtures: the real app on a real database, SQLite and PostgreSQL.

PostgreSQL comes from ``ZIGGURAT_TEST_POSTGRES_URL`` (default: the local server as user
``postgres``, which ``.ci/run`` installs and starts); each test gets a database of its own.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import time
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

import psycopg
import pytest
from fastapi.testclient import TestClient

from ziggurat.server.app import create_app
from ziggurat.server.settings import Settings

T = TypeVar("T")

POSTGRES_ADMIN = os.environ.get(
    "ZIGGURAT_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
)


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'ziggurat.sqlite3'}"
        return
    yield from fresh_postgres_database()


@pytest.fixture
def postgres_url() -> Iterator[str]:
    yield from fresh_postgres_database()


def fresh_postgres_database() -> Iterator[str]:
    name = f"ziggurat_test_{secrets.token_hex(6)}"
    try:
        admin = psycopg.connect(POSTGRES_ADMIN, autocommit=True)
    except psycopg.OperationalError as exc:
        pytest.fail(f"PostgreSQL is not reachable at {POSTGRES_ADMIN} ({exc}); .ci/run starts it")
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    base = POSTGRES_ADMIN.rsplit("/", 1)[0]
    yield f"{base}/{name}"
    with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own: the browser tests' Playwright keeps an event
    loop running in the main thread of the test process, and ``asyncio.run`` refuses to
    start in a thread that has one (a test after them in the same process failed so)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


def make_client(database_url: str, bot_delay: float = 0.0, **settings: Any) -> TestClient:
    """The app on ``database_url``, bots moving at once; ``settings``: other settings."""
    return TestClient(
        create_app(Settings(database_url=database_url, bot_delay=bot_delay, **settings))
    )


@pytest.fixture
def client(database_url: str) -> Iterator[TestClient]:
    with make_client(database_url) as c:
        yield c


TWO_HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
"""The seats of a table of two people, as most server tests create it."""


def create(client: TestClient, seats: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    body = {
        "game": "babylonia",
        "options": {"players": len(seats), **options},
        "seats": seats,
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def view(client: TestClient, table_id: str, seat: int | None = None, token: str | None = None):
    params = {} if seat is None else {"seat": seat}
    headers = auth(token) if token else {}
    response = client.get(f"/api/tables/{table_id}/view", params=params, headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


def act(client: TestClient, table_id: str, seat: int, token: str, action: str, version: int):
    return client.post(
        f"/api/tables/{table_id}/actions",
        json={"seat": seat, "action": action, "version": version},
        headers=auth(token),
    )


def wait_for(client: TestClient, table_id: str, predicate, timeout: float = 60.0) -> dict:
    """Poll the spectator view until ``predicate(payload)`` holds (bots move in workers)."""
    deadline = time.monotonic() + timeout
    while True:
        payload = view(client, table_id)
        if predicate(payload):
            return payload
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out; table at version {payload['version']}")
        time.sleep(0.05)


def a_legal_move(client: TestClient, table_id: str, seat: int, token: str, index: int = 0) -> str:
    """One of the seat's legal actions now (stands are dealt from a secret seed)."""
    return view(client, table_id, seat, token)["legal_actions"][index]["text"]


@contextmanager
def two_listening_servers(url: str) -> Iterator[tuple[TestClient, TestClient, str, list[str]]]:
    """Two server processes' apps on one PostgreSQL database, the second following the
    first's changes; a two-human table created on the first, seat 0 to start."""
    with make_client(url) as first, make_client(url) as second:
        made = create(
            first,
            [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}],
            start_player=0,
        )
        second.portal.call(second.app.state.service.listening.wait)
        yield first, second, made["table"]["id"], [i["token"] for i in made["invites"]]
