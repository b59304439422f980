"""Tooltips on the Babylonia and Tower of Babel tables, against the real server: every hex,
token, stand token, card, wonder, space, disc, scoring row and offer has a native tooltip (an
SVG <title> as the first child of its <g>, or an HTML title); they name what the view holds
(a hex's coordinates as its moves write them, a token's owner and kind, a card's number,
who built a disc) and, for a spectator or a seat still to offer, nothing the view hides.
Screenshots go to $ZIGGURAT_ARTIFACTS (tests/web/artifacts), named tooltips-*.png."""

from __future__ import annotations

import random
import re
from typing import Any

from .conftest import LAPTOP, needs_chromium
from .helpers import play_until, seat_payload, tob_create, wait_ready

pytestmark = needs_chromium

KINDS = ("merchant", "servant", "priest", "farmer")
TYPES = ("camel", "crane", "boat", "stonemason")

# The tooltip an element shows: its own <title> child (SVG) or title (HTML), else the nearest
# ancestor's, as the browser looks for it.
TOOLTIP_JS = """
(node) => {
  for (let n = node; n && n !== document; n = n.parentNode) {
    if (n instanceof SVGElement) {
      const t = n.firstElementChild;
      if (t && t.tagName === 'title') return t.textContent;
    } else if (n.getAttribute && n.getAttribute('title')) {
      return n.getAttribute('title');
    }
  }
  return '';
}
"""

ALL_TOOLTIPS_JS = """
() => [
  ...[...document.querySelectorAll('svg title')].map(t => t.textContent),
  ...[...document.querySelectorAll('[title]')].map(n => n.getAttribute('title')),
]
"""


def tooltips(page: Any, selector: str) -> list[str]:
    """The tooltip of every element matching ``selector``."""
    return page.locator(selector).evaluate_all(f"ns => ns.map({TOOLTIP_JS})")


def tooltip(page: Any, selector: str) -> str:
    return page.locator(selector).first.evaluate(TOOLTIP_JS)


def all_covered(page: Any, selector: str, at_least: int = 1) -> list[str]:
    """Every element of ``selector`` (``at_least`` of them) has a non-empty tooltip."""
    found = tooltips(page, selector)
    assert len(found) >= at_least, (selector, len(found))
    assert all(t.strip() for t in found), (selector, found)
    return found


def shot_with_tooltip(page: Any, selector: str, path: Any) -> None:
    """A screenshot with the tooltip of ``selector`` drawn beside it (a headless browser
    draws no native tooltip): the pointer on the element, its words in a box below it."""
    node = page.locator(selector).first
    node.hover()
    node.evaluate(
        f"""n => {{
          const box = n.getBoundingClientRect();
          const tip = document.createElement('div');
          tip.textContent = ({TOOLTIP_JS})(n);
          Object.assign(tip.style, {{position: 'fixed', left: Math.max(4, box.left) + 'px',
            top: (box.bottom + 6) + 'px', maxWidth: '460px', zIndex: 9999, padding: '4px 8px',
            background: '#ffffe1', color: '#000', border: '1px solid #767676',
            font: '12px sans-serif', boxShadow: '2px 2px 4px rgba(0,0,0,.3)'}});
          document.body.append(tip);
        }}"""
    )
    page.screenshot(path=str(path))


def open_page(new_page: Any, server: Any, url: str) -> Any:
    page = new_page(LAPTOP)
    page.goto(server.url + url)
    wait_ready(page)
    return page


def cards_words(cards: dict[str, int]) -> str:
    """tower_of_babel.js cardsWords: "1 camel and 2 boats"."""
    parts = [f"{cards[t]} {t if cards[t] == 1 else t + 's'}" for t in TYPES if cards.get(t)]
    if not parts:
        return "no cards"
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def coords_in(key: str, text: str) -> bool:
    """``key`` ("1,1") as a whole coordinate pair in ``text`` (not inside "11,12")."""
    return re.search(rf"(?<![\d,]){re.escape(key)}(?![\d,])", text) is not None


# ---------------------------------------------------------------------------------- Babylonia


def babylonia_position(view: dict[str, Any]) -> bool:
    """Placing, with a ziggurat scored and face-down tokens of both seats on the board."""
    board = view["board"]
    down = {h["player"] for h in board if h["content"] == "token" and h["face_down"]}
    scored = any(h["content"] == "ziggurat" and h["scored"] for h in board)
    return view["phase"] == "place" and not view["over"] and scored and down == {0, 1}


