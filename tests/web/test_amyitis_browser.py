"""Amyitis in the browser against the real server: a whole game against a bot played by clicks
only (the lobby creates the table), with every decision checked against the legal actions
(what is lit is exactly what is legal, and what is not lit takes no click); the plant
payment and the other button choices; the log with the engine's automatic moves (the log
entries' ``then``, drawn by table.js, still there after a reload); the points by source at
the end; what a spectator sees. Screenshots go to $ZIGGURAT_ARTIFACTS (tests/web/artifacts), named
amyitis-*.png."""

from __future__ import annotations

import importlib
import random
import time
from typing import Any

from ziggurat.games.amyitis.scoring import POINT_SOURCES

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

LOG_SHOWN = 250  # the newest log lines table.js shows
BOARD_ONLY = {"action", "irrigate", "plant city"}  # decisions made on the boards only


def shot(page: Any, artifacts: Any, name: str, full_page: bool = False) -> None:
    page.screenshot(path=str(artifacts / f"amyitis-{name}.png"), full_page=full_page)


def bot_agent() -> str:
    """The greedy bot when the game's heuristics are there (it needs their tiebreak), else
    the random one."""
    try:
        module = importlib.import_module("ziggurat.games.amyitis.heuristics")
    except Exception:  # not written yet, or half-written: the random bot will do
        return "random"
    return "greedy" if hasattr(module, "tiebreak") else "random"


def create(server: Any, seats: list[dict[str, Any]]) -> dict[str, Any]:
    body = {"game": "amyitis", "options": {"players": len(seats)}, "seats": seats}
    return server.api("POST", "/api/tables", body)


def open_invite(page: Any, server: Any, url: str) -> None:
    page.goto(server.url + url)
    wait_ready(page)


def phase(page: Any) -> str | None:
    """The decision the page offers (action, peasant, ...), None when it offers none."""
    return page.evaluate(
        "() => { const c = document.getElementById('controls');"
        " return c && document.body.classList.contains('your-turn') ? c.dataset.phase : null; }"
    )


# ---------------------------------------------------------------------------------- a policy


def plan(view: dict[str, Any], use_wine: bool = True) -> tuple[list[str], int, bool, set[str]]:
    """The plant city that is easiest to use: the resources it asks that are not held (its
    demand and its card's extra), the camels still lacking to get there, whether the caravan
    stands on it (it must move away first); and the squares worth irrigating (in use, not
    planted, within some plant card's reach). Without ``use_wine`` wine held is not counted
    as standing for what is missing."""
    seat = view["current"]
    me = view["players"][seat]
    track = view["track"]
    squares = [s for s in view["garden"]["squares"] if s["tile"] and s["planted_by"] is None]
    best: tuple[Any, ...] | None = None
    reach: set[str] = set()
    for city in track["cities"]:
        card = city.get("plant")
        if not card:
            continue
        quality = card["up"]["quality"] + me["gardeners"]
        fits = [s for s in squares if s["needs_quality"] <= quality]
        reach |= {s["id"] for s in fits}
        distance = (city["position"] - track["caravan"]) % len(track["cities"])
        if not any(s["irrigated"] for s in fits):
            continue
        need = [city["demand"]] + ([card["up"]["extra"]] if card["up"]["extra"] else [])
        have = dict(me["resources"])
        missing = []
        for r in need:
            if have.get(r):
                have[r] -= 1
            elif use_wine and have.get("wine"):
                have["wine"] -= 1
            else:
                missing.append(r)
        away = distance == 0
        camels = max(0, max(1, (distance or 4) - me["caravan_bonus"]) - me["camels"])
        key = (len(missing) + camels + 2 * away, city["position"])
        if best is None or key < best[0]:
            best = (key, missing, camels, away)
    if best is None:
        return [], 0, False, reach
    return best[1], best[2], best[3], reach


def irrigation_gain(view: dict[str, Any], space_id: str, reach: set[str]) -> tuple[int, int]:
    """What a cube on ``space_id`` does for planting: (floors of the squares it irrigates that
    some plant card can reach, the highest floor next to it that is worth irrigating)."""
    spaces = view["garden"]["spaces"]
    squares = {s["id"]: s for s in view["garden"]["squares"]}
    space = next(s for s in spaces if s["id"] == space_id)
    pair = space["squares"]
    side = [s for s in spaces if s["squares"] == pair]
    full = all(s["owner"] is not None or s["id"] == space_id for s in side)
    gain = 0
    near = 0
    for q in pair:
        sq = squares[q]
        if q in reach and not sq["irrigated"]:
            near = max(near, sq["floor"])
            if full:
                gain += sq["floor"]
    return gain, near


