"""What a move caused, as the engine records it (games/amyitis/events.py): worked positions
whose events are asserted exactly (the raw tuples, their fields and their words with the
default seat names), the events of the steps the engine takes by itself, a saved state's
events, a corrupt saved event refused, the events of a new round telling nothing of the
deal; the terminal's log reading them; and the rule facts the view now carries for the
front ends (the temples' rewards, the craftsmen's effects, a Gardener's quality, the
irrigation and planting being decided)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ziggurat.core.errors import CorruptState
from ziggurat.core.events import plain
from ziggurat.core.rng import Rng
from ziggurat.games.amyitis import events, render
from ziggurat.games.amyitis.scoring import TILES, add_points

from .helpers import (
    A,
    B,
    C,
    D,
    N,
    act,
    end_action_phase,
    give,
    give_camels,
    legal,
    plant,
    plant_many,
    position,
    put,
    put_all,
    round_trip,
    set_field,
    set_plant,
    set_temple,
    set_tile,
    tiles_left,
)

ESHNUNNA, BABYLON, NINUA = 1, 0, 8
G22 = 10


def texts(state: Any, viewer: int | None = None) -> list[str]:
    """The words of the last action's events as ``viewer`` reads them (default names)."""
    return [e["text"] for e in state.view(viewer)["events"]]


def described(state: Any, kind: str) -> dict[str, Any]:
    """The one event of ``kind`` in the last action's, as a spectator reads it."""
    found = [e for e in state.view(None)["events"] if e["type"] == kind]
    assert len(found) == 1, found
    return found[0]


# ------------------------------------------------------------------ worked positions


def planting_position() -> Any:
    """Seat 0 at Babylon with a camel, barley and salt; Eshnunna shows P1 face 1 (Q3 + salt);
    T15 (6 VP) on G22, both halves of G12-G22 hold seat 1's cubes, G12, G21 and G23 are
    planted: the only planting is G22, paying barley and salt."""
    state = position(3)
    set_plant(state, "eshnunna", "P1", 1)
    give(state, A, "barley", "salt")
    give_camels(state, A, 1)
    set_tile(state, "G22", "T15")
    put_all(state, {"G12-G22.1": B, "G12-G22.2": B})
    for name in ("G12", "G21", "G23"):
        plant(state, name, C)
    return state


def test_a_planting_tells_the_caravan_the_tile_the_majority_the_grey_cubes_and_the_card() -> None:
    state = planting_position()
    act(state, "caravan eshnunna")
    assert [str(a) for a in state.automatic] == ["plant G22 pay barley salt"]
    assert state.events == (
        (events.CARAVAN_MOVED, A, BABYLON, ESHNUNNA, 1),
        (events.TILE_TAKEN, A, G22, 14, (0, 2), 0),
        (events.IRRIGATION_MAJORITY, G22, B, 3),
        (events.GREY_CUBES, G22, (23, 24, 25, 26)),
        (events.PLANT_TURNED, ESHNUNNA, 1, 0),
    )
    assert texts(state) == [
        "the caravan moves 1 step from Babylon to Eshnunna: seat 0 pays 1 camel",
        "seat 0 takes garden tile T15 from G22 (paid barley and salt): 6 VP",
        "the irrigation around G22: seat 1 has most cubes, +3",
        "4 grey cubes on the sides of G22 towards planted squares "
        "(G21-G22.1, G21-G22.2, G22-G23.1, G22-G23.2)",
        "Eshnunna's plant card P1 turns over: now quality 1",
    ]
    tile = described(state, events.TILE_TAKEN)
    assert tile["seat"] == A and tile["square"] == "G22" and tile["tile"] == "T15"
    assert tile["paid"] == ["barley", "salt"] and tile["points"] == [6, 0, 0]
    assert described(state, events.IRRIGATION_MAJORITY)["points"] == [0, 3, 0]
    caravan = described(state, events.CARAVAN_MOVED)
    assert (caravan["from"], caravan["city"], caravan["camels"]) == ("babylon", "eshnunna", 1)
    assert described(state, events.GREY_CUBES)["spaces"] == [
        "G21-G22.1",
        "G21-G22.2",
        "G22-G23.1",
        "G22-G23.2",
    ]
    turned = described(state, events.PLANT_TURNED)
    assert (turned["city"], turned["card"], turned["face"]) == ("eshnunna", "P1", 0)
    assert state.vp == [6, 3, 0]


