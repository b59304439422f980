"""Load on the real server: many tables played at once by clients in this process.

Starts ``ziggurat serve`` (SQLite or PostgreSQL, one or more processes) on a free port, opens
``--tables`` two-seat tables, connects a WebSocket for every seat (the seat's own pushes
carry its legal actions) and then plays random legal moves for ``--seconds``:

* ``--mode closed``: each table posts its next action as soon as it knows it (the reply or
  the push of the new position): the server's saturation throughput.
* ``--mode open``: each table posts one action every ``--interval`` seconds on a fixed
  schedule (phases spread), whatever the server does: latency at a given rate. A post that
  could not start on time (the table's previous answer or push had not come) is counted late.

A finished game is replaced by a new table. It prints throughput, POST latency percentiles,
push delay (from the POST that made a version until each of the table's other sockets has
that version or a newer one: the mover's own socket is not pushed what its reply carries),
pushes later than 1 s, versions a socket never received, errors by status, the server's
memory (every process of it, bot workers included) and how many lines the server logged (a
clean run logs none; they are shown when there are some).

    .venv/bin/python benchmarks/load.py --tables 50 --seconds 30
    .venv/bin/python benchmarks/load.py --database postgresql --workers 2 --tables 200 \\
        --mode open --interval 2
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import http.client
import json
import os
import random
import re
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
import orjson
from yarl import URL

try:  # the clients' event loop: uvloop's costs the client less CPU per action than asyncio's
    import uvloop
except ImportError:  # pragma: no cover - uvicorn[standard] brings it where it builds
    uvloop = None

POSTGRES_ADMIN = os.environ.get(
    "ZIGGURAT_TEST_POSTGRES_URL", "postgresql://postgres:postgres@127.0.0.1:5432/postgres"
)
LATE_PUSH = 1.0  # seconds: a push later than this counts as late


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def process_tree_rss(pid: int) -> int:
    """Resident memory of ``pid`` and all its descendants, in bytes (Linux /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            children.setdefault(parent, []).append(int(entry))
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        todo.extend(children.get(current, ()))
        try:
            with open(f"/proc/{current}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


def process_tree_cpu(pid: int) -> float:
    """CPU seconds (user and system) used so far by ``pid`` and its descendants (Linux)."""
    ticks, todo, tree = 0, [pid], {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            tree.setdefault(int(fields[1]), []).append((int(entry), fields))
    own = Path(f"/proc/{pid}/stat")
    if own.exists():
        fields = own.read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])
    while todo:
        for child, fields in tree.get(todo.pop(), ()):
            ticks += int(fields[11]) + int(fields[12])
            todo.append(child)
    return ticks / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclass
class Stats:
    post_latency: list[float] = field(default_factory=list)
    push_delay: list[float] = field(default_factory=list)
    late_pushes: int = 0
    late_starts: int = 0
    errors: Counter = field(default_factory=Counter)
    actions: int = 0
    games_finished: int = 0


HEAD_BYTES = re.compile(rb'"status":"(\w+)","version":(\d+),"current_player":(\d+|null)')
# the server splices the legal actions in just before the log, the payload's last key (a
# push says first where its log starts: "log_from")
LEGAL_START = b',"legal_actions":['
LEGAL_END = b'],"log'
JSON_HEADERS = {"Content-Type": "application/json"}


def legal_texts(payload: bytes) -> list[str]:
    """The texts of the legal actions in ``payload``: only the list of them is decoded
    (not the view or the log), the whole payload only if that list cannot be cut out."""
    start = payload.find(LEGAL_START)
    if start >= 0:
        start += len(LEGAL_START) - 1
        end = payload.find(LEGAL_END, start)
        if end >= 0:
            try:
                actions = orjson.loads(payload[start : end + 1])
            except orjson.JSONDecodeError:
                pass
            else:
                return [a["text"] for a in actions]
    return [a["text"] for a in orjson.loads(payload)["legal_actions"]]


class Table:
    """One table's clients: a socket per seat and the driver that posts moves.

    A payload is read only as far as it must be: the table summary at its head tells the
    version, the seat to move and whether the game is over; only the payload of the seat to
    move is decoded further, for its legal actions, and only the first of the two copies of a
    version that seat gets (the reply to its POST and its push are the same payload). So the
    clients (one process for hundreds of sockets) cost little next to the server they
    measure."""

    def __init__(self, run: Run, made: dict) -> None:
        self.run = run
        self.id: str = made["table"]["id"]
        self.tokens = [i["token"] for i in made["invites"]]
        self.actions_url = run.base_url / "api" / "tables" / self.id / "actions"
        self.headers = [{**JSON_HEADERS, "Authorization": f"Bearer {t}"} for t in self.tokens]
        # each socket's name, told with its seat's actions, as the browser does: the server
        # then does not push to it the payload the action's reply carries
        self.socket_names = [secrets.token_hex(8) for _ in self.tokens]
        self.version = -1  # the newest version any client of this table has seen
        self.current: int | None = None  # the seat to move at that version
        self.legal: dict[int, tuple[int, list[str]]] = {}  # seat -> (version, its actions)
        self.changed = asyncio.Event()
        self.posted_at: dict[int, float] = {}  # version -> when the POST that made it left
        self.seen: list[int] = [-1] * len(self.tokens)  # newest version per socket
        self.missing: list[int] = [0] * len(self.tokens)
        self.sockets: list[asyncio.Task] = []
        self.finished = asyncio.Event()

    async def listen(self, seat: int, ready: asyncio.Event) -> None:
        url = (
            f"ws://127.0.0.1:{self.run.port}/ws/tables/{self.id}"
            f"?socket={self.socket_names[seat]}&seat={seat}&token="
        )
        # permessage-deflate on (compress=15), as browsers ask: the server's cost of it is
        # part of what is measured; text frames are kept as bytes (no decoding to str)
        async with self.run.sockets.ws_connect(
            url + self.tokens[seat], max_msg_size=0, compress=15, decode_text=False
        ) as ws:
            ready.set()
            search, receive, error = HEAD_BYTES.search, self.receive, aiohttp.WSMsgType.ERROR
            async for message in ws:
                data = message.data
                if message.type is error:
                    raise data  # the connection failed: raised, as the old client did
                head = search(data)
                if head is None:
                    text = data[:60].decode(errors="replace")
                    self.run.stats.errors[f"socket: {text}"] += 1
                    return
                receive(seat, head.groups(), data, time.monotonic())

    def receive(
        self, seat: int, head: tuple, payload: bytes, at: float, pushed: bool = True
    ) -> None:
        status, version, current = head  # bytes, from the payload's head
        version = int(version)
        if not pushed:  # the reply to this seat's action: its socket is not pushed it
            self.seen[seat] = max(self.seen[seat], version)
        else:
            before = self.seen[seat]
            if version <= before:
                return
            self.seen[seat] = version
            for v in range(before + 1, version + 1):
                sent = self.posted_at.get(v)
                if sent is not None:
                    delay = at - sent
                    if self.run.measuring:
                        self.run.stats.push_delay.append(delay)
                        if delay > LATE_PUSH:
                            self.run.stats.late_pushes += 1
        if version > self.version:
            self.version = version
            self.current = None if current == b"null" else int(current)
            if status == b"finished":
                self.finished.set()
        if self.current == seat and version == self.version and status != b"finished":
            known = self.legal.get(seat)
            if known is None or known[0] != version:  # the other copy is not decoded again
                self.legal[seat] = (version, legal_texts(payload))
        self.changed.set()

    def next_move(self) -> tuple[int, str, int] | None:
        """The seat to move, a random legal action of it and the version, if known now."""
        if self.finished.is_set() or self.current is None:
            return None
        known = self.legal.get(self.current)
        if known is None or known[0] != self.version or not known[1]:
            return None
        return self.current, random.choice(known[1]), self.version

    async def post(self, move: tuple[int, str, int]) -> None:
        seat, action, version = move
        run = self.run
        sent = time.monotonic()
        self.posted_at[version + 1] = sent
        body = orjson.dumps(
            {"seat": seat, "action": action, "version": version, "socket": self.socket_names[seat]}
        )
        try:
            async with run.http.post(
                self.actions_url, data=body, headers=self.headers[seat]
            ) as response:
                content = await response.read()
                status = response.status
        except (aiohttp.ClientError, TimeoutError) as exc:
            run.stats.errors[type(exc).__name__] += 1
            return
        done = time.monotonic()
        if status != 200:
            run.stats.errors[str(status)] += 1
            return
        if run.measuring:
            run.stats.post_latency.append(done - sent)
            run.stats.actions += 1
        head = HEAD_BYTES.search(content)
        if head is None:
            run.stats.errors["reply without a table"] += 1
            return
        self.receive(seat, head.groups(), content, done, pushed=False)

    async def wait_for_move(self, timeout: float) -> tuple[int, str, int] | None:
        deadline = time.monotonic() + timeout
        while (move := self.next_move()) is None and not self.finished.is_set():
            self.changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                await asyncio.wait_for(self.changed.wait(), left)
            except TimeoutError:
                return None
        return move

    async def last_pushes(self) -> None:
        """Give every socket up to :data:`LATE_PUSH` seconds to get the newest version."""
        deadline = time.monotonic() + LATE_PUSH
        while min(self.seen) < self.version and time.monotonic() < deadline:
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), deadline - time.monotonic())
            except TimeoutError:
                break

    def close(self) -> None:
        for task in self.sockets:
            task.cancel()
        # a socket that never got the table's newest version missed it
        for seat, seen in enumerate(self.seen):
            if seen < self.version:
                self.missing[seat] += 1