def choose(
    view: dict[str, Any], legal: list[dict[str, Any]], rng: Any, wine_first: bool = False
) -> dict[str, Any]:
    """A decision for the seat to act that plants as soon as it can, so that a game ends in
    few turns whatever the other seat does: the caravan to a plant city whenever that is
    legal (then the highest square), else what the easiest planting lacks (irrigated squares,
    the resources asked, camels), else pass; and now and then any other move. Works on what
    the seat's page is sent (the view and the legal actions) only. ``wine_first``: gather
    wine before what is missing (wine pays anything, so a planting then has several ways to
    be paid)."""
    seat = view["current"]
    me = view["players"][seat]
    kind = {c["name"]: c["kind"] for c in view["track"]["cities"]}
    held = sum(me["resources"].values())
    missing, camels, away, reach = plan(view, use_wine=not wine_first)
    fields = {f["row"]: f for f in view["fields"]}
    irrigated = [s["id"] for s in view["garden"]["squares"] if s["irrigated"] and s["id"] in reach]

    def next_resource(row: str) -> str:
        return next(s["resource"] for s in fields[row]["spaces"] if s["owner"] is None)

    def pick(test: Any) -> dict[str, Any] | None:
        found = [a for a in legal if test(a)]
        return rng.choice(found) if found else None

    def recruit(craft: str) -> Any:
        return lambda a: a["type"] == "recruit" and a["craft"] == craft

    now = view["phase"]
    if now == "action":
        # Now and then another move, so that every kind of decision comes up in a game.
        if rng.random() < 0.12:
            return rng.choice([a for a in legal if a["type"] != "pass"] or legal)
        good_field = any(next_resource(r) in set(missing) | {"wine"} for r in fields)
        ready = not wine_first or not missing or me["resources"]["wine"] > 1
        for test, when in (
            (lambda a: a["type"] == "caravan" and kind[a["city"]] == "plant", ready),
            (lambda a: a["type"] == "caravan", away),
            (recruit("peasant"), away and not held),
            (recruit("engineer"), len(irrigated) < 2),
            (recruit("peasant"), bool(missing) and good_field),
            (recruit("merchant"), camels > 0),
            (recruit("peasant"), bool(missing) and held < me["storage_limit"]),
            (recruit("merchant"), me["camels"] < 4),
            (recruit("engineer"), len(irrigated) < 4),
            (recruit("merchant"), True),
        ):
            found = pick(test) if when else None
            if found:
                return found
        return next(a for a in legal if a["type"] == "pass")
    if now in ("peasant", "tammouz field"):
        for wanted in [{"wine"}, set(missing)] if wine_first else [set(missing), {"wine"}]:
            found = pick(
                lambda a, wanted=wanted: (
                    a["type"] == "field" and next_resource(a["field"]) in wanted
                )
            )
            if found:
                return found
        return pick(lambda a: a["type"] == "decline") or rng.choice(legal)
    if now == "irrigate":
        best = max(irrigation_gain(view, a["space"], reach) for a in legal)
        return rng.choice([a for a in legal if irrigation_gain(view, a["space"], reach) == best])
    if now == "plant city":
        floor = {s["id"]: s["floor"] for s in view["garden"]["squares"]}
        best = max(floor[a["square"]] for a in legal)
        top = [a for a in legal if floor[a["square"]] == best]
        return rng.choice([a for a in top if "wine" not in a["resources"]] or top)
    if now == "tile resource":
        return (
            pick(lambda a: a["resources"][0] in missing)
            or pick(lambda a: a["resources"][0] == "wine")
            or rng.choice(legal)
        )
    if now == "tile court card":
        return pick(lambda a: a["court"] == "gardener") or rng.choice(legal)
    if now == "tammouz exchange":
        found = pick(
            lambda a: (
                a["type"] == "exchange"
                and a["take"] in missing
                and a["give"] not in missing
                and a["give"] != "wine"
            )
        )
        return found or next(a for a in legal if a["type"] == "decline")
    if now == "ishtar":
        return next(a for a in legal if a.get("item") == "camel")
    if now == "babylon":
        return min(
            legal, key=lambda a: (sum(r in missing for r in a["resources"]), len(a["resources"]))
        )
    if now == "court city":
        return min(legal, key=lambda a: (a["resources"][0] in missing, rng.random()))
    if now == "storage":
        return min(legal, key=lambda a: (a["resources"][0] in [*missing, "wine"], rng.random()))
    return rng.choice(legal)


