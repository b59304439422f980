"""make_position: building positions directly, and its refusals (plus one JSON refusal)."""

import pytest

import ziggurat
from ziggurat.games.babylonia.board import BoardHex
from ziggurat.games.babylonia.game import BabyloniaGame
from ziggurat.games.babylonia.position import make_position


def test_make_position_accepts_a_small_test_board() -> None:
    game = BabyloniaGame.with_board(
        [
            BoardHex((0, 0), "land", "center", "slot"),
            BoardHex((2, 0), "land", "center", "empty"),
        ],
        players=2,
        start_player=0,
    )
    state = make_position(game, tiles={(0, 0): "P"})
    assert state.board.coords_of(state.cities) == [(0, 0)]


def test_state_from_json_refuses_a_second_tile_on_a_hex() -> None:
    game = ziggurat.load_game("babylonia", players=2)
    data = game.new_initial_state(seed=0).to_json()
    first = data["tiles"][0]
    data["tiles"].append({"hex": first["hex"], "tile": "MSP" if first["tile"] != "MSP" else "M"})
    with pytest.raises(ziggurat.CorruptState, match=r"tiles\[\d+\]\.hex: a second tile on hex"):
        game.state_from_json(data)


def test_make_position_refuses_a_tile_on_a_ziggurat() -> None:
    game = ziggurat.load_game("babylonia", players=2)
    with pytest.raises(ziggurat.InvalidOptions, match="a ziggurat stands there"):
        make_position(game, tiles={(3, 1): "M"})


def test_make_position_takes_an_empty_list_as_an_empty_stand() -> None:
    game = ziggurat.load_game("babylonia", players=2)
    state = make_position(game, stands={0: []})
    assert state.stand_counts(0) == [0, 0, 0, 0]
    assert sum(state.bag_counts(0)) == 30


def test_make_position_refuses_a_scored_ziggurat_where_there_is_none() -> None:
    game = ziggurat.load_game("babylonia", players=2)
    with pytest.raises(ziggurat.InvalidOptions, match="no ziggurat there"):
        make_position(game, scored_ziggurats=[(2, 0)])


def test_make_position_refuses_a_malformed_stand() -> None:
    game = ziggurat.load_game("babylonia", players=2)
    with pytest.raises(ziggurat.InvalidOptions, match="four counts"):
        make_position(game, stands={0: [1, 2]})
