"""Worked examples of the Babylonia rules (rules/babylonia.md) on the printed board.

Every position is built with ``make_position`` on ``load_game("babylonia", ...)`` with explicit
tiles and tokens, and played through ``legal_actions`` / ``apply_action`` with the action texts
a player types ("M7,3", "end", "score 12,4", "card 3", "extra", "no-extra"). Expected values
are worked out by hand in the comments.

Hexes used again and again (2 players, the printed board; "n" north, "c" center):

* ziggurat (3,1): land neighbours (1,1) (2,0) (4,0) (5,1), river neighbours (2,2) (4,2);
* slot (6,0): neighbours (4,0) (5,1) (7,1) (8,0), all north land; (5,1) also touches (3,1);
* slot (14,2): land neighbours (12,2) (13,1) (13,3) (15,3), river (15,1) (16,2);
* (1,7) and (10,6): center land touching no ziggurat and no tile of these examples, handy
  for a turn's second token ((10,8) touches the ziggurat (12,8): used only where scores are
  not checked).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest

import ziggurat
from ziggurat.games.babylonia import scoring
from ziggurat.games.babylonia.game import BabyloniaGame
from ziggurat.games.babylonia.pieces import CITY_NAMES, FIELD_NAMES
from ziggurat.games.babylonia.position import make_position
from ziggurat.games.babylonia.state import BabyloniaState

Coord = tuple[int, int]

# Two cities far from every example below, so that no example ends the game by accident
# (the game ends when fewer than 2 cities are left on the board after a turn).
SPARE_CITIES = {(19, 5): "SP", (22, 8): "MP"}
ZIG_NORTH = (3, 1)


def new_game(players: int = 2, **options: Any) -> BabyloniaGame:
    options.setdefault("start_player", 0)
    return ziggurat.load_game("babylonia", players=players, **options)  # type: ignore[return-value]


def position(
    game: BabyloniaGame,
    tiles: dict[Coord, str] | None = None,
    *,
    spare: bool = True,
    **kwargs: Any,
) -> BabyloniaState:
    layout = {**(SPARE_CITIES if spare else {}), **(tiles or {})}
    return make_position(game, tiles=layout, **kwargs)


def play(state: BabyloniaState, *texts: str) -> None:
    for text in texts:
        state.apply_action(state.game.parse_action(state, text))


def play_turn(state: BabyloniaState, *hexes: Coord) -> None:
    """A two-token turn with whatever the stand holds (nobles first), ended if need be."""
    seat = state.turn_player
    for row, col in hexes:
        stand = state.stand_counts(seat)
        letter = next(letter for letter, n in zip("MSPF", stand, strict=True) if n)
        play(state, f"{letter}{row},{col}")
    if state.turn_player == seat and state.view(None)["phase"] == "place":
        play(state, "end")


def legal(state: BabyloniaState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def refused(state: BabyloniaState, text: str) -> str:
    """The reason ``text`` is illegal; checks legal_actions and why_illegal agree."""
    act = state.game.parse_action(state, text)
    reason = state.why_illegal(act)
    assert reason is not None, f"{text} is legal"
    assert act not in state.legal_actions()
    return reason


def allowed(state: BabyloniaState, text: str) -> bool:
    act = state.game.parse_action(state, text)
    listed = act in state.legal_actions()
    assert listed == (state.why_illegal(act) is None), text
    return listed


def hex_entry(state: BabyloniaState, where: Coord, seat: int | None = None) -> dict[str, Any]:
    return next(h for h in state.view(seat)["board"] if tuple(h["hex"]) == where)


def card_entry(state: BabyloniaState, number: int) -> dict[str, Any]:
    return next(c for c in state.view(None)["cards"] if c["number"] == number)


def free_land(game: BabyloniaGame, tiles: Iterable[Coord], occupied: Iterable[Coord]) -> set[Coord]:
    """Free land hexes worked out from the data file: land, no ziggurat, no tile, no token."""
    taken = set(tiles) | set(occupied)
    removed = {2: "south", 3: "north", 4: None}[game.num_players]
    return {
        (h.row, h.col)
        for h in game.data.board.hexes
        if h.terrain == "land"
        and h.landmass != removed
        and h.setup != "ziggurat"
        and (h.row, h.col) not in taken
    }


def places(letter: str, hexes: Iterable[Coord]) -> set[str]:
    return {f"{letter}{r},{c}" for r, c in hexes}


# =========================================================================== setup

SETUP = {
    # players: hexes, land, tiles, ziggurats, removed landmass
    2: (113, 82, 18, [(3, 1), (12, 8), (18, 2)], "south"),
    3: (149, 118, 26, [(5, 11), (12, 8), (18, 2), (18, 14)], "north"),
    4: (175, 144, 32, [(3, 1), (5, 11), (12, 8), (18, 2), (18, 14)], None),
}
CITY_MIX = {
    2: {"M": 2, "S": 2, "P": 2, "MS": 2, "MP": 2, "SP": 2},
    3: {"M": 2, "S": 2, "P": 2, "MS": 3, "MP": 3, "SP": 3, "MSP": 1},
    4: {"M": 3, "S": 3, "P": 3, "MS": 3, "MP": 3, "SP": 3, "MSP": 1},
}
FIELD_MIX = {
    2: {"5": 1, "6": 1, "7": 1, "cities": 3},
    3: {"5": 2, "6": 2, "7": 2, "cities": 4},
    4: {"5": 2, "6": 2, "7": 2, "cities": 7},
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_for_each_player_count(players: int) -> None:
    hexes, land, tiles, ziggurats, removed = SETUP[players]
    game = new_game(players)
    board = game.board
    assert len(board.hexes) == hexes
    assert board.land_mask.bit_count() == land
    assert board.river_mask.bit_count() == 31
    assert board.coords_of(board.ziggurat_mask) == ziggurats
    landmasses = Counter(h.landmass for h in board.hexes.values() if h.terrain == "land")
    assert removed not in landmasses
    assert sum(landmasses.values()) == land
    for seed in (0, 1, 2):
        state = game.new_initial_state(seed=seed)
        view = state.view(None)
        assert len(view["board"]) == hexes
        assert sorted(state.tile_at) == sorted(board.slot_bits)
        assert len(state.tile_at) == tiles
        cities = Counter(CITY_NAMES[t] for t in state.tile_at.values() if t < 10)
        fields = Counter(FIELD_NAMES[t] for t in state.tile_at.values() if t >= 10)
        assert cities == Counter(CITY_MIX[players])
        assert fields == Counter(FIELD_MIX[players])
        assert view["cities_on_board"] == sum(CITY_MIX[players].values())
        assert [h["hex"] for h in view["board"] if h["content"] == "ziggurat"] == [
            list(z) for z in ziggurats
        ]
        for seat in range(players):
            assert sum(state.stand_counts(seat)) == 5
            assert sum(state.bag_counts(seat)) == 25
        assert [c for c in range(1, 10) if state.card_available(c)] == [1, 2, 3, 4, 5, 6, 7]
        assert [c["number"] for c in view["cards"]] == [1, 2, 3, 4, 5, 6, 7]
        assert state.scores() == [0] * players
        assert state.requiring_scoring() == 0


def test_the_deal_depends_on_the_seed() -> None:
    game = new_game(3)
    layouts = {tuple(sorted(game.new_initial_state(seed=s).tile_at.items())) for s in range(6)}
    assert len(layouts) == 6
    again = game.new_initial_state(seed=4).to_json()
    assert game.new_initial_state(seed=4).to_json() == again


def test_advanced_cards_put_seven_of_nine_in_play() -> None:
    game = new_game(3, ziggurat_cards="advanced")
    removed_pairs = set()
    for seed in range(40):
        state = game.new_initial_state(seed=seed)
        in_play = [c for c in range(1, 10) if state.card_available(c)]
        assert len(in_play) == 7
        assert [c["number"] for c in state.view(None)["cards"]] == in_play
        removed_pairs.add(frozenset(set(range(1, 10)) - set(in_play)))
    assert len(removed_pairs) >= 10
    assert any(min(pair) <= 7 for pair in removed_pairs)  # cards of 1-7 may be removed too


def test_start_player_is_drawn_from_the_seed_unless_chosen() -> None:
    drawn = ziggurat.load_game("babylonia", players=3)
    starts = [drawn.new_initial_state(seed=s).current_player for s in range(30)]
    assert set(starts) == {0, 1, 2}
    assert starts == [drawn.new_initial_state(seed=s).current_player for s in range(30)]
    chosen = ziggurat.load_game("babylonia", players=3, start_player=2)
    for seed in range(10):
        state = chosen.new_initial_state(seed=seed)
        assert state.current_player == state.turn_player == 2


# =========================================================================== placement points


def test_ziggurat_adjacency_counts_every_ziggurat_touched() -> None:
    # Rules §5.1, on the printed board, where no hex touches two ziggurats: seat 0 already
    # touches (3,1) with a face-down river token at (2,2) and (18,2) with a farmer at (17,1).
    # A merchant at (11,7) touches (12,8): seat 0 now touches 3 ziggurats, so it scores 3.
    # The second token at (1,7) touches no ziggurat: 0.
    game = new_game()
    state = position(game, tokens=[((2, 2), 0, "servant"), ((17, 1), 0, "farmer")])
    play(state, "M11,7")
    assert state.scores() == [3, 0]
    play(state, "F1,7")
    assert state.scores() == [3, 0]
    assert state.current_player == 1  # two tokens: the turn ended by itself


def test_ziggurat_adjacency_scored_ziggurats_still_count_and_every_token_scores() -> None:
    # Same, but (3,1) was scored long ago: it still counts. Two tokens next to (12,8) both
    # score the count at their own moment: 3 + 3.
    game = new_game()
    state = position(
        game,
        tokens=[((2, 2), 0, "servant"), ((17, 1), 0, "farmer")],
        scored_ziggurats=[ZIG_NORTH],
    )
    play(state, "M11,7", "S13,9")
    assert state.scores() == [6, 0]


def test_ziggurat_adjacency_count_grows_inside_a_turn() -> None:
    # No ziggurat touched before: (5,1) touches (3,1) -> 1; (11,7) touches (12,8) -> 2.
    game = new_game()
    state = position(game)
    play(state, "F5,1")
    assert state.scores() == [1, 0]
    play(state, "M11,7")
    assert state.scores() == [3, 0]


def test_crop_fields_score_their_value() -> None:
    # Seat 0 has a priest at (10,0) next to fields (9,1)=5 and (12,0)=6, and a farmer at
    # (13,1) next to (14,2)=7. Three farmers take the three fields: 5 + 6 + 7 = 18.
    game = new_game()
    tiles = {(9, 1): "5", (12, 0): "6", (14, 2): "7"}
    state = position(
        game,
        tiles,
        tokens=[((10, 0), 0, "priest"), ((13, 1), 0, "farmer")],
        stands={0: "FFFF"},
    )
    play(state, "F9,1")
    assert state.scores() == [5, 0]
    play(state, "F12,0")
    assert state.scores() == [11, 0]
    play(state, "F14,2")
    assert state.scores() == [18, 0]
    assert state.view(None)["placed_this_turn"] == 3
    for where in tiles:
        entry = hex_entry(state, where)
        assert (entry["content"], entry["player"], entry["kind"]) == ("token", 0, "farmer")
    play(state, "end")
    assert state.current_player == 1 and state.scores() == [18, 0]


def test_city_symbol_field_scores_all_cities_in_front_of_all_players() -> None:
    # Cities in front: 3 and 2, so the city-symbol field at (6,0) is worth 5.
    game = new_game()
    state = position(game, {(6, 0): "cities"}, tokens=[((8, 0), 0, "farmer")], cities_won=[3, 2])
    play(state, "F6,0")
    assert state.scores() == [5, 0]


def test_city_symbol_field_is_worth_nothing_before_any_city_is_taken() -> None:
    game = new_game()
    state = position(game, {(6, 0): "cities"}, tokens=[((8, 0), 0, "farmer")])
    play(state, "F6,0")
    assert state.scores() == [0, 0]


def test_a_farmer_needs_a_face_up_own_neighbour_to_take_a_field() -> None:
    game = new_game()
    # only a face-down river token (15,1) and another player's token (13,3) touch (14,2)
    state = position(game, {(14, 2): "7"}, tokens=[((15, 1), 0, "farmer"), ((13, 3), 1, "farmer")])
    assert "face-up token" in refused(state, "F14,2")


# =========================================================================== ziggurat cards


def surround_north_ziggurat(
    game: BabyloniaGame, winner: int, **kwargs: Any
) -> tuple[BabyloniaState, list[str]]:
    """Seat 0 to play; its farmer on (5,1) closes the ring around the ziggurat (3,1).

    ``winner`` holds (1,1) and (2,0), seat 1 holds (4,0): with seat 0's (5,1) the winner has
    3 tokens against 1. Returns the state and the two placements of the turn.
    """
    tokens = [((1, 1), winner, "farmer"), ((2, 0), winner, "farmer"), ((4, 0), 1, "farmer")]
    tokens += kwargs.pop("tokens", [])
    state = position(game, tokens=tokens, **kwargs)
    return state, ["F5,1", "F1,7", "end"]  # "end": a third farmer could have followed


def test_card_1_gives_ten_points_at_once_and_is_spent() -> None:
    game = new_game()
    state, turn = surround_north_ziggurat(game, winner=0)
    play(state, *turn)
    # (5,1) touches (3,1): 1 point; then the ring is closed and seat 0 (3 to 1) chooses.
    assert state.view(None)["phase"] == "card"
    assert state.current_player == 0
    assert legal(state) == {f"card {n}" for n in range(1, 8)}
    assert state.scores() == [1, 0]
    play(state, "card 1")
    assert state.scores() == [11, 0]
    assert card_entry(state, 1) == {**card_entry(state, 1), "owner": 0, "spent": True}
    assert hex_entry(state, ZIG_NORTH)["scored"] is True
    assert state.current_player == 1


def test_card_2_extra_turn_taken_in_this_turn_is_offered_after_the_refill() -> None:
    game = new_game()
    state, turn = surround_north_ziggurat(game, winner=0)
    play(state, *turn, "card 2")
    assert state.view(None)["phase"] == "extra"
    assert state.current_player == 0
    assert legal(state) == {"extra", "no-extra"}
    assert sum(state.stand_counts(0)) == 5  # refilled before the question
    turn_number = state.turn_number
    play(state, "extra")
    assert (state.current_player, state.turn_player) == (0, 0)
    assert state.view(None)["phase"] == "place"
    assert state.turn_number == turn_number + 1
    assert card_entry(state, 2)["spent"] is True
    play_turn(state, (10, 6), (10, 8))  # a full new turn; the spent card is not offered again
    assert (state.current_player, state.view(None)["phase"]) == (1, "place")


def test_card_2_declined_is_offered_again_at_the_owners_next_turn() -> None:
    game = new_game()
    state = position(game, card_owners={2: 0})
    play(state, "F1,7", "F10,6", "end")
    assert legal(state) == {"extra", "no-extra"} and state.current_player == 0
    play(state, "no-extra")
    assert (state.current_player, state.turn_player) == (1, 1)
    assert card_entry(state, 2)["spent"] is False
    play(state, "F3,7", "F10,8", "end")  # seat 1's turn: nothing is offered to seat 0 now
    assert (state.current_player, state.view(None)["phase"]) == (0, "place")
    play_turn(state, (5, 7), (8, 6))
    assert legal(state) == {"extra", "no-extra"} and state.current_player == 0


def test_card_2_won_in_another_players_turn_is_first_offered_at_the_owners_turn() -> None:
    game = new_game()
    state, _ = surround_north_ziggurat(game, winner=1)
    play(state, "F5,1", "F1,7", "end")  # seat 0 closes the ring, seat 1 wins it
    assert state.current_player == 1 and state.turn_player == 0
    play(state, "card 2")
    # not offered at the end of seat 0's turn, in which seat 1 took it ...
    assert (state.current_player, state.view(None)["phase"]) == (1, "place")
    play(state, "F10,6", "F10,8", "end")
    # ... but at the end of seat 1's own next turn
    assert (state.current_player, state.view(None)["phase"]) == (1, "extra")
    play(state, "no-extra")
    assert (state.current_player, state.view(None)["phase"]) == (0, "place")


def test_card_2_is_not_offered_when_the_game_just_ended() -> None:
    # The only other city is (19,5); seat 0 takes the city (6,0), one city is left: game over.
    game = new_game()
    state = position(
        game,
        {(6, 0): "M", (19, 5): "S"},
        spare=False,
        card_owners={2: 0},
        tokens=[((4, 0), 0, "farmer"), ((8, 0), 0, "farmer"), ((7, 1), 1, "farmer")],
    )
    play(state, "F1,7", "F5,1", "end")
    assert state.is_terminal()
    assert state.current_player == ziggurat.TERMINAL
    assert card_entry(state, 2) == {**card_entry(state, 2), "owner": 0, "spent": False}


def test_card_3_won_in_own_turn_fills_the_stand_to_seven_at_its_end() -> None:
    game = new_game()
    state, turn = surround_north_ziggurat(game, winner=0)
    play(state, *turn)
    assert sum(state.stand_counts(0)) == 3 and state.stand_capacity(0) == 5
    play(state, "card 3")
    assert state.stand_capacity(0) == 7
    assert sum(state.stand_counts(0)) == 7
    assert state.view(None)["players"][0]["stand_capacity"] == 7
    assert state.current_player == 1


def test_card_3_won_in_another_players_turn_fills_only_at_the_owners_refill() -> None:
    game = new_game()
    state, turn = surround_north_ziggurat(game, winner=1)
    play(state, *turn)
    play(state, "card 3")  # seat 1 takes it during seat 0's turn
    assert state.stand_capacity(1) == 7
    assert sum(state.stand_counts(0)) == 5  # seat 0 refilled to 5
    assert sum(state.stand_counts(1)) == 5  # seat 1 plays its next turn with what it has
    play(state, "F10,6", "F10,8", "end")
    assert sum(state.stand_counts(1)) == 7  # and refills to 7 at its end


def test_card_3_stand_of_seven_plays_seven_farmers() -> None:
    game = new_game()
    state = position(game, card_owners={3: 0}, stands={0: "FFFFFFF"})
    hexes = ["F1,7", "F3,7", "F5,7", "F7,7", "F9,7", "F10,6", "F10,8"]
    for text in hexes:
        assert allowed(state, text)
        play(state, text)
    # the stand ran empty: the turn ended by itself and refilled to 7
    assert state.current_player == 1
    assert sum(state.stand_counts(0)) == 7


def test_card_4_three_different_nobles() -> None:
    game = new_game()
    tiles = {**SPARE_CITIES, (12, 0): "5"}
    state = position(game, tiles, card_owners={4: 0}, stands={0: "MSPFF"})
    play(state, "M1,7", "S10,6")
    # After two different face-up nobles: the priest anywhere on free land (not on the
    # crop field, no card 6; not in the river), or end the two-token turn.
    expected = places("P", free_land(game, tiles, [(1, 7), (10, 6)])) | {"end"}
    assert legal(state) == expected
    assert "no farmer may follow" in refused(state, "F3,7")
    play(state, "P3,7")
    assert state.current_player == 1  # nothing may follow three nobles
    assert state.tok[0].bit_count() == 3


def test_card_4_refused_when_a_noble_went_into_the_river() -> None:
    game = new_game()
    state = position(game, card_owners={4: 0}, stands={0: "MSPFF"})
    play(state, "M0,8")  # face down: not a face-up noble
    assert hex_entry(state, (0, 8), 1)["face_down"] is True
    play(state, "S10,6")
    assert state.current_player == 1  # no third noble possible: the turn ended
    assert state.tok[0].bit_count() == 2


def test_card_4_needs_two_different_kinds() -> None:
    game = new_game()
    state = position(game, card_owners={4: 0}, stands={0: "MMSPF"})
    play(state, "M1,7")
    play(state, "M10,6")
    assert state.current_player == 1


def test_card_5_noble_first_then_three_farmers() -> None:
    game = new_game()
    tiles = {**SPARE_CITIES}
    state = position(game, tiles, card_owners={5: 0}, stands={0: "MSFFF"})
    play(state, "M1,7", "F10,6")
    # a farmer (land only) may follow, or end the two-token turn; never a second noble
    assert legal(state) == places("F", free_land(game, tiles, [(1, 7), (10, 6)])) | {"end"}
    assert "no servant may follow" in refused(state, "S3,7")
    play(state, "F10,8")
    # noble + 2 farmers is not a whole turn: the third farmer is required
    assert legal(state) == places("F", free_land(game, tiles, [(1, 7), (10, 6), (10, 8)]))
    assert "three farmers besides its noble" in refused(state, "end")
    assert "river" in refused(state, "F0,8")
    play(state, "F3,7")
    # the servant may not follow: ending is all that is left (a stand of one token could hold
    # a farmer, so the table is not told, by an automatic end, that this one does not)
    assert legal(state) == {"end"}
    play(state, "end")
    assert state.current_player == 1
    assert state.tok[0].bit_count() == 4


def test_card_5_noble_last_and_never_a_second_one() -> None:
    game = new_game()
    tiles = {**SPARE_CITIES}
    state = position(game, tiles, card_owners={5: 0}, stands={0: "MSFFFF"})
    play(state, "F1,7", "F10,6", "F10,8")
    free = free_land(game, tiles, [(1, 7), (10, 6), (10, 8)])
    assert legal(state) == places("M", free) | places("S", free) | places("F", free) | {"end"}
    play(state, "M3,7")
    free.discard((3, 7))
    assert legal(state) == places("F", free) | {"end"}
    assert "no servant may follow" in refused(state, "S5,7")
    play(state, "F5,7")
    assert legal(state) == {"end"}  # the servant left on the stand may not follow
    play(state, "end")
    assert state.current_player == 1
    assert state.tok[0].bit_count() == 5


def test_card_5_noble_between_farmers_still_needs_the_third_farmer() -> None:
    game = new_game()
    state = position(game, card_owners={5: 0}, stands={0: "MFFF"})
    play(state, "F1,7", "F10,6", "M10,8")
    assert "end" not in legal(state)
    play(state, "F3,7")
    assert state.current_player == 1


def test_card_5_turn_is_never_left_half_built() -> None:
    # Noble and one farmer on the stand's last farmers but one: a second farmer would need a
    # third, which the stand does not have, so it is refused and the two-token turn ends.
    game = new_game()
    state = position(game, card_owners={5: 0}, stands={0: "MSFF"})
    play(state, "M1,7", "F10,6")
    assert "no farmer may follow" in refused(state, "F3,7")
    assert legal(state) == {"end"}
    play(state, "end")
    assert state.current_player == 1
    assert state.tok[0].bit_count() == 2


def test_card_5_noble_never_in_the_river() -> None:
    game = new_game()
    state = position(game, card_owners={5: 0}, stands={0: "MFFFF"})
    play(state, "F1,7", "F10,6", "F10,8")
    assert "only the two-token turn may use the river" in refused(state, "M0,8")
    # a noble in the river first: it is a two-token turn, the farmers cannot make it B+
    state = position(game, card_owners={5: 0}, stands={0: "MFFFF"})
    play(state, "M0,8", "F10,6")
    assert state.current_player == 1


def test_card_6_noble_takes_a_field_without_a_neighbour_and_scores_it() -> None:
    game = new_game()
    tiles = {(12, 0): "7"}
    state = position(game, tiles, card_owners={6: 0})
    assert "face-up token" in refused(state, "F12,0")  # farmers still need a neighbour
    play(state, "M12,0")
    assert state.scores() == [7, 0]
    assert hex_entry(state, (12, 0))["kind"] == "merchant"
    without = position(game, tiles)
    assert "only with ziggurat card 6" in refused(without, "M12,0")


def city_six_nought(winners: int, losers: int, winner: int) -> list[tuple[Coord, int, str]]:
    """Tokens around the city (6,0) except (7,1), which seat 0 fills."""
    ring = [(4, 0), (5, 1), (8, 0)]
    tokens = []
    for i, where in enumerate(ring):
        tokens.append((where, winner if i < winners else 1 - winner, "farmer"))
    assert winners + losers == 3
    return tokens


def test_card_7_bonus_when_the_owner_takes_a_city() -> None:
    # Seat 0 (card 7, 2 cities) takes the M city (6,0) with farmers only (no network points):
    # 3 cities -> 3 + 3 // 2 = 4; seat 1 scores its 1 city.
    game = new_game()
    state = position(
        game,
        {(6, 0): "M"},
        tokens=city_six_nought(2, 1, winner=0),
        card_owners={7: 0},
        cities_won=[2, 1],
    )
    play(state, "F7,1", "F10,6", "end")
    assert state.scores() == [4, 1]
    assert state.cities_won == [3, 1]


def test_card_7_bonus_when_another_player_takes_the_city() -> None:
    # Seat 1 takes the city (3 tokens to 1): seat 1 scores 2 cities, seat 0 (card 7, 2 cities)
    # scores 2 + 1.
    game = new_game()
    state = position(
        game,
        {(6, 0): "M"},
        tokens=city_six_nought(3, 0, winner=1),
        card_owners={7: 0},
        cities_won=[2, 1],
    )
    play(state, "F7,1", "F10,6", "end")
    assert state.scores() == [3, 2]
    assert state.cities_won == [2, 2]


def test_card_7_pays_nothing_on_a_tied_city() -> None:
    game = new_game()
    tokens = [((4, 0), 0, "farmer"), ((5, 1), 1, "farmer"), ((8, 0), 1, "farmer")]
    state = position(game, {(6, 0): "M"}, tokens=tokens, card_owners={7: 0}, cities_won=[2, 1])
    play(state, "F7,1", "F10,6", "end")
    assert state.scores() == [0, 0]
    assert state.cities_won == [2, 1]
    assert hex_entry(state, (6, 0))["content"] == "empty"  # the tile was discarded


def card_8_position(game: BabyloniaGame, between: str | None, card: bool) -> BabyloniaState:
    """The M city (7,5); seat 0 has a farmer at (6,6) and a merchant at (2,6).

    Seat 1 tokens close every way from (2,6) but the slot (4,6), which holds ``between``
    (a tile) or nothing (the hex of a scored city: free center land).
    """
    tiles = {(7, 5): "M"}
    if between is not None:
        tiles[(4, 6)] = between
    blockers = [(1, 7), (3, 5), (3, 7), (5, 5), (5, 7), (7, 7), (8, 6)]
    tokens = [((6, 6), 0, "farmer"), ((2, 6), 0, "merchant")]
    tokens += [(where, 1, "farmer") for where in blockers]
    return position(game, tiles, tokens=tokens, card_owners={8: 0} if card else {})


def test_card_8_free_center_land_links_the_network() -> None:
    game = new_game(ziggurat_cards="advanced")
    board = game.board
    city = board.bit((7, 5))
    linked = card_8_position(game, None, card=True)
    result = scoring.city_breakdown(linked, city)
    network = board.coords_of(result.network[0])
    assert {(6, 6), (4, 6), (2, 6), (6, 4)} <= set(network)
    assert all(board.hexes[c].landmass == "center" for c in network)
    assert board.coords_of(result.scoring[0]) == [(2, 6)]
    assert result.network_points[0] == 2
    # no card 8: only the farmer next to the city
    plain = scoring.city_breakdown(card_8_position(game, None, card=False), city)
    assert board.coords_of(plain.network[0]) == [(6, 6)]
    assert plain.network_points[0] == 0


@pytest.mark.parametrize("tile", ["5", "cities", "SP"])
def test_card_8_fields_and_cities_do_not_link(tile: str) -> None:
    game = new_game(ziggurat_cards="advanced")
    board = game.board
    result = scoring.city_breakdown(card_8_position(game, tile, card=True), board.bit((7, 5)))
    network = set(board.coords_of(result.network[0]))
    assert (4, 6) not in network and (2, 6) not in network
    assert (6, 6) in network
    assert result.network_points[0] == 0


def test_card_8_north_land_does_not_link() -> None:
    # The M city (9,1) in the north; seat 0's merchant (12,2) is two free north hexes away.
    game = new_game(ziggurat_cards="advanced")
    board = game.board
    state = position(game, {(9, 1): "M"}, tokens=[((12, 2), 0, "merchant")], card_owners={8: 0})
    result = scoring.city_breakdown(state, board.bit((9, 1)))
    assert result.network[0] == 0
    assert result.network_points[0] == 0


def card_9_position(game: BabyloniaGame, blocker: bool, card: bool = True) -> BabyloniaState:
    """The M city (3,3); seat 0's merchant (5,1) touches the river hex (4,2) next to it."""
    tokens = [((5, 1), 0, "merchant")]
    if blocker:
        tokens.append(((4, 2), 1, "farmer"))  # face down in the river
    return position(game, {(3, 3): "M"}, tokens=tokens, card_owners={9: 0} if card else {})


