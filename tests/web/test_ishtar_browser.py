"""Ishtar in the browser against the real server: a whole game against the random bot played
by clicks only, the tile preview and the lit placements of each rotation, and two browsers
of which neither ever shows the other seat's tree cards during play. Screenshots go to
$ZIGGURAT_ARTIFACTS (tests/web/artifacts), named ishtar-*.png."""

from __future__ import annotations

import math
import random
import re
import time
from typing import Any

from .conftest import LAPTOP, PHONE, needs_chromium
from .helpers import (
    PayloadSpy,
    dump,
    finished,
    seat_payload,
    version,
    wait_ready,
    wait_turn_or_end,
    wait_version_after,
)

pytestmark = needs_chromium

S = 26  # the map's hex size in SVG units (games/ishtar.js)
TREE_ID = re.compile(r"TC\d\d")


def shot(page: Any, artifacts: Any, name: str, full_page: bool = False) -> None:
    page.screenshot(path=str(artifacts / f"ishtar-{name}.png"), full_page=full_page)


def create(server: Any, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """An Ishtar table; the deal and the first player come from the server's secret seed."""
    body = {"game": "ishtar", "options": {"players": len(seats)}, "seats": seats}
    return server.api("POST", "/api/tables", body)


def open_invite(page: Any, server: Any, url: str) -> None:
    page.goto(server.url + url)
    wait_ready(page)


def phase(page: Any) -> str | None:
    """The decision the page offers (choose, place, action, ...), None when it offers none."""
    return page.evaluate(
        "() => { const c = document.getElementById('controls');"
        " return c && document.body.classList.contains('your-turn') ? c.dataset.phase : null; }"
    )


def footprint(view: dict[str, Any], anchor: list[int], k: int) -> list[tuple[int, int]]:
    """The hexes the tile in hand covers from ``anchor`` turned ``k`` times: the view's
    offsets of that rotation (``tile_turns``, checked against the rules reference's table in
    tests/ishtar/test_placement_rules.py)."""
    offsets = view["tile_turns"][view["tile"]["shape"]][k]
    return [(anchor[0] + o[0], anchor[1] + o[1]) for o in offsets]


def pixel(h: tuple[int, int]) -> tuple[float, float]:
    return S * math.sqrt(3) * (h[0] + h[1] / 2), S * 1.5 * h[1]


def gems_covered(view: dict[str, Any], action: dict[str, Any]) -> int:
    gems = {tuple(h["hex"]) for h in view["map"]["hexes"] if h.get("gem")}
    return sum(c in gems for c in footprint(view, action["hex"], action["rotation"]))


def map_rotation(page: Any) -> int:
    return int(page.locator("#ish-map").get_attribute("data-rotation"))


def anchors(page: Any) -> set[str]:
    return set(
        page.locator("#ish-map g.hex.anchor").evaluate_all("gs => gs.map(g => g.dataset.hex)")
    )


def click_rotate(page: Any, selector: str = "#rotate-cw") -> int:
    """Turn the tile (a redraw, no move): returns the new rotation."""
    before = map_rotation(page)
    page.locator(selector).click()
    page.wait_for_function(
        f"() => document.getElementById('ish-map').dataset.rotation !== '{before}'"
    )
    return map_rotation(page)


def click_and_wait(page: Any, locator: Any, before: int) -> None:
    locator.click()
    wait_version_after(page, before)


# ---------------------------------------------------------------------------------- by clicks


def play_one(page: Any, server: Any, table_id: str, seat: int, token: str, rng: Any) -> str:
    """Make one Ishtar decision by clicking what the page lights or offers, as a player would.

    The choice among the lit things uses the seat's own payload (what its screen shows): the
    placement that covers the most gems (so that trees can be bought), a tree card whenever
    one is lit. Returns the kind of decision made.
    """
    try:
        return _play_one(page, server, table_id, seat, token, rng)
    except Exception:
        dump(page, "ishtar-failure")
        raise


def _play_one(page: Any, server: Any, table_id: str, seat: int, token: str, rng: Any) -> str:
    before = version(page)
    now = phase(page)
    payload = seat_payload(server, table_id, seat, token)
    assert payload["version"] == before, "the page is behind the server"
    view = payload["view"]
    legal = payload["legal_actions"]
    if now == "choose":
        if page.locator("#discard-button").count():
            click_and_wait(page, page.locator("#discard-button"), before)
            return "discard"
        paid = sorted({a["stack"] for a in legal if a["pay"]})
        free = sorted({a["stack"] for a in legal if not a["pay"]})
        several = [s for s in paid if sum(a["stack"] == s for a in legal) > 1]
        pool = several if several and rng.random() < 0.3 else free or paid
        stack = rng.choice(pool)
        page.locator(f"#carpet g.stack.target[data-stack='{stack}']").click()
        if sum(a["stack"] == stack for a in legal) > 1:
            choices = page.locator("#pay-choices button[data-action]")
            choices.first.wait_for()
            assert choices.count() == sum(a["stack"] == stack for a in legal)
            click_and_wait(page, choices.nth(rng.randrange(choices.count())), before)
            return "take-paid"
        wait_version_after(page, before)
        return "take"
    if now == "place":
        places = [a for a in legal if a["type"] == "place"]
        best = max(gems_covered(view, a) for a in places)
        target = rng.choice([a for a in places if gems_covered(view, a) == best])
        for _ in range(6):
            if map_rotation(page) == target["rotation"]:
                break
            click_rotate(page)
        hexkey = f"{target['hex'][0]},{target['hex'][1]}"
        hexnode = page.locator(f"#ish-map g.hex.anchor[data-hex='{hexkey}']")
        assert hexnode.get_attribute("data-action") == target["text"]
        click_and_wait(page, hexnode, before)
        return "place"
    if now == "action":
        skills = page.locator("#skill-choices button[data-action]")
        if page.locator("#assistant-button").count() and rng.random() < 0.8:
            click_and_wait(page, page.locator("#assistant-button"), before)
            return "assistant"
        if skills.count() and rng.random() < 0.5:
            click_and_wait(page, skills.nth(rng.randrange(skills.count())), before)
            return "skill"
        click_and_wait(page, page.locator("#no-action-button"), before)
        return "no-action"
    if now == "bloom":
        patterns = page.locator("#pattern-choices button.pattern")
        if patterns.count() and (not page.locator("#stop-bloom").count() or rng.random() < 0.7):
            chosen = page.locator("#pattern-choices button.pattern.selected")
            if not chosen.count():
                p = patterns.nth(rng.randrange(patterns.count())).get_attribute("data-pattern")
                page.locator(f"#pattern-choices button[data-pattern='{p}']").click()
                chosen.wait_for()
            two = "+" in chosen.get_attribute("data-pattern")
            spots = page.locator("#ish-map g.hex.bloom-target")
            spots.nth(rng.randrange(spots.count())).click()
            if two:  # the first space chosen, the page lights its neighbours for the second
                second = page.locator("#ish-map g.hex.bloom-target.second")
                second.first.wait_for()
                click_and_wait(page, second.nth(rng.randrange(second.count())), before)
            else:
                wait_version_after(page, before)
            return "bloom"
        click_and_wait(page, page.locator("#stop-bloom"), before)
        return "stop-bloom"
    if now == "reserve":
        cards = page.locator("#market button.ish-card.target")
        click_and_wait(page, cards.nth(rng.randrange(cards.count())), before)
        return "reserve"
    if now == "trees":
        cards = page.locator("#market button.ish-card.target, #buy-reserved-card")
        if cards.count() and rng.random() < 0.85:
            click_and_wait(page, cards.nth(rng.randrange(cards.count())), before)
            return "buy"
        click_and_wait(page, page.locator("#end-turn"), before)
        return "end-turn"
    if now == "plant":
        spots = page.locator("#ish-map g.hex.plant-target")
        assert spots.count() == sum(a["type"] == "plant" for a in legal)
        click_and_wait(page, spots.nth(rng.randrange(spots.count())), before)
        return "plant"
    raise AssertionError(f"no Ishtar decision on the page (phase {now!r})")


def test_a_whole_game_against_the_random_bot_by_clicks(server, new_page, artifacts):
    rng = random.Random(2019)
    created = create(server, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "random"}])
    table_id = created["table"]["id"]
    token = created["invites"][0]["token"]
    page = new_page(LAPTOP)
    open_invite(page, server, created["invites"][0]["url"])
    page.locator("#ish-map").wait_for()
    assert page.locator("#carpet g.stack").count() == 6
    # The market row's five slots; a card reserved with the Nursery sits beside the row, and
    # the bot, if the secret seed seats it first, may already have reserved one.
    assert page.locator("#market .ish-market > .ish-card").count() == 5
    assert page.locator("#skills td.skill").count() == 10
    assert page.locator("#players .ish-player").count() == 2
    hexes = len(seat_payload(server, table_id, 0, token)["view"]["map"]["hexes"])
    assert page.locator("#ish-map g.hex").count() == hexes

    done: dict[str, int] = {}
    started = time.monotonic()
    while True:
        wait_turn_or_end(page, timeout=30_000)
        if finished(page):
            break
        kind = play_one(page, server, table_id, 0, token, rng)
        if kind not in done:
            shot(page, artifacts, f"after-{kind}")
        done[kind] = done.get(kind, 0) + 1
        assert sum(done.values()) < 400, "the game did not end"
    page.locator("#result").wait_for()
    page.locator("#final").wait_for()
    table = server.api("GET", f"/api/tables/{table_id}")
    assert table["status"] == "finished"
    assert {"take", "place", "end-turn"} <= set(done) or {"take", "place", "buy"} <= set(done)
    # The final scores shown are the server's, in the result and in the breakdown.
    names = {0: "Ann", 1: "random bot"}
    rows = page.locator("#result .final-scores li").all_inner_texts()
    for seat, score in enumerate(table["scores"]):
        assert any(names[seat] in row and f"{score} points" in row for row in rows), rows
        row = page.locator(f"#final tr[data-seat='{seat}']")
        assert row.locator("td.score").inner_text() == str(score)
    final = seat_payload(server, table_id, 0, token)["view"]
    for p in final["players"]:
        cells = page.locator(f"#final tr[data-seat='{p['seat']}'] td.num").all_inner_texts()
        parts = [p["points"][k] for k in ("trees", "flowers", "fountains", "skills", "total")]
        assert cells == [str(v) for v in parts]
        # At the end every seat's tree cards are turned face up.
        for card in p["trees"]:
            assert (
                page.locator(f"#players .trees-line[data-seat='{p['seat']}']")
                .get_by_text(card["id"])
                .count()
            )
    result = page.locator("#result").inner_text()
    for w in table["winners"]:
        assert names[w] in result
    assert "Game over" in page.locator("#status").inner_text()
    assert page.locator("#log li").count() == table["version"]
    # The log shows what the moves caused, in the engine's words with the seats' names: the
    # final scoring by part for both seats, the tiles taken and placed, the end triggered.
    over = " ".join(page.locator("#log .log-event[data-type='game_over']").inner_text().split())
    assert over.startswith("game over: final scoring after the last round: ")
    for seat, p in enumerate(final["players"]):
        points = p["points"]
        assert (
            f"{names[seat]} {points['total']} (trees {points['trees']}, flowers "
            f"{points['flowers']}, fountains {points['fountains']}, skills {points['skills']})"
        ) in over, over
    kinds = set(page.locator("#log .log-event").evaluate_all("es => es.map(e => e.dataset.type)"))
    assert {"tile_taken", "tile_placed", "end_triggered", "game_over"} <= kinds, kinds
    assert page.locator("#log .log-event[data-type='tile_placed']", has_text="Ann places ").count()
    end = page.locator("#log .log-event[data-type='end_triggered']").inner_text()
    last = names[(final["first"] - 1) % 2]
    assert " ".join(end.split()).endswith(f"the game ends after the turn of {last}"), end
    assert not page.errors
    shot(page, artifacts, "end", full_page=True)
    phone = new_page(PHONE)
    phone.goto(f"{server.url}/table/{table_id}")
    wait_ready(phone)
    phone.locator("#final").wait_for()
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the phone page is {width}px wide"
    print(f"whole game: {done} by clicks in {time.monotonic() - started:.0f} s")


