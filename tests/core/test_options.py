"""Option declarations: validation with the reason and what is allowed, normalisation, size
limits, and the form the API lists them in (the lobby builds its form from it)."""

from __future__ import annotations

import pytest

from ziggurat.core.errors import InvalidOptions
from ziggurat.core.options import MAX_TEXT_OPTION, Option, players_option, validate_options

SPECS = (
    players_option((2, 3, 4), 3),
    Option("cards", str, "standard", "which cards are in play", choices=("standard", "advanced")),
    Option("limit", bool, True, "the first round is limited"),
    Option("start", int, None, "who starts", nullable=True, seat=True, null_label="at random"),
    Option("layout", str, "preset", "the boards", max_length=30),
)


def check(**given: object) -> dict:
    return validate_options("Test", SPECS, given)


def test_defaults_fill_in_and_keep_the_declared_order() -> None:
    assert check() == {
        "players": 3,
        "cards": "standard",
        "limit": True,
        "start": None,
        "layout": "preset",
    }
    assert list(check(layout="x", players=2)) == ["players", "cards", "limit", "start", "layout"]


def test_text_is_normalised_so_one_option_set_has_one_spelling() -> None:
    assert check(layout="  preset ")["layout"] == "preset"
    assert check(layout="preset ") == check()


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"players": 5}, "players=5: Test is for 2, 3 or 4"),
        ({"players": "4"}, "players='4': Test is for 2, 3 or 4"),
        ({"players": True}, "players=True: Test is for 2, 3 or 4"),
        ({"players": 3.0}, "players=3.0: Test is for 2, 3 or 4"),
        ({"cards": "all"}, "cards='all': use 'standard' or 'advanced'"),
        ({"limit": "yes"}, "limit='yes': must be true or false"),
        ({"limit": 1}, "limit=1: must be true or false"),
        ({"start": 3}, "start=3: null or a seat number from 0 to 2"),
        ({"start": -1, "players": 4}, "start=-1: null or a seat number from 0 to 3"),
        ({"start": "0"}, "start='0': null or a seat number"),
        ({"layout": 7}, "layout=7: use a text of at most 30 characters"),
        ({"layout": "x" * 31}, "layout is 31 characters long; at most 30"),
        ({"colour": "red"}, "unknown Test option 'colour'; the options are: players, cards"),
    ],
)
def test_a_bad_option_is_refused_naming_what_is_allowed(given: dict, message: str) -> None:
    with pytest.raises(InvalidOptions) as refused:
        check(**given)
    assert message in str(refused.value)


def test_a_refusal_quotes_only_a_short_prefix_of_the_input() -> None:
    huge = "y" * 1_000_000
    with pytest.raises(InvalidOptions) as refused:
        check(cards=huge)
    assert len(str(refused.value)) < 200
    with pytest.raises(InvalidOptions) as refused:
        validate_options("Test", SPECS, {huge: 1})
    assert len(str(refused.value)) < 300


def test_text_options_have_a_limit_by_default() -> None:
    spec = Option("name", str, "", "a name")
    assert spec.max_length == MAX_TEXT_OPTION
    with pytest.raises(InvalidOptions, match="at most"):
        validate_options("Test", (players_option((2,), 2), spec), {"name": "z" * 5000})


def test_the_api_form_of_each_kind() -> None:
    players, cards, limit, start, layout = (s.as_json((2, 3, 4)) for s in SPECS)
    assert players == {
        "type": "int",
        "default": 3,
        "label": "Players",
        "help": "number of players: 2, 3 or 4",
        "nullable": False,
        "choices": [2, 3, 4],
    }
    assert cards["choices"] == ["standard", "advanced"] and cards["type"] == "text"
    assert limit == {
        "type": "bool",
        "default": True,
        "label": "Limit",
        "help": "the first round is limited",
        "nullable": False,
    }
    assert start["seat"] is True and start["range"] == [0, 3]
    assert start["nullable"] is True and start["null_label"] == "at random"
    assert layout["max_length"] == 30