def test_card_9_free_river_links_and_another_players_river_token_cuts() -> None:
    game = new_game(ziggurat_cards="advanced")
    board = game.board
    city = board.bit((3, 3))
    linked = scoring.city_breakdown(card_9_position(game, blocker=False), city)
    network = set(board.coords_of(linked.network[0]))
    assert {(2, 2), (4, 2), (6, 2), (5, 1)} <= network
    assert network - {(5, 1)} <= set(board.coords_of(board.river_mask))
    assert linked.network_points[0] == 2
    cut = scoring.city_breakdown(card_9_position(game, blocker=True), city)
    assert board.coords_of(cut.network[0]) == [(2, 2)]
    assert cut.network_points[0] == 0
    plain = scoring.city_breakdown(card_9_position(game, blocker=False, card=False), city)
    assert plain.network[0] == 0


# =========================================================================== first round


@pytest.mark.parametrize("start", [0, 1, 2])
def test_first_round_one_token_then_exactly_two_then_normal(start: int) -> None:
    game = new_game(3)
    second, third = (start + 1) % 3, (start + 2) % 3
    stands = {start: "MSPFF", second: "FFFFF", third: "FFFFF"}
    state = position(game, stands=stands, turn_player=start, turn_number=0)
    assert state.view(None)["first_round_tokens"] == 1
    assert "end" not in legal(state)
    assert allowed(state, "M0,8")  # the single token may go into the river
    play(state, "M0,8")
    assert (state.current_player, state.turn_number) == (second, 1)  # ended by itself
    assert state.view(None)["first_round_tokens"] == 2
    play(state, "F1,7")
    assert "exactly 2 tokens" in refused(state, "end")
    play(state, "F10,6")
    assert state.current_player == third  # no third farmer in the first round
    assert state.tok[second].bit_count() == 2
    assert state.view(None)["first_round_tokens"] is None
    play(state, "F10,8", "F3,7")
    assert allowed(state, "F5,7") and allowed(state, "end")
    play(state, "F5,7", "end")
    assert state.tok[third].bit_count() == 3
    assert state.current_player == start


