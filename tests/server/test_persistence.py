"""Nothing is lost: restarts rebuild every table from its record; two server processes on one
database never both append the same action."""

from __future__ import annotations

from sqlalchemy import event

from .conftest import (
    TWO_HUMANS,
    a_legal_move,
    act,
    create,
    make_client,
    two_listening_servers,
    view,
)
from .test_websocket import receive_version


def play_some(client, table_id: str, tokens: list[str], moves: int) -> None:
    for _ in range(moves):
        payload = view(client, table_id)
        seat = payload["table"]["current_player"]
        mine = view(client, table_id, seat, tokens[seat])
        action = mine["legal_actions"][len(mine["legal_actions"]) // 2]["text"]
        response = act(client, table_id, seat, tokens[seat], action, mine["version"])
        assert response.status_code == 200, response.text


def test_a_restart_loses_nothing(database_url) -> None:
    with make_client(database_url) as client:
        made = create(client, TWO_HUMANS, start_player=0)
        table_id = made["table"]["id"]
        tokens = [i["token"] for i in made["invites"]]
        play_some(client, table_id, tokens, 25)
        before = [view(client, table_id, s, tokens[s]) for s in (0, 1)]
    with make_client(database_url) as client:  # a new server process on the same database
        after = [view(client, table_id, s, tokens[s]) for s in (0, 1)]
        assert after == before
        play_some(client, table_id, tokens, 5)
        assert view(client, table_id)["version"] == before[0]["version"] + 5


def test_two_servers_on_one_database_refuse_the_second_writer(database_url) -> None:
    with make_client(database_url) as first, make_client(database_url) as second:
        made = create(first, TWO_HUMANS, start_player=0)
        table_id = made["table"]["id"]
        tokens = [i["token"] for i in made["invites"]]
        assert view(second, table_id)["version"] == 0  # both have the table in memory
        move, other_move = (a_legal_move(first, table_id, 0, tokens[0], i) for i in (0, 1))
        assert act(first, table_id, 0, tokens[0], move, 0).status_code == 200
        response = act(second, table_id, 0, tokens[0], other_move, 0)
        assert (response.status_code, response.json()["error"]) == (409, "stale_version")
        assert response.json()["version"] == 1
        # the second server now serves the stored game, not its stale copy
        payload = view(second, table_id, 1, tokens[1])
        assert payload["version"] == 1 and payload["log"][0]["text"] == move
        assert (
            act(second, table_id, 1, tokens[1], payload["legal_actions"][0]["text"], 1).status_code
            == 200
        )
        assert view(first, table_id)["version"] == 2


def test_bots_resume_after_a_restart(database_url) -> None:
    with make_client(database_url, bot_delay=30.0) as client:  # bots wait: nobody moves
        made = create(
            client, [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "greedy"}]
        )
        table_id = made["table"]["id"]
        assert view(client, table_id)["version"] == 0
    with make_client(database_url) as client:
        from .conftest import wait_for

        final = wait_for(client, table_id, lambda p: p["table"]["status"] == "finished")
        assert final["view"]["over"] is True


def test_a_change_made_by_one_server_reaches_sockets_on_another(postgres_url) -> None:
    """Several server processes on PostgreSQL: LISTEN/NOTIFY carries every change."""
    with two_listening_servers(postgres_url) as (first, second, table_id, tokens):  # noqa: SIM117 - the socket needs the second server
        with second.websocket_connect(f"/ws/tables/{table_id}?seat=1&token={tokens[1]}") as ws:
            assert ws.receive_json()["version"] == 0
            move = a_legal_move(first, table_id, 0, tokens[0])
            assert act(first, table_id, 0, tokens[0], move, 0).status_code == 200
            pushed = receive_version(ws, 1)
            assert pushed["log"][0]["text"] == move
            assert pushed["legal_actions"]


def test_a_server_behind_applies_only_the_new_actions(database_url) -> None:
    """A process whose copy is behind takes the actions stored since (no replay of the
    whole game) and then serves exactly what a fresh process serves."""
    with make_client(database_url) as first, make_client(database_url) as second:
        made = create(first, TWO_HUMANS, start_player=0)
        table_id = made["table"]["id"]
        tokens = [i["token"] for i in made["invites"]]
        play_some(first, table_id, tokens, 6)
        assert view(second, table_id)["version"] == 6
        copy = second.app.state.service.tables[table_id]
        play_some(first, table_id, tokens, 9)
        caught_up = [view(second, table_id, s, tokens[s]) for s in (0, 1)]
        assert second.app.state.service.tables[table_id] is copy  # caught up, not rebuilt
        assert caught_up[0]["version"] == 15
    with make_client(database_url) as fresh:
        assert [view(fresh, table_id, s, tokens[s]) for s in (0, 1)] == caught_up


def test_a_move_notified_by_another_server_is_taken_from_the_note(postgres_url) -> None:
    """The notification carries the move: the following process applies it without asking
    the database, and pushes what a fresh process would serve."""
    with two_listening_servers(postgres_url) as (first, second, table_id, tokens):
        with second.websocket_connect(f"/ws/tables/{table_id}?seat=1&token={tokens[1]}") as ws:
            receive_version(ws, 0)
            play_some(first, table_id, tokens, 1)  # seat 0's claim and first move
            receive_version(ws, 1)
            queries: list[str] = []

            def record(_conn, _cursor, statement, *_rest) -> None:  # type: ignore[no-untyped-def]
                queries.append(statement)

            engine = second.app.state.service.engine
            event.listen(engine, "before_cursor_execute", record)
            for number in range(2, 6):
                play_some(first, table_id, tokens, 1)
                pushed = receive_version(ws, number)
            event.remove(engine, "before_cursor_execute", record)
        # the one look at the clocks a second makes is no query of the table's
        assert [q for q in queries if "tables.deadline <=" not in q] == []
    with make_client(postgres_url) as fresh:
        assert view(fresh, table_id, 1, tokens[1]) == pushed