# ---------------------------------------------------------------------------------- placing


def test_tile_preview_and_the_lit_placements_of_each_rotation(server, new_page, artifacts):
    rng = random.Random(7)
    created = create(server, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "random"}])
    table_id = created["table"]["id"]
    token = created["invites"][0]["token"]
    page = new_page(LAPTOP)
    open_invite(page, server, created["invites"][0]["url"])
    wait_turn_or_end(page)
    assert phase(page) == "choose"
    # The lit stacks are the legal takes, and a click on one takes it.
    payload = seat_payload(server, table_id, 0, token)
    stacks = {a["stack"] for a in payload["legal_actions"]}
    lit = page.locator("#carpet g.stack.target").evaluate_all("gs => gs.map(g => g.dataset.stack)")
    assert {int(s) for s in lit} == stacks
    free = sorted(a["stack"] for a in payload["legal_actions"] if not a["pay"])
    before = version(page)
    click_and_wait(page, page.locator(f"#carpet g.stack[data-stack='{free[0]}']"), before)
    wait_turn_or_end(page)
    assert phase(page) == "place"
    payload = seat_payload(server, table_id, 0, token)
    view = payload["view"]
    places = [a for a in payload["legal_actions"] if a["type"] == "place"]
    by_rotation: dict[int, dict[str, dict[str, Any]]] = {}
    for a in places:
        by_rotation.setdefault(a["rotation"], {})[f"{a['hex'][0]},{a['hex'][1]}"] = a

    # Each rotation offered lights exactly its legal anchors; the offered rotations are the
    # legal ones, in order, clockwise with the button and R, back with the other button.
    first = map_rotation(page)
    assert first == min(by_rotation)
    seen = []
    k = first
    for _ in range(len(by_rotation)):
        seen.append(k)
        assert anchors(page) == set(by_rotation[k]), k
        assert f"{len(by_rotation[k])} place" in page.locator("#rotation-info").inner_text()
        k = click_rotate(page)
    assert seen == sorted(by_rotation) and k == first
    page.keyboard.press("r")
    page.wait_for_function(f"() => document.getElementById('ish-map').dataset.rotation !== '{k}'")
    assert map_rotation(page) == seen[1 % len(seen)]
    assert click_rotate(page, "#rotate-ccw") == first
    assert anchors(page) == set(by_rotation[first])

    # The preview follows the pointer: on a lit anchor it shows that placement's three spaces
    # where the rules put them; on a hex no placement covers, the tile shows refused.
    k = rng.choice(sorted(by_rotation))
    while map_rotation(page) != k:
        click_rotate(page)
    target = rng.choice(sorted(by_rotation[k].values(), key=lambda a: a["text"]))
    hexkey = f"{target['hex'][0]},{target['hex'][1]}"
    page.locator(f"#ish-map g.hex[data-hex='{hexkey}']").hover()
    ghost = page.locator("#ish-map g.ghost-tile")
    ghost.wait_for()
    assert "legal" in ghost.get_attribute("class").split()
    assert ghost.get_attribute("data-action") == target["text"]
    spots = ghost.locator("g.ish-space").evaluate_all(
        "gs => gs.map(g => g.getAttribute('transform'))"
    )
    cells = footprint(view, target["hex"], target["rotation"])
    for transform, cell in zip(spots, cells, strict=True):
        x, y = map(float, re.findall(r"-?[\d.]+", transform))
        ex, ey = pixel(cell)
        assert abs(x - ex) < 0.05 and abs(y - ey) < 0.05, (transform, cell)
    kinds = ghost.locator("g.ish-space").evaluate_all(
        "gs => gs.map(g => g.classList.contains('flower') ? 'flower' : 'grass')"
    )
    assert kinds == ["flower" if f else "grass" for f in view["tile"]["spaces"]]
    covered = {f"{q},{r}" for a in by_rotation[k].values() for q, r in footprint(view, a["hex"], k)}
    fountain = next(
        f"{h['hex'][0]},{h['hex'][1]}"
        for h in view["map"]["hexes"]
        if h["kind"] == "fountain" and f"{h['hex'][0]},{h['hex'][1]}" not in covered
    )
    page.locator(f"#ish-map g.hex[data-hex='{fountain}']").hover()
    page.locator("#ish-map g.ghost-tile.illegal").wait_for()
    page.locator(f"#ish-map g.hex[data-hex='{hexkey}']").hover()
    page.locator("#ish-map g.ghost-tile.legal").wait_for()
    shot(page, artifacts, "preview")

    # A click places it there: the tile lies on the footprint the preview showed.
    before = version(page)
    click_and_wait(page, page.locator(f"#ish-map g.hex[data-hex='{hexkey}']"), before)
    after = seat_payload(server, table_id, 0, token)
    # the bot (no delay) may have moved since: the placement is seat 0's last entry
    assert [e["text"] for e in after["log"] if e["seat"] == 0][-1] == target["text"]
    tile = next(t for t in after["view"]["map"]["tiles"] if t["id"] == view["tile"]["id"])
    assert [tuple(s["hex"]) for s in tile["spaces"]] == cells
    assert [s["flowers"] for s in tile["spaces"]] == view["tile"]["spaces"]
    assert not page.errors