# ---------------------------------------------------------------------------------- by clicks


def lit(page: Any, selector: str) -> list[str]:
    """The data-action of every element that ``selector`` finds."""
    return page.locator(selector).evaluate_all("ns => ns.map(n => n.dataset.action)")


def check_lit(page: Any, legal: list[dict[str, Any]], now: str) -> None:
    """What the page lights is exactly what is legal; every legal move is a button too."""
    texts = {a["text"] for a in legal}
    by_type: dict[str, set[str]] = {}
    for a in legal:
        by_type.setdefault(a["type"], set()).add(a["text"])
    assert set(lit(page, "#all-moves button[data-action]")) == texts
    assert page.locator("#all-moves button[data-action]").count() == len(texts)
    crafts = set(lit(page, "#amy-crafts .amy-craft.target"))
    cities = set(lit(page, "#amy-track g.amy-city.target"))
    spaces = set(lit(page, "#amy-babylon g.amy-space.target"))
    fields = set(lit(page, "#amy-babylon g.amy-field.target"))
    temples = set(lit(page, "#amy-babylon g.amy-temple.target"))
    squares = set(
        page.locator("#amy-babylon g.amy-square.target").evaluate_all(
            "ns => ns.map(n => n.dataset.square)"
        )
    )
    assert crafts == by_type.get("recruit", set())
    assert cities == by_type.get("caravan", set())
    assert spaces == by_type.get("irrigate", set())
    assert fields == by_type.get("field", set())
    assert temples == by_type.get("temple", set()) | by_type.get("procession", set())
    assert squares == {a["square"] for a in legal if a["type"] == "plant"}
    # Nothing else on the boards takes a click: no lit thing stands for an illegal move.
    assert page.locator("#amy-crafts button.amy-craft:not(.target)").count() == 0
    buttons = set(lit(page, "#controls button[data-action]:not(.small-move)"))
    if now in BOARD_ONLY:
        assert buttons == by_type.get("pass", set()), (now, buttons)
    else:
        assert buttons == texts, (now, buttons ^ texts)


def click_and_wait(page: Any, locator: Any, before: int) -> None:
    for attempt in range(2):
        locator.click()
        try:
            # A click that lands while the page redraws (a push from the server) is lost, as
            # it would be for a person, who clicks again: so does this helper, once.
            wait_version_after(page, before, timeout=5_000 if attempt == 0 else 15_000)
            return
        except Exception:
            if attempt or version(page) != before:
                raise


def play_one(page: Any, server: Any, table_id: str, token: str, rng: Any) -> str:
    """Make one decision by clicking what the page lights or offers; returns its type."""
    try:
        return _play_one(page, server, table_id, token, rng)
    except Exception:
        dump(page, "amyitis-failure")
        raise


