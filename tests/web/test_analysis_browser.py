"""The Analyse button of a finished game's replay: the progress while the
bot searches the seat's decisions again, then the chart and the decisions where the most was
lost, each showing its position on request; the result the server stored. Screenshots go to
the artifacts folder."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ziggurat.core.registry import game_class

from .conftest import LAPTOP, Server, needs_chromium
from .helpers import wait_ready

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def easy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose hints and analyses come from the easy search (the same code as
    medium's, five times fewer iterations: the whole analysis in seconds)."""
    srv = Server(tmp_path_factory.mktemp("analysis"), "--advice-strength", "easy")
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def finished_table(server: Server, name: str) -> str:
    players = min(game_class(name).player_counts)
    seats = [{"kind": "bot", "agent": "greedy"}] + [
        {"kind": "bot", "agent": "random"} for _ in range(players - 1)
    ]
    made = server.api(
        "POST", "/api/tables", {"game": name, "options": {"players": players}, "seats": seats}
    )
    table_id = made["table"]["id"]
    deadline = time.monotonic() + 120
    while server.api("GET", f"/api/tables/{table_id}")["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    return table_id


# The panel knows no game (the server's analysis is tested for the library's result in
# tests/server): two games with different notations, a two- and a three-player one.
@pytest.mark.parametrize("name", ["babylonia", "tower_of_babel"])
def test_analyse_shows_progress_then_the_chart_and_the_lessons(
    easy_server: Server, new_page: Any, artifacts: Path, name: str
) -> None:
    table_id = finished_table(easy_server, name)
    page = new_page(LAPTOP)
    page.goto(f"{easy_server.url}/table/{table_id}")
    wait_ready(page)
    page.locator("#replay-button").click()
    page.locator("#replay-bar").wait_for()
    analyse = page.locator("#replay-analyse")
    assert analyse.is_hidden()  # a spectator's replay: choose a seat first
    page.locator("#replay-seat").select_option("1")
    analyse.wait_for()
    analyse.click()
    page.locator("#analysis-progress").wait_for(timeout=10_000)
    page.locator("#analysis .analysis-chart").wait_for(timeout=120_000)
    page.screenshot(path=str(artifacts / f"analysis-{name}.png"))
    stored = easy_server.api("GET", f"/api/tables/{table_id}/analysis?seat=1")
    assert stored["status"] == "done"
    result = stored["result"]
    lessons = page.locator("#analysis .analysis-lesson")
    assert lessons.count() == len(result["worst"])
    assert page.locator("#analysis .analysis-dot").count() == len(result["worst"])
    assert "Analysis of" in page.locator("#analysis-title").inner_text()
    if result["worst"]:
        first = result["worst"][0]
        report = next(d for d in result["decisions"] if d["move"] == first)
        text = lessons.first.inner_text()
        assert f"Move {first + 1}:" in text and report["played"] in text and report["best"] in text
        lessons.first.locator("button").click()  # show the position of that decision
        page.wait_for_function(
            f"() => document.getElementById('replay-where').textContent.startsWith('move {first} ')"
        )
    # another seat: the analysis shown goes away
    page.locator("#replay-seat").select_option("0")
    page.locator("#analysis").wait_for(state="hidden")
    assert page.errors == []  # type: ignore[attr-defined]
