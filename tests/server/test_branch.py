"""``POST /api/tables/{id}/branch``: a finished game continued from one of its moves at a new
table (the replay's "continue from here"), on SQLite and PostgreSQL: the same seats (bots
stay, people get new invites), the position every seat saw then, what nobody had seen dealt
afresh; refused as it must be; and a restart loses nothing of it."""

from __future__ import annotations

import pytest

from ziggurat.core.records import record_from_json, replay
from ziggurat.core.registry import game_class, game_names

from .conftest import TWO_HUMANS, a_legal_move, act, create, make_client, view, wait_for
from .test_bots_and_secrets import check_secrets
from .test_resign_and_delete import resign, started

BOTS = [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random", "name": "Rex"}]


def finished_bot_table(client, game: str = "babylonia") -> tuple[str, dict]:
    players = min(game_class(game).player_counts)
    seats = (BOTS * 3)[:players]
    body = {"game": game, "options": {"players": players}, "seats": seats}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    table_id = response.json()["table"]["id"]
    final = wait_for(client, table_id, lambda p: p["table"]["status"] == "finished", 180)
    return table_id, final


def branch(client, table_id: str, move):
    return client.post(f"/api/tables/{table_id}/branch", json={"move": move})


def replayed(client, table_id: str, move: int, seat: int | None = None) -> dict:
    params = {"move": move} | ({} if seat is None else {"seat": seat})
    response = client.get(f"/api/tables/{table_id}/replay", params=params)
    assert response.status_code == 200, response.text
    return response.json()


def seen(view_: dict) -> dict:
    """A view without what the last move caused (the new table starts with no move)."""
    return {k: v for k, v in view_.items() if k != "events"}


@pytest.mark.parametrize("game", game_names())
def test_a_bot_game_goes_on_from_a_move_where_every_seat_sees_what_it_saw_then(tmp_path, game):
    url = f"sqlite:///{tmp_path / 'z.sqlite3'}"
    with make_client(url) as client:
        table_id, final = finished_bot_table(client, game)
    with make_client(url, bot_delay=60.0) as client:  # the bots wait: the start stays in view
        move = len(final["log"]) // 2
        response = branch(client, table_id, move)
        assert response.status_code == 201, response.text
        made = response.json()
        new = made["table"]
        assert new["branched_from"] == {"table": table_id, "move": move}
        assert new["options"] == final["table"]["options"]
        assert [(s["kind"], s["agent"], s["name"]) for s in new["seats"]] == [
            (s["kind"], s["agent"], s["name"]) for s in final["table"]["seats"]
        ]
        assert made["invites"] == []  # bots only: nobody to invite
        assert "start_state" not in new and "seed" not in new  # no secret in the summary
        start = view(client, new["id"])
        assert (start["version"], start["log"]) == (0, [])
        assert seen(start["view"]) == seen(replayed(client, table_id, move)["view"])
    with make_client(url) as client:  # the bots play it to an end of its own
        done = wait_for(client, new["id"], lambda p: p["table"]["status"] == "finished", 180)
        record = record_from_json(client.get(f"/api/tables/{new['id']}/record").json())
        assert record.start_state is not None  # it replays from the start position
        assert replay(record).scores() == done["table"]["scores"]


def test_people_get_new_invites_and_a_restart_keeps_the_continued_table(database_url):
    with make_client(database_url, bot_delay=30.0) as client:
        table_id, tokens, _creator = started(client)
        move = a_legal_move(client, table_id, 0, tokens[0])  # one move, then both leave
        assert act(client, table_id, 0, tokens[0], move, 0).status_code == 200
        resign(client, table_id, 0, tokens[0])
        resign(client, table_id, 1, tokens[1])
    with make_client(database_url) as client:
        wait_for(client, table_id, lambda p: p["table"]["status"] == "finished", 180)
        response = branch(client, table_id, 1)
        assert response.status_code == 201, response.text
        made = response.json()
        new_id = made["table"]["id"]
        assert [i["seat"] for i in made["invites"]] == [0, 1]
        assert [(s["kind"], s["name"], s["claimed"]) for s in made["table"]["seats"]] == [
            ("human", "Ann", False),
            ("human", "Bo", False),
        ]
        assert made["table"]["status"] == "open"
        # the old tokens open nothing at the new table; the new invites do
        old = client.get(
            f"/api/tables/{new_id}/view",
            params={"seat": 0},
            headers={"Authorization": f"Bearer {tokens[0]}"},
        )
        assert old.status_code == 403
        invites = {i["seat"]: i["token"] for i in made["invites"]}
        mine = view(client, new_id, 0, invites[0])
        assert mine["version"] == 0 and len(mine["log"]) == 0
        check_secrets(mine, seat=0)  # the start position is served as any view: no secret
        check_secrets(view(client, new_id), seat=None)
        assert seen(mine["view"]) == seen(replayed(client, table_id, 1, 0)["view"])
    with make_client(database_url) as client:  # a new process rebuilds it from its start
        again = view(client, new_id, 0, invites[0])
        assert again["view"] == mine["view"]
        assert again["table"]["branched_from"] == {"table": table_id, "move": 1}


def test_a_branch_is_refused_while_the_game_runs_and_past_its_last_position(tmp_path):
    with make_client(f"sqlite:///{tmp_path / 'z.sqlite3'}") as client:
        running = create(client, TWO_HUMANS)["table"]["id"]
        refused = branch(client, running, 0)
        assert (refused.status_code, refused.json()["error"]) == (409, "game_not_over")
        table_id, final = finished_bot_table(client)
        last = len(final["log"])
        cases = [
            (branch(client, table_id, last), 400, "bad_request"),  # the end: nothing to play
            (branch(client, table_id, -1), 400, "bad_request"),
            (branch(client, table_id, "3"), 400, "bad_request"),
            (client.post(f"/api/tables/{table_id}/branch", json={}), 400, "bad_request"),
            (branch(client, "nosuchtable", 0), 404, "no_such_table"),
        ]
        for response, status, error in cases:
            assert (response.status_code, response.json()["error"]) == (status, error)
            assert response.json()["message"]
        assert f"0 to {last - 1}" in cases[0][0].json()["message"]
        listed = client.get("/api/tables").json()["tables"]
        assert len(listed) == 2  # nothing was made by a refusal
