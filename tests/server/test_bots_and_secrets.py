"""Bots play in worker processes; payloads and logs never carry another seat's secrets."""

from __future__ import annotations

import json

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
