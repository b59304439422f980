"""The shared conformance suite (ziggurat.testing) on Babylonia, for every player count and
every rules option."""

from __future__ import annotations

import pytest

import ziggurat
from ziggurat.testing import check_game

OPTION_SETS = [
    {},
    {"ziggurat_cards": "advanced"},
    {"first_round_limit": False, "tied_city_scores": True, "face_down_field_access": True},
]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", OPTION_SETS, ids=["standard", "advanced", "variants"])
def test_conformance(players: int, options: dict) -> None:
    game = ziggurat.load_game("babylonia", players=players, **options)
    report = check_game(game, games=3, seed=players * 100, deep_every=2)
    assert report.games == 3
    assert report.deep_checks > 50
    assert report.illegal_checked > 50


def test_conformance_checks_every_position_of_one_game() -> None:
    game = ziggurat.load_game("babylonia", players=4, ziggurat_cards="advanced")
    report = check_game(game, games=1, seed=11, deep_every=1)
    assert report.deep_checks == report.actions
