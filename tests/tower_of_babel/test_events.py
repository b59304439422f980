"""The events Tower of Babel's rules record (games/tower_of_babel/events.py): worked positions
whose events are asserted exactly (raw tuples, structured fields, words with the default seat
names), the facts the front ends read from the view instead of computing them (the phase's
task, the rule numbers, the action cards' texts, an offer's caps, why a selection of offers
cannot be accepted and what an acceptance does), saved events, corrupt ones, and what stays
hidden: nothing of an offer before the reveal, never the kind of an action card drawn.

Positions come from :mod:`.helpers` (seat 0 active, the disc on giza 1, every end-of-turn
draw a crane unless told).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ziggurat.core.errors import CorruptState
from ziggurat.games.tower_of_babel import events, render
from ziggurat.games.tower_of_babel.actions import ACCEPT
from ziggurat.games.tower_of_babel.components import FIVE_POINTS

from .helpers import (
    BOAT,
    CAMEL,
    CRANE,
    disc_id,
    give_actions,
    new_game,
    own_disc,
    play,
    put_pieces,
    round_trip,
    scene,
    take_disc,
)

GIZA = 0


def seen(state: Any, viewer: int | None = None) -> list[dict[str, Any]]:
    """The last action's events as ``viewer`` reads them in the view."""
    out: list[dict[str, Any]] = state.view(viewer)["events"]
    return out


def texts(state: Any, viewer: int | None = None) -> list[str]:
    return [e["text"] for e in seen(state, viewer)]


def same_for_everyone(state: Any) -> None:
    """Nothing in a Tower event is secret once recorded: every seat reads the same."""
    spectator = seen(state)
    for s in range(state.n):
        assert seen(state, s) == spectator


# =========================================================================== builds


def test_a_build_with_an_exchange_card_offer() -> None:
    # Rules example 9: yellow (1) offers 1 boat, green (2) 2 boats and the exchange card.
    disc = disc_id(5, BOAT)
    state = scene(disc=disc, hands={0: "2 boat", 1: "1 boat", 2: "2 boat"})
    play(state, "build giza 1", "offer 1 boat", "offer 2 boat + exchange")
    assert state.events == ()
    play(state, "offer nothing")  # the last offer: all are revealed
    assert state.events == (
        (
            events.OFFERS_REVEALED,
            0,
            0,
            disc,
            ((1, (0, 0, 1, 0), 0), (2, (0, 0, 2, 0), 1)),
        ),
    )
    assert seen(state) == [
        {
            "type": "offers_revealed",
            "seat": 0,
            "space": 0,
            "wonder": "giza",
            "slot": 1,
            "disc": {"id": disc, "need": {"boat": 5}, "text": "5 boat"},
            "offers": [
                {"seat": 1, "cards": {"boat": 1}, "exchange": False, "matching": {"boat": 1}},
                {"seat": 2, "cards": {"boat": 2}, "exchange": True, "matching": {"boat": 2}},
                {"seat": 3, "cards": {}, "exchange": False, "matching": {}},
            ],
            "parts": [
                "offers revealed: ",
                {"seat": 1},
                " (1 boat)",
                ", ",
                {"seat": 2},
                " (2 boats + exchange card)",
                ", ",
                {"seat": 3},
                " (no offer)",
            ],
            "text": "offers revealed: seat 1 (1 boat), seat 2 (2 boats + exchange card), "
            "seat 3 (no offer)",
        }
    ]
    same_for_everyone(state)
    play(state, "accept 1 2")
    assert state.events == ((events.DISC_BUILT, 0, 0, disc, (1, 2), 2, 0, (4, 1, 0, 0)),)
    (built,) = seen(state)
    assert built["text"] == (
        "seat 0 built 5 boats on Pyramids of Giza, space 1, with the offers of seat 1 and "
        "seat 2; the disc goes to seat 2 (exchange card)"
    )
    assert {k: built[k] for k in ("accepted", "receiver", "jokers", "pieces")} == {
        "accepted": [1, 2],
        "receiver": 2,
        "jokers": 0,
        "pieces": [4, 1, 0, 0],
    }
    same_for_everyone(state)
    round_trip(state)


