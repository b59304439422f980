"""The REST API on SQLite and PostgreSQL: tables, seats, tokens, actions and refusals."""

from __future__ import annotations

import gc

import pytest

from ziggurat.core.records import record_from_json, replay
from ziggurat.server.app import YOUNG_COLLECTION_THRESHOLD

from .conftest import TWO_HUMANS, a_legal_move, act, auth, create, make_client, view, wait_for


def start(client, **options):
    """A two-human table with seat 0 to start; returns (table id, tokens)."""
    made = create(client, TWO_HUMANS, start_player=0, **options)
    return made["table"]["id"], [i["token"] for i in made["invites"]]


def test_health_names_the_database(client, database_url) -> None:
    body = client.get("/healthz").json()
    assert body == {
        "status": "ok",
        "database": "sqlite" if database_url.startswith("sqlite") else "postgresql",
    }


def test_games_list_their_options_and_bots(client) -> None:
    babylonia, tower, ishtar, amyitis = client.get("/api/games").json()  # the product's order
    assert amyitis["name"] == "amyitis" and amyitis["players"] == [2, 3, 4]
    assert amyitis["options"]["players"]["default"] == 2
    assert set(amyitis["options"]) == {"players"}
    assert babylonia["name"] == "babylonia" and babylonia["players"] == [2, 3, 4]
    assert babylonia["options"]["players"]["default"] == 3
    assert set(babylonia["options"]) >= {"ziggurat_cards", "first_round_limit"}
    assert tower["name"] == "tower_of_babel" and tower["players"] == [3, 4, 5]
    assert tower["options"]["players"]["default"] == 4
    assert set(tower["options"]) == {"players", "two_type_discs", "action_cards"}
    assert ishtar["name"] == "ishtar" and ishtar["players"] == [2, 3, 4]
    assert ishtar["options"]["players"]["default"] == 2
    assert set(ishtar["options"]) == {"players", "layout", "touch_two"}
    for game in (amyitis, babylonia, ishtar, tower):
        assert game["agents"] == ["random", "greedy", "easy", "medium", "hard"]


def test_create_returns_one_invite_per_human_seat(client) -> None:
    made = create(client, [*TWO_HUMANS, {"kind": "bot", "agent": "random"}])
    table = made["table"]
    assert table["status"] == "open"
    assert [s["kind"] for s in table["seats"]] == ["human", "human", "bot"]
    assert [i["seat"] for i in made["invites"]] == [0, 1]
    url = made["invites"][1]["url"]
    assert url == f"/table/{table['id']}?seat=1&token={made['invites'][1]['token']}"
    listed = client.get("/api/tables", params={"status": "open"}).json()["tables"]
    assert [t["id"] for t in listed] == [table["id"]]
    assert "token" not in str(listed)


@pytest.mark.parametrize(
    ("body", "status", "error", "message"),
    [
        ({"game": "chess", "seats": [{"kind": "bot"}]}, 422, "invalid_options", "unknown game"),
        (
            {"game": "babylonia", "options": {"players": 5}, "seats": [{"kind": "bot"}] * 5},
            422,
            "invalid_options",
            "players=5",
        ),
        (
            {"game": "babylonia", "options": {"players": 3}, "seats": [{"kind": "bot"}] * 2},
            422,
            "invalid_options",
            "2 seats given for 3 players",
        ),
        (
            {
                "game": "babylonia",
                "options": {"players": 2},
                "seats": [{"kind": "bot", "agent": "oracle"}, {"kind": "bot"}],
            },
            422,
            "invalid_options",
            "seats[0].agent: 'oracle' is not a bot",
        ),
        ({"game": "babylonia", "seats": [{"kind": "alien"}]}, 400, "bad_request", "seats.0.kind"),
        ({"seats": []}, 400, "bad_request", "game: Field required"),
    ],
)
def test_bad_tables_are_refused(client, body, status, error, message) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == status
    assert response.json()["error"] == error
    assert message in response.json()["message"]
    assert client.get("/api/tables").json()["tables"] == []


def test_seat_views_need_the_seat_token(client) -> None:
    table_id, tokens = start(client)
    response = client.get(f"/api/tables/{table_id}/view", params={"seat": 0})
    assert (response.status_code, response.json()["error"]) == (401, "token_required")
    response = client.get(
        f"/api/tables/{table_id}/view", params={"seat": 0}, headers=auth(tokens[1])
    )
    assert (response.status_code, response.json()["error"]) == (403, "wrong_token")
    response = client.get(f"/api/tables/{table_id}/view", params={"seat": 7})
    assert (response.status_code, response.json()["error"]) == (404, "no_such_seat")
    response = client.get("/api/tables/nope/view")
    assert (response.status_code, response.json()["error"]) == (404, "no_such_table")
    response = client.get(f"/api/tables/{table_id}%0A/view")  # the id and a newline
    assert (response.status_code, response.json()["error"]) == (404, "no_such_table")


