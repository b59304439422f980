"""Hints: the medium bot's advice for the seat to move at a casual table, worked out in the
bot workers, the same for the same position, and refused wherever it must be."""

from __future__ import annotations

from .conftest import TWO_HUMANS, act, auth, create, view, wait_for
from .test_accounts import session_of


def ask(client, table_id: str, seat: int, token: str | None = None, **body):
    headers = auth(token) if token else {}
    return client.post(f"/api/tables/{table_id}/hint", json={"seat": seat, **body}, headers=headers)


def two_people(client):
    made = create(client, TWO_HUMANS, start_player=0)
    table_id = made["table"]["id"]
    return table_id, [invite["token"] for invite in made["invites"]]


def test_a_hint_is_the_bots_choice_and_two_alternatives_for_the_seat_to_move(client) -> None:
    table_id, tokens = two_people(client)
    before = view(client, table_id, 0, tokens[0])
    response = ask(client, table_id, 0, tokens[0])
    assert response.status_code == 200, response.text
    hint = response.json()
    assert hint["seat"] == 0 and hint["version"] == before["version"]
    assert hint["strength"] == "medium" and hint["iterations"] > 0
    legal = {a["text"] for a in before["legal_actions"]}
    moves = hint["moves"]
    assert len(moves) == 3
    assert all(m["action"] in legal and 0.0 <= m["value"] <= 1.0 for m in moves)
    assert [m["visits"] for m in moves] == sorted((m["visits"] for m in moves), reverse=True)
    assert all(m["described"]["text"] == m["action"] for m in moves)
    assert all(step["seat"] in (0, 1) and step["words"] for m in moves for step in m["line"])
    # asking again for the same position gives the same answer without searching again
    searched = client.get("/metrics").json()["bots"]["hints_searched"]
    assert ask(client, table_id, 0, tokens[0]).json() == hint
    assert client.get("/metrics").json()["bots"]["hints_searched"] == searched
    # and nothing at the table changed
    after = view(client, table_id, 0, tokens[0])
    assert after["version"] == before["version"] and after["view"] == before["view"]
    # the hint's move is playable as it stands
    moved = act(client, table_id, 0, tokens[0], moves[0]["action"], before["version"])
    assert moved.status_code == 200, moved.text


def test_a_hint_is_refused_to_anyone_but_the_seat_to_move(client) -> None:
    table_id, tokens = two_people(client)
    cases = [
        (ask(client, table_id, 1, tokens[1]), 409, "not_your_turn"),
        (ask(client, table_id, 0, tokens[1]), 403, "wrong_token"),
        (ask(client, table_id, 0), 401, "token_required"),
        (ask(client, "nosuchtable", 0, tokens[0]), 404, "no_such_table"),
        (ask(client, table_id, 7, tokens[0]), 404, "no_such_seat"),
        (ask(client, table_id, 0, tokens[0], extra=1), 400, "bad_request"),
    ]
    for response, status, code in cases:
        assert response.status_code == status, response.text
        assert response.json()["error"] == code and response.json()["message"]
    assert client.get("/metrics").json()["bots"]["hints_searched"] == 0


def test_a_bot_seat_gets_no_hint(client) -> None:
    made = create(client, [{"kind": "human"}, {"kind": "bot", "agent": "greedy"}])
    response = ask(client, made["table"]["id"], 1, made["invites"][0]["token"])
    assert response.status_code == 403 and response.json()["error"] == "wrong_token"


def test_rated_tables_have_hints_off(client) -> None:
    session = session_of(client, "Ann")
    body = {
        "game": "babylonia",
        "options": {"players": 2, "start_player": 0},
        "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}],
        "rated": True,
    }
    made = client.post("/api/tables", json=body).json()
    response = client.post(
        f"/api/tables/{made['table']['id']}/hint",
        json={"seat": 0},
        headers={"X-Session": session, **auth(made["invites"][0]["token"])},
    )
    assert response.status_code == 403, response.text
    assert response.json()["error"] == "hints_off"


def test_a_finished_game_has_no_decision_to_hint(client) -> None:
    made = create(client, [{"kind": "human"}, {"kind": "bot", "agent": "greedy"}], start_player=0)
    table_id, token = made["table"]["id"], made["invites"][0]["token"]
    while True:
        payload = wait_for(
            client,
            table_id,
            lambda p: p["table"]["status"] == "finished" or p["table"]["current_player"] == 0,
        )
        if payload["table"]["status"] == "finished":
            break
        mine = view(client, table_id, 0, token)
        act(client, table_id, 0, token, mine["legal_actions"][0]["text"], mine["version"])
    response = ask(client, table_id, 0, token)
    assert response.status_code == 409, response.text
    assert response.json()["error"] == "game_over"


def test_no_hint_is_searched_while_the_bot_queue_is_full(database_url) -> None:
    from .conftest import make_client

    with make_client(database_url, bot_queue_limit=1) as client:
        table_id, tokens = two_people(client)
        queue = client.app.state.service.bots.queue
        queue._waiting = 1  # as if one bot decision waited for the one place in the queue
        try:
            response = ask(client, table_id, 0, tokens[0])
        finally:
            queue._waiting = 0
        assert response.status_code == 503, response.text
        assert response.json()["error"] == "workers_busy"
        assert client.get("/metrics").json()["bots"]["hints_searched"] == 0
        assert ask(client, table_id, 0, tokens[0]).status_code == 200  # room again