def test_babylonia_tooltips_for_a_seat_and_a_spectator(server, new_page, artifacts):
    created, seat = play_until(server, babylonia_position, players=2)
    table_id = created["table"]["id"]
    invites = {i["seat"]: i for i in created["invites"]}
    names = {s["seat"]: s["name"] for s in created["table"]["seats"]}
    payload = seat_payload(server, table_id, seat, invites[seat]["token"])
    view = payload["view"]
    player = open_page(new_page, server, invites[seat]["url"])
    spectator = open_page(new_page, server, f"/table/{table_id}")
    player.locator("#stand").wait_for()

    for page in (player, spectator):
        # every hex has a <title> as the first child of its <g>, its coordinates first
        firsts = page.locator("svg.board g.hex").evaluate_all(
            "gs => gs.map(g => [g.dataset.hex, g.firstElementChild.tagName,"
            " g.firstElementChild.textContent])"
        )
        assert len(firsts) == len(view["board"])
        for key, tag, text in firsts:
            assert tag == "title" and text.split(" · ")[0] == key, (key, tag, text)
        # what lies on a hex shows the hex's tooltip (the nearest <title> up from it)
        for thing in ("token", "city", "field", "ziggurat"):
            shown = page.locator(f"svg.board g.{thing}").evaluate_all(
                f"gs => gs.map(g => ({TOOLTIP_JS})(g)"
                " === g.closest('g.hex').firstElementChild.textContent)"
            )
            assert shown and all(shown), thing
            assert all_covered(page, f"svg.board g.{thing} *")
        all_covered(page, "#cards li.card-item", len(view["cards"]))
        all_covered(page, "#players tbody td.num", 4 * len(view["players"]))
        for card in view["cards"]:
            text = tooltip(page, f"#cards li[data-card='{card['number']}']")
            assert text.startswith(f"Ziggurat card {card['number']} ({card['name']}): ")
            assert card["effect"] in text
            if card["owner"] is not None:
                assert f"{names[card['owner']]} holds it" in text
                chip = f"#players tr[data-seat='{card['owner']}'] .card-chip"
                chip += f"[data-card='{card['number']}']"
                assert tooltip(page, chip).startswith(f"Ziggurat card {card['number']} ")
            else:
                assert text.endswith("· free")

    # a hex's coordinates as a legal move for it writes them ("S7,3" places on 7,3)
    places = [a for a in payload["legal_actions"] if a["type"] == "place"]
    assert places
    for action in places[:6]:
        key = f"{action['hex'][0]},{action['hex'][1]}"
        assert action["text"].endswith(key)
        text = tooltip(player, f"svg.board g.hex[data-hex='{key}']")
        assert text.startswith(f"{key} · ") and coords_in(key, text), text
    # once a kind is chosen, a lit hex's tooltip names the move a click makes
    kind = places[0]["token"]
    player.locator(f".stand-token[data-kind='{kind}']").click()
    player.locator("svg.board g.hex.target-place").first.wait_for()
    target = next(a for a in places if a["token"] == kind)
    key = f"{target['hex'][0]},{target['hex'][1]}"
    assert tooltip(player, f"svg.board g.hex[data-hex='{key}']").endswith(
        f"click: {target['text']}"
    )
    # each token on the stand: its kind and the count
    stand = view["players"][seat]["stand"]
    for k in KINDS:
        if stand[k]:
            text = tooltip(player, f".stand-token[data-kind='{k}']")
            assert text.startswith(f"{stand[k]} {k}"), text
            discs = all_covered(player, f".stand-token[data-kind='{k}'] .disc", stand[k])
            assert all(f"your {k}" in d for d in discs), discs
    assert not spectator.locator("#stand").count()

    # tokens: owner and kind; a face-down one names its kind to its owner only
    spectator_view = server.api("GET", f"/api/tables/{table_id}/view")["view"]
    assert spectator_view["seat"] is None
    hidden_checked = own_checked = 0
    for h in view["board"]:
        if h["content"] != "token":
            continue
        key = f"{h['hex'][0]},{h['hex'][1]}"
        sel = f"svg.board g.hex[data-hex='{key}'] g.token"
        owner = names[h["player"]]
        seen_by_player = tooltip(player, sel)
        seen_by_spectator = tooltip(spectator, sel)
        assert seen_by_player.startswith(f"{key} · ") and seen_by_spectator.startswith(key)
        assert f"{owner}'s" in seen_by_player and f"{owner}'s" in seen_by_spectator
        if not h["face_down"]:
            assert f"{owner}'s {h['kind']}" in seen_by_player
            assert f"{owner}'s {h['kind']}" in seen_by_spectator
            continue
        # the spectator's view holds no kind; neither does its tooltip
        assert next(x for x in spectator_view["board"] if x["hex"] == h["hex"])["kind"] is None
        assert "face down" in seen_by_spectator
        assert not any(re.search(rf"\b{k}\b", seen_by_spectator) for k in KINDS), seen_by_spectator
        hidden_checked += 1
        if h["player"] == seat:  # its owner's page names the kind
            assert h["kind"] and f"{owner}'s {h['kind']}, face down" in seen_by_player
            own_checked += 1
        else:
            assert not any(re.search(rf"\b{k}\b", seen_by_player) for k in KINDS)
    assert hidden_checked and own_checked

    # a scored ziggurat names who won it, in the log's words
    zigs = [h for h in view["board"] if h["content"] == "ziggurat" and h["scored"]]
    for h in zigs:
        key = f"{h['hex'][0]},{h['hex'][1]}"
        text = tooltip(spectator, f"svg.board g.hex[data-hex='{key}'] g.ziggurat")
        assert f"ziggurat at {key} surrounded: " in text, text
        assert "wins it" in text or "a tie" in text, text
    cities = [h for h in view["board"] if h["content"] == "city"]
    key = f"{cities[0]['hex'][0]},{cities[0]['hex'][1]}"
    text = tooltip(spectator, f"svg.board g.hex[data-hex='{key}'] g.city")
    assert f"city {cities[0]['tile']}: nobles " in text and "not scored yet" in text, text

    # nothing on the spectator's page names the kind of a face-down token or a stand
    everything = " | ".join(spectator.evaluate(ALL_TOOLTIPS_JS))
    assert "face down (only" not in everything and "on your stand" not in everything
    assert not player.errors and not spectator.errors
    own = next(
        f"{h['hex'][0]},{h['hex'][1]}"
        for h in view["board"]
        if h["content"] == "token" and h["face_down"] and h["player"] == seat
    )
    shot_with_tooltip(
        player, f"svg.board g.hex[data-hex='{own}'] g.token", artifacts / "tooltips-babylonia.png"
    )