def _play_one(page: Any, server: Any, table_id: str, token: str, rng: Any) -> str:
    before = version(page)
    now = phase(page)
    payload = seat_payload(server, table_id, 0, token)
    assert payload["version"] == before, "the page is behind the server"
    view = payload["view"]
    legal = payload["legal_actions"]
    assert now == view["phase"], (now, view["phase"])
    assert view["task"] in page.locator("#status").inner_text()
    # The moves the engine took on its own since the last one chosen (the only option), with
    # the seat that took each.
    if view["automatic_moves"]:
        shown = page.locator("#amy-automatic .auto-move").evaluate_all(
            "ns => ns.map(n => [n.dataset.seat, n.dataset.action,"
            " n.querySelector('.auto-words').textContent])"
        )
        expected = [[str(m["seat"]), m["action"], m["words"]] for m in view["automatic_moves"]]
        assert shown == expected, (expected, shown)
    else:
        assert page.locator("#amy-automatic").count() == 0
    check_lit(page, legal, now)
    # A lit city shows the server's cost (view.caravan_costs).
    costs = page.locator("#amy-track g.amy-city.target").evaluate_all(
        "ns => ns.map(n => [n.dataset.city, Number(n.dataset.cost)])"
    )
    assert all(view["caravan_costs"][city] == cost for city, cost in costs), costs
    if now == "irrigate":
        # Whether the cube scores: an engineer's does, the one after a sale at Babylon not
        # (the engine's irrigation points after the last logged step, automatic ones too).
        last = payload["log"][-1]
        steps = [last, *last["then"]]
        source = next(s["type"] for s in reversed(steps) if s["type"] in ("sell", "recruit"))
        rules = view["rules"]
        points = rules["babylon_irrigation_vp"] if source == "sell" else rules["engineer_vp"]
        assert page.locator("#irrigate-hint").get_attribute("data-points") == str(points)
    action = choose(view, legal, rng)
    text = action["text"]
    kind = action["type"]
    if kind == "recruit":
        cards = page.locator(f'#amy-crafts button.amy-craft.target[data-action="{text}"]')
        click_and_wait(page, cards.nth(rng.randrange(cards.count())), before)
    elif kind == "caravan":
        click_and_wait(
            page, page.locator(f'#amy-track g.amy-city[data-city="{action["city"]}"]'), before
        )
    elif kind == "pass":
        click_and_wait(page, page.locator("#pass-button"), before)
    elif kind == "field":
        click_and_wait(
            page, page.locator(f'#amy-babylon g.amy-field[data-field="{action["field"]}"]'), before
        )
    elif kind in ("temple", "procession"):
        node = page.locator(f'#amy-babylon g.amy-temple[data-temple="{action["temple"]}"]')
        click_and_wait(page, node, before)
    elif kind == "irrigate":
        node = page.locator(f'#amy-babylon g.amy-space[data-space="{action["space"]}"]')
        click_and_wait(page, node, before)
    elif kind == "plant":
        square = page.locator(f'#amy-babylon g.amy-square[data-square="{action["square"]}"]')
        payments = [a for a in legal if a.get("square") == action["square"]]
        if len(payments) == 1:
            assert square.get_attribute("data-action") == text
            click_and_wait(page, square, before)
        else:
            square.click()
            choices = page.locator("#pay-choices button[data-action]")
            choices.first.wait_for()
            assert {b for b in lit(page, "#pay-choices button[data-action]")} == {
                a["text"] for a in payments
            }
            click_and_wait(page, page.locator(f'#pay-choices button[data-action="{text}"]'), before)
            kind = "plant-paid"
    else:
        click_and_wait(
            page, page.locator(f'#controls button[data-action="{text}"]:not(.small-move)'), before
        )
    return kind


def seat_names(table: dict[str, Any]) -> dict[int, str]:
    """The seats' names as the page shows them (common.js seatName, no twins here)."""
    names = {}
    for s in table["seats"]:
        if s["kind"] == "bot":
            agent = s.get("agent") or "bot"
            names[s["seat"]] = s["name"] if s.get("name") and s["name"] != agent else f"{agent} bot"
        else:
            names[s["seat"]] = s.get("name") or f"seat {s['seat']}"
    return names


def check_then(page: Any, log: list[dict[str, Any]], names: dict[int, str]) -> int:
    """Under every log line shown, the decisions the engine took by itself after it (the
    entry's ``then``): the same seats, named as the page names seats, and the same words, in
    order; nothing under the others. Returns how many were checked."""
    shown = page.locator("#log li.log-entry").evaluate_all(
        "ls => ls.map(l => [Number(l.dataset.number),"
        " [...l.querySelectorAll('.log-then .log-then-move')].map(m => [m.dataset.seat,"
        " m.querySelector('.log-then-who').textContent,"
        " m.querySelector('.log-then-words').textContent])])"
    )
    by_number = {number: moves for number, moves in shown}
    entries = log[-LOG_SHOWN:]
    assert sorted(by_number) == [e["number"] for e in entries]
    checked = 0
    for entry in entries:
        expected = [[str(t["seat"]), names[t["seat"]], t["words"]] for t in entry["then"]]
        assert by_number[entry["number"]] == expected, (entry, by_number[entry["number"]])
        checked += len(expected)
    return checked


def check_final(page: Any, view: dict[str, Any]) -> None:
    """The final table: every seat's points by source (players[s].points) and the total."""
    for p in view["players"]:
        seat = p["seat"]
        cells = page.locator(f"#final td[data-seat='{seat}'][data-source]").evaluate_all(
            "ns => Object.fromEntries(ns.map(n => [n.dataset.source, n.textContent]))"
        )
        assert cells == {k: str(v) for k, v in p["points"].items()}, (cells, p["points"])
        assert set(cells) == set(POINT_SOURCES)
        assert sum(p["points"].values()) == p["score"]
        total = page.locator(f"#final tfoot td.score[data-seat='{seat}']").inner_text()
        assert total == str(p["score"])
        held = page.locator(f"#final tr.tiles-held td[data-seat='{seat}']").inner_text()
        assert held == str(len(p["tiles"]))