def test_first_round_from_a_fresh_game() -> None:
    game = new_game(3)
    state = game.new_initial_state(seed=11)
    assert state.turn_number == 0 and state.current_player == 0
    first = next(a for a in state.legal_actions() if (1 << a.bit) & state.board.river_mask)
    state.apply_action(first)
    assert state.current_player == 1
    assert hex_entry(state, first.coord, 1)["face_down"] is True


def test_first_round_limit_off() -> None:
    game = new_game(3, first_round_limit=False)
    state = position(game, stands={0: "FFFFF"}, turn_number=0)
    assert state.view(None)["first_round_tokens"] is None
    play(state, "F1,7")
    assert state.current_player == 0
    assert "at least two tokens" in refused(state, "end")
    play(state, "F10,6", "F10,8", "end")
    assert state.tok[0].bit_count() == 3 and state.current_player == 1


# =========================================================================== end-of-turn scoring


def two_cities(game: BabyloniaGame, cities_won: list[int] | None = None) -> BabyloniaState:
    """Seat 0's farmers on (7,1) and (15,3) close the cities (6,0) M and (14,2) S.

    Around (6,0): seat 0 merchant (4,0) and farmer (5,1), seat 1 farmer (8,0). Around (14,2):
    seat 1 servant (12,2) and farmers (13,1), (13,3). So seat 0 takes (6,0) 3:1 and seat 1
    takes (14,2) 3:1; each city's network pays its taker 2 (one noble of the city's kind) and
    nobody else anything.
    """
    tokens = [
        ((4, 0), 0, "merchant"),
        ((5, 1), 0, "farmer"),
        ((8, 0), 1, "farmer"),
        ((12, 2), 1, "servant"),
        ((13, 1), 1, "farmer"),
        ((13, 3), 1, "farmer"),
    ]
    return position(game, {(6, 0): "M", (14, 2): "S"}, tokens=tokens, cities_won=cities_won)


