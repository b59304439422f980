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


def actions_until(
    wanted: Any, players: int = 2, seeds: int = 500
) -> tuple[int, list[tuple[int, str]]]:
    """A seed and the actions (seat, notation) of a random game up to the first position whose
    spectator view satisfies ``wanted(view)`` (the engine finds it, not the page)."""
    import random

    import ziggurat

    for seed in range(seeds):
        game = ziggurat.load_game("babylonia", players=players)
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        actions: list[tuple[int, str]] = []
        while not state.is_terminal():
            if wanted(state.view(None)):
                return seed, actions
            action = rng.choice(state.legal_actions())
            actions.append((state.current_player, str(action)))
            state.apply_action(action)
    raise AssertionError("no random game reached the position wanted")
