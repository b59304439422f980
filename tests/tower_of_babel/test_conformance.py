"""The option sets Tower of Babel declares for the registry-wide conformance run
(tests/test_registry_conformance.py), and what only this game checks beyond it."""

from __future__ import annotations

from ziggurat.games.tower_of_babel.game import TowerOfBabelGame

OPTION_SETS = TowerOfBabelGame.conformance_option_sets
IDS = ["base", "two-type-discs", "no-action-cards"]


def test_the_declared_option_sets_are_the_base_game_and_each_rules_option() -> None:
    assert list(OPTION_SETS) == [{}, {"two_type_discs": True}, {"action_cards": False}]
