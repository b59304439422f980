"""Fair bot scheduling across tables, move budgets, stuck workers, ``/metrics`` and the bot
settings (docs/server-api.md, "Bots: settings and /metrics").

The servers here are the real app on a real database with real worker processes; only the
queue's own tests drive :class:`FairQueue` directly, with think times given instead of spent.
"""

from __future__ import annotations

import asyncio
import math
import os
import signal
import time
from collections.abc import Callable
from dataclasses import fields
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ziggurat.agents import make_agent
from ziggurat.agents.base import MCTS_STRENGTHS
from ziggurat.cli import main
from ziggurat.core.registry import load_game
from ziggurat.server import bots
from ziggurat.server.app import create_app
from ziggurat.server.bot_queue import TABLE_MEMORY, FairQueue, Window
from ziggurat.server.settings import (
    ADVICE_STRENGTH_ENV,
    BOT_MOVE_BUDGET_ENV,
    BOT_MOVE_GRACE_ENV,
    ENV_NAMES,
    REGISTRATION_ENV,
    Settings,
    SettingsError,
)

from .conftest import a_legal_move, act, create, run_async, view, wait_for

ANSWER_SLACK = 3.0
"""Seconds a quick bot's answer may take beyond one budget: its own think time, storing the
move, and this test's polling, on a loaded two-core machine."""


def bot_client(database_url: str, **settings: Any) -> TestClient:
    """The real app, bots moving at once."""
    return TestClient(create_app(Settings(database_url=database_url, bot_delay=0.0, **settings)))


def bot_metrics(client: TestClient) -> dict[str, Any]:
    response = client.get("/metrics")
    assert response.status_code == 200, response.text
    return response.json()["bots"]


def wait_for_metrics(
    client: TestClient, predicate: Callable[[dict[str, Any]], bool], timeout: float = 30.0
) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        seen = bot_metrics(client)
        if predicate(seen):
            return seen
        assert time.monotonic() < deadline, f"timed out; the bots' metrics: {seen}"
        time.sleep(0.05)


def hard_tables(client: TestClient, seats: list[int]) -> list[str]:
    """Tables of ``hard`` bots only, one per entry of ``seats`` (its number of bots)."""
    return [create(client, [{"kind": "bot", "agent": "hard"}] * n)["table"]["id"] for n in seats]


def bot_answers(
    client: TestClient, table_id: str, human: int, timeout: float
) -> tuple[dict[str, Any], list[float]]:
    """Follow the table until it is ``human``'s turn again; the seconds between one move
    and the next, for each bot move seen (polled, so up to a poll late)."""
    last = time.monotonic()
    version = view(client, table_id)["version"]
    gaps: list[float] = []
    deadline = last + timeout
    while True:
        payload = view(client, table_id)
        now = time.monotonic()
        if payload["version"] > version:
            gaps.extend([now - last] + [0.0] * (payload["version"] - version - 1))
            version, last = payload["version"], now
            if payload["table"]["current_player"] == human or payload["view"]["over"]:
                return payload, gaps
        assert now < deadline, f"the bot did not finish its turn: {gaps}, then {now - last:.1f} s"
        time.sleep(0.02)


def play_human_turn(client: TestClient, table_id: str, seat: int, token: str) -> None:
    """Make the human's moves until it is another seat's turn."""
    while True:
        payload = view(client, table_id, seat, token)
        if payload["table"]["current_player"] != seat or payload["view"]["over"]:
            return
        move = payload["legal_actions"][0]["text"]
        response = act(client, table_id, seat, token, move, payload["version"])
        assert response.status_code == 200, response.text


# --------------------------------------------------------------------------- fairness


