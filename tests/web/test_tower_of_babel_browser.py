"""Tower of Babel in the browser against the real server: a whole game by clicks, two
browsers that never see each other's hand or pending offer, the offer and accept controls
that refuse what the legal actions do not hold, and the hot-seat curtain during the offers.
Screenshots go to $ZIGGURAT_ARTIFACTS (tests/web/artifacts), named tob-*.png."""

from __future__ import annotations

import itertools
import random
import re
import time
from typing import Any

from .conftest import LAPTOP, PHONE, needs_chromium
from .helpers import (
    PayloadSpy,
    finished,
    seat_payload,
    tob_create,
    tob_phase,
    tob_play_one,
    tob_play_to_end,
    version,
    wait_ready,
    wait_turn_or_end,
    wait_version_after,
)

pytestmark = needs_chromium

TYPES = ("camel", "crane", "boat", "stonemason")


def shot(page: Any, artifacts: Any, name: str, full_page: bool = False) -> None:
    page.screenshot(path=str(artifacts / f"tob-{name}.png"), full_page=full_page)


def open_invite(page: Any, server: Any, url: str) -> None:
    page.goto(server.url + url)
    wait_ready(page)


def counts(cards: dict[str, int] | None) -> tuple[int, ...]:
    return tuple((cards or {}).get(t, 0) for t in TYPES)


# ---------------------------------------------------------------------------------- a game


def test_lobby_creates_a_table_and_a_whole_game_is_played_by_clicks(server, new_page, artifacts):
    rng = random.Random(2005)
    page = new_page(LAPTOP)
    page.goto(server.url + "/")
    wait_ready(page)
    page.select_option("#game", "tower_of_babel")
    assert page.locator("#players option").all_inner_texts() == [
        "3 players",
        "4 players",
        "5 players",
    ]
    page.select_option("#players", "3")
    page.fill("input[name='seat-0-name']", "Ann")
    page.select_option("select[name='seat-1-kind']", "bot:greedy")
    page.select_option("select[name='seat-2-kind']", "bot:random")
    kinds = page.locator("select[name='seat-1-kind'] option").evaluate_all(
        "os => os.map(o => o.value)"
    )
    assert kinds == ["human", "bot:random", "bot:greedy", "bot:easy", "bot:medium", "bot:hard"]
    page.locator("#options-box summary").click()
    page.check("#opt-two_type_discs")
    assert page.locator("#opt-action_cards").is_checked()
    shot(page, artifacts, "lobby-form")
    page.click("#create-button")
    invite = page.locator("li.invite[data-seat='0']")
    invite.wait_for()
    invite.locator("a.open").click()
    wait_ready(page)
    table_id = page.url.rstrip("/").split("/")[-1]
    table = server.api("GET", f"/api/tables/{table_id}")
    assert table["game"] == "tower_of_babel"
    assert table["options"] == {"players": 3, "two_type_discs": True, "action_cards": True}
    assert [s.get("agent") for s in table["seats"]] == [None, "greedy", "random"]

    wait_turn_or_end(page)
    assert page.locator("#wonders article.wonder").count() == 8
    assert page.locator("#wonders .space").count() == 24
    assert page.locator("#hand[data-seat='0']").count() == 1
    shot(page, artifacts, "start")
    seen: set[str] = set()

    def each(count: int, done: str) -> None:
        phase = tob_phase(page)
        if phase in ("offer", "accept", "triple", "double") and phase not in seen:
            seen.add(phase)
            shot(page, artifacts, phase)
        if count == 30:
            shot(page, artifacts, "middle")

    started = time.monotonic()
    decisions = tob_play_to_end(page, rng, on_action=each)
    assert decisions > 10
    page.locator("#result").wait_for()
    page.locator("#final").wait_for()
    table = server.api("GET", f"/api/tables/{table_id}")
    assert table["status"] == "finished"
    names = {0: "Ann", 1: "greedy bot", 2: "random bot"}
    result = page.locator("#result").inner_text()
    for w in table["winners"]:
        assert names[w] in result
    # The final scoring: one row per seat whose total is the seat's score.
    for seat, score in enumerate(table["scores"]):
        row = page.locator(f"#final tr[data-seat='{seat}']")
        assert row.locator("td.score").inner_text() == str(score)
        assert names[seat] in row.inner_text()
    assert "Game over" in page.locator("#status").inner_text()
    assert page.locator("#log li").count() == table["version"]
    assert page.locator("#last-build").count() == 1
    assert page.locator("#wonders .space.building").count() == 0
    check_logged_events(page, names, table["winners"])
    assert not page.errors
    shot(page, artifacts, "end")
    phone = new_page(PHONE)
    phone.goto(f"{server.url}/table/{table_id}")
    wait_ready(phone)
    phone.locator("#final").wait_for()
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the phone page is {width}px wide"
    shot(phone, artifacts, "end-phone", full_page=True)
    print(f"whole game: {decisions} decisions by clicks in {time.monotonic() - started:.0f} s")


