"""What a Babylonia move caused, as the engine records it (games/babylonia/events.py): the
raw events of worked positions on the printed board, exactly, and their words.

The positions are those of test_worked_examples.py (the same hexes, tokens and cards), so
the points in the events are the points those tests work out by hand.
"""

from __future__ import annotations

from typing import Any

import ziggurat
from ziggurat.games.babylonia.game import BabyloniaGame
from ziggurat.games.babylonia.position import make_position
from ziggurat.games.babylonia.state import BabyloniaState

Coord = tuple[int, int]
SPARE_CITIES = {(19, 5): "SP", (22, 8): "MP"}  # far from every example: the game goes on


def new_game() -> BabyloniaGame:
    return ziggurat.load_game("babylonia", players=2, start_player=0)  # type: ignore[return-value]


def position(game: BabyloniaGame, tiles: dict[Coord, str], **kwargs: Any) -> BabyloniaState:
    spare = {} if kwargs.pop("spare", True) is False else SPARE_CITIES
    return make_position(game, tiles={**spare, **tiles}, **kwargs)


def play(state: BabyloniaState, *texts: str) -> None:
    for text in texts:
        state.apply_action(state.game.parse_action(state, text))


def texts(state: BabyloniaState, seat: int | None = None) -> list[str]:
    return [e["text"] for e in state.view(seat)["events"]]


def bit(game: BabyloniaGame, where: Coord) -> int:
    return game.board.bit(where)


def test_a_crop_field_taken_names_the_field_and_its_points() -> None:
    game = new_game()
    tiles = {(9, 1): "5", (12, 0): "6", (6, 0): "cities"}
    state = position(
        game,
        tiles,
        tokens=[((10, 0), 0, "priest"), ((8, 0), 0, "farmer")],
        stands={0: "FFFF"},
        cities_won=[3, 2],
    )
    play(state, "F9,1")
    assert state.events == (("field_taken", 0, bit(game, (9, 1)), 15, 5),)
    assert texts(state) == ["seat 0 takes the 5 field at 9,1: +5"]
    (event,) = state.view(1)["events"]
    assert event == {
        "type": "field_taken",
        "seat": 0,
        "hex": [9, 1],
        "points": [5, 0],
        "parts": [{"seat": 0}, " takes the 5 field at 9,1: +5"],
        "text": "seat 0 takes the 5 field at 9,1: +5",
    }
    play(state, "F6,0")  # the field with the city symbol: 3 + 2 cities won
    assert texts(state) == ["seat 0 takes the cities field at 6,0: +5"]


def test_a_city_scored_names_the_city_its_taker_and_every_seats_points() -> None:
    # card 7 (seat 0, 2 cities): seat 0 takes the M city (6,0): 3 + 3 // 2 = 4; seat 1: 1
    game = new_game()
    tokens = [
        ((4, 0), 0, "farmer"),
        ((5, 1), 0, "farmer"),
        ((8, 0), 1, "farmer"),
    ]
    state = position(game, {(6, 0): "M"}, tokens=tokens, card_owners={7: 0}, cities_won=[2, 1])
    play(state, "F7,1", "F10,6")
    assert state.events == ()
    play(state, "end")
    assert state.events == (("city_scored", bit(game, (6, 0)), 1, 0, (4, 1)),)
    assert texts(state, None) == ["city M at 6,0 scored: seat 0 takes it; seat 0 +4, seat 1 +1"]
    (event,) = state.view(0)["events"]
    assert (event["hex"], event["winner"], event["points"]) == ([6, 0], 0, [4, 1])
    names = ["Ann", "Bob"]
    worded = game.event_view(state.events[0], None, names)
    assert worded is not None
    assert worded["text"] == "city M at 6,0 scored: Ann takes it; Ann +4, Bob +1"