class Run:
    def __init__(self, args: argparse.Namespace, port: int) -> None:
        self.args = args
        self.port = port
        self.stats = Stats()
        self.measuring = False
        self.base_url = URL(f"http://127.0.0.1:{port}")
        # 60 s for each step (a free connection, connecting, each read), none for the whole
        timeout = aiohttp.ClientTimeout(total=None, connect=60.0, sock_read=60.0)
        self.http = aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(limit=args.connections, keepalive_timeout=5.0),
            timeout=timeout,
        )
        # an open WebSocket holds its connection for good: in a pool of its own, unlimited,
        # so the sockets take none of the --connections the actions go through
        self.sockets = aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(limit=0), timeout=timeout
        )
        self.missed_versions = 0
        self.set_up = 0  # tables created, every seat's socket connected
        self.all_set_up = asyncio.Event()
        self.stop_at = float("inf")  # set once every table is set up

    async def close(self) -> None:
        await self.http.close()
        await self.sockets.close()

    async def new_table(self) -> Table:
        seats = [{"kind": "human", "name": f"P{n}"} for n in range(2)]
        body = {"game": self.args.game, "options": {"players": 2}, "seats": seats}
        async with self.http.post(
            self.base_url / "api" / "tables", data=orjson.dumps(body), headers=JSON_HEADERS
        ) as response:
            response.raise_for_status()
            made = orjson.loads(await response.read())
        table = Table(self, made)
        for seat in range(2):
            ready = asyncio.Event()
            table.sockets.append(asyncio.create_task(table.listen(seat, ready)))
            await asyncio.wait_for(ready.wait(), 30)
        return table

    async def drive(self, number: int) -> None:
        table = await self.new_table()
        self.set_up += 1
        if self.set_up == self.args.tables:
            self.all_set_up.set()
        interval = self.args.interval
        next_at = time.monotonic() + random.uniform(0, interval)
        while time.monotonic() < self.stop_at:
            if table.finished.is_set():
                await table.last_pushes()
                table.close()
                self.missed_versions += sum(table.missing)
                self.stats.games_finished += 1
                table = await self.new_table()
                continue
            if self.args.mode == "open":
                await asyncio.sleep(max(0.0, next_at - time.monotonic()))
                scheduled, next_at = next_at, next_at + interval
                move = await table.wait_for_move(timeout=interval)
                if move is None:
                    if not table.finished.is_set() and self.measuring:
                        self.stats.late_starts += 1
                    continue
                if time.monotonic() - scheduled > 0.05 and self.measuring:
                    self.stats.late_starts += 1
            else:
                move = await table.wait_for_move(timeout=10.0)
                if move is None:
                    if not table.finished.is_set():
                        self.stats.errors["no move known within 10 s"] += 1
                    continue
            await table.post(move)
        await table.last_pushes()
        table.close()
        self.missed_versions += sum(table.missing)
        await asyncio.gather(*table.sockets, return_exceptions=True)  # closed before the end