def check_logged_events(page: Any, names: dict[int, str], winners: list[int]) -> None:
    """The log shows what the engine recorded for each move, worded with the table's names:
    the builds, the wonders scored (who took which points) and the end with its winners."""
    who = "|".join(re.escape(n) for n in names.values())

    def lines(kind: str) -> list[str]:
        found = page.locator(f"#log .log-event[data-type='{kind}']").all_inner_texts()
        return [" ".join(line.split()) for line in found]  # a seat chip may wrap the line

    built = lines("disc_built")
    assert built, "no build in the log"
    for line in built:
        assert re.match(rf"({who}) built \d+ \w+.* on [\w ]+, space \d", line), line
    for line in lines("wonder_completed"):
        assert re.search(rf"completed, scored on row \d+ \(\d+/\d+\): ({who}) \+\d+", line)
    (over,) = lines("game_over")
    assert over.startswith("game over: final scoring, as "), over
    assert all(names[w] in over.rsplit("; ", 1)[1] for w in winners), over
    chips = page.locator("#log .log-event[data-type='game_over'] .seat-chip")
    assert chips.count() >= len(winners)  # the seats drawn as the table's chips


# ---------------------------------------------------------------------------------- secrets


def hidden_offers_kept(payload: dict[str, Any], viewer: int) -> int:
    """Check one payload of ``viewer`` for another seat's secrets; returns how many face-down
    offers of other seats it holds while the viewer has still to offer (each must show that
    it was made and nothing more, not even its size: offers are simultaneous)."""
    view = payload["view"]
    assert payload["seat"] == viewer
    assert view["hand"] is not None and view["seat"] == viewer
    shown = 0
    build = view["build"]
    if build and not build["revealed"]:
        own = next((o for o in build["offers"] if o["seat"] == viewer), None)
        still_to_offer = own is not None and not own["made"]
        for offer in build["offers"]:
            if offer["seat"] == viewer:
                continue
            assert "cards" not in offer and "exchange" not in offer and "matching" not in offer
            if offer["made"] and still_to_offer:
                assert offer["cards_count"] is None, offer
                shown += 1
    for entry in payload["log"]:
        if entry["type"] == "offer" and entry["seat"] != viewer:
            assert entry == {
                "type": "offer",
                "text": "offer ?",
                "words": "makes a face-down offer",
                **{k: entry[k] for k in entry if k not in ("type", "text", "words")},
            }
            assert "cards" not in entry and "exchange" not in entry
            assert "cards_count" not in entry
    for action in payload["legal_actions"]:
        assert action["type"] != "offer" or "cards" in action  # one's own offers only
    return shown


