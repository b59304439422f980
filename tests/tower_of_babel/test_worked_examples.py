"""The worked examples of the Tower of Babel rules reference (shared/rules/tower_of_babel.md
§14, examples 1-31), plus every tie rule of §7.

Positions are built on a real initial state with the helpers of :mod:`.helpers` and played
through ``legal_actions`` / ``apply_action`` with the texts a player types ("build giza 1",
"offer 2 boat + exchange", "accept 1 2", "accept none + joker 2 crane", "give up", ...).
Seats: with four players red = 0, yellow = 1, green = 2, blue/black = 3; with three
players A = 0, B = 1, C = 2. Seat 0 is always the active player, and the disc of the
example lies on giza's first space. Unless told otherwise every end-of-turn draw is a crane,
so hands after a turn are exact.
"""

from __future__ import annotations

import pytest

import ziggurat
from ziggurat.games.tower_of_babel import scoring
from ziggurat.games.tower_of_babel.actions import cards_text
from ziggurat.games.tower_of_babel.components import (
    ACTION_KINDS,
    FIVE_POINTS,
    JOKER,
    TRIPLE_BONUS,
)
from ziggurat.games.tower_of_babel.events import WHY_SAFEGUARD
from ziggurat.games.tower_of_babel.phases import NO_DISC

from .helpers import (
    BOAT,
    CAMEL,
    CRANE,
    STONEMASON,
    disc_id,
    give_actions,
    hand,
    legal,
    new_game,
    own_disc,
    place_disc,
    play,
    put_pieces,
    round_trip,
    scene,
    set_active,
    set_hands,
    spaces_of,
    stack_pile,
    take_disc,
)

ROW_1 = (8, 4)
ROW_2 = (10, 5)
FINAL_ROW = (22, 11)
GIZA = 0


def pieces_on(state, wonder: int) -> list[int]:
    n = state.n
    return state.pieces[wonder * n : wonder * n + n]


def phase(state) -> str:
    return state.view(None)["phase"]


# =========================================================================== §7, examples 1-7


@pytest.mark.parametrize("green", [1, 2, 3])
def test_example_1_unique_first_and_second(green: int) -> None:
    # red 6, yellow 4, green 1-3 (the seed gives green's score only), blue 0.
    assert scoring.wonder_points([6, 4, green, 0], ROW_1, 3) == [8, 4, 3, 0]


def test_example_2_tie_for_first_pays_the_low_value() -> None:
    assert scoring.wonder_points([5, 5, 2, 1], ROW_1, 3) == [4, 4, 3, 3]


def test_example_3_tie_for_second_pays_participation() -> None:
    assert scoring.wonder_points([7, 3, 3, 0], ROW_1, 3) == [8, 3, 3, 0]


def test_example_4_three_way_tie_for_first() -> None:
    assert scoring.wonder_points([4, 4, 4], ROW_1, 3) == [4, 4, 4]


def test_example_5_sole_contributor_scores_the_high_value_only() -> None:
    assert scoring.wonder_points([9, 0, 0, 0], ROW_1, 3) == [8, 0, 0, 0]


def test_example_6_value_counts_not_pieces() -> None:
    # red: one large + two small pieces = 5; yellow: four small = 4. The engine stores values.
    assert scoring.wonder_points([3 + 1 + 1, 1 + 1 + 1 + 1], ROW_1, 3) == [8, 4]


def test_example_7_row_two() -> None:
    # red clear first, black clear second, green and yellow with at least 1.
    assert scoring.wonder_points([6, 1, 2, 4], ROW_2, 3) == [10, 3, 3, 5]


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ([0, 0, 0], [0, 0, 0]),  # nobody built: nobody scores
        ([3, 3, 0], [4, 4, 0]),  # tie for most, nobody else
        ([2, 2, 2, 2], [4, 4, 4, 4]),  # everyone tied
        ([5, 5, 5, 1, 1], [4, 4, 4, 3, 3]),  # tie for most: others 3, no separate second
        ([5, 1, 0], [8, 4, 0]),  # second with a single value
        ([9, 2, 2, 2, 1], [8, 3, 3, 3, 3]),  # three-way tie for second
        ([1, 6, 0, 2], [3, 8, 0, 4]),  # seats play no part
        ([0, 0, 7], [0, 0, 8]),  # sole contributor in another seat
    ],
)
def test_every_tie_rule_of_section_7(values: list[int], expected: list[int]) -> None:
    assert scoring.wonder_points(values, ROW_1, 3) == expected


def test_the_rows_of_the_data_file() -> None:
    data = new_game(4).data
    assert data.rows == ((8, 4), (10, 5), (12, 6), (14, 7), (16, 8), (18, 9), (20, 10))
    assert data.final_row == FINAL_ROW
    assert data.participation == 3
    assert data.bonus == (0, 0, 5, 10, 20, 30, 40, 50)


