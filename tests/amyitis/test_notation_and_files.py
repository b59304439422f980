"""Amyitis's notation (the decisions in the table, forgiving parse, clear refusals), illegal
moves, saved states (round trips along a game keep the automatic steps; a corrupt file refused
naming what is wrong), views and determinize. The exact round trips of every game's notation
and saved states, and what every game refuses in a saved file, are in
tests/core/test_every_game_notation.py and tests/core/test_every_game_files_and_options.py."""

from __future__ import annotations

import copy
import json
import random
import re

import pytest

import ziggurat
from ziggurat.core.errors import CorruptState, IllegalAction, ZigguratError

from .helpers import (
    A,
    B,
    C,
    act,
    give,
    give_camels,
    new_game,
    position,
    put,
    round_trip,
    set_plant,
    set_temple,
)


def test_the_table_has_every_decision() -> None:
    texts = {a.text for a in new_game(4).actions.actions}
    for text in (
        "pass",
        "recruit 4 merchant",
        "caravan babylon",
        "caravan ninua",
        "field F2",
        "temple tammouz",
        "irrigate G32-G33.2",
        "sell wine wine",
        "court palace pay wine",
        "plant G33 pay wine wine",
        "take wine",
        "choose gardener",
        "procession ishtar",
        "ishtar camel",
        "exchange wine for palm",
        "decline",
        "discard palm",
    ):
        assert text in texts
    assert "exchange dates for wine" not in texts  # Tammouz never gives wine
    assert "exchange salt for salt" not in texts
    assert "recruit 4 merchant" not in {a.text for a in new_game(3).actions.actions}


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("PASS", "pass"),
        ("  Recruit   2  ENGINEER ", "recruit 2 engineer"),
        ("caravan UR", "caravan ur"),
        ("field f2", "field F2"),
        ("irrigate g12-g22.1", "irrigate G12-G22.1"),
        ("sell wine dates", "sell dates wine"),
        ("plant g10 pay wine salt", "plant G10 pay salt wine"),
        ("plant G10 PAY Salt", "plant G10 pay salt"),
        ("court banker pay WINE", "court banker pay wine"),
        ("Exchange Wine For Salt", "exchange wine for salt"),
        ("ishtar TALENT", "ishtar talent"),
    ],
)
def test_forgiving_parse(text: str, canonical: str) -> None:
    assert str(new_game(3).parse_action(None, text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fly away", "is not an action; actions are written pass, recruit 2 engineer"),
        ("", "an empty text is no action"),
        ("plant G44 pay salt", "G44 is not a garden square"),
        ("irrigate G00-G33", "G00-G33 is not an irrigation space"),
        ("recruit 9 priest", "write recruit <row> <peasant|priest|engineer|merchant>"),
        ("recruit 1 farmer", "write recruit <row>"),
        ("caravan rome", "the cities being babylon, eshnunna, susa"),
        ("sell spices", "write sell <one or two resources>"),
        ("sell dates dates dates", "write sell <one or two resources>"),
        ("court gardener pay salt", "court <banker|caravaneer|palace> pay <resource>"),
        ("exchange salt for wine", "exchange <resource> for <barley|dates|salt|palm>"),
        ("field F3", "field F1 or field F2"),
        ("temple anu", "temple <ishtar|marduk|tammouz>"),
    ],
)
def test_bad_text_is_refused_with_what_is_allowed(text: str, message: str) -> None:
    with pytest.raises(IllegalAction, match=re.escape(message)):
        new_game(3).parse_action(None, text)


def test_refusals_are_value_errors() -> None:
    with pytest.raises(ValueError):
        new_game(2).parse_action(None, "nonsense")
    with pytest.raises(IllegalAction, match="written as text"):
        new_game(2).parse_action(None, 7)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="is outside 0"):
        new_game(2).int_to_action(None, 10_000)


def test_illegal_moves_raise_and_change_nothing() -> None:
    state = position(3)
    game = state.game
    snapshot = json.dumps(state.to_json(), sort_keys=True)
    for text, reason in (
        ("caravan ur", "moving to ur costs 3 camels, seat 0 has 0"),
        ("field F1", "seat 0 must now pass, recruit a craftsman or move the caravan"),
        ("recruit 3 merchant", "row 3 has no face-up merchant"),
        ("procession ishtar", "must now pass, recruit"),
        ("sell wine", "must now pass"),
    ):
        with pytest.raises(IllegalAction, match=reason):
            state.apply_action(game.parse_action(state, text))
        assert json.dumps(state.to_json(), sort_keys=True) == snapshot
    with pytest.raises(IllegalAction, match="is text"):
        state.apply_action("pass")  # type: ignore[arg-type]
    foreign = new_game(4).parse_action(None, "recruit 4 merchant")
    with pytest.raises(IllegalAction, match="not an action of this game"):
        state.apply_action(foreign)
    assert json.dumps(state.to_json(), sort_keys=True) == snapshot