def test_a_quick_bot_answers_while_many_tables_of_slow_bots_wait(database_url) -> None:
    """The starvation case: one worker, eight tables of ``hard`` bots all wanting it, and a
    ``greedy`` bot at a person's table. First come, first served it would wait for every
    hard decision queued before it (eight tables times the budget); here each of its moves
    waits at most for the one decision that is running."""
    budget = 1.5
    with bot_client(database_url, bot_workers=1, bot_move_budget=budget) as client:
        wait_for_metrics(client, lambda m: m["workers_ready"])
        hard_tables(client, [2, 3, 4, 2, 3, 4, 2, 3])
        crowded = wait_for_metrics(client, lambda m: m["queued"] >= 7 and m["running"] == 1)
        assert crowded["queue_limit"] > crowded["queued"]  # all of them are hard decisions
        made = create(
            client, [{"kind": "human"}, {"kind": "bot", "agent": "greedy"}], start_player=0
        )
        table_id, token = made["table"]["id"], made["invites"][0]["token"]
        answers: list[float] = []
        for _turn in range(2):
            play_human_turn(client, table_id, 0, token)
            _payload, gaps = bot_answers(client, table_id, 0, timeout=60.0)
            answers.extend(gaps)
        assert len(answers) >= 2
        assert max(answers) <= budget + ANSWER_SLACK, answers
        seen = bot_metrics(client)
        assert seen["queued"] >= 6  # the hard tables still wanted the worker all along
        assert seen["fallbacks"] == 0 and seen["overflow_moves"] == 0


def test_the_queue_serves_tables_in_turn_and_quick_bots_first() -> None:
    """The order, with think times given: tables of one agent take turns (a table that was
    just served goes behind those that waited), a quick bot goes ahead of slow ones, and no
    more decisions run than there are workers."""

    async def run() -> list[str]:
        queue = FairQueue(workers=1)
        served: list[str] = []

        def running() -> list[str]:
            return [t.table_id for t in tickets if t.state == "running"]

        def finish(ticket: Any, seconds: float) -> None:
            served.append(ticket.table_id)
            queue.done(ticket, seconds)
            assert len(running()) <= 1 and queue.running == len(running())

        tickets = [queue.enter(name, "hard", 2.0) for name in "ABC"]
        a, b, c = tickets
        assert running() == ["A"] and queue.waiting == 2
        finish(a, 2.0)
        assert running() == ["B"]
        tickets.append(again := queue.enter("A", "hard", 2.0))  # behind C, who waited
        tickets.append(quick := queue.enter("G", "greedy", 0.0))  # ahead of them both
        finish(b, 2.0)
        assert running() == ["G"]
        finish(quick, 0.01)
        assert running() == ["C"]
        finish(c, 2.0)
        assert running() == ["A"]
        finish(again, 2.0)
        assert queue.waiting == 0 and queue.running == 0
        return served

    assert run_async(run()) == ["A", "B", "G", "C", "A"]


def test_the_queue_forgets_what_it_need_not_keep() -> None:
    """Bounded: a cancelled wait leaves the queue, virtual times are kept for at most
    TABLE_MEMORY tables, and the statistics windows hold the last 1000 values."""

    async def run() -> None:
        queue = FairQueue(workers=1)
        first = queue.enter("A", "hard", 1.0)
        waiting = asyncio.ensure_future(queue.turn(queue.enter("B", "hard", 1.0)))
        await asyncio.sleep(0)
        waiting.cancel()
        await asyncio.gather(waiting, return_exceptions=True)
        assert queue.waiting == 0
        queue.done(first, 1.0)
        assert queue.running == 0
        for number in range(TABLE_MEMORY + 50):
            queue.done(queue.enter(f"t{number}", "greedy", 0.0), 0.001)
        assert len(queue._used) <= TABLE_MEMORY
        assert queue.thinks.summary()["count"] == 1000

    run_async(run())
    window = Window()
    for value in range(1, 101):
        window.add(float(value))
    assert window.summary() == {"last": 100.0, "p50": 50.0, "p95": 95.0, "max": 100.0, "count": 100}


# --------------------------------------------------------------------------- budgets


