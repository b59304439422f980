"""Time controls (``time_control`` at creation; ziggurat.server.clocks): the arithmetic of
the clocks from a record's times, what a payload shows, and a seat whose time ran out handed
to a bot, on SQLite and PostgreSQL, across a restart.

Time is made to pass by moving a table's stored times back (its start, its moves and the
stored moment the time runs out) and starting a new server process on the database: the
clocks are worked out from the record alone, so the new process sees the time as spent.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from ziggurat.server.clocks import ABANDONED, REALTIME, TIMED_OUT, TURN, TimeControl, clock
from ziggurat.server.db import ActionRow, TableRow, make_engine
from ziggurat.server.live import Standing

from .conftest import TWO_HUMANS, act, auth, make_client, view, wait_for

TABLES, ACTIONS = TableRow.__table__, ActionRow.__table__
T0 = datetime(2026, 12, 3, 12, 0, 0, tzinfo=UTC)
FAST = {"clock_check_interval": 0.05}  # a server that looks at its clocks often


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


# ---------------------------------------------------------------------- the arithmetic


def test_a_realtime_clock_charges_each_seat_its_own_thinking_and_adds_the_increment_per_turn():
    control = TimeControl(REALTIME, minutes=5, increment=10)
    # seat 0 thinks 10 s (one decision: its turn ends), seat 1 30 s over two decisions of one
    # turn (20 s, then 10 s), then seat 0 is deciding again
    moves = [(0, at(10)), (1, at(30)), (1, at(40))]
    made = clock(control, T0, moves, 0, [0, 1], 2, None)
    assert made.remaining == (300 - 10 + 10, 300 - 30 + 10)
    assert (made.running, made.since, made.deadline) == (0, at(40), at(40 + 300))
    # seat 1 is still in its turn: no increment yet for the decision it made
    made = clock(control, T0, moves[:2], 1, [0, 1], 2, None)
    assert made.remaining == (300, 300 - 20)
    assert made.deadline == at(30 + 280)


def test_a_turn_based_clock_gives_each_turn_its_hours_from_when_it_began():
    control = TimeControl(TURN, hours=24)
    moves = [(0, at(100)), (1, at(500)), (1, at(900))]
    made = clock(control, T0, moves, 1, [0, 1], 2, None)
    # seat 1's turn began with seat 0's move: its second decision does not give it more time
    assert (made.running, made.since, made.deadline) == (1, at(100), at(100 + 24 * 3600))
    assert made.remaining is None


def test_no_clock_hands_over_only_a_seat_left_untouched_for_the_abandon_time():
    moves = [(0, at(100))]
    week = timedelta(days=7)
    assert clock(TimeControl(), T0, moves, 1, [0, 1], 2, week).deadline == at(100) + week
    assert clock(TimeControl(), T0, moves, 1, [0, 1], 2, None).deadline is None


def test_bots_and_tables_not_started_run_no_clock():
    control = TimeControl(REALTIME, minutes=1)
    bot_to_move = clock(control, T0, [(0, at(5))], 1, [0], 2, None)
    assert (bot_to_move.running, bot_to_move.deadline) == (None, None)
    assert bot_to_move.remaining == (55.0, None)
    not_started = clock(control, None, [], 0, [0, 1], 2, None)
    assert (not_started.running, not_started.deadline) == (None, None)
    over = clock(control, T0, [(0, at(5))], None, [0, 1], 2, None)
    assert over.running is None


def test_a_move_made_before_the_last_seat_was_taken_costs_nothing_and_naive_times_are_utc():
    control = TimeControl(REALTIME, minutes=1)
    naive = [(0, at(5).replace(tzinfo=None))]  # as SQLite hands stored times back
    made = clock(control, at(20), naive, 1, [0, 1], 2, None)
    assert made.remaining == (60.0, 60.0)
    assert made.deadline == at(20 + 60)


# ---------------------------------------------------------------------- the API


def create_timed(client, time_control: dict, seats=TWO_HUMANS) -> dict:
    body = {
        "game": "babylonia",
        "options": {"players": len(seats), "start_player": 0},
        "seats": seats,
        "time_control": time_control,
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def claimed(client, made: dict) -> tuple[str, list[str]]:
    table_id = made["table"]["id"]
    tokens = [i["token"] for i in made["invites"]]
    for invite in made["invites"]:
        view(client, table_id, invite["seat"], invite["token"])
    return table_id, tokens


def age(database_url: str, table_id: str, seconds: float) -> None:
    """Make ``seconds`` pass for a table: its start, its moves and its stored deadline move
    back (a new server process then reads the time as spent)."""
    engine = make_engine(database_url)
    back = timedelta(seconds=seconds)
    with engine.begin() as connection:
        row = connection.execute(
            select(TABLES.c.started_at, TABLES.c.deadline).where(TABLES.c.id == table_id)
        ).one()
        connection.execute(
            TABLES.update()
            .where(TABLES.c.id == table_id)
            .values(
                started_at=row.started_at - back if row.started_at else None,
                deadline=row.deadline - back if row.deadline else None,
                revision=TABLES.c.revision + 1,
            )
        )
        moves = connection.execute(
            select(ACTIONS.c.number, ACTIONS.c.created_at).where(ACTIONS.c.table_id == table_id)
        ).all()
        for number, created in moves:
            connection.execute(
                ACTIONS.update()
                .where(ACTIONS.c.table_id == table_id, ACTIONS.c.number == number)
                .values(created_at=created - back)
            )
    engine.dispose()


@pytest.mark.parametrize(
    ("given", "named"),
    [
        ({"kind": "blitz"}, "time_control"),
        ({"kind": "realtime"}, "minutes"),
        ({"kind": "realtime", "minutes": 0}, "minutes"),
        ({"kind": "realtime", "minutes": 181}, "minutes"),
        ({"kind": "realtime", "minutes": 5, "increment": -1}, "increment"),
        ({"kind": "realtime", "minutes": "5"}, "minutes"),
        ({"kind": "turn", "hours": 0}, "hours"),
        ({"kind": "turn", "hours": 337}, "hours"),
        ({"kind": "turn", "hours": 24, "minutes": 5}, "minutes"),
        ("fast", "time_control"),
    ],
)
def test_a_time_control_out_of_range_is_refused_naming_the_field(tmp_path, given, named):
    with make_client(f"sqlite:///{tmp_path / 'z.sqlite3'}") as client:
        body = {"game": "babylonia", "options": {"players": 2}, "seats": TWO_HUMANS}
        response = client.post("/api/tables", json={**body, "time_control": given})
        assert response.status_code == 400, response.text
        assert response.json()["error"] == "bad_request"
        assert named in response.json()["message"]
        assert client.get("/api/tables").json()["tables"] == []  # nothing was made


def test_a_payload_shows_the_clocks_and_a_turn_adds_the_increment(tmp_path):
    with make_client(f"sqlite:///{tmp_path / 'z.sqlite3'}") as client:
        made = create_timed(client, {"kind": "realtime", "minutes": 2, "increment": 15})
        assert made["table"]["time_control"] == {
            "kind": "realtime",
            "minutes": 2,
            "increment": 15,
        }
        table_id = made["table"]["id"]
        assert view(client, table_id)["clock"]["running"] is None  # nobody has sat down yet
        table_id, tokens = claimed(client, made)
        shown = view(client, table_id)["clock"]
        assert (shown["kind"], shown["running"], shown["remaining"]) == (
            REALTIME,
            0,
            [120.0, 120.0],
        )
        started = datetime.fromisoformat(shown["since"])
        assert datetime.fromisoformat(shown["deadline"]) == started + timedelta(minutes=2)
        # seat 0 plays its whole turn: its clock gets the increment, seat 1's runs
        version = 0
        while view(client, table_id)["table"]["current_player"] == 0:
            move = view(client, table_id, 0, tokens[0])["legal_actions"][0]["text"]
            assert act(client, table_id, 0, tokens[0], move, version).status_code == 200
            version += 1
        shown = view(client, table_id)["clock"]
        assert shown["running"] == 1
        assert 120 < shown["remaining"][0] <= 135  # 15 s back for a turn of moments
        assert shown["remaining"][1] == 120.0
        assert view(client, table_id)["table"]["deadline"] == shown["deadline"]


def test_a_seat_whose_realtime_clock_ran_out_is_played_by_a_bot_after_a_restart(database_url):
    with make_client(database_url) as client:
        made = create_timed(client, {"kind": "realtime", "minutes": 1})
        table_id, tokens = claimed(client, made)
    age(database_url, table_id, 61)  # seat 0 thought a minute and a second, the server down
    with make_client(database_url, **FAST) as client:
        after = wait_for(client, table_id, lambda p: p["table"]["seats"][0]["took_over"])
        seat = after["table"]["seats"][0]
        assert (seat["kind"], seat["agent"], seat["took_over"]) == ("bot", "greedy", TIMED_OUT)
        # the bot plays seat 0's turn; the old token no longer opens the seat
        wait_for(client, table_id, lambda p: p["table"]["current_player"] == 1)
        refused = client.get(
            f"/api/tables/{table_id}/view", params={"seat": 0}, headers=auth(tokens[0])
        )
        assert refused.status_code == 403
        # seat 1 is a person still, its clock untouched by seat 0's minute
        clock_now = view(client, table_id)["clock"]
        assert clock_now["running"] == 1
        assert clock_now["remaining"][0] is None
        assert clock_now["remaining"][1] == 60.0
        # the log names the bot as such for the moves after it took over
        log = view(client, table_id)["log"]
        assert log and all(entry["seat"] == 0 for entry in log)


def test_a_move_after_the_time_ran_out_is_refused_and_changes_nothing(tmp_path):
    url = f"sqlite:///{tmp_path / 'z.sqlite3'}"
    with make_client(url) as client:
        made = create_timed(client, {"kind": "turn", "hours": 1})
        table_id, tokens = claimed(client, made)
        move = view(client, table_id, 0, tokens[0])["legal_actions"][0]["text"]
    age(url, table_id, 3601)
    with make_client(url, clock_check_interval=60) as client:  # nobody looks at the clocks
        response = act(client, table_id, 0, tokens[0], move, 0)
        assert response.status_code == 409, response.text
        assert response.json()["error"] == "out_of_time"
        assert "seat 0's time ran out" in response.json()["message"]
        assert view(client, table_id)["version"] == 0
        assert view(client, table_id)["table"]["seats"][0]["kind"] == "human"


def test_a_turn_based_seat_times_out_and_a_table_without_a_clock_counts_as_abandoned(tmp_path):
    url = f"sqlite:///{tmp_path / 'z.sqlite3'}"
    with make_client(url, abandon_after_days=2) as client:
        turn_based = claimed(client, create_timed(client, {"kind": "turn", "hours": 24}))[0]
        untimed = claimed(client, create_timed(client, {"kind": "none"}))[0]
        shown = view(client, untimed)["table"]
        assert shown["time_control"] == {"kind": "none"}
        started = datetime.fromisoformat(view(client, untimed)["clock"]["since"])
        assert datetime.fromisoformat(shown["deadline"]) == started + timedelta(days=2)
    for table_id in (turn_based, untimed):
        age(url, table_id, 24 * 3600 + 1)
    with make_client(url, abandon_after_days=2, **FAST) as client:
        after = wait_for(client, turn_based, lambda p: p["table"]["seats"][0]["took_over"])
        assert after["table"]["seats"][0]["took_over"] == TIMED_OUT
        assert view(client, untimed)["table"]["seats"][0]["kind"] == "human"  # a day only
    age(url, untimed, 24 * 3600)
    with make_client(url, abandon_after_days=2, **FAST) as client:
        after = wait_for(client, untimed, lambda p: p["table"]["seats"][0]["took_over"])
        assert after["table"]["seats"][0]["took_over"] == ABANDONED
    with make_client(url, abandon_after_days=0) as client:  # never: no moment is kept
        kept = claimed(client, create_timed(client, {"kind": "none"}))[0]
        assert view(client, kept)["table"]["deadline"] is None


def test_a_stored_moment_out_of_date_is_put_right_not_acted_on(tmp_path):
    """The stored moment is only a pointer: the record decides (a moment set wrongly, by
    hand or by an older server, hands nobody's seat to a bot)."""
    url = f"sqlite:///{tmp_path / 'z.sqlite3'}"
    with make_client(url) as client:
        table_id = claimed(client, create_timed(client, {"kind": "realtime", "minutes": 5}))[0]
        right = view(client, table_id)["table"]["deadline"]
    engine = make_engine(url)
    with engine.begin() as connection:
        connection.execute(
            TABLES.update()
            .where(TABLES.c.id == table_id)
            .values(deadline=datetime(2000, 1, 1, tzinfo=UTC))
        )
    with make_client(url, **FAST) as client:

        def stored() -> datetime:
            with engine.begin() as connection:
                return connection.execute(
                    select(TABLES.c.deadline).where(TABLES.c.id == table_id)
                ).scalar_one()

        wait_for(client, table_id, lambda _p: stored().year > 2000, timeout=10)
        assert view(client, table_id)["table"]["seats"][0]["kind"] == "human"
        assert view(client, table_id)["table"]["deadline"] == right
    engine.dispose()


def test_a_rematch_keeps_the_time_control(tmp_path):
    url = f"sqlite:///{tmp_path / 'z.sqlite3'}"
    control = {"kind": "turn", "hours": 48}
    bots = [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}]
    with make_client(url) as client:
        first = create_timed(client, control, bots)
        table_id = first["table"]["id"]
        assert view(client, table_id)["clock"]["running"] is None  # bots are not timed
        wait_for(client, table_id, lambda p: p["table"]["status"] == "finished", 120)
        made = client.post(f"/api/tables/{table_id}/rematch", headers=auth(first["creator_token"]))
        assert made.status_code == 200, made.text
        assert made.json()["table"]["time_control"] == control


def test_the_moves_standing_are_read_from_the_log_with_a_move_more_or_less():
    class Entry:  # a log entry's two fields the clocks read
        def __init__(self, seat: int, when: datetime) -> None:
            self.seat, self.at = seat, when

    log = [Entry(0, at(1)), Entry(1, at(2)), Entry(1, at(3))]
    assert list(Standing(log)) == [(0, at(1)), (1, at(2)), (1, at(3))]
    assert list(Standing(log, drop_last=True)) == [(0, at(1)), (1, at(2))]
    more = Standing(log, (0, at(4)))
    assert (len(more), more[-1], more[0], more[3]) == (4, (0, at(4)), (0, at(1)), (0, at(4)))
    assert list(reversed(more)) == [(0, at(4)), (1, at(3)), (1, at(2)), (0, at(1))]
    assert more[1:3] == [(1, at(2)), (1, at(3))]
    with pytest.raises(IndexError):
        Standing(log, drop_last=True)[2]
    # a view gives the clocks what a list would
    control = TimeControl(REALTIME, minutes=5, increment=10)
    assert clock(control, T0, more, 1, [0, 1], 2, None) == clock(
        control, T0, list(more), 1, [0, 1], 2, None
    )