def test_why_illegal_in_a_city() -> None:
    state = position(3)
    state.caravan = 2  # Susa
    give(state, A, "salt")
    give_camels(state, A, 1)
    set_plant(state, "ur", "P1", 0)
    reason = state.why_illegal(state.game.parse_action(state, "caravan ur"))
    assert reason == (
        "caravan ur: seat 0 cannot carry out ur's action (its demand, or nothing to do there)"
    )
    put(state, "G00-G10", B)
    assert state.why_illegal(state.game.parse_action(state, "caravan ur")) is None
    give(state, A, "dates")
    act(state, "caravan ur")
    reason = state.why_illegal(state.game.parse_action(state, "plant G10 pay dates"))
    assert reason == "plant G10 pay dates: the payment must be salt (wine may stand for any)"
    reason = state.why_illegal(state.game.parse_action(state, "plant G10 pay wine"))
    assert reason == "plant G10 pay wine: seat 0 does not hold wine"
    reason = state.why_illegal(state.game.parse_action(state, "plant G33 pay salt"))
    assert reason == "plant G33 pay salt: G33 cannot be planted with a quality 1 plant"


def test_illegal_irrigation_and_plant_reasons() -> None:
    state = position(3, rows=["engineer engineer engineer"] * 3)
    act(state, "recruit 1 engineer")
    reason = state.why_illegal(state.game.parse_action(state, "irrigate G22-G23.1"))
    assert reason == "irrigate G22-G23.1: G22-G23.1 is taken or not connected to the river"


# ------------------------------------------------------------------ saved states


def mid_game(players: int = 3, steps: int = 80, seed: int = 4):
    game = new_game(players)
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    for _ in range(steps):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_round_trip_along_a_game(players: int) -> None:
    game = new_game(players)
    rng = random.Random(players)
    state = game.new_initial_state(players)
    step = 0
    while not state.is_terminal():
        if step % 17 == 0:
            again = round_trip(state)
            assert again.legal_actions() == state.legal_actions()
            assert [str(a) for a in again.automatic] == [str(a) for a in state.automatic]
        state.apply_action(rng.choice(state.legal_actions()))
        step += 1
    again = round_trip(state)
    assert again.winners() == state.winners() and again.scores() == state.scores()


def corrupt(change, players: int = 3):
    """The JSON of a mid-game state with ``change(data)`` applied."""
    state = mid_game(players)
    data = copy.deepcopy(state.to_json())
    change(data)
    return state.game, data


def _set(path: str, value):
    def change(data):
        *head, last = path.split(".")
        target = data
        for key in head:
            target = target[int(key)] if key.isdigit() else target[key]
        target[int(last) if last.isdigit() else last] = value

    return change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_set("players.0.camels", 13), "camels held and in stock must add up to 14"),
        (_set("stock.resources.4", 6), "wine held and in stock must add up to 7"),
        (_set("players.1.cubes", 29), "seat 1 has 29 cubes in supply"),
        (_set("stock.court.0", 0), "banker level 1: held and left must add up to 2"),
        (_set("stock.gardeners", 5), "gardeners held and left must add up to 4"),
        (_set("phase", "dancing"), "phase 'dancing' is not one of"),
        (_set("current", 7), "seat numbers out of range"),
        (_set("caravan", 9), "caravan must be 0..8"),
        (_set("extra", 1), "extra"),
        (_set("players.0.tiles", ["T99"]), "'T99' is not a garden tile"),
        (_set("craft_rows.cards.0", "wizard"), "'wizard' is not one of"),
        (_set("spaces", {"G00-G99": 0}), "'G00-G99' is not an irrigation space"),
        (_set("tiles.G00", "T19"), "T19 belongs to another floor"),
        (_set("plant_cards.ur", ["PK", 0]), "plant card PK lies on khorsabad"),
        (_set("players.0.resources", [0, 0, 0, 0, -1]), "resources"),
        (_set("temples", [[9], [], []]), "9 is not a seat or 'neutral'"),
        (_set("fields", [[0, 0, 0, 0, 0], []]), "holds at most 4 cubes"),
        (_set("passed", [0, 0]), "passed lists distinct seats"),
        (_set("automatic", ["fly away"]), "'fly away' is not an action"),
    ],
)
def test_corrupt_state_is_refused_naming_the_problem(change, message: str) -> None:
    game, data = corrupt(change)
    with pytest.raises(CorruptState, match=re.escape(message)):
        game.state_from_json(data)


