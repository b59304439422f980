"""Stepping through a game in the browser, for every game: a finished table from its end
screen through every move (keys, buttons, slider, a click in the log) as a spectator and as
a seat; a running table by its player, as its own seat only. Screenshots go to artifacts."""

from __future__ import annotations

import time
from typing import Any

import pytest

from ziggurat.core.registry import game_class, game_names

from .conftest import LAPTOP, needs_chromium
from .helpers import wait_ready

pytestmark = needs_chromium

LOG_SHOWN = 250  # table.js shows the newest 250 entries of the log


def shot(page: Any, artifacts: Any, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"))


def bots_game(server: Any, name: str) -> tuple[str, int]:
    """A finished table of ``name`` played by bots; its id and how many moves stand."""
    players = min(game_class(name).player_counts)
    seats = [{"kind": "bot", "agent": "greedy" if s == 0 else "random"} for s in range(players)]
    made = server.api(
        "POST", "/api/tables", {"game": name, "options": {"players": players}, "seats": seats}
    )
    table_id = made["table"]["id"]
    deadline = time.monotonic() + 120
    while True:
        payload = server.api("GET", f"/api/tables/{table_id}/view")
        if payload["table"]["status"] == "finished":
            return table_id, len(payload["log"])
        assert time.monotonic() < deadline, f"{name}: the bots did not finish"
        time.sleep(0.2)


def where(page: Any) -> str:
    return page.locator("#replay-where").inner_text()


def wait_where(page: Any, move: int, moves: int) -> None:
    page.wait_for_function(
        "(text) => document.getElementById('replay-where').textContent === text",
        arg=f"move {move} of {moves}",
    )


def log_count(page: Any) -> int:
    return page.locator("#log li.log-entry").count()


@pytest.mark.parametrize("name", game_names())
def test_a_finished_game_steps_through_every_move(server, new_page, artifacts, name):
    table_id, moves = bots_game(server, name)
    page = new_page(LAPTOP)
    page.goto(f"{server.url}/table/{table_id}")
    wait_ready(page)
    # the end screen: why the game ended, and every seat's points by source with the totals
    final = server.api("GET", f"/api/tables/{table_id}/view")
    assert page.locator("#result .ended").inner_text().startswith(("The game is over", "Game over"))
    totals = page.locator("#result table.breakdown tr.total td").all_inner_texts()
    scores = final["table"]["scores"]
    assert sorted(int(t) for t in totals) == sorted(scores)
    assert (
        page.locator("#result table.breakdown tbody tr").count()
        == len(final["result"]["sources"]) + 1
    )
    shot(page, artifacts, f"end-{name}")
    page.locator("#result-replay").click()  # from the end screen
    wait_where(page, 0, moves)
    assert log_count(page) == 0 and page.locator("#result").count() == 0
    assert "Replay · move 0 of" in page.locator("#status").inner_text()
    board = page.locator("#board-area").inner_html()
    shot(page, artifacts, f"replay-{name}-start")
    for move in range(1, moves + 1):  # every move, by the arrow key
        page.keyboard.press("ArrowRight")
        wait_where(page, move, moves)
        assert log_count(page) == min(move, LOG_SHOWN)
        assert page.locator("#log li.log-entry.current").get_attribute("data-number") == str(move)
    assert page.locator("#replay-next").is_disabled()
    shot(page, artifacts, f"replay-{name}-end")
    page.locator("#replay-first").click()
    wait_where(page, 0, moves)
    assert page.locator("#board-area").inner_html() == board  # the same start again
    page.locator("#replay-last").click()
    wait_where(page, moves, moves)
    page.keyboard.press("Home")
    wait_where(page, 0, moves)
    # as a seat: its hidden things (a stand, a hand) are shown, the game being over
    page.select_option("#replay-seat", "0")
    wait_where(page, 0, moves)
    assert "as " in page.locator("#status").inner_text()
    page.locator("#replay-slider").fill(str(moves // 2))
    wait_where(page, moves // 2, moves)
    page.locator(f"#log li.log-entry[data-number='{moves // 4 or 1}']").click()
    wait_where(page, moves // 4 or 1, moves)
    assert page.locator("#log li.log-entry.current").get_attribute("data-number") == str(
        moves // 4 or 1
    )
    shot(page, artifacts, f"replay-{name}-as-seat-0")
    page.locator("#replay-exit").click()
    page.locator("#result").wait_for()
    assert page.locator("#replay-bar").is_hidden() and log_count(page) == min(moves, LOG_SHOWN)
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_running_game_is_replayed_by_its_player_as_its_own_seat(server, new_page, artifacts):
    made = server.create_table(
        [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
        start_player=0,
        first_round_limit=False,
    )
    table_id = made["table"]["id"]
    tokens = {i["seat"]: i["token"] for i in made["invites"]}
    for _ in range(6):
        seat = server.api("GET", f"/api/tables/{table_id}")["current_player"]
        mine = server.api("GET", f"/api/tables/{table_id}/view?seat={seat}", token=tokens[seat])
        body = {
            "seat": seat,
            "action": mine["legal_actions"][0]["text"],
            "version": mine["version"],
        }
        server.api("POST", f"/api/tables/{table_id}/actions", body, token=tokens[seat])
    page = new_page(LAPTOP)
    page.goto(f"{server.url}/table/{table_id}?seat=1&token={tokens[1]}")
    wait_ready(page)
    start = server.api("GET", f"/api/tables/{table_id}/replay?move=0&seat=1", token=tokens[1])
    page.locator("#replay-button").click()
    wait_where(page, 6, 6)
    assert page.locator("#replay-seat-box").is_hidden()  # only its own seat, before the end
    page.keyboard.press("Home")
    wait_where(page, 0, 6)
    stand = page.locator(".stand-token").all_inner_texts()
    kinds = start["view"]["players"][1]["stand"]
    assert sum(kinds.values()) == 5 and stand  # seat 1's own stand at the start
    shot(page, artifacts, "replay-running-own-seat")
    assert page.locator("#undo-button").is_hidden()
    page.locator("#replay-exit").click()
    page.wait_for_function("() => !document.body.classList.contains('replaying')")
    # a spectator of a running game has no replay
    watcher = new_page(LAPTOP)
    watcher.goto(f"{server.url}/table/{table_id}")
    wait_ready(watcher)
    assert watcher.locator("#replay-button").is_hidden()
    watcher.locator("#log li.log-entry").first.click()
    watcher.wait_for_timeout(300)
    assert watcher.locator("#replay-bar").is_hidden()