def test_a_tile_court_card_with_none_left_is_lost_and_said_so() -> None:
    """T12 gives the next banker: with no level-1 banker left for seat 0 it is lost."""
    state = planting_position()
    set_tile(state, "G22", "T12")
    state.court_left[0:3] = [0, 0, 0]  # (not conserved: what the tile's bonus finds)
    act(state, "caravan eshnunna")
    assert state.events[1:3] == (
        (events.TILE_TAKEN, A, G22, 11, (0, 2), 0),
        (events.COURT_CARD, A, 0, -1, 0),
    )
    assert texts(state)[1:3] == [
        "seat 0 takes garden tile T12 from G22 (paid barley and salt): the next banker",
        "no banker card is left for seat 0: the tile's court card is lost",
    ]


def test_recruits_tell_the_price_and_a_merchants_camels() -> None:
    state = position(3)
    act(state, "recruit 1 merchant")
    assert state.events == ((events.RECRUITED, A, 0, 3, 0, 1),)
    assert texts(state) == ["seat 0 takes row 1's merchant for free and takes 1 camel"]
    act(state, "recruit 1 merchant")
    assert state.events == ((events.RECRUITED, B, 0, 3, 1, 1),)
    assert texts(state) == ["seat 1 pays 1 talent for row 1's merchant and takes 1 camel"]
    state.camel_stock = 0  # (not conserved: the stock runs dry)
    act(state, "recruit 1 merchant")
    assert texts(state) == [
        "seat 2 pays 2 talents for row 1's merchant and takes no camel: none is left"
    ]
    recruited = described(state, events.RECRUITED)
    assert recruited == {
        "type": "recruited",
        "seat": C,
        "row": 1,
        "craft": "merchant",
        "talents": 2,
        "camels": 0,
        "parts": [
            {"seat": C},
            " pays 2 talents for row 1's merchant",
            " and ",
            "takes no camel: none is left",
        ],
        "text": "seat 2 pays 2 talents for row 1's merchant and takes no camel: none is left",
    }


def test_a_completed_field_row_tells_who_got_no_gardener_and_the_cubes_home() -> None:
    state = position(3, rows=["peasant peasant peasant"] * 3)
    set_field(state, 1, [B, B, B, A])
    state.gardeners_left = 0
    state.gardeners[C] = 4
    act(state, "recruit 1 peasant")
    act(state, "field F2")
    assert state.events == (
        (events.FIELD_CUBE, A, 1, 4, 1),
        (events.FIELD_COMPLETED, 1, B, 0, (2, 3, 0)),
    )
    assert texts(state) == [
        "seat 0 takes wine from field row F2",
        "field row F2 is complete: seat 1 has most cubes but no Gardener is left; "
        "the cubes go home: 2 to seat 0, 3 to seat 1",
    ]
    row = described(state, events.FIELD_COMPLETED)
    assert row["winner"] == B and row["gardener"] is False and row["cubes_home"] == [2, 3, 0]


def test_a_completed_field_row_gives_its_gardener() -> None:
    state = position(4, rows=["peasant peasant peasant"] * 4)
    set_field(state, 0, [C, C, D, B])
    act(state, "recruit 1 peasant")
    act(state, "field F1")
    assert state.events[-1] == (events.FIELD_COMPLETED, 0, C, 1, (1, 1, 2, 1))
    assert texts(state)[-1] == (
        "field row F1 is complete: seat 2 (most cubes) takes a Gardener; "
        "the cubes go home: 1 to seat 0, 1 to seat 1, 2 to seat 2, 1 to seat 3"
    )


def test_a_field_cube_on_an_empty_stock_takes_nothing() -> None:
    state = position(3, rows=["peasant peasant peasant"] * 3)
    state.res_stock[0] = 0  # (not conserved: no barley in the stock)
    act(state, "recruit 1 peasant")
    act(state, "field F1")
    assert state.events == ((events.FIELD_CUBE, A, 0, 0, 0),)
    assert texts(state) == ["seat 0 gets no barley from field row F1: none is left in the stock"]