def test_the_budget_reaches_the_search_and_leaves_a_quick_move_alone(monkeypatch) -> None:
    """In the worker: a search bot stops at the budget, and a move found within it is the
    move the agent makes unbudgeted, from the same seed. (``easy``'s own cap is lifted to
    30 s here, above the 5 s budget, so that the budget is what applies and a loaded test
    machine cannot make either search stop early.)"""
    game = load_game("babylonia", players=3)
    state = game.new_initial_state(seed=11)
    seat = state.current_player
    started = time.perf_counter()
    bots.choose_action("babylonia", dict(game.options), state.to_json(), seat, "hard", 5, 0.2)
    assert time.perf_counter() - started < 1.5  # unbudgeted, hard thinks for up to 8 s
    assert bots.agent_seconds("easy", 5.0) == 0.5
    monkeypatch.setitem(MCTS_STRENGTHS, "easy", {"iterations": 200, "seconds": 30.0})
    for agent in ("easy", "greedy"):
        unbudgeted = str(make_agent(agent, 5).select_action(state.clone(), seat))
        budgeted = bots.choose_action(
            "babylonia", dict(game.options), state.to_json(), seat, agent, 5, 5.0
        )
        assert budgeted == unbudgeted
    assert bots.agent_seconds("hard", 5.0) == 5.0 and bots.agent_seconds("easy", 5.0) == 5.0
    assert bots.agent_seconds("greedy", 5.0) is None


def test_bots_keep_to_a_small_budget_at_the_table(tmp_path) -> None:
    budget = 0.25
    with bot_client(f"sqlite:///{tmp_path / 'z.sqlite3'}", bot_move_budget=budget) as client:
        table_id = hard_tables(client, [2])[0]
        wait_for(client, table_id, lambda p: p["version"] >= 6, timeout=30.0)
        seen = bot_metrics(client)
        assert seen["fallbacks"] == 0 and seen["worker_replacements"] == 0
        assert seen["think_seconds"]["p50"] < 1.0  # budgeted; hard's own cap is 8 s
        assert seen["think_seconds"]["max"] < budget + seen["move_grace_seconds"]


def test_a_stuck_worker_gets_a_quick_move_played_and_is_replaced(tmp_path) -> None:
    """A worker that stops answering (here: stopped with SIGSTOP mid-game) holds the table
    up for the budget and its grace only: the greedy move is played, the worker is killed
    and replaced, and the game goes on with the new one."""
    url = f"sqlite:///{tmp_path / 'z.sqlite3'}"
    stopped: list[int] = []
    with bot_client(url, bot_move_budget=1.0, bot_move_grace=0.5) as client:
        try:
            service = client.app.state.service
            wait_for_metrics(client, lambda m: m["workers_ready"])
            stopped = list(service.bots.pool._processes)
            for pid in stopped:
                os.kill(pid, signal.SIGSTOP)
            made = create(
                client, [{"kind": "human"}, {"kind": "bot", "agent": "hard"}], start_player=0
            )
            table_id, token = made["table"]["id"], made["invites"][0]["token"]
            move = a_legal_move(client, table_id, 0, token)
            assert act(client, table_id, 0, token, move, 0).status_code == 200
            started = time.monotonic()
            wait_for(client, table_id, lambda p: p["version"] >= 2, timeout=20.0)
            assert time.monotonic() - started < 1.0 + 0.5 + ANSWER_SLACK
            seen = bot_metrics(client)
            assert (seen["fallbacks"], seen["worker_replacements"]) == (1, 1)
            # the bot's next move of the same turn comes from a new worker, in its budget
            wait_for(
                client,
                table_id,
                lambda p: p["version"] >= 3 and p["table"]["current_player"] == 0,
                timeout=30.0,
            )
            seen = bot_metrics(client)
            assert seen["fallbacks"] == 1 and seen["decisions"] >= 1
            assert not set(stopped) & set(service.bots.pool._processes)
            deadline = time.monotonic() + 10
            while any(alive(pid) for pid in stopped):
                assert time.monotonic() < deadline, "the stuck worker was not killed"
                time.sleep(0.05)
        finally:
            for pid in stopped:  # whatever failed, leave no stopped process behind
                if alive(pid):
                    os.kill(pid, signal.SIGKILL)


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie not reaped yet counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