# ---------------------------------------------------------------------------------- secrets


def quick_move(payload: dict[str, Any], rng: Any) -> str:
    """A seat played over the API that buys trees soon: free tiles over gems, no skills."""
    view = payload["view"]
    legal = payload["legal_actions"]
    types = {a["type"] for a in legal}
    if "buy" in types:
        return next(a for a in legal if a["type"] == "buy")["text"]
    if "place" in types:
        best = max(gems_covered(view, a) for a in legal)
        return rng.choice([a for a in legal if gems_covered(view, a) == best])["text"]
    if "take" in types:
        free = [a for a in legal if not a["pay"]]
        return rng.choice(free or legal)["text"]
    if "no-action" in types:
        return "no action"
    return rng.choice(legal)["text"]


def test_two_browsers_never_show_the_other_seats_tree_cards(server, new_page, artifacts):
    """Ann and Bob each watch their own seat while both play (over the API) until each has
    bought trees: neither page ever shows the other's card ids outside the log (and its
    summary on your turn), where they appear as the table saw them (a card coming to the
    market, a purchase: rulings I18); no payload gives another seat's points for them; each
    page shows its own cards, and the other's as a count."""
    rng = random.Random(1212)
    created = create(server, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
    table_id = created["table"]["id"]
    invites = {i["seat"]: i for i in created["invites"]}
    tokens = {s: i["token"] for s, i in invites.items()}
    pages = {0: new_page(LAPTOP), 1: new_page(LAPTOP)}
    spies = {s: PayloadSpy(p) for s, p in pages.items()}
    for seat, page in pages.items():
        open_invite(page, server, invites[seat]["url"])
    checks = 0
    shown = False
    for _ in range(120):
        table = server.api("GET", f"/api/tables/{table_id}")
        piles = {
            s: [
                c["id"]
                for c in seat_payload(server, table_id, s, tokens[s])["view"]["players"][s]["trees"]
            ]
            for s in (0, 1)
        }
        if min(len(p) for p in piles.values()) >= 2 or table["status"] == "finished":
            break
        for seat, page in pages.items():
            other = 1 - seat
            page.wait_for_function(
                f"() => Number(document.body.dataset.version) >= {table['version']}"
            )
            # the log, and its summary of the others' moves on your turn (#recent), tell
            # the purchases as the table saw them
            html = page.locator("body").evaluate(
                "b => { const c = b.cloneNode(true);"
                " for (const s of ['#log', '#recent']) { const n = c.querySelector(s);"
                " if (n) n.remove(); } return c.innerHTML; }"
            )
            text = page.locator("body").inner_text()
            for card in piles[other]:
                assert card not in html, (seat, card)
            for card in piles[seat]:
                assert card in text, (seat, card)
            count = page.locator(f"#players .trees-line[data-seat='{other}']").inner_text()
            if piles[other]:
                assert f"{len(piles[other])} face down" in count, count
            checks += 1
            if piles[other] and piles[seat] and not shown:
                shot(page, artifacts, f"secret-seat{seat}")
                shown = seat == 1
        seat = table["current_player"]
        payload = seat_payload(server, table_id, seat, tokens[seat])
        body = {"seat": seat, "action": quick_move(payload, rng), "version": payload["version"]}
        server.api("POST", f"/api/tables/{table_id}/actions", body, token=tokens[seat])
    assert min(len(p) for p in piles.values()) >= 1, piles
    assert checks > 20
    for seat, spy in spies.items():
        assert spy.payloads
        for payload in spy.payloads:
            players = payload["view"]["players"]
            assert "trees" in players[seat]
            assert "trees" not in players[1 - seat]
            assert players[1 - seat]["points"]["trees"] is None
            for entry in payload["log"]:
                assert not TREE_ID.search(entry["text"] + entry["words"])
                for event in entry["events"]:
                    if event["type"] in ("card_bought", "tree_planted"):
                        # seen at the table (rulings I18): named to all, its points not
                        assert TREE_ID.fullmatch(event["card"]), event
                    if event["type"] == "card_bought":
                        assert ("points" in event) == (event["seat"] == seat), event
    assert not pages[0].errors and not pages[1].errors
