"""Regressions for what a review found: voided invites, stray options, odd input, lost
notifications, dead bot workers, migration races, damaged records."""

from __future__ import annotations

import os
import signal
import threading
import time

import psycopg
import pytest
from sqlalchemy import insert
from starlette.websockets import WebSocketDisconnect

from ziggurat.server.db import ActionRow, make_engine, migrate
from ziggurat.server.limits import MAX_BODY_BYTES

from .conftest import (
    TWO_HUMANS,
    a_legal_move,
    act,
    auth,
    create,
    make_client,
    two_listening_servers,
    view,
    wait_for,
)
from .test_websocket import receive_version


def test_a_join_in_another_process_voids_the_old_invite_there_too(database_url) -> None:
    with make_client(database_url) as first, make_client(database_url) as second:
        made = create(first, TWO_HUMANS, start_player=1)
        table_id, old = made["table"]["id"], made["invites"][1]["token"]
        view(first, table_id, 0, made["invites"][0]["token"])  # first caches the table
        joined = second.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Cy"})
        new = joined.json()["token"]
        refused = first.get(f"/api/tables/{table_id}/view", params={"seat": 1}, headers=auth(old))
        assert (refused.status_code, refused.json()["error"]) == (403, "wrong_token")
        assert act(first, table_id, 1, old, "F1,7", 0).status_code == 403
        mine = view(first, table_id, 1, new)
        assert mine["table"]["seats"][1] == {
            **mine["table"]["seats"][1],
            "name": "Cy",
            "claimed": True,
        }
        assert mine["table"]["status"] == "running"
        listed = first.get("/api/tables").json()["tables"][0]
        assert listed["status"] == "running"


def test_an_invite_and_a_join_never_both_get_a_seat(client) -> None:
    """Using an invite claims its seat, so the lobby cannot hand it out again; a join first
    voids the invite, so its socket is refused."""
    made = create(client, TWO_HUMANS, start_player=0)
    table_id, invites = made["table"]["id"], made["invites"]
    with client.websocket_connect(f"/ws/tables/{table_id}?seat=1&token={invites[1]['token']}") as s:
        assert s.receive_json()["seat"] == 1
        taken = client.post(f"/api/tables/{table_id}/join", json={"seat": 1})
        assert (taken.status_code, taken.json()["error"]) == (409, "seat_taken")
    joined = client.post(f"/api/tables/{table_id}/join", json={"seat": 0})
    assert joined.status_code == 200
    old = invites[0]["token"]
    with client.websocket_connect(f"/ws/tables/{table_id}?seat=0&token={old}") as socket:
        assert socket.receive_json()["error"] == "wrong_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4403


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"seed": 1234}, 400, "seed: Extra inputs are not permitted"),
        ({"options": {"players": 2, "data": "/etc/passwd"}}, 422, "option 'data'"),
        ({"options": {"players": 2, "name": "x"}}, 422, "option 'name'"),
        ({"options": {"players": 2.0}}, 422, "players=2.0"),
        ({"seats": [{"kind": "human", "name": "A\u0000"}, {"kind": "bot"}]}, 400, "seats.0.name"),
        # a Unicode digit that int() cannot read was a 500
        ({"game": "ishtar", "options": {"layout": "X0=B1A\u00b2"}}, 422, "write a board"),
        # a long refused value is quoted by a short prefix only
        ({"game": "ishtar", "options": {"layout": "Q" * 1999}}, 422, "'QQQQQQQQQQ"),
        ({"options": {"players": 2, "x" * 5000: 1}}, 422, "unknown Babylonia option"),
    ],
)
def test_creation_refuses_seeds_stray_options_and_odd_names(client, body, status, message):
    full = {
        "game": "babylonia",
        "options": {"players": 2},
        "seats": [{"kind": "human"}, {"kind": "bot"}],
        **body,
    }
    response = client.post("/api/tables", json=full)
    assert response.status_code == status, response.text
    assert message in response.json()["message"]
    assert len(response.content) < 600, "an error quotes a short prefix of the input"
    assert client.get("/api/tables").json()["tables"] == []