@pytest.mark.parametrize(("marker", "row"), [(0, ROW_1), (1, ROW_2), (6, (20, 10))])
def test_completing_a_wonder_scores_on_the_marker_row(marker: int, row: tuple) -> None:
    # Example 7 played out: giza's first two discs are gone; red (seat 0) builds the last one,
    # a "3 camel", alone. Before: red 3, yellow 1, green 2, black 4 -> after red 6.
    state = scene(disc=disc_id(3, CAMEL), space=2, hands={0: "3 camel"})
    take_disc(state, 0, 1)
    take_disc(state, 1, 2)
    put_pieces(state, GIZA, {0: 3, 1: 1, 2: 2, 3: 4})
    state.marker = marker
    top_card = state.action_pile[-1]
    round_trip(state)
    play(state, "build giza 3", "offer nothing", "offer nothing", "offer nothing")
    assert legal(state) == {"accept none"}
    play(state, "accept none")
    first, second = row
    points = [first, 3, 3, second]
    assert state.scores() == points
    assert state.marker == marker + 1
    assert state.done_mask == 1
    assert pieces_on(state, GIZA) == [0, 0, 0, 0]
    assert state.supply == [29, 29, 29, 29]  # the pieces went home
    assert state.actions_held[7 * 0 + top_card] == 1  # the active player drew the top card
    assert sum(state.actions_held) == 1 and len(state.action_pile) == 14
    assert state.view(None)["last_build"]["wonder_scored"] == {
        "wonder": "giza",
        "row": marker,
        "points": points,
    }
    # red now holds an action card, so decision point D comes whichever card it is (T17)
    assert state.current_player == 0 and phase(state) == "double"
    is_double = ACTION_KINDS[top_card] == "double_turn"
    free = {"draw three"} if ACTION_KINDS[top_card] == "draw_three" else set()
    assert legal(state) == {"no double turn", *(["double turn"] if is_double else []), *free}
    play(state, "no double turn")
    assert state.current_player == 1 and phase(state) == "choose"
    round_trip(state)


# =========================================================================== builds, 8-14


def test_example_8_one_accepted_offer() -> None:
    disc = disc_id(5, BOAT)
    state = scene(disc=disc, hands={0: "4 boat", 1: "1 boat"})
    play(state, "build giza 1")
    assert state.current_player == 1
    assert legal(state) == {"offer nothing", "offer 1 boat", "offer 1 boat + exchange"}
    play(state, "offer 1 boat", "offer nothing", "offer nothing")
    assert phase(state) == "accept" and state.current_player == 0
    assert legal(state) == {"accept 1"}  # 4 boats alone miss 1: he must take yellow's
    play(state, "accept 1")
    assert pieces_on(state, GIZA) == [4, 1, 0, 0]  # yellow places 1, red 4
    assert state.disc_owner[disc] == 0  # red takes the disc
    assert state.space_disc[0] == NO_DISC
    assert state.supply == [25, 28, 29, 29]
    assert state.discard == [0, 0, 5, 0]
    assert state.scores() == [0, 0, 0, 0]
    assert [hand(state, s) for s in range(4)] == [(0, 1, 0, 0)] * 4  # the end-of-turn crane
    assert state.current_player == 1 and state.active == 1
    last = state.view(None)["last_build"]
    assert last["built"] and last["receiver"] == 0 and last["wonder_scored"] is None
    round_trip(state)


def test_example_9_exchange_card_offer_takes_the_disc() -> None:
    disc = disc_id(5, BOAT)
    state = scene(disc=disc, hands={0: "2 boat", 1: "1 boat", 2: "2 boat"})
    play(state, "build giza 1", "offer 1 boat", "offer 2 boat + exchange", "offer nothing")
    assert state.exchange_in_hand == [1, 1, 0, 1]
    assert legal(state) == {"accept 1 2"}
    play(state, "accept 1 2")
    # yellow places 1; red places 4 (2 own + 2 for green); green takes the disc.
    assert pieces_on(state, GIZA) == [4, 1, 0, 0]
    assert state.supply == [25, 28, 29, 29]
    assert state.disc_owner[disc] == 2
    assert state.exchange_in_hand == [1, 1, 1, 1]  # green's exchange card came back
    assert state.discard == [0, 0, 5, 0]  # green's cards are used up all the same
    assert [hand(state, s) for s in range(4)] == [(0, 1, 0, 0)] * 4
    assert state.view(None)["last_build"]["receiver"] == 2
    round_trip(state)


def test_example_10_rejected_offer_scores_one_per_card() -> None:
    disc = disc_id(5, BOAT)
    state = scene(disc=disc, hands={0: "5 boat", 3: "1 boat"})
    play(state, "build giza 1", "offer nothing", "offer nothing", "offer 1 boat")
    assert legal(state) == {"accept none", "accept 3"}
    play(state, "accept none")
    assert state.scores() == [0, 0, 0, 1]
    assert hand(state, 3) == (0, 1, 1, 0)  # the boat came back, plus the crane drawn
    assert pieces_on(state, GIZA) == [5, 0, 0, 0]
    assert state.disc_owner[disc] == 0