def test_over_the_queue_limit_search_bots_play_quick_moves(tmp_path) -> None:
    """With the queue full, a search bot's decision is made by the quick bot: it still
    waits its turn, but costs milliseconds instead of a budget."""
    url = f"sqlite:///{tmp_path / 'z.sqlite3'}"
    with bot_client(url, bot_move_budget=1.0, bot_queue_limit=1) as client:
        wait_for_metrics(client, lambda m: m["workers_ready"])
        first, second, third = hard_tables(client, [2, 2, 2])
        seen = wait_for_metrics(client, lambda m: m["overflow_moves"] >= 1)
        assert seen["queue_limit"] == 1
        assert view(client, second)["version"] == 0  # it waits for the worker, as a hard one
        wait_for(client, third, lambda p: p["version"] >= 1, timeout=1.0 + ANSWER_SLACK)
        assert view(client, first)["version"] <= 2  # the running hard decision was not cut


# --------------------------------------------------------------------------- /metrics


def test_metrics_count_moves_times_tables_and_sockets(database_url) -> None:
    with bot_client(database_url) as client:
        made = create(
            client, [{"kind": "bot", "agent": "greedy"}, {"kind": "bot", "agent": "random"}]
        )
        table_id = made["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
            socket.receive_json()
            wait_for(client, table_id, lambda p: p["version"] >= 8, timeout=30.0)
            response = client.get("/metrics")
            assert client.post("/metrics", json={}).status_code == 405
        assert response.status_code == 200
        assert table_id not in response.text  # counts and times only: nothing of a table
        body = response.json()
    bots_seen = body["bots"]
    assert body["tables_in_memory"] >= 1
    assert body["websocket_clients"] == 1
    assert bots_seen["moves"] >= 8 and bots_seen["decisions"] >= bots_seen["moves"]
    assert 0 <= bots_seen["running"] <= bots_seen["workers"] == 1
    assert bots_seen["queued"] >= 0 and bots_seen["scheduled"] >= 0
    assert bots_seen["workers_ready"] is True
    assert (bots_seen["fallbacks"], bots_seen["worker_replacements"]) == (0, 0)
    assert bots_seen["move_budget_seconds"] == Settings().bot_move_budget
    for name in ("wait_seconds", "think_seconds"):
        times = bots_seen[name]
        assert times["count"] >= 8
        assert 0 <= times["p50"] <= times["p95"] <= times["max"]
        assert times["last"] is not None
    assert set(bots_seen["expected_think_seconds"]) == {"greedy", "random"}


# --------------------------------------------------------------------------- settings


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"bot_move_budget": 0}, "bot_move_budget must be more than 0 and at most 600 seconds"),
        ({"bot_move_budget": math.nan}, "bot_move_budget must be more than 0"),
        ({"bot_move_grace": -1}, "bot_move_grace must be at least 0 and at most 600 seconds"),
        ({"bot_workers": 0}, "bot_workers must be at least 1 and at most 256 worker processes"),
        ({"bot_workers": 1.5}, "bot_workers must be a whole number, not 1.5"),
        ({"bot_queue_limit": 0}, "bot_queue_limit must be at least 1 and at most 100000"),
        ({"bot_delay": "soon"}, "bot_delay must be a number, not 'soon'"),
        ({"open_tables_per_creator": 0}, "open_tables_per_creator must be at least 1"),
        ({"bot_tables_per_creator": -1}, "bot_tables_per_creator must be at least 0"),
        ({"tables_in_memory": 5}, "tables_in_memory must be at least 10 and at most 1000000"),
    ],
)
def test_settings_refuse_what_they_do_not_allow(values: dict[str, Any], message: str) -> None:
    with pytest.raises(SettingsError) as refused:
        Settings(database_url="sqlite://", **values)
    assert message in str(refused.value)


