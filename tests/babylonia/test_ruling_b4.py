"""Ruling B4's exception (docs/rulings.md): a card-5 noble placed early gives a later farmer
of the same turn the face-up adjacency a crop field needs.

We read card 5 as a set (rules §12 #13): three or more farmers on land plus one face-up noble,
placed in any order. BGA (``Model.php checkPlay``) checks the order instead. From the third
token on, a farmer may follow only farmers on land, and the card-5 noble may come only after
at least three of them, so on BGA the noble is always the last token. In every other case
the order rule only changes the order of the clicks. Here it does more: if the noble is the
only face-up token of the player next to a field, the farmer that takes the field has to come
after the noble, and BGA refuses every such order. The field cannot be taken that turn.

The position (2 players, printed board): a 7 field at (14,2), its land neighbours (12,2)
(13,1) (13,3) (15,3) all free; seat 0 holds card 5 and the stand M F F F. The noble goes on
(13,3), the other two farmers on (1,7) and (10,6). None of (13,3), (14,2), (1,7), (10,6)
touches a ziggurat, so the turn scores only the field's 7.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

import ziggurat
from ziggurat.games.babylonia.game import BabyloniaGame
from ziggurat.games.babylonia.position import make_position
from ziggurat.games.babylonia.state import BabyloniaState

Coord = tuple[int, int]

FIELD = (14, 2)
NOBLE = (13, 3)  # next to the field
ELSEWHERE = ((1, 7), (10, 6))  # the other two farmers: far from the field and every ziggurat
# Two cities far away, so that no turn here ends the game (fewer than 2 cities left).
TILES = {FIELD: "7", (19, 5): "SP", (22, 8): "MP"}
NO_NEIGHBOUR = (
    "F14,2: a farmer takes the crop field (field 7) only next to a face-up token of yours"
)


def new_game() -> BabyloniaGame:
    return ziggurat.load_game("babylonia", players=2, start_player=0)  # type: ignore[return-value]


def start(game: BabyloniaGame, stand: str = "MFFF", **kwargs: Any) -> BabyloniaState:
    kwargs.setdefault("card_owners", {5: 0})
    return make_position(game, tiles=TILES, stands={0: stand}, **kwargs)


def play(state: BabyloniaState, *texts: str) -> None:
    for text in texts:
        state.apply_action(state.game.parse_action(state, text))


def legal(state: BabyloniaState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def reason(state: BabyloniaState, text: str) -> str | None:
    """Why seat 0 may not play ``text`` (``None``: legal); checks that seat 0 is still placing
    and that legal_actions agrees."""
    assert state.current_player == 0 and state.view(None)["phase"] == "place", text
    act = state.game.parse_action(state, text)
    why = state.why_illegal(act)
    assert (act in state.legal_actions()) == (why is None), text
    return why


def free(game: BabyloniaGame, terrain: str, occupied: Iterable[Coord]) -> set[Coord]:
    """Free hexes of a terrain, from the data file (2 players: the south is out of play)."""
    taken = set(TILES) | set(occupied)
    return {
        (h.row, h.col)
        for h in game.data.board.hexes
        if h.terrain == terrain
        and h.landmass != "south"
        and h.setup != "ziggurat"
        and (h.row, h.col) not in taken
    }


def farmers_on(hexes: Iterable[Coord]) -> set[str]:
    return {f"F{r},{c}" for r, c in hexes}


def seat_tokens(state: BabyloniaState, seat: int) -> dict[Coord, str]:
    return {
        (h["hex"][0], h["hex"][1]): h["kind"]
        for h in state.view(None)["board"]
        if h["content"] == "token" and h["player"] == seat
    }


def test_b4_noble_first_gives_the_later_farmer_the_field() -> None:
    game = new_game()
    state = start(game)
    assert reason(state, "F14,2") == NO_NEIGHBOUR  # no face-up token of seat 0 next to it yet

    play(state, "M13,3")
    # Second token: a farmer anywhere on free land or in the river (a two-token turn is
    # still possible), and now on the field too.
    down = [NOBLE]
    assert legal(state) == (
        farmers_on(free(game, "land", down)) | farmers_on(free(game, "river", down)) | {"F14,2"}
    )
    assert reason(state, "F14,2") is None

    play(state, "F14,2")
    assert state.scores() == [7, 0]  # the field's value; nothing touches a ziggurat
    # Third token: BGA stops here ("can't place extra farmers unless all previous moves were
    # farmers onto land"); card 5 read as a set lets farmers follow, on land only, or the
    # two-token turn may end.
    down = [NOBLE, FIELD]
    assert legal(state) == farmers_on(free(game, "land", down)) | {"end"}

    play(state, "F1,7")
    # noble + two farmers is no whole turn: the third farmer must follow, on land
    down = [NOBLE, FIELD, (1, 7)]
    assert legal(state) == farmers_on(free(game, "land", down))

    play(state, "F10,6")  # the stand is empty: the turn ends by itself
    assert state.current_player == 1
    assert state.scores() == [7, 0]
    assert seat_tokens(state, 0) == {
        NOBLE: "merchant",
        FIELD: "farmer",
        (1, 7): "farmer",
        (10, 6): "farmer",
    }
    assert not state.fields  # the only field was taken


# Every order of {M13,3, F14,2, F1,7, F10,6} in which the noble comes before the field farmer
# (the field farmer cannot come first: it would have no neighbour). BGA refuses the third token
# of each: a farmer that follows the noble, or the noble itself as the third token (it needs
# three farmers before it).
ORDERS = {
    "noble 1st, field 2nd": ["M13,3", "F14,2", "F1,7", "F10,6"],
    "noble 1st, field 3rd": ["M13,3", "F1,7", "F14,2", "F10,6"],
    "noble 1st, field 4th": ["M13,3", "F1,7", "F10,6", "F14,2"],
    "noble 2nd, field 3rd": ["F1,7", "M13,3", "F14,2", "F10,6"],
    "noble 2nd, field 4th": ["F1,7", "M13,3", "F10,6", "F14,2"],
    "noble 3rd, field 4th": ["F1,7", "F10,6", "M13,3", "F14,2"],
}


@pytest.mark.parametrize("order", list(ORDERS.values()), ids=list(ORDERS))
def test_b4_every_order_with_the_noble_before_the_field_farmer_is_legal(order: list[str]) -> None:
    game = new_game()
    state = start(game)
    for text in order:
        assert reason(state, text) is None, text
        play(state, text)
        assert state.scores() == [7 if "F14,2" in order[: order.index(text) + 1] else 0, 0]
    assert state.current_player == 1  # the stand ran empty: a whole B+ turn
    assert seat_tokens(state, 0) == {
        NOBLE: "merchant",
        FIELD: "farmer",
        (1, 7): "farmer",
        (10, 6): "farmer",
    }


def test_b4_farmers_first_cannot_take_the_field_until_the_noble_is_down() -> None:
    # BGA's order: three farmers, then the noble, which closes the turn on BGA. Before the
    # noble the field is refused at every step; after it, the set reading lets a fourth
    # farmer take the field.
    game = new_game()
    state = start(game, "MFFFF")
    down: list[Coord] = []
    for where in [(1, 7), (10, 6), (3, 7)]:
        assert reason(state, "F14,2") == NO_NEIGHBOUR
        assert "F14,2" not in legal(state)
        play(state, "F{},{}".format(*where))
        down.append(where)
    assert reason(state, "F14,2") == NO_NEIGHBOUR
    play(state, "M13,3")
    down.append(NOBLE)
    assert legal(state) == farmers_on(free(game, "land", down)) | {"F14,2", "end"}
    play(state, "F14,2")
    assert state.scores() == [7, 0]
    assert state.current_player == 1


def test_b4_without_the_noble_next_to_it_the_farmer_is_refused() -> None:
    # The same turn with the noble somewhere else: no face-up token of seat 0 touches the
    # field, so the farmer is refused with the reason, whatever came before.
    game = new_game()
    state = start(game)
    play(state, "M1,7")
    assert reason(state, "F14,2") == NO_NEIGHBOUR
    with pytest.raises(ziggurat.IllegalAction) as caught:
        play(state, "F14,2")
    assert str(caught.value) == NO_NEIGHBOUR
    assert "F14,2" not in legal(state)
    play(state, "F10,6", "F3,7")
    assert reason(state, "F14,2") == NO_NEIGHBOUR
    assert state.scores() == [0, 0]


def test_b4_without_card_5_the_noble_and_field_farmer_are_a_two_token_turn() -> None:
    # Noble, then the field farmer next to it: a two-token turn, legal on BGA too (vector
    # model.legal.map6_field_noble_neighbour). Without card 5 nothing may follow, so the turn
    # ends by itself after the second token; the card is what lets the farmers go on.
    game = new_game()
    state = start(game, card_owners={})
    play(state, "M13,3")
    assert reason(state, "F14,2") is None
    play(state, "F14,2")
    assert state.scores() == [7, 0]
    assert state.current_player == 1
    assert seat_tokens(state, 0) == {NOBLE: "merchant", FIELD: "farmer"}