def test_example_11_non_matching_card_returns_at_the_reveal() -> None:
    state = scene(disc=disc_id(4, BOAT), hands={0: "4 boat", 1: "2 boat 1 crane"})
    play(state, "build giza 1", "offer 1 crane 2 boat", "offer nothing", "offer nothing")
    assert hand(state, 1) == (0, 1, 0, 0)  # the crane is back at once
    assert state.offer_of(1) == [0, 0, 2, 0]
    entry = state.view(2)["build"]["offers"][0]
    assert entry["seat"] == 1
    assert entry["cards"] == {"camel": 0, "crane": 1, "boat": 2, "stonemason": 0}
    assert entry["matching"] == {"camel": 0, "crane": 0, "boat": 2, "stonemason": 0}
    assert legal(state) == {"accept none", "accept 1"}
    play(state, "accept none")
    assert state.scores() == [0, 2, 0, 0]
    assert hand(state, 1) == (0, 2, 2, 0)


@pytest.mark.parametrize(("decision", "points"), [("triple bonus", 9), ("no triple bonus", 3)])
def test_example_12_triple_bonus(decision: str, points: int) -> None:
    state = scene(
        disc=disc_id(5, BOAT),
        hands={0: "5 boat", 3: "3 boat"},
        actions={3: ["triple_bonus"]},
    )
    play(state, "build giza 1", "offer nothing", "offer nothing", "offer 3 boat", "accept none")
    assert phase(state) == "triple" and state.current_player == 3
    assert legal(state) == {"triple bonus", "no triple bonus"}
    play(state, decision)
    assert state.scores() == [0, 0, 0, points]
    played = decision == "triple bonus"
    assert state.actions_held[7 * 3 + TRIPLE_BONUS] == int(not played)
    assert state.action_discard[TRIPLE_BONUS] == int(played)
    assert hand(state, 3) == (0, 1, 3, 0)
    assert state.current_player == 1


def test_example_13_unfulfilled_disc() -> None:
    disc = disc_id(6, CAMEL)
    state = scene(3, disc=disc, hands={1: "2 camel", 2: "3 camel"})
    play(state, "build giza 1", "offer 2 camel", "offer 3 camel + exchange")
    # A holds no camel and no joker: nothing is completable, decision S is skipped.
    assert phase(state) == "choose" and state.current_player == 1
    assert state.scores() == [0, 2, 3]
    assert state.space_disc[0] == disc  # the disc is back on its space
    assert state.disc_owner[disc] == -1
    assert state.pieces == [0] * (8 * 3)
    assert state.exchange_in_hand == [1, 1, 1]
    assert [hand(state, s) for s in range(3)] == [(0, 1, 0, 0), (2, 1, 0, 0), (3, 1, 0, 0)]
    last = state.view(None)["last_build"]
    assert not last["built"] and last["receiver"] is None
    assert [o["points"] for o in last["offers"]] == [2, 3]
    round_trip(state)


def test_example_14_enough_offered_but_not_completable() -> None:
    # Disc 5 stonemasons, offers 4 and 4, active holds none: one offer is too small, both
    # are too many (ruling §13 Q3).
    disc = disc_id(5, STONEMASON)
    state = scene(3, disc=disc, hands={1: "4 stonemason", 2: "4 stonemason"})
    play(state, "build giza 1", "offer 4 stonemason", "offer 4 stonemason")
    assert state.scores() == [0, 4, 4]
    assert state.space_disc[0] == disc
    assert state.current_player == 1


# =========================================================================== final, 15-17


def two_type_owner(*discs: int):
    state = new_game(4, two_type_discs=True).new_initial_state(0)
    for disc in discs:
        own_disc(state, disc, 0)
    return state


@pytest.mark.parametrize("two_type", [24, 27])  # camel 2 + stonemason 3, boat 2 + camel 3
def test_example_15_two_type_disc_assigned_to_camels(two_type: int) -> None:
    # 3 camel discs + the two-type disc, 2 boat discs, 1 crane disc: 20 + 5 + 0 = 25.
    camels = [disc_id(3, CAMEL), disc_id(4, CAMEL), disc_id(4, CAMEL, 1)]
    boats = [disc_id(3, BOAT), disc_id(4, BOAT)]
    state = two_type_owner(*camels, *boats, disc_id(3, CRANE), two_type)
    assert scoring.set_bonus(state, 0) == (25, [4, 1, 2, 0], [(two_type, "camel")])
    scoring.final_scoring(state, WHY_SAFEGUARD)
    assert state.is_terminal()
    assert state.final_parts[0] == {
        "wonders": 0,
        "set_bonus": 25,
        "five_points": 0,
        "disc_bonus": 0,
        "assignment": [[two_type, "camel"]],
    }
    assert state.scores() == [25, 0, 0, 0]
    assert state.winners() == [0]


def test_example_16_best_assignment_is_taken() -> None:
    # 3 camels, 1 stonemason, the camel/stonemason disc: camel 20 + 0 beats 10 + 5.
    camels = [disc_id(3, CAMEL), disc_id(4, CAMEL), disc_id(4, CAMEL, 1)]
    state = two_type_owner(*camels, disc_id(3, STONEMASON), 24)
    assert scoring.set_bonus(state, 0) == (20, [4, 0, 0, 1], [(24, "camel")])