def start_server(args: argparse.Namespace, url: str, port: int, errors: Path) -> subprocess.Popen:
    """The server, its error output going to ``errors`` (a pipe nobody reads would fill
    up and stop the server at its next log line)."""
    command = [
        sys.executable, "-m", "ziggurat", "serve", "--port", str(port),
        "--database-url", url, "--workers", str(args.workers), "--bot-delay", "0",
        # every table comes from this one address
        "--open-tables-per-creator", "100000",
    ]  # fmt: skip
    with errors.open("wb") as error_output:
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=error_output)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                pass
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            try:
                connection.request("GET", "/healthz")
                if connection.getresponse().status == 200:
                    return server
            finally:
                connection.close()
        except (OSError, http.client.HTTPException):
            pass
        time.sleep(0.2)
    server.kill()
    raise SystemExit("the server did not come up")


async def main_async(args: argparse.Namespace, port: int, server: subprocess.Popen) -> dict:
    run = Run(args, port)
    # what start-up made lives to the end: out of the collector's way (fewer, cheaper passes)
    gc.collect()
    gc.freeze()
    rss_start = process_tree_rss(server.pid)
    setup_started = time.monotonic()
    drivers = [asyncio.create_task(run.drive(n)) for n in range(args.tables)]
    # the warm-up starts once every table is set up: creating them all at once is a burst
    # of its own (a second process loads each table it did not create when its sockets
    # come), not the steady load measured; its length is reported (setup_s)
    set_up = asyncio.ensure_future(run.all_set_up.wait())
    await asyncio.wait([set_up, *drivers], return_when=asyncio.FIRST_COMPLETED)
    for driver in drivers:  # a driver ends this early only by failing: show why
        if driver.done():
            driver.result()
    setup = time.monotonic() - setup_started
    warmup_until = time.monotonic() + args.warmup
    stop_at = run.stop_at = warmup_until + args.seconds
    await asyncio.sleep(max(0.0, warmup_until - time.monotonic()))
    run.measuring = True
    started = time.monotonic()
    cpu_start = process_tree_cpu(server.pid), time.process_time()
    rss_peak = process_tree_rss(server.pid)
    while time.monotonic() < stop_at:
        await asyncio.sleep(1.0)
        rss_peak = max(rss_peak, process_tree_rss(server.pid))
    elapsed = time.monotonic() - started
    cpu_used = process_tree_cpu(server.pid) - cpu_start[0], time.process_time() - cpu_start[1]
    run.measuring = False
    await asyncio.gather(*drivers)
    await run.close()
    stats = run.stats
    ms = 1000.0
    return {
        "database": args.database,
        "workers": args.workers,
        "tables": args.tables,
        "mode": args.mode + (f" ({args.interval} s)" if args.mode == "open" else ""),
        "setup_s": round(setup, 1),
        "seconds": round(elapsed, 1),
        "actions": stats.actions,
        "actions_per_s": round(stats.actions / elapsed, 1),
        "post_ms_p50": round(percentile(stats.post_latency, 0.50) * ms, 1),
        "post_ms_p95": round(percentile(stats.post_latency, 0.95) * ms, 1),
        "post_ms_p99": round(percentile(stats.post_latency, 0.99) * ms, 1),
        "post_ms_max": round(max(stats.post_latency, default=float("nan")) * ms, 1),
        "push_ms_p50": round(percentile(stats.push_delay, 0.50) * ms, 1),
        "push_ms_p95": round(percentile(stats.push_delay, 0.95) * ms, 1),
        "push_ms_p99": round(percentile(stats.push_delay, 0.99) * ms, 1),
        "pushes_later_than_1s": stats.late_pushes,
        "newest_version_never_pushed": run.missed_versions,
        "late_starts": stats.late_starts,
        "errors": dict(stats.errors),
        "games_finished": stats.games_finished,
        # CPU time per action measured, of the server (every process) and of this client:
        # steadier than throughput on a shared machine
        "server_cpu_ms_per_action": round(cpu_used[0] / max(stats.actions, 1) * ms, 2),
        "client_cpu_ms_per_action": round(cpu_used[1] / max(stats.actions, 1) * ms, 2),
        "server_mb_start": round(rss_start / 2**20),
        "server_mb_peak": round(rss_peak / 2**20),
    }