def click_unlit_things(page: Any, server: Any, table_id: str, token: str) -> int:
    """Click what the page does not light (a face-up craft card that cannot be recruited, a
    city the caravan cannot go to, an irrigation space that is not legal, a square that
    cannot be planted): no move is sent and nothing changes. Returns the things clicked."""
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    before = version(page)
    clicked = 0
    for selector in (
        "#amy-crafts div.amy-craft:not(.taken)",
        "#amy-crafts div.amy-craft.taken",
        "#amy-track g.amy-city:not(.target)",
        "#amy-babylon g.amy-space:not(.target):not(.owned)",
        "#amy-babylon g.amy-square:not(.target)",
        "#amy-babylon g.amy-field:not(.target)",
        "#amy-babylon g.amy-temple:not(.target)",
    ):
        nodes = page.locator(selector)
        if nodes.count():
            nodes.first.click(force=True)
            clicked += 1
    page.wait_for_timeout(300)
    assert not posts, posts
    assert version(page) == before
    assert seat_payload(server, table_id, 0, token)["version"] == before
    return clicked


# ---------------------------------------------------------------------------------- a game


def test_a_whole_game_against_a_bot_by_clicks(server, new_page, artifacts):
    rng = random.Random(2007)
    agent = bot_agent()
    page = new_page(LAPTOP)
    spy = PayloadSpy(page)
    page.goto(server.url + "/?game=amyitis")
    wait_ready(page)
    page.select_option("#game", "amyitis")
    page.select_option("#players", "2")
    page.fill("input[name='seat-0-name']", "Ann")
    page.select_option("select[name='seat-1-kind']", f"bot:{agent}")
    page.click("#create-button")
    invite = page.locator("li.invite[data-seat='0']")
    invite.wait_for()
    invite.locator("a.open").click()
    wait_ready(page)
    table_id = page.url.rstrip("/").split("/")[-1]
    table = server.api("GET", f"/api/tables/{table_id}")
    assert table["game"] == "amyitis" and table["options"] == {"players": 2}
    token = page.evaluate(
        f"() => JSON.parse(localStorage.getItem('ziggurat:seats:{table_id}'))['0']"
    )

    wait_turn_or_end(page)
    view = seat_payload(server, table_id, 0, token)["view"]
    assert page.locator("#amy-babylon g.amy-square").count() == 16
    assert page.locator("#amy-babylon g.amy-square.unused").count() == 4
    assert page.locator("#amy-babylon g.amy-space").count() == 32
    assert page.locator("#amy-babylon g.amy-field").count() == 2
    assert page.locator("#amy-babylon g.amy-temple").count() == 3
    assert page.locator("#amy-track g.amy-city").count() == 9
    assert page.locator("#amy-track g.amy-city.caravan-here[data-city='babylon']").count() == 1
    assert page.locator("#amy-crafts .amy-craft-row").count() == 2
    assert page.locator("#amy-crafts .amy-craft").count() == 6
    assert page.locator("#players .amy-player").count() == 2
    for city in view["track"]["cities"]:
        node = page.locator(f"#amy-track g.amy-city[data-city='{city['name']}']")
        if city.get("plant"):
            face = city["plant"]
            card = node.locator("g.plant-card")
            assert card.get_attribute("data-card") == face["card"]
            assert f"Q{face['up']['quality']}" in card.text_content()
            assert f"Q{face['back']['quality']}" in node.locator("text.city-back").text_content()
    for square in view["garden"]["squares"]:
        if square["tile"]:
            node = page.locator(f"#amy-babylon g.amy-square[data-square='{square['id']}']")
            assert square["tile"]["id"] in node.locator("text.sq-id").text_content()
    shot(page, artifacts, "start")
    if phase(page) == "action":
        assert click_unlit_things(page, server, table_id, token) >= 4

    done: dict[str, int] = {}
    phases: set[str] = set()
    unlit_checks = 0
    started = time.monotonic()
    while True:
        wait_turn_or_end(page, timeout=30_000)
        if finished(page):
            break
        now = phase(page)
        if now not in phases:
            phases.add(now)
            shot(page, artifacts, f"phase-{now.replace(' ', '-')}")
        if now in ("irrigate", "plant city") and unlit_checks < 4:
            unlit_checks += 1
            click_unlit_things(page, server, table_id, token)
        kind = play_one(page, server, table_id, token, rng)
        done[kind] = done.get(kind, 0) + 1
        assert sum(done.values()) < 400, "the game did not end"
    elapsed = time.monotonic() - started
    page.locator("#result").wait_for()
    page.locator("#final").wait_for()
    table = server.api("GET", f"/api/tables/{table_id}")
    assert table["status"] == "finished"
    assert {"recruit", "caravan", "pass"} <= set(done)
    assert done.get("plant", 0) + done.get("plant-paid", 0) >= 1, done
    # The final scores shown are the server's, in the result and in the points by source.
    names = seat_names(table)
    assert names == {0: "Ann", 1: f"{agent} bot"}
    rows = page.locator("#result .final-scores li").all_inner_texts()
    end = seat_payload(server, table_id, 0, token)
    final = end["view"]
    check_final(page, final)
    for seat, score in enumerate(table["scores"]):
        assert any(names[seat] in row and f"{score} points" in row for row in rows), rows
        bonus = final["final"][seat]
        points = final["players"][seat]["points"]
        assert (points["amyitis"], points["leftover"]) == (bonus["amyitis"], bonus["leftover"])
        block = page.locator(f"#players .amy-player[data-seat='{seat}']")
        assert block.locator(".player-total .total").inner_text() == str(score)
    notes = page.locator("#final-notes").inner_text()
    for threshold, points in final["rules"]["amyitis_bonus"]:
        assert f"{points} VP for {threshold}" in notes, notes
    for w in table["winners"]:
        assert names[w] in page.locator("#result").inner_text()
    assert "Game over" in page.locator("#status").inner_text()
    # The log: one line per move, in words, and the engine's automatic moves under them.
    assert page.locator("#log li.log-entry").count() == min(table["version"], LOG_SHOWN)
    log = seat_payload(server, table_id, 0, token)["log"]
    shown = page.locator("#log").inner_text()
    for entry in log[-20:]:
        assert entry["words"] in shown
    # What the moves caused, in the engine's words with the players' names: the final
    # scoring of both seats and the end, a garden tile taken (each game here plants), and
    # every event of the newest entries as the server words it.
    kinds = set(page.locator("#log .log-event").evaluate_all("es => es.map(e => e.dataset.type)"))
    assert {"tile_taken", "final_scored", "game_over"} <= kinds, kinds
    finals = page.locator("#log .log-event[data-type='final_scored']").all_inner_texts()
    for seat, p in enumerate(final["players"]):
        tiles, bonus = len(p["tiles"]), p["points"]["amyitis"]
        held = [t for t in finals if f"final scoring: {names[seat]} holds " in " ".join(t.split())]
        assert len(held) == 1, finals
        assert f"holds {tiles} garden tile" in held[0] and f"Amyitis +{bonus};" in held[0], held
    over = " ".join(page.locator("#log .log-event[data-type='game_over']").inner_text().split())
    assert over.startswith("the game is over: only "), over
    assert all(names[w] in over for w in table["winners"]), over
    planted = page.locator("#log .log-event[data-type='tile_taken']").first.inner_text()
    assert any(f"{n} takes garden tile T" in " ".join(planted.split()) for n in names.values())
    words = [" ".join(t.split()) for t in page.locator("#log .log-event").all_inner_texts()]
    for entry in log[-5:]:
        for event in entry["events"]:
            assert event["text"] in words, (event["text"], words[-10:])
    # The engine's automatic moves under the lines they followed, with the seat that took
    # each (the payload's `then`); there are some in a whole game (a pass when nothing else
    # is possible, at least), and they are still there after a reload.
    then = check_then(page, log, names)
    assert then >= 1, "no automatic move in a whole game"
    # Each payload's automatic moves (those since the last one chosen) are its newest log
    # entry's `then`.
    for seen in spy.payloads:
        if seen["log"]:
            steps = [(t["seat"], t["text"]) for t in seen["log"][-1]["then"]]
            moves = [(m["seat"], m["action"]) for m in seen["view"]["automatic_moves"]]
            assert steps == moves, (steps, moves)
    assert page.locator("#log .log-then").count() == sum(1 for e in log[-LOG_SHOWN:] if e["then"])
    page.reload()
    wait_ready(page)
    page.locator("#final").wait_for()
    assert check_then(page, seat_payload(server, table_id, 0, token)["log"], names) == then
    check_final(page, final)
    # Pointing at a planting in the log points at its square on the board.
    planting = next((e for e in log if e["type"] == "plant"), None)
    if planting is not None:
        line = page.locator(f"#log li.log-entry[data-number='{planting['number']}']")
        line.scroll_into_view_if_needed()
        line.hover()
        square = page.locator(f"#amy-babylon g.amy-square[data-square='{planting['square']}']")
        assert "pointed" in square.get_attribute("class").split()
    assert not page.errors
    shot(page, artifacts, "end", full_page=True)
    phone = new_page(PHONE)
    phone.goto(f"{server.url}/table/{table_id}")
    wait_ready(phone)
    phone.locator("#final").wait_for()
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the phone page is {width}px wide"
    shot(phone, artifacts, "end-phone", full_page=True)
    assert not phone.errors
    print(f"whole game against the {agent} bot: {done} by clicks in {elapsed:.0f} s")


