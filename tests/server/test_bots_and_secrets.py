"""Bots play in worker processes; payloads and logs never carry another seat's secrets."""

from __future__ import annotations

import json
import time

from .conftest import act, create, view, wait_for


def test_a_human_plays_a_whole_game_against_bots_and_sees_no_secrets(client) -> None:
    made = create(
        client,
        [
            {"kind": "human", "name": "Ann"},
            {"kind": "bot", "agent": "greedy"},
            {"kind": "bot", "agent": "random"},
        ],
    )
    table_id, token = made["table"]["id"], made["invites"][0]["token"]
    payloads = 0
    while True:
        payload = wait_for(
            client,
            table_id,
            lambda p: p["table"]["status"] == "finished" or p["table"]["current_player"] == 0,
        )
        mine = view(client, table_id, 0, token)
        check_secrets(mine, seat=0)
        check_secrets(payload, seat=None)
        payloads += 1
        if mine["table"]["status"] == "finished":
            break
        choice = mine["legal_actions"][0]["text"]
        response = act(client, table_id, 0, token, choice, mine["version"])
        assert response.status_code == 200, response.text
    assert payloads > 10
    assert mine["table"]["winners"]
    assert len(mine["log"]) == mine["version"]


def check_secrets(payload: dict, seat: int | None) -> None:
    view_ = payload["view"]
    for player in view_["players"]:
        assert ("stand" in player) == (player["seat"] == seat)
    for h in view_["board"]:
        if h.get("face_down"):
            assert (h["kind"] is not None) == (h["player"] == seat)
    for entry in payload["log"]:
        if entry.get("face_down") and entry["seat"] != seat:
            assert "token" not in entry and "id" not in entry
            assert entry["text"].startswith("?")
    text = json.dumps(payload)
    assert '"seed"' not in text and '"rng"' not in text and '"bag"' not in text
    assert '"start_state"' not in text  # a continued game's start holds every secret
    if not view_["over"]:  # nothing is revealed before the end
        assert payload.get("result") is None  # a replay carries none at all


def test_reads_racing_the_moves_never_change_a_table(database_url) -> None:
    """Spectators polling as fast as they can while a person plays bots that answer at once:
    a read takes no lock, so it must never change the table in memory (a read that applied
    a move while it was being stored would log it twice, and the table would then refuse
    every further move); the game goes on to its end with a log as long as its record."""
    import threading

    from .test_serve_command import call, start_server

    server, port = start_server("--database-url", database_url, "--bot-delay", "0")
    stop = threading.Event()
    readers: list[threading.Thread] = []
    try:
        seats = [{"kind": "human"}, {"kind": "bot", "agent": "greedy"}, {"kind": "bot"}]
        body = {"game": "babylonia", "options": {"players": 3, "start_player": 0}, "seats": seats}
        made = call(port, "POST", "/api/tables", body)
        table_id, token = made["table"]["id"], made["invites"][0]["token"]

        failed: list[BaseException] = []

        def poll() -> None:
            try:
                while not stop.is_set():
                    call(port, "GET", f"/api/tables/{table_id}")
                    call(port, "GET", f"/api/tables/{table_id}/view")
            except Exception as error:  # a read refused or failed: reported below
                failed.append(error)

        readers.extend(threading.Thread(target=poll, daemon=True) for _ in range(3))
        for reader in readers:
            reader.start()
        deadline = time.monotonic() + 120
        while True:
            mine = call(port, "GET", f"/api/tables/{table_id}/view?seat=0", token=token)
            assert len(mine["log"]) == mine["version"]
            if mine["table"]["status"] == "finished":
                break
            if mine["legal_actions"]:
                move = {"seat": 0, "action": mine["legal_actions"][0]["text"]}
                call(port, "POST", f"/api/tables/{table_id}/actions",
                     {**move, "version": mine["version"]}, token=token)  # fmt: skip
            assert time.monotonic() < deadline, f"the game stalled at {mine['version']}"
        record = call(port, "GET", f"/api/tables/{table_id}/record")
        assert len(record["actions"]) == mine["version"]
        stop.set()
        for reader in readers:  # every read answered while the server ran
            reader.join(timeout=30)
        assert failed == []
    finally:
        stop.set()
        for reader in readers:  # none still reading when the server goes
            reader.join(timeout=30)
        server.terminate()
        server.wait(timeout=30)
