"""Leaving a game and removing a table: ``POST /api/tables/{id}/resign`` hands a person's
seat to a bot, named as such, so that the others can finish; ``DELETE /api/tables/{id}``
removes a table that never started or is over, with its creator's token. Both are refused,
changing nothing, when they must be, and both reach every socket in every process."""

from __future__ import annotations

from datetime import UTC, datetime

from starlette.websockets import WebSocketDisconnect

from ziggurat.core.records import record_from_json, replay
from ziggurat.core.registry import load_game
from ziggurat.server.live import LiveTable, SeatInfo

from .conftest import (
    TWO_HUMANS,
    act,
    auth,
    create,
    make_client,
    two_listening_servers,
    view,
    wait_for,
)
from .test_websocket import receive_version


def resign(client, table_id: str, seat: int, token: str | None, **extra):
    return client.post(
        f"/api/tables/{table_id}/resign",
        json={"seat": seat, **extra},
        headers=auth(token) if token else {},
    )


def delete(client, table_id: str, token: str | None):
    return client.delete(f"/api/tables/{table_id}", headers=auth(token) if token else {})


def started(client) -> tuple[str, list[str], str]:
    """A two-human table, both seats claimed, seat 0 to move: its id, the seat tokens and
    the creator's token."""
    made = create(client, TWO_HUMANS, start_player=0)
    table_id, tokens = made["table"]["id"], [i["token"] for i in made["invites"]]
    for seat in (0, 1):
        view(client, table_id, seat, tokens[seat])
    return table_id, tokens, made["creator_token"]


# ------------------------------------------------------------------------ resign


def test_a_resigned_seat_is_played_on_by_a_bot_named_as_such(client) -> None:
    table_id, tokens, _creator = started(client)
    first = view(client, table_id, 0, tokens[0])["legal_actions"][0]["text"]
    assert act(client, table_id, 0, tokens[0], first, 0).status_code == 200  # one token: Bo's turn
    with client.websocket_connect(f"/ws/tables/{table_id}?seat=1&token={tokens[1]}") as mine:
        receive_version(mine, 1)
        response = resign(client, table_id, 1, tokens[1])
        assert response.status_code == 200, response.text
        seat = response.json()["table"]["seats"][1]
        assert (seat["kind"], seat["agent"], seat["took_over"], seat["name"]) == (
            "bot",
            "greedy",
            "resigned",
            "Bo",
        )
        farewell = mine.receive_json()
        assert farewell == {
            "error": "seat_taken_over",
            "message": "you resigned: a bot plays this seat now",
            "why": "resigned",
        }
    # the bot plays Bo's turn at once; the old token no longer opens the seat
    after = wait_for(client, table_id, lambda p: p["table"]["current_player"] == 0)
    assert after["log"][-1]["seat"] == 1
    refused = client.get(f"/api/tables/{table_id}/view?seat=1", headers=auth(tokens[1]))
    assert (refused.status_code, refused.json()["error"]) == (403, "wrong_token")
    again = resign(client, table_id, 1, tokens[1])
    assert (again.status_code, again.json()["error"]) == (403, "wrong_token")
    assert "played by a bot" in again.json()["message"]


def test_resign_refusals_change_nothing(client) -> None:
    table_id, tokens, _creator = started(client)
    before = view(client, table_id, 0, tokens[0])
    cases = [
        (resign(client, table_id, 0, None), 401, "token_required"),
        (resign(client, table_id, 0, tokens[1]), 403, "wrong_token"),
        (resign(client, table_id, 2, tokens[0]), 404, "no_such_seat"),
        (resign(client, "nope", 0, tokens[0]), 404, "no_such_table"),
        (resign(client, table_id, 0, tokens[0], bot="hard"), 400, "bad_request"),
        (
            client.post(f"/api/tables/{table_id}/resign", json={}, headers=auth(tokens[0])),
            400,
            "bad_request",
        ),
    ]
    for response, status, error in cases:
        assert (response.status_code, response.json()["error"]) == (status, error), response.text
        assert response.json()["message"]
    assert view(client, table_id, 0, tokens[0]) == before


def test_both_resign_and_the_bots_finish_and_a_restart_keeps_the_bots(database_url) -> None:
    with make_client(database_url, bot_delay=30.0) as client:  # the bots wait: nobody moves
        table_id, tokens, _creator = started(client)
        assert resign(client, table_id, 0, tokens[0]).status_code == 200
        assert resign(client, table_id, 1, tokens[1]).status_code == 200
        assert view(client, table_id)["version"] == 0
    with make_client(database_url) as client:  # a new process: the bots take the seats up
        final = wait_for(client, table_id, lambda p: p["table"]["status"] == "finished")
        assert [s["took_over"] for s in final["table"]["seats"]] == ["resigned", "resigned"]
        assert final["result"]["took_over"] == [
            {"seat": 0, "why": "resigned", "after_move": 0},
            {"seat": 1, "why": "resigned", "after_move": 0},
        ]
        finished = resign(client, table_id, 0, tokens[0])
        assert (finished.status_code, finished.json()["error"]) == (403, "wrong_token")
        record = record_from_json(client.get(f"/api/tables/{table_id}/record").json())
        assert replay(record).scores() == final["table"]["scores"]