def postgres_database() -> tuple[str, str]:
    import psycopg

    name = f"ziggurat_load_{secrets.token_hex(4)}"
    with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    return POSTGRES_ADMIN.rsplit("/", 1)[0] + f"/{name}", name


def drop_postgres_database(name: str) -> None:
    import psycopg

    with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--workers", type=int, default=1, help="server processes")
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0, help="measured time")
    parser.add_argument(
        "--warmup", type=float, default=5.0, help="unmeasured time once every table is set up"
    )
    parser.add_argument("--mode", choices=["closed", "open"], default="closed")
    parser.add_argument("--interval", type=float, default=2.0, help="open loop: s per action")
    parser.add_argument("--game", default="babylonia")
    parser.add_argument("--connections", type=int, default=100, help="HTTP connections")
    parser.add_argument("--seed", type=int, default=1, help="the clients' move choices")
    args = parser.parse_args()
    random.seed(args.seed)
    port = free_port()
    database_name = None
    with tempfile.TemporaryDirectory() as folder:
        if args.database == "sqlite":
            url = f"sqlite:///{Path(folder) / 'load.sqlite3'}"
        else:
            url, database_name = postgres_database()
        errors = Path(folder) / "server-errors.log"
        server = start_server(args, url, port, errors)
        try:
            with asyncio.Runner(loop_factory=uvloop and uvloop.new_event_loop) as runner:
                result = runner.run(main_async(args, port, server))
        finally:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
            if database_name:
                drop_postgres_database(database_name)
            logged = errors.read_text(errors="replace").splitlines()
            if logged:  # shown, not hidden: a clean run logs nothing at its warning level
                shown = logged if len(logged) <= 40 else [*logged[:20], "...", *logged[-20:]]
                print("\n".join(["the server logged:", *shown]), file=sys.stderr)
        result["server_log_lines"] = len(logged)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