def test_a_build_with_a_joker() -> None:
    # Rules example 19: A (1) offers 2 cranes; the active player adds 1 crane and a joker.
    disc = disc_id(5, CRANE)
    state = scene(disc=disc, hands={0: "1 crane", 1: "2 crane"}, actions={0: ["joker"]})
    play(state, "build giza 1", "offer 2 crane", "offer nothing", "offer nothing")
    play(state, "accept 1 + joker 2 crane")
    assert state.events[0] == (events.DISC_BUILT, 0, 0, disc, (1,), 0, 1, (3, 2, 0, 0))
    assert texts(state) == [
        "seat 0 built 5 cranes on Pyramids of Giza, space 1, with the offer of seat 1 and 1 joker",
    ]  # the joker was his only action card: no decision D


def test_giving_up_leaves_the_disc_and_the_offer_scores() -> None:
    state = scene(
        disc=disc_id(5, CRANE), hands={0: "1 crane", 1: "2 crane"}, actions={0: ["joker"]}
    )
    play(state, "build giza 1", "offer 2 crane", "offer nothing", "offer nothing", "give up")
    assert state.events == (
        (events.DISC_UNFULFILLED, 0, 0, disc_id(5, CRANE), 1),
        (events.REJECTED_SCORED, (0, 2, 0, 0), ()),
        (events.DOUBLE_TURN_POSSIBLE, 0),
    )
    assert texts(state) == [
        "5 cranes not built on Pyramids of Giza, space 1 (unfulfilled)",
        "rejected offers score: seat 1 +2",
        "seat 0 may take a double turn",
    ]
    assert seen(state)[1]["points"] == [0, 2, 0, 0]
    assert seen(state)[0]["gave_up"] is True


def test_nothing_completable_is_unfulfilled_with_the_reason() -> None:
    # Rules example 13: B offers 2 camels, C 3 camels and the exchange card; A holds none.
    disc = disc_id(6, CAMEL)
    state = scene(3, disc=disc, hands={1: "2 camel", 2: "3 camel"})
    play(state, "build giza 1", "offer 2 camel", "offer 3 camel + exchange")
    assert [e[0] for e in state.events] == [
        events.OFFERS_REVEALED,
        events.DISC_UNFULFILLED,
        events.REJECTED_SCORED,
    ]
    assert state.events[1:] == (
        (events.DISC_UNFULFILLED, 0, 0, disc, 0),
        (events.REJECTED_SCORED, (0, 2, 3), ()),
    )
    assert texts(state) == [
        "offers revealed: seat 1 (2 camels), seat 2 (3 camels + exchange card)",
        "6 camels not built on Pyramids of Giza, space 1 (unfulfilled): no selection of the "
        "offers can be completed",
        "rejected offers score: seat 2 +3, seat 1 +2",
    ]
    same_for_everyone(state)
    round_trip(state)


def test_the_triple_bonus_shows_in_the_rejected_points() -> None:
    # Rules example 12: blue (3) offered 3 boats, not accepted, and plays the triple bonus.
    state = scene(
        disc=disc_id(5, BOAT), hands={0: "5 boat", 3: "3 boat"}, actions={3: ["triple_bonus"]}
    )
    play(state, "build giza 1", "offer nothing", "offer nothing", "offer 3 boat", "accept none")
    assert [e[0] for e in state.events] == [events.DISC_BUILT]  # decision T comes first
    offer = state.view(3)["build"]["offers"][2]
    assert (offer["points_if_rejected"], offer["points_with_triple"]) == (3, 9)
    play(state, "triple bonus")
    assert state.events == ((events.REJECTED_SCORED, (0, 0, 0, 9), (3,)),)
    (scored,) = seen(state)
    assert scored["text"] == "rejected offers score: seat 3 +9 (triple bonus)"
    assert scored["triple"] == [3] and scored["points"] == [0, 0, 0, 9]


# =========================================================================== wonders


def completing_giza() -> Any:
    """Rules example 7 played out: red (0) builds giza's last disc, a "3 camel", alone; before
    it red 3, yellow 1, green 2, black 4 on giza, so after it red 6."""
    state = scene(disc=disc_id(3, CAMEL), space=2, hands={0: "3 camel"})
    take_disc(state, 0, 1)
    take_disc(state, 1, 2)
    put_pieces(state, GIZA, {0: 3, 1: 1, 2: 2, 3: 4})
    play(state, "build giza 3", "offer nothing", "offer nothing", "offer nothing")
    return state


