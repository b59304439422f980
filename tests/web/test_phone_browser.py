"""Ishtar and Amyitis on a phone, against the real server: a 390 × 844 CSS px screen at device
scale factor 3 with touch (Playwright's "iPhone 13" settings, in Chromium). On every screen
checked, every legal-move target and every button measures 32 × 32 CSS px or more, no text is
cut (no ellipsis, no clipped or overflowing box, no SVG text outside its drawing) and the page
does not scroll sideways (a board wider than the screen scrolls in its own frame); the names
drawn on the boards (squares, spaces, hexes, stacks, market slots) are those the legal moves
use; and moves are made by taps, a tap on the board asking first (a second tap, or the
confirmation, makes the move). The positions are reached by playing both seats over the API.
Screenshots go to $ZIGGURAT_ARTIFACTS (tests/web/artifacts), named phone-*.png."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .conftest import PHONE, needs_chromium
from .helpers import seat_payload, version, wait_ready, wait_turn_or_end, wait_version_after

pytestmark = needs_chromium

TOUCH = {"device_scale_factor": 3, "is_mobile": True, "has_touch": True}
SMALLEST = 32  # CSS px, both ways

# What the screen offers to tap, and whether any text is cut: run in the page.
AUDIT = """(smallest) => {
  const out = { small: [], cut: [], width: window.innerWidth };
  out.pageWidth = document.scrollingElement.scrollWidth;
  const name = (n) => {
    const cls = n.getAttribute("class") || "";
    const what = n.dataset.action || n.id || (n.textContent || "").trim().slice(0, 30);
    return `${n.tagName.toLowerCase()}.${cls.split(" ").join(".")} [${what}]`;
  };
  const shown = (n) => {
    if (n.closest("[hidden]")) return null;
    const r = n.getBoundingClientRect();
    if (!r.width && !r.height) return null;
    return getComputedStyle(n).visibility === "hidden" ? null : r;
  };
  // every thing to tap: buttons, the boards' lit targets, the folded lists' headings
  for (const n of document.querySelectorAll("button, .target, [role=button], summary")) {
    const r = shown(n);
    if (r && (r.width < smallest || r.height < smallest))
      out.small.push(`${name(n)} ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
  }
  // text in the board and the panels
  for (const n of document.querySelectorAll("main *")) {
    if (n instanceof SVGElement || !shown(n)) continue;
    const text = (n.textContent || "").trim();
    if (!text) continue;
    const cs = getComputedStyle(n);
    if (cs.textOverflow === "ellipsis") out.cut.push(`ellipsis: ${name(n)}`);
    const clips = [cs.overflowX, cs.overflowY].some((o) => o === "hidden" || o === "clip");
    const [sw, sh, cw, ch] = [n.scrollWidth, n.scrollHeight, n.clientWidth, n.clientHeight];
    const over = sw > cw + 1 || sh > ch + 1;
    if (clips && over) out.cut.push(`clipped: ${name(n)} ${sw}×${sh} in ${cw}×${ch}`);
    const own = [...n.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
    if (own && !clips && cs.display !== "inline" && cw && sw > cw + 1)
      out.cut.push(`overflowing: ${name(n)} ${sw} in ${cw}`);
  }
  // the drawings' words inside their drawings
  for (const t of document.querySelectorAll("main svg text")) {
    const r = shown(t);
    if (!r) continue;
    const box = t.ownerSVGElement.getBoundingClientRect();
    const outX = r.left < box.left - 1 || r.right > box.right + 1;
    if (outX || r.top < box.top - 1 || r.bottom > box.bottom + 1)
      out.cut.push(`outside its drawing: ${t.textContent}`);
  }
  return out;
}"""


def audit(page: Any, where: str) -> None:
    """The page as it is now passes the phone's checks (see the module's docstring)."""
    found = page.evaluate(AUDIT, SMALLEST)
    assert not found["small"], f"{where}: under {SMALLEST}×{SMALLEST} CSS px: {found['small']}"
    assert not found["cut"], f"{where}: text cut: {found['cut']}"
    assert found["pageWidth"] <= found["width"], (
        f"{where}: the page scrolls sideways ({found['pageWidth']} > {found['width']} px)"
    )


# ---------------------------------------------------------------------------------- tables


def create(server: Any, game: str) -> dict[str, Any]:
    """A table of two human seats; the deal is the server's secret."""
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    body = {"game": game, "options": {"players": 2}, "seats": seats}
    return server.api("POST", "/api/tables", body)


def to_act(server: Any, created: dict[str, Any]) -> int | None:
    return server.api("GET", f"/api/tables/{created['table']['id']}")["current_player"]


def drive(
    server: Any,
    game: str,
    wanted: Callable[[dict[str, Any]], bool],
    choose: Callable[[dict[str, Any], Any], str],
    created: dict[str, Any] | None = None,
    tables: int = 20,
    limit: int = 800,
) -> tuple[dict[str, Any], int]:
    """Play both seats over the API (``choose``: the move, from the seat's payload) until the
    payload of the seat to act satisfies ``wanted``; on ``created`` first, then on new tables
    when a game ends first. Returns the table and that seat."""
    rng = random.Random()
    for _ in range(tables):
        created = created or create(server, game)
        table_id = created["table"]["id"]
        tokens = {i["seat"]: i["token"] for i in created["invites"]}
        seat = to_act(server, created)
        for _ in range(limit):
            if seat is None:
                break
            payload = seat_payload(server, table_id, seat, tokens[seat])
            if wanted(payload):
                return created, seat
            body = {"seat": seat, "action": choose(payload, rng), "version": payload["version"]}
            answer = server.api("POST", f"/api/tables/{table_id}/actions", body, token=tokens[seat])
            seat = answer["table"]["current_player"]
        created = None
    raise AssertionError(f"no {game} game of {tables} tables reached the position wanted")


def open_seat(new_page: Any, server: Any, created: dict[str, Any], seat: int) -> Any:
    """The seat's table on a phone, once it is that seat's turn."""
    page = new_page(PHONE, **TOUCH)
    url = next(i["url"] for i in created["invites"] if i["seat"] == seat)
    page.goto(server.url + url)
    wait_ready(page)
    wait_turn_or_end(page)
    return page


def phase(page: Any) -> str | None:
    return page.evaluate(
        "() => { const c = document.getElementById('controls');"
        " return c && document.body.classList.contains('your-turn') ? c.dataset.phase : null; }"
    )


def legal_texts(server: Any, created: dict[str, Any], seat: int) -> set[str]:
    token = next(i["token"] for i in created["invites"] if i["seat"] == seat)
    payload = seat_payload(server, created["table"]["id"], seat, token)
    return {a["text"] for a in payload["legal_actions"]}


def tap_twice(page: Any, selector: str, confirm: str) -> None:
    """A tap on a board target shows the move (``confirm``: the element that says so) and
    makes none; a second tap on it makes it."""
    before = version(page)
    target = page.locator(selector)
    target.tap()
    page.locator(confirm).wait_for()
    assert version(page) == before, "a first tap made a move"
    target.tap()
    wait_version_after(page, before)


def titles(page: Any, selector: str, key: str) -> list[tuple[str, str, str | None]]:
    """(the element's ``data-<key>``, its tooltip, its action) for each match."""
    return page.locator(selector).evaluate_all(
        f"""ns => ns.map(n => [n.dataset["{key}"], n.querySelector("title").textContent,
                           n.dataset.action || null])"""
    )


# ---------------------------------------------------------------------------------- Ishtar


def ishtar_move(payload: dict[str, Any], rng: Any) -> str:
    """Buys trees soon: a tree card whenever one is for sale, placements that collect gems."""
    view = payload["view"]
    legal = payload["legal_actions"]
    types = {a["type"] for a in legal}
    if "buy" in types:
        return next(a for a in legal if a["type"] == "buy")["text"]
    if "place" in types:
        gems = {tuple(h["hex"]) for h in view["map"]["hexes"] if h.get("gem")}

        def covered(a: dict[str, Any]) -> int:
            offsets = view["tile_turns"][view["tile"]["shape"]][a["rotation"]]
            return sum((a["hex"][0] + q, a["hex"][1] + r) in gems for q, r in offsets)

        best = max(covered(a) for a in legal)
        return rng.choice([a for a in legal if covered(a) == best])["text"]
    if "take" in types:
        return rng.choice([a for a in legal if not a["pay"]] or legal)["text"]
    if "no-action" in types and "skill" not in types:
        return "no action"
    return rng.choice(legal)["text"]


def test_ishtar_on_a_phone(server, new_page, artifacts):
    created = create(server, "ishtar")
    seat = to_act(server, created)
    page = open_seat(new_page, server, created, seat)

    # Choosing a tile: the carpet's stacks and the market's slots carry the numbers the moves
    # ("take 3", "buy 2") and the log use.
    assert phase(page) == "choose"
    audit(page, "Ishtar, choosing a tile")
    for slot, label in page.locator("#market .ish-card[data-slot]").evaluate_all(
        "cs => cs.map(c => [c.dataset.slot, (c.querySelector('.card-slot') || c).textContent])"
    ):
        assert label.split(" ")[0] == slot, (slot, label)
    stacks = page.locator("#carpet g.stack").evaluate_all(
        "gs => gs.map(g => [g.dataset.stack, g.querySelector('.stack-label').textContent])"
    )
    assert [label.split(" · ")[0] for _, label in stacks] == [s for s, _ in stacks]
    legal = legal_texts(server, created, seat)
    single = sorted(
        s for s, _ in stacks if sum(t.split(" ")[:2] == ["take", s] for t in legal) == 1
    )
    tap_twice(page, f"#carpet g.stack.target[data-stack='{single[0]}']", "#confirm-take")

    # Placing it: each lit hex is named by its tooltip as the move names it ("place 2,-1 r0").
    page.wait_for_function("() => document.getElementById('controls')?.dataset.phase === 'place'")
    audit(page, "Ishtar, placing the tile")
    legal = legal_texts(server, created, seat)
    lit = titles(page, "#ish-map g.hex.anchor", "hex")
    assert lit
    for hexkey, title, action in lit:
        assert title.split(" · ")[0] == hexkey
        assert action in legal and action.split(" ")[1] == hexkey, (hexkey, action)
    # a map wider than the screen scrolls in its own frame (the page does not: audit)
    width, frame, scrolls = page.locator("#ish-map").evaluate(
        "s => [s.getBoundingClientRect().width, s.parentElement.clientWidth,"
        " getComputedStyle(s.parentElement).overflowX]"
    )
    assert width <= frame + 1 or scrolls in ("auto", "scroll")
    first = page.locator("#ish-map g.hex.anchor").first
    first.tap()
    page.locator("#confirm-place").wait_for()
    page.screenshot(path=str(artifacts / "phone-ishtar.png"), full_page=True)
    before = version(page)
    first.tap()
    wait_version_after(page, before)

    # Unlocking a skill: the pay buttons in the panel, the skills board's whole texts.
    created, seat = drive(
        server,
        "ishtar",
        lambda p: any(a["type"] == "skill" for a in p["legal_actions"]),
        ishtar_move,
        created,
    )
    page = open_seat(new_page, server, created, seat)
    assert phase(page) == "action"
    audit(page, "Ishtar, a special action")
    skills = page.locator("#skills td.skill").evaluate_all(
        "ts => ts.map(t => [t.dataset.skill, t.querySelector('.skill-head').textContent])"
    )
    assert all(head.startswith(f"{sid} ") for sid, head in skills)
    before = version(page)
    page.locator("#skill-choices button[data-action]").first.tap()
    wait_version_after(page, before)

    # Buying a tree card (a tap on a lit market card), then planting its tree: the lit grass
    # spaces, named as "plant 3,-2" names them.
    created, seat = drive(
        server,
        "ishtar",
        lambda p: any(a["type"] == "buy" and not a["reserved"] for a in p["legal_actions"]),
        ishtar_move,
        created,
    )
    page = open_seat(new_page, server, created, seat)
    assert phase(page) == "trees"
    audit(page, "Ishtar, buying trees")
    before = version(page)
    page.locator("#market button.ish-card.target").first.tap()
    wait_version_after(page, before)
    page.wait_for_function("() => document.getElementById('controls')?.dataset.phase === 'plant'")
    audit(page, "Ishtar, planting a tree")
    legal = legal_texts(server, created, seat)
    lit = titles(page, "#ish-map g.hex.plant-target", "hex")
    assert {f"plant {k}" for k, _, _ in lit} == {t for t in legal if t.startswith("plant ")}
    for hexkey, title, action in lit:
        assert title.split(" · ")[0] == hexkey and action == f"plant {hexkey}"
    tap_twice(page, f"#ish-map g.hex.plant-target[data-hex='{lit[0][0]}']", "#confirm-plant")
    assert not page.errors


# ---------------------------------------------------------------------------------- Amyitis

ORDER = {"plant": 0, "caravan": 1, "irrigate": 2, "recruit": 3}


def amyitis_move(payload: dict[str, Any], rng: Any) -> str:
    """Gets to planting soon: plant, move the caravan, irrigate, recruit, by preference."""
    legal = payload["legal_actions"]
    if rng.random() < 0.5:
        return min(legal, key=lambda a: ORDER.get(a["type"], 9))["text"]
    return rng.choice([a for a in legal if a["type"] != "pass"] or legal)["text"]


def engineer_first(payload: dict[str, Any], rng: Any) -> str:
    """Recruits an engineer when it can (the irrigation comes next), else as amyitis_move."""
    engineer = [a for a in payload["legal_actions"] if a["text"].endswith(" engineer")]
    return engineer[0]["text"] if engineer else amyitis_move(payload, rng)


def check_square_names(page: Any) -> None:
    """Each garden square shows its name, the one its tooltip starts with."""
    squares = page.locator("#amy-babylon g.amy-square").evaluate_all(
        "gs => gs.map(g => [g.dataset.square, g.querySelector('text.sq-name').textContent,"
        " g.querySelector('title').textContent])"
    )
    assert len(squares) == 16
    for square, label, title in squares:
        assert label == square and title.split(",")[0] == square, (square, label, title)


def test_amyitis_on_a_phone(server, new_page, artifacts):
    created = create(server, "amyitis")
    seat = to_act(server, created)
    page = open_seat(new_page, server, created, seat)

    # The first decision, with every legal move as a button too.
    assert phase(page) == "action"
    page.locator("#all-moves summary").tap()
    page.locator("#all-moves .small-move").first.wait_for()
    audit(page, "Amyitis, the first decision")
    check_square_names(page)
    moves = page.locator("#all-moves .small-move")
    listed = set(moves.evaluate_all("bs => bs.map(b => b.dataset.action)"))
    assert listed == legal_texts(server, created, seat)
    # A tap on a lit craft card asks first (the table's confirmation), in the log's words.
    before = version(page)
    page.locator("#amy-crafts button.amy-craft.target").first.tap()
    page.locator("#confirm:not([hidden])").wait_for()
    assert "recruits" in page.locator("#confirm-text").inner_text()
    assert version(page) == before
    page.locator("#confirm-yes").tap()
    wait_version_after(page, before)

    # Irrigating: each lit space (its whole side's area takes the tap) is named by its tooltip
    # as the move names it ("irrigate G12-G22.1").
    created, seat = drive(
        server, "amyitis", lambda p: p["view"]["phase"] == "irrigate", engineer_first, created
    )
    page = open_seat(new_page, server, created, seat)
    assert phase(page) == "irrigate"
    audit(page, "Amyitis, irrigating")
    legal = legal_texts(server, created, seat)
    lit = titles(page, "#amy-babylon g.amy-space.target", "space")
    assert {a for _, _, a in lit} == {t for t in legal if t.startswith("irrigate ")}
    for space, title, action in lit:
        assert title.split(" ")[0] == space and action == f"irrigate {space}"
    before = version(page)
    page.locator(f"#amy-babylon g.amy-space.target[data-space='{lit[0][0]}'] circle.hit").tap()
    page.locator("#confirm:not([hidden])").wait_for()
    assert lit[0][0] in page.locator("#confirm-text").inner_text()
    page.locator("#confirm-yes").tap()
    wait_version_after(page, before)

    # A field row or a temple: the whole row takes the tap.
    rows = ("peasant", "priest", "procession", "tammouz field")
    created, seat = drive(
        server, "amyitis", lambda p: p["view"]["phase"] in rows, amyitis_move, created
    )
    page = open_seat(new_page, server, created, seat)
    audit(page, f"Amyitis, {phase(page)}")
    row = page.locator("#amy-babylon g.amy-field.target, #amy-babylon g.amy-temple.target").first
    label = row.locator("text.row-label").text_content()
    before = version(page)
    row.tap()
    page.locator("#confirm:not([hidden])").wait_for()
    assert label.lower() in page.locator("#confirm-text").inner_text().lower()
    page.locator("#confirm-yes").tap()
    wait_version_after(page, before)

    # Planting: each lit square shows the name its moves use ("plant G12 pay salt").
    created, seat = drive(
        server, "amyitis", lambda p: p["view"]["phase"] == "plant city", amyitis_move, created
    )
    page = open_seat(new_page, server, created, seat)
    assert phase(page) == "plant city"
    audit(page, "Amyitis, planting")
    check_square_names(page)
    legal = legal_texts(server, created, seat)
    lit = page.locator("#amy-babylon g.amy-square.target").evaluate_all(
        "gs => gs.map(g => g.querySelector('text.sq-name').textContent)"
    )
    assert {f"plant {s}" for s in lit} == {" ".join(t.split(" ")[:2]) for t in legal}
    page.screenshot(path=str(artifacts / "phone-amyitis.png"), full_page=True)
    before = version(page)
    page.locator(f"#amy-babylon g.amy-square.target[data-square='{lit[0]}']").tap()
    page.locator("#confirm:not([hidden]), #pay-choices").first.wait_for()
    if page.locator("#pay-choices").count():
        page.locator("#pay-choices button[data-action]").first.tap()
    else:
        page.locator("#confirm-yes").tap()
    wait_version_after(page, before)
    assert not page.errors


# ------------------------------------------------------------------- the table's own controls

CHROME = """(smallest) => {
  const small = [];
  const picked = "header a, header button, .status-bar a, #seats-panel button, "
    + "#seats-panel .check-line, .zoom-toggle, .legend summary, #error-close";
  for (const n of document.querySelectorAll(picked)) {
    if (n.closest("[hidden]")) continue;
    const r = n.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    if (r.width < smallest || r.height < smallest)
      small.push(`${n.tagName.toLowerCase()}#${n.id} ${r.width.toFixed(1)}x${r.height.toFixed(1)}`);
  }
  const title = document.getElementById("table-title");
  return { small, titleCut: title.scrollWidth > title.clientWidth + 1 };
}"""


def test_the_tables_own_controls_take_a_finger_in_every_game(server, new_page) -> None:
    """What every table page has around the board (the lobby link, Undo, Rules, the status
    bar's links, Resign, the settings, Zoom board, the legend) is 32 px or more to a finger,
    and the table's title is not cut, whatever the game."""
    for game in ("babylonia", "tower_of_babel", "ishtar", "amyitis"):
        players = 3 if game == "tower_of_babel" else 2
        seats = [{"kind": "human", "name": n} for n in ("Ann", "Bob", "Cy")[:players]]
        body = {"game": game, "options": {"players": players}, "seats": seats}
        made = server.api("POST", "/api/tables", body)
        invite = made["invites"][0]
        page = new_page(PHONE, **TOUCH)
        page.goto(server.url + invite["url"])
        wait_ready(page)
        found = page.evaluate(CHROME, SMALLEST)
        assert found["small"] == [], f"{game}: {found['small']}"
        assert not found["titleCut"], game
