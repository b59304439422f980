"""Accounts and sessions: registering, logging in and out, sessions across a restart, the
limits on logins and registrations, the guard against cross-site requests, and seats that
follow their account to any device. Every refusal changes nothing and says what was wrong."""

from __future__ import annotations

import json

from sqlalchemy import func, select

from ziggurat.server.db import AccountRow, AttemptRow, LoginSessionRow

from .conftest import TWO_HUMANS, act, auth, create, make_client, view

ORIGIN = {"Origin": "http://testserver"}  # the TestClient's own host


def register(client, name: str = "Ann", password: str = "correct horse", **headers):
    return client.post("/api/accounts", json={"name": name, "password": password}, headers=headers)


def login(client, name: str = "Ann", password: str = "correct horse", **headers):
    return client.post("/api/session", json={"name": name, "password": password}, headers=headers)


def session_of(client, name: str = "Ann", password: str = "correct horse") -> str:
    """A new account's session; the client keeps its cookie, and sends its own Origin from
    now on, as a browser on the server's page does (a change with a cookie needs one)."""
    response = register(client, name, password, **ORIGIN)
    assert response.status_code == 201, response.text
    client.headers.update(ORIGIN)
    return response.json()["session"]


def me(client, session: str | None = None):
    headers = {"X-Session": session} if session else {}
    return client.get("/api/me", headers=headers)


def stored(client, model, *where) -> int:
    service = client.app.state.service
    with service.sessions() as session:
        return session.scalar(select(func.count()).select_from(model).where(*where))


def no_secret_in(response) -> None:
    text = response.text
    for secret in ("password", "$argon2", "token_hash", "seed", "start_state"):
        assert secret not in text, secret


# ------------------------------------------------------------------------ register


def test_registering_logs_in_with_a_cookie_no_script_reads_and_a_hashed_password(client) -> None:
    response = register(client)
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["account"]["name"] == "Ann" and body["account"]["kind"] == "person"
    assert set(body) == {"account", "session"}
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"ziggurat_session={body['session']};")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    assert "Max-Age=2592000" in cookie  # 30 days
    no_secret_in(response)
    service = client.app.state.service
    with service.sessions() as session:
        row = session.scalar(select(AccountRow))
        assert row.password_hash.startswith("$argon2id$")
        assert "correct horse" not in row.password_hash
        kept = session.scalar(select(LoginSessionRow))
        assert kept.token_hash != body["session"]  # only the token's hash is stored
    # the cookie (kept by the client) and the header both say who is asking
    assert me(client).json()["account"]["name"] == "Ann"
    client.cookies.clear()
    assert me(client, body["session"]).json() == {"account": body["account"], "tables": []}


def test_a_taken_name_or_a_bots_name_is_refused_and_nothing_is_made(client) -> None:
    assert register(client, "Ann").status_code == 201
    client.cookies.clear()
    for name in ("ann", "ANN", "easy", "Hard", "greedy", "Ann bot"):
        response = register(client, name)
        assert response.status_code == 409, (name, response.text)
        assert response.json()["error"] == "name_taken"
        assert name in response.json()["message"]
    assert stored(client, AccountRow) == 1
    assert stored(client, LoginSessionRow) == 1


def test_bad_names_and_passwords_are_refused_saying_what_is_allowed(client) -> None:
    cases = [
        ("", "correct horse", "name"),
        ("x" * 31, "correct horse", "name"),
        (" Ann", "correct horse", "name"),
        ("Ann  Lee", "correct horse", "name"),
        ("Ann<b>", "correct horse", "name"),
        ("Ann", "short", "password"),
        ("Ann", "p" * 129, "password"),
    ]
    for name, password, what in cases:
        response = register(client, name, password)
        assert response.status_code == 400, (name, response.text)
        assert response.json()["error"] == "bad_request"
        assert response.json()["message"].startswith(what)
    bad = client.post("/api/accounts", json={"name": "Ann"})
    assert bad.status_code == 400 and "password" in bad.json()["message"]
    extra = client.post("/api/accounts", json={"name": "Ann", "password": "x" * 8, "kind": "bot"})
    assert extra.status_code == 400
    assert stored(client, AccountRow) == 0
    assert register(client, "Ann Lee-Smith.2", "eight ch").status_code == 201
    client.cookies.clear()  # else the next change would need an Origin (it carries a cookie)
    assert register(client, "Zoë", "eight ch").status_code == 201  # any script's letters


