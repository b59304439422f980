"""Accounts, ratings and chat in Chromium: an account registered in one browser logs in in
another and finds its running table there, opened by the session alone, and plays on; a
rated game against a bot played to its end moves both ratings on the leaderboard and shows
on the player's page with its plot; two players chat, a spectator reads along, and markup
written in the chat stays text."""

from __future__ import annotations

import json
import urllib.parse
import urllib.request
from typing import Any

from .conftest import LAPTOP, Server, needs_chromium
from .helpers import my_turn, play_one, version, wait_ready, wait_version_after

pytestmark = needs_chromium

PASSWORD = "correct horse"


def shot(page: Any, artifacts: Any, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"))


def open_lobby(page: Any, server: Any) -> None:
    page.goto(f"{server.url}/")
    page.wait_for_selector("body[data-ready='1']")


def account_submit(page: Any, name: str, button: str) -> None:
    """Type a name and the password in the lobby's account box and press a button of it."""
    page.fill("#account-user", name)
    page.fill("#account-password", PASSWORD)
    page.click(button)


def lobby_register(page: Any, server: Any, name: str, button: str = "#register-button") -> None:
    open_lobby(page, server)
    account_submit(page, name, button)
    page.wait_for_selector(f"body[data-account='{name}']")


def refused(page: Any) -> str:
    """The account box's refusal, as shown (the server's message)."""
    error = page.locator("#account-error")
    error.wait_for()
    return error.inner_text()


def create_in_lobby(page: Any, seats: list[str], start_player: int | None = None,
                    rated: bool = False) -> tuple[str, dict[int, str]]:  # fmt: skip
    """A Babylonia table made with the lobby's form: each seat "human", "human:NAME" or
    "bot:AGENT". Returns the table's id and the invite link of each human seat."""
    page.select_option("#game", "babylonia")
    page.select_option("#players", str(len(seats)))
    for i, seat in enumerate(seats):
        kind, _, name = seat.partition(":")
        page.select_option(f"select[name='seat-{i}-kind']", seat if kind == "bot" else "human")
        if kind == "human":
            page.fill(f"input[name='seat-{i}-name']", name)
    if start_player is not None:
        page.locator("#options-box summary").click()
        page.select_option("#opt-start_player", str(start_player))
    if rated:
        page.check("#rated")
    page.click("#create-button")
    page.locator("#created li.invite").first.wait_for()
    links = {
        int(item.get_attribute("data-seat")): item.locator("input.invite-url").input_value()
        for item in page.locator("#created li.invite").all()
    }
    table_id = next(iter(links.values())).split("/table/")[1].split("?")[0]
    return table_id, links


def token_of(link: str) -> str:
    return link.split("token=")[1]


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
    open_lobby(laptop, server)
    assert laptop.locator("#rated").is_disabled()  # rated tables need an account
    assert "Log in" in laptop.locator("#rated-hint").inner_text()
    account_submit(laptop, "Ann", "#login-button")  # no such account yet
    assert refused(laptop) == "the name or the password is wrong"
    shot(laptop, artifacts, "account-refused")
    account_submit(laptop, "Ann", "#register-button")
    laptop.wait_for_selector("body[data-account='Ann']")
    assert laptop.locator("#account-error").is_hidden()
    assert laptop.locator("#account-name").inner_text() == "Ann"
    assert laptop.locator("#account-name").get_attribute("href") == "#player/Ann"
    assert laptop.locator("#rated").is_enabled()
    assert laptop.locator(".your-name").is_hidden()  # joining takes the account's name
    shot(laptop, artifacts, "account-registered")
    # Ann makes a table in the lobby and opens her seat there: it becomes her account's
    table_id, links = create_in_lobby(laptop, ["human", "human:Bo"], start_player=0)
    laptop.locator("li.invite[data-seat='0'] a.open").click()
    wait_ready(laptop)
    server.api("GET", f"/api/tables/{table_id}/view?seat=1", token=token_of(links[1]))  # Bo
    table = server.api("GET", f"/api/tables/{table_id}")
    assert table["seats"][0]["account"] == "Ann" and table["status"] == "running"
    assert table["seats"][1]["account"] is None  # Bo is a guest with his invite
    # another browser: no token, nothing in its storage; the name is taken, Ann logs in
    phone = new_page(LAPTOP)
    open_lobby(phone, server)
    account_submit(phone, "ann", "#register-button")  # names compare case-insensitively
    assert "is taken" in refused(phone)
    shot(phone, artifacts, "account-name-taken")
    account_submit(phone, "Ann", "#login-button")
    phone.wait_for_selector("body[data-account='Ann']")
    item = phone.locator(f"li.my-table[data-table='{table_id}']")
    item.wait_for()
    assert "your turn" in item.inner_text()
    link = item.locator("a.table-id")
    assert link.get_attribute("href") == f"/table/{table_id}?seat=0"  # no token: the session
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
    # the first browser lists the table once (its token and its account name the same seat)
    open_lobby(laptop, server)
    laptop.wait_for_selector(f"li.my-table[data-table='{table_id}']")
    assert laptop.locator(f"li.my-table[data-table='{table_id}']").count() == 1
    # logging out in the lobby: the table is no longer the account's to list there
    phone.goto(f"{server.url}/")
    phone.wait_for_selector("body[data-account='Ann']")
    phone.click("#logout-button")
    phone.wait_for_selector("body[data-account='']")
    phone.locator(f"li.my-table[data-table='{table_id}']").wait_for(state="detached")
    assert phone.locator("#rated").is_disabled()
    assert laptop.errors == [] and phone.errors == []  # type: ignore[attr-defined]


def test_a_rated_game_against_a_bot_moves_both_ratings_on_the_leaderboard(
    own_server, new_page, artifacts
):
    server = own_server
    page = new_page(LAPTOP)
    lobby_register(page, server, "Cy")
    table_id, _ = create_in_lobby(page, ["human", "bot:random"], rated=True)
    assert page.locator("#hotseat").count() == 0
    shot(page, artifacts, "rated-created")
    table = server.api("GET", f"/api/tables/{table_id}")
    assert table["rated"] is True and table["spectator_chat"] is False
    card = page.locator(f"li.table-card[data-table='{table_id}']")
    card.wait_for()
    assert "rated" in card.locator(".table-head").inner_text()
    page.locator("li.invite[data-seat='0'] a.open").click()  # logged in: Cy's account's seat
    wait_ready(page)
    assert page.locator("#rated-badge").is_visible()
    assert server.api("GET", f"/api/tables/{table_id}")["seats"][0]["account"] == "Cy"
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
    assert {expected["Cy"]["rating"], expected["random"]["rating"]} != {0.0}  # both moved
    # the leaderboard, reached from the lobby's top bar and its game chooser
    open_lobby(page, server)
    page.click("#ratings-link")
    page.locator("#ratings-panel .board-chooser").wait_for()
    page.click("#ratings-panel a[href='#ratings/babylonia/2']")
    page.wait_for_function("() => location.hash === '#ratings/babylonia/2'")
    assert page.locator("#ratings-title").inner_text() == "Ratings · Babylonia, 2 players"
    # the chooser's click reloads the board the lobby's link showed: the rows are read once
    # its reply is rendered (the body keeps the old rows meanwhile, never a row without cells)
    page.wait_for_selector("#ratings-body[data-shown='ratings/babylonia/2']:not([aria-busy])")
    for name in ("Cy", "random"):
        row = page.locator(f".leaderboard tr[data-name='{name}']")
        row.wait_for()
        cells = row.locator("td").all_inner_texts()
        assert cells[0] == str(expected[name]["place"])
        assert cells[2] == f"{expected[name]['rating']:.2f}" and cells[3] == "1"
    assert "(bot)" in page.locator(".leaderboard tr[data-name='random']").inner_text()
    assert "(bot)" not in page.locator(".leaderboard tr[data-name='Cy']").inner_text()
    shot(page, artifacts, "rated-leaderboard")
    # Cy's page: the rating with its plot, and the game linked to its replay
    page.locator(".leaderboard tr[data-name='Cy'] a").click()
    page.wait_for_function("() => location.hash === '#player/Cy'")
    plot = page.locator(".player-rating[data-game='babylonia/2'] svg.rating-plot")
    plot.wait_for()
    assert plot.locator("polyline.plot-line").count() == 1
    assert plot.locator("circle.plot-point").count() == 1  # one rated game: one point
    assert f"to {expected['Cy']['rating']:.2f} over 1 game" in plot.get_attribute("aria-label")
    assert plot.locator("text.plot-max").text_content() == f"{expected['Cy']['rating']:.1f}"
    assert plot.locator("text.plot-first").text_content()  # the date of the game
    game = page.locator(f".player-game[data-table='{table_id}'] a")
    assert game.get_attribute("href") == f"/table/{table_id}"
    assert "won" in page.locator(f".player-game[data-table='{table_id}']").inner_text() or (
        "lost" in page.locator(f".player-game[data-table='{table_id}']").inner_text()
    )
    shot(page, artifacts, "rated-player-page")
    # the bot's page, from the leaderboard's name: its rating and the same game
    page.goto(f"{server.url}/#ratings/babylonia/2")
    page.locator(".leaderboard tr[data-name='random'] a").click()
    page.locator(f".player-game[data-table='{table_id}']").wait_for()
    assert page.locator("#ratings-title").inner_text() == "random (bot)"
    shot(page, artifacts, "rated-bot-page")
    page.goto(f"{server.url}/#player/Cy")
    page.locator(f".player-game[data-table='{table_id}'] a").click()  # the replay
    wait_ready(page)
    page.wait_for_function("() => document.body.dataset.status === 'finished'")
    assert page.url.endswith(f"/table/{table_id}")
    shot(page, artifacts, "rated-replay")
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_account_box_shows_too_many_attempts_and_closed_registration(
    tmp_path, monkeypatch, new_page, artifacts
):
    """A login refused after too many failures says when to try again; a server with
    registration closed says so at Register and still lets its accounts log in."""
    monkeypatch.setenv("ZIGGURAT_REGISTRATION", "closed")
    server = Server(tmp_path)  # started with the closed registration in its environment
    server.start()
    try:
        page = new_page(LAPTOP)
        open_lobby(page, server)
        account_submit(page, "Dee", "#register-button")
        assert refused(page) == (
            "this server makes no new accounts (its operator closed registration)"
        )
        assert page.locator("#account-error").get_attribute("data-code") == "registration_closed"
        shot(page, artifacts, "account-registration-closed")
        for _ in range(5):  # five wrong logins of one name are answered as wrong
            account_submit(page, "Dee", "#login-button")
            page.wait_for_function(
                "() => document.querySelector('#account-error').dataset.code === 'wrong_login'"
                " && !document.querySelector('#login-button').disabled"
            )
        account_submit(page, "Dee", "#login-button")  # the sixth: wait
        page.wait_for_function(
            "() => document.querySelector('#account-error').dataset.code === 'too_many_attempts'"
        )
        text = refused(page)
        assert text.startswith("too many ") and "try again in" in text
        assert page.locator("#account-error .retry-at").inner_text().startswith(" (at ")
        shot(page, artifacts, "account-too-many-attempts")
        assert page.errors == []  # type: ignore[attr-defined]
    finally:
        server.stop()


def test_a_rating_plot_goes_through_every_point_of_its_history(server, new_page, artifacts):
    """Three rated games (the page served as the API writes it): a line through three points,
    the first and last dates along the bottom, the lowest and highest rating on the left;
    a name with markup in it stays text."""
    history = [
        {"table": "t1", "at": "2026-11-02T10:00:00+00:00", "rating": 1.5},
        {"table": "t2", "at": "2026-11-09T10:00:00+00:00", "rating": -0.75},
        {"table": "t3", "at": "2026-11-20T10:00:00+00:00", "rating": 4.25},
    ]
    name = "<b>Eve</b>"
    player = {
        "name": name, "kind": "person", "created_at": "2026-11-01T09:00:00+00:00",
        "ratings": [{"game": "babylonia", "players": 2, "rating": 4.25, "mu": 20.0,
                     "sigma": 5.25, "games": 3, "history": history}],
        "games": [{"table": "t3", "game": "babylonia", "players": 2, "status": "finished",
                   "seat": 0, "names": [name, "random bot"], "scores": [40, 31],
                   "winners": [0], "rated": True, "updated_at": history[2]["at"]}],
    }  # fmt: skip
    page = new_page(LAPTOP)
    page.route(
        "**/api/players/**",
        lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps(player)
        ),
    )
    page.goto(f"{server.url}/#player/{urllib.parse.quote(name)}")
    plot = page.locator(".player-rating[data-game='babylonia/2'] svg.rating-plot")
    plot.wait_for()
    assert page.locator("#ratings-title").inner_text() == name
    assert page.locator("#ratings-panel b").count() == 0  # the name is not markup
    points = plot.locator("polyline.plot-line").get_attribute("points").split()
    assert len(points) == 3 and plot.locator("circle.plot-point").count() == 3
    heights = [float(p.split(",")[1]) for p in points]
    assert heights[2] < heights[0] < heights[1]  # higher rating, higher on the plot
    assert plot.locator("text.plot-max").text_content() == "4.3"
    assert plot.locator("text.plot-min").text_content() == "-0.8"
    dates = (
        plot.locator("text.plot-first").text_content(),
        plot.locator("text.plot-last").text_content(),
    )
    assert dates[0] != dates[1] and all(dates)
    assert plot.get_attribute("aria-label") == "rating from 1.50 to 4.25 over 3 games"
    assert "won" in page.locator(".player-game[data-table='t3']").inner_text()
    plot.scroll_into_view_if_needed()
    shot(page, artifacts, "rating-plot-three-games")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_late_reply_for_a_board_left_behind_never_replaces_the_chosen_one(server, new_page):
    """Babylonia's two-player board is asked for first and its reply held back; the reader
    goes on to the three-player board, which shows; the held reply, let through afterwards,
    is dropped: title and rows stay the three-player board's."""
    def board(name: str) -> str:
        return json.dumps({"game": "babylonia", "players": 0, "ratings": [
            {"place": 1, "name": name, "kind": "person", "rating": 1.0, "games": 1}]})

    held: list[Any] = []
    page = new_page(LAPTOP)
    page.route("**/api/ratings/babylonia?players=2", lambda route: held.append(route))
    page.route(
        "**/api/ratings/babylonia?players=3",
        lambda route: route.fulfill(status=200, content_type="application/json",
                                    body=board("Three")),
    )  # fmt: skip
    page.goto(f"{server.url}/#ratings/babylonia/2")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_function("() => document.getElementById('ratings-body').ariaBusy === 'true'")
    assert len(held) == 1
    page.evaluate("() => { location.hash = '#ratings/babylonia/3'; }")
    page.wait_for_selector("#ratings-body[data-shown='ratings/babylonia/3']:not([aria-busy])")
    with page.expect_response("**/api/ratings/babylonia?players=2"):
        held[0].fulfill(status=200, content_type="application/json", body=board("Two"))
    page.evaluate("() => new Promise((done) => setTimeout(done, 200))")  # the reply's turn
    assert page.locator("#ratings-title").inner_text() == "Ratings · Babylonia, 3 players"
    assert page.locator(".leaderboard tr[data-name='Three']").count() == 1
    assert page.locator(".leaderboard tr[data-name='Two']").count() == 0
    assert page.get_attribute("#ratings-body", "data-shown") == "ratings/babylonia/3"
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