def test_a_completed_wonder_its_row_its_points_and_the_action_card() -> None:
    state = completing_giza()
    top_card = state.action_pile[-1]
    play(state, "accept none")
    assert state.events == (
        (events.DISC_BUILT, 0, 2, disc_id(3, CAMEL), (), 0, 0, (3, 0, 0, 0)),
        (events.WONDER_COMPLETED, GIZA, 0, (8, 3, 3, 4)),
        (events.ACTION_CARDS_DRAWN, 0, 1),
        (events.DOUBLE_TURN_POSSIBLE, 0),
    )
    assert texts(state) == [
        "seat 0 built 3 camels on Pyramids of Giza, space 3",
        "Pyramids of Giza completed, scored on row 1 (8/4): seat 0 +8, seat 3 +4, seat 1 +3, "
        "seat 2 +3",
        "seat 0 draws an action card (face down)",
        "seat 0 may take a double turn",
    ]
    wonder = seen(state)[1]
    assert {k: wonder[k] for k in ("wonder", "row", "row_points", "points")} == {
        "wonder": "giza",
        "row": 0,
        "row_points": [8, 4],
        "points": [8, 3, 3, 4],
    }
    assert seen(state)[2]["count"] == 1
    # the kind drawn is in the drawer's hand, and in no event: not for him, not raw
    kind = list(state.view(0)["action_cards_info"])[top_card]
    assert state.view(0)["hand"]["actions"][kind] == 1
    assert state.events[2] == (events.ACTION_CARDS_DRAWN, 0, 1)
    for viewer in (0, 1, None):
        drawn = seen(state, viewer)[2]
        assert set(drawn) == {"type", "seat", "count", "parts", "text"}
    same_for_everyone(state)


def test_the_second_wonder_scores_on_row_2() -> None:
    state = scene(disc=disc_id(3, CAMEL), space=2, hands={0: "3 camel"})
    take_disc(state, 0, 1)
    take_disc(state, 1, 2)
    state.marker = 1
    play(state, "build giza 3", "offer nothing", "offer nothing", "offer nothing", "accept none")
    assert state.events[1] == (events.WONDER_COMPLETED, GIZA, 1, (10, 0, 0, 0))
    assert texts(state)[1] == "Pyramids of Giza completed, scored on row 2 (10/5): seat 0 +10"


# =========================================================================== the end


def test_the_end_when_a_type_is_gone_from_the_discs() -> None:
    # Every boat disc but the one on giza 1 is owned; seat 0 builds it and completes giza.
    state = scene(disc=disc_id(3, BOAT), hands={0: "3 boat"})
    take_disc(state, 1, 1)
    take_disc(state, 2, 2)
    for disc in range(12, 18):
        if disc != disc_id(3, BOAT) and state.disc_owner[disc] < 0:
            own_disc(state, disc, 3)
    state.action_pile.remove(FIVE_POINTS)
    state.action_pile.append(FIVE_POINTS)  # the card drawn for giza counts at the end
    give_actions(state, 0, "disc_bonus", "double_turn")
    play(state, "build giza 1", "offer nothing", "offer nothing", "offer nothing", "accept none")
    assert state.is_terminal()
    final = ((0, 0, 5, 1), (0, 0, 0, 0), (0, 0, 0, 0), (0, 30, 0, 0))
    assert state.events[-1] == (events.GAME_OVER, "type_gone", (BOAT,), final, (3,))
    over = seen(state)[-1]
    assert over["text"] == (
        "game over: final scoring, as no disc on the board shows boats any more: seat 3 +30, "
        "seat 0 +6; seat 3 wins"
    )
    assert over["why"] == "type_gone" and over["types"] == ["boat"]
    assert over["points"] == [6, 0, 0, 30] and over["winners"] == [3]
    assert over["final"][0] == {"wonders": 0, "set_bonus": 0, "five_points": 5, "disc_bonus": 1}
    assert [e["type"] for e in seen(state)] == [
        "disc_built",
        "wonder_completed",
        "action_cards_drawn",
        "game_over",
    ]
    same_for_everyone(state)
    round_trip(state)


def safeguard_table() -> Any:
    """Rules example 30: 3 players, all 100 building cards in hands, both piles empty."""
    from .helpers import place_disc, set_hands

    state = new_game(3).new_initial_state(0)
    set_hands(state, {0: "25 crane 8 boat", 1: "25 camel 8 boat", 2: "9 boat 25 stonemason"})
    place_disc(state, 0, disc_id(3, CAMEL))
    put_pieces(state, 1, {0: 3, 1: 3, 2: 1})  # example 31, on rhodes
    return state


