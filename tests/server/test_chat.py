"""Chat at the table: written by a seat (its token or its account's session) or, where the
table allows it, a logged-in spectator; in every payload and pushed over the WebSocket;
kept as written (escaping is the display's job), limited in size, in rate per sender and in
number per table; kept across a restart and carried between server processes. Every
refusal changes nothing."""

from __future__ import annotations

import pytest

from ziggurat.server import chat

from .conftest import TWO_HUMANS, auth, create, make_client, two_listening_servers, view, wait_for
from .test_accounts import ORIGIN, session_of
from .test_bots_and_secrets import check_secrets
from .test_websocket import receive_whole

HTML = '<script>alert("hi")</script> & <b>bold</b>'


def write(client, table_id: str, text: str, seat: int | None = None, token: str | None = None,
          **headers: str):  # fmt: skip
    body = {"text": text} | ({} if seat is None else {"seat": seat})
    return client.post(
        f"/api/tables/{table_id}/chat",
        json=body,
        headers={**(auth(token) if token else {}), **headers},
    )


def started(client, **extra) -> tuple[str, list[str]]:
    body = {"game": "babylonia", "options": {"players": 2}, "seats": TWO_HUMANS, **extra}
    made = client.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    table_id, tokens = made.json()["table"]["id"], [i["token"] for i in made.json()["invites"]]
    for seat in (0, 1):
        view(client, table_id, seat, tokens[seat])
    return table_id, tokens


def test_a_seat_writes_and_everyone_reads_it_as_written(client) -> None:
    table_id, tokens = started(client)
    with client.websocket_connect(f"/ws/tables/{table_id}?seat=1&token={tokens[1]}") as socket:
        first = receive_whole(socket)
        assert first["chat"] == []
        response = write(client, table_id, f"  {HTML}\nsecond line  ", 0, tokens[0])
        assert response.status_code == 201, response.text
        message = response.json()["message"]
        assert message["number"] == 1 and message["seat"] == 0 and message["name"] == "Ann"
        assert message["text"] == f"{HTML}\nsecond line"  # trimmed, nothing else changed
        pushed = receive_whole(socket)
        assert pushed["chat"] == [message]
        assert pushed["version"] == first["version"]  # a message is no move
    for seat in (None, 0, 1):
        payload = view(client, table_id, seat, None if seat is None else tokens[seat])
        assert payload["chat"] == [message]
        check_secrets(payload, seat)
    assert write(client, table_id, "hello Ann", 1, tokens[1]).json()["message"]["number"] == 2


def test_refused_messages_say_why_and_change_nothing(client) -> None:
    table_id, tokens = started(client)
    cases = [
        ({"text": "hi", "seat": 0}, {}, 401, "token_required"),
        ({"text": "hi", "seat": 0}, auth(tokens[1]), 403, "wrong_token"),
        ({"text": "hi", "seat": 5}, auth(tokens[0]), 404, "no_such_seat"),
        ({"text": "hi"}, {}, 401, "login_required"),
        ({"text": "   ", "seat": 0}, auth(tokens[0]), 400, "bad_request"),
        ({"text": "x" * 501, "seat": 0}, auth(tokens[0]), 400, "bad_request"),
        ({"text": "x" * 2001, "seat": 0}, auth(tokens[0]), 400, "bad_request"),
        ({"text": "bell\x07", "seat": 0}, auth(tokens[0]), 400, "bad_request"),
        ({"text": "hi", "seat": 0, "name": "Bo"}, auth(tokens[0]), 400, "bad_request"),
        ({"seat": 0}, auth(tokens[0]), 400, "bad_request"),
    ]
    for body, headers, status, error in cases:
        response = client.post(f"/api/tables/{table_id}/chat", json=body, headers=headers)
        assert response.status_code == status, (body, response.text)
        assert response.json()["error"] == error
    too_long = write(client, table_id, "x" * 501, 0, tokens[0]).json()["message"]
    assert "at most 500 characters, not 501" in too_long
    missing = write(client, "nothere", "hi", 0, tokens[0])
    assert missing.status_code == 404 and missing.json()["error"] == "no_such_table"
    assert view(client, table_id)["chat"] == []
    assert write(client, table_id, "x" * 500, 0, tokens[0]).status_code == 201