def test_a_tied_city_is_scored_by_nobody() -> None:
    game = new_game()
    tokens = [((4, 0), 0, "farmer"), ((5, 1), 0, "farmer"), ((8, 0), 1, "farmer")]
    tokens += [((7, 1), 1, "farmer")]
    state = position(game, {(6, 0): "M"}, tokens=tokens)
    play(state, "F1,7", "F10,6", "end")
    (event,) = [e for e in state.view(None)["events"] if e["type"] == "city_scored"]
    assert event["winner"] is None
    assert event["text"] == "city M at 6,0 scored: a tie, nobody takes it; nobody scores"


def surround_north_ziggurat(game: BabyloniaGame, winner: int, **kwargs: Any) -> BabyloniaState:
    """Seat 0's farmer on (5,1) will close the ring around the ziggurat (3,1), which
    ``winner`` then holds 3 to 1 (test_worked_examples.py)."""
    tokens = [((1, 1), winner, "farmer"), ((2, 0), winner, "farmer"), ((4, 0), 1, "farmer")]
    return position(game, {}, tokens=tokens, **kwargs)


def test_a_ziggurat_won_and_the_card_its_winner_takes() -> None:
    game = new_game()
    state = surround_north_ziggurat(game, winner=0)
    play(state, "F5,1")
    assert state.events == (("ziggurat_points", 0, 1),)
    assert texts(state) == ["seat 0's tokens touch 1 ziggurat: +1"]
    play(state, "F1,7", "end")
    assert state.events == (("ziggurat_scored", bit(game, (3, 1)), 0),)
    assert texts(state) == [
        "ziggurat at 3,1 surrounded: seat 0 wins it and chooses a ziggurat card"
    ]
    play(state, "card 1")
    assert state.events == (("card_taken", 0, 1, 10),)
    assert texts(state, 1) == ["seat 0 takes ziggurat card 1 (Ten points): +10"]
    assert state.view(1)["events"][0]["points"] == [10, 0]


def test_a_tied_ziggurat_gives_no_card() -> None:
    game = new_game()
    tokens = [((1, 1), 0, "farmer"), ((2, 0), 1, "farmer"), ((4, 0), 1, "farmer")]
    state = position(game, {}, tokens=tokens)
    play(state, "F5,1", "F1,7", "end")
    assert state.events == (("ziggurat_scored", bit(game, (3, 1)), -1),)
    assert texts(state) == ["ziggurat at 3,1 surrounded: a tie, no card"]


def test_card_2_offers_the_extra_turn_after_its_owners_turn() -> None:
    game = new_game()
    state = surround_north_ziggurat(game, winner=0)
    play(state, "F5,1", "F1,7", "end", "card 2")
    assert state.events == (("card_taken", 0, 2, 0), ("extra_turn", 0))
    assert texts(state) == [
        "seat 0 takes ziggurat card 2 (Extra turn)",
        "seat 0 may take an extra turn (ziggurat card 2)",
    ]
    play(state, "no-extra")
    assert state.events == ()


def test_the_end_names_why_and_the_winners() -> None:
    # the only other city is (19,5): seat 0 takes (6,0), one city is left, the game ends
    game = new_game()
    state = position(
        game,
        {(6, 0): "M", (19, 5): "S"},
        spare=False,
        tokens=[((4, 0), 0, "farmer"), ((8, 0), 0, "farmer"), ((7, 1), 1, "farmer")],
    )
    play(state, "F1,7", "F5,1", "end")
    assert state.is_terminal()
    assert state.events[-1] == ("game_over", 0, "cities", (0,))
    assert texts(state)[-1] == (
        "the game is over: fewer than two cities are left on the board; seat 0 wins"
    )
    assert state.view(None)["events"][-1]["winners"] == [0]


def test_events_hold_nothing_a_seat_may_not_see() -> None:
    """A face-down river token scores no event of its own (its kind stays hidden), and every
    event reads the same to every seat and to a spectator."""
    game = new_game()
    state = surround_north_ziggurat(game, winner=0, stands={0: "MFFFF"})
    play(state, "M2,2")  # the river next to the ziggurat (3,1): face down
    assert state.events == (("ziggurat_points", 0, 1),)
    assert "merchant" not in str(state.events)
    views = [state.view(seat)["events"] for seat in (0, 1, None)]
    assert views[0] == views[1] == views[2]