def test_example_17_disc_bonus_and_five_points() -> None:
    def final(cards: list[str]) -> list[int]:
        state = new_game(4).new_initial_state(0)
        for disc in (disc_id(3, CAMEL), disc_id(4, CAMEL), 6, 12, 18):
            own_disc(state, disc, 0)
        give_actions(state, 0, *cards)
        scoring.final_scoring(state, WHY_SAFEGUARD)
        return state.scores()

    assert final([]) == [5, 0, 0, 0]  # two camel discs: 5; one of each other type: 0
    assert final(["disc_bonus", "five_points"]) == [15, 0, 0, 0]  # +5 +5 = +10


# =========================================================================== jokers, 18-20


def test_example_18_joker_completes_the_build() -> None:
    disc = disc_id(5, CRANE)
    state = scene(disc=disc, hands={0: "3 crane"}, actions={0: ["joker"]})
    play(state, "build giza 1", "offer nothing", "offer nothing", "offer nothing")
    assert legal(state) == {"accept none + joker 2 crane", "give up"}
    build = state.clone()
    play(build, "accept none + joker 2 crane")
    assert pieces_on(build, GIZA) == [5, 0, 0, 0]
    assert build.supply[0] == 24
    assert build.disc_owner[disc] == 0
    assert build.actions_held[JOKER] == 0 and build.action_discard[JOKER] == 1
    assert build.discard == [0, 3, 0, 0]
    assert hand(build, 0) == (0, 1, 0, 0)
    # (revised) holding only these 3 cranes, he may give up instead; he holds an action
    # card, so decision point D follows (T17), before the end-of-turn draw
    play(state, "give up")
    assert state.space_disc[0] == disc and state.disc_owner[disc] == -1
    assert state.actions_held[JOKER] == 1
    assert phase(state) == "double" and legal(state) == {"no double turn"}
    play(state, "no double turn")
    assert hand(state, 0) == (0, 4, 0, 0)
    assert state.scores() == [0, 0, 0, 0]


def test_example_18_with_enough_cranes_the_joker_is_optional_and_give_up_illegal() -> None:
    state = scene(disc=disc_id(5, CRANE), hands={0: "5 crane"}, actions={0: ["joker"]})
    play(state, "build giza 1", "offer nothing", "offer nothing", "offer nothing")
    assert legal(state) == {"accept none", "accept none + joker 2 crane"}
    reason = state.why_illegal(state.game.parse_action(state, "give up"))
    assert "must be built" in reason


def test_example_19_joker_with_an_offer_or_give_up() -> None:
    disc = disc_id(5, CRANE)
    state = scene(disc=disc, hands={0: "1 crane", 1: "2 crane"}, actions={0: ["joker"]})
    play(state, "build giza 1", "offer 2 crane", "offer nothing", "offer nothing")
    assert legal(state) == {"accept 1 + joker 2 crane", "give up"}
    build = state.clone()
    play(build, "accept 1 + joker 2 crane")
    assert pieces_on(build, GIZA) == [3, 2, 0, 0]  # A places 2, the active player 3
    assert build.disc_owner[disc] == 0
    assert build.supply == [26, 27, 29, 29]
    assert build.scores() == [0, 0, 0, 0]
    play(state, "give up")
    assert state.scores() == [0, 2, 0, 0]  # unfulfilled: A +2
    assert state.space_disc[0] == disc
    assert phase(state) == "double" and legal(state) == {"no double turn"}  # T17
    play(state, "no double turn")
    assert hand(state, 1) == (0, 3, 0, 0)


def test_example_20_a_joker_cannot_fill_a_single_missing_card() -> None:
    disc = disc_id(4, BOAT)
    state = scene(disc=disc, hands={1: "3 boat"}, actions={0: ["joker"]})
    play(state, "build giza 1", "offer 3 boat", "offer nothing", "offer nothing")
    # nothing can be completed, but he holds an action card that, for all the others know,
    # could be draw three or card trade: decision point S comes, with only "give up" (T17)
    assert phase(state) == "accept" and legal(state) == {"give up"}
    play(state, "give up", "no double turn")
    assert phase(state) == "choose" and state.current_player == 1
    assert state.scores() == [0, 3, 0, 0]
    assert state.space_disc[0] == disc
    assert state.actions_held[JOKER] == 1


def test_example_20_without_action_cards_is_unfulfilled_at_once() -> None:
    disc = disc_id(4, BOAT)
    state = scene(disc=disc, hands={1: "3 boat"})
    play(state, "build giza 1", "offer 3 boat", "offer nothing", "offer nothing")
    # no action card in his hand, as everyone sees: no decision S, no decision D
    assert phase(state) == "choose" and state.current_player == 1
    assert state.scores() == [0, 3, 0, 0]
    assert state.space_disc[0] == disc


# =========================================================================== pieces, 21-23


def red_with_27_on_the_board(state) -> None:
    put_pieces(state, 1, {0: 14})  # rhodes
    put_pieces(state, 2, {0: 13})  # olympia
    assert state.supply[0] == 2


def test_example_21_piece_limit_forces_the_offer() -> None:
    disc = disc_id(4, CAMEL)
    state = scene(disc=disc, hands={0: "4 camel", 1: "2 camel"})
    red_with_27_on_the_board(state)
    play(state, "build giza 1", "offer 2 camel", "offer nothing", "offer nothing")
    assert legal(state) == {"accept 1"}  # accept none would need 4 pieces, red has 2
    play(state, "accept 1")
    assert pieces_on(state, GIZA) == [2, 2, 0, 0]
    assert state.disc_owner[disc] == 0
    assert state.supply == [0, 27, 29, 29]
    assert hand(state, 0) == (2, 1, 0, 0)
    round_trip(state)


