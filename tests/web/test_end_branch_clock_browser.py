"""The end of a game, what comes after it and the clocks, in the browser, for every game: the
end screen with its breakdown and everything that was hidden, the rules panel, "Continue from
here" from the replay, a real-time clock running out (a bot takes the seat), the turn's sound
and notification, and the moves' animation with its off switch."""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select

from ziggurat.core.registry import game_class, game_names
from ziggurat.server.db import TableRow, make_engine

from .conftest import LAPTOP, needs_chromium
from .helpers import play_one, wait_ready

pytestmark = needs_chromium
TABLES = TableRow.__table__


def shot(page: Any, artifacts: Any, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=True)


def finished_bot_table(server: Any, game: str) -> dict[str, Any]:
    players = min(game_class(game).player_counts)
    seats = [{"kind": "bot", "agent": "random"} for _ in range(players)]
    body = {"game": game, "options": {"players": players}, "seats": seats}
    table_id = server.api("POST", "/api/tables", body)["table"]["id"]
    for _ in range(600):
        payload = server.api("GET", f"/api/tables/{table_id}/view")
        if payload["table"]["status"] == "finished":
            return payload
        time.sleep(0.1)
    raise AssertionError(f"the bots did not finish {game} table {table_id}")


@pytest.mark.parametrize("game", game_names())
def test_the_end_shows_the_breakdown_and_every_secret_and_the_game_goes_on_from_a_move(
    server, new_page, artifacts, game
):
    final = finished_bot_table(server, game)
    table_id, result = final["table"]["id"], final["result"]
    page = new_page(LAPTOP)
    page.goto(f"{server.url}/table/{table_id}")
    wait_ready(page)
    end = page.locator("#result")
    end.wait_for()
    # the breakdown: one row per source and the totals, which are the scores
    assert page.locator("table.breakdown tbody tr").count() == len(result["sources"]) + 1
    totals = page.locator("table.breakdown tr.total td").all_inner_texts()
    assert sorted(int(t) for t in totals) == sorted(result["scores"])
    # what was hidden: every section the game names, its items in words
    assert result["revealed"], "every game hides something until the end"
    shown = page.locator(".revealed dt")
    assert shown.count() == len(result["revealed"])
    for index, section in enumerate(result["revealed"]):
        assert section["label"] in shown.nth(index).inner_text()
        assert page.locator(".revealed dd").nth(index).inner_text() == ", ".join(section["items"])
    shot(page, artifacts, f"end-{game}")
    # the rules, in the page, beside the board
    page.locator("#rules-button").click()
    page.locator("#rules-body h2").first.wait_for()
    assert page.locator("#rules-body h2").count() >= 5
    assert game_class(game).title in page.locator("#rules-title").inner_text()
    shot(page, artifacts, f"rules-{game}")
    page.keyboard.press("Escape")
    page.locator("#rules-panel").wait_for(state="hidden")
    # replay to a move, then go on from it at a new table with the same seats
    page.locator("#result-replay").click()
    page.wait_for_function(
        "() => document.getElementById('replay-where').textContent.startsWith('move 0 ')"
    )
    assert page.locator("#replay-branch").is_visible()
    move = 3
    for step in range(1, move + 1):
        page.keyboard.press("ArrowRight")
        page.wait_for_function(
            f"() => document.getElementById('replay-where').textContent.startsWith('move {step} ')"
        )
    shot(page, artifacts, f"continue-from-here-{game}")
    page.locator("#replay-branch").click()
    page.wait_for_url(lambda url: f"/table/{table_id}" not in url)
    wait_ready(page)
    new_id = page.url.rstrip("/").split("/")[-1]
    new = server.api("GET", f"/api/tables/{new_id}")
    assert new["branched_from"] == {"table": table_id, "move": move}
    assert [s["agent"] for s in new["seats"]] == [s["agent"] for s in final["table"]["seats"]]
    assert page.errors == []  # type: ignore[attr-defined]


def age(server: Any, table_id: str, seconds: float) -> None:
    """Make ``seconds`` of the table's clock pass (its start and deadline move back); the
    table's revision rises, so the server reads it again."""
    engine = make_engine(f"sqlite:///{server.database}")
    back = timedelta(seconds=seconds)
    with engine.begin() as connection:
        row = connection.execute(
            select(TABLES.c.started_at, TABLES.c.deadline).where(TABLES.c.id == table_id)
        ).one()
        connection.execute(
            TABLES.update()
            .where(TABLES.c.id == table_id)
            .values(
                started_at=row.started_at - back,
                deadline=row.deadline - back,
                revision=TABLES.c.revision + 1,
            )
        )
    engine.dispose()


