"""``GET /api/games/{name}/rules``: a game's rules summary as HTML for the rules panel."""

from __future__ import annotations

from ziggurat.core.registry import game_names
from ziggurat.server.app import rules_html

from .conftest import make_client


def test_every_games_rules_come_as_html_and_an_unknown_game_is_refused(tmp_path) -> None:
    with make_client(f"sqlite:///{tmp_path / 'z.sqlite3'}") as client:
        for name in game_names():
            response = client.get(f"/api/games/{name}/rules")
            assert response.status_code == 200, response.text
            body = response.json()
            assert (body["game"], body["html"]) == (name, rules_html(name))
            assert body["html"].count("<h2>") >= 5
            assert "<table>" in body["html"]  # the scoring tables are tables
            assert "<script" not in body["html"]
        refused = client.get("/api/games/chess/rules")
        assert refused.status_code == 404
        assert refused.json()["error"] == "no_such_game"
        assert "babylonia" in refused.json()["message"]
