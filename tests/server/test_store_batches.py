"""Group commit (``store_batches``): the stores of many tables in one transaction, each
answered as it would have been alone, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import Column, Integer, MetaData, String, Table, select, text, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError

from ziggurat.core.registry import load_game
from ziggurat.server.db import ActionRow, TableRow, make_engine
from ziggurat.server.service import TableService
from ziggurat.server.settings import Settings
from ziggurat.server.store_batches import MAX_BATCH, StoreBatches

from .conftest import run_async

SCRATCH = MetaData()
COUNTERS = Table(
    "counters", SCRATCH, Column("id", String(8), primary_key=True), Column("value", Integer)
)


def increment(key: str, expected: int, ran: list[str] | None = None):
    """A store: ``key``'s counter from ``expected`` to one more, refused at any other."""

    def store(connection: Connection) -> bool:
        if ran is not None:
            ran.append(key)
        result = connection.execute(
            update(COUNTERS)
            .where(COUNTERS.c.id == key, COUNTERS.c.value == expected)
            .values(value=expected + 1)
        )
        return result.rowcount == 1

    return store


def insert(key: str):
    def store(connection: Connection) -> bool:
        connection.execute(COUNTERS.insert().values(id=key, value=0))
        return True

    return store


def broken(connection: Connection) -> bool:
    connection.execute(text("UPDATE no_such_table SET x = 1"))
    return True


def counters(engine) -> dict[str, int]:
    with engine.connect() as connection:
        return dict(connection.execute(select(COUNTERS.c.id, COUNTERS.c.value)).all())


@pytest.fixture
def engine(database_url: str):
    engine = make_engine(database_url)
    SCRATCH.create_all(engine)
    with engine.begin() as connection:
        connection.execute(COUNTERS.insert(), [{"id": k, "value": 0} for k in "abcd"])
    yield engine
    engine.dispose()


def run_batches(engine, stores: list[tuple[str, object]]) -> tuple[list, StoreBatches]:
    """Hand in every store while the database thread is busy, so that they wait together
    (one batch when they fit); their answers or errors."""

    async def go() -> tuple[list, StoreBatches]:
        with ThreadPoolExecutor(1) as thread:
            gate = threading.Event()
            thread.submit(gate.wait, 30)  # the thread busy with another call meanwhile
            batches = StoreBatches(engine, thread)
            waiting = [asyncio.create_task(batches.store(key, store)) for key, store in stores]
            while batches.metrics()["waiting"] < len(stores):
                await asyncio.sleep(0.01)
            gate.set()
            answers = await asyncio.gather(*waiting, return_exceptions=True)
            await batches.finish()
        return answers, batches

    return run_async(go())


def test_each_store_of_a_batch_is_answered_as_it_would_be_alone(engine) -> None:
    answers, batches = run_batches(
        engine,
        [
            ("a", increment("a", 0)),  # stored
            ("b", increment("b", 5)),  # refused: another value than it was made on
            ("c", insert("c")),  # integrity error: refused, the batch run again one by one
            ("d", broken),  # fails: its caller alone gets the error
            ("e", increment("d", 0)),  # stored
        ],
    )
    assert answers[:3] == [True, False, False] and answers[4] is True
    assert isinstance(answers[3], DBAPIError)
    # the batch was rolled back and run again: what it stored, it stored exactly once
    assert counters(engine) == {"a": 1, "b": 0, "c": 0, "d": 1}
    assert batches.metrics()["waiting"] == 0


def test_stores_waiting_together_share_a_transaction_in_the_order_of_their_tables(
    engine,
) -> None:
    ran: list[str] = []
    keys = ["d", "b", "a", "c"]
    answers, batches = run_batches(engine, [(k, increment(k, 0, ran)) for k in keys])
    assert answers == [True] * 4
    assert ran == ["a", "b", "c", "d"]  # one lock order in every process
    assert batches.metrics() == {"batches": 1, "stores": 4, "largest": 4, "waiting": 0}
    assert counters(engine) == dict.fromkeys("abcd", 1)


def test_a_batch_holds_at_most_max_batch_stores(engine) -> None:
    stores = [("a", increment("a", n)) for n in range(MAX_BATCH + 6)]
    answers, batches = run_batches(engine, stores)
    # all in the order handed in within a batch (one table's, sorted stably), each
    # counting on the one before: every one stored, in two batches
    assert answers == [True] * (MAX_BATCH + 6)
    seen = batches.metrics()
    assert (seen["batches"], seen["largest"]) == (2, MAX_BATCH)
    assert counters(engine)["a"] == MAX_BATCH + 6


def test_many_tables_acting_at_once_are_all_stored_and_served(database_url: str) -> None:
    """The real service: moves at 12 tables at once, then again; every one is stored
    (version, record) and the tables in memory are what a fresh read makes of them."""

    async def go() -> None:
        service = TableService(Settings(database_url=database_url, bot_delay=0.0))
        await service.start()
        try:
            seats = [{"kind": "human", "name": "A"}, {"kind": "human", "name": "B"}]
            made = [
                await service.create("babylonia", {"players": 2, "start_player": 0}, seats)
                for _ in range(12)
            ]

            async def move(table, invites, version: int) -> str:
                table = await service.known(table.id)
                seat = table.state.current_player
                action = str(table.state.legal_actions()[0])
                await service.act(table.id, seat, invites[seat]["token"], action, version)
                return action

            for version in range(3):
                played = await asyncio.gather(*(move(t, i, version) for t, i in made))
                assert len(played) == 12
            seen = service.store_batches.metrics()
            assert seen["stores"] == 3 * 12
            assert 0 < seen["batches"] < 3 * 12  # some committed together
            game = load_game("babylonia", players=2, start_player=0)
            with service.sessions() as session:
                for created, _ in made:
                    table = await service.known(created.id)
                    row = session.get(TableRow, table.id)
                    # each seat claimed by its first action, with it: one revision a move
                    assert row is not None and (row.version, row.revision) == (3, 3)
                    stored = session.scalars(
                        select(ActionRow.action)
                        .where(ActionRow.table_id == table.id)
                        .order_by(ActionRow.number)
                    ).all()
                    assert stored == [str(e.action) for e in table.log]
                    fresh = game.new_initial_state(seed=row.seed)
                    for action in stored:
                        fresh.apply_action(game.parse_action(fresh, action))
                    assert fresh.view(None) == table.state.view(None)
        finally:
            await service.stop()

    run_async(go())
