"""The option sets Amyitis declares for the registry-wide conformance run
(tests/test_registry_conformance.py), and what only this game checks beyond it."""

from __future__ import annotations

from ziggurat.games.amyitis.game import AmyitisGame

OPTION_SETS = AmyitisGame.conformance_option_sets


def test_the_declared_option_sets_are_every_player_count() -> None:
    assert list(OPTION_SETS) == [{"players": 2}, {"players": 3}, {"players": 4}]