def test_two_surrounded_cities_the_player_on_turn_chooses_the_order() -> None:
    game = new_game()
    first = two_cities(game)
    play(first, "F7,1", "F15,3", "end")
    assert first.view(None)["phase"] == "score"
    assert first.current_player == 0
    assert legal(first) == {"score 6,0", "score 14,2"}
    assert first.view(None)["to_score"] == [[6, 0], [14, 2]]
    other = first.clone()

    # (6,0) first: seat 0 +2 network +1 city; then (14,2): seat 1 +2 network +1 city and
    # seat 0 again +1 for its city.
    play(first, "score 6,0")
    assert first.current_player == 1  # (14,2) was then scored automatically
    assert first.scores() == [3 + 1, 3]
    assert first.cities_won == [1, 1]

    # (14,2) first: seat 1 +3; then (6,0): seat 0 +3 and seat 1 +1 for its city.
    play(other, "score 14,2")
    assert other.scores() == [3, 4]
    assert other.cities_won == [1, 1]
    assert other.current_player == 1


def test_a_single_surrounded_city_is_scored_automatically() -> None:
    game = new_game()
    state = two_cities(game, cities_won=[1, 0])
    play(state, "F7,1", "F10,6", "end")
    # seat 0: network 2 + cities 2; seat 1: no city in front
    assert state.scores() == [4, 0]
    assert state.cities_won == [2, 0]
    assert state.current_player == 1
    assert hex_entry(state, (6, 0))["content"] == "empty"
    assert allowed(state, "F6,0")  # the emptied hex is ordinary free land