def test_two_browsers_never_see_each_others_hand_or_pending_offer(server, new_page, artifacts):
    """A random bot (seat 0, who starts) builds; Ann (seat 1) offers face down, then Bob
    (seat 2) decides. While Ann's offer is pending, Bob's page shows only that she offered,
    not even how many cards (offers are simultaneous); neither
    page, nor any payload either received, ever holds the other's hand or pending offer."""
    rng = random.Random(15510)
    created = tob_create(
        server,
        [
            {"kind": "bot", "agent": "random"},
            {"kind": "human", "name": "Ann"},
            {"kind": "human", "name": "Bob"},
        ],
    )
    table_id = created["table"]["id"]
    invites = {i["seat"]: i for i in created["invites"]}
    ann, bob = new_page(LAPTOP), new_page(PHONE)
    pages = {1: ann, 2: bob}
    spies = {1: PayloadSpy(ann), 2: PayloadSpy(bob)}
    for seat, page in pages.items():
        open_invite(page, server, invites[seat]["url"])
    checked = 0
    deadline = time.monotonic() + 240
    while checked < 2 and not finished(ann):
        assert time.monotonic() < deadline, server.api("GET", f"/api/tables/{table_id}")
        table = server.api("GET", f"/api/tables/{table_id}")
        current = table["current_player"]
        if current not in pages:
            ann.wait_for_timeout(100)
            continue
        page = pages[current]
        wait_turn_or_end(page)
        if current == 2 and tob_phase(bob) == "offer":
            payload = seat_payload(server, table_id, 1, invites[1]["token"])
            build = payload["view"]["build"]
            mine = next((o for o in build["offers"] if o["seat"] == 1), None)
            if mine and mine["made"] and mine["cards_count"] and not build["revealed"]:
                bob_sees = seat_payload(server, table_id, 2, invites[2]["token"])["view"]
                assert bob_sees["build"]["offers"][0] == {
                    "seat": 1,
                    "made": True,
                    "cards_count": None,
                }
                # Ann's hand count as before her offer
                ann_before = sum(mine["cards"].values()) + mine["exchange"]
                assert bob_sees["players"][1]["cards"] == (
                    payload["view"]["players"][1]["cards"] + ann_before
                )
                check_pending_offer(ann, bob, mine, artifacts, first=checked == 0)
                checked += 1
        tob_play_one(page, rng)
    assert checked, "no offer of Ann was ever pending while Bob decided"
    for seat, spy in spies.items():
        assert spy.payloads, "no payload was seen"
        pending = sum(hidden_offers_kept(p, seat) for p in spy.payloads)
        if seat == 2:
            assert pending > 0  # Bob's payloads did carry Ann's face-down offer, made only
    assert not ann.errors and not bob.errors


def check_pending_offer(
    ann: Any, bob: Any, offer: dict[str, Any], artifacts: Any, first: bool
) -> None:
    """Ann's offer (``offer``, from her own payload) is face down and Bob is to offer: his
    page says that she offered, and nothing of what or how much."""
    ann.wait_for_function(
        "() => (document.querySelector(\"#offer-status li[data-seat='1']\") || {})"
        ".textContent?.includes('your offer')"
    )
    bob_row = bob.locator("#offer-status li[data-seat='1']")
    bob_text = bob_row.inner_text()
    assert "offer made, face down" in bob_text, bob_text
    assert not re.search(r"\bcards?\b", bob_text), bob_text
    assert not bob_row.locator(".tchip").count()  # no card pictures, no type
    for t in TYPES:
        assert t not in bob_text
    assert "exchange" not in bob_text
    # Ann's page shows her own offer, and its cards.
    ann_row = ann.locator("#offer-status li[data-seat='1']")
    assert "your offer" in ann_row.inner_text()
    assert ann_row.locator(".tchip").count() == sum(1 for c in offer["cards"].values() if c)
    # Each page holds one hand: its own. Bob's log says only that Ann offered.
    assert ann.locator(".hand-panel").count() == 1
    assert ann.locator("#hand").get_attribute("data-seat") == "1"
    assert bob.locator(".hand-panel").count() == 1
    assert bob.locator("#hand").get_attribute("data-seat") == "2"
    last = bob.locator("#log li").last.inner_text()
    assert "makes a face-down offer" in last and not re.search(r"\d+ cards?", last), last
    # Bob's page never names the cards of Ann's pending offer: not outside the log, and not
    # in the log since this disc was picked (earlier offers were revealed and may read alike).
    words = [f"offers {n} {t}" for t, n in offer["cards"].items() if n]
    log = bob.locator("#log li").all_inner_texts()
    builds = [i for i, line in enumerate(log) if "builds on" in line]
    this_build = log[builds[-1] :] if builds else log
    outside_log = bob.evaluate(
        "() => { const b = document.body.cloneNode(true);"
        " b.querySelector('#log')?.remove(); return b.innerText; }"
    )
    assert not any(w in text for w in words for text in [*this_build, outside_log])
    if first:
        shot(ann, artifacts, "pending-offer-ann")
        shot(bob, artifacts, "pending-offer-bob-phone", full_page=True)