def test_a_state_with_no_choice_to_make_is_refused() -> None:
    state = position(3)
    set_temple(state, "marduk", [A])
    data = state.to_json()
    data["phase"] = "ishtar"  # camel or talent: a choice
    state.game.state_from_json(data)
    data["phase"] = "tile resource"
    data["pending"]["resources"] = 1
    state.game.state_from_json(data)  # five kinds in stock: a choice
    data["phase"] = "storage"  # seat 0 holds nothing to discard
    with pytest.raises(CorruptState, match="gives seat 0 no choice to make"):
        state.game.state_from_json(data)


def test_a_passed_seat_cannot_be_the_one_to_act() -> None:
    state = position(3)
    data = state.to_json()
    data["passed"] = [0]
    with pytest.raises(CorruptState, match="the seat to act has passed"):
        state.game.state_from_json(data)


def test_planted_squares_and_tiles_must_agree() -> None:
    state = position(3)
    data = state.to_json()
    tile = data["tiles"].pop("G00")
    with pytest.raises(CorruptState, match="every square in use holds a tile or has been planted"):
        state.game.state_from_json(data)
    data["players"][1]["tiles"] = [tile]
    with pytest.raises(CorruptState, match="seat 1 owns 1 tiles but planted 0 squares"):
        state.game.state_from_json(data)
    data["planted"] = {"G00": 1}
    state.game.state_from_json(data)


# ------------------------------------------------------------------ views and determinize


def test_views_are_public_and_json() -> None:
    state = mid_game(4)
    put_seen = [state.view(s) for s in (0, 1, 2, 3, None)]
    for seen in put_seen:
        text = json.dumps(seen)
        assert '"rng"' not in text
        assert {k: v for k, v in seen.items() if k != "seat"} == {
            k: v for k, v in put_seen[0].items() if k != "seat"
        }
    with pytest.raises(ZigguratError, match="not a seat of this game"):
        state.view(4)


def test_determinize_keeps_the_view_and_changes_only_the_future_deal() -> None:
    state = position(3)
    put(state, "G00-G10", B)
    state.passed = [B, C]
    differs = 0
    for key in range(8):
        world = state.determinize(A, random.Random(key))
        assert world.view(A) == state.view(A)
        assert world.legal_actions() == state.legal_actions()
        saved, other = state.to_json(), world.to_json()
        assert {k: v for k, v in saved.items() if k != "rng"} == {
            k: v for k, v in other.items() if k != "rng"
        }
        real, imagined = state.clone(), world
        for s in (real, imagined):
            act(s, "pass")
            act(s, "procession marduk")
        assert real.round == imagined.round == 2
        real_json, imagined_json = real.to_json(), imagined.to_json()
        for part in ("craft_rows", "rng"):
            real_json.pop(part)
            imagined_json.pop(part)
        assert real_json == imagined_json
        differs += real.row_cards != imagined.row_cards
    assert differs >= 4
    with pytest.raises(ZigguratError):
        state.determinize(None, random.Random(1))  # type: ignore[arg-type]


def test_clone_is_independent() -> None:
    state = mid_game(2)
    snapshot = state.to_json()
    other = state.clone()
    other.apply_action(other.legal_actions()[-1])
    assert state.to_json() == snapshot


def test_view_names_who_took_each_automatic_step_and_the_standings() -> None:
    state = ziggurat.load_game("amyitis", players=3).new_initial_state(seed=4)
    rng = random.Random(4)
    seen_auto = False
    while not state.is_terminal() and not seen_auto:
        state.apply_action(rng.choice(state.legal_actions()))
        view = state.view(0)
        moves = view["automatic_moves"]
        assert [m["action"] for m in moves] == view["automatic"]
        assert len(moves) == len(state.automatic_seats)
        seen_auto = bool(moves)
        places = view["temple_places"]
        assert set(places) == {"ishtar", "marduk", "tammouz"}
        assert all(len(p) == 2 for p in places.values())
        assert len(view["field_leaders"]) == 2
    assert seen_auto
    assert all(0 <= m["seat"] < 3 and m["words"] for m in moves)
    assert view["rules"]["marduk_vp"] == [2, 1] and view["rules"]["engineer_vp"] == 2


def test_view_gives_the_caravan_cost_to_every_city_for_the_seat_to_move() -> None:
    state = ziggurat.load_game("amyitis", players=2).new_initial_state(seed=1)
    costs = state.view(None)["caravan_costs"]
    assert costs == {
        "babylon": None,
        "eshnunna": 1,
        "susa": 2,
        "ur": 3,
        "uruk": 4,
        "mari": 5,
        "palmyra": 6,
        "khorsabad": 7,
        "ninua": 8,
    }
