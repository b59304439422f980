"""Scores the server shows while a game hides part of them: an Ishtar seat's tree cards lie
face down (rulings I18), so the table summary, the lobby list and the log as another seat
or a spectator sees them leave those points out until the end; the buyer sees them."""

from __future__ import annotations

from .conftest import act, view

PLAYERS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bo"}]


def _create(client) -> tuple[str, list[str]]:
    body = {"game": "ishtar", "options": {"players": 2}, "seats": PLAYERS}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    made = response.json()
    return made["table"]["id"], [i["token"] for i in made["invites"]]


def _play_until_a_purchase(client, table_id: str, tokens: list[str]) -> int:
    """Both seats play (buying whenever they can) until a tree card is bought; returns the
    buyer."""
    for _ in range(400):
        spectator = view(client, table_id)
        seat = spectator["table"]["current_player"]
        payload = view(client, table_id, seat, tokens[seat])
        legal = [a["text"] for a in payload["legal_actions"]]
        choice = next((t for t in legal if t.startswith("buy ")), None) or legal[0]
        response = act(client, table_id, seat, tokens[seat], choice, payload["version"])
        assert response.status_code == 200, response.text
        if choice.startswith("buy "):
            return seat
    raise AssertionError("nobody bought a tree card in 400 moves")


def test_face_down_tree_points_stay_out_of_other_eyes(client) -> None:
    table_id, tokens = _create(client)
    buyer = _play_until_a_purchase(client, table_id, tokens)
    other = 1 - buyer
    mine = view(client, table_id, buyer, tokens[buyer])
    theirs = view(client, table_id, other, tokens[other])
    public = view(client, table_id)
    score = mine["view"]["players"][buyer]["points"]
    assert score["trees"] == 0  # bought, its tree not planted yet: the card is not scored
    # plant the tree: now the card is in the buyer's face-down pile
    legal = [a["text"] for a in mine["legal_actions"]]
    assert legal and all(t.startswith("plant ") for t in legal)
    act(client, table_id, buyer, tokens[buyer], legal[0], mine["version"])
    mine = view(client, table_id, buyer, tokens[buyer])
    theirs = view(client, table_id, other, tokens[other])
    public = view(client, table_id)
    trees = mine["view"]["players"][buyer]["points"]["trees"]
    assert trees > 0
    full = mine["view"]["players"][buyer]["points"]["total"]
    assert mine["view"]["players"][buyer]["score"] == full
    assert theirs["view"]["players"][buyer]["score"] == full - trees
    assert mine["log"][-1]["scores"][buyer] == full
    assert theirs["log"][-1]["scores"][buyer] == full - trees
    assert public["log"][-1]["scores"][buyer] == full - trees
    assert public["table"]["scores"][buyer] == full - trees
    listed = client.get("/api/tables").json()["tables"]
    assert next(t for t in listed if t["id"] == table_id)["scores"][buyer] == full - trees
    assert theirs["view"]["players"][buyer]["points"]["trees"] is None
