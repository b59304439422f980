"""Accounts, ratings and chat in Chromium: an account registered in one browser logs in in
another and finds its running table there, opened by the session alone, and plays on; a
rated game against a bot played to its end moves both ratings on the leaderboard and shows
on the player's page with its plot; two players chat, a spectator reads along, and markup
written in the chat stays text."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from .conftest import LAPTOP, needs_chromium
from .helpers import my_turn, play_one, version, wait_ready, wait_version_after

pytestmark = needs_chromium

PASSWORD = "correct horse"


def shot(page: Any, artifacts: Any, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"))


def lobby_register(page: Any, server: Any, name: str, button: str = "#register-button") -> None:
    page.goto(f"{server.url}/")
    page.wait_for_selector("body[data-ready='1']")
    page.fill("#account-user", name)
    page.fill("#account-password", PASSWORD)
    page.click(button)
    page.wait_for_selector(f"body[data-account='{name}']")


def post_as(page: Any, server: Any, path: str, body: dict) -> Any:
    """A POST with the page's cookies (its session), from the server's own origin."""
    answer = page.request.post(server.url + path, data=body, headers={"Origin": server.url})
    assert answer.ok, answer.text()
    return answer.json()


def session_of(page: Any) -> str:
    [cookie] = [c for c in page.context.cookies() if c["name"] == "ziggurat_session"]
    return cookie["value"]


def call(server: Any, method: str, path: str, body: Any = None, session: str = "") -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.url + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    request.add_header("X-Session", session)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def test_an_account_finds_its_table_on_another_browser_and_plays_there(
    own_server, new_page, artifacts
):
    server = own_server
    laptop = new_page(LAPTOP)
    lobby_register(laptop, server, "Ann")
    shot(laptop, artifacts, "account-registered")
    assert laptop.locator("#rated").is_enabled()  # rated tables need an account
    seats = [{"kind": "human"}, {"kind": "human", "name": "Bo"}]
    body = {"game": "babylonia", "options": {"players": 2, "start_player": 0}, "seats": seats}
    made = post_as(laptop, server, "/api/tables", body)
    table_id = made["table"]["id"]
    invite = {i["seat"]: i for i in made["invites"]}
    laptop.goto(server.url + invite[0]["url"])  # opened logged in: the seat is Ann's account's
    wait_ready(laptop)
    server.api("GET", f"/api/tables/{table_id}/view?seat=1", token=invite[1]["token"])  # Bo
    table = server.api("GET", f"/api/tables/{table_id}")
    assert table["seats"][0]["account"] == "Ann" and table["status"] == "running"
    # another browser: no token, nothing in its storage; Ann logs in there
    phone = new_page(LAPTOP)
    lobby_register(phone, server, "Ann", button="#login-button")
    link = phone.locator(f"li.my-table[data-table='{table_id}'] a.table-id")
    link.wait_for()
    assert "your turn" in phone.locator(f"li.my-table[data-table='{table_id}']").inner_text()
    shot(phone, artifacts, "account-second-browser-lobby")
    link.click()
    wait_ready(phone)
    phone.wait_for_function("() => document.body.dataset.seat === '0'")
    assert my_turn(phone)
    before = version(phone)
    assert play_one(phone) == "place"
    wait_version_after(phone, before)
    assert server.api("GET", f"/api/tables/{table_id}")["version"] == before + 1
    shot(phone, artifacts, "account-second-browser-moved")
    # logging out in the lobby: the table is no longer the account's to list there
    phone.goto(f"{server.url}/")
    phone.wait_for_selector("body[data-account='Ann']")
    phone.click("#logout-button")
    phone.wait_for_selector("body[data-account='']")
    phone.locator(f"li.my-table[data-table='{table_id}']").wait_for(state="detached")
    assert laptop.errors == [] and phone.errors == []  # type: ignore[attr-defined]


def test_a_rated_game_against_a_bot_moves_both_ratings_on_the_leaderboard(
    own_server, new_page, artifacts
):
    server = own_server
    page = new_page(LAPTOP)
    lobby_register(page, server, "Cy")
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]
    body = {"game": "babylonia", "options": {"players": 2}, "seats": seats, "rated": True}
    made = post_as(page, server, "/api/tables", body)
    table_id = made["table"]["id"]
    page.goto(server.url + made["invites"][0]["url"])
    wait_ready(page)
    assert page.locator("#rated-badge").is_visible()
    session = session_of(page)
    for _ in range(2000):  # Cy's moves over REST with the session, the page following
        payload = call(server, "GET", f"/api/tables/{table_id}/view?seat=0", session=session)
        if payload["table"]["status"] == "finished":
            break
        if payload["legal_actions"]:
            move = {"seat": 0, "action": payload["legal_actions"][0]["text"]}
            try:
                call(server, "POST", f"/api/tables/{table_id}/actions",
                     {**move, "version": payload["version"]}, session)  # fmt: skip
            except urllib.error.HTTPError as error:
                assert error.code == 409  # the bot moved meanwhile
    page.wait_for_function("() => document.body.dataset.status === 'finished'")
    shot(page, artifacts, "rated-game-over")
    board = server.api("GET", "/api/ratings/babylonia?players=2")["ratings"]
    expected = {row["name"]: row for row in board}
    assert set(expected) == {"Cy", "random"}
    page.goto(f"{server.url}/#ratings/babylonia/2")
    for name in ("Cy", "random"):
        row = page.locator(f".leaderboard tr[data-name='{name}']")
        row.wait_for()
        cells = row.locator("td").all_inner_texts()
        assert cells[2] == f"{expected[name]['rating']:.2f}" and cells[3] == "1"
    assert "(bot)" in page.locator(".leaderboard tr[data-name='random']").inner_text()
    assert {expected["Cy"]["rating"], expected["random"]["rating"]} != {0.0}  # both moved
    shot(page, artifacts, "rated-leaderboard")
    page.locator(".leaderboard tr[data-name='Cy'] a").click()
    plot = page.locator(".player-rating[data-game='babylonia/2'] svg.rating-plot")
    plot.wait_for()
    assert plot.locator("circle").count() == 1  # one rated game: one point
    assert f"to {expected['Cy']['rating']:.2f} over 1 game" in plot.get_attribute("aria-label")
    game = page.locator(f".player-game[data-table='{table_id}'] a")
    assert game.get_attribute("href") == f"/table/{table_id}"
    shot(page, artifacts, "rated-player-page")
    assert page.errors == []  # type: ignore[attr-defined]


def test_two_players_chat_and_a_spectator_reads_along(server, new_page, artifacts):
    made = server.create_table(
        [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}], start_player=0
    )
    table_id = made["table"]["id"]
    ann, bo, watcher = new_page(LAPTOP), new_page(LAPTOP), new_page(LAPTOP)
    for page, invite in ((ann, made["invites"][0]), (bo, made["invites"][1])):
        page.goto(server.url + invite["url"])
        wait_ready(page)
    watcher.goto(f"{server.url}/table/{table_id}")
    wait_ready(watcher)
    ann.fill("#chat-input", "good luck, Bo")
    ann.press("#chat-input", "Enter")
    bo.locator(".chat-message", has_text="good luck, Bo").wait_for()
    bo.fill("#chat-input", "<script>alert(1)</script><b>thanks</b>")
    bo.click("#chat-send")
    for page in (ann, bo, watcher):
        text = page.locator(".chat-message .chat-text").last
        text.wait_for()
        page.wait_for_function("() => document.querySelectorAll('.chat-message').length === 2")
        assert text.inner_text() == "<script>alert(1)</script><b>thanks</b>"
        assert text.locator("b, script").count() == 0  # no element made of the text
    assert watcher.locator("#chat-form").is_hidden()  # a spectator reads, does not write
    assert ann.locator(".chat-message").first.inner_text().startswith("Ann")
    shot(ann, artifacts, "chat-ann")
    shot(watcher, artifacts, "chat-spectator")
    for page in (ann, bo, watcher):
        assert page.errors == []  # type: ignore[attr-defined]
