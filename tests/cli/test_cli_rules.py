"""``ziggurat rules GAME`` prints the players' rules summary the browser's panel shows."""

from __future__ import annotations

import pytest

from ziggurat.core.registry import game_class, game_names

from .conftest import RunCli


@pytest.mark.parametrize("name", game_names())
def test_ziggurat_rules_prints_the_title_and_every_section(run_cli: RunCli, name: str) -> None:
    run = run_cli("rules", name)
    assert run.code == 0, run.err
    assert run.out.startswith(game_class(name).title)
    for heading in ("Goal", "Components"):
        assert heading in run.out


def test_an_unknown_game_is_a_usage_error(run_cli: RunCli) -> None:
    run = run_cli("rules", "chess")
    assert run.code == 2
    assert "babylonia" in run.err