def test_a_tied_ziggurat_is_spent_without_a_card() -> None:
    game = new_game()
    tokens = [((1, 1), 0, "farmer"), ((2, 0), 1, "farmer"), ((4, 0), 1, "farmer")]
    state = position(game, tokens=tokens)
    play(state, "F5,1", "F1,7", "end")  # 2 : 2 around (3,1)
    assert state.scores() == [1, 0]  # the adjacency point only
    assert state.current_player == 1
    assert hex_entry(state, ZIG_NORTH)["scored"] is True
    assert all(c["owner"] is None for c in state.view(None)["cards"])
    assert state.requiring_scoring() == 0


def test_a_ziggurat_won_by_another_player_hands_over_the_card_choice() -> None:
    # Seat 0's farmer (5,1) closes (3,1) (seat 1 wins 3:1) and the city (6,0) (seat 0 wins
    # 3:1); its farmer (15,3) closes (14,2) (seat 1 wins 3:1). Seat 0 scores the ziggurat
    # first; seat 1 takes card 7, which then pays on both cities.
    game = new_game()
    tokens = [
        ((1, 1), 1, "farmer"),
        ((2, 0), 1, "farmer"),
        ((4, 0), 1, "farmer"),
        ((7, 1), 0, "merchant"),
        ((8, 0), 0, "farmer"),
        ((12, 2), 1, "servant"),
        ((13, 1), 1, "farmer"),
        ((13, 3), 1, "farmer"),
    ]
    state = position(game, {(6, 0): "M", (14, 2): "S"}, tokens=tokens, cities_won=[0, 2])
    play(state, "F5,1", "F15,3", "end")
    assert state.scores() == [1, 0]  # (5,1) touches (3,1)
    assert legal(state) == {"score 3,1", "score 6,0", "score 14,2"}
    play(state, "score 3,1")
    assert (state.current_player, state.turn_player) == (1, 0)
    assert state.view(None)["phase"] == "card"
    assert legal(state) == {f"card {n}" for n in range(1, 8)}
    play(state, "card 7")
    assert (state.current_player, state.turn_player) == (0, 0)
    assert legal(state) == {"score 6,0", "score 14,2"}
    play(state, "score 6,0")
    # (6,0): seat 0 network 2 + 1 city; seat 1 2 cities + 1 (card 7).
    # (14,2): seat 0 1 city; seat 1 network 2 + 3 cities + 1 (card 7).
    assert state.scores() == [1 + 3 + 1, 3 + 6]
    assert state.cities_won == [1, 3]
    assert (state.current_player, state.view(None)["phase"]) == (1, "place")
    assert sum(state.stand_counts(0)) == 5


