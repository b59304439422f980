"""``ziggurat serve`` runs the real server (uvicorn) and serves the API and the pages."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_starts_and_answers(tmp_path) -> None:
    port = free_port()
    url = f"sqlite:///{tmp_path / 'z.sqlite3'}"
    server = subprocess.Popen(
        [sys.executable, "-m", "ziggurat", "serve", "--port", str(port), "--database-url", url],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz") as response:
                    assert json.load(response) == {"status": "ok", "database": "sqlite"}
                    break
            except OSError:
                assert server.poll() is None, server.stdout.read() if server.stdout else ""
                assert time.monotonic() < deadline, "the server did not come up"
                time.sleep(0.2)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games") as response:
            assert json.load(response)[0]["name"] == "babylonia"
    finally:
        server.terminate()
        server.wait(timeout=20)
    assert server.stdout is not None
    assert f"serving on http://127.0.0.1:{port}/" in server.stdout.read()


def test_serve_refuses_bad_settings() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ziggurat", "serve", "--bot-workers", "0"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2
    assert "--workers and --bot-workers must be at least 1" in done.stderr


def start_server(*args: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "ziggurat", "serve", "--port", str(port), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz"):
                return server, port
        except OSError:
            assert server.poll() is None, server.stdout.read() if server.stdout else ""
            assert time.monotonic() < deadline, "the server did not come up"
            time.sleep(0.2)


def call(
    port: int, method: str, path: str, body: dict | None = None, token: str | None = None
) -> dict:
    """One request to the real server on ``port``; the answer's JSON."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json"}
        | ({"Authorization": f"Bearer {token}"} if token else {}),
    )
    with urllib.request.urlopen(request, timeout=20) as response:
        return json.load(response)  # type: ignore[no-any-return]


def create_table(port: int, seats: list[dict]) -> dict:
    """A Babylonia table with ``seats``, seat 0 to start: the answer (table and invites)."""
    body = {
        "game": "babylonia",
        "options": {"players": len(seats), "start_player": 0},
        "seats": seats,
    }
    return call(port, "POST", "/api/tables", body)


def test_several_server_processes_share_one_game(postgres_url) -> None:
    """Two uvicorn workers on PostgreSQL: requests land on either; a socket on one of them
    follows every move, and the version check holds across processes."""
    from websockets.sync.client import connect

    server, port = start_server("--workers", "2", "--database-url", postgres_url)
    try:
        made = create_table(port, [{"kind": "human"}, {"kind": "human"}])
        table_id = made["table"]["id"]
        tokens = [i["token"] for i in made["invites"]]
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}") as socket:
            seen = [json.loads(socket.recv(timeout=10))["version"]]
            for _ in range(30):
                table = call(port, "GET", f"/api/tables/{table_id}")
                seat = table["current_player"]
                mine = call(
                    port, "GET", f"/api/tables/{table_id}/view?seat={seat}", token=tokens[seat]
                )
                action = mine["legal_actions"][0]["text"]
                body = {"seat": seat, "action": action, "version": mine["version"]}
                call(port, "POST", f"/api/tables/{table_id}/actions", body, token=tokens[seat])
            while seen[-1] < 30:
                seen.append(json.loads(socket.recv(timeout=10))["version"])
        # Changes made by the other process arrive through NOTIFY; when two come close
        # together the socket may get the newer position at once (never an older one).
        assert seen == sorted(seen) and seen[-1] == 30
        assert len(set(seen)) > 10
        # a move made on an old version is refused whichever process gets it
        for _ in range(4):
            try:
                call(
                    port,
                    "POST",
                    f"/api/tables/{table_id}/actions",
                    {"seat": 0, "action": "end", "version": 5},
                    token=tokens[0],
                )
            except urllib.error.HTTPError as refused:
                assert refused.code == 409
                assert json.load(refused)["error"] in ("stale_version", "not_your_turn")
            else:
                raise AssertionError("a stale action was accepted")
    finally:
        server.terminate()
        server.wait(timeout=30)
