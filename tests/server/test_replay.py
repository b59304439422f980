"""Stepping through a game: ``GET /api/tables/{id}/replay?move=N&seat=S``.

A finished game shows any seat's or a spectator's view after any move, exactly the position
its record replays to; a running one shows its players only their own seat's views, up to
now, exactly what that seat saw then. Every refusal names the reason and changes nothing."""

from __future__ import annotations

from ziggurat.core.records import record_from_json, replay_states

from .conftest import TWO_HUMANS, act, auth, create, make_client, view, wait_for
from .test_bots_and_secrets import check_secrets
from .test_undo import land_placement, undo

FREE_START = {"start_player": 0, "first_round_limit": False}


def replay(client, table_id: str, move: int | None = None, seat: int | None = None, token=None):
    params = {k: v for k, v in (("move", move), ("seat", seat)) if v is not None}
    return client.get(
        f"/api/tables/{table_id}/replay", params=params, headers=auth(token) if token else {}
    )


def test_a_finished_game_replays_every_move_as_every_viewer(client) -> None:
    made = create(client, [{"kind": "bot", "agent": "greedy"}, {"kind": "bot", "agent": "random"}])
    table_id = made["table"]["id"]
    final = wait_for(client, table_id, lambda p: p["table"]["status"] == "finished")
    record = record_from_json(client.get(f"/api/tables/{table_id}/record").json())
    states = list(replay_states(record))
    moves = len(final["log"])
    assert len(states) == moves + 1
    last = replay(client, table_id).json()  # no move: the end
    assert (last["move"], last["moves"]) == (moves, moves)
    assert last["view"] == final["view"] and last["log"] == final["log"]
    # every move as a spectator, forwards and then a few backwards (a fresh replay)
    for number in [*range(moves + 1), moves // 2, 3, 0]:
        shown = replay(client, table_id, number).json()
        assert shown["move"] == number and shown["seat"] is None
        assert shown["view"] == states[number].view(None)
        assert shown["log"] == final["log"][:number]
    # any seat, once the game is over, without a token
    for seat in (0, 1):
        shown = replay(client, table_id, moves // 3, seat).json()
        assert shown["view"] == states[moves // 3].view(seat) and shown["seat"] == seat


def test_a_running_game_replays_only_its_own_seat_as_that_seat_saw_it(client) -> None:
    made = create(client, TWO_HUMANS, **FREE_START)
    table_id, tokens = made["table"]["id"], [i["token"] for i in made["invites"]]
    seen: list[dict] = [view(client, table_id, 0, tokens[0])]  # seat 0's payload per move
    for _ in range(8):
        current = view(client, table_id)["table"]["current_player"]
        mine = view(client, table_id, current, tokens[current])
        response = act(
            client,
            table_id,
            current,
            tokens[current],
            mine["legal_actions"][0]["text"],
            mine["version"],
        )
        assert response.status_code == 200, response.text
        seen.append(view(client, table_id, 0, tokens[0]))
    for number, payload in enumerate(seen):
        shown = replay(client, table_id, number, 0, tokens[0]).json()
        assert shown["view"] == payload["view"] and shown["log"] == payload["log"]
        check_secrets(shown, seat=0)
    assert replay(client, table_id, None, 0, tokens[0]).json()["move"] == 8

    cases = [
        (replay(client, table_id, 2), 403, "replay_hidden", "only by its players"),
        (replay(client, table_id, 2, 1), 401, "token_required", "seat 1 needs its token"),
        (replay(client, table_id, 2, 1, tokens[0]), 403, "wrong_token", "not seat 1's"),
        (replay(client, table_id, 9, 0, tokens[0]), 400, "bad_request", "move: 9 is past the last"),
        (replay(client, table_id, -1, 0, tokens[0]), 400, "bad_request", "move"),
        (replay(client, table_id, 2, 2, tokens[0]), 404, "no_such_seat", "(0..1)"),
        (replay(client, "nope", 2, 0, tokens[0]), 404, "no_such_table", "nope"),
        (
            client.get(f"/api/tables/{table_id}/replay", params={"move": "x"}),
            400,
            "bad_request",
            "move: Input should be a valid integer",
        ),
    ]
    for response, status, error, words in cases:
        body = response.json()
        assert (response.status_code, body["error"]) == (status, error), response.text
        assert words in body["message"], body["message"]
        assert "view" not in body
    assert view(client, table_id, 0, tokens[0]) == seen[-1]  # nothing changed


def test_replay_follows_a_take_back_and_a_restart(database_url) -> None:
    with make_client(database_url) as client:
        made = create(client, TWO_HUMANS, **FREE_START)
        table_id, tokens = made["table"]["id"], [i["token"] for i in made["invites"]]
        start = view(client, table_id, 0, tokens[0])
        move = land_placement(start)
        act(client, table_id, 0, tokens[0], move, 0)
        assert replay(client, table_id, 1, 0, tokens[0]).json()["moves"] == 1
        undo(client, table_id, 0, tokens[0], 1)
        shown = replay(client, table_id, None, 0, tokens[0]).json()
        assert (shown["move"], shown["moves"], shown["log"]) == (0, 0, [])
        assert shown["view"] == start["view"]
        past = replay(client, table_id, 1, 0, tokens[0])
        assert past.status_code == 400 and "past the last move (0 to 0)" in past.json()["message"]
        act(client, table_id, 0, tokens[0], move, 2)
        before = replay(client, table_id, 0, 0, tokens[0]).json()
    with make_client(database_url) as client:  # a new server process: rebuilt from the record
        assert replay(client, table_id, 0, 0, tokens[0]).json() == before
        assert replay(client, table_id, 1, 0, tokens[0]).json()["log"][0]["text"] == move