def test_the_temples_rewards_at_the_end_of_the_round() -> None:
    """Ishtar holds 1, 0, 0; Marduk 2, 0, 0; Tammouz 0, 2, 2. Seat 1 passes last and leads the
    procession to Tammouz: seat 0 is 1st of Ishtar (seat 1 2nd) and of Marduk (seat 2 2nd);
    seat 2 is 1st of Tammouz, seat 0 2nd."""
    state = position(3)
    set_temple(state, "ishtar", [B, A, A])
    set_temple(state, "marduk", [C, A, A])
    set_temple(state, "tammouz", [A, C, C])
    end_action_phase(state, last=B)
    assert state.events == ((events.PASSED, B, 0, 2),)
    assert texts(state) == ["seat 1 is the third to pass"]
    act(state, "procession tammouz")
    assert state.events == ((events.PROCESSION, B, 2, 1),)
    assert texts(state) == [
        "the procession: seat 1's cube enters the temple of Tammouz; "
        "a grey cube enters Ishtar and Marduk"
    ]
    act(state, "ishtar camel")
    assert state.events == (
        (events.ISHTAR_REWARD, A, 0, B, 1),
        (events.MARDUK_REWARD, A, C, (2, 0, 1)),
        (events.TAMMOUZ_REWARD, C, A, 1),
    )
    assert texts(state) == [
        "Ishtar: seat 0 (1st) takes the camel, seat 1 (2nd) takes the talent",
        "Marduk: seat 0 (1st) +2, seat 2 (2nd) +1",
        "Tammouz: seat 2 (1st) may put a cube on a field row, seat 0 (2nd) may exchange a resource",
    ]
    marduk = described(state, events.MARDUK_REWARD)
    assert (marduk["first"], marduk["second"], marduk["points"]) == (A, C, [2, 0, 1])
    act(state, "field F2")  # seat 2's field cube; seat 0 holds nothing to exchange
    assert state.events[:2] == (
        (events.FIELD_CUBE, C, 1, 2, 1),
        (events.NO_EXCHANGE, A),
    )
    assert state.events[2] == (events.NEW_ROUND, 2, B)
    assert texts(state)[1:3] == [
        "seat 0 (Tammouz's 2nd) has nothing to exchange",
        "round 2 begins: seat 1 starts",
    ]


def test_the_procession_pushes_cubes_home_and_a_leader_without_cubes_places_none() -> None:
    state = position(3)
    set_temple(state, "ishtar", [A, A, A, A])
    set_temple(state, "marduk", [N, N, N, B])
    end_action_phase(state, last=C)
    state.cubes[C] = 0  # (not conserved: the leader's supply is empty)
    act(state, "procession tammouz")
    assert state.events[:3] == (
        (events.PROCESSION, C, 2, 0),
        (events.CUBE_PUSHED_OUT, 0, A),
        (events.CUBE_PUSHED_OUT, 1, B),
    )
    assert texts(state)[:3] == [
        "the procession: seat 2 has no cube left for the temple of Tammouz; "
        "a grey cube enters Ishtar and Marduk",
        "seat 0's cube is pushed out of the temple of Ishtar and goes home",
        "seat 1's cube is pushed out of the temple of Marduk and goes home",
    ]


def test_a_sale_at_babylon_and_a_palace_tell_their_points() -> None:
    state = position(3)
    for name in state.game.data.space_ids:
        put(state, name, N)  # no irrigation after the sale
    give(state, A, "salt", "palm", "dates")
    give_camels(state, A, 2)
    state.caravan = NINUA
    act(state, "caravan babylon")
    act(state, "sell palm salt")
    assert state.events == ((events.SOLD, A, 2, 6),)
    assert texts(state) == ["Babylon pays 6 VP to seat 0 for 2 resources"]
    assert described(state, events.SOLD)["points"] == [6, 0, 0]
    state.current = B
    give(state, B, "palm")
    give_camels(state, B, 4)
    act(state, "caravan uruk")
    act(state, "court palace pay palm")
    assert state.events == ((events.COURT_CARD, B, 2, 1, 3),)
    assert texts(state) == ["seat 1 takes the palace of level 1: +3 VP"]


def test_an_engineers_irrigation_tells_its_points_and_the_view_says_them_before() -> None:
    state = position(3, rows=["engineer engineer engineer"] * 3)
    act(state, "recruit 1 engineer")
    assert state.view(None)["pending"]["irrigation"] == {"source": "engineers", "points": 2}
    status = " ".join(render.view_text(state.view(A), width=120).split("Round ")[-1].split())
    assert status.endswith("(open spaces are marked +; the engineer's cube scores 2 VP)")
    act(state, "irrigate G00-G10")
    assert state.events == ((events.IRRIGATION_POINTS, A, 0, 2, 0),)
    assert texts(state) == ["seat 0 scores 2 VP for an engineer's irrigation on G00-G10"]
    assert state.view(None)["pending"]["irrigation"] is None