def test_example_22_exchange_offer_does_not_fit_the_supply() -> None:
    disc = disc_id(4, CAMEL)
    state = scene(disc=disc, hands={0: "4 camel", 1: "2 camel"})
    red_with_27_on_the_board(state)
    play(state, "build giza 1", "offer 2 camel + exchange", "offer nothing", "offer nothing")
    assert phase(state) == "choose" and state.current_player == 1  # unfulfilled at once
    assert state.scores() == [0, 2, 0, 0]
    assert pieces_on(state, GIZA) == [0, 0, 0, 0]
    assert state.space_disc[0] == disc
    assert state.exchange_in_hand == [1, 1, 1, 1]


def test_example_23_offer_capped_by_the_piece_supply() -> None:
    state = scene(disc=disc_id(5, BOAT), hands={3: "3 boat 4 crane"})
    put_pieces(state, 1, {3: 28})
    play(state, "build giza 1", "offer nothing", "offer nothing")
    assert state.current_player == 3
    expected = {"offer nothing"}
    for boats in (0, 1):
        for cranes in range(5):
            if boats + cranes:
                text = "offer " + cards_text((0, cranes, boats, 0))
                expected |= {text, text + " + exchange"}
    assert legal(state) == expected
    reason = state.why_illegal(state.game.parse_action(state, "offer 2 boat"))
    assert "at most 1 matching (piece supply)" in reason


# =========================================================================== two-type, 24-25


def test_example_24_offers_on_a_two_type_disc() -> None:
    state = scene(
        disc=24,
        hands={0: "1 stonemason", 1: "3 camel 3 stonemason 2 boat"},
        two_type_discs=True,
    )
    play(state, "build giza 1")
    assert "at most 5 in all, at most 2 camel, 3 stonemason" in state.why_illegal(
        state.game.parse_action(state, "offer 3 camel")
    )
    assert state.why_illegal(state.game.parse_action(state, "offer 2 camel 3 stonemason 1 boat"))
    assert (
        state.why_illegal(state.game.parse_action(state, "offer 2 camel 1 boat 2 stonemason"))
        is None
    )
    assert "offer 2 camel 1 boat 2 stonemason" in legal(state)
    play(state, "offer 2 camel 1 boat 2 stonemason", "offer nothing", "offer nothing")
    assert hand(state, 1) == (1, 0, 2, 1)  # the boat returned at the reveal
    assert state.offer_of(1) == [2, 0, 0, 2]  # 4 matching cards
    assert legal(state) == {"accept 1"}
    play(state, "accept 1")
    assert pieces_on(state, GIZA) == [1, 4, 0, 0]
    assert state.disc_owner[24] == 0


def test_example_25_joker_split_on_a_two_type_disc() -> None:
    state = scene(
        disc=24,
        hands={0: "1 camel 3 stonemason"},
        actions={0: ["joker"]},
        two_type_discs=True,
    )
    play(state, "build giza 1", "offer nothing", "offer nothing", "offer nothing")
    assert legal(state) == {
        "accept none + joker 1 camel 1 stonemason",
        "accept none + joker 2 camel",
        "give up",
    }
    split = state.clone()
    play(split, "accept none + joker 1 camel 1 stonemason")  # adds 1 camel, 2 stonemasons
    assert hand(split, 0) == (0, 1, 0, 1)
    assert pieces_on(split, GIZA) == [5, 0, 0, 0]
    assert split.disc_owner[24] == 0
    camels = state.clone()
    play(camels, "accept none + joker 2 camel")  # adds 3 stonemasons
    assert hand(camels, 0) == (1, 1, 0, 0)
    assert pieces_on(camels, GIZA) == [5, 0, 0, 0]
    play(state, "give up")
    assert state.space_disc[0] == 24


# =========================================================================== offers, 26-27


def test_example_26_offer_without_matching_cards() -> None:
    state = scene(disc=disc_id(4, BOAT), hands={0: "4 boat", 2: "2 crane"})
    play(state, "build giza 1", "offer nothing", "offer 2 crane + exchange", "offer nothing")
    assert hand(state, 2) == (0, 2, 0, 0)  # both cranes back at the reveal
    assert state.exchange_in_hand[2] == 0  # the exchange card is still out
    assert legal(state) == {"accept none"}  # C's offer cannot be selected
    play(state, "accept none")
    assert state.scores() == [0, 0, 0, 0]
    assert state.exchange_in_hand == [1, 1, 1, 1]
    offers = state.view(None)["last_build"]["offers"]
    assert [(o["seat"], o["exchange"], o["points"]) for o in offers] == [(2, True, 0)]