def test_each_seat_sees_only_its_own_stand(client) -> None:
    table_id, tokens = start(client)
    for seat in (0, 1):
        payload = view(client, table_id, seat, tokens[seat])
        stands = [p for p in payload["view"]["players"] if "stand" in p]
        assert [p["seat"] for p in stands] == [seat]
        assert bool(payload["legal_actions"]) == (seat == 0)
    spectator = view(client, table_id)
    assert all("stand" not in p for p in spectator["view"]["players"])
    assert spectator["legal_actions"] == [] and spectator["seat"] is None


def test_a_legal_action_is_stored_and_the_version_moves(client) -> None:
    table_id, tokens = start(client)
    move = a_legal_move(client, table_id, 0, tokens[0])
    response = act(client, table_id, 0, tokens[0], move, 0)
    assert response.status_code == 200, response.text
    payload = response.json()
    assert payload["version"] == 1
    assert payload["table"]["current_player"] == 1  # the first turn is one token
    assert payload["log"][0]["text"] == move
    assert view(client, table_id)["version"] == 1


def test_refused_actions_change_nothing(client) -> None:
    table_id, tokens = start(client)
    view(client, table_id, 1, tokens[1])  # both seats claimed: the table is running
    before = view(client, table_id, 0, tokens[0])
    assert before["table"]["status"] == "running"
    cases = [
        (act(client, table_id, 0, tokens[0], "F1,7", 3), 409, "stale_version"),
        (act(client, table_id, 1, tokens[1], "F1,7", 0), 409, "not_your_turn"),
        (act(client, table_id, 0, tokens[0], "Q1,7", 0), 422, "illegal_action"),
        (act(client, table_id, 0, tokens[0], "card 3", 0), 422, "illegal_action"),
        (act(client, table_id, 0, tokens[1], "F1,7", 0), 403, "wrong_token"),
        (
            client.post(f"/api/tables/{table_id}/actions", json={"seat": 0, "action": "F1,7"}),
            400,
            "bad_request",
        ),
    ]
    for response, status, error in cases:
        assert (response.status_code, response.json()["error"]) == (status, error), response.text
        assert response.json()["message"]
    assert act(client, table_id, 0, tokens[0], "F1,7", 3).json()["version"] == 0
    assert "seat 0's turn" in act(client, table_id, 1, tokens[1], "F1,7", 0).json()["message"]
    assert "is not an action" in act(client, table_id, 0, tokens[0], "Q1,7", 0).json()["message"]
    assert view(client, table_id, 0, tokens[0]) == before


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"\xff\xfe", "body: Invalid JSON: expected value at line 1 column 1"),
        (b"", "body: Invalid JSON: EOF while parsing a value at line 1 column 0"),
        (b"[1]", "body: Input should be an object"),
        (b"{}", "seat: Field required; action: Field required; version: Field required"),
        (
            b'{"seat": 0, "action": "F1,7", "version": true}',
            "version: Input should be a valid integer",
        ),
        (b'{"seat": "0", "action": "F1,7", "version": 0}', "seat: Input should be a valid integer"),
        (
            b'{"seat": 0, "action": "F1,7", "version": 0, "undo": 1}',
            "undo: Extra inputs are not permitted",
        ),
        (
            b'{"seat": 0, "action": "F1,7", "version": 0, "socket": "a b"}',
            "socket: String should match pattern '^[A-Za-z0-9_-]{1,32}$'",
        ),
    ],
)
def test_malformed_action_bodies_are_refused_by_name(client, body, message) -> None:
    """The action route reads its body itself (pydantic, straight from the bytes): what
    does not fit is refused as every other body is, naming each problem, and changes
    nothing."""
    table_id, tokens = start(client)
    before = view(client, table_id, 0, tokens[0])
    response = client.post(
        f"/api/tables/{table_id}/actions",
        content=body,
        headers={**auth(tokens[0]), "Content-Type": "application/json"},
    )
    assert (response.status_code, response.json()) == (
        400,
        {"error": "bad_request", "message": message},
    )
    assert view(client, table_id, 0, tokens[0]) == before


def test_join_claims_free_seats_and_retires_their_invites(client) -> None:
    made = create(client, [*TWO_HUMANS, {"kind": "bot", "agent": "random"}], start_player=0)
    table_id = made["table"]["id"]
    old_token = made["invites"][1]["token"]
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Cy", "seat": 1}).json()
    assert joined["seat"] == 1 and joined["token"] != old_token
    assert view(client, table_id, 1, joined["token"])["table"]["seats"][1]["name"] == "Cy"
    response = client.get(
        f"/api/tables/{table_id}/view", params={"seat": 1}, headers=auth(old_token)
    )
    assert response.status_code == 403
    again = client.post(f"/api/tables/{table_id}/join", json={"seat": 1})
    assert (again.status_code, again.json()["error"]) == (409, "seat_taken")
    bot = client.post(f"/api/tables/{table_id}/join", json={"seat": 2})
    assert bot.json()["error"] == "seat_taken"
    first = client.post(f"/api/tables/{table_id}/join", json={}).json()
    assert first["seat"] == 0
    full = client.post(f"/api/tables/{table_id}/join", json={})
    assert (full.status_code, full.json()["error"]) == (409, "no_free_seat")
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "running"