def test_the_log_names_a_seat_a_bot_took_over_as_a_bot_only_after_it_did() -> None:
    game = load_game("babylonia", players=2)
    now = datetime(2026, 12, 3, tzinfo=UTC)
    seats = [SeatInfo(0, "human", "Ann", None, None, True), SeatInfo(1, "bot", "Bo", "greedy",
             None, True, "resigned", 2)]  # fmt: skip
    table = LiveTable("t", game, 1, seats, game.new_initial_state(seed=1), now, now)
    assert table.names == ["Ann", "Bo (bot)"]
    assert table.names_at(2) == ["Ann", "Bo"]  # the moves Bo made himself
    assert table.names_at(3) == ["Ann", "Bo (bot)"]
    assert SeatInfo(0, "human", "Ann", None, None, True).shown_name == "Ann"


# ------------------------------------------------------------------------ delete


def test_the_creator_deletes_a_table_before_its_first_move_and_its_sockets_are_told(
    client,
) -> None:
    made = create(client, TWO_HUMANS, start_player=0)
    table_id, creator = made["table"]["id"], made["creator_token"]
    assert len(creator) > 20 and creator not in made["table"].values()
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        receive_version(watcher, 0)
        assert delete(client, table_id, creator).status_code == 204
        assert watcher.receive_json() == {
            "error": "no_such_table",
            "message": f"table {table_id} was deleted by its creator",
        }
        try:
            watcher.receive_json()
            raise AssertionError("the socket stayed open")
        except WebSocketDisconnect as closed:
            assert closed.code == 4403
    gone = client.get(f"/api/tables/{table_id}")
    assert (gone.status_code, gone.json()["error"]) == (404, "no_such_table")
    assert all(t["id"] != table_id for t in client.get("/api/tables").json()["tables"])
    again = delete(client, table_id, creator)
    assert (again.status_code, again.json()["error"]) == (404, "no_such_table")


def test_delete_refusals_change_nothing_and_a_finished_table_may_go(client) -> None:
    table_id, tokens, creator = started(client)
    move = view(client, table_id, 0, tokens[0])["legal_actions"][0]["text"]
    act(client, table_id, 0, tokens[0], move, 0)
    before = view(client, table_id, 0, tokens[0])
    cases = [
        (delete(client, table_id, None), 401, "token_required", "creator's token"),
        (delete(client, table_id, tokens[0]), 403, "wrong_token", "not this table's creator's"),
        (delete(client, table_id, creator), 409, "table_running", "before its first move"),
        (delete(client, "nope", creator), 404, "no_such_table", "nope"),
    ]
    for response, status, error, words in cases:
        body = response.json()
        assert (response.status_code, body["error"]) == (status, error), response.text
        assert words in body["message"]
    assert view(client, table_id, 0, tokens[0]) == before
    # over (both resigned, the bots finish): the creator may delete it now
    resign(client, table_id, 0, tokens[0])
    resign(client, table_id, 1, tokens[1])
    wait_for(client, table_id, lambda p: p["table"]["status"] == "finished")
    assert delete(client, table_id, creator).status_code == 204


def test_a_delete_on_one_server_closes_sockets_on_another(postgres_url) -> None:
    with make_client(postgres_url) as first, make_client(postgres_url) as second:
        made = create(first, TWO_HUMANS, start_player=0)
        table_id = made["table"]["id"]
        second.portal.call(second.app.state.service.listening.wait)
        with second.websocket_connect(f"/ws/tables/{table_id}") as watcher:
            receive_version(watcher, 0)
            assert delete(first, table_id, made["creator_token"]).status_code == 204
            assert watcher.receive_json()["error"] == "no_such_table"
        assert second.get(f"/api/tables/{table_id}").status_code == 404
        assert table_id not in second.app.state.service.tables


def test_a_resign_on_one_server_reaches_the_other(postgres_url) -> None:
    with two_listening_servers(postgres_url) as (first, second, table_id, tokens):
        with second.websocket_connect(f"/ws/tables/{table_id}?seat=1&token={tokens[1]}") as ws:
            receive_version(ws, 0)
            assert resign(first, table_id, 1, tokens[1]).status_code == 200
            assert ws.receive_json()["error"] == "seat_taken_over"
        assert second.get(f"/api/tables/{table_id}").json()["seats"][1]["took_over"] == "resigned"