def test_example_27_triple_bonus_on_an_unfulfilled_disc() -> None:
    state = scene(
        3,
        disc=disc_id(6, CAMEL),
        hands={1: "2 camel", 2: "3 camel"},
        actions={1: ["triple_bonus"]},
    )
    play(state, "build giza 1", "offer 2 camel", "offer 3 camel + exchange")
    assert phase(state) == "triple" and state.current_player == 1
    assert legal(state) == {"triple bonus", "no triple bonus"}
    play(state, "triple bonus")
    assert state.scores() == [0, 6, 3]
    assert state.current_player == 1 and phase(state) == "choose"


# =========================================================================== double turn, 28


def test_example_28_double_turn_draws_once() -> None:
    state = scene(disc=disc_id(5, BOAT), hands={0: "5 boat"}, actions={0: ["double_turn"]})
    stack_pile(state, "crane")  # the passer's own card, before the end-of-turn draws
    pile = len(state.pile)
    play(state, "pass")
    assert phase(state) == "double" and state.current_player == 0
    assert legal(state) == {"double turn", "no double turn"}
    assert hand(state, 0) == (0, 1, 5, 0)
    play(state, "double turn")
    assert phase(state) == "choose" and state.current_player == 0
    assert state.view(None)["second_turn"] is True
    assert [hand(state, s) for s in (1, 2, 3)] == [(0, 0, 0, 0)] * 3  # no draw yet
    play(state, "build giza 1", "offer nothing", "offer nothing", "offer nothing", "accept none")
    # one column move, one card each (the stacked cranes)
    assert state.active == 1 and state.current_player == 1
    assert hand(state, 0) == (0, 2, 0, 0)
    assert [hand(state, s) for s in (1, 2, 3)] == [(0, 1, 0, 0)] * 3
    assert len(state.pile) == pile - 5
    assert state.view(None)["second_turn"] is False


# =========================================================================== ends, 29-31


def babel_endgame(ender: int):
    """Example 29: two-type variant, seven wonders completed, babel holds camel 2 +
    stonemason 3, crane 2 + boat 3 and a "4 crane" disc; every other disc is owned by
    seats 2 and 3."""
    game = new_game(4, two_type_discs=True)
    state = game.new_initial_state(0)
    four_cranes = disc_id(4, CRANE)
    babel = spaces_of("babel")
    for space, disc in zip(babel, (24, 26, four_cranes), strict=True):
        place_disc(state, space, disc)
    for space in range(21):
        take_disc(state, space, 2 + space % 2)
    state.done_mask = (1 << 7) - 1
    state.marker = 7
    set_hands(state, {0: "4 crane", 1: "2 camel 3 stonemason" if ender == 24 else "2 crane 3 boat"})
    round_trip(state)
    return state


@pytest.mark.parametrize("ender", [24, 26])
def test_example_29_two_type_variant_end(ender: int) -> None:
    state = babel_endgame(ender)
    play(state, "build babel 3", "offer nothing", "offer nothing", "offer nothing", "accept none")
    # All four types are still shown by the two two-type discs: the game goes on.
    assert not state.is_terminal() and state.current_player == 1
    assert state.disc_owner[disc_id(4, CRANE)] == 0
    space = "babel 1" if ender == 24 else "babel 2"
    play(state, f"build {space}", "offer nothing", "offer nothing", "offer nothing", "accept none")
    assert state.is_terminal()
    # The 8th wonder, with 2 discs built, is scored on the final row: seat 1 has 5, seat 0 4.
    assert [state.final_parts[s]["wonders"] for s in range(4)] == [11, 22, 0, 0]
    assert state.scores()[:2] == [11, 22]  # one disc each: no set bonus
    assert state.marker == 7
    round_trip(state)


def safeguard_table(extra_pieces: bool = False):
    """Example 30: 3 players, all 100 building cards in hands, both piles empty."""
    state = new_game(3).new_initial_state(0)
    set_hands(state, {0: "25 crane 8 boat", 1: "25 camel 8 boat", 2: "9 boat 25 stonemason"})
    assert state.pile == [] and state.discard == [0, 0, 0, 0]
    place_disc(state, 0, disc_id(3, CAMEL))
    if extra_pieces:
        put_pieces(state, 1, {0: 3, 1: 3, 2: 1})  # example 31, on rhodes
    round_trip(state)
    return state


def test_example_30_safeguard_after_six_turns_without_a_build() -> None:
    state = safeguard_table()
    # turn 1: seat 0 picks the 3-camel disc; B offers 1 camel; A has none: unfulfilled
    play(state, "build giza 1", "offer 1 camel", "offer nothing")
    assert state.current_player == 1 and state.scores() == [0, 1, 0]
    for seat in (1, 2, 0, 1):  # turns 2-5: passes (no card to draw)
        assert state.current_player == seat
        play(state, "pass")
    assert not state.is_terminal() and state.current_player == 2  # five turns: goes on
    assert state.turns_without_build == 5
    play(state, "pass")  # the sixth
    assert state.is_terminal()
    assert state.scores() == [0, 1, 0]  # final scoring: nothing built, no discs
    assert all(part["wonders"] == 0 for part in state.final_parts)
    round_trip(state)