# =========================================================================== game end


def test_game_ends_when_fewer_than_two_cities_are_left() -> None:
    game = new_game()
    state = position(
        game,
        {(6, 0): "M", (19, 5): "S"},
        spare=False,
        tokens=[((4, 0), 0, "merchant"), ((8, 0), 0, "farmer"), ((5, 1), 1, "farmer")],
    )
    play(state, "F7,1", "F10,6", "end")
    # seat 0: network 2 (merchant (4,0)) + 1 city = 3
    assert state.is_terminal()
    assert state.current_player == ziggurat.TERMINAL
    assert state.legal_actions() == []
    assert state.scores() == [3, 0]
    assert state.winners() == [0]
    assert state.view(None)["winners"] == [0]
    before = state.to_json()
    with pytest.raises(ziggurat.IllegalAction, match="the game is over"):
        play(state, "F12,2")
    assert state.to_json() == before


def empty_bag_position(
    game: BabyloniaGame, stand: str, scores: list[int], cities_won: list[int]
) -> BabyloniaState:
    """Seat 0's other tokens all lie face down in the river: its bag is empty."""
    supply = dict(zip("MSPF", game.supply(), strict=True))
    for letter in stand:
        supply[letter] -= 1
    kinds = [letter for letter, n in supply.items() for _ in range(n)]
    rivers = game.board.coords_of(game.board.river_mask)
    tokens = [(where, 0, kind) for where, kind in zip(rivers, kinds, strict=False)]
    assert len(tokens) == len(kinds)
    state = position(game, tokens=tokens, stands={0: stand}, scores=scores, cities_won=cities_won)
    assert sum(state.bag_counts(0)) == 0
    return state