# ---------------------------------------------------------------------------------- Tower of Babel


def tob_to_pending_offer(server: Any, rng: random.Random, tables: int = 20) -> tuple[Any, int]:
    """A three-seat table played over the REST API with random legal actions until a disc
    was built, an offer of building cards lies face down and the seat to act still has to
    offer. Returns the creation answer and the seat whose offer is face down."""
    for _ in range(tables):
        created = tob_create(server, [{"kind": "human", "name": n} for n in ("Ann", "Bob", "Cyd")])
        table_id = created["table"]["id"]
        tokens = {i["seat"]: i["token"] for i in created["invites"]}
        for _ in range(400):
            table = server.api("GET", f"/api/tables/{table_id}")
            if table["status"] == "finished":
                break
            seat = table["current_player"]
            payload = seat_payload(server, table_id, seat, tokens[seat])
            view = payload["view"]
            build = view["build"]
            if view["phase"] == "offer" and any(p["discs"] for p in view["players"]):
                for offer in build["offers"]:
                    if offer["made"] and offer["seat"] != seat:
                        theirs = seat_payload(
                            server, table_id, offer["seat"], tokens[offer["seat"]]
                        )
                        mine = next(
                            o
                            for o in theirs["view"]["build"]["offers"]
                            if o["seat"] == offer["seat"]
                        )
                        if sum(mine["cards"].values()):
                            return created, offer["seat"]
            legal = payload["legal_actions"]
            offers = [a for a in legal if a["type"] == "offer" and sum(a["cards"].values())]
            choice = rng.choice(offers) if offers and rng.random() < 0.9 else rng.choice(legal)
            body = {"seat": seat, "action": choice["text"], "version": payload["version"]}
            server.api("POST", f"/api/tables/{table_id}/actions", body, token=tokens[seat])
    raise AssertionError("no table reached a face-down offer of cards")