def test_passing_tells_the_order_and_the_income_of_the_seats_passed() -> None:
    state = position(3)
    act(state, "pass")
    assert state.events == ((events.PASSED, A, 0, 0),)
    act(state, "recruit 1 merchant")
    assert state.events == (
        (events.RECRUITED, B, 0, 3, 0, 1),
    )  # seat 2 is next: no passed seat in between
    act(state, "recruit 1 merchant")
    assert state.events == (
        (events.RECRUITED, C, 0, 3, 1, 1),
        (events.PASS_INCOME, A, 1),
    )
    assert texts(state)[1] == "seat 0 has passed and takes 1 talent as the turn comes round"


def test_automatic_steps_record_what_they_caused_and_stay_listed() -> None:
    """Seat 0 passes; seats 1 and 2 can only pass too (every irrigation space is taken and
    the rows hold engineers only): the two passes are the engine's, their events follow
    seat 0's."""
    state = position(3, rows=["engineer engineer engineer"] * 3)
    for name in state.game.data.space_ids:
        put(state, name, N)
    act(state, "pass")
    assert [str(a) for a in state.automatic] == ["pass", "pass"]
    assert state.events == (
        (events.PASSED, A, 0, 0),
        (events.PASSED, B, 0, 1),
        (events.PASSED, C, 0, 2),
    )
    view = state.view(None)
    assert [(m["seat"], m["action"]) for m in view["automatic_moves"]] == [(B, "pass"), (C, "pass")]
    note = render.move_note(position(3), state, A, state.game.parse_action(position(3), "pass"), 7)
    line = render.note_text(note, None, ["Ann", "Bob", "Cy"]).plain
    assert line == (
        "  7 0 Ann: passes · 1 Bob passes (nothing else possible) · 2 Cy passes (nothing else "
        "possible) · 0 Ann is the first to pass · 1 Bob is the second to pass · 2 Cy is the "
        "third to pass"
    )


def test_bankers_are_paid_at_a_new_round() -> None:
    state = position(3)
    state.levels[0] = 2  # (not conserved: seat 0 holds the banker of level 2)
    state.levels[3 * 2] = 1
    end_action_phase(state, last=C)
    act(state, "procession ishtar")
    act(state, "ishtar camel")
    assert state.round == 2
    assert state.events[-2:] == (
        (events.NEW_ROUND, 2, B),
        (events.BANKERS_PAID, (2, 0, 1), (0, 0, 0)),
    )
    assert texts(state)[-1] == "the Bankers pay 2 talents to seat 0, 1 talent to seat 2"


# ------------------------------------------------------------------ the end


def end_position(talent: int = 0, points_b: int = 0) -> Any:
    """Seats 0 and 1 have planted six garden tiles each (4 left: the end), seat 2 none; seat
    2 leads the last procession to Ishtar and takes the talent."""
    state = position(3)
    plant_many(state, {A: 6, B: 6, C: 0})
    assert tiles_left(state) == 4
    state.talents[A] += talent
    add_points(state, B, points_b, TILES)
    end_action_phase(state, last=C)
    act(state, "procession ishtar")
    act(state, "ishtar talent")
    return state


def test_the_end_tells_why_the_final_scoring_and_a_shared_win() -> None:
    state = end_position()
    assert state.is_terminal()
    assert state.events[-4:] == (
        (events.FINAL_SCORED, A, 6, 10, 0, 0),
        (events.FINAL_SCORED, B, 6, 10, 0, 0),
        (events.FINAL_SCORED, C, 0, 0, 0, 0),
        (events.GAME_OVER, 4, 4, (A, B), "shared"),
    )
    assert texts(state)[-4:] == [
        "final scoring: seat 0 holds 6 garden tiles, Amyitis +10; 0 resources left, +0",
        "final scoring: seat 1 holds 6 garden tiles, Amyitis +10; 0 resources left, +0",
        "final scoring: seat 2 holds 0 garden tiles, Amyitis +0; 0 resources left, +0",
        "the game is over: only 4 garden tiles are left (the end comes at 4 or fewer); "
        "seat 0 and seat 1 share the win",
    ]
    over = described(state, events.GAME_OVER)
    assert over["winners"] == [A, B] and over["decided_by"] == "shared"
    assert state.view(None)["events"][-4]["points"] == [10, 0, 0]


