"""A client that stops reading cannot stall anybody else's table (issue 17, problem 1).

The real ``ziggurat serve`` runs as a subprocess. A spectator WebSocket is opened by hand on
a raw TCP socket with a tiny receive buffer and then never read: the server's sends to it
soon block. Every action posted meanwhile must still be answered at once, bots must keep
moving, and a reading spectator must keep getting the newest version.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import time
import urllib.request

from .test_serve_command import call, start_server


def stalled_socket(port: int, path: str) -> socket.socket:
    """A WebSocket upgraded by hand that will never read a byte after the handshake."""
    raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    raw.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += raw.recv(1)  # the status line and headers only, then nothing more
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return raw


def timed_call(port: int, method: str, path: str, body: dict, token: str) -> tuple[float, dict]:
    start = time.monotonic()
    answer = call(port, method, path, body, token=token)
    return time.monotonic() - start, answer


def test_a_spectator_that_stops_reading_stalls_no_action_and_no_bot(database_url) -> None:
    from websockets.sync.client import connect

    server, port = start_server("--database-url", database_url, "--bot-delay", "0")
    stalled = []
    try:
        seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]
        body = {"game": "amyitis", "options": {"players": 2}, "seats": seats}
        made = call(port, "POST", "/api/tables", body)  # long games, payloads of ~50 kB
        table_id = made["table"]["id"]
        token = made["invites"][0]["token"]
        stalled = [stalled_socket(port, f"/ws/tables/{table_id}") for _ in range(3)]
        slowest = 0.0
        for _ in range(110):
            deadline = time.monotonic() + 10
            while True:  # the bot answers every move of ours, whatever the stalled sockets do
                view = f"/api/tables/{table_id}/view?seat=0"
                mine = call(port, "GET", view, token=token)
                if mine["legal_actions"] or mine["table"]["status"] == "finished":
                    break
                assert time.monotonic() < deadline, "the bot stopped moving"
                time.sleep(0.05)
            if mine["table"]["status"] == "finished":
                break
            move = mine["legal_actions"][0]["text"]
            body = {"seat": 0, "action": move, "version": mine["version"]}
            took, _ = timed_call(port, "POST", f"/api/tables/{table_id}/actions", body, token)
            slowest = max(slowest, took)
        assert slowest < 2.0, f"an action took {slowest:.1f} s to be answered"
        deadline = time.monotonic() + 10
        while True:  # the bot answers our last move; then nobody moves until we do
            mine = call(port, "GET", f"/api/tables/{table_id}/view?seat=0", token=token)
            if mine["legal_actions"] or mine["table"]["status"] == "finished":
                break
            assert time.monotonic() < deadline, "the bot stopped moving"
            time.sleep(0.05)
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}", open_timeout=5) as reader:
            first = json.loads(reader.recv(timeout=5))
            table = call(port, "GET", f"/api/tables/{table_id}")
            assert first["version"] == table["version"]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as response:
            assert json.load(response)["status"] == "ok"
    finally:
        for raw in stalled:
            raw.close()
        server.terminate()
        server.wait(timeout=30)
