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