def test_example_30_a_build_restarts_the_count() -> None:
    state = safeguard_table()
    set_active(state, 1)  # seat 1 holds 25 camels and builds the 3-camel disc
    play(state, "build giza 1", "offer nothing", "offer nothing", "accept none")
    assert state.turns_without_build == 0
    for _ in range(5):
        play(state, "pass")
    assert not state.is_terminal()
    play(state, "pass")
    assert state.is_terminal()


def test_example_30_cards_left_to_draw_keep_the_game_going() -> None:
    state = new_game(3).new_initial_state(0)
    for _ in range(12):
        play(state, "pass")
    assert not state.is_terminal()  # 6 x 2 turns without a build, but the pile holds cards
    assert state.turns_without_build == 12


def test_example_31_final_row() -> None:
    assert scoring.wonder_points([3, 3, 1], FINAL_ROW, 3) == [11, 11, 3]
    state = safeguard_table(extra_pieces=True)
    for _ in range(6):
        play(state, "pass")
    assert state.is_terminal()
    assert [part["wonders"] for part in state.final_parts] == [11, 11, 3]
    assert state.scores() == [11, 11, 3]
    assert state.winners() == [0, 1]  # a tie shares the victory (§13 Q11)


# =========================================================================== more of §6-§9


def test_the_game_ends_when_the_last_disc_of_a_type_is_taken() -> None:
    # Every boat disc but the one on giza 1 is owned by seat 3; seat 0 builds the last one,
    # which also completes giza: the wonder scores first, then the final scoring, no draws.
    state = scene(disc=disc_id(3, BOAT), hands={0: "3 boat"})
    take_disc(state, 1, 1)
    take_disc(state, 2, 2)
    for disc in range(12, 18):
        if disc != disc_id(3, BOAT) and state.disc_owner[disc] < 0:
            own_disc(state, disc, 3)
    stack = len(state.pile)
    state.action_pile.remove(FIVE_POINTS)
    state.action_pile.append(FIVE_POINTS)  # the card drawn for giza counts at the end
    give_actions(state, 0, "disc_bonus", "double_turn")
    play(state, "build giza 1", "offer nothing", "offer nothing", "offer nothing", "accept none")
    assert state.is_terminal() and state.current_player == ziggurat.TERMINAL
    assert len(state.pile) == stack  # no end-of-turn draw, no double turn
    assert state.actions_held[7 * 0 + FIVE_POINTS] == 1
    parts = state.final_parts[0]
    assert parts["five_points"] == 5
    assert parts["disc_bonus"] == 1  # one disc owned, one disc_bonus card
    assert state.scores()[0] == 8 + 5 + 1  # giza alone on row 1, five_points, disc_bonus
    assert state.legal_actions() == []


def test_every_type_counts_discs_for_the_game_end() -> None:
    state = new_game(4).new_initial_state(0)
    assert not scoring.type_exhausted(state)
    for disc in range(18, 24):
        own_disc(state, disc, 0)
    assert scoring.type_exhausted(state)


def test_action_card_kinds_are_the_seven_of_the_rules() -> None:
    assert ACTION_KINDS == (
        "card_trade",
        "joker",
        "disc_bonus",
        "draw_three",
        "triple_bonus",
        "double_turn",
        "five_points",
    )
    assert new_game(4).data.action_counts == (2, 2, 2, 3, 2, 2, 2)


def test_an_offer_that_covers_the_disc_needs_nothing_from_the_active_player() -> None:
    # §6.4: he adds nothing, places nothing, and still takes the disc.
    disc = disc_id(4, BOAT)
    state = scene(disc=disc, hands={1: "4 boat"})
    play(state, "build giza 1", "offer 4 boat", "offer nothing", "offer nothing")
    assert legal(state) == {"accept 1"}
    play(state, "accept 1")
    assert pieces_on(state, GIZA) == [0, 4, 0, 0]
    assert state.disc_owner[disc] == 0
    assert state.supply == [29, 25, 29, 29]


def test_an_exchange_offer_that_covers_the_disc() -> None:
    # §6.5: the active player places the offerer's pieces; the offerer gets the disc.
    disc = disc_id(4, BOAT)
    state = scene(disc=disc, hands={1: "4 boat"})
    play(state, "build giza 1", "offer 4 boat + exchange", "offer nothing", "offer nothing")
    assert legal(state) == {"accept 1"}
    play(state, "accept 1")
    assert pieces_on(state, GIZA) == [4, 0, 0, 0]
    assert state.disc_owner[disc] == 1
    assert state.supply == [25, 29, 29, 29]
    assert state.exchange_in_hand == [1, 1, 1, 1]


def test_only_one_exchange_offer_may_be_accepted() -> None:
    disc = disc_id(6, BOAT)
    state = scene(disc=disc, hands={0: "2 boat", 1: "2 boat", 2: "2 boat"})
    play(state, "build giza 1", "offer 2 boat + exchange", "offer 2 boat + exchange")
    play(state, "offer nothing")
    # {1, 2} would hold two exchange cards; {1} or {2} leaves 4 missing with 2 in hand:
    # nothing is completable, so the disc was unfulfilled at once.
    assert state.current_player == 1 and phase(state) == "choose"
    assert state.scores() == [0, 2, 2, 0]