def test_the_record_is_hidden_until_the_end_and_replays(client) -> None:
    made = create(client, [{"kind": "bot", "agent": "greedy"}, {"kind": "bot", "agent": "random"}])
    table_id = made["table"]["id"]
    early = client.get(f"/api/tables/{table_id}/record")
    if early.status_code != 200:  # the bots may already have finished
        assert (early.status_code, early.json()["error"]) == (403, "record_hidden")
    final = wait_for(client, table_id, lambda p: p["table"]["status"] == "finished")
    record = record_from_json(client.get(f"/api/tables/{table_id}/record").json())
    assert record.result is not None
    assert record.result.scores == final["table"]["scores"]
    assert replay(record).scores() == final["table"]["scores"]
    assert final["table"]["winners"] == record.result.winners
    assert final["view"]["over"] is True


def test_listing_matches_each_table_summary(client) -> None:
    made = create(client, [{"kind": "human"}, {"kind": "bot", "agent": "random"}], start_player=0)
    table_id, token = made["table"]["id"], made["invites"][0]["token"]
    first = view(client, table_id, 0, token)
    act(client, table_id, 0, token, first["legal_actions"][0]["text"], 0)
    wait_for(client, table_id, lambda p: p["table"]["current_player"] == 0)
    listed = client.get("/api/tables").json()["tables"]
    assert listed == [client.get(f"/api/tables/{table_id}").json()]
    assert client.get("/api/tables", params={"status": "finished"}).json()["tables"] == []
    bad = client.get("/api/tables", params={"status": "lost"})
    assert (bad.status_code, bad.json()["error"]) == (400, "bad_request")


def test_pages_are_served_and_revalidated(client) -> None:
    lobby = client.get("/")
    assert lobby.status_code == 200 and "text/html" in lobby.headers["content-type"]
    assert lobby.headers["cache-control"] == "no-cache"
    table_page = client.get("/table/anything")
    assert table_page.status_code == 200 and "<html" in table_page.text.lower()
    script = client.get("/static/games/babylonia.js")
    assert script.status_code == 200 and script.headers["cache-control"] == "no-cache"
    assert "cache-control" not in client.get("/healthz").headers


def test_the_log_lists_the_steps_an_engine_took_by_itself_and_keeps_them(
    client, database_url
) -> None:
    body = {"game": "amyitis", "options": {"players": 2}, "seats": TWO_HUMANS}
    made = client.post("/api/tables", json=body).json()
    table_id, tokens = made["table"]["id"], [i["token"] for i in made["invites"]]
    log: list = []
    for _ in range(200):  # the last legal move each time, until a step is automatic
        payload = view(client, table_id)
        seat = payload["table"]["current_player"]
        seen = view(client, table_id, seat, tokens[seat])
        move = seen["legal_actions"][-1]["text"]
        response = act(client, table_id, seat, tokens[seat], move, payload["version"])
        assert response.status_code == 200, response.text
        log = response.json()["log"]
        if log[-1]["then"]:
            break
    steps = log[-1]["then"]
    assert steps and all(step["words"] and 0 <= step["seat"] < 2 for step in steps)
    assert all(entry["then"] == [] for entry in log[:-1])
    # the steps come from replaying the stored actions: a restarted server shows them too
    with make_client(database_url) as again:
        assert view(again, table_id)["log"] == view(client, table_id)["log"]


def test_the_log_tells_what_each_move_caused_with_the_players_names(client, database_url) -> None:
    """Two bots play Babylonia to the end; every log entry carries the events the engine
    recorded, worded with the table's names, and a restarted server tells the same."""
    seats = [
        {"kind": "bot", "agent": "greedy", "name": "Ann"},
        {"kind": "bot", "agent": "random", "name": "Bo"},
    ]
    table_id = create(client, seats)["table"]["id"]
    final = wait_for(client, table_id, lambda p: p["table"]["status"] == "finished")
    events = [e for entry in final["log"] for e in entry["events"]]
    cities = [e for e in events if e["type"] == "city_scored"]
    assert cities and all(" scored: " in e["text"] for e in cities)
    taken = [e for e in cities if e["winner"] is not None]
    assert all(f"{['Ann', 'Bo'][e['winner']]} takes it" in e["text"] for e in taken)
    assert all("seat " not in e["text"] for e in events)
    assert all(isinstance(p, str) or p["seat"] in (0, 1) for e in events for p in e["parts"])
    last = final["log"][-1]["events"][-1]
    assert last["type"] == "game_over" and last["winners"] == final["table"]["winners"]
    # the view holds the same events (worded with the default seat names)
    assert [e["parts"] for e in final["view"]["events"]] == [
        e["parts"] for e in final["log"][-1]["events"]
    ]
    with make_client(database_url) as again:
        assert view(again, table_id)["log"] == view(client, table_id)["log"]


def test_the_collector_runs_less_often_while_serving_and_as_before_after(database_url) -> None:
    before = gc.get_threshold()
    assert before[0] != YOUNG_COLLECTION_THRESHOLD
    with make_client(database_url) as client:
        assert client.get("/healthz").status_code == 200
        assert gc.get_threshold() == (YOUNG_COLLECTION_THRESHOLD, *before[1:])
    assert gc.get_threshold() == before
