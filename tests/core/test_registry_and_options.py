import pytest

import ziggurat


def test_games_are_listed_in_the_products_order() -> None:
    # the lobby starts on the first: Babylonia, then the other Knizia game, then the rest
    assert ziggurat.game_names() == ["babylonia", "tower_of_babel", "ishtar", "amyitis"]


def test_unknown_game_names_the_games() -> None:
    with pytest.raises(ziggurat.InvalidOptions, match=r"unknown game 'chess'.*babylonia"):
        ziggurat.load_game("chess")


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 5}, "players=5: Babylonia is for 2, 3 or 4"),
        ({"players": True}, "players=True"),
        ({"players": 3.0}, "players=3.0"),
        ({"ziggurat_cards": "all"}, "ziggurat_cards='all'"),
        ({"first_round_limit": "yes"}, "first_round_limit='yes': must be true or false"),
        ({"start_player": 3}, "start_player=3: null or a seat number from 0 to 2"),
        ({"colour": "red"}, "unknown Babylonia option 'colour'"),
    ],
)
def test_bad_options_are_refused_with_the_reason(options: dict, message: str) -> None:
    with pytest.raises(ziggurat.InvalidOptions, match=message):
        ziggurat.load_game("babylonia", **options)


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
