"""The shared conformance suite (``ziggurat.testing``) over the registry: every game, at every
player count, with every option set the game declares for it (``conformance_option_sets``).

A fifth game is covered by adding it to the registry; nothing here names a game.
"""

from __future__ import annotations

import math

import pytest

import ziggurat
from ziggurat.core.registry import game_class, game_names
from ziggurat.testing import check_game


def _cases() -> list[tuple[str, dict]]:
    cases = []
    for name in game_names():
        cls = game_class(name)
        for option_set in cls.conformance_option_sets:
            counts = [option_set["players"]] if "players" in option_set else cls.player_counts
            for players in counts:
                cases.append((name, {**option_set, "players": players}))
    return cases


CASES = _cases()


@pytest.mark.parametrize(
    ("name", "options"),
    CASES,
    ids=[f"{n}-" + "-".join(f"{k}={v}" for k, v in o.items()) for n, o in CASES],
)
def test_conformance(name: str, options: dict) -> None:
    game = ziggurat.load_game(name, **options)
    games, deep_every = game.conformance_depth
    report = check_game(game, games=games, seed=options["players"] * 10, deep_every=deep_every)
    assert report.games == games
    # the expensive checks ran at every deep_every-th position of every game
    assert report.deep_checks == sum(math.ceil(n / deep_every) for n in report.lengths)
    assert report.deep_checks > 30
    assert report.illegal_checked >= report.deep_checks  # illegal actions were really tried


def test_every_game_declares_its_conformance_runs() -> None:
    for name in game_names():
        cls = game_class(name)
        assert cls.conformance_option_sets, name
        for option_set in cls.conformance_option_sets:
            ziggurat.load_game(name, **option_set)  # each set is a valid option set