def test_the_end_tells_which_tiebreak_decided() -> None:
    state = end_position(talent=1)
    assert state.events[-1] == (events.GAME_OVER, 4, 4, (A,), "talents")
    assert texts(state)[-1].endswith("; seat 0 wins the tie on points by more talents")
    state = end_position(points_b=1)
    assert state.events[-1] == (events.GAME_OVER, 4, 4, (B,), "points")
    assert texts(state)[-1].endswith("; seat 1 wins")


def test_the_end_with_leftovers_and_a_tie_broken_by_tiles() -> None:
    state = position(3)
    plant_many(state, {A: 6, B: 4, C: 0})
    plant_many(state, {C: 2})
    add_points(state, B, 5, TILES)  # B's Amyitis bonus is 5 short of A's
    give(state, A, "salt", "dates")
    give(state, B, "palm", "wine")
    end_action_phase(state, last=C)
    act(state, "procession ishtar")
    act(state, "ishtar talent")
    assert state.events[-4:] == (
        (events.FINAL_SCORED, A, 6, 10, 2, 2),
        (events.FINAL_SCORED, B, 4, 5, 2, 2),
        (events.FINAL_SCORED, C, 2, 0, 0, 0),
        (events.GAME_OVER, 4, 4, (A,), "garden_tiles"),
    )
    assert texts(state)[-3] == (
        "final scoring: seat 1 holds 4 garden tiles, Amyitis +5; 2 resources left, +2"
    )
    assert texts(state)[-1].endswith("; seat 0 wins the tie on points by more garden tiles")


# ------------------------------------------------------------------ saving and checking


def test_a_saved_state_keeps_its_events() -> None:
    state = planting_position()
    act(state, "caravan eshnunna")
    saved = state.to_json()
    assert saved["events"] == [plain(e) for e in state.events]
    again = round_trip(state)
    assert again.events == state.events
    assert again.view(B)["events"] == state.view(B)["events"]
    assert json.loads(json.dumps(saved))["events"][1] == ["tile_taken", 0, 10, 14, [0, 2], 0]


def test_a_new_game_starts_with_no_events() -> None:
    state = position(3)
    assert state.events == () and state.view(None)["events"] == []


@pytest.mark.parametrize(
    "bad",
    [
        ["tile_taken", 0, 10, 14, [0, 2]],  # a field short
        ["tile_taken", 0, 10, 14, [0, 2], 0, 1],  # a field too many
        ["tile_taken", 3, 10, 14, [0, 2], 0],  # no seat 3 in a 3-player game
        ["tile_taken", -1, 10, 14, [0, 2], 0],
        ["tile_taken", 0, 99, 14, [0, 2], 0],  # no such square
        ["tile_taken", 0, 10, 14, [0, 7], 0],  # no such resource
        ["tile_taken", 0, 10, "T15", [0, 2], 0],
        ["caravan_moved", 0, 0, 9, 1],  # no such city
        ["field_completed", 1, 1, 2, [2, 3, 0]],  # given is 0 or 1
        ["field_completed", 1, 1, 0, [2, 3]],  # cubes home for every seat
        ["marduk_reward", 0, 2, [2, 0, -1]],
        ["court_card", 0, 2, 4, 3],  # no level 4
        ["court_card", 0, 0, 1, 3],  # a banker pays no points at once
        ["ishtar_reward", 0, 2, 1, 1],  # no third item
        ["game_over", 4, 4, [], "shared"],
        ["game_over", 4, 4, [0], "dice"],
        ["new_round", 0, 1],
        ["plant_turned", 1, 0, 2],
        ["grey_cubes", 10, []],
        ["city_scored", 1, 2],  # Babylonia's, not Amyitis's
        [],
    ],
)
def test_a_corrupt_saved_event_is_refused(bad: list[Any]) -> None:
    state = planting_position()
    act(state, "caravan eshnunna")
    data = json.loads(json.dumps(state.to_json()))
    with pytest.raises(CorruptState, match="events holds"):
        state.game.state_from_json({**data, "events": [bad]})