def test_settings_travel_whole_through_the_environment(monkeypatch) -> None:
    """``ziggurat serve --workers N`` hands every setting to its processes this way."""
    assert {f.name for f in fields(Settings)} == {
        "database_url", "registration", "advice_strength", *ENV_NAMES
    }  # fmt: skip
    for env in (*ENV_NAMES.values(), REGISTRATION_ENV, ADVICE_STRENGTH_ENV):
        # setenv first: it records the variable's state (unset, often), which delenv alone
        # does not for an unset one, so what to_env sets below is undone afterwards and no
        # later server of this worker starts with registration closed
        monkeypatch.setenv(env, "")
        monkeypatch.delenv(env)
    monkeypatch.setenv("ZIGGURAT_DATABASE_URL", "sqlite://")
    given = Settings(
        database_url="sqlite:///elsewhere.sqlite3",
        bot_delay=0.25,
        bot_workers=3,
        bot_move_budget=2.5,
        bot_move_grace=0.75,
        bot_queue_limit=9,
        session_days=2.5,
        registration="closed",
        advice_strength="easy",
    )
    given.to_env()
    assert Settings.from_env() == given
    monkeypatch.setenv(BOT_MOVE_BUDGET_ENV, "quick")
    with pytest.raises(SettingsError) as refused:
        Settings.from_env()
    assert str(refused.value) == (
        f"${BOT_MOVE_BUDGET_ENV} must be a number of seconds, not 'quick'"
    )
    monkeypatch.setenv(BOT_MOVE_BUDGET_ENV, "2")
    monkeypatch.setenv(REGISTRATION_ENV, "invite-only")
    with pytest.raises(SettingsError) as refused:
        Settings.from_env()
    assert str(refused.value) == (
        f"${REGISTRATION_ENV} must be one of open, closed, not 'invite-only'"
    )
    monkeypatch.setenv(REGISTRATION_ENV, "open")
    monkeypatch.setenv(ADVICE_STRENGTH_ENV, "expert")
    with pytest.raises(SettingsError) as refused:
        Settings.from_env()
    assert str(refused.value) == (
        f"${ADVICE_STRENGTH_ENV} must be one of easy, medium, hard, not 'expert'"
    )
    monkeypatch.setenv(ADVICE_STRENGTH_ENV, "medium")
    monkeypatch.setenv(BOT_MOVE_BUDGET_ENV, "0")
    with pytest.raises(SettingsError, match=r"\$ZIGGURAT_BOT_MOVE_BUDGET must be more than 0"):
        Settings.from_env()


@pytest.mark.parametrize(
    ("argv", "env", "message"),
    [
        (["--bot-move-grace", "-1"], {}, "--bot-move-grace must be at least 0"),
        (["--bot-queue-limit", "0"], {}, "--bot-queue-limit must be at least 1"),
        (["--bot-workers", "1000"], {}, "--bot-workers must be at least 1 and at most 256"),
        ([], {BOT_MOVE_GRACE_ENV: "soon"}, "$ZIGGURAT_BOT_MOVE_GRACE must be a number of"),
        (["--bot-move-budget", "nan"], {}, "--bot-move-budget must be more than 0"),
        (
            ["--bot-move-budget", "0"],
            {},
            "ziggurat serve: --bot-move-budget must be more than 0 and at most 600 seconds",
        ),
        (["--session-days", "0"], {}, "--session-days must be at least 0.01 and at most 3650"),
        (
            [],
            {REGISTRATION_ENV: "maybe"},
            "$ZIGGURAT_REGISTRATION must be one of open, closed, not 'maybe'",
        ),
    ],
)
def test_serve_names_the_bad_setting(
    argv: list[str], env: dict[str, str], message: str, monkeypatch, capsys
) -> None:
    """In-process (refused before any server starts): the flag or variable, what was wrong,
    what is allowed; usage error, exit code 2."""
    monkeypatch.setenv("ZIGGURAT_DATABASE_URL", "sqlite://")  # not the user's data folder
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert main(["serve", *argv]) == 2
    assert message in capsys.readouterr().err