def test_the_end_by_the_safeguard() -> None:
    state = safeguard_table()
    for _ in range(5):
        play(state, "pass")
        assert state.events == ()
    play(state, "pass")
    assert state.is_terminal()
    final = ((11, 0, 0, 0), (11, 0, 0, 0), (3, 0, 0, 0))
    assert state.events == ((events.GAME_OVER, "safeguard", (), final, (0, 1)),)
    assert texts(state) == [
        "game over: final scoring, as both card piles are empty and no disc was built in the "
        "last 6 turns: seat 0 +11, seat 1 +11, seat 2 +3; seat 0 and seat 1 share the win"
    ]


def test_the_discard_pile_becomes_the_draw_pile() -> None:
    state = new_game(3).new_initial_state(0)
    for card in state.pile:
        state.discard[card] += 1
    cards = len(state.pile)
    state.pile = []
    round_trip(state)
    play(state, "pass")
    assert state.events == ((events.PILE_RESHUFFLED, cards),)
    assert texts(state) == [f"the discard pile ({cards} cards) is shuffled into a new draw pile"]


# =========================================================================== hidden


def test_no_event_tells_anything_of_an_offer_before_the_reveal() -> None:
    # Two worlds that differ only in seat 1's face-down offer: nothing differs in the events
    # (none is recorded) until the last offer reveals them all.
    a = scene(disc=disc_id(5, BOAT), hands={0: "5 boat", 1: "2 boat 1 crane"})
    b = a.clone()
    play(a, "build giza 1", "offer 2 boat 1 crane")
    play(b, "build giza 1", "offer nothing")
    for viewer in (0, 1, 2, 3, None):
        assert seen(a, viewer) == seen(b, viewer) == []
    assert a.events == b.events == ()
    play(a, "offer nothing")
    play(b, "offer nothing")
    assert a.events == b.events == ()
    play(a, "offer nothing")
    play(b, "offer nothing")
    assert texts(a) == [
        "offers revealed: seat 1 (1 crane and 2 boats), seat 2 (no offer), seat 3 (no offer)"
    ]
    assert texts(b) == ["offers revealed: seat 1 (no offer), seat 2 (no offer), seat 3 (no offer)"]


def test_a_determinized_world_reads_the_same_events() -> None:
    state = completing_giza()
    play(state, "accept none")
    for seat in range(4):
        world = state.determinize(seat, random.Random(seat))
        assert world.view(seat)["events"] == state.view(seat)["events"]


# =========================================================================== saved events


def test_saved_events_come_back() -> None:
    state = completing_giza()
    play(state, "accept none")
    data = state.to_json()
    assert data["events"][1] == ["wonder_completed", 0, 0, [8, 3, 3, 4]]
    again = state.game.state_from_json(data)
    assert again.events == state.events
    assert again.view(None)["events"] == state.view(None)["events"]


@pytest.mark.parametrize(
    "event",
    [
        ["party", 1],
        ["wonder_completed", 0, 0],
        ["wonder_completed", 8, 0, [8, 3, 3, 4]],
        ["wonder_completed", 0, -1, [8, 3, 3, 4]],
        ["wonder_completed", 0, 0, [8, 3, 3]],
        ["action_cards_drawn", 4, 1],
        ["action_cards_drawn", -1, 1],
        ["action_cards_drawn", 0, 0],
        ["action_cards_drawn", "0", 1],
        ["double_turn_possible", 9],
        ["disc_built", 0, 2, 99, [], 0, 0, [3, 0, 0, 0]],
        ["disc_built", 0, 2, 0, [0], 0, 0, [3, 0, 0, 0]],
        ["disc_built", 0, 2, 0, [], 3, 0, [3, 0, 0, 0]],
        ["disc_built", 0, 24, 0, [], 0, 0, [3, 0, 0, 0]],
        ["disc_unfulfilled", 0, 0, 0, 2],
        ["offers_revealed", 0, 0, 0, [[0, [1, 0, 0, 0], 0]]],
        ["offers_revealed", 0, 0, 0, [[1, [0, 0, 0, 0], 1]]],
        ["offers_revealed", 0, 0, 0, [[1, [1, 0, 0], 0]]],
        ["offers_revealed", 0, 0, 0, [[1, [1, 0, 0, 0], 0], [1, [1, 0, 0, 0], 0]]],
        ["rejected_offers_scored", [0, 1, 0], []],
        ["rejected_offers_scored", [0, 1, 0, 0], [5]],
        ["pile_reshuffled", 0],
        ["game_over", "boredom", [], [[0, 0, 0, 0]] * 4, [0]],
        ["game_over", "type_gone", [], [[0, 0, 0, 0]] * 4, [0]],
        ["game_over", "safeguard", [1], [[0, 0, 0, 0]] * 4, [0]],
        ["game_over", "safeguard", [], [[0, 0, 0, 0]] * 3, [0]],
        ["game_over", "safeguard", [], [[0, 0, 0, 0]] * 4, []],
    ],
)
def test_a_corrupt_saved_event_is_refused(event: list[Any]) -> None:
    state = completing_giza()
    play(state, "accept none")
    data = state.to_json()
    data["events"] = [event]
    with pytest.raises(CorruptState, match="events holds"):
        state.game.state_from_json(data)


