"""One WebSocket per client: the payload at once, and again after every change."""

from __future__ import annotations

import weakref
from urllib.parse import quote

import pytest
from starlette.websockets import WebSocketDisconnect

from .conftest import act, auth, create, view

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


def test_a_socket_is_not_pushed_the_reply_to_its_own_action(client) -> None:
    """An action naming its client's socket (``socket``) is answered, and that socket is
    not pushed the same payload; its next push carries the log from where the socket was,
    so the log it builds stays whole. Every other socket is pushed as before."""
    made = create(client, [{"kind": "human"}, {"kind": "human"}], start_player=0)
    table_id = made["table"]["id"]
    tokens = [i["token"] for i in made["invites"]]
    for seat in (0, 1):  # both seats claimed first: every later push is a move
        view(client, table_id, seat, tokens[seat])

    def play(version: int, socket: str | None = None) -> int:
        seat = view(client, table_id)["table"]["current_player"]
        move = view(client, table_id, seat, tokens[seat])["legal_actions"][0]["text"]
        body = {"seat": seat, "action": move, "version": version}
        if socket is not None:
            body["socket"] = socket.format(seat)
        reply = client.post(
            f"/api/tables/{table_id}/actions", json=body, headers=auth(tokens[seat])
        )
        assert reply.status_code == 200, reply.text
        assert reply.json()["version"] == version + 1
        return seat

    url = f"/ws/tables/{table_id}?socket=s{{0}}&seat={{0}}&token={{1}}"
    with (
        client.websocket_connect(url.format(0, tokens[0])) as socket_0,
        client.websocket_connect(url.format(1, tokens[1])) as socket_1,
    ):
        sockets = [socket_0, socket_1]
        for socket in sockets:
            assert receive_whole(socket)["version"] == 0
        play(0)
        for socket in sockets:
            assert receive_whole(socket)["version"] == 1
        named = play(1, socket="s{0}")
        assert receive_whole(sockets[1 - named])["version"] == 2
        play(2)
        assert receive_whole(sockets[1 - named])["version"] == 3
        spared = sockets[named]
        pushed = spared.receive_json()  # version 2 was never sent to it: 3 comes next
        assert pushed["version"] == 3
        assert pushed["log_from"] == 1 and [e["number"] for e in pushed["log"]] == [2, 3]
        log = _logs[spared][:1] + pushed["log"]
        assert log == view(client, table_id, named, tokens[named])["log"]
        other = 1 - named
        assert _logs[sockets[other]] == view(client, table_id, other, tokens[other])["log"]


def test_a_push_to_another_seats_socket_is_never_withheld(client) -> None:
    """Naming a socket of another seat withholds nothing: only the acting seat's own
    sockets can be spared a push."""
    made = create(client, [{"kind": "human"}, {"kind": "human"}], start_player=0)
    table_id = made["table"]["id"]
    tokens = [i["token"] for i in made["invites"]]
    for seat in (0, 1):
        view(client, table_id, seat, tokens[seat])
    with client.websocket_connect(
        f"/ws/tables/{table_id}?socket=theirs&seat=1&token={tokens[1]}"
    ) as theirs:
        assert receive_whole(theirs)["version"] == 0
        move = view(client, table_id, 0, tokens[0])["legal_actions"][0]["text"]
        reply = client.post(
            f"/api/tables/{table_id}/actions",
            json={"seat": 0, "action": move, "version": 0, "socket": "theirs"},
            headers=auth(tokens[0]),
        )
        assert reply.status_code == 200, reply.text
        assert receive_whole(theirs)["version"] == 1


@pytest.mark.parametrize("name", ["", "a b", "x" * 33, "é", "a\n"])
def test_a_malformed_socket_name_is_refused(client, name: str) -> None:
    made = create(client, [{"kind": "human"}, {"kind": "human"}], start_player=0)
    table_id = made["table"]["id"]
    token = made["invites"][0]["token"]
    move = view(client, table_id, 0, token)["legal_actions"][0]["text"]
    reply = client.post(
        f"/api/tables/{table_id}/actions",
        json={"seat": 0, "action": move, "version": 0, "socket": name},
        headers=auth(token),
    )
    assert reply.status_code == 400 and reply.json()["error"] == "bad_request"
    assert "socket" in reply.json()["message"]
    assert view(client, table_id)["version"] == 0  # nothing changed
    if name:  # an empty ?socket= is no name
        with client.websocket_connect(f"/ws/tables/{table_id}?socket={quote(name)}") as socket:
            refusal = socket.receive_json()
            assert refusal["error"] == "bad_request" and "socket" in refusal["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 4400
