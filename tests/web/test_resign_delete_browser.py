"""Resigning, deleting a table and "your tables" in the browser: a bot takes over the seat of
a player who resigns (named as such), the creator deletes a table from the lobby and its open
pages are told, and the lobby lists the tables this browser plays with whose turn it is."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ziggurat.core.registry import game_class, game_names

from .conftest import LAPTOP, needs_chromium
from .helpers import play_one, version, wait_ready, wait_version_after

pytestmark = needs_chromium


def shot(page: Any, artifacts: Any, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"))


def open_seat(new_page: Any, server: Any, table_id: str, seat: int, token: str) -> Any:
    page = new_page(LAPTOP)
    page.goto(f"{server.url}/table/{table_id}?seat={seat}&token={token}")
    wait_ready(page)
    return page


def test_a_player_resigns_and_a_bot_plays_the_seat_on(server, new_page, artifacts):
    made = server.create_table(
        [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}], start_player=0
    )
    table_id = made["table"]["id"]
    tokens = {i["seat"]: i["token"] for i in made["invites"]}
    ann = open_seat(new_page, server, table_id, 0, tokens[0])
    bo = open_seat(new_page, server, table_id, 1, tokens[1])
    bo.once("dialog", lambda dialog: dialog.accept())
    bo.locator("#resign-button").click()
    bo.wait_for_function("() => document.body.dataset.seat === 'spectator'")
    assert "You resigned: a bot plays Bo" in bo.locator("#error-text").inner_text()
    bo.locator("#resign-button").wait_for(state="detached")  # drawn again as a spectator
    shot(bo, artifacts, "resign-spectator")
    # Ann's first turn is one token; then the bot plays Bo's turn by itself
    before = version(ann)
    ann.wait_for_function("() => document.body.textContent.includes('Bo (bot)')")
    assert play_one(ann) == "place"
    wait_version_after(ann, before + 1, timeout=20_000)
    table = server.api("GET", f"/api/tables/{table_id}")
    assert table["seats"][1]["took_over"] == "resigned" and table["version"] >= 2
    shot(ann, artifacts, "resign-bot-plays-on")
    assert ann.errors == [] and bo.errors == []  # type: ignore[attr-defined]


def test_the_creator_deletes_a_table_from_the_lobby(server, new_page, artifacts):
    lobby = new_page(LAPTOP)
    lobby.goto(server.url + "/")
    lobby.wait_for_selector("body[data-ready='1']")
    lobby.select_option("#players", "2")
    lobby.fill("input[name='seat-0-name']", "Ann")
    lobby.select_option("select[name='seat-1-kind']", "human")
    lobby.fill("input[name='seat-1-name']", "Bo")
    lobby.click("#create-button")
    invite = lobby.locator("li.invite[data-seat='0']")
    invite.wait_for()
    table_id = invite.locator("input.invite-url").input_value().split("/table/")[1].split("?")[0]
    watcher = new_page(LAPTOP)
    watcher.goto(f"{server.url}/table/{table_id}")
    wait_ready(watcher)
    card = lobby.locator(f"li.table-card[data-table='{table_id}']")
    card.wait_for()
    shot(lobby, artifacts, "delete-lobby-card")
    lobby.once("dialog", lambda dialog: dialog.accept())
    card.locator("[data-action='delete']").click()
    card.wait_for(state="detached")
    status, answer = server.request("GET", f"/api/tables/{table_id}")
    assert (status, answer["error"]) == (404, "no_such_table")
    watcher.wait_for_function(
        "() => document.getElementById('status').textContent.includes('was deleted by its creator')"
    )
    shot(watcher, artifacts, "delete-watcher-told")
    # a table of somebody else's has no Delete button here
    other = server.create_table([{"kind": "human"}, {"kind": "human"}])
    lobby.reload()
    lobby.wait_for_selector("body[data-ready='1']")
    other_card = lobby.locator(f"li.table-card[data-table='{other['table']['id']}']")
    other_card.wait_for()
    assert other_card.locator("[data-action='delete']").count() == 0


def test_the_lobby_lists_your_tables_with_whose_turn_it_is(server, new_page, artifacts):
    mine = server.create_table(
        [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}], start_player=0
    )
    waiting = server.create_table(
        [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}], start_player=1
    )
    page = new_page(LAPTOP)
    for made in (mine, waiting):  # this browser holds seat 0 of each
        page.goto(server.url + made["invites"][0]["url"])
        wait_ready(page)
    for made in (mine, waiting):  # seat 1 claimed elsewhere: both tables run
        token = made["invites"][1]["token"]
        server.api("GET", f"/api/tables/{made['table']['id']}/view?seat=1", token=token)
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    section = page.locator("section.table-group[data-status='mine']")
    section.wait_for()
    first = section.locator("li.my-table").first
    assert first.get_attribute("data-table") == mine["table"]["id"]  # your turn comes first
    assert "your turn" in first.inner_text()
    other = section.locator(f"li.my-table[data-table='{waiting['table']['id']}']")
    assert "Bo to play" in other.inner_text()
    shot(page, artifacts, "lobby-your-tables")


def humans_table(server: Any, game: str) -> dict[str, Any]:
    """A table of people only, at the game's smallest player count."""
    players = min(game_class(game).player_counts)
    seats = [{"kind": "human", "name": n} for n in ["Ann", "Bo", "Cy", "Di"][:players]]
    body = {"game": game, "options": {"players": players}, "seats": seats}
    return server.api("POST", "/api/tables", body)