def test_the_events_of_a_new_round_tell_nothing_of_the_deal() -> None:
    """The round's end deals the craft rows from the state's generator (the only thing a
    seat cannot know): two worlds with different generators deal different rows but record
    the same events, and every seat reads the same words."""
    worlds = []
    for seed in (1, 2):
        state = position(3)
        state.rng = Rng(seed)
        end_action_phase(state, last=C)
        act(state, "procession ishtar")
        act(state, "ishtar talent")
        worlds.append(state)
    assert worlds[0].row_cards != worlds[1].row_cards
    assert worlds[0].events == worlds[1].events
    for seat in (A, B, C, None):
        assert worlds[0].view(seat)["events"] == worlds[1].view(seat)["events"]
        assert worlds[0].view(seat)["events"] == worlds[0].view(None)["events"]


# ------------------------------------------------------------------ the terminal's log


def test_the_log_line_is_the_moves_words_then_its_events_with_names() -> None:
    state = planting_position()
    before = state.clone()
    action = state.game.parse_action(state, "caravan eshnunna")
    act(state, "caravan eshnunna")
    note = render.move_note(before, state, A, action, 12)
    line = render.note_text(note, B, ["Ann", "Bob", "Cy"]).plain
    assert line == (
        " 12 0 Ann: moves the caravan to Eshnunna, then plants G22, paying barley and salt (the "
        "only option) +6, 1 Bob +3 · the caravan moves 1 step from Babylon to Eshnunna: 0 Ann "
        "pays 1 camel · 0 Ann takes garden tile T15 from G22 (paid barley and salt): 6 VP · the "
        "irrigation around G22: 1 Bob has most cubes, +3 · 4 grey cubes on the sides of G22 "
        "towards planted squares (G21-G22.1, G21-G22.2, G22-G23.1, G22-G23.2) · Eshnunna's "
        "plant card P1 turns over: now quality 1"
    )
    assert note.events_for(None) == note.events_for(A) == note.events_for(C)


# ------------------------------------------------------------------ rule facts in the view


def test_the_view_carries_the_rule_texts_the_front_ends_show() -> None:
    rules = position(3).view(None)["rules"]
    assert rules["gardener_quality"] == 1
    assert rules["temple_rewards"] == {
        "ishtar": ["a camel or a talent", "the other"],
        "marduk": ["2 VP", "1 VP"],
        "tammouz": ["a field cube and its resource", "an exchange of a resource"],
    }
    assert rules["craft_texts"] == {
        "peasant": ["field cube + its resource", "a cube on a field row, taking its resource"],
        "priest": ["a cube into a temple", "a cube into a temple, pushing the others on"],
        "engineer": ["irrigation cube, 2 VP", "a cube on an irrigation space, 2 VP"],
        "merchant": ["1 camel", "1 camel from the stock"],
    }
    text = render.view_text(position(3).view(A), width=120)
    assert "Tammouz: 1st a field cube and its resource, 2nd an exchange of a resource" in text
    assert "peasant: field cube + its resource · priest: a cube into a temple · " in text
    assert "each gardener adds 1" in text
    assert "Ishtar: 1st a camel or a talent\n" in render.view_text(position(2).view(A), width=120)


def test_the_view_says_how_far_the_plant_being_planted_reaches() -> None:
    """Eshnunna's P1 face 0 is quality 1; with a Gardener it reaches quality 2 (floor 2)."""
    state = position(3)
    set_plant(state, "eshnunna", "P1", 0)
    give(state, A, "barley", "salt")
    give_camels(state, A, 1)
    state.gardeners_left -= 1
    state.gardeners[A] = 1
    put_all(state, {"G10-G11": B, "G11-G12": B})
    act(state, "caravan eshnunna")
    assert state.view(None)["phase"] == "plant city"
    plant_view = state.view(None)["pending"]["plant"]
    assert plant_view == {
        "city": "eshnunna",
        "quality": 1,
        "reach": 2,
        "squares": ["G10", "G11", "G12"],
    }
    assert {str(a).split()[1] for a in state.legal_actions()} == set(plant_view["squares"])
    status = " ".join(render.view_text(state.view(A), width=140).split("Round ")[-1].split())
    assert "a quality 1 plant, reaching quality 2 with the gardeners" in status
    assert legal(state)