def test_registration_closed_refuses_new_accounts_but_lets_the_others_log_in(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    with make_client(url) as open_:
        assert register(open_).status_code == 201
    with make_client(url, registration="closed") as closed:
        response = register(closed, "Bo")
        assert response.status_code == 403
        assert response.json()["error"] == "registration_closed"
        assert login(closed).status_code == 200
        assert stored(closed, AccountRow) == 1


def test_registrations_per_address_are_limited(client) -> None:
    for number in range(10):
        assert register(client, f"player{number}", **ORIGIN).status_code == 201
    response = register(client, "player10", **ORIGIN)
    assert response.status_code == 429
    body = response.json()
    assert body["error"] == "too_many_attempts" and 3500 <= body["retry_after"] <= 3600
    assert stored(client, AccountRow) == 10


# ------------------------------------------------------------------------ log in and out


def test_login_logout_and_a_session_that_outlives_a_restart(database_url) -> None:
    with make_client(database_url) as first:
        session_of(first)
        first.cookies.clear()
        response = login(first)
        assert response.status_code == 200, response.text
        session = response.json()["session"]
        assert response.json()["account"]["name"] == "Ann"
        assert "ziggurat_session=" in response.headers["set-cookie"]
        no_secret_in(response)
    with make_client(database_url) as second:  # another process, after a restart
        assert me(second, session).status_code == 200
        out = second.delete("/api/session", headers={"X-Session": session})
        assert out.status_code == 204
        assert 'ziggurat_session=""' in out.headers["set-cookie"]  # the cookie is cleared
        gone = me(second, session)
        assert gone.status_code == 401 and gone.json()["error"] == "login_required"
        assert second.delete("/api/session").status_code == 204  # twice is no error


def test_a_wrong_login_says_only_that_and_changes_nothing_but_the_count(client) -> None:
    session_of(client)
    client.cookies.clear()
    wrong_password = login(client, "Ann", "wrong horse")
    unknown_name = login(client, "Nobody", "correct horse")
    for response in (wrong_password, unknown_name):
        assert response.status_code == 401
        assert response.json() == {
            "error": "wrong_login",
            "message": "the name or the password is wrong",
        }
        assert "set-cookie" not in response.headers
    assert stored(client, LoginSessionRow) == 1  # the registration's only
    assert me(client).status_code == 401


def test_failed_logins_per_name_are_limited_even_for_the_right_password(client) -> None:
    session_of(client)
    client.cookies.clear()
    for _ in range(5):
        assert login(client, "ann", "wrong horse").status_code == 401
    for password in ("wrong horse", "correct horse"):
        response = login(client, "Ann", password)
        assert response.status_code == 429, response.text
        body = response.json()
        assert body["error"] == "too_many_attempts" and "this name" in body["message"]
        assert 890 <= body["retry_after"] <= 900
        assert response.headers["retry-after"] == str(body["retry_after"])
    assert stored(client, LoginSessionRow) == 1
    assert login(client, "Bo", "whatever!").status_code == 401  # another name is not limited


def test_failed_logins_per_address_are_limited(client) -> None:
    for number in range(30):
        assert login(client, f"name{number}", "wrong horse").status_code == 401
    response = login(client, "name99", "wrong horse")
    assert response.status_code == 429
    assert "your address" in response.json()["message"]
    assert stored(client, AttemptRow) == 31  # 30 names and the address


def test_a_good_login_forgets_the_names_failures(client) -> None:
    session_of(client)
    for _ in range(4):
        assert login(client, "Ann", "wrong horse").status_code == 401
    assert login(client).status_code == 200
    for _ in range(4):
        assert login(client, "Ann", "wrong horse").status_code == 401
    assert login(client).status_code == 200


# ------------------------------------------------------------------------ cross-site requests


def test_cookie_changes_from_another_site_or_with_no_origin_are_refused(client) -> None:
    session_of(client)  # the client keeps the cookie
    made = create(client, TWO_HUMANS)
    table_id = made["table"]["id"]
    del client.headers["Origin"]  # each case says what it sends
    cases = [
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {},  # neither Origin nor Referer
        {"Referer": "http://evil.example/page"},
    ]
    for headers in cases:
        response = client.post(
            f"/api/tables/{table_id}/join", json={"name": "Mallory"}, headers=headers
        )
        assert response.status_code == 403, (headers, response.text)
        assert response.json()["error"] == "csrf_refused"
        out = client.delete("/api/session", headers=headers)
        assert out.status_code == 403
    assert me(client).status_code == 200  # still logged in
    assert view(client, table_id)["table"]["seats"][0]["claimed"] is False
    ok = client.post(f"/api/tables/{table_id}/join", json={}, headers=ORIGIN)
    assert ok.status_code == 200, ok.text
    referer = {"Referer": "http://testserver/table/x"}
    assert client.post(f"/api/tables/{table_id}/join", json={}, headers=referer).status_code == 200


def test_a_login_forged_by_another_site_is_refused(client) -> None:
    session_of(client)
    client.cookies.clear()
    response = login(client, Origin="http://evil.example")
    assert response.status_code == 403 and response.json()["error"] == "csrf_refused"
    assert register(client, "Bo", Origin="http://evil.example").status_code == 403
    # API clients send no Origin and no cookie: nothing to forge
    assert login(client).status_code == 200


# ------------------------------------------------------------------------ seats follow accounts


def test_a_seat_claimed_with_a_session_follows_its_account_to_another_device(database_url) -> None:
    with make_client(database_url) as laptop, make_client(database_url) as phone:
        ann = session_of(laptop, "Ann")
        made = create(laptop, TWO_HUMANS, start_player=0)
        table_id, tokens = made["table"]["id"], [i["token"] for i in made["invites"]]
        mine = laptop.get(f"/api/tables/{table_id}/view?seat=0", headers=auth(tokens[0]))
        assert mine.status_code == 200
        seats = mine.json()["table"]["seats"]
        assert seats[0]["account"] == "Ann" and seats[0]["name"] == "Ann"
        assert seats[1]["account"] is None  # Bo plays as a guest, by invite
        laptop.cookies.clear()  # Bo's browser: no session (with Ann's, the seat were hers too)
        view(laptop, table_id, 1, tokens[1])
        # the phone has only the session: no token, no cookie
        listed = me(phone, ann).json()["tables"]
        assert [(t["id"], t["my_seats"], t["current_player"]) for t in listed] == [
            (table_id, [0], 0)
        ]
        no_secret_in(me(phone, ann))
        session = {"X-Session": ann}
        payload = phone.get(f"/api/tables/{table_id}/view?seat=0", headers=session).json()
        assert "stand" in payload["view"]["players"][0]
        move = payload["legal_actions"][0]["text"]
        body = {"seat": 0, "action": move, "version": payload["version"]}
        done = phone.post(f"/api/tables/{table_id}/actions", json=body, headers=session)
        assert done.status_code == 200, done.text
        # the guest seat is not the account's, and the account's is not Bo's
        other = phone.get(f"/api/tables/{table_id}/view?seat=1", headers=session)
        assert other.status_code == 401 and other.json()["error"] == "token_required"
        bo = session_of(phone, "Bo")
        refused = phone.get(f"/api/tables/{table_id}/view?seat=0", headers={"X-Session": bo})
        assert refused.status_code == 403 and refused.json()["error"] == "wrong_token"
        # Bo's invite still plays as before, without an account
        assert view(phone, table_id, 1, tokens[1])["legal_actions"]


def test_joining_with_a_session_names_the_seat_after_the_account(client) -> None:
    session_of(client, "Ann")
    made = create(client, TWO_HUMANS)
    table_id = made["table"]["id"]
    joined = client.post(
        f"/api/tables/{table_id}/join", json={"name": "Someone else"}, headers=ORIGIN
    )
    assert joined.status_code == 200, joined.text
    seat = joined.json()["seat"]
    seats = view(client, table_id)["table"]["seats"]
    assert seats[seat]["name"] == "Ann" and seats[seat]["account"] == "Ann"


# ------------------------------------------------------------------------ rated tables


def rated_body(seats) -> dict:
    return {
        "game": "babylonia",
        "options": {"players": len(seats)},
        "seats": seats,
        "rated": True,
    }


def test_rated_tables_are_made_by_accounts_and_played_by_accounts_and_bots(client) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]
    anonymous = client.post("/api/tables", json=rated_body(seats))
    assert anonymous.status_code == 401 and anonymous.json()["error"] == "login_required"
    ann = session_of(client, "Ann")
    client.cookies.clear()
    twice = [{"kind": "human"}, {"kind": "bot", "agent": "easy"}, {"kind": "bot", "agent": "easy"}]
    response = client.post("/api/tables", json=rated_body(twice), headers={"X-Session": ann})
    assert response.status_code == 422 and "easy sits twice" in response.json()["message"]
    humans = [{"kind": "human"}, {"kind": "human"}]
    response = client.post("/api/tables", json=rated_body(humans), headers={"X-Session": ann})
    assert response.status_code == 201
    made = response.json()
    assert made["table"]["rated"] is True
    table_id, tokens = made["table"]["id"], [i["token"] for i in made["invites"]]
    # an invite alone does not open a rated seat: its player logs in first
    guest = client.get(f"/api/tables/{table_id}/view?seat=0", headers=auth(tokens[0]))
    assert guest.status_code == 401 and guest.json()["error"] == "login_required"
    guest_join = client.post(f"/api/tables/{table_id}/join", json={})
    assert guest_join.status_code == 401
    with_ann = {"X-Session": ann, **auth(tokens[0])}
    assert client.get(f"/api/tables/{table_id}/view?seat=0", headers=with_ann).status_code == 200
    # one account, one seat
    again = {"X-Session": ann, **auth(tokens[1])}
    twice_seated = client.get(f"/api/tables/{table_id}/view?seat=1", headers=again)
    assert twice_seated.status_code == 409 and twice_seated.json()["error"] == "already_seated"
    seats_now = view(client, table_id)["table"]["seats"]
    assert [s["account"] for s in seats_now] == ["Ann", None]
    assert [s["claimed"] for s in seats_now] == [True, False]
    # a token acts for a rated seat only once its account holds it
    first = view(client, table_id)["table"]
    assert first["status"] == "open"
    no_move = act(client, table_id, 1, tokens[1], "end", 0)
    assert no_move.status_code == 401


