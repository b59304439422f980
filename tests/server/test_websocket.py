"""One WebSocket per client: the payload at once, and again after every change."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from .conftest import act, create, view


def receive_version(socket, version: int) -> dict:
    """The next payload at ``version``; pushes for seat claims (same version) come first."""
    while True:
        payload = socket.receive_json()
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


def test_a_socket_with_a_wrong_token_is_refused(client) -> None:
    made = create(client, [{"kind": "human"}, {"kind": "human"}])
    table_id = made["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}?seat=0&token=nope") as socket:
        assert socket.receive_json()["error"] == "wrong_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4403
