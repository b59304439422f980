"""One creator cannot fill the server with tables (issue 17, item 1): tables waiting for
players and games of bots only are limited per creator (the client's address), with a 429
that names the limit, on SQLite and PostgreSQL."""

from __future__ import annotations

from fastapi.testclient import TestClient

from ziggurat.server.app import create_app
from ziggurat.server.settings import Settings

from .conftest import auth, create

HUMANS = [{"kind": "human"}, {"kind": "human"}]
BOTS = [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}]


def limited_client(database_url: str, address: str) -> TestClient:
    settings = Settings(
        database_url=database_url,
        bot_delay=60.0,  # the bots wait: their games stay running
        open_tables_per_creator=3,
        bot_tables_per_creator=2,
    )
    return TestClient(create_app(settings), client=(address, 50000))


def body(seats: list[dict]) -> dict:
    return {"game": "babylonia", "options": {"players": len(seats)}, "seats": seats}


def test_open_tables_per_creator_are_limited(database_url) -> None:
    with limited_client(database_url, "203.0.113.7") as client:
        made = [create(client, HUMANS) for _ in range(3)]
        refused = client.post("/api/tables", json=body(HUMANS))
        assert refused.status_code == 429
        assert refused.json() == {
            "error": "too_many_tables",
            "message": "you have 3 tables waiting for players, the limit is 3: start or "
            "finish one first",
            "limit": 3,
        }
        assert len(client.get("/api/tables").json()["tables"]) == 3  # nothing was made
        # once a table starts (both seats taken) it no longer waits, and one more may be made
        first_id = made[0]["table"]["id"]
        for invite in made[0]["invites"]:
            path = f"/api/tables/{first_id}/view?seat={invite['seat']}"
            assert client.get(path, headers=auth(invite["token"])).status_code == 200
        assert client.post("/api/tables", json=body(HUMANS)).status_code == 201
    with limited_client(database_url, "198.51.100.2") as other:  # another creator
        assert other.post("/api/tables", json=body(HUMANS)).status_code == 201


def test_games_of_bots_only_per_creator_are_limited(database_url) -> None:
    with limited_client(database_url, "203.0.113.8") as client:
        for _ in range(2):
            assert client.post("/api/tables", json=body(BOTS)).status_code == 201
        refused = client.post("/api/tables", json=body(BOTS))
        assert refused.status_code == 429
        assert refused.json()["message"] == (
            "you have 2 games of bots only running, the limit is 2: wait until one is over"
        )
        assert refused.json()["limit"] == 2
        # a table with a person at it is not a game of bots only
        assert client.post("/api/tables", json=body([HUMANS[0], BOTS[0]])).status_code == 201
