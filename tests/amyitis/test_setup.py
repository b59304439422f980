"""Setup by player count (rules reference §5, §3.1, §3.2, §10)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

import ziggurat
from ziggurat.core.errors import InvalidOptions
from ziggurat.games.amyitis.components import CRAFTS
from ziggurat.games.amyitis.game import AmyitisGame
from ziggurat.games.amyitis.phases import PHASE_ACTION

from .helpers import check_conservation, new_game, round_trip

DECKS = {
    2: {"peasant": 2, "priest": 2, "engineer": 2, "merchant": 2},
    3: {"peasant": 3, "priest": 3, "engineer": 3, "merchant": 3},
    4: {"peasant": 5, "priest": 4, "engineer": 5, "merchant": 4},
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_craft_deck_and_rows(players: int) -> None:
    game = new_game(players)
    assert len(game.craft_deck) == {2: 8, 3: 12, 4: 18}[players]
    assert Counter(CRAFTS[k] for k in game.craft_deck) == DECKS[players]
    assert game.craft_rows == players
    state = game.new_initial_state(5)
    assert len(state.row_cards) == 3 * players and not any(state.row_taken)
    assert Counter(state.row_cards) <= Counter(game.craft_deck)
    view = state.view(0)
    assert [r["row"] for r in view["craft_rows"]] == list(range(1, players + 1))
    assert all(r["cost"] == 0 and len(r["cards"]) == 3 for r in view["craft_rows"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_holdings_and_stocks(players: int) -> None:
    state = new_game(players).new_initial_state(11)
    assert state.talents == [3] * players
    assert state.camels == [0] * players and state.camel_stock == 14
    assert state.res == [0] * (5 * players) and state.res_stock == [7] * 5
    assert state.cubes == [30] * players and state.vp == [0] * players
    assert state.levels == [0] * (3 * players) and state.gardeners == [0] * players
    assert state.court_left == [players - 1] * 9 and state.gardeners_left == 4
    assert state.caravan == 0 and state.round == 1
    assert state.fields == [[], []] and state.temples == [[], [], []]
    assert state.occupied == 0 and state.passed == []
    assert state.phase == PHASE_ACTION and state.current == state.start
    check_conservation(state)
    round_trip(state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_garden_tiles_dealt_per_floor(players: int) -> None:
    game = new_game(players)
    data = game.data
    empty = {"G03", "G30", "G13", "G31"} if players == 2 else set()
    per_floor = {2: [5, 3, 3, 1], 3: [7, 5, 3, 1], 4: [7, 5, 3, 1]}[players]
    for seed in range(5):
        state = game.new_initial_state(seed)
        dealt = Counter()
        for sq, t in enumerate(state.square_tile):
            name = data.square_ids[sq]
            if name in empty:
                assert t == -1
                continue
            assert t >= 0 and data.tile_floor[t] == data.square_floor[sq]
            dealt[data.square_floor[sq]] += 1
        assert [dealt[f] for f in (1, 2, 3, 4)] == per_floor
        assert len({t for t in state.square_tile if t >= 0}) == sum(per_floor)
        box = state.view(None)["box"]
        assert len(box) == 20 - sum(per_floor)


def test_the_tile_list() -> None:
    data = new_game(3).data
    assert data.tile_ids == tuple(f"T{i:02d}" for i in range(1, 21))
    assert [data.tile_floor.count(f) for f in (1, 2, 3, 4)] == [8, 6, 4, 2]


def test_start_player_is_random_and_setup_is_reproducible() -> None:
    game = new_game(4)
    starts = {game.new_initial_state(seed).start for seed in range(30)}
    assert starts == {0, 1, 2, 3}
    assert game.new_initial_state(7).to_json() == game.new_initial_state(7).to_json()
    assert game.new_initial_state(7).to_json() != game.new_initial_state(8).to_json()


def test_options() -> None:
    assert ziggurat.load_game("amyitis").num_players == 2
    assert AmyitisGame.option_defaults == {"players": 2}
    assert AmyitisGame.option_help == {"players": "number of players: 2, 3 or 4"}
    # each refusal names the value that was wrong and what is allowed (the kernel's words)
    for bad, wrong, allowed in (
        ({"players": 1}, "players=1", "2, 3 or 4"),
        ({"players": 5}, "players=5", "2, 3 or 4"),
        ({"players": "3"}, "players='3'", "2, 3 or 4"),
        ({"players": True}, "players=True", "2, 3 or 4"),
        ({"colour": "red"}, "unknown Amyitis option 'colour'", "the options are: players"),
    ):
        with pytest.raises(InvalidOptions, match=f"^{re.escape(wrong)}.*{re.escape(allowed)}"):
            ziggurat.load_game("amyitis", **bad)
    with pytest.raises(InvalidOptions, match="seed must be an integer"):
        new_game(2).new_initial_state("1")  # type: ignore[arg-type]


def test_first_state_has_a_choice_to_make() -> None:
    for players in (2, 3, 4):
        for seed in range(10):
            state = new_game(players).new_initial_state(seed)
            assert len(state.legal_actions()) >= 2
            assert "pass" in {str(a) for a in state.legal_actions()}
            assert state.automatic == ()
