"""Playing a finished table again: ``POST /api/tables/{id}/rematch`` makes one new table with
the same game, options and seats and a new secret seed; each player keeps their seat and its
token, a seat a bot took over is free again, and every later asking gets the same table."""

from __future__ import annotations

from sqlalchemy import select

from ziggurat.server.db import TableRow

from .conftest import TWO_HUMANS, act, auth, create, make_client, view, wait_for
from .test_resign_and_delete import resign


def rematch(client, table_id: str, token: str | None):
    return client.post(f"/api/tables/{table_id}/rematch", headers=auth(token) if token else {})


def play_to_the_end(client, table_id: str, tokens: list[str]) -> dict:
    payload = view(client, table_id)
    while payload["table"]["status"] != "finished":
        seat = payload["table"]["current_player"]
        mine = view(client, table_id, seat, tokens[seat])
        text = mine["legal_actions"][0]["text"]
        response = act(client, table_id, seat, tokens[seat], text, mine["version"])
        assert response.status_code == 200, response.text
        payload = response.json()
    return payload


def seed_of(client, table_id: str) -> int:
    service = client.app.state.service
    with service.sessions() as session:
        return session.scalar(select(TableRow.seed).where(TableRow.id == table_id))


def test_the_players_play_again_in_their_seats_with_a_new_seed(database_url) -> None:
    with make_client(database_url) as client:
        made = create(client, TWO_HUMANS, start_player=0)
        table_id, tokens = made["table"]["id"], [i["token"] for i in made["invites"]]
        early = rematch(client, table_id, tokens[0])
        assert (early.status_code, early.json()["error"]) == (409, "game_not_over")
        play_to_the_end(client, table_id, tokens)
        with client.websocket_connect(f"/ws/tables/{table_id}?seat=1&token={tokens[1]}") as ws:
            ws.receive_json()
            answer = rematch(client, table_id, tokens[0])
            assert answer.status_code == 200, answer.text
            again = answer.json()
            new = again["table"]
            assert ws.receive_json()["table"]["rematch"] == new["id"]  # pushed to the players
        assert again["invites"] == [] and again["creator_token"]
        assert [(s["name"], s["kind"], s["claimed"]) for s in new["seats"]] == [
            ("Ann", "human", True),
            ("Bo", "human", True),
        ]
        assert (new["game"], new["options"], new["undo"], new["status"]) == (
            "babylonia",
            made["table"]["options"],
            True,
            "running",
        )
        assert seed_of(client, new["id"]) != seed_of(client, table_id)
        for seat in (0, 1):  # each player's own token opens their seat at the new table
            assert view(client, new["id"], seat, tokens[seat])["seat"] == seat
        # asked again, by the other player: the same table, nothing secret handed out again
        second = rematch(client, table_id, tokens[1]).json()
        assert (second["table"]["id"], second["invites"], second["creator_token"]) == (
            new["id"],
            [],
            None,
        )
    with make_client(database_url) as client:  # a restart keeps the link
        assert client.get(f"/api/tables/{table_id}").json()["rematch"] == new["id"]


def test_a_seat_a_bot_took_over_is_free_again_and_bots_stay(client) -> None:
    made = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "random"}])
    table_id, token = made["table"]["id"], made["invites"][0]["token"]
    view(client, table_id, 0, token)
    resign(client, table_id, 0, token)
    wait_for(client, table_id, lambda p: p["table"]["status"] == "finished")
    refused = rematch(client, table_id, token)  # the resigned seat's token is void
    assert (refused.status_code, refused.json()["error"]) == (403, "wrong_token")
    again = rematch(client, table_id, made["creator_token"]).json()
    seats = again["table"]["seats"]
    assert [(s["kind"], s["name"], s["claimed"], s["took_over"]) for s in seats] == [
        ("human", "Ann", False, None),
        ("bot", "random bot", True, None),
    ]
    assert seats[1]["agent"] == "random"
    assert [i["seat"] for i in again["invites"]] == [0] and again["table"]["status"] == "open"


def test_rematch_refusals(client) -> None:
    made = create(client, TWO_HUMANS, start_player=0)
    table_id = made["table"]["id"]
    cases = [
        (rematch(client, table_id, None), 401, "token_required"),
        (rematch(client, table_id, "not-a-token"), 403, "wrong_token"),
        (rematch(client, "nope", "x"), 404, "no_such_table"),
        (rematch(client, table_id, made["creator_token"]), 409, "game_not_over"),
    ]
    for response, status, error in cases:
        assert (response.status_code, response.json()["error"]) == (status, error), response.text
    assert client.get(f"/api/tables/{table_id}").json()["rematch"] is None