def test_tower_of_babel_tooltips_keep_a_face_down_offer_hidden(server, new_page, artifacts):
    created, offerer = tob_to_pending_offer(server, random.Random())
    table_id = created["table"]["id"]
    invites = {i["seat"]: i for i in created["invites"]}
    names = {s["seat"]: s["name"] for s in created["table"]["seats"]}
    current = server.api("GET", f"/api/tables/{table_id}")["current_player"]
    assert current != offerer
    theirs = seat_payload(server, table_id, offerer, invites[offerer]["token"])
    view = theirs["view"]
    secret = next(o for o in view["build"]["offers"] if o["seat"] == offerer)
    secret_words = cards_words(secret["cards"])
    author = open_page(new_page, server, invites[offerer]["url"])
    deciding = open_page(new_page, server, invites[current]["url"])
    spectator = open_page(new_page, server, f"/table/{table_id}")
    deciding.locator("#offer-picker").wait_for()
    log = theirs["log"]

    for page in (author, deciding, spectator):
        wonders = all_covered(page, "#wonders article.wonder", 8)
        spaces = all_covered(page, "#wonders .space", 24)
        all_covered(page, "#wonders .space .bdisc", 24)
        all_covered(page, "#wonders .pieces", 8)
        rows = all_covered(page, "#wonder-table tbody tr", len(view["rows"]) + 1)
        all_covered(page, "#set-bonus td", 2 * (len(view["set_bonus"]) - 1))
        all_covered(page, "#piles p")
        all_covered(page, "#piles .tchip", 0)
        all_covered(page, "#offer-status li", 2)
        all_covered(page, "#players tbody td.num", 4 * 3)
        all_covered(page, "#players .disc-cell .tchip, #players .disc-cell .bdisc")
        for w, wonder in enumerate(view["wonders"]):
            assert wonders[w].startswith(f"{wonder['name']}: "), wonders[w]
            for k, disc in enumerate(wonder["spaces"]):
                text = spaces[3 * w + k]
                assert text.startswith(f"{wonder['name']}, space {k + 1}: "), text
                if disc:
                    assert f"disc {cards_words(disc['need'])}" in text, text
        for i, (first, second) in enumerate(view["rows"]):
            assert rows[i].startswith(f"Wonder scoring, row {i + 1}: most {first}, second {second}")
        bonus = tooltips(page, "#set-bonus tr[data-row='points'] td")
        for n, text in enumerate(bonus, start=1):
            points = view["set_bonus"][n]
            assert text.startswith(f"Disc sets: {n} {'disc' if n == 1 else 'discs'} of one type")
            assert text.endswith(f"{points} {'point' if points == 1 else 'points'}"), text

    # a taken space names the build as the log words it, and whose the disc is now
    built = [e for entry in log for e in entry["events"] if e["type"] == "disc_built"]
    assert built
    last_per_space = {e["space"]: e for e in built}
    for space, event in last_per_space.items():
        text = tooltip(spectator, f"#wonders .space[data-space='{space}']")
        assert event["text"] in text, text
        owner = next(
            p["seat"]
            for p in view["players"]
            if any(d["id"] == event["disc"]["id"] for d in p["discs"])
        )
        assert f"{names[owner]} owns the disc {cards_words(event['disc']['need'])}" in text, text

    # the players' discs: owner and numbers
    for p in view["players"]:
        if p["discs"]:
            text = tooltip(spectator, f"#players tr.disc-row[data-seat='{p['seat']}'] td.disc-cell")
            assert text.startswith(f"{names[p['seat']]}'s disc")
            for d in p["discs"]:
                assert cards_words(d["need"]) in text

    # the hand: each building card type with its number; action cards with their text
    for page, seat in ((author, offerer), (deciding, current)):
        hand = seat_payload(server, table_id, seat, invites[seat]["token"])["view"]["hand"]
        for t in TYPES:
            assert tooltip(page, f"#hand .hcard[data-type='{t}']") == (
                f"{t} building cards: {hand['cards'][t]} in your hand"
            )
        for k, n in hand["actions"].items():
            if n:
                info = view["action_cards_info"][k]
                text = tooltip(page, f"#action-cards li[data-card='{k}']")
                assert info["name"] in text and info["text"] in text
    assert not spectator.locator("#hand").count()

    # the face-down offer: its author reads its cards, the others only that it was made
    row = f"#offer-status li[data-seat='{offerer}']"
    assert f"face down: {secret_words}" in tooltip(author, row)
    for page in (deciding, spectator):
        text = tooltip(page, row)
        assert text.startswith(f"{names[offerer]}'s offer: made, face down"), text
        assert not any(re.search(rf"\b{t}s?\b", text) for t in TYPES), text
        assert not re.search(r"\d", text), text  # not even how many cards
        everything = page.evaluate(ALL_TOOLTIPS_JS)
        in_build = tooltips(page, "#build, #build *")
        assert not any(secret_words in t for t in in_build), in_build
        assert not any("your face-down offer" in t or "only you see it" in t for t in everything)
    # the seat still to offer: its picker rows say what it holds and may offer
    picks = all_covered(deciding, "#offer-picker .pick-row", 4)
    assert all("in your hand" in t for t in picks), picks
    assert not author.errors and not deciding.errors and not spectator.errors
    space = next(iter(last_per_space))
    shot_with_tooltip(
        spectator, f"#wonders .space[data-space='{space}']", artifacts / "tooltips-tob.png"
    )
