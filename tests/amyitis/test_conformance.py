"""The shared conformance suite (ziggurat.testing) on Amyitis, for every player count."""

from __future__ import annotations

import pytest

import ziggurat
from ziggurat.testing import check_game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance(players: int) -> None:
    game = ziggurat.load_game("amyitis", players=players)
    report = check_game(game, games=2, seed=players * 10, deep_every=3)
    assert report.games == 2
    assert report.deep_checks > 100
    assert report.illegal_checked > 100
