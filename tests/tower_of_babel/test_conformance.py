"""The shared conformance suite (ziggurat.testing) on Tower of Babel, for every player count
and every rules option."""

from __future__ import annotations

import pytest

import ziggurat
from ziggurat.testing import check_game

OPTION_SETS = [{}, {"two_type_discs": True}, {"action_cards": False}]


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("options", OPTION_SETS, ids=["base", "two-type-discs", "no-action-cards"])
def test_conformance(players: int, options: dict) -> None:
    game = ziggurat.load_game("tower_of_babel", players=players, **options)
    report = check_game(game, games=2, seed=players * 10, deep_every=3)
    assert report.games == 2
    assert report.deep_checks > 50
    assert report.illegal_checked > 50
