"""Every game of the registry, at every player count: each action of the game's table has its
own text, which parses back to that very action whatever its case, and its number maps back
to it. Each game's own spellings and refusals are in that game's notation tests."""

from __future__ import annotations

import pytest

import ziggurat
from ziggurat.core.registry import game_class, game_names

CASES = [(name, n) for name in game_names() for n in game_class(name).player_counts]


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{n}-{p}p" for n, p in CASES])
def test_every_action_has_its_own_text_that_parses_back(name: str, players: int) -> None:
    game = ziggurat.load_game(name, players=players)
    table = game.actions.actions
    assert len({a.text for a in table}) == len(table) == game.num_distinct_actions
    for action in table:
        assert game.parse_action(None, action.text) is action
        assert game.parse_action(None, action.text.upper()) is action
        assert game.int_to_action(None, action.id) is action
        assert game.action_to_int(action) == action.id
