"""Group commit (``store_batches``): the stores of many tables in one transaction, each
answered as it would have been alone, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import (
    Column,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    event,
    select,
    text,
    update,
)
from sqlalchemy.exc import DBAPIError

from ziggurat.core.registry import load_game
from ziggurat.server.db import ActionRow, TableRow, make_engine
from ziggurat.server.service import TableService
from ziggurat.server.settings import Settings
from ziggurat.server.store_batches import MAX_BATCH, Change, StoreBatches

from .conftest import run_async

SCRATCH = MetaData()
COUNTERS = Table(
    "counters", SCRATCH, Column("id", String(8), primary_key=True), Column("value", Integer)
)


BUMP = (
    update(COUNTERS)
    .where(COUNTERS.c.id == bindparam("key"), COUNTERS.c.value == bindparam("expected"))
    .values(value=bindparam("expected") + 1)
)
ADD = COUNTERS.insert()
BROKEN = text("UPDATE no_such_table SET x = :x")


def increment(key: str, expected: int, *steps) -> Change:
    """A change: ``key``'s counter from ``expected`` to one more, refused at any other,
    then ``steps`` (a guard is an UPDATE: SQLAlchemy counts the rows of those only)."""
    return Change((BUMP, {"key": key, "expected": expected}), tuple(steps))


def insert(key: str):
    return ADD, {"id": key, "value": 0}


def broken():
    return BROKEN, {"x": 1}


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


def run_batches(engine, stores: list[tuple[str, Change]]) -> tuple[list, StoreBatches]:
    """Hand in every store while the database thread is busy, so that they wait together
    (one batch when they fit); their answers or errors."""

    async def go() -> tuple[list, StoreBatches]:
        with ThreadPoolExecutor(1) as thread:
            gate = threading.Event()
            thread.submit(gate.wait, 30)  # the thread busy with another call meanwhile
            batches = StoreBatches(engine, thread)
            waiting = [asyncio.create_task(batches.store(key, change)) for key, change in stores]
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
            ("c", increment("c", 0, insert("c"))),  # integrity error: refused
            ("d", increment("d", 0, broken())),  # fails: its caller alone gets the error
            ("e", increment("a", 1, insert("e"))),  # stored, after the first
            ("f", increment("f", 0)),  # refused: no such counter
        ],
    )
    assert answers[:3] == [True, False, False] and answers[4:] == [True, False]
    assert isinstance(answers[3], DBAPIError)
    # the batch was rolled back and run again: what it stored, it stored exactly once
    assert counters(engine) == {"a": 2, "b": 0, "c": 0, "d": 0, "e": 0}
    assert batches.metrics()["waiting"] == 0


def test_a_batch_runs_each_statement_once_for_all_its_stores_in_the_order_of_their_tables(
    engine,
) -> None:
    """One ``executemany`` per statement: every guard, then every step, each in the order
    of the tables (one lock order in every process)."""
    calls: list[tuple[str, list]] = []

    def seen(_conn, _cursor, statement, parameters, _context, executemany) -> None:
        if statement.lstrip().upper().startswith(("UPDATE", "INSERT")):
            calls.append((statement.split()[0].upper(), parameters if executemany else None))

    event.listen(engine, "before_cursor_execute", seen)
    keys = ["d", "b", "a", "c"]
    answers, batches = run_batches(engine, [(k, increment(k, 0, insert(k + "2"))) for k in keys])
    event.remove(engine, "before_cursor_execute", seen)
    assert answers == [True] * 4
    assert [kind for kind, _ in calls] == ["UPDATE", "INSERT"]
    guards, inserts = (rows for _, rows in calls)
    assert guards is not None and inserts is not None  # both executemany

    def named(rows: list, among: set[str]) -> list[str]:
        values = (row.values() if isinstance(row, dict) else row for row in rows)
        return [next(v for v in row if v in among) for row in values]

    assert named(guards, set(keys)) == ["a", "b", "c", "d"]
    assert named(inserts, {k + "2" for k in keys}) == ["a2", "b2", "c2", "d2"]
    assert batches.metrics() == {"batches": 1, "stores": 4, "largest": 4, "waiting": 0}
    assert counters(engine) == {
        **dict.fromkeys("abcd", 1),
        **dict.fromkeys(["a2", "b2", "c2", "d2"], 0),
    }


def test_a_batch_holds_at_most_max_batch_stores(engine) -> None:
    stores = [(f"t{n:03}", increment("a", n)) for n in range(MAX_BATCH + 6)]
    answers, batches = run_batches(engine, stores)
    # every guard of a batch runs in the order of the tables, each one counting on the
    # one before: every one stored, in two batches
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
                (await service.create("babylonia", {"players": 2, "start_player": 0}, seats))[:2]
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
