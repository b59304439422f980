"""The Hint button in the browser, for every game: the medium bot's choice and two
alternatives for the seat to move, each a legal move with its estimated chance, one click to
play it; gone once the table moves on, and absent for spectators. Screenshots go to the
artifacts folder."""

from __future__ import annotations

import pytest

from ziggurat.core.registry import game_class, game_names

from .conftest import LAPTOP, needs_chromium
from .helpers import version, wait_ready, wait_turn_or_end, wait_version_after

pytestmark = needs_chromium


@pytest.mark.parametrize("name", game_names())
def test_a_hint_shows_three_legal_moves_and_plays_one(server, new_page, artifacts, name):
    players = min(game_class(name).player_counts)
    seats = [{"kind": "human", "name": "Ann"}] + [
        {"kind": "bot", "agent": "greedy"} for _ in range(players - 1)
    ]
    made = server.api(
        "POST", "/api/tables", {"game": name, "options": {"players": players}, "seats": seats}
    )
    table_id, token = made["table"]["id"], made["invites"][0]["token"]
    page = new_page(LAPTOP)
    page.goto(f"{server.url}/table/{table_id}?seat=0&token={token}")
    wait_ready(page)
    wait_turn_or_end(page)
    mine = server.api("GET", f"/api/tables/{table_id}/view?seat=0", token=token)
    legal = {a["text"] for a in mine["legal_actions"]}
    button = page.locator("#hint-button")
    assert button.is_visible() and button.is_enabled()
    button.click()
    moves = page.locator("#hint .hint-move")
    moves.first.wait_for(timeout=30_000)
    shown = moves.evaluate_all("items => items.map((i) => i.dataset.action)")
    assert 1 <= len(shown) <= 3 and set(shown) <= legal
    assert len(shown) == min(3, len(legal))
    for value in page.locator("#hint .hint-value").all_inner_texts():
        assert value.endswith("%") and 0 <= int(value[:-1]) <= 100
    assert "medium bot" in page.locator("#hint-title").inner_text()
    page.screenshot(path=str(artifacts / f"hint-{name}.png"))
    before = version(page)
    moves.first.locator("button").click()  # play the bot's choice
    wait_version_after(page, before)
    played = server.api("GET", f"/api/tables/{table_id}/view?seat=0", token=token)["log"]
    assert any(entry.get("text") == shown[0] or shown[0] in str(entry) for entry in played)
    page.locator("#hint").wait_for(state="hidden")
    assert page.errors == []  # type: ignore[attr-defined]

    watcher = new_page(LAPTOP)
    watcher.goto(f"{server.url}/table/{table_id}")
    wait_ready(watcher)
    assert watcher.locator("#hint-button").is_hidden()
