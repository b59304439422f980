"""The option sets Ishtar declares for the registry-wide conformance run
(tests/test_registry_conformance.py), and what only this game checks beyond it."""

from __future__ import annotations

from typing import Any

from ziggurat.games.ishtar.game import IshtarGame

OPTION_SETS = IshtarGame.conformance_option_sets


def _name(options: dict[str, Any]) -> str:
    return "custom-layout" if "layout" in options else f"{options['players']}p"


def test_the_declared_option_sets_are_every_player_count_and_a_custom_layout() -> None:
    assert [_name(o) for o in OPTION_SETS] == ["2p", "3p", "4p", "custom-layout"]
    assert OPTION_SETS[-1] == {"players": 2, "layout": "X0 Y0 -3,7 1,10"}