# =========================================================================== rule facts


def test_the_view_carries_the_phase_task_the_rule_numbers_and_the_card_texts() -> None:
    state = new_game(4).new_initial_state(0)
    view = state.view(None)
    assert view["task"] == "passes or picks a disc to build"
    assert view["rules"] == {
        "pass_extra_draw": 1,
        "end_of_turn_draw": 1,
        "rejected_vp_per_card": 1,
        "triple_bonus_vp_per_card": 3,
        "card_trade_max": 5,
        "draw_three_count": 3,
        "joker_units": 2,
        "five_points_vp": 5,
        "disc_bonus_vp_per_disc": 1,
        "action_cards_per_completion": 1,
    }
    info = view["action_cards_info"]
    assert list(info) == [
        "card_trade",
        "joker",
        "disc_bonus",
        "draw_three",
        "triple_bonus",
        "double_turn",
        "five_points",
    ]
    assert info["triple_bonus"] == {
        "name": "Triple bonus",
        "text": "a rejected offer pays 3 points per matching card instead of 1",
    }
    assert info["card_trade"]["text"].startswith("discard 1 to 5 building cards")
    assert info["joker"]["text"] == "counts as exactly 2 of the cards you add to your own build"
    play(state, "build giza 1")
    assert state.view(None)["task"] == "makes a face-down offer"


def test_the_offer_caps_for_the_seat_to_offer() -> None:
    # Rules example 23: blue (3) has 28 value on the board, so at most 1 matching card.
    state = scene(disc=disc_id(5, BOAT), hands={3: "3 boat 4 crane"})
    put_pieces(state, 1, {3: 28})
    play(state, "build giza 1")
    caps = state.view(3)["build"]["offer_caps"]
    assert {k: caps[k] for k in ("cards", "per_type", "matching")} == {
        "cards": 5,
        "per_type": {"boat": 5},
        "matching": 1,
    }
    assert caps["hint"] == (
        "at most 5 cards in all and 5 boats (the disc's numbers); no more matching cards "
        "than the 1 pieces in your supply; cards of other types are a bluff: they come back "
        "at the reveal"
    )
    assert (
        caps["refusals"]["matching"] == "No more matching cards than the 1 pieces in your supply."
    )
    assert caps["refusals"]["per_type"] == {
        "boat": "At most 5 boats in this offer (the disc's number)."
    }
    assert state.view(1)["build"]["offer_caps"]["matching"] == 29
    assert "offer_caps" not in state.view(0)["build"]  # the active player makes no offer
    assert "offer_caps" not in state.view(None)["build"]


def test_why_a_selection_of_offers_cannot_be_accepted() -> None:
    hands = {0: "2 camel", 1: "2 camel", 2: "3 camel", 3: "2 camel"}
    state = scene(disc=disc_id(4, CAMEL), hands=hands)
    play(state, "build giza 1", "offer 2 camel + exchange", "offer 3 camel + exchange")
    play(state, "offer 2 camel")
    build = state.view(0)["build"]
    refusals = {tuple(r["seats"]): r["reason"] for r in build["accept_refusals"]}
    assert refusals == {
        (): "You would have to add 4 camels but hold 2.",
        (1, 2): "At most one accepted offer may hold an exchange card.",
        (2, 3): "These offers hold 5 camels, more than the 4 the disc needs.",
        (1, 2, 3): "At most one accepted offer may hold an exchange card.",
    }
    outcomes = {o["text"]: o for o in build["accept_outcomes"]}
    assert set(outcomes) == {"accept 1", "accept 2", "accept 3", "accept 1 3"}
    # he places the exchange offer's cards himself, and its author takes the disc
    assert outcomes["accept 1"] == {
        "text": "accept 1",
        "seats": [1],
        "add": {"camel": 2},
        "pieces": [4, 0, 0, 0],
        "receiver": 1,
    }
    assert outcomes["accept 1 3"]["add"] == {}
    assert outcomes["accept 1 3"]["pieces"] == [2, 0, 0, 2]
    assert outcomes["accept 3"]["receiver"] == 0
    for viewer in (1, 2, 3, None):
        assert "accept_refusals" not in state.view(viewer)["build"]  # they name his hand
    clone = state.clone()
    play(clone, "accept 1 3")
    assert clone.events[0] == (
        events.DISC_BUILT,
        0,
        0,
        disc_id(4, CAMEL),
        (1, 3),
        1,
        0,
        (2, 0, 0, 2),
    )