def test_accepted_offers_may_not_exceed_a_type_of_a_two_type_disc() -> None:
    state = scene(
        disc=24,  # 2 camel + 3 stonemason
        hands={0: "3 stonemason 1 camel", 1: "2 camel", 2: "1 camel 1 stonemason"},
        two_type_discs=True,
    )
    play(state, "build giza 1", "offer 2 camel", "offer 1 camel 1 stonemason", "offer nothing")
    # {1, 2} would hold 3 camels; {1} leaves 3 stonemasons; {2} 1 camel 2 stonemasons
    assert legal(state) == {"accept 1", "accept 2"}


def test_the_wonder_is_scored_before_decision_t() -> None:
    state = scene(
        disc=disc_id(3, CAMEL),
        space=2,
        hands={0: "3 camel", 1: "1 camel"},
        actions={1: ["triple_bonus"]},
    )
    take_disc(state, 0, 3)
    take_disc(state, 1, 3)
    play(state, "build giza 3", "offer 1 camel", "offer nothing", "offer nothing", "accept none")
    assert phase(state) == "triple"
    assert state.scores() == [8, 0, 0, 0] and state.marker == 1  # §6.6 engine order 2 < 3
    play(state, "triple bonus")
    assert state.scores() == [8, 3, 0, 0]


def test_the_safeguard_waits_for_the_second_turn_of_a_double_turn() -> None:
    state = safeguard_table()
    for _ in range(5):
        play(state, "pass")
    give_actions(state, 2, "double_turn")
    play(state, "pass")  # seat 2's pass is the sixth turn without a build ...
    assert phase(state) == "double" and not state.is_terminal()
    play(state, "double turn")  # ... but the turn is not over: he builds in the second
    place_disc(state, 3, disc_id(3, STONEMASON))
    play(state, "build rhodes 1", "offer nothing", "offer nothing", "accept none")
    assert not state.is_terminal() and state.turns_without_build == 0
    assert state.current_player == 0


def test_declining_the_double_turn_lets_the_safeguard_end_the_game() -> None:
    state = safeguard_table()
    for _ in range(5):
        play(state, "pass")
    give_actions(state, 2, "double_turn")
    play(state, "pass", "no double turn")
    assert state.is_terminal()


# =========================================================================== rulings T20, T21


def ending_build(hands: dict[int, str], actions: dict[int, list[str]] | None = None):
    """Seat 0 builds giza 3, the last disc of giza (spaces 1 and 2 went to seats 1 and 2)
    and the last boat disc on the board (seat 3 owns the five others): the build completes
    giza and ends the game."""
    state = scene(disc=disc_id(3, BOAT), space=2, hands=hands, actions=actions)
    take_disc(state, 0, 1)
    take_disc(state, 1, 2)
    for disc in range(12, 18):
        if state.disc_owner[disc] < 0 and disc != disc_id(3, BOAT):
            own_disc(state, disc, 3)
    return state


@pytest.mark.parametrize("card", ["disc_bonus", "five_points"])
def test_t20_the_wonder_the_ending_disc_completes_gives_its_action_card(card: str) -> None:
    state = ending_build({0: "3 boat"})
    kind = ACTION_KINDS.index(card)
    state.action_pile.remove(kind)
    state.action_pile.append(kind)  # the card drawn for completing giza
    play(state, "build giza 3", "offer nothing", "offer nothing", "offer nothing", "accept none")
    assert state.is_terminal()
    assert state.actions_held[7 * 0 + kind] == 1 and len(state.action_pile) == 14
    assert state.view(None)["last_build"]["wonder_scored"] == {
        "wonder": "giza",
        "row": 0,
        "points": [8, 0, 0, 0],
    }
    final = state.final_parts[0]
    # seat 0 owns one disc (the 3 boat it built); the card counts in the final scoring
    assert final["disc_bonus"] == (1 if card == "disc_bonus" else 0)
    assert final["five_points"] == (5 if card == "five_points" else 0)
    assert state.scores()[0] == 8 + sum(final[k] for k in ("wonders", "set_bonus")) + (
        final["disc_bonus"] + final["five_points"]
    )


def test_t21_rejected_offers_of_the_ending_build_score() -> None:
    state = ending_build({0: "3 boat", 1: "1 boat 1 crane", 2: "2 boat"})
    play(state, "build giza 3", "offer 1 boat 1 crane", "offer 2 boat + exchange")
    play(state, "offer nothing", "accept none")
    assert state.is_terminal()
    last = state.view(None)["last_build"]
    assert [(o["seat"], o["accepted"], o["points"]) for o in last["offers"]] == [
        (1, False, 1),  # the crane went back at the reveal: 1 matching card
        (2, False, 2),  # the exchange card scores nothing
    ]
    assert last["wonder_scored"]["points"] == [8, 0, 0, 0]
    # every offered card and the exchange card are back in the hands for the final count
    assert hand(state, 1) == (0, 1, 1, 0) and hand(state, 2) == (0, 0, 2, 0)
    assert state.exchange_in_hand == [1, 1, 1, 1]
    for seat, before in ((1, 1), (2, 2)):
        final = state.final_parts[seat]
        assert state.scores()[seat] == before + sum(
            final[k] for k in ("wonders", "set_bonus", "five_points", "disc_bonus")
        )