@pytest.mark.parametrize("game", game_names())
def test_a_realtime_clock_counts_down_and_runs_out_and_a_bot_plays_on(
    server, new_page, artifacts, game
):
    players = min(game_class(game).player_counts)
    names = ["Ann", "Bo", "Cy", "Di"][:players]
    body = {
        "game": game,
        "options": {"players": players},
        "seats": [{"kind": "human", "name": name} for name in names],
        "time_control": {"kind": "realtime", "minutes": 1, "increment": 5},
    }
    made = server.api("POST", "/api/tables", body)
    table_id = made["table"]["id"]
    tokens = {i["seat"]: i["token"] for i in made["invites"]}
    for seat, token in tokens.items():  # everybody sits down: the clocks start
        server.api("GET", f"/api/tables/{table_id}/view?seat={seat}", token=token)
    mover = server.api("GET", f"/api/tables/{table_id}")["current_player"]
    page = new_page(LAPTOP)
    page.goto(f"{server.url}/table/{table_id}?seat={mover}&token={tokens[mover]}")
    wait_ready(page)
    clocks = page.locator("#clocks")
    clocks.wait_for()
    assert "Clock: 1 min + 5 s a turn" in clocks.inner_text()
    running = page.locator(".clock-seat.running .clock")
    first = running.inner_text()
    page.wait_for_function(
        f"() => document.querySelector('.clock-seat.running .clock').textContent !== '{first}'"
    )  # it counts down
    other = (mover + 1) % players
    assert page.locator(f".clock[data-seat='{other}']").inner_text() == "1:00"  # theirs waits
    shot(page, artifacts, f"clock-running-{game}")
    age(server, table_id, 61)  # the player to move thought a minute and a second
    page.wait_for_function("() => document.body.dataset.seat === 'spectator'", timeout=20_000)
    name = names[mover]
    assert f"Your time ran out: a bot plays {name}" in page.locator("#error-text").inner_text()
    table = server.api("GET", f"/api/tables/{table_id}")
    assert table["seats"][mover]["took_over"] == "timed out"
    # the bot plays the seat on: the table moves past the seat that ran out
    page.wait_for_function(f"() => document.body.textContent.includes('{name} (bot)')")
    page.wait_for_function("() => Number(document.body.dataset.version) >= 1", timeout=20_000)
    shot(page, artifacts, f"clock-ran-out-{game}")
    assert page.errors == []  # type: ignore[attr-defined]


NOTES = """
window.__notes = [];
window.__hidden = false;
Object.defineProperty(document, 'visibilityState', {
  get: () => (window.__hidden ? 'hidden' : 'visible'),
});
const Real = window.Notification;
window.Notification = class extends Real {
  constructor(title, options) { super(title, options); window.__notes.push([title, options.body]); }
};
"""


def test_the_turn_comes_with_a_sound_and_a_notification_and_moves_are_animated(
    server, new_page, artifacts
):
    made = server.create_table(
        [{"kind": "human", "name": "Ann"}, {"kind": "bot", "agent": "random"}], start_player=0
    )
    table_id, token = made["table"]["id"], made["invites"][0]["token"]
    page = new_page(LAPTOP, permissions=["notifications"])
    page.add_init_script(NOTES)
    page.goto(f"{server.url}/table/{table_id}?seat=0&token={token}")
    wait_ready(page)
    assert "Notifications are on" in page.locator("#turn-notify-state").inner_text()
    page.locator("#turn-sound").check()  # plays it once, as a sample
    page.wait_for_function("() => document.body.dataset.turnSound === '1'")
    page.wait_for_function("() => document.body.classList.contains('your-turn')")
    page.evaluate("() => { window.__hidden = true; }")  # Ann looks at another tab
    # Ann's first turn is one token; the bot plays its turn, and the turn comes back to Ann:
    # one sound, one notification (none while the turn was already hers)
    assert play_one(page) == "place"
    page.wait_for_function("() => document.body.dataset.turnSound === '2'", timeout=20_000)
    assert page.evaluate("() => document.body.classList.contains('your-turn')")
    notes = page.evaluate("() => window.__notes")
    assert notes == [["Your turn", f"Babylonia · table {table_id}"]]
    assert page.title().startswith("▶ ")
    # the bot's tokens grew in as they arrived; the setting turns that off
    assert page.evaluate("() => document.body.classList.contains('animate')")
    assert page.locator("svg.board g.hex.just-moved").count() >= 1
    page.locator("#animations-on").uncheck()
    assert not page.evaluate("() => document.body.classList.contains('animate')")
    shot(page, artifacts, "turn-settings")
    assert page.errors == []  # type: ignore[attr-defined]
