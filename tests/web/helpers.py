"""Playing Babylonia by clicks, the way a person does: only what the page highlights or offers."""

from __future__ import annotations

import contextlib
import json
from typing import Any

TURN_OR_END = (
    "() => document.body.classList.contains('your-turn')"
    " || document.body.dataset.status === 'finished'"
)


def wait_ready(page: Any) -> None:
    page.wait_for_selector("body[data-ready='1']")


def version(page: Any) -> int:
    value = page.evaluate("() => document.body.dataset.version")
    return int(value) if value not in (None, "") else -1


def finished(page: Any) -> bool:
    return page.evaluate("() => document.body.dataset.status") == "finished"


def my_turn(page: Any) -> bool:
    return page.evaluate("() => document.body.classList.contains('your-turn')")


def wait_turn_or_end(page: Any, timeout: float = 20_000) -> None:
    page.wait_for_function(TURN_OR_END, timeout=timeout)


def wait_version_after(page: Any, before: int, timeout: float = 15_000) -> None:
    page.wait_for_function(
        f"() => Number(document.body.dataset.version) > {before} "
        "|| document.body.dataset.status === 'finished'",
        timeout=timeout,
    )


def play_one(page: Any) -> str:
    """Make one decision by clicking: the first highlighted hex or offered button.

    Returns what was done ("score", "card", "extra", "end", "place").
    """
    try:
        return _play_one(page)
    except Exception:
        dump(page, "failure")
        raise


def dump(page: Any, name: str) -> None:
    """A screenshot and the page's panel text beside the other artifacts, for a failure."""
    from .conftest import ARTIFACTS

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
        (ARTIFACTS / f"{name}.txt").write_text(page.locator("body").inner_text())
    except Exception:  # the page itself is gone
        pass


def _play_one(page: Any) -> str:
    before = version(page)
    for attempt in range(2):
        if page.locator("#score-choices").count():
            page.locator("svg.board g.hex.target-score").first.click()
            done = "score"
        elif page.locator("#card-choices").count():
            page.locator("#card-choices button").first.click()
            done = "card"
        elif page.locator("#extra-button").count():
            page.locator("#extra-button").click()
            done = "extra"
        elif page.locator("#end-button").count():
            page.locator("#end-button").click()
            done = "end"
        else:
            if not page.locator(".stand-token.selected").count():
                page.locator(".stand-token:not([disabled])").first.click()
            page.locator("svg.board g.hex.target-place").first.click()
            done = "place"
        try:
            # A click that lands while the page redraws (a push from the server) is lost,
            # as it would be for a person, who clicks again: so does this helper, once.
            wait_version_after(page, before, timeout=5_000 if attempt == 0 else 15_000)
            return done
        except Exception:
            if attempt or version(page) != before:
                raise
    raise AssertionError("unreachable")


def play_to_end(page: Any, max_actions: int = 1000, on_action: Any = None) -> int:
    """Play the viewer's seat by clicks until the game is over; returns the actions made."""
    count = 0
    while True:
        wait_turn_or_end(page)
        if finished(page):
            return count
        play_one(page)
        count += 1
        if on_action is not None:
            on_action(count)
        assert count < max_actions, "the game did not end"


class PayloadSpy:
    """Every payload a page received, over the WebSocket and over REST."""

    def __init__(self, page: Any) -> None:
        self.payloads: list[dict[str, Any]] = []
        page.on("websocket", self._socket)
        page.on("response", self._response)

    def _keep(self, text: str | bytes) -> None:
        try:
            data = json.loads(text)
        except (TypeError, ValueError):
            return
        if isinstance(data, dict) and "view" in data:
            self.payloads.append(data)

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self._keep(payload))

    def _response(self, response: Any) -> None:
        url = response.url
        if "/view" in url or url.endswith("/actions"):
            with contextlib.suppress(Exception):  # a body that is gone (navigation)
                self._keep(response.text())


def seat_payload(server: Any, table_id: str, seat: int, token: str) -> dict[str, Any]:
    return server.api("GET", f"/api/tables/{table_id}/view?seat={seat}", token=token)


def play_until(
    server: Any, wanted: Any, players: int = 2, tables: int = 80
) -> tuple[dict[str, Any], int]:
    """A table of human seats, played over the REST API with legal actions only (chosen at
    random, always with the seat's own token) until its view satisfies ``wanted(view)``.

    The server deals from a secret seed, so no particular deal can be asked for: a game that
    ends before the position comes is left, and a new table is tried. ``wanted`` may only look
    at what every seat sees (the phase, the board, ``to_score``...). Returns the creation
    answer and the seat to act.
    """
    import random

    rng = random.Random()  # the deal is the server's secret: nothing here is reproducible
    names = ["Ann", "Bob", "Cyd", "Dan"][:players]
    for _ in range(tables):
        created = server.create_table([{"kind": "human", "name": n} for n in names])
        table_id = created["table"]["id"]
        tokens = {i["seat"]: i["token"] for i in created["invites"]}
        seat = server.api("GET", f"/api/tables/{table_id}")["current_player"]
        payload = seat_payload(server, table_id, seat, tokens[seat])
        while payload["table"]["status"] != "finished":
            if wanted(payload["view"]):
                return created, seat
            legal = payload["legal_actions"]
            # Card 2 (the extra turn) whenever it is offered, so that its phase comes soon;
            # otherwise any legal action, ending a turn only when nothing else is left.
            choice = next((a for a in legal if a.get("card") == 2), None)
            if choice is None:
                choice = rng.choice([a for a in legal if a.get("type") != "end"] or legal)
            body = {"seat": seat, "action": choice["text"], "version": payload["version"]}
            payload = server.api(
                "POST", f"/api/tables/{table_id}/actions", body, token=tokens[seat]
            )
            current = payload["table"]["current_player"]
            if current is not None and current != seat:
                seat = current
                payload = seat_payload(server, table_id, seat, tokens[seat])
    raise AssertionError(f"no game of {tables} tables reached the position wanted")


