"""The option sets Babylonia declares for the registry-wide conformance run
(tests/test_registry_conformance.py), and what only this game checks beyond it."""

from __future__ import annotations

import ziggurat
from ziggurat.games.babylonia.game import BabyloniaGame
from ziggurat.testing import check_game

OPTION_SETS = BabyloniaGame.conformance_option_sets


def test_the_declared_option_sets_are_the_card_sets_and_every_variant() -> None:
    assert list(OPTION_SETS) == [
        {},
        {"ziggurat_cards": "advanced"},
        {"first_round_limit": False, "tied_city_scores": True, "face_down_field_access": True},
    ]
    games, deep_every = BabyloniaGame.conformance_depth
    assert (games, deep_every) == (3, 2)


def test_conformance_checks_every_position_of_one_game() -> None:
    game = ziggurat.load_game("babylonia", players=4, ziggurat_cards="advanced")
    report = check_game(game, games=1, seed=11, deep_every=1)
    assert report.deep_checks == report.actions