def test_odd_requests_get_the_documented_error_shape(client) -> None:
    made = create(client, TWO_HUMANS, start_player=0)
    table_id, token = made["table"]["id"], made["invites"][0]["token"]
    cases = [
        client.post(f"/api/tables/{table_id}/actions", content=b"\xff\xfe", headers=auth(token)),
        client.post(f"/api/tables/{table_id}/actions", content=b"[" * 1000, headers=auth(token)),
        client.put(f"/api/tables/{table_id}"),
        client.get("/api/tables/a%00b"),
        client.get("/nowhere"),
        client.post(
            f"/api/tables/{table_id}/actions",
            json={"seat": 0, "action": "F1,7", "version": True},
            headers=auth(token),
        ),
        client.post(f"/api/tables/{table_id}/join", json={"name": "Bo\u0000", "seat": 1}),
        client.get(f"/api/tables/{table_id}/view", params={"seat": -1}),
    ]
    for response in cases:
        assert 400 <= response.status_code < 500, response.text
        body = response.json()
        assert set(body) >= {"error", "message"}, body
    assert view(client, table_id)["version"] == 0
    joined = client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "Bo"})
    assert joined.status_code == 200  # the refused join changed nothing


def test_odd_socket_parameters_and_frames(client) -> None:
    made = create(client, TWO_HUMANS)
    table_id = made["table"]["id"]
    for seat in ("abc", "\u00b2", "1" * 5000, "17", "-1"):  # "²" is a digit to str.isdigit
        with client.websocket_connect(f"/ws/tables/{table_id}?seat={seat}") as socket:
            refused = socket.receive_json()
            assert refused["error"] == "bad_request"
            assert "is not a seat number" in refused["message"]
            assert len(refused["message"]) < 80  # a 5,000-digit seat is not echoed back
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 4400
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.receive_json()
        socket.send_bytes(b"\x00\x01")
        socket.send_text("hello")
        assert view(client, table_id)["version"] == 0


def test_unknown_tables_leave_nothing_behind(client) -> None:
    service = client.app.state.service
    before = service.tables.locks_kept()
    for i in range(50):
        client.post(f"/api/tables/nope{i}/join", json={})
        client.post(f"/api/tables/nope{i}/actions", json={"seat": 0, "action": "end", "version": 0})
    assert service.tables.locks_kept() == before


def test_a_damaged_record_does_not_keep_the_server_down(database_url) -> None:
    with make_client(database_url, bot_delay=60) as client:
        good = create(client, TWO_HUMANS)["table"]["id"]
        bad = create(client, TWO_HUMANS)["table"]["id"]
    engine = make_engine(database_url)
    with engine.begin() as connection:  # an action that no longer replays
        connection.execute(
            insert(ActionRow).values(
                table_id=bad, number=1, seat=0, action="card 9", created_at=time_now()
            )
        )
    engine.dispose()
    with make_client(database_url) as client:
        assert view(client, good)["version"] == 0
        response = client.get(f"/api/tables/{bad}/view")
        assert (response.status_code, response.json()["error"]) == (500, "table_unreadable")
        assert "does not replay" in response.json()["message"]


def time_now():
    from ziggurat.server.db import utcnow

    return utcnow()


def test_a_dead_bot_worker_is_replaced(database_url) -> None:
    with make_client(database_url, bot_delay=0.05) as client:
        made = create(
            client, [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}]
        )
        table_id = made["table"]["id"]
        wait_for(client, table_id, lambda p: p["version"] >= 3)
        service = client.app.state.service
        for pid in list(service.bots.pool._processes):  # the workers die mid-game
            os.kill(pid, signal.SIGKILL)
        final = wait_for(client, table_id, lambda p: p["table"]["status"] == "finished")
        assert final["view"]["over"] is True


