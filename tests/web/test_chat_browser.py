"""The table's chat and an account's seat in Chromium, the way players use them.

Two guests (invite links, two browser contexts) chat: each message arrives at the other over
the WebSocket, markup stays text, line breaks stay; a spectator reads the chat without a box
to write in (the table lets no spectator write), and a logged-in spectator writes where the
table lets them. An account's seat opened with ``/table/ID?seat=N`` and no token, in another
browser logged in to the account, shows the seat's stand, plays and chats; the same address
without the login, or with another account, is watched as a spectator with a note saying why.
"""

from __future__ import annotations

import json
from typing import Any

from .conftest import LAPTOP, PHONE, needs_chromium
from .helpers import my_turn, play_one, version, wait_ready, wait_version_after

pytestmark = needs_chromium

PASSWORD = "correct horse"
MARKUP = "<script>alert(1)</script><b>x</b>"


def shot(page: Any, artifacts: Any, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"))


def two_guests(server: Any, **table: Any) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]
    body = {"game": "babylonia", "options": {"players": 2, "start_player": 0}, "seats": seats}
    return server.api("POST", "/api/tables", {**body, **table})


def open_invite(new_page: Any, server: Any, invite: dict[str, Any], viewport: Any = LAPTOP) -> Any:
    page = new_page(viewport)
    page.goto(server.url + invite["url"])
    wait_ready(page)
    page.wait_for_selector("#conn[data-state='live']")
    return page


def chat_frames(page: Any) -> list[str]:
    """The chat texts of every payload the page's sockets received, in order."""
    seen: list[str] = []

    def keep(text: Any) -> None:
        try:
            data = json.loads(text)
        except (TypeError, ValueError):
            return
        if isinstance(data, dict) and isinstance(data.get("chat"), list):
            seen.extend(m["text"] for m in data["chat"] if m["text"] not in seen)

    page.on("websocket", lambda ws: ws.on("framereceived", keep))
    return seen