# ---------------------------------------------------------------------------------- a spectator


def test_a_spectator_sees_the_table_and_nothing_to_click(server, new_page, artifacts):
    rng = random.Random(11)
    created = create(server, [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}])
    table_id = created["table"]["id"]
    tokens = {i["seat"]: i["token"] for i in created["invites"]}
    watcher = new_page(LAPTOP)
    watcher.goto(f"{server.url}/table/{table_id}")
    wait_ready(watcher)
    for _ in range(30):
        seat = server.api("GET", f"/api/tables/{table_id}")["current_player"]
        payload = seat_payload(server, table_id, seat, tokens[seat])
        action = choose(payload["view"], payload["legal_actions"], rng)
        body = {"seat": seat, "action": action["text"], "version": payload["version"]}
        server.api("POST", f"/api/tables/{table_id}/actions", body, token=tokens[seat])
    table = server.api("GET", f"/api/tables/{table_id}")
    watcher.wait_for_function(f"() => Number(document.body.dataset.version) >= {table['version']}")
    assert "spectator" in watcher.locator("#seats-panel").inner_text()
    assert watcher.locator("#controls").count() == 0
    lit_things = watcher.locator("#amy-babylon .target, #amy-track .target, #amy-crafts .target")
    assert lit_things.count() == 0
    assert watcher.locator("#log li.log-entry").count() == min(table["version"], LOG_SHOWN)
    view = seat_payload(server, table_id, 0, tokens[0])["view"]
    for p in view["players"]:
        block = watcher.locator(f"#players .amy-player[data-seat='{p['seat']}']")
        assert block.locator(".player-total .total").inner_text() == str(p["score"])
        for res, n in p["resources"].items():
            assert block.locator(f".res-line .amy-res[data-res='{res}'] b").inner_text() == str(n)
        for court, level in p["court"].items():
            cell = block.locator(f".court-level[data-court='{court}'] b").inner_text()
            assert cell == (str(level) if level else "–")
    for space in view["garden"]["spaces"]:
        node = watcher.locator(f"#amy-babylon g.amy-space[data-space='{space['id']}']")
        owner = node.get_attribute("data-owner")
        assert owner == (None if space["owner"] is None else str(space["owner"]))
    for name, line in view["temples"].items():
        cubes = watcher.locator(f"#amy-babylon g.amy-temple[data-temple='{name}'] rect.amy-cube")
        assert cubes.evaluate_all("rs => rs.map(r => r.dataset.owner)") == [str(o) for o in line]
    caravan = view["track"]["caravan"]
    assert watcher.locator("#amy-caravan").get_attribute("data-position") == str(caravan)
    # Who leads each temple and field row: the server's (view.temple_places, field_leaders).
    rules = view["rules"]
    for name, places in view["temple_places"].items():
        shown = places[: rules["temple_places_rewarded"]]
        node = watcher.locator(f"#amy-leaders .leader[data-temple='{name}']")
        assert node.get_attribute("data-places") == ",".join(
            "-" if s is None else str(s) for s in shown
        )
        marks = watcher.locator(f"#amy-babylon g.amy-temple[data-temple='{name}'] .amy-place")
        assert marks.evaluate_all("ns => ns.map(n => Number(n.dataset.seat))") == [
            s for s in shown if s is not None
        ]
    for field, leader in zip(view["fields"], view["field_leaders"], strict=True):
        node = watcher.locator(f"#amy-leaders .leader[data-field='{field['row']}']")
        assert node.get_attribute("data-leader") == ("-" if leader is None else str(leader))
        row = watcher.locator(f"#amy-babylon g.amy-field[data-field='{field['row']}']")
        assert row.get_attribute("data-leader") == (None if leader is None else str(leader))
    # The rule numbers in the texts are the data file's (view.rules).
    babylon = watcher.locator("#amy-track g.amy-city[data-city='babylon']").text_content()
    assert f"{rules['babylon_vp_per_resource']} VP each" in babylon
    costs = " · ".join(str(c) for c in rules["recruit_costs"])
    assert costs in watcher.locator("#recruit-costs").inner_text()
    rewards = watcher.locator("#amy-rewards").text_content()
    assert f"Marduk: {rules['marduk_vp'][0]} VP" in rewards
    # The spectator's log shows the automatic moves too.
    spectator_log = server.api("GET", f"/api/tables/{table_id}/view")["log"]
    check_then(watcher, spectator_log, seat_names(table))
    assert not watcher.errors
    shot(watcher, artifacts, "spectator")