@pytest.mark.parametrize(
    ("scores", "cities", "winners"),
    [
        ([10, 10], [1, 2], [1]),  # tie on points: more cities in front wins
        ([10, 10], [2, 2], [0, 1]),  # still tied: shared victory
        ([11, 10], [0, 5], [0]),  # points first
    ],
)
def test_game_ends_when_the_stand_is_empty_after_refilling(
    scores: list[int], cities: list[int], winners: list[int]
) -> None:
    game = new_game()
    state = empty_bag_position(game, "FF", scores, cities)
    play(state, "F1,7", "F10,6")  # the stand is empty: placement ends by itself
    assert state.is_terminal()
    assert state.scores() == scores  # nothing is scored at the end
    assert state.winners() == winners
    assert state.view(None)["winners"] == winners


def test_a_single_token_turn_when_the_stand_runs_empty() -> None:
    game = new_game()
    state = empty_bag_position(game, "F", [0, 0], [0, 0])
    assert legal(state) >= {"F1,7"} and "end" not in legal(state)
    play(state, "F1,7")
    assert state.is_terminal()


def test_the_game_does_not_end_while_the_player_on_turn_still_has_tokens() -> None:
    game = new_game()
    state = empty_bag_position(game, "FFF", [0, 0], [0, 0])
    play(state, "F1,7", "F10,6", "end")
    assert not state.is_terminal()
    assert state.current_player == 1
    assert state.stand_counts(0) == [0, 0, 0, 1]