def send(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def messages(page: Any) -> list[str]:
    return page.locator(".chat-message .chat-text").all_inner_texts()


def wait_messages(page: Any, count: int) -> None:
    page.wait_for_function(f"() => document.querySelectorAll('.chat-message').length === {count}")


def account(page: Any, server: Any, name: str, path: str = "/api/accounts") -> None:
    """Register (or log in, path /api/session) over REST in the page's browser context: the
    answer's cookie is the context's, as if the lobby had done it."""
    answer = page.context.request.post(
        server.url + path,
        data={"name": name, "password": PASSWORD},
        headers={"Origin": server.url},
    )
    assert answer.ok, answer.text()


def test_two_guests_chat_live_and_markup_stays_text(server, new_page, artifacts):
    made = two_guests(server)
    table_id = made["table"]["id"]
    invites = {i["seat"]: i for i in made["invites"]}
    bo = new_page(LAPTOP)
    pushed_to_bo = chat_frames(bo)
    bo.goto(server.url + invites[1]["url"])
    wait_ready(bo)
    bo.wait_for_selector("#conn[data-state='live']")
    ann = open_invite(new_page, server, invites[0])
    watcher = new_page(LAPTOP)
    watcher.goto(f"{server.url}/table/{table_id}")
    wait_ready(watcher)
    assert ann.locator("#chat-empty").is_visible() and ann.locator("#chat-form").is_visible()

    # Ann writes two lines (Shift+Enter), Enter sends; Bo sees it pushed over his socket
    ann.fill("#chat-input", "good luck, Bo")
    ann.press("#chat-input", "Shift+Enter")
    ann.type("#chat-input", "have fun")
    assert ann.input_value("#chat-input") == "good luck, Bo\nhave fun"
    ann.press("#chat-input", "Enter")
    bo.locator(".chat-message", has_text="good luck, Bo").wait_for()
    assert "good luck, Bo\nhave fun" in pushed_to_bo  # came with a socket's push
    assert messages(bo) == ["good luck, Bo\nhave fun"]
    assert ann.input_value("#chat-input") == ""  # sent: the box is empty again
    first = bo.locator(".chat-message").first
    assert first.get_attribute("data-seat") == "0"
    assert "Ann" in first.locator(".chat-head").inner_text()
    assert bo.locator("#chat-empty").is_hidden()
    # the line break shows as one (pre-wrap): the text is two lines high
    lines = bo.evaluate(
        "() => { const t = document.querySelector('.chat-text');"
        " return Math.round(t.getBoundingClientRect().height"
        " / parseFloat(getComputedStyle(t).lineHeight)); }"
    )
    assert lines == 2

    # Bo answers with markup: it shows as the literal text everywhere, and makes no element
    bo.evaluate("() => { window.alerted = false; window.alert = () => (window.alerted = true); }")
    send(bo, MARKUP)
    for page in (ann, bo, watcher):
        wait_messages(page, 2)
        assert messages(page) == ["good luck, Bo\nhave fun", MARKUP]
        assert page.locator("#chat-list script, #chat-list b").count() == 0
        scripts = "() => document.querySelectorAll('script:not([type=module])').length"
        assert page.evaluate(scripts) == 0
    assert bo.evaluate("() => window.alerted") is False
    assert MARKUP in pushed_to_bo
    # the newest at the bottom, in sight
    assert bo.evaluate(
        "() => { const l = document.getElementById('chat-list');"
        " return l.scrollTop + l.clientHeight >= l.scrollHeight - 2; }"
    )

    # a spectator reads along but, the table letting no spectator write, has no box
    assert watcher.locator("#chat-form").is_hidden()
    assert watcher.locator("#chat-input").is_hidden()
    shot(ann, artifacts, "chat-guests-ann")
    shot(bo, artifacts, "chat-guests-bo")
    shot(watcher, artifacts, "chat-guests-spectator")

    # five messages in ten seconds at most: the sixth is refused, said under the box
    for n in range(4):
        send(ann, f"spam {n}")
        wait_messages(ann, 3 + n)
    send(ann, "one too many")
    error = ann.locator("#chat-error")
    error.wait_for()
    assert "Too many messages" in error.inner_text() and " s " in error.inner_text()
    assert ann.input_value("#chat-input") == "one too many"  # kept, to send again
    shot(ann, artifacts, "chat-too-many")
    for page in (ann, bo, watcher):
        assert page.errors == []  # type: ignore[attr-defined]


def test_chat_on_a_phone_comes_below_the_log(server, new_page, artifacts):
    made = two_guests(server)
    invites = {i["seat"]: i for i in made["invites"]}
    phone = open_invite(new_page, server, invites[1], viewport=PHONE)
    send(phone, "from my phone")
    phone.locator(".chat-message", has_text="from my phone").wait_for()
    log = phone.locator(".log-panel").bounding_box()
    chat = phone.locator("#chat-panel").bounding_box()
    assert chat["y"] >= log["y"] + log["height"] - 1  # below the log
    assert chat["x"] >= 0 and chat["x"] + chat["width"] <= PHONE["width"] + 1  # fits the width
    box = phone.locator("#chat-input").bounding_box()
    assert box["width"] > 200
    phone.locator("#chat-panel").scroll_into_view_if_needed()
    shot(phone, artifacts, "chat-phone")
    assert phone.errors == []  # type: ignore[attr-defined]


def test_a_logged_in_spectator_writes_where_the_table_lets_spectators(
    own_server, new_page, artifacts
):
    server = own_server
    open_table = two_guests(server, spectator_chat=True)
    closed_table = two_guests(server)
    ann = open_invite(new_page, server, {"url": open_table["invites"][0]["url"]})
    guest = new_page(LAPTOP)  # not logged in: reads only, even here
    guest.goto(f"{server.url}/table/{open_table['table']['id']}")
    wait_ready(guest)
    fan = new_page(LAPTOP)
    account(fan, server, "Fan")
    fan.goto(f"{server.url}/table/{closed_table['table']['id']}")
    wait_ready(fan)
    fan.wait_for_timeout(500)  # /api/me has answered
    assert fan.locator("#chat-form").is_hidden()  # logged in, but this table is silent
    fan.goto(f"{server.url}/table/{open_table['table']['id']}")
    wait_ready(fan)
    fan.locator("#chat-form").wait_for()
    assert fan.evaluate("() => document.body.dataset.seat") == "spectator"
    send(fan, "nice opening")
    for page in (ann, fan, guest):
        page.locator(".chat-message", has_text="nice opening").wait_for()
    head = ann.locator(".chat-message").first.locator(".chat-head").inner_text()
    assert "Fan (watching)" in head
    assert guest.locator("#chat-form").is_hidden()
    shot(ann, artifacts, "chat-spectator-writes")
    for page in (ann, fan, guest):
        assert page.errors == []  # type: ignore[attr-defined]


def test_an_accounts_seat_opens_by_the_login_alone_on_another_browser(
    own_server, new_page, artifacts
):
    server = own_server
    made = two_guests(server)
    table_id = made["table"]["id"]
    invites = {i["seat"]: i for i in made["invites"]}
    # Dana, logged in on her laptop, takes seat 0 by its invite: the seat is her account's
    laptop = new_page(LAPTOP)
    account(laptop, server, "Dana")
    laptop.goto(server.url + invites[0]["url"])
    wait_ready(laptop)
    table = server.api("GET", f"/api/tables/{table_id}")
    assert table["seats"][0]["account"] == "Dana" and table["seats"][0]["name"] == "Dana"
    bo = open_invite(new_page, server, invites[1])  # a guest, by his invite link

    # another browser: nothing in its storage, no token in the address; Dana logs in there
    phone = new_page(LAPTOP)
    account(phone, server, "Dana", path="/api/session")
    sockets: list[str] = []
    phone.on("websocket", lambda ws: sockets.append(ws.url))
    phone.goto(f"{server.url}/table/{table_id}?seat=0")
    wait_ready(phone)
    phone.wait_for_function("() => document.body.dataset.seat === '0'")
    phone.wait_for_selector("#conn[data-state='live']")
    assert all("token" not in url for url in sockets) and any("seat=0" in url for url in sockets)
    assert phone.locator(".stand-token").count() > 0  # the seat's own stand
    assert "opened by your login" in phone.locator("#seats-panel").inner_text()
    assert phone.locator("#error").is_hidden()  # no refusal
    assert my_turn(phone)
    before = version(phone)
    assert play_one(phone) == "place"
    wait_version_after(phone, before)
    assert server.api("GET", f"/api/tables/{table_id}")["version"] == before + 1
    send(phone, "sent from my phone")
    for page in (phone, bo, laptop):
        page.locator(".chat-message", has_text="sent from my phone").wait_for()
    assert phone.locator(".chat-message").first.get_attribute("data-seat") == "0"
    assert "Dana" in bo.locator(".chat-message").first.inner_text()
    shot(phone, artifacts, "chat-account-seat-by-login")

    # the same address without a login: a spectator, told why
    stranger = new_page(LAPTOP)
    stranger.goto(f"{server.url}/table/{table_id}?seat=0")
    wait_ready(stranger)
    stranger.wait_for_function("() => document.body.dataset.seat === 'spectator'")
    note = stranger.locator("#error-text")
    note.wait_for()
    assert "the seat of the account Dana: log in as Dana" in note.inner_text()
    assert "watching as a spectator" in note.inner_text()
    assert stranger.locator(".stand-token").count() == 0
    assert stranger.locator("#chat-form").is_hidden()
    shot(stranger, artifacts, "chat-account-seat-not-logged-in")
    # ... and logged in to another account: a spectator as well
    other = new_page(LAPTOP)
    account(other, server, "Eve")
    other.goto(f"{server.url}/table/{table_id}?seat=0")
    wait_ready(other)
    other.wait_for_function("() => document.body.dataset.seat === 'spectator'")
    other.locator("#error-text").wait_for()
    assert "logged in to another account" in other.locator("#error-text").inner_text()
    shot(other, artifacts, "chat-account-seat-other-account")
    for page in (laptop, bo, phone, stranger, other):
        assert page.errors == []  # type: ignore[attr-defined]