def test_migrations_can_race(postgres_url) -> None:
    errors: list[Exception] = []

    def run() -> None:
        engine = make_engine(postgres_url)
        try:
            migrate(engine)
        except Exception as exc:  # pragma: no cover - the failure being tested
            errors.append(exc)
        finally:
            engine.dispose()

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_sockets_catch_up_after_the_notification_channel_drops(postgres_url) -> None:
    with two_listening_servers(postgres_url) as (first, second, table_id, tokens):  # noqa: SIM117 - the socket needs the second server
        with second.websocket_connect(f"/ws/tables/{table_id}") as socket:
            assert socket.receive_json()["version"] == 0
            admin_url = postgres_url.replace("postgresql+psycopg://", "postgresql://")
            with psycopg.connect(admin_url, autocommit=True) as admin:
                admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE query LIKE 'LISTEN%' AND datname = current_database()"
                )
            move = a_legal_move(first, table_id, 0, tokens[0])
            assert act(first, table_id, 0, tokens[0], move, 0).status_code == 200
            deadline = time.monotonic() + 15
            pushed = receive_version(socket, 1)
            assert pushed["log"][0]["text"] == move
            assert time.monotonic() < deadline


def test_a_refused_action_does_not_claim_the_seat_of_an_unused_invite(client) -> None:
    """The first use of an invite claims its seat only if it stores an action: a move out of
    turn (409) or an illegal one (422) leaves the seat free and the table open."""
    made = create(client, TWO_HUMANS, start_player=0)
    table_id = made["table"]["id"]
    tokens = [i["token"] for i in made["invites"]]

    def claimed() -> list[bool]:
        return [s["claimed"] for s in client.get(f"/api/tables/{table_id}").json()["seats"]]

    out_of_turn = act(client, table_id, 1, tokens[1], "M7,3", 0)
    assert (out_of_turn.status_code, out_of_turn.json()["error"]) == (409, "not_your_turn")
    illegal = act(client, table_id, 0, tokens[0], "M0,0", 0)
    assert (illegal.status_code, illegal.json()["error"]) == (422, "illegal_action")
    assert claimed() == [False, False]
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "open"
    joined = client.post(f"/api/tables/{table_id}/join", json={"seat": 0, "name": "Cy"})
    assert joined.status_code == 200  # still free: somebody else may take it
    token = joined.json()["token"]
    move = a_legal_move(client, table_id, 0, token)
    assert act(client, table_id, 0, token, move, 0).status_code == 200
    assert claimed() == [True, False]


def test_a_body_over_the_limit_is_refused_unread_and_not_echoed(client) -> None:
    huge = b'{"game": "' + b"x" * (10 * 1024 * 1024) + b'"}'
    for body in (huge, iter([huge[:40_000], huge[40_000:80_000], huge[80_000:]])):  # chunked
        refused = client.post(
            "/api/tables", content=body, headers={"Content-Type": "application/json"}
        )
        assert refused.status_code == 413
        assert refused.json() == {
            "error": "too_large",
            "message": f"the request body is larger than the limit of {MAX_BODY_BYTES} bytes",
            "limit": MAX_BODY_BYTES,
        }
    assert client.get("/api/tables").json()["tables"] == []
    fits = create(client, TWO_HUMANS)  # an ordinary body still goes through
    assert fits["table"]["status"] == "open"


def test_tables_in_memory_are_bounded_but_never_a_watched_or_locked_one(client) -> None:
    service = client.app.state.service
    service.tables.limit = 5
    watched = create(client, TWO_HUMANS)["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{watched}") as socket:
        socket.receive_json()
        made = [create(client, TWO_HUMANS)["table"]["id"] for _ in range(12)]
        for table_id in made:
            assert view(client, table_id)["version"] == 0
        assert len(service.tables) == 5
        assert watched in service.tables  # the oldest, but a client follows it
        assert made[-1] in service.tables and made[0] not in service.tables
        assert service.tables.locks_kept() <= 2 * 5
        # a table that left memory is rebuilt from its record when asked for again
        assert view(client, made[0])["table"]["id"] == made[0]
