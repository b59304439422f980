"""The registry's games and their order, the errors' kinds, and Babylonia's defaults recorded
in full. How every game validates its options is in test_every_game_files_and_options.py."""

import pytest

import ziggurat


def test_games_are_listed_in_the_products_order() -> None:
    # the lobby starts on the first: Babylonia, then the other Knizia game, then the rest
    assert ziggurat.game_names() == ["babylonia", "tower_of_babel", "ishtar", "amyitis"]


def test_unknown_game_names_the_games() -> None:
    with pytest.raises(ziggurat.InvalidOptions, match=r"unknown game 'chess'.*babylonia"):
        ziggurat.load_game("chess")


def test_errors_are_value_errors() -> None:
    for error in (
        ziggurat.IllegalAction,
        ziggurat.InvalidOptions,
        ziggurat.DataFileError,
        ziggurat.CorruptState,
        ziggurat.RecordError,
    ):
        assert issubclass(error, ValueError)


def test_options_are_recorded_in_full() -> None:
    game = ziggurat.load_game("babylonia", players=2)
    assert game.options == {
        "players": 2,
        "ziggurat_cards": "standard",
        "first_round_limit": True,
        "start_player": None,
        "tied_city_scores": False,
        "face_down_field_access": False,
    }