def test_chat_and_accounts_leak_nothing_in_any_answer(client) -> None:
    ann = session_of(client, "Ann")
    made = create(client, [{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    table_id, token = made["table"]["id"], made["invites"][0]["token"]
    headers = {"X-Session": ann, **auth(token)}
    assert client.get(f"/api/tables/{table_id}/view?seat=0", headers=headers).status_code == 200
    for response in (
        me(client, ann),
        client.get("/api/players/Ann"),
        client.get(f"/api/tables/{table_id}"),
        client.get("/api/tables"),
        client.get(f"/api/tables/{table_id}/view"),
    ):
        assert response.status_code == 200, response.text
        no_secret_in(response)
        assert ann not in response.text and token not in response.text
        assert "hash" not in json.dumps(response.json())


def test_a_socket_opens_an_accounts_seat_with_its_session_from_the_servers_own_pages(
    client,
) -> None:
    from starlette.websockets import WebSocketDisconnect

    ann = session_of(client, "Ann")
    made = create(client, TWO_HUMANS)
    table_id, token = made["table"]["id"], made["invites"][0]["token"]
    view(client, table_id, 0, token)  # the cookie ties seat 0 to Ann
    url = f"/ws/tables/{table_id}?seat=0"
    with client.websocket_connect(url, headers={"Origin": "http://testserver"}) as socket:
        payload = socket.receive_json()
        assert payload["seat"] == 0 and "stand" in payload["view"]["players"][0]
    try:  # another site's page, with the cookie the browser would send along
        with client.websocket_connect(url, headers={"Origin": "http://evil.example"}) as socket:
            socket.receive_json()
        raise AssertionError("the socket was opened")
    except WebSocketDisconnect as refused:
        assert refused.code == 4403
    client.cookies.clear()
    with client.websocket_connect(url, headers={"X-Session": ann}) as socket:
        assert socket.receive_json()["seat"] == 0  # an API client's header
    with client.websocket_connect(url) as socket:  # no session, no token
        assert socket.receive_json()["error"] == "token_required"


def test_an_invites_socket_with_a_session_ties_the_seat_as_the_view_does(client) -> None:
    """The page opens its socket and loads its view at once, in either order: whichever
    comes first with the invite's token and the login's cookie ties the seat to the
    account, so the table never shows the seat claimed by nobody's account meanwhile."""
    session_of(client, "Ann")
    made = create(client, TWO_HUMANS)
    table_id, token = made["table"]["id"], made["invites"][0]["token"]
    url = f"/ws/tables/{table_id}?seat=0&token={token}"
    with client.websocket_connect(url, headers=ORIGIN) as socket:
        payload = socket.receive_json()
        assert payload["seat"] == 0 and "stand" in payload["view"]["players"][0]
        seats = client.get(f"/api/tables/{table_id}").json()["seats"]
        assert (seats[0]["claimed"], seats[0]["account"], seats[0]["name"]) == (True, "Ann", "Ann")
        assert (seats[1]["claimed"], seats[1]["account"]) == (False, None)
    client.cookies.clear()  # a guest's socket by the other invite: claimed, nobody's account
    url = f"/ws/tables/{table_id}?seat=1&token={made['invites'][1]['token']}"
    with client.websocket_connect(url) as socket:
        assert socket.receive_json()["seat"] == 1
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert [(s["claimed"], s["account"]) for s in seats] == [(True, "Ann"), (True, None)]