def test_one_sender_writes_at_most_five_messages_in_ten_seconds(client) -> None:
    table_id, tokens = started(client)
    for number in range(5):
        assert write(client, table_id, f"spam {number}", 0, tokens[0]).status_code == 201
    response = write(client, table_id, "spam 5", 0, tokens[0])
    assert response.status_code == 429
    body = response.json()
    assert body["error"] == "too_many_messages" and 1 <= body["retry_after"] <= 10
    assert response.headers["retry-after"] == str(body["retry_after"])
    assert write(client, table_id, "my turn to talk", 1, tokens[1]).status_code == 201
    assert len(view(client, table_id)["chat"]) == 6


def test_a_full_chat_refuses_more(client, monkeypatch) -> None:
    monkeypatch.setattr(chat, "PER_TABLE", 3)
    monkeypatch.setattr(chat, "BURST", 100)
    table_id, tokens = started(client)
    for number in range(3):
        assert (
            write(client, table_id, f"m{number}", number % 2, tokens[number % 2]).status_code == 201
        )
    response = write(client, table_id, "one more", 0, tokens[0])
    assert response.status_code == 409 and response.json()["error"] == "chat_full"


def test_a_payload_carries_the_last_hundred_messages(client, monkeypatch) -> None:
    monkeypatch.setattr(chat, "BURST", 1000)
    table_id, tokens = started(client)
    for number in range(1, 106):
        assert write(client, table_id, f"m{number}", 0, tokens[0]).status_code == 201
    shown = view(client, table_id)["chat"]
    assert [m["number"] for m in shown] == list(range(6, 106))


def test_spectators_write_only_with_an_account_where_the_table_allows_it(client) -> None:
    quiet, _tokens = started(client)
    session_of(client, "Cy")  # the client holds Cy's cookie from now on
    refused = write(client, quiet, "hello players")
    assert refused.status_code == 403 and refused.json()["error"] == "spectators_silent"
    client.cookies.clear()
    talkative, _tokens = started(client, spectator_chat=True)
    assert view(client, talkative)["table"]["spectator_chat"] is True
    anonymous = write(client, talkative, "hello")
    assert anonymous.status_code == 401 and anonymous.json()["error"] == "login_required"
    login = client.post(
        "/api/session", json={"name": "Cy", "password": "correct horse"}, headers=ORIGIN
    )
    assert login.status_code == 200
    written = write(client, talkative, "good luck both")
    assert written.status_code == 201, written.text
    assert written.json()["message"] | {"at": None} == {
        "number": 1, "seat": None, "name": "Cy", "text": "good luck both", "at": None,
    }  # fmt: skip


def test_an_account_writes_as_its_seat_with_its_session_alone(client) -> None:
    ann = session_of(client, "Ann")
    made = create(client, TWO_HUMANS)
    table_id, token = made["table"]["id"], made["invites"][0]["token"]
    view(client, table_id, 0, token)  # with the cookie: the seat is Ann's account's
    client.cookies.clear()
    response = write(client, table_id, "from my phone", **{"X-Session": ann})
    assert response.status_code == 201, response.text
    assert response.json()["message"]["seat"] == 0
    assert response.json()["message"]["name"] == "Ann"


def test_the_chat_outlives_a_restart(database_url) -> None:
    with make_client(database_url) as client:
        table_id, tokens = started(client)
        write(client, table_id, "before", 0, tokens[0])
    with make_client(database_url) as client:
        assert [m["text"] for m in view(client, table_id)["chat"]] == ["before"]
        assert write(client, table_id, "after", 1, tokens[1]).json()["message"]["number"] == 2


@pytest.mark.timeout(120)
def test_a_message_written_on_one_server_reaches_the_other(postgres_url) -> None:
    with two_listening_servers(postgres_url) as (first, second, table_id, tokens):
        view(second, table_id)  # the second serves the table too
        assert write(first, table_id, "across", 0, tokens[0]).status_code == 201
        wait_for(second, table_id, lambda p: [m["text"] for m in p["chat"]] == ["across"], 30)
        assert write(second, table_id, "back", 1, tokens[1]).json()["message"]["number"] == 2
        wait_for(first, table_id, lambda p: len(p["chat"]) == 2, 30)