# ---------------------------------------------------------------------------------- paying


def several_payments(payload: dict[str, Any]) -> bool:
    legal = payload["legal_actions"]
    squares = [a["square"] for a in legal if a["type"] == "plant"]
    return payload["view"]["phase"] == "plant city" and len(squares) > len(set(squares))


def test_planting_asks_which_payment_when_there_are_several(server, new_page, artifacts):
    """Two seats played over the API (gathering wine, which pays anything) until one of them
    plants with a choice of payment; then its page: the lit squares are the legal ones, a
    click on one asks for the payment (its buttons are exactly that square's legal plantings)
    and sends nothing yet, "another square" goes back, and a payment button plants."""
    rng = random.Random(404)
    found = None
    for _ in range(8):
        created = create(server, [{"kind": "human", "name": n} for n in ("Ann", "Bob")])
        table_id = created["table"]["id"]
        invites = {i["seat"]: i for i in created["invites"]}
        while found is None:
            table = server.api("GET", f"/api/tables/{table_id}")
            if table["status"] == "finished":
                break
            seat = table["current_player"]
            payload = seat_payload(server, table_id, seat, invites[seat]["token"])
            if several_payments(payload):
                found = (table_id, seat, invites[seat], payload)
                break
            action = choose(payload["view"], payload["legal_actions"], rng, wine_first=True)
            body = {"seat": seat, "action": action["text"], "version": payload["version"]}
            token = invites[seat]["token"]
            server.api("POST", f"/api/tables/{table_id}/actions", body, token=token)
        if found:
            break
    assert found, "no game of 8 came to a planting with a choice of payment"
    table_id, seat, invite, payload = found
    page = new_page(LAPTOP)
    open_invite(page, server, invite["url"])
    wait_turn_or_end(page)
    assert phase(page) == "plant city"
    legal = payload["legal_actions"]
    by_square: dict[str, set[str]] = {}
    for a in legal:
        by_square.setdefault(a["square"], set()).add(a["text"])
    check_lit(page, legal, "plant city")
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    before = version(page)
    squares = sorted(by_square)
    first = page.locator(f"#amy-babylon g.amy-square[data-square='{squares[0]}']")
    assert first.get_attribute("data-action") is None  # several payments: no single move
    first.click()
    page.locator("#pay-choices").wait_for()
    assert set(lit(page, "#pay-choices button[data-action]")) == by_square[squares[0]]
    assert squares[0] in page.locator("#controls .pay-head").inner_text()
    assert "selected" in first.get_attribute("class").split()
    shot(page, artifacts, "pay-choice")
    page.locator("#pay-choices button.link").click()
    page.locator("#pay-choices").wait_for(state="detached")
    target = squares[-1]
    page.locator(f"#amy-babylon g.amy-square[data-square='{target}']").click()
    page.locator("#pay-choices").wait_for()
    assert set(lit(page, "#pay-choices button[data-action]")) == by_square[target]
    assert not posts and version(page) == before
    chosen = sorted(by_square[target])[rng.randrange(len(by_square[target]))]
    click_and_wait(page, page.locator(f'#pay-choices button[data-action="{chosen}"]'), before)
    log = seat_payload(server, table_id, seat, invite["token"])["log"]
    assert log[before]["text"] == chosen and log[before]["seat"] == seat
    page.wait_for_function(
        f"() => document.querySelector(\"#amy-babylon g.amy-square[data-square='{target}']\")"
        f".dataset.plantedBy === '{seat}'"
    )
    assert not page.errors