def test_a_selection_beyond_the_piece_supply_is_refused_with_it() -> None:
    # Rules example 22: red (0) has 2 pieces left; yellow's 2 camels come with his exchange
    # card, so red would place 4. Red holds a joker, so decision S comes (T17).
    state = scene(
        disc=disc_id(4, CAMEL), hands={0: "4 camel", 1: "2 camel"}, actions={0: ["joker"]}
    )
    put_pieces(state, 1, {0: 14})
    put_pieces(state, 2, {0: 13})
    play(state, "build giza 1", "offer 2 camel + exchange", "offer nothing", "offer nothing")
    refusals = {tuple(r["seats"]): r["reason"] for r in state.view(0)["build"]["accept_refusals"]}
    assert refusals == {
        (): "You would place 4 pieces but have only 2 in your supply.",
        (1,): "You would place 4 pieces but have only 2 in your supply.",
    }


def test_a_joker_that_cannot_fill_the_gap_says_so() -> None:
    # Rules example 20: a joker is exactly 2 cards; 1 boat is missing.
    state = scene(disc=disc_id(4, BOAT), hands={1: "3 boat"}, actions={0: ["joker"]})
    play(state, "build giza 1", "offer 3 boat", "offer nothing", "offer nothing")
    refusals = {tuple(r["seats"]): r["reason"] for r in state.view(0)["build"]["accept_refusals"]}
    assert refusals[(1,)] == (
        "You would have to add 1 boat but hold 0, and your joker (each exactly 2 cards) "
        "cannot make up the rest."
    )


@pytest.mark.parametrize("seed", range(6))
def test_refusals_and_outcomes_agree_with_the_legal_acceptances(seed: int) -> None:
    """In random games: a selection is refused exactly when no legal acceptance takes it,
    and each acceptance places the pieces its outcome says."""
    game = new_game(4, two_type_discs=seed % 2 == 1)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    checked = 0
    while not state.is_terminal():
        if state.view(None)["phase"] == "accept":
            build = state.view(state.active)["build"]
            legal = [a for a in state.legal_actions() if a.kind == ACCEPT]
            masks = {a.seats for a in legal}
            for refusal in build["accept_refusals"]:
                assert tuple(refusal["seats"]) not in masks
                assert refusal["reason"] != "This selection cannot be completed."
            offered = [o["seat"] for o in build["offers"] if any(o["matching"].values())]
            assert len(build["accept_refusals"]) + len(masks) == 1 << len(offered)
            for action in legal:
                after = state.clone()
                after.apply_action(action)
                outcome = next(o for o in build["accept_outcomes"] if o["text"] == action.text)
                built = after.events[0]
                assert built[0] == events.DISC_BUILT
                assert list(built[-1]) == outcome["pieces"]
                assert built[5] == outcome["receiver"]
            checked += 1
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    assert checked


# =========================================================================== the log


def test_the_terminal_log_line_reads_the_events_with_the_seat_names() -> None:
    state = completing_giza()
    before = state.clone()
    action = state.game.parse_action(state, "accept none")
    state.apply_action(action)
    note = render.move_note(before, state, 0, action, 12)
    names = ["Ann", "Bob", "Cyd", "Dan"]
    line = render.note_text(note, None, names).plain
    assert line.startswith(" 12 0 Ann: accepts no offer · 0 Ann built 3 camels on Pyramids")
    assert (
        " · Pyramids of Giza completed, scored on row 1 (8/4): 0 Ann +8, 3 Dan +4, 1 Bob +3, "
        "2 Cyd +3 · 0 Ann draws an action card (face down) · 0 Ann may take a double turn" in line
    )
    # the note holds the engine's events as described (the kernel adds "text" in a view)
    assert list(note.events_for(None)) == [
        {k: v for k, v in e.items() if k != "text"} for e in seen(state)
    ]
