"""The shared conformance suite (ziggurat.testing) on Ishtar, for every player count and a
custom layout."""

from __future__ import annotations

import pytest

import ziggurat
from ziggurat.testing import check_game


@pytest.mark.parametrize(
    "options",
    [{"players": 2}, {"players": 3}, {"players": 4}, {"players": 2, "layout": "X0 Y0 -3,7 1,10"}],
    ids=["2p", "3p", "4p", "custom-layout"],
)
def test_conformance(options: dict) -> None:
    game = ziggurat.load_game("ishtar", **options)
    report = check_game(game, games=2, seed=options["players"] * 10, deep_every=3)
    assert report.games == 2
    assert report.deep_checks > 30
    assert report.illegal_checked > 30
