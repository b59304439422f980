"""The browser front end against the real server: lobby, whole games by clicks, secrets,
reloads and a server restart. Screenshots go to $ZIGGURAT_ARTIFACTS (tests/web/artifacts)."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest

from .conftest import LAPTOP, PHONE, needs_chromium
from .helpers import (
    PayloadSpy,
    finished,
    my_turn,
    play_one,
    play_to_end,
    play_until,
    version,
    wait_ready,
    wait_turn_or_end,
)

pytestmark = needs_chromium

SEAT_COLORS = ["rgb(192, 57, 43)", "rgb(31, 122, 77)"]  # common.js SEAT_COLORS[0], [1]


def shot(page: Any, artifacts: Any, name: str, full_page: bool = False) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=full_page)


def open_invite(page: Any, server: Any, url: str) -> None:
    page.goto(server.url + url)
    wait_ready(page)


# ---------------------------------------------------------------------------------- lobby


def test_lobby_create_with_bots_and_play_a_whole_game(server, new_page, artifacts):
    page = new_page(LAPTOP)
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#players", "3")
    page.fill("input[name='seat-0-name']", "Ann")
    page.select_option("select[name='seat-1-kind']", "bot:greedy")
    page.select_option("select[name='seat-2-kind']", "bot:random")
    page.locator("#options-box summary").click()
    page.check("#opt-first_round_limit")  # the printed rule (the default), set by a click
    shot(page, artifacts, "lobby-form")
    page.click("#create-button")
    invite = page.locator("li.invite[data-seat='0']")
    invite.wait_for()
    assert "Ann" in invite.inner_text()
    url = invite.locator("input.invite-url").input_value()
    assert re.search(r"/table/[^?]+\?seat=0&token=", url)
    shot(page, artifacts, "lobby-invites")

    invite.locator("a.open").click()  # opening the invite as yourself
    wait_ready(page)
    assert "token=" not in page.url  # the secret left the address bar for localStorage
    table_id = page.url.rstrip("/").split("/")[-1]
    wait_turn_or_end(page)
    page.locator("#stand").wait_for()
    shot(page, artifacts, "table-start")

    def middle(count: int) -> None:
        if count == 25:
            shot(page, artifacts, "table-mid")

    actions = play_to_end(page, on_action=middle)
    assert actions > 10
    page.locator("#result").wait_for()
    table = server.api("GET", f"/api/tables/{table_id}")
    assert table["status"] == "finished"
    result = page.locator("#result").inner_text()
    names = {0: "Ann", 1: "greedy bot", 2: "random bot"}
    for w in table["winners"]:
        assert names[w] in result
    rows = page.locator("#result .final-scores li").all_inner_texts()
    assert len(rows) == 3
    for s, score in enumerate(table["scores"]):
        assert any(names[s] in row and f"{score} points" in row for row in rows), rows
    assert "Game over" in page.locator("#status").inner_text()
    assert page.locator("#log li").count() == table["version"]
    # the log tells what the moves caused, with the players' names (the engine's events)
    kinds = set(page.locator("#log .log-event").evaluate_all("els => els.map(e => e.dataset.type)"))
    assert {"city_scored", "game_over"} <= kinds
    takers = "|".join(re.escape(n) for n in names.values())  # not "a tie, nobody takes it"
    taken = page.locator(
        "#log .log-event[data-type='city_scored']", has_text=re.compile(f"({takers}) takes it")
    )
    words = taken.first.inner_text()
    assert " scored: " in words and any(f"{n} takes it" in words for n in names.values()), words
    over = page.locator("#log .log-event[data-type='game_over']").inner_text()
    assert over.startswith("the game is over: ")
    assert all(names[w] in over for w in table["winners"]), over
    page.locator("#log").screenshot(path=str(artifacts / "table-end-log.png"))
    assert not page.errors
    shot(page, artifacts, "table-end")

    # The lobby lists the game as finished, with its winner.
    page.goto(server.url + "/")
    card = page.locator(f"li.table-card[data-table='{table_id}']")
    card.wait_for()
    assert "status-finished" in card.get_attribute("class")
    assert "won by" in card.inner_text()


def test_lobby_join_a_free_seat(server, new_page):
    created = server.create_table(
        [{"kind": "human", "name": "Host"}, {"kind": "human"}, {"kind": "bot", "agent": "random"}],
        start_player=0,  # a human: no bot moves first, so the table stays open for joining
    )
    table_id = created["table"]["id"]
    page = new_page(LAPTOP)
    page.goto(server.url + "/")
    card = page.locator(f"li.table-card[data-table='{table_id}']")
    card.wait_for()
    page.fill("#your-name", "Joiner")
    card.locator("select").select_option("1")
    card.locator("button[data-action='join']").click()
    page.wait_for_url(re.compile(rf"/table/{re.escape(table_id)}"))
    wait_ready(page)
    held = page.evaluate(f"() => localStorage.getItem('ziggurat:seats:{table_id}')")
    assert list(json.loads(held)) == ["1"]
    page.locator("#seats-panel").wait_for()
    assert "Joiner" in page.locator("#seats-panel").inner_text()
    seats = server.api("GET", f"/api/tables/{table_id}")["seats"]
    assert seats[1]["name"] == "Joiner" and seats[1]["claimed"]


# ---------------------------------------------------------------------------------- two players


def stand_of(payload: dict[str, Any], seat: int) -> Any:
    return payload["view"]["players"][seat].get("stand")


def test_two_browsers_play_each_other_and_see_only_their_own_stand(server, new_page, artifacts):
    host = new_page(LAPTOP)
    host.goto(server.url + "/")
    host.wait_for_selector("body[data-ready='1']")
    host.select_option("#players", "2")
    host.select_option("select[name='seat-0-kind']", "human")
    host.fill("input[name='seat-0-name']", "Ann")
    host.select_option("select[name='seat-1-kind']", "human")
    host.fill("input[name='seat-1-name']", "Bob")
    host.click("#create-button")
    host.locator("li.invite[data-seat='1']").wait_for()
    urls = [
        host.locator(f"li.invite[data-seat='{s}'] input.invite-url").input_value() for s in (0, 1)
    ]
    ann, bob = host, new_page(PHONE)
    spies = {0: PayloadSpy(ann), 1: PayloadSpy(bob)}
    sockets: dict[int, list[str]] = {0: [], 1: []}  # the names each page gave its sockets
    named: dict[int, list[str | None]] = {0: [], 1: []}  # the socket each action named
    for seat, page in ((0, ann), (1, bob)):
        page.on(
            "websocket",
            lambda ws, seat=seat: sockets[seat].append(
                re.search(r"[?&]socket=([0-9a-f]{16})(&|$)", ws.url).group(1)
            ),
        )
        page.on(
            "request",
            lambda request, seat=seat: (
                named[seat].append(json.loads(request.post_data).get("socket"))
                if request.method == "POST" and request.url.endswith("/actions")
                else None
            ),
        )
    ann.goto(urls[0])
    bob.goto(urls[1])
    wait_ready(ann)
    wait_ready(bob)
    for page in (ann, bob):  # the sockets are open: every action below names its page's
        page.wait_for_selector("#conn[data-state='live']")
    pages = {0: ann, 1: bob}

    # Each page shows its own stand in its own colour, and nobody else's.
    for seat, page in pages.items():
        page.locator("#stand .disc").first.wait_for()
        colors = set(
            page.eval_on_selector_all(
                "#stand .disc", "ds => ds.map(d => getComputedStyle(d).backgroundColor)"
            )
        )
        assert colors == {SEAT_COLORS[seat]}
        assert page.locator("#stand").count() == 1

    # Alternate: whoever's page says "your turn" clicks, until both have played a while.
    table_id = ann.url.rstrip("/").split("/")[-1]
    acted = {0: 0, 1: 0}
    deadline = time.monotonic() + 60
    while min(acted.values()) < 8 and not any(finished(p) for p in pages.values()):
        assert time.monotonic() < deadline, (acted, server.api("GET", f"/api/tables/{table_id}"))
        moved = False
        for seat, page in pages.items():
            if my_turn(page):
                play_one(page)
                acted[seat] += 1
                moved = True
        if not moved:
            ann.wait_for_timeout(50)
    shot(ann, artifacts, "two-players-ann")
    shot(bob, artifacts, "two-players-bob-phone", full_page=True)

    # The payloads each page received hold its own stand and never the other's.
    for seat, spy in spies.items():
        other = 1 - seat
        assert spy.payloads, "no payload was seen"
        for payload in spy.payloads:
            assert payload["seat"] == seat
            assert stand_of(payload, seat) is not None
            assert stand_of(payload, other) is None
            for h in payload["view"]["board"]:
                if h["content"] == "token" and h["face_down"] and h["player"] == other:
                    assert h["kind"] is None
            for entry in payload["log"]:
                if entry["seat"] == other and entry.get("face_down"):
                    assert "token" not in entry
        # ...and the DOM agrees: one stand, in the viewer's colour, and the other's
        # face-down tokens drawn as "?".
        page = pages[seat]
        assert page.locator("#stand").count() == 1
        hidden = page.locator(f"svg.board g.token.face-down[data-player='{other}']")
        assert set(hidden.evaluate_all("gs => gs.map(g => g.textContent)")) <= {"?"}
        assert set(hidden.evaluate_all("gs => gs.map(g => g.dataset.kind)")) <= {""}

    # Each action named its page's socket, which so was not pushed the reply's payload
    # again; the log each page built from its pushes is still the whole log, in order.
    version = server.api("GET", f"/api/tables/{table_id}")["version"]
    for seat, page in pages.items():
        assert named[seat] and set(named[seat]) <= set(sockets[seat]), (named, sockets)
        page.wait_for_selector(f"body[data-version='{version}']")
        shown = page.eval_on_selector_all(
            "#log li.log-entry", "items => items.map(i => Number(i.dataset.number))"
        )
        assert shown == list(range(1, version + 1))
    assert not ann.errors and not bob.errors


# ---------------------------------------------------------------------------------- reload


def test_reload_keeps_the_seat_and_the_game(server, new_page):
    created = server.create_table(
        [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "greedy"}],
        start_player=0,
        first_round_limit=False,
    )
    table_id = created["table"]["id"]
    page = new_page(LAPTOP)
    open_invite(page, server, created["invites"][0]["url"])
    wait_turn_or_end(page)
    assert play_one(page) == "place"
    placed_before = page.locator("svg.board g.token.fresh").count()
    v = version(page)
    stand_before = page.locator("#stand").inner_text()
    page.reload()
    wait_ready(page)
    wait_turn_or_end(page)
    assert page.url.endswith(f"/table/{table_id}")
    assert version(page) == v
    assert page.locator("#stand").inner_text() == stand_before
    assert page.locator("svg.board g.token.fresh").count() == placed_before == 1
    # ...and play goes on from there.
    for _ in range(6):
        play_one(page)
        wait_turn_or_end(page)
    assert server.api("GET", f"/api/tables/{table_id}")["version"] > v


# ---------------------------------------------------------------------------------- restart


def test_server_restart_in_the_middle_of_a_game_loses_nothing(own_server, new_page, artifacts):
    created = own_server.create_table(
        [
            {"kind": "human", "name": "Ann"},
            {"kind": "bot", "agent": "greedy"},
            {"kind": "bot", "agent": "random"},
        ]
    )
    table_id = created["table"]["id"]
    page = new_page(LAPTOP)
    open_invite(page, own_server, created["invites"][0]["url"])
    for _ in range(8):
        wait_turn_or_end(page)
        play_one(page)
    wait_turn_or_end(page)
    before = own_server.api("GET", f"/api/tables/{table_id}")
    board_before = page.locator("svg.board").inner_html()
    log_before = page.locator("#log").inner_text()

    own_server.stop()
    page.wait_for_selector("#conn:not([data-state='live'])", timeout=10_000)
    own_server.start()
    page.wait_for_selector("#conn[data-state='live']", timeout=20_000)
    after = own_server.api("GET", f"/api/tables/{table_id}")
    assert after["version"] == before["version"]
    assert after["scores"] == before["scores"]
    assert version(page) == before["version"]
    assert page.locator("#log").inner_text() == log_before
    assert page.locator("svg.board").inner_html() == board_before
    shot(page, artifacts, "after-restart")

    for _ in range(6):  # play continues
        wait_turn_or_end(page)
        if finished(page):
            break
        play_one(page)
    assert own_server.api("GET", f"/api/tables/{table_id}")["version"] > before["version"]
    assert not page.errors


# ---------------------------------------------------------------------------------- hot-seat


def test_hot_seat_passes_the_screen_between_humans(server, new_page, artifacts):
    page = new_page(LAPTOP)
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#players", "3")
    page.select_option("select[name='seat-0-kind']", "human")
    page.fill("input[name='seat-0-name']", "Ann")
    page.select_option("select[name='seat-1-kind']", "human")
    page.fill("input[name='seat-1-name']", "Bob")
    page.select_option("select[name='seat-2-kind']", "bot:random")
    page.click("#create-button")
    page.locator("#hotseat").click()
    page.wait_for_url(re.compile(r"/table/[^?]+$"))
    seen = set()
    for _ in range(60):
        page.wait_for_function(
            "() => !document.getElementById('overlay').hidden"
            " || document.body.classList.contains('your-turn')"
        )
        if page.locator("#overlay").is_visible():
            title = page.locator("#overlay-title").inner_text()
            name = title.removeprefix("Pass the screen to ")
            assert name in ("Ann", "Bob")
            # Nothing secret is on the page behind the curtain.
            assert page.locator("#stand").count() == 0
            if name not in seen and len(seen) == 1:
                shot(page, artifacts, "hot-seat-overlay")
            seen.add(name)
            page.locator("#overlay-button").click()
            wait_turn_or_end(page)
            assert name in page.locator("#seats-panel").inner_text()
            continue
        if seen == {"Ann", "Bob"}:
            break
        play_one(page)
    assert seen == {"Ann", "Bob"}


# ---------------------------------------------------------------------------------- layout


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_layout_fits_the_window(server, new_page, artifacts, viewport):
    created = server.create_table(
        [
            {"kind": "human", "name": "Ann"},
            {"kind": "bot", "agent": "greedy"},
            {"kind": "bot", "agent": "greedy"},
            {"kind": "bot", "agent": "random"},
        ],
        # Ann starts, with no first-round limit: her first token leaves her turn going, so it
        # is the one fresh token on the board (the deal itself is the server's secret).
        start_player=0,
        first_round_limit=False,
    )
    phone = viewport is PHONE
    page = new_page(viewport, has_touch=True, is_mobile=True) if phone else new_page(viewport)
    open_invite(page, server, created["invites"][0]["url"])
    wait_turn_or_end(page)
    board = page.locator("svg.board").bounding_box()
    side = page.locator("#controls").bounding_box()
    width = viewport["width"]
    assert board["x"] >= 0 and board["x"] + board["width"] <= width + 1
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    if phone:
        assert side["y"] >= board["y"] + board["height"] - 1  # the panel stacks under the board
    else:
        assert side["x"] >= board["x"] + board["width"] - 1  # beside the board
        assert board["y"] + board["height"] <= viewport["height"]  # the whole board is visible
    page.locator(".stand-token:not([disabled])").first.click()
    v = version(page)
    target = page.locator("svg.board g.hex.target-place").first
    if phone:
        # A tap only shows the token there; the second tap (or the button) places it.
        target.tap()
        page.locator("#confirm-button").wait_for()
        assert version(page) == v
        shot(page, artifacts, "layout-phone", full_page=True)
        page.locator("#confirm-button").tap()
    else:
        target.hover()
        shot(page, artifacts, "layout-laptop")
        target.click()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {v}")
    assert page.locator("svg.board g.token.fresh").count() == 1


# ---------------------------------------------------------------------------------- scoring


def table_at(server: Any, wanted: Any) -> tuple[dict[str, Any], int]:
    """A table of Ann and Bob brought by legal actions over the REST API to a position
    ``wanted(view)`` holds; returns the creation answer and the seat to act."""
    return play_until(server, wanted)


def test_choosing_the_order_of_scorings_by_clicking_the_board(server, new_page, artifacts):
    created, to_act = table_at(server, lambda v: v["phase"] == "score" and len(v["to_score"]) > 1)
    table_id = created["table"]["id"]
    tokens = {i["seat"]: i["token"] for i in created["invites"]}
    payload = server.api("GET", f"/api/tables/{table_id}/view?seat={to_act}", token=tokens[to_act])
    scores = [a for a in payload["legal_actions"] if a["type"] == "score"]
    assert len(scores) >= 2

    page = new_page(LAPTOP)
    open_invite(page, server, created["invites"][to_act]["url"])
    wait_turn_or_end(page)
    assert page.locator("#score-choices button").count() == len(scores)
    targets = page.locator("svg.board g.hex.target-score")
    assert sorted(targets.evaluate_all("gs => gs.map(g => g.dataset.hex)")) == sorted(
        f"{a['hex'][0]},{a['hex'][1]}" for a in scores
    )
    assert page.locator("svg.board .score-ring").count() == len(payload["view"]["to_score"])
    shot(page, artifacts, "score-phase")
    v = version(page)
    targets.first.click()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {v}")
    assert server.api("GET", f"/api/tables/{table_id}")["version"] == v + 1
    assert not page.errors


# ---------------------------------------------------------------------------------- refusals


# The spectator's payload is on the screen (not only asked for).
SPECTATOR_SHOWN = (
    "() => document.body.dataset.seat === 'spectator'"
    " && document.getElementById('seats-panel').textContent.includes('spectator')"
)


def test_a_refused_key_shows_the_servers_reason_and_leaves_a_spectator(server, new_page):
    created = server.create_table(
        [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "greedy"}]
    )
    table_id = created["table"]["id"]
    page = new_page(LAPTOP)
    page.goto(f"{server.url}/table/{table_id}?seat=0&token=not-the-token")
    wait_ready(page)
    page.locator("#error").wait_for()
    status, refusal = server.request(
        "GET", f"/api/tables/{table_id}/view?seat=0", token="not-the-token"
    )
    assert status == 403
    error_text = page.locator("#error-text").inner_text()
    assert refusal["message"] in error_text  # the server's words
    assert "no longer valid" in error_text
    page.wait_for_function(SPECTATOR_SHOWN)
    assert page.locator("#stand").count() == 0
    assert page.evaluate(f"() => localStorage.getItem('ziggurat:seats:{table_id}')") is None
    assert "spectator" in page.locator("#seats-panel").inner_text()


def test_a_seat_socket_closed_with_4403_stops_that_seat_and_leaves_a_spectator(server, new_page):
    """The server closes a seat's WebSocket with 4403 (its token is void, e.g. somebody took the
    seat from the lobby): the page says so, forgets the seat, watches as a spectator, and never
    connects as that seat again."""
    created = server.create_table(
        [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "greedy"}]
    )
    table_id = created["table"]["id"]
    page = new_page(LAPTOP)
    seat_sockets: list[Any] = []  # the page's sockets as seat 0, each passed to the server

    def route(ws: Any) -> None:
        if "seat=0" in ws.url:
            seat_sockets.append(ws)
        ws.connect_to_server()

    page.route_web_socket(re.compile(r"/ws/tables/"), route)
    open_invite(page, server, created["invites"][0]["url"])
    page.wait_for_selector("#conn[data-state='live']")
    assert page.evaluate("() => document.body.dataset.seat") == "0"
    assert len(seat_sockets) == 1

    asked_as_seat = []  # REST requests as seat 0 after the close
    page.on("request", lambda r: "seat=0" in r.url and asked_as_seat.append(r.url))
    seat_sockets[0].close(code=4403, reason="wrong token")
    page.wait_for_function(SPECTATOR_SHOWN)
    page.locator("#error").wait_for()
    assert "no longer valid" in page.locator("#error-text").inner_text()
    assert page.evaluate(f"() => localStorage.getItem('ziggurat:seats:{table_id}')") is None
    assert "spectator" in page.locator("#seats-panel").inner_text()
    assert page.locator("#stand").count() == 0
    page.wait_for_selector("#conn[data-state='live']")  # live again, as a spectator
    page.wait_for_timeout(3_000)  # longer than the first reconnection delays (1 s, 2 s)
    assert len(seat_sockets) == 1  # no new try as seat 0
    assert asked_as_seat == []
    assert page.locator("#error").is_visible()  # the message stays
    assert not page.errors


def test_extra_turn_and_card_choice_are_buttons(server, new_page, artifacts):
    created, to_act = table_at(server, lambda v: v["phase"] == "extra")
    page = new_page(LAPTOP)
    open_invite(page, server, created["invites"][to_act]["url"])
    wait_turn_or_end(page)
    assert page.locator("#extra-button").is_visible()
    assert page.locator("#no-extra-button").is_visible()
    shot(page, artifacts, "extra-turn")
    v = version(page)
    page.locator("#extra-button").click()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {v}")
    # The extra turn is a turn of the same seat: the stand is offered again.
    assert "places tokens" in page.locator("#status").inner_text()
    page.locator(".stand-token:not([disabled])").first.wait_for()

    created, to_act = table_at(server, lambda v: v["phase"] == "card")
    page = new_page(LAPTOP)
    open_invite(page, server, created["invites"][to_act]["url"])
    wait_turn_or_end(page)
    buttons = page.locator("#card-choices button")
    free = server.api(
        "GET",
        f"/api/tables/{created['table']['id']}/view?seat={to_act}",
        token=created["invites"][to_act]["token"],
    )["legal_actions"]
    assert buttons.count() == len(free) > 0
    assert [a["text"] for a in free] == buttons.evaluate_all("bs => bs.map(b => b.dataset.action)")
    card = free[-1]["card"]
    v = version(page)
    buttons.last.click()
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {v}")
    holder = page.locator(f"#cards li[data-card='{card}']").inner_text()
    assert ("Ann" if to_act == 0 else "Bob") in holder
