"""Ratings: OpenSkill's values for a fixed result, exactly; a rated game against a bot played
to its end moves both ratings on the leaderboard; a table is rated once, also when the
server stopped between the game's end and its ratings; leaderboards and players' pages
refuse what they must."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from openskill.models import PlackettLuce

from ziggurat.server import ratings
from ziggurat.server.db import AccountRow, RatingRow, SeatRow, TableRow

from .conftest import make_client
from .test_accounts import ORIGIN, session_of


def test_places_put_who_left_last_then_the_winners_then_by_score() -> None:
    assert ratings.places([10, 12, 7], [1], [False, False, False]) == [2, 1, 3]
    assert ratings.places([10, 12, 7], [1], [False, False, True]) == [2, 1, 3]
    assert ratings.places([10, 12, 30], [1], [False, False, True]) == [2, 1, 3]
    assert ratings.places([9, 9, 5], [0, 1], [False] * 3) == [1, 1, 2]  # shared win
    assert ratings.places([9, 5, 5], [0], [False] * 3) == [1, 2, 2]  # equal scores share
    assert ratings.places([9, 5, 5], [0], [True, False, False]) == [2, 1, 1]  # the winner left


def finished_rated_table(service, table_id: str = "rated1") -> None:
    """A three-seat rated Babylonia table, over: Ann 10, the easy bot 12 (the winner), Bo 7
    (who resigned: a bot finished for him), stored as the server would have left it had it
    stopped before rating it."""
    now = datetime.now(UTC)
    with service.sessions.begin() as session:
        ann = AccountRow(name="Ann", name_key="ann", kind="person", created_at=now)
        bo = AccountRow(name="Bo", name_key="bo", kind="person", created_at=now)
        session.add_all([ann, bo])
        session.flush()
        session.add(
            TableRow(
                id=table_id,
                game="babylonia",
                options={"players": 3},
                data_version="x",
                seed=1,
                status="finished",
                version=90,
                revision=95,
                current_player=-4,
                scores=[10, 12, 7],
                winners=[1],
                rated=True,
                rated_done=False,
            )
        )
        session.flush()
        session.add_all(
            [
                SeatRow(table_id=table_id, seat=0, kind="human", name="Ann", account_id=ann.id),
                SeatRow(table_id=table_id, seat=1, kind="bot", agent="easy", name="easy bot"),
                SeatRow(
                    table_id=table_id,
                    seat=2,
                    kind="bot",
                    agent="greedy",
                    name="Bo",
                    account_id=bo.id,
                    took_over="resigned",
                    took_over_at=40,
                ),
            ]
        )


EXPECTED = {  # PlackettLuce, from 25 and 25/3 each, places 2, 1, 3
    "Ann": (25.717262170187357, 8.058224222802378, 1.54),
    "easy": (27.869048680749426, 8.205243377397993, 3.25),
    "Bo": (21.413689149063217, 8.058224222802378, -2.76),
}


def test_a_fixed_result_gives_openskills_exact_ratings_once(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    with make_client(url) as client:
        service = client.app.state.service
        finished_rated_table(service)
        assert ratings.rate_table(service.sessions, "rated1") is True
        assert ratings.rate_table(service.sessions, "rated1") is False  # once only
        board = client.get("/api/ratings/babylonia?players=3").json()
    assert board["title"] == "Babylonia" and board["players"] == 3
    rows = board["ratings"]
    assert [(r["place"], r["name"], r["kind"]) for r in rows] == [
        (1, "easy", "bot"),
        (2, "Ann", "person"),
        (3, "Bo", "person"),
    ]
    for row in rows:
        mu, sigma, shown = EXPECTED[row["name"]]
        assert row["mu"] == round(mu, 4) and row["sigma"] == round(sigma, 4)
        assert row["rating"] == shown and row["games"] == 1
    # the library's own answer for the same result, as a check on the constants above
    model = PlackettLuce()
    again = model.rate([[model.rating()] for _ in range(3)], ranks=[2, 1, 3])
    assert [round(team[0].mu, 6) for team in again] == [
        round(EXPECTED[n][0], 6) for n in ("Ann", "easy", "Bo")
    ]


def test_a_table_over_but_not_rated_when_the_server_stopped_is_rated_at_the_next_start(
    database_url,
) -> None:
    with make_client(database_url) as client:
        finished_rated_table(client.app.state.service)
    with make_client(database_url) as client:  # start() makes up for it
        rows = client.get("/api/ratings/babylonia?players=3").json()["ratings"]
        assert {r["name"]: r["rating"] for r in rows} == {n: e[2] for n, e in EXPECTED.items()}
        service = client.app.state.service
        with service.sessions() as session:
            assert session.get(TableRow, "rated1").rated_done is True
            assert session.query(RatingRow).count() == 3


def test_a_rated_game_against_a_bot_moves_both_ratings(database_url) -> None:
    with make_client(database_url) as client:
        session = session_of(client, "Ann")
        body = {
            "game": "babylonia",
            "options": {"players": 2},
            "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}],
            "rated": True,
        }
        made = client.post("/api/tables", json=body)
        assert made.status_code == 201, made.text
        table_id = made.json()["table"]["id"]
        client.cookies.clear()
        me = {"X-Session": session, "Authorization": f"Bearer {made.json()['invites'][0]['token']}"}
        mine = {"X-Session": session}
        assert client.get(f"/api/tables/{table_id}/view?seat=0", headers=me).status_code == 200
        while True:
            payload = client.get(f"/api/tables/{table_id}/view?seat=0", headers=mine).json()
            if payload["table"]["status"] == "finished":
                break
            if payload["legal_actions"]:
                move = {"seat": 0, "action": payload["legal_actions"][0]["text"]}
                move["version"] = payload["version"]
                response = client.post(f"/api/tables/{table_id}/actions", json=move, headers=mine)
                assert response.status_code in (200, 409), response.text
        scores, winners = payload["table"]["scores"], payload["table"]["winners"]
        model = PlackettLuce()
        places = ratings.places(scores, winners, [False, False])
        expected = model.rate([[model.rating()], [model.rating()]], ranks=places)
        board = client.get("/api/ratings/babylonia", params={"players": 2}).json()["ratings"]
        by_name = {row["name"]: row for row in board}
        assert set(by_name) == {"Ann", "random"}
        for name, (new,) in zip(("Ann", "random"), expected, strict=True):
            assert by_name[name]["mu"] == round(new.mu, 4)
            assert by_name[name]["sigma"] == round(new.sigma, 4)
            assert by_name[name]["games"] == 1
        page = client.get("/api/players/ann").json()  # names are found in any case
        assert page["name"] == "Ann" and page["kind"] == "person"
        [rating] = page["ratings"]
        assert (rating["game"], rating["players"], rating["games"]) == ("babylonia", 2, 1)
        assert [h["table"] for h in rating["history"]] == [table_id]
        assert rating["history"][0]["rating"] == rating["rating"]
        [game] = page["games"]
        assert game["table"] == table_id and game["rated"] is True and game["seat"] == 0
        assert game["names"] == ["Ann", "random bot"] and game["winners"] == winners
        bot = client.get("/api/players/random").json()
        assert bot["kind"] == "bot" and [g["table"] for g in bot["games"]] == [table_id]
        # the account asks for a rematch with its session alone: rated, and the seat is hers
        again = client.post(f"/api/tables/{table_id}/rematch", headers=mine)
        assert again.status_code == 200, again.text
        rematch = again.json()["table"]
        assert rematch["rated"] is True and rematch["seats"][0]["account"] == "Ann"
        listed = client.get("/api/me", headers=mine).json()["tables"]
        assert [(t["id"], t["my_seats"]) for t in listed] == [(rematch["id"], [0])]
        # resigning with the session hands the seat to a bot: no longer hers to list
        left = client.post(f"/api/tables/{rematch['id']}/resign", json={"seat": 0}, headers=mine)
        assert left.status_code == 200, left.text
        assert client.get("/api/me", headers=mine).json()["tables"] == []


@pytest.mark.parametrize(
    ("path", "status", "error"),
    [
        ("/api/ratings/chess?players=2", 404, "no_such_game"),
        ("/api/ratings/babylonia?players=7", 400, "bad_request"),
        ("/api/ratings/babylonia", 400, "bad_request"),
        ("/api/ratings/babylonia?players=two", 400, "bad_request"),
        ("/api/players/Nobody", 404, "no_such_player"),
    ],
)
def test_leaderboards_and_pages_refuse_what_is_not_there(client, path, status, error) -> None:
    response = client.get(path)
    assert response.status_code == status, response.text
    assert response.json()["error"] == error


def test_an_unrated_table_changes_no_rating(client) -> None:
    session_of(client, "Ann")
    body = {
        "game": "babylonia",
        "options": {"players": 2},
        "seats": [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "greedy"}],
    }
    made = client.post("/api/tables", json=body, headers=ORIGIN)
    assert made.json()["table"]["rated"] is False
    from .conftest import wait_for

    wait_for(client, made.json()["table"]["id"], lambda p: p["table"]["status"] == "finished", 180)
    assert client.get("/api/ratings/babylonia?players=2").json()["ratings"] == []