# =========================================================================== refused moves


def test_illegal_action_is_a_value_error() -> None:
    assert issubclass(ziggurat.IllegalAction, ValueError)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("M6,0", "holds a city (M)"),
        ("M3,1", "holds a ziggurat"),
        ("M4,0", "already holds a token of seat 1"),
        ("M8,0", "already holds a token of seat 0"),
        ("F12,0", "a farmer takes the crop field (field 5) only next to a face-up token"),
        ("P1,7", "no priest on your stand"),
        ("end", "at least two tokens"),
        ("score 6,0", "seat 0 is placing tokens"),
        ("card 3", "seat 0 is placing tokens"),
        ("extra", "seat 0 is placing tokens"),
    ],
)
def test_refused_actions_name_the_problem_and_change_nothing(text: str, message: str) -> None:
    game = new_game()
    state = position(
        game,
        {(6, 0): "M", (12, 0): "5"},
        tokens=[((4, 0), 1, "farmer"), ((8, 0), 0, "farmer")],
        stands={0: "MSFF"},
    )
    before = state.to_json()
    with pytest.raises(ziggurat.IllegalAction) as caught:
        play(state, text)
    assert message in str(caught.value)
    assert state.to_json() == before
    assert state.current_player == 0


def test_refused_river_from_the_third_token_on() -> None:
    game = new_game()
    state = position(game, stands={0: "FFFF"})
    play(state, "F1,7", "F10,6")
    before = state.to_json()
    with pytest.raises(ziggurat.IllegalAction, match="only the two-token turn may use the river"):
        play(state, "F0,8")
    assert state.to_json() == before


def test_refused_actions_while_choosing_the_scoring_order_and_a_card() -> None:
    game = new_game()
    state = two_cities(game)
    play(state, "F7,1", "F15,3", "end")
    before = state.to_json()
    with pytest.raises(ziggurat.IllegalAction, match="does not need scoring now"):
        play(state, "score 12,8")
    with pytest.raises(ziggurat.IllegalAction, match="chooses which hex to score next"):
        play(state, "F10,6")
    assert state.to_json() == before

    state, turn = surround_north_ziggurat(new_game(), winner=1)
    state.card_owner[4] = 0
    play(state, *turn)
    before = state.to_json()
    with pytest.raises(ziggurat.IllegalAction, match="card 4 belongs to seat 0"):
        play(state, "card 4")
    with pytest.raises(ziggurat.IllegalAction, match="card 8 is not in play"):
        play(state, "card 8")
    assert state.to_json() == before


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("X1,7", "is not an action"),
        ("M99,99", "there is no hex 99,99"),
        ("M18,14", "there is no hex 18,14"),  # the south is not in play at 2 players
        ("card 10", "numbered 1 to 9"),
    ],
)
def test_unreadable_action_texts(text: str, message: str) -> None:
    game = new_game()
    state = position(game)
    with pytest.raises(ziggurat.IllegalAction, match=message):
        game.parse_action(state, text)