# ---------------------------------------------------------------------------------- refusals


def act_as(server: Any, table_id: str, seat: int, token: str, text: str) -> dict[str, Any]:
    payload = seat_payload(server, table_id, seat, token)
    body = {"seat": seat, "action": text, "version": payload["version"]}
    return server.api("POST", f"/api/tables/{table_id}/actions", body, token=token)


def quiet_move(payload: dict[str, Any]) -> str:
    """A seat played over the API keeps out of the way: it passes, offers nothing, accepts
    what it can, keeps its cards."""
    legal = {a["text"]: a for a in payload["legal_actions"]}
    for text in ("pass", "offer nothing", "no triple bonus", "no double turn"):
        if text in legal:
            return text
    accepts = [a for a in payload["legal_actions"] if a["type"] == "accept"]
    return accepts[0]["text"] if accepts else "give up"


def offer_state(page: Any) -> tuple[tuple[int, ...], bool]:
    picked = tuple(
        int(page.locator(f"#offer-picker output.pick-count[data-type='{t}']").inner_text())
        for t in TYPES
    )
    exchange = page.locator("#offer-exchange")
    return picked, bool(exchange.count() and exchange.is_checked())


def click_and_rerender(page: Any, selector: str) -> None:
    """A click that redraws the panel (no move is sent): wait for the new drawing."""
    page.evaluate("() => { window.__drawn = document.getElementById('controls'); }")
    page.locator(selector).click()
    page.wait_for_function("() => document.getElementById('controls') !== window.__drawn")


