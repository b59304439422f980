"""One WebSocket per client: the payload at once, and again after every change."""

from __future__ import annotations

import weakref

import pytest
from starlette.websockets import WebSocketDisconnect

from .conftest import act, create, view

_logs: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def receive_whole(socket) -> dict:
    """The socket's next payload made whole: a push holds only the log entries this socket
    had not sent yet (``log_from``); the entries before are those it sent before."""
    payload = socket.receive_json()
    if "log" in payload:
        start = payload.pop("log_from", 0)
        payload["log"] = _logs.get(socket, [])[:start] + payload["log"]
        _logs[socket] = payload["log"]
    return payload


def receive_version(socket, version: int) -> dict:
    """The next payload at ``version``, whole; pushes for seat claims (same version) come
    first. Read a socket through these two (or :meth:`receive_json` only before any
    move): they keep what it sent."""
    while True:
        payload = receive_whole(socket)
        if payload["version"] == version:
            return payload
        assert payload["version"] < version


def test_each_socket_gets_its_own_payload_after_every_change(client) -> None:
    made = create(client, [{"kind": "human"}, {"kind": "human"}], start_player=0)
    table_id = made["table"]["id"]
    tokens = [i["token"] for i in made["invites"]]
    with client.websocket_connect(f"/ws/tables/{table_id}?seat=1&token={tokens[1]}") as seat_1:
        first = seat_1.receive_json()
        assert first["version"] == 0 and first["seat"] == 1
        assert [p["seat"] for p in first["view"]["players"] if "stand" in p] == [1]
        with client.websocket_connect(f"/ws/tables/{table_id}") as spectator:
            assert spectator.receive_json()["seat"] is None
            legal = view(client, table_id, 0, tokens[0])["legal_actions"]
            river = next(a for a in legal if a.get("face_down"))
            assert act(client, table_id, 0, tokens[0], river["text"], 0).status_code == 200
            hidden = "?{},{}".format(*river["hex"])
            pushed = receive_version(seat_1, 1)
            assert pushed["log"][0]["text"] == hidden  # seat 0's face-down token: kind hidden
            assert pushed["legal_actions"]  # seat 1 is to act now
            watched = receive_version(spectator, 1)
            assert watched["legal_actions"] == [] and watched["log"][0]["text"] == hidden
            assert all("stand" not in p for p in watched["view"]["players"])


def test_a_socket_is_sent_the_log_from_the_first_entry_it_lacks(client) -> None:
    made = create(client, [{"kind": "human"}, {"kind": "human"}], start_player=0)
    table_id = made["table"]["id"]
    tokens = [i["token"] for i in made["invites"]]
    for seat in (0, 1):  # both seats claimed first: every later push is a move
        view(client, table_id, seat, tokens[seat])
    with client.websocket_connect(f"/ws/tables/{table_id}") as spectator:
        first = spectator.receive_json()
        assert "log_from" not in first and first["log"] == []
        log = first["log"]
        for version in range(4):
            seat = view(client, table_id)["table"]["current_player"]
            move = view(client, table_id, seat, tokens[seat])["legal_actions"][0]["text"]
            assert act(client, table_id, seat, tokens[seat], move, version).status_code == 200
            pushed = spectator.receive_json()
            assert pushed["version"] == version + 1
            assert pushed.pop("log_from", 0) == len(log) == version  # only the new entry
            assert [entry["number"] for entry in pushed["log"]] == [version + 1]
            log = pushed["log"] = log + pushed["log"]
            assert pushed == view(client, table_id)  # the whole payload, as REST gives it


def test_a_socket_with_a_wrong_token_is_refused(client) -> None:
    made = create(client, [{"kind": "human"}, {"kind": "human"}])
    table_id = made["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}?seat=0&token=nope") as socket:
        assert socket.receive_json()["error"] == "wrong_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4403
