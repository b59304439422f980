"""A client that leaves leaves nothing behind: its sender task ends with its socket.

Found under load: on Python 3.11 ``asyncio.wait_for`` swallows a cancel that arrives just as
the send it guards completes, so the sender of a client that closed right after a push
went back to waiting for ever, holding its socket and its last payload; the loop, which
holds tasks only weakly, later destroyed some of them ("Task was destroyed but it is
pending!"). The real ``ziggurat serve`` runs as a subprocess; spectators connect, take
their first payload and close at once, many times, while the table moves.
"""

from __future__ import annotations

import json
import time
import urllib.request

from .test_serve_command import call, create_table, start_server

DEPARTURES = 150


def act_as(port: int, table_id: str, tokens: list[str], version: int) -> int:
    """Post the first legal action of the seat to move; the table's new version."""
    spectator = call(port, "GET", f"/api/tables/{table_id}/view")
    seat = spectator["table"]["current_player"]
    path = f"/api/tables/{table_id}/view?seat={seat}"
    legal = call(port, "GET", path, token=tokens[seat])["legal_actions"]
    body = {"seat": seat, "action": legal[0]["text"], "version": version}
    answer = call(port, "POST", f"/api/tables/{table_id}/actions", body, token=tokens[seat])
    return answer["version"]  # type: ignore[no-any-return]


def metrics(port: int) -> dict:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        return json.load(response)  # type: ignore[no-any-return]


def test_clients_that_close_after_a_push_leave_no_sender_behind(database_url) -> None:
    from websockets.sync.client import connect

    server, port = start_server("--database-url", database_url)
    try:
        made = create_table(port, [{"kind": "human"}, {"kind": "human"}])
        table_id = made["table"]["id"]
        tokens = [invite["token"] for invite in made["invites"]]
        version = 0
        for number in range(DEPARTURES):
            with connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}") as socket:
                json.loads(socket.recv(timeout=10))
                if number % 4 == 0:  # a push on its way while some of them close
                    version = act_as(port, table_id, tokens, version)
        deadline = time.monotonic() + 15
        while True:
            seen = metrics(port)
            if seen["websocket_clients"] == 0 and seen.get("websocket_senders") == 0:
                break
            assert time.monotonic() < deadline, f"senders still running: {seen}"
            time.sleep(0.1)
    finally:
        server.terminate()
        output, _ = server.communicate(timeout=30)
    assert "Task was destroyed" not in output, output[-2000:]


def test_metrics_count_the_senders_of_open_sockets(database_url) -> None:
    from websockets.sync.client import connect

    server, port = start_server("--database-url", database_url)
    try:
        made = create_table(port, [{"kind": "human"}, {"kind": "human"}])
        path = f"ws://127.0.0.1:{port}/ws/tables/{made['table']['id']}"
        with connect(path) as first, connect(path) as second:
            first.recv(timeout=10)
            second.recv(timeout=10)
            seen = metrics(port)
            assert (seen["websocket_clients"], seen["websocket_senders"]) == (2, 2)
        assert call(port, "GET", "/healthz")
    finally:
        server.terminate()
        server.communicate(timeout=30)


def test_pushes_are_compressed_as_the_client_asks(tmp_path) -> None:
    """``ziggurat serve`` negotiates per-message deflate (made at zlib's fastest level by
    its own WebSocket protocol) and the compressed messages read back whole."""
    from websockets.sync.client import connect

    server, port = start_server("--database-url", f"sqlite:///{tmp_path / 'z.sqlite3'}")
    try:
        made = create_table(port, [{"kind": "human"}, {"kind": "human"}])
        table_id = made["table"]["id"]
        with connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}") as socket:
            assert socket.response is not None
            negotiated = socket.response.headers.get("Sec-WebSocket-Extensions", "")
            assert negotiated.startswith("permessage-deflate")
            payload = json.loads(socket.recv(timeout=10))
        assert payload == call(port, "GET", f"/api/tables/{table_id}/view")
    finally:
        server.terminate()
        server.communicate(timeout=30)