def test_offer_and_accept_controls_refuse_what_the_legal_actions_do_not_hold(
    server, new_page, artifacts
):
    created = tob_create(
        server,
        [
            {"kind": "human", "name": "Ann"},
            {"kind": "human", "name": "Bob"},
            {"kind": "human", "name": "Cyd"},
        ],
    )
    table_id = created["table"]["id"]
    tokens = {i["seat"]: i["token"] for i in created["invites"]}
    page = new_page(LAPTOP)
    open_invite(page, server, created["invites"][0]["url"])

    # --- the offer: Ann passes, Bob builds the smallest disc, Cyd offers nothing, Ann offers.
    wait_turn_or_end(page)
    v = version(page)
    page.locator("#pass-button").click()
    wait_version_after(page, v)
    bob = seat_payload(server, table_id, 1, tokens[1])
    builds = [a for a in bob["legal_actions"] if a["type"] == "build"]
    per = len(bob["view"]["wonders"][0]["spaces"])

    def need_of(action: dict[str, Any]) -> int:
        w = bob["view"]["wonders"][action["space"] // per]
        return sum(w["spaces"][action["space"] % per]["need"].values())

    small = min(builds, key=need_of)
    act_as(server, table_id, 1, tokens[1], small["text"])
    act_as(server, table_id, 2, tokens[2], "offer nothing")
    wait_turn_or_end(page)
    assert tob_phase(page) == "offer"
    payload = seat_payload(server, table_id, 0, tokens[0])
    legal = {
        (counts(a["cards"]), a["exchange"]): a["text"]
        for a in payload["legal_actions"]
        if a["type"] == "offer"
    }
    hand = payload["view"]["hand"]
    assert page.locator("#offer-nothing").get_attribute("data-action") == "offer nothing"
    submit = page.locator("#offer-submit")
    assert submit.is_disabled()
    if hand["exchange"]:  # the exchange card alone is no offer
        click_and_rerender(page, "#offer-exchange")
        assert offer_state(page) == ((0, 0, 0, 0), True)
        assert submit.is_disabled()
        assert "exchange card" in page.locator("#offer-reason").inner_text()
        shot(page, artifacts, "offer-refused")
        click_and_rerender(page, "#offer-exchange")
    outcomes = {True: 0, False: 0}

    def check_offer() -> None:
        state = offer_state(page)
        allowed = state in legal
        assert submit.is_enabled() == allowed, (state, page.locator("#controls").inner_text())
        if allowed:
            assert submit.get_attribute("data-action") == legal[state]
        else:
            assert page.locator("#offer-reason").inner_text()
        outcomes[allowed] += 1

    for t in TYPES:
        for _ in range(hand["cards"][t]):
            click_and_rerender(page, f"#offer-picker .pick-row[data-type='{t}'] button.plus")
            check_offer()
            if hand["exchange"]:
                click_and_rerender(page, "#offer-exchange")
                check_offer()
                click_and_rerender(page, "#offer-exchange")
        plus = page.locator(f"#offer-picker .pick-row[data-type='{t}'] button.plus")
        assert plus.is_disabled()  # never more than the hand holds
    # Ann's whole hand (6 cards after her pass) is more than the smallest disc allows.
    assert sum(hand["cards"].values()) > need_of(small)
    assert "at most" in page.locator("#offer-reason").inner_text()
    assert outcomes[True] and outcomes[False], outcomes
    shot(page, artifacts, "offer-too-many")
    # Back to one card, sent by a click.
    for t in reversed(TYPES):
        while offer_state(page)[0][TYPES.index(t)] and sum(offer_state(page)[0]) > 1:
            click_and_rerender(page, f"#offer-picker .pick-row[data-type='{t}'] button.minus")
    state = offer_state(page)
    assert sum(state[0]) == 1 and state in legal
    v = version(page)
    submit.click()
    wait_version_after(page, v)
    log = server.api("GET", f"/api/tables/{table_id}/view?seat=0", token=tokens[0])["log"]
    assert log[-1]["seat"] == 0 and log[-1]["text"] == legal[state]

    # --- the acceptance: everybody passes until Ann can build a disc of a type Bob and Cyd
    # both hold; they offer one card of it with their exchange cards; two exchange offers
    # may not be accepted together.
    deadline = time.monotonic() + 180
    target = None
    while target is None:
        assert time.monotonic() < deadline, "no disc for the acceptance came up"
        table = server.api("GET", f"/api/tables/{table_id}")
        assert table["status"] != "finished"
        seat = table["current_player"]
        if seat != 0:
            act_as(
                server,
                table_id,
                seat,
                tokens[seat],
                quiet_move(seat_payload(server, table_id, seat, tokens[seat])),
            )
            continue
        wait_turn_or_end(page)
        views = {s: seat_payload(server, table_id, s, tokens[s]) for s in (0, 1, 2)}
        if views[0]["view"]["phase"] != "choose":
            act_as(server, table_id, 0, tokens[0], quiet_move(views[0]))
            continue
        hands = {s: views[s]["view"]["hand"]["cards"] for s in (0, 1, 2)}
        for action in views[0]["legal_actions"]:
            if action["type"] != "build":
                continue
            w = views[0]["view"]["wonders"][action["space"] // per]
            need = w["spaces"][action["space"] % per]["need"]
            if len(need) != 1:
                continue
            ((t, n),) = need.items()
            if hands[0][t] >= n - 1 and hands[1][t] >= 1 and hands[2][t] >= 1:
                target = (action, t)
                break
        v = version(page)
        if target:
            page.locator(f"#wonders button.space[data-space='{target[0]['space']}']").click()
        else:
            page.locator("#pass-button").click()
        wait_version_after(page, v)
    action, t = target
    act_as(server, table_id, 1, tokens[1], f"offer 1 {t} + exchange")
    act_as(server, table_id, 2, tokens[2], f"offer 1 {t} + exchange")
    wait_turn_or_end(page)
    assert tob_phase(page) == "accept"
    payload = seat_payload(server, table_id, 0, tokens[0])
    masks = {
        frozenset(a["seats"]): a["text"] for a in payload["legal_actions"] if a["type"] == "accept"
    }
    assert frozenset({1}) in masks and frozenset({2}) in masks
    assert frozenset({1, 2}) not in masks
    accept = page.locator("#accept-submit")
    for seats in itertools.chain.from_iterable(
        itertools.combinations((1, 2), k) for k in (0, 1, 2, 1, 0)
    ):
        for s in (1, 2):
            box = page.locator(f"input.accept-box[data-seat='{s}']")
            if box.is_checked() != (s in seats):
                click_and_rerender(page, f"input.accept-box[data-seat='{s}']")
        allowed = frozenset(seats) in masks
        assert accept.is_enabled() == allowed, (seats, page.locator("#controls").inner_text())
        if allowed:
            assert accept.get_attribute("data-action") == masks[frozenset(seats)]
        else:
            reason = page.locator("#accept-reason").inner_text()
            assert reason
            if len(seats) == 2:
                assert "exchange card" in reason
                shot(page, artifacts, "accept-refused")
    # Bob's offer alone: his exchange card takes the disc; Ann places the pieces.
    for s in (1, 2):
        if page.locator(f"input.accept-box[data-seat='{s}']").is_checked() != (s == 1):
            click_and_rerender(page, f"input.accept-box[data-seat='{s}']")
    summary = page.locator("#accept-summary").inner_text()
    assert "Bob (exchange card)" in summary
    v = version(page)
    accept.click()
    wait_version_after(page, v)
    log = server.api("GET", f"/api/tables/{table_id}/view?seat=0", token=tokens[0])["log"]
    assert any(e["seat"] == 0 and e["text"] == masks[frozenset({1})] for e in log[-3:])
    assert not page.errors


# ---------------------------------------------------------------------------------- hot-seat


def test_hot_seat_curtain_falls_between_two_offers(server, new_page, artifacts):
    """Ann and Bob share a screen; the random bot (seat 0) builds, Ann offers, then Bob: the
    curtain comes down between the two offers, with no hand and no offer's cards behind it."""
    rng = random.Random(2005)
    page = new_page(LAPTOP)
    page.goto(server.url + "/")
    wait_ready(page)
    page.select_option("#game", "tower_of_babel")
    page.select_option("#players", "3")
    page.select_option("select[name='seat-0-kind']", "bot:random")
    page.select_option("select[name='seat-1-kind']", "human")
    page.fill("input[name='seat-1-name']", "Ann")
    page.select_option("select[name='seat-2-kind']", "human")
    page.fill("input[name='seat-2-name']", "Bob")
    page.click("#create-button")
    page.locator("#hotseat").click()
    page.wait_for_url(re.compile(r"/table/[^?]+$"))
    seats = {"Ann": "1", "Bob": "2"}
    last: tuple[str, str | None] | None = None  # (seat, phase) of the last decision made here
    handovers = 0
    for _ in range(80):
        page.wait_for_function(
            "() => !document.getElementById('overlay').hidden"
            " || document.body.classList.contains('your-turn')"
            " || document.body.dataset.status === 'finished'"
        )
        if finished(page):
            break
        if page.locator("#overlay").is_visible():
            name = page.locator("#overlay-title").inner_text().removeprefix("Pass the screen to ")
            assert name in seats
            assert page.locator("#overlay-button").inner_text() == f"I am {name}: show my hand"
            # Behind the curtain: the spectator's view, no hand, no face-down offer's cards.
            assert page.evaluate("() => document.body.dataset.seat") == "spectator"
            assert page.locator(".hand-panel").count() == 0
            assert "your offer" not in page.locator("#game-panel").inner_text()
            offering = "makes a face-down offer" in page.locator("#status").inner_text()
            handover = last == (seats["Ann"], "offer") and name == "Bob" and offering
            if handover:
                handovers += 1
                if handovers == 1:
                    shot(page, artifacts, "hot-seat-curtain")
                row = page.locator("#offer-status li[data-seat='1']").inner_text()
                assert "face down" in row and not any(t in row for t in TYPES), row
            page.locator("#overlay-button").click()
            wait_turn_or_end(page)
            assert page.locator("#hand").get_attribute("data-seat") == seats[name]
            if handover:  # Bob sees Ann's offer by its size only
                assert tob_phase(page) == "offer"
                row = page.locator("#offer-status li[data-seat='1']").inner_text()
                assert "face down" in row and "your offer" not in row, row
            continue
        if handovers >= 2:
            break
        seat = page.evaluate("() => document.body.dataset.seat")
        phase = tob_phase(page)
        tob_play_one(page, rng)
        last = (seat, phase)
    assert handovers >= 1, "Ann never offered right before Bob"
    assert not page.errors
