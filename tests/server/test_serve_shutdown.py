"""Stopping ``ziggurat serve`` leaves no process behind, even while a bot thinks (issue 15).

The real command runs as a subprocess in a session of its own. Its process tree (the server,
uvicorn's server processes, the bot pool's workers and multiprocessing's resource tracker) is
read from /proc while it runs, so that a survivor, re-parented to init once the server is
gone, is still known afterwards by its PID and start time. Output goes to files, not pipes: a
survivor would hold a pipe open and hang the test instead of failing it.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from .test_serve_command import call, create_table, free_port

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="reads the process tree from /proc"
)

CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
THINKING_CPU = 0.8  # seconds of CPU a bot worker has spent once its search is well under way
Process = tuple[int, int]  # pid and start time: a PID reused by another process is not ours


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name, which may hold spaces."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
    except OSError:
        return "?"


def process_tree(root: int) -> dict[Process, tuple[int, str]]:
    """Every living descendant of ``root``: its depth below root and its command line."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None:
                children.setdefault(int(fields[1]), []).append(int(entry.name))
    found: dict[Process, tuple[int, str]] = {}
    todo = [(root, 0)]
    while todo:
        parent, depth = todo.pop()
        for pid in children.get(parent, []):
            fields = _stat(pid)
            if fields is not None:
                found[(pid, int(fields[19]))] = (depth + 1, _cmdline(pid))
                todo.append((pid, depth + 1))
    return found


def alive(process: Process) -> bool:
    fields = _stat(process[0])
    return fields is not None and int(fields[19]) == process[1] and fields[0] not in ("Z", "X")