# ------------------------------------------------------------------ Tower of Babel


def tob_create(server: Any, seats: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    """A Tower of Babel table (seat 0 starts); the deal is the server's secret."""
    body = {
        "game": "tower_of_babel",
        "options": {"players": len(seats), **options},
        "seats": seats,
    }
    return server.api("POST", "/api/tables", body)


def tob_phase(page: Any) -> str | None:
    """The decision the page offers: choose, offer, accept, triple or double (None: none)."""
    return page.evaluate(
        "() => { const c = document.getElementById('controls');"
        " return c && document.body.classList.contains('your-turn') ? c.dataset.phase : null; }"
    )


def _click_and_wait(page: Any, selector: str, before: int) -> None:
    page.locator(selector).first.click()
    wait_version_after(page, before)


def tob_play_one(page: Any, rng: Any, offer_cards: bool = True) -> str:
    """Make one Tower of Babel decision by clicking what the page offers, as a player would.

    Builds a disc marked as within reach of the hand (else passes, now and then builds any),
    offers one matching card (or a bluff) when ``offer_cards``, accepts one of the
    combinations the page lists, plays the triple bonus and draw three when held. Returns
    what was done.
    """
    try:
        return _tob_play_one(page, rng, offer_cards)
    except Exception:
        dump(page, "tob-failure")
        raise


def _tob_play_one(page: Any, rng: Any, offer_cards: bool) -> str:
    before = version(page)
    phase = tob_phase(page)
    if page.locator("#draw-three").count() and rng.random() < 0.7:
        _click_and_wait(page, "#draw-three", before)
        return "draw-three"
    # the questions come to everyone holding an action card: "yes" only with the card itself
    if phase == "triple":
        yes = page.locator("#triple-yes").count() and rng.random() < 0.8
        _click_and_wait(page, "#triple-yes" if yes else "#triple-no", before)
        return "triple"
    if phase == "double":
        yes = page.locator("#double-yes").count() and rng.random() < 0.5
        _click_and_wait(page, "#double-yes" if yes else "#double-no", before)
        return "double"
    if phase == "accept":
        chips = page.locator("#legal-choices button.legal-choice")
        if chips.count():
            chips.nth(rng.randrange(chips.count())).click()
            page.locator("#accept-submit:not([disabled])").wait_for()
            radios = page.locator("#joker-choice input[type='radio']")
            if radios.count() > 1:
                radios.nth(rng.randrange(radios.count())).click()
            _click_and_wait(page, "#accept-submit:not([disabled])", before)
            return "accept"
        _click_and_wait(page, "#give-up", before)
        return "give-up"
    if phase == "offer":
        if offer_cards:
            # One card of a type the disc asks for, else any card as a bluff.
            plus = page.locator("#offer-picker .pick-row.needed button.plus:not([disabled])")
            if not plus.count():
                plus = page.locator("#offer-picker button.plus:not([disabled])")
            if plus.count():
                plus.first.click()
                if page.locator("#offer-exchange").count() and rng.random() < 0.25:
                    page.locator("#offer-exchange").click()
                if page.locator("#offer-submit:not([disabled])").count():
                    _click_and_wait(page, "#offer-submit", before)
                    return "offer"
        _click_and_wait(page, "#offer-nothing", before)
        return "offer-nothing"
    if phase == "choose":
        reach = page.locator("#wonders button.space.target.can-alone")
        if reach.count():
            reach.nth(rng.randrange(reach.count())).click()
            wait_version_after(page, before)
            return "build"
        if rng.random() < 0.15 and page.locator("#wonders button.space.target").count():
            targets = page.locator("#wonders button.space.target")
            targets.nth(rng.randrange(targets.count())).click()
            wait_version_after(page, before)
            return "build"
        _click_and_wait(page, "#pass-button", before)
        return "pass"
    raise AssertionError(f"no Tower of Babel decision on the page (phase {phase!r})")


def tob_play_to_end(page: Any, rng: Any, max_actions: int = 1500, on_action: Any = None) -> int:
    """Play the viewer's seat by clicks until the game is over; returns the decisions made."""
    count = 0
    while True:
        wait_turn_or_end(page, timeout=60_000)
        if finished(page):
            return count
        done = tob_play_one(page, rng)
        count += 1
        if on_action is not None:
            on_action(count, done)
        assert count < max_actions, "the game did not end"