@pytest.mark.parametrize("game", game_names())
def test_a_player_of_every_game_resigns_and_the_bot_plays_on(server, new_page, artifacts, game):
    made = humans_table(server, game)
    table_id = made["table"]["id"]
    tokens = {i["seat"]: i["token"] for i in made["invites"]}
    for seat, token in tokens.items():
        server.api("GET", f"/api/tables/{table_id}/view?seat={seat}", token=token)
    mover = server.api("GET", f"/api/tables/{table_id}")["current_player"]
    page = open_seat(new_page, server, table_id, mover, tokens[mover])
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#resign-button").click()
    page.wait_for_function("() => document.body.dataset.seat === 'spectator'")
    name = ["Ann", "Bo", "Cy", "Di"][mover]
    assert f"You resigned: a bot plays {name}" in page.locator("#error-text").inner_text()
    page.wait_for_function("() => Number(document.body.dataset.version) >= 1", timeout=20_000)
    assert server.api("GET", f"/api/tables/{table_id}")["seats"][mover]["took_over"] == "resigned"
    shot(page, artifacts, f"resign-{game}")
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", game_names())
def test_rematch_from_the_end_screen_keeps_every_player_in_their_seat(
    server, new_page, artifacts, game
):
    made = humans_table(server, game)
    table_id = made["table"]["id"]
    tokens = {i["seat"]: i["token"] for i in made["invites"]}
    payload = server.api("GET", f"/api/tables/{table_id}/view")
    rng = random.Random(7)  # random moves end every game (always the first may not)
    while payload["table"]["status"] != "finished":  # the game, played over REST
        seat = payload["table"]["current_player"]
        mine = server.api("GET", f"/api/tables/{table_id}/view?seat={seat}", token=tokens[seat])
        body = {
            "seat": seat,
            "action": rng.choice(mine["legal_actions"])["text"],
            "version": mine["version"],
        }
        payload = server.api("POST", f"/api/tables/{table_id}/actions", body, token=tokens[seat])
    ann = open_seat(new_page, server, table_id, 0, tokens[0])
    bo = open_seat(new_page, server, table_id, 1, tokens[1])
    assert bo.locator("#rematch-button").inner_text() == "Rematch"
    shot(ann, artifacts, f"rematch-end-screen-{game}")
    ann.locator("#rematch-button").click()
    ann.wait_for_url(lambda url: table_id not in url)
    wait_ready(ann)
    new_id = ann.url.rsplit("/", 1)[1]
    assert ann.evaluate("() => document.body.dataset.seat") == "0"
    # Bo's page learns of it (a push) and follows into his own seat
    bo.wait_for_function(
        "() => document.getElementById('rematch-button').textContent === 'Go to the rematch'"
    )
    bo.locator("#rematch-button").click()
    bo.wait_for_url(lambda url: new_id in url)
    wait_ready(bo)
    assert bo.evaluate("() => document.body.dataset.seat") == "1"
    assert server.api("GET", f"/api/tables/{new_id}")["status"] == "running"
    shot(bo, artifacts, f"rematch-new-table-{game}")