def cpu_seconds(pid: int) -> float:
    fields = _stat(pid)
    return 0.0 if fields is None else (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


class Server:
    """One run of ``ziggurat serve``, with every process it ever started remembered."""

    def __init__(self, log: Path, database_url: str, *args: str) -> None:
        self.port = free_port()
        self.log = log
        self.seen: dict[Process, tuple[int, str]] = {}
        command = [sys.executable, "-m", "ziggurat", "serve", "--port", str(self.port)]
        with log.open("w") as out:
            self.process = subprocess.Popen(
                [*command, "--database-url", database_url, "--bot-delay", "0", *args],
                stdout=out,
                stderr=subprocess.STDOUT,
                env={**os.environ, "ZIGGURAT_DATABASE_URL": database_url},
                start_new_session=True,  # its own process group, which cleanup can end
            )
        deadline = time.monotonic() + 60
        while True:
            self.record()
            try:
                call(self.port, "GET", "/healthz")
                return
            except OSError:
                assert self.process.poll() is None, log.read_text()
                assert time.monotonic() < deadline, "the server did not come up"
                time.sleep(0.2)

    def record(self) -> dict[Process, tuple[int, str]]:
        now = process_tree(self.process.pid)
        self.seen.update(now)
        return now

    def bot_workers(self, depth: int) -> list[int]:
        """The bot pool's workers: spawned interpreters at that depth below the command
        (1 for a single server process, 2 under uvicorn's supervisor)."""
        return [
            pid
            for (pid, _start), (at, command) in self.record().items()
            if at == depth and "spawn_main" in command
        ]

    def wait_until_thinking(self, workers: int, depth: int = 1) -> None:
        """Until ``workers`` bot workers exist and each has spent THINKING_CPU in a search."""
        deadline = time.monotonic() + 60
        while True:
            busy = [pid for pid in self.bot_workers(depth) if cpu_seconds(pid) >= THINKING_CPU]
            if len(busy) >= workers:
                return
            assert self.process.poll() is None, self.log.read_text()
            assert time.monotonic() < deadline, f"no bot is thinking: {self.seen}"
            time.sleep(0.1)

    def stop(self, how: str) -> None:
        """Stop it as an operator would, and check that it took everything with it."""
        self.record()
        if how == "ctrl-c":  # a terminal sends SIGINT to the whole foreground group
            os.killpg(self.process.pid, signal.SIGINT)
        else:
            self.process.send_signal(getattr(signal, how))
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            pytest.fail(f"the server did not stop on {how}: {self.log.read_text()}")
        deadline = time.monotonic() + 10  # the resource tracker leaves once its pipe closes
        while (survivors := [p for p in self.seen if alive(p)]) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not survivors, f"left running after {how}: " + "; ".join(
            f"{pid} {self.seen[(pid, start)][1]}" for pid, start in survivors
        )
        if how == "SIGKILL":
            return  # the resource tracker reports, and removes, what the server could not
        assert self.process.returncode in (0, -signal.SIGTERM), self.log.read_text()
        output = self.log.read_text()
        assert "leaked semaphore" not in output
        assert "Traceback" not in output, output

    def cleanup(self) -> None:
        """Whatever a failed test left: the server's group, then any stray it ever had."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        for pid, start in self.seen:
            if alive((pid, start)):
                os.kill(pid, signal.SIGKILL)


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.cleanup()


def create_bot_table(port: int) -> str:
    """A table whose first seat, to move, is the strongest bot: it thinks for seconds."""
    made = create_table(port, [{"kind": "bot", "agent": "hard"}, {"kind": "human"}])
    return str(made["table"]["id"])


def stored_version(database: Path, table_id: str) -> int:
    with sqlite3.connect(database) as db:
        return db.execute("SELECT version FROM tables WHERE id = ?", (table_id,)).fetchone()[0]


@pytest.mark.parametrize(
    ("how", "bot_workers"),
    [("SIGTERM", 1), ("SIGINT", 1), ("ctrl-c", 2)],
)
def test_stopping_while_a_bot_thinks_leaves_nothing_behind(
    tmp_path: Path, servers: list[Server], how: str, bot_workers: int
) -> None:
    """Stopped mid-think the server exits promptly with no worker, tracker or warning left;
    the interrupted move is not stored, and after a restart the bot makes it."""
    database = tmp_path / "z.sqlite3"
    url = f"sqlite:///{database}"
    server = Server(tmp_path / "first.log", url, "--bot-workers", str(bot_workers))
    servers.append(server)
    tables = [create_bot_table(server.port) for _ in range(bot_workers)]
    server.wait_until_thinking(bot_workers)
    started = time.monotonic()
    server.stop(how)
    assert time.monotonic() - started < 15
    assert [stored_version(database, t) for t in tables] == [0] * bot_workers

    again = Server(tmp_path / "second.log", url, "--bot-workers", str(bot_workers))
    servers.append(again)
    deadline = time.monotonic() + 90
    while any(call(again.port, "GET", f"/api/tables/{t}")["version"] < 1 for t in tables):
        assert time.monotonic() < deadline, "the bot did not move after the restart"
        time.sleep(0.2)
    again.stop("SIGTERM")


def test_stopping_several_server_processes_leaves_nothing_behind(
    tmp_path: Path, servers: list[Server], postgres_url: str
) -> None:
    """``--workers 2``: uvicorn's supervisor stops both server processes, and each of them
    its own bot pool, mid-think."""
    server = Server(tmp_path / "serve.log", postgres_url, "--workers", "2")
    servers.append(server)
    create_bot_table(server.port)
    server.wait_until_thinking(1, depth=2)
    processes = [c for depth, c in server.seen.values() if depth == 1 and "spawn_main" in c]
    assert len(processes) == 2
    server.stop("SIGTERM")


def test_bot_workers_leave_when_the_server_is_killed(tmp_path: Path, servers: list[Server]) -> None:
    """kill -9 gives the server no chance to stop its workers: they see it gone and leave."""
    server = Server(tmp_path / "serve.log", f"sqlite:///{tmp_path / 'z.sqlite3'}")
    servers.append(server)
    create_bot_table(server.port)
    server.wait_until_thinking(1)
    server.stop("SIGKILL")
