"""On your turn, the others' moves since your last turn: marked on the board in every game and
summed up above it from the events, with the players' names. Screenshots go to artifacts."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ziggurat.core.registry import game_class, game_names

from .conftest import LAPTOP, needs_chromium
from .helpers import wait_ready

pytestmark = needs_chromium

# the fields of a logged move that name something on the board (each game's logEntryTargets)
BOARD_FIELDS = ("hex", "hexes", "stack", "space", "square", "field", "temple", "city", "row")


def recent_since(log: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    start = len(log)
    while start > 0 and log[start - 1]["seat"] != seat:
        start -= 1
    return log[start:]


def test_babylonia_rings_the_tokens_others_placed_on_your_turn(server, new_page, artifacts):
    made = server.create_table(
        [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}], start_player=0
    )
    table_id = made["table"]["id"]
    tokens = {i["seat"]: i["token"] for i in made["invites"]}
    while True:  # Ann's first turn (one token), then Bo's whole turn, over REST
        seat = server.api("GET", f"/api/tables/{table_id}")["current_player"]
        if seat == 0 and server.api("GET", f"/api/tables/{table_id}")["version"] > 1:
            break
        mine = server.api("GET", f"/api/tables/{table_id}/view?seat={seat}", token=tokens[seat])
        places = [a for a in mine["legal_actions"] if a["type"] == "place"]
        choice = (places or mine["legal_actions"])[0]
        body = {"seat": seat, "action": choice["text"], "version": mine["version"]}
        server.api("POST", f"/api/tables/{table_id}/actions", body, token=tokens[seat])
    page = new_page(LAPTOP)
    page.goto(f"{server.url}/table/{table_id}?seat=0&token={tokens[0]}")
    wait_ready(page)
    log = server.api("GET", f"/api/tables/{table_id}/view?seat=0", token=tokens[0])["log"]
    bo = [e for e in recent_since(log, 0) if e["type"] == "place"]
    assert len(bo) >= 2
    assert page.locator("svg.board g.token.recent").count() == len(bo)
    lines = page.locator("#recent li")
    assert lines.count() == len(recent_since(log, 0))
    assert lines.first.inner_text().startswith("Bo ")
    page.screenshot(path=str(artifacts / "recent-babylonia.png"))


@pytest.mark.parametrize("name", [n for n in game_names() if n != "babylonia"])
def test_the_others_moves_are_marked_on_your_turn_in_every_game(server, new_page, artifacts, name):
    players = min(game_class(name).player_counts)
    seats = [{"kind": "human", "name": n} for n in ("Ann", "Bo", "Cy", "Di")[:players]]
    made = server.api(
        "POST", "/api/tables", {"game": name, "options": {"players": players}, "seats": seats}
    )
    table_id = made["table"]["id"]
    tokens = {i["seat"]: i["token"] for i in made["invites"]}
    rng = random.Random(5)
    for _ in range(600):  # random moves until seat 0's turn comes after a move on the board
        payload = server.api("GET", f"/api/tables/{table_id}/view?seat=0", token=tokens[0])
        recent = recent_since(payload["log"], 0)
        others = [e for e in recent if any(e.get(f) is not None for f in BOARD_FIELDS)]
        if payload["table"]["current_player"] == 0 and payload["log"] and others:
            break
        seat = payload["table"]["current_player"]
        assert seat is not None, f"{name}: the game ended first"
        mine = server.api("GET", f"/api/tables/{table_id}/view?seat={seat}", token=tokens[seat])
        body = {
            "seat": seat,
            "action": rng.choice(mine["legal_actions"])["text"],
            "version": mine["version"],
        }
        server.api("POST", f"/api/tables/{table_id}/actions", body, token=tokens[seat])
    else:
        raise AssertionError(f"{name}: seat 0's turn never came after a move on the board")
    page = new_page(LAPTOP)
    page.goto(f"{server.url}/table/{table_id}?seat=0&token={tokens[0]}")
    wait_ready(page)
    assert page.locator("#recent").is_visible()
    assert page.locator("#recent li").count() == min(len(recent), 8)
    assert "null" not in page.locator("#recent").inner_text()
    assert page.locator(".recent-move").count() >= 1
    page.screenshot(path=str(artifacts / f"recent-{name}.png"))
    # not your turn: no summary (a spectator sees none either)
    watcher = new_page(LAPTOP)
    watcher.goto(f"{server.url}/table/{table_id}")
    wait_ready(watcher)
    assert watcher.locator("#recent").is_hidden()
