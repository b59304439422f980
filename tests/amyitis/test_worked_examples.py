"""The worked examples TV-01..TV-25 of the rules reference (§11), one test each.

Each test builds the example's position by hand on a real game (see ``helpers``) and plays
it with the real engine, asserting the exact legal moves, scores and holdings the example
gives. Decisions with a single option are taken by the engine on its own (§6.0); where an
example goes through one, the test checks ``state.automatic``.
"""

from __future__ import annotations

import pytest

from ziggurat.games.amyitis import rules
from ziggurat.games.amyitis.phases import (
    PHASE_ACTION,
    PHASE_IRRIGATE,
    PHASE_ISHTAR,
    PHASE_OVER,
    PHASE_PLANT,
    PHASE_PROCESSION,
    PHASE_SELL,
    PHASE_STORAGE,
    PHASE_TAMMOUZ_FIELD,
    PHASE_TEMPLE,
)

from .helpers import (
    A,
    B,
    C,
    D,
    N,
    act,
    acts,
    alternative_game,
    automatic,
    check_conservation,
    city,
    empty_stock,
    end_action_phase,
    fresh,
    give,
    give_camels,
    give_gardeners,
    legal,
    legal_of,
    owner_of,
    plant,
    plant_many,
    plant_until,
    position,
    put,
    put_all,
    resources,
    round_trip,
    set_court,
    set_field,
    set_plant,
    set_rows,
    set_temple,
    set_tile,
    space,
    square,
    temple,
    tiles_left,
    use_up_cubes,
)

RIVER = {"G00-G01", "G00-G10", "G01-G02", "G02-G03", "G10-G20", "G20-G30"}


def irrigable_names(state) -> set[str]:
    data = state.game.data
    mask = rules.irrigable(state)
    return {data.space_ids[s] for s in range(len(data.space_ids)) if mask >> s & 1}


def plantable_names(state, seat: int, quality: int) -> set[str]:
    data = state.game.data
    return {data.square_ids[s] for s in rules.plantable(state, seat, quality)}


def test_tv01_recruit_cost() -> None:
    rows = ["peasant priest engineer", "merchant merchant merchant", "priest priest peasant"]
    state = position(3, rows=rows)
    assert legal_of(state, "recruit") == {
        "recruit 1 peasant",
        "recruit 1 priest",
        "recruit 1 engineer",
        "recruit 2 merchant",  # three merchants in a row are one choice
        "recruit 3 priest",
        "recruit 3 peasant",
    }
    act(state, "recruit 1 priest")
    assert state.talents[A] == 3 and state.phase == PHASE_TEMPLE
    act(state, "temple marduk")
    # a player with 0 talents may only recruit from a row with no card taken yet
    broke = state.clone()
    broke.talents[B] = 0
    fresh(broke)
    assert legal_of(broke, "recruit") == {
        "recruit 2 merchant",
        "recruit 3 priest",
        "recruit 3 peasant",
    }
    assert state.current == B
    act(state, "recruit 1 peasant")
    assert state.talents[B] == 2
    act(state, "field F1")
    assert state.current == C
    act(state, "recruit 1 engineer")
    assert state.talents[C] == 1 and state.phase == PHASE_IRRIGATE
    act(state, "irrigate G00-G10")
    assert state.row_taken[:3] == [True, True, True]
    assert rules.row_cost(state, 0) == -1  # a row with all three turned down offers nothing
    assert [state.talents[s] for s in (A, B, C)] == [3, 2, 1]
    check_conservation(state)


def test_tv02_pass_income() -> None:
    state = position(3, rows=["merchant merchant merchant"] * 3)
    act(state, "recruit 1 merchant")  # A
    act(state, "pass")  # B: no income on the turn he passes
    assert state.talents[B] == 3
    act(state, "recruit 2 merchant")  # C
    act(state, "recruit 3 merchant")  # A; then B (passed) +1
    assert state.talents[B] == 4 and state.current == C
    act(state, "recruit 1 merchant")  # C pays 1; then A
    act(state, "pass")  # A; then B +1
    assert state.talents[B] == 5 and state.current == C
    act(state, "pass")  # C: phase over
    assert state.passed == [B, A, C]
    assert [state.talents[s] for s in (A, B, C)] == [3, 5, 2]  # B +2, A +0, C +0 (C paid 1)
    assert state.phase == PHASE_PROCESSION and state.current == C


def test_tv03_caravan_cost() -> None:
    state = position(3)
    set_court(state, A, "caravaneer", 1)
    assert rules.caravan_cost(state, A, city(state, "ur")) == 2
    assert rules.caravan_cost(state, A, city(state, "eshnunna")) == 1
    set_court(state, A, "caravaneer", 2)
    set_court(state, A, "caravaneer", 3)
    assert rules.caravan_cost(state, A, city(state, "ur")) == 1
    assert rules.caravan_cost(state, A, city(state, "eshnunna")) == 1
    # the move itself, with b = 1: to Ur for 2 camels
    set_court(state, A, "caravaneer", 0)
    set_court(state, A, "caravaneer", 1)
    set_plant(state, "ur", "P1", 0)
    put(state, "G00-G10", B)
    give(state, A, "salt")
    give_camels(state, A, 2)
    act(state, "caravan ur")
    assert state.caravan == city(state, "ur") and state.camels[A] == 0
    assert state.camel_stock == 14
    # from position 7 with d = 3 the caravan ends on position 1, passing Babylon
    state = position(3)
    state.caravan = 7
    set_plant(state, "eshnunna", "P1", 0)
    put(state, "G00-G10", B)
    give(state, A, "barley")
    give_camels(state, A, 3)
    assert "caravan eshnunna" in legal(state)
    act(state, "caravan eshnunna")
    assert state.caravan == 1 and state.camels[A] == 0 and state.vp[A] == 0
    assert state.phase == PHASE_PLANT


def test_tv03_caravan_cost_exact_alternative() -> None:
    game = alternative_game(3, caravan_bonus_optional=False)
    state = position(game=game)
    set_court(state, A, "caravaneer", 3)  # b = 4: at least 5 spaces
    costs = [rules.caravan_cost(state, A, c) for c in range(9)]
    assert costs == [-1, -1, -1, -1, -1, 1, 2, 3, 4]


def test_tv04_babylon() -> None:
    state = position(3)
    state.caravan = city(state, "ninua")
    give(state, A, "dates", "salt", "wine")
    give_camels(state, A, 1)
    give_camels(state, B, 1)
    assert "caravan babylon" in legal(state)
    act(state, "caravan babylon")
    assert state.phase == PHASE_SELL and state.camels[A] == 0
    assert legal(state) == {
        "sell dates",
        "sell salt",
        "sell wine",
        "sell dates salt",
        "sell dates wine",
        "sell salt wine",
    }
    act(state, "sell dates salt")
    assert state.vp[A] == 6 and resources(state, A) == {"wine": 1}
    assert state.phase == PHASE_IRRIGATE and state.current == A
    assert legal(state) == {f"irrigate {s}" for s in RIVER}
    act(state, "irrigate G00-G10")
    assert state.vp[A] == 6  # no engineer points at Babylon
    assert owner_of(state, "G00-G10") == A
    # B has no resource: he may not end the caravan on Babylon
    assert state.current == B
    state.caravan = city(state, "ninua")
    fresh(state)
    assert "caravan babylon" not in legal(state)


def test_tv05_court_city() -> None:
    state = position(3)
    give(state, A, "wine")
    give_camels(state, A, 2)
    act(state, "caravan susa")
    assert legal(state) == {"court banker pay wine", "court caravaneer pay wine"}
    act(state, "court banker pay wine")
    assert state.levels[3 * A] == 1 and resources(state, A) == {}
    assert state.court_left[0:3] == [1, 2, 2]  # 3 players: 2 copies per level
    # later, holding Banker L1, he takes Banker L2 and returns the L1 card
    state.current = A
    state.caravan = 0
    give(state, A, "dates")
    give_camels(state, A, 2)
    act(state, "caravan susa")
    act(state, "court banker pay dates")
    assert state.levels[3 * A] == 2 and state.court_left[0:3] == [2, 1, 2]
    check_conservation(state)
    # 2 players: the opponent holds Banker L1 and Caravaneer L1, this player neither
    state = position(2)
    set_court(state, B, "banker", 1)
    set_court(state, B, "caravaneer", 1)
    give(state, A, "dates", "wine")
    give_camels(state, A, 4)
    assert "caravan susa" not in legal(state)
    assert "caravan uruk" in legal(state)  # Uruk offers the Palace too (wine for palm)


def test_tv06_field_completion() -> None:
    state = position(3, rows=["peasant peasant peasant"] * 3)
    set_field(state, 0, [A, B, A, B])
    state.current = C
    fresh(state)
    acts(state, "recruit 1 peasant", "field F1")
    assert state.gardeners == [0, 1, 0]  # B's rightmost cube (space 4) beats A's (space 3)
    assert state.fields[0] == [] and state.cubes == [30, 30, 30]
    assert resources(state, C) == {"wine": 1}
    # variant: A, B, A, C and B takes the wine
    state = position(3, rows=["peasant peasant peasant"] * 3)
    set_field(state, 0, [A, B, A, C])
    state.current = B
    fresh(state)
    acts(state, "recruit 1 peasant", "field F1")
    assert state.gardeners == [0, 1, 0] and state.gardeners_left == 3
    assert resources(state, B) == {"wine": 1} and state.fields[0] == []


def test_tv06_field_completion_tie_none_alternative() -> None:
    game = alternative_game(3, field_tie_rightmost=False)
    state = position(game=game, rows=["peasant peasant peasant"] * 3)
    set_field(state, 0, [A, B, A, B])
    state.current = C
    acts(state, "recruit 1 peasant", "field F1")
    assert state.gardeners == [0, 0, 0] and state.gardeners_left == 4
    assert state.fields[0] == [] and state.cubes == [30, 30, 30]


def test_tv07_priest_push() -> None:
    state = position(3, rows=["priest priest priest"] * 3)
    set_temple(state, "marduk", [A, B, C, A])
    state.current = B
    fresh(state)
    cubes_a = state.cubes[A]
    act(state, "recruit 1 priest")
    assert legal(state) == {"temple ishtar", "temple marduk", "temple tammouz"}
    act(state, "temple marduk")
    assert temple(state, "marduk") == [B, A, B, C]
    assert state.cubes[A] == cubes_a + 1
    check_conservation(state)


def test_tv08_temple_reward_four_players() -> None:
    state = position(4)
    # before the procession; B leads it into Marduk, grey cubes enter Ishtar and Tammouz
    set_temple(state, "marduk", [A, B, C])
    set_temple(state, "ishtar", [D, N, D])
    end_action_phase(state, last=B)
    assert state.phase == PHASE_PROCESSION and state.current == B
    act(state, "procession marduk")
    assert temple(state, "marduk") == [B, A, B, C]
    assert temple(state, "ishtar") == [N, D, N, D]
    assert temple(state, "tammouz") == [N]
    assert state.phase == PHASE_ISHTAR and state.current == D
    assert legal(state) == {"ishtar camel", "ishtar talent"}
    act(state, "ishtar talent")
    assert state.vp == [0, 2, 1, 0]  # B 1st +2, C 2nd (rightmost cube) +1
    assert state.talents == [3, 3, 3, 4] and state.camels == [0, 0, 0, 0]
    assert state.round == 2 and state.phase == PHASE_ACTION


def test_tv09_procession() -> None:
    state = position(3)
    set_temple(state, "ishtar", [A])
    set_temple(state, "marduk", [B, A, B, C])
    end_action_phase(state, last=C)
    cubes_c = state.cubes[C]
    act(state, "procession tammouz")
    assert temple(state, "ishtar") == [N, A]
    assert temple(state, "marduk") == [N, B, A, B]
    assert temple(state, "tammouz") == [C]
    assert state.cubes[C] == cubes_c  # one cube out to Tammouz, one back from Marduk
    assert state.phase == PHASE_ISHTAR and state.current == A
    act(state, "ishtar camel")
    assert state.camels == [1, 0, 0] and state.talents == [3, 3, 3]  # no 2nd in Ishtar
    assert state.vp == [1, 2, 0]
    assert state.phase == PHASE_TAMMOUZ_FIELD and state.current == C
    assert legal(state) == {"field F1", "field F2", "decline"}
    act(state, "field F1")
    assert resources(state, C) == {"barley": 1} and state.fields[0] == [C]
    assert state.round == 2  # no 2nd in Tammouz: no exchange
    check_conservation(state)


def test_tv10_irrigation_legality() -> None:
    state = position(3, rows=["engineer engineer engineer"] * 3)
    assert irrigable_names(state) == RIVER
    act(state, "recruit 1 engineer")
    assert legal(state) == {f"irrigate {s}" for s in RIVER}
    act(state, "irrigate G00-G10")
    assert state.vp[A] == 2
    act(state, "recruit 2 engineer")
    assert legal(state) == {
        "irrigate G00-G01",
        "irrigate G01-G02",
        "irrigate G01-G11",
        "irrigate G02-G03",
        "irrigate G10-G11",
        "irrigate G10-G20",
        "irrigate G20-G30",
    }
    assert "irrigate G11-G21" not in legal(state)


def test_tv11_irrigated_squares() -> None:
    state = position(3)
    put(state, "G00-G10", A)
    irrigated = {
        name for name in state.game.data.square_ids if rules.irrigated(state, square(state, name))
    }
    assert irrigated == {"G00", "G10"}
    # G22 needs both halves of one of its sides
    other = position(3)
    put_all(other, {"G11-G12": A, "G11-G21": A, "G12-G22.1": A})
    assert not rules.irrigated(other, square(other, "G22"))
    put(other, "G12-G22.2", A)
    assert rules.irrigated(other, square(other, "G22"))
    # the cheapest irrigation of G33: six cubes, each on a legal space in turn
    chain = ["G02-G03", "G12-G13", "G22-G23.1", "G22-G23.2", "G23-G33.1", "G23-G33.2"]
    for i, name in enumerate(chain):
        assert not rules.irrigated(state, square(state, "G33"))
        assert name in irrigable_names(state), name
        put(state, name, A)
        if i == 3:
            assert rules.irrigated(state, square(state, "G22"))
            assert rules.irrigated(state, square(state, "G23"))
    assert rules.irrigated(state, square(state, "G33"))


def tv12(game=None):
    state = position(3, game=game)
    put_all(state, {"G00-G10": A, "G10-G20": A, "G10-G11": B})
    plant(state, "G20", A)
    set_tile(state, "G10", "T01")
    set_plant(state, "ur", "P1", 0)
    state.current = C
    give(state, C, "salt")
    give_camels(state, C, 3)
    act(state, "caravan ur")
    assert legal(state) == {"plant G00 pay salt", "plant G10 pay salt"}
    return state


def test_tv12_planting_with_a_majority() -> None:
    state = tv12()
    vp = state.vp[:]
    occupied = state.occupied
    act(state, "plant G10 pay salt")
    assert state.tiles[C] == [state.game.data.tile_ids.index("T01")]
    assert state.talents[C] == 4  # T01: 1 talent
    assert state.vp == [vp[0] + 1, vp[1], vp[2]]  # A 2 cubes, B 1: A + plant quality 1
    assert state.occupied == occupied and state.neutral_mask == 0  # G10-G20 already full
    assert state.card_face[state.city_card[city(state, "ur")]] == 1  # now Q3 + salt
    assert state.res_stock[2] == 7


def test_tv12_floor_alternative_scores_the_same() -> None:
    state = tv12(alternative_game(3, majority_by_quality=False))
    vp = state.vp[:]
    act(state, "plant G10 pay salt")
    assert state.vp[A] == vp[A] + 1  # G10 is on floor 1


def test_tv13_majority_tie_and_neutral_fill() -> None:
    state = position(4)
    put_all(state, {"G00-G10": A, "G10-G11": B, "G20-G30": C})
    plant(state, "G20", C)
    set_tile(state, "G10", "T01")
    set_plant(state, "eshnunna", "P2", 0)
    state.current = D
    give(state, D, "barley")
    give_camels(state, D, 1)
    acts(state, "caravan eshnunna", "plant G10 pay barley")
    assert state.vp == [0, 0, 0, 0]  # A 1, B 1: nobody, no tie-break
    assert owner_of(state, "G10-G20") == N
    assert state.neutral_mask == 1 << space(state, "G10-G20")
    check_conservation(state)


def test_tv14_floor_limit() -> None:
    state = position(3)
    for name in state.game.data.space_ids:
        put(state, name, N)  # every square irrigated
    floor1 = {"G00", "G01", "G02", "G03", "G10", "G20", "G30"}
    floor2 = {"G11", "G12", "G13", "G21", "G31"}
    everything = set(state.game.data.square_ids)
    assert plantable_names(state, A, 1) == floor1
    assert plantable_names(state, A, 2) == floor1 | floor2
    assert plantable_names(state, A, 3) == everything
    give_gardeners(state, A, 1)
    assert plantable_names(state, A, 1) == floor1 | floor2
    assert plantable_names(state, A, 2) == everything
    give_gardeners(state, B, 2)
    assert plantable_names(state, B, 1) == everything


def test_tv14_floor_limit_alternative() -> None:
    game = alternative_game(3, quality_needed=(1, 2, 3, 4))
    state = position(game=game)
    for name in game.data.space_ids:
        put(state, name, N)
    assert "G33" not in plantable_names(state, A, 3)
    assert "G32" in plantable_names(state, A, 3)
    give_gardeners(state, A, 1)
    assert "G33" in plantable_names(state, A, 3)


def test_tv15_storage() -> None:
    state = position(2)
    give(state, A, "barley", "barley", "wine")
    give(state, B, "barley", "dates", "salt", "palm", "wine")
    set_court(state, B, "caravaneer", 2)
    end_action_phase(state, last=B)
    act(state, "procession marduk")
    assert state.phase == PHASE_STORAGE and state.current == A
    assert legal(state) == {"discard barley", "discard wine"}
    act(state, "discard barley")
    assert resources(state, A) == {"barley": 1, "wine": 1}
    assert state.phase == PHASE_STORAGE and state.current == B
    assert legal(state) == {f"discard {r}" for r in ("barley", "dates", "salt", "palm", "wine")}
    act(state, "discard palm")
    assert resources(state, B) == {"barley": 1, "dates": 1, "salt": 1, "wine": 1}
    assert state.round == 2
    check_conservation(state)


def test_tv15_storage_single_kind_is_automatic() -> None:
    state = position(2)
    give(state, A, "salt", "salt", "salt")
    end_action_phase(state, last=B)
    act(state, "procession marduk")
    assert automatic(state)[0] == "discard salt"
    assert resources(state, A) == {"salt": 2} and state.round == 2


def test_tv16_banker_income() -> None:
    state = position(4)
    set_court(state, A, "banker", 1)
    set_court(state, B, "banker", 2)
    set_court(state, C, "banker", 3)
    state.new_round()
    assert state.talents == [4, 5, 5, 3]
    assert state.vp == [0, 0, 2, 0]
    assert state.round == 2


@pytest.mark.parametrize(
    ("players", "left", "over"),
    [(4, 5, False), (4, 4, True), (3, 5, False), (3, 4, True), (2, 4, False), (2, 3, True)],
)
def test_tv17_end_condition(players: int, left: int, over: bool) -> None:
    state = position(players)
    plant_until(state, left)
    end_action_phase(state, last=B)
    act(state, "procession marduk")
    assert tiles_left(state) == left
    assert (state.phase == PHASE_OVER) is over
    assert state.round == (1 if over else 2)


def test_tv17_planting_below_the_threshold_does_not_end_the_round() -> None:
    state = position(4)
    set_tile(state, "G00", "T04")  # 2 VP, no choice to make
    plant_until(state, 5, keep=["G00"])
    put(state, "G00-G01", N)
    set_plant(state, "eshnunna", "P1", 0)
    give(state, A, "barley")
    give_camels(state, A, 1)
    act(state, "caravan eshnunna")
    assert automatic(state)[0] == "plant G00 pay barley"  # the only square, the only payment
    assert tiles_left(state) == 4
    assert state.phase == PHASE_ACTION and state.current == B and state.round == 1
    acts(state, "pass", "pass", "pass", "pass", "procession marduk")
    assert state.phase == PHASE_OVER


def test_tv18_final_scoring_three_players() -> None:
    state = position(3)
    plant_many(state, {A: 6, B: 4, C: 2})
    give(state, A, "barley")
    give(state, B, "dates", "wine")
    end_action_phase(state, last=C)
    act(state, "procession ishtar")  # C alone in Ishtar: a choice, and no points
    vp = state.vp[:]
    act(state, "ishtar camel")
    assert state.phase == PHASE_OVER
    assert state.end_bonus == [(10, 1), (5, 2), (0, 0)]
    assert [state.vp[s] - vp[s] for s in range(3)] == [11, 7, 0]
    assert state.scores() == state.vp


@pytest.mark.parametrize(
    ("players", "counts", "bonus"),
    [
        (4, {A: 5, B: 5, C: 3, D: 1}, [10, 10, 5, 0]),
        (2, {A: 6, B: 4}, [5, 0]),
        (2, {A: 7, B: 2}, [10, 0]),
    ],
)
def test_tv18_final_scoring_other_counts(players: int, counts: dict, bonus: list) -> None:
    state = position(players)
    plant_many(state, counts)
    end_action_phase(state, last=A)
    act(state, "procession ishtar")
    vp = state.vp[:]
    act(state, "ishtar talent")
    assert state.phase == PHASE_OVER
    assert [b for b, _left in state.end_bonus] == bonus
    assert [state.vp[s] - vp[s] for s in range(players)] == bonus


def test_tv19_tammouz_completing_a_row() -> None:
    state = position(2)
    set_field(state, 1, [A, A, B, B])
    end_action_phase(state, last=B)
    act(state, "procession tammouz")
    assert state.phase == PHASE_TAMMOUZ_FIELD and state.current == B
    assert legal(state) == {"field F1", "field F2", "decline"}
    act(state, "field F2")
    assert resources(state, B) == {"wine": 1}
    assert state.gardeners == [0, 1]
    assert state.fields[1] == [] and state.cubes == [30, 29]  # B's Tammouz cube stays
    check_conservation(state)


def test_tv20_illegal_destination() -> None:
    state = position(3)
    set_plant(state, "eshnunna", "P1", 0)
    put(state, "G00-G10", B)
    give(state, A, "dates")
    give_camels(state, A, 1)
    assert legal_of(state, "caravan") == set()
    give(state, A, "barley")
    assert legal_of(state, "caravan") == {"caravan eshnunna"}


def two_player_temples(players: int):
    """TV-21's temples after a real procession: B leads it into Marduk; before it Ishtar
    holds A, N, B, Marduk A, A, B and Tammouz B. After it Marduk = B, A, A, B and Tammouz =
    N, B as in the example; Ishtar = N, A, N, B rather than the example's A, N, B (which no
    procession can leave next to Marduk's B and Tammouz's N), with the same standing:
    A 1, B 1, B's cube rightmost."""
    state = position(players)
    set_temple(state, "ishtar", [A, N, B])
    set_temple(state, "marduk", [A, A, B])
    set_temple(state, "tammouz", [B])
    give(state, A, "dates")
    give(state, B, "salt")
    end_action_phase(state, last=B)
    act(state, "procession marduk")
    assert temple(state, "marduk") == [B, A, A, B]
    assert temple(state, "ishtar") == [N, A, N, B]
    assert temple(state, "tammouz") == [N, B]
    return state


def test_tv21_temples_with_two_players() -> None:
    state = two_player_temples(2)
    assert state.phase == PHASE_ISHTAR and state.current == B
    act(state, "ishtar talent")
    assert state.talents == [3, 4] and state.camels == [0, 0]  # A receives nothing
    assert state.vp == [0, 2]  # Marduk: B 1st by the rightmost cube, A nothing
    assert state.phase == PHASE_TAMMOUZ_FIELD and state.current == B
    act(state, "field F1")
    assert resources(state, B) == {"barley": 1, "salt": 1}
    assert state.round == 2  # no exchange for anyone
    assert resources(state, A) == {"dates": 1}


def test_tv21_the_same_temples_with_three_players() -> None:
    state = two_player_temples(3)
    act(state, "ishtar talent")
    assert state.talents == [3, 4, 3] and state.camels == [1, 0, 0]  # the other item to A
    assert state.vp == [1, 2, 0]
    act(state, "decline")  # B declines the field; Tammouz has no 2nd: no exchange
    assert state.round == 2
    assert resources(state, A) == {"dates": 1} and resources(state, B) == {"salt": 1}


def test_tv22_chain_to_the_river() -> None:
    state = position(3)
    for name, seat in (("G00-G10", A), ("G01-G11", A), ("G20-G30", B), ("G21-G31", B)):
        assert name in irrigable_names(state)
        put(state, name, seat)
    plant(state, "G11", A)
    set_plant(state, "khorsabad", "PK", 0)  # quality 2 + barley
    state.current = B
    state.caravan = city(state, "palmyra")
    give(state, B, "palm", "barley")
    give_camels(state, B, 1)
    act(state, "caravan khorsabad")
    assert "plant G21 pay barley palm" in legal(state)
    act(state, "plant G21 pay barley palm")
    assert owner_of(state, "G11-G21") == N
    open_spaces = irrigable_names(state)
    assert "G12-G22.1" not in open_spaces
    assert "G11-G12" in open_spaces
    put(state, "G11-G12", C)
    assert "G12-G22.1" in irrigable_names(state)


def out_of_cubes(players: int = 2):
    """A has all 30 cubes on the board: 29 on irrigation spaces and one in Tammouz."""
    state = position(players)
    names = [
        n for n in state.game.data.space_ids if n not in ("G13-G23.2", "G32-G33.2", "G31-G32.2")
    ]
    for name in names:
        put(state, name, A)
    set_temple(state, "tammouz", [A])
    assert state.cubes[A] == 0
    return state


def test_tv23_out_of_cubes_actions() -> None:
    state = out_of_cubes()
    set_rows(state, ["peasant priest engineer", "merchant merchant peasant"])
    state.caravan = city(state, "ninua")
    give(state, A, "dates", "salt")
    give_camels(state, A, 1)
    assert legal(state) == {"pass", "recruit 2 merchant", "caravan babylon"}
    act(state, "caravan babylon")
    act(state, "sell dates salt")
    assert state.vp[A] == 6 and state.cubes[A] == 0
    assert state.current == B and state.phase == PHASE_ACTION  # no irrigation


def test_tv23_out_of_cubes_procession_and_tammouz() -> None:
    state = out_of_cubes()
    end_action_phase(state, last=A)
    assert legal(state) == {"procession ishtar", "procession marduk", "procession tammouz"}
    act(state, "procession marduk")
    assert temple(state, "marduk") == []
    assert temple(state, "ishtar") == [N]
    assert temple(state, "tammouz") == [N, A]
    # A is Tammouz's 1st but has no cube: no field cube, no decision
    assert state.fields == [[], []] and resources(state, A) == {}
    assert state.round == 2
    check_conservation(state)


def test_tv23_procession_with_a_full_ishtar_decides_the_own_cube_first() -> None:
    """TV-23 with a full Ishtar (§6.4, §3.6; issue 15): A leads the procession with an empty
    supply. His own cube is decided first, from the supply as it is, so Marduk gets nothing;
    the grey cube entering Ishtar then pushes A's cube on position 4 home, and that cube may
    not enter Marduk in the same procession. It is home for the rewards, though: as
    Tammouz's 1st A places it as his field cube.

    Before: Ishtar = B, B, B, A (full); Marduk = A, B; Tammouz = A; A's 27 other cubes on
    irrigation spaces. After the procession: Ishtar = N, B, B, B; Marduk = A, B (unchanged);
    Tammouz = N, A; A has 1 cube in supply. Rewards: Ishtar B (2 players: no 2nd);
    Marduk A 1, B 1, B's cube rightmost → B +2; Tammouz A 1st → field cube, barley."""
    state = position(2)
    set_temple(state, "ishtar", [B, B, B, A])
    set_temple(state, "marduk", [A, B])
    set_temple(state, "tammouz", [A])
    use_up_cubes(state, A)
    cubes_b = state.cubes[B]
    end_action_phase(state, last=A)
    assert state.phase == PHASE_PROCESSION and state.current == A
    assert legal(state) == {"procession ishtar", "procession marduk", "procession tammouz"}
    act(state, "procession marduk")
    assert temple(state, "ishtar") == [N, B, B, B]
    assert temple(state, "marduk") == [A, B]  # not A, A, B: the cube from Ishtar stays home
    assert temple(state, "tammouz") == [N, A]
    assert state.cubes == [1, cubes_b]
    check_conservation(state)
    assert state.phase == PHASE_ISHTAR and state.current == B
    act(state, "ishtar talent")
    assert state.talents == [3, 4] and state.camels == [0, 0]
    assert state.vp == [0, 2]  # Marduk: B 1st by the rightmost cube, A nothing
    assert state.phase == PHASE_TAMMOUZ_FIELD and state.current == A
    assert legal(state) == {"field F1", "field F2", "decline"}
    act(state, "field F1")
    assert state.fields[0] == [A] and resources(state, A) == {"barley": 1}
    assert state.cubes == [0, cubes_b]
    assert state.round == 2 and state.vp == [0, 2]
    check_conservation(state)


def test_tv23_procession_pushing_two_own_cubes_home_places_none() -> None:
    """The same with A choosing Tammouz and Ishtar and Marduk both full with A's cube on
    position 4: both grey cubes push one of A's cubes home (supply 0 → 2), and Tammouz still
    gets nothing, because A had no cube when the procession began (§6.4, issue 15)."""
    state = position(2)
    set_temple(state, "ishtar", [B, B, B, A])
    set_temple(state, "marduk", [B, B, B, A])
    use_up_cubes(state, A)
    cubes_b = state.cubes[B]
    end_action_phase(state, last=A)
    act(state, "procession tammouz")
    assert temple(state, "ishtar") == [N, B, B, B]
    assert temple(state, "marduk") == [N, B, B, B]
    assert temple(state, "tammouz") == []
    assert state.cubes == [2, cubes_b]
    check_conservation(state)
    assert state.phase == PHASE_ISHTAR and state.current == B
    act(state, "ishtar camel")
    assert state.camels == [0, 1] and state.talents == [3, 3]
    assert state.vp == [0, 2]  # Marduk: B alone
    assert state.round == 2  # nobody in Tammouz: no field cube, no exchange
    assert state.fields == [[], []]
    check_conservation(state)


def test_tv24_empty_stocks() -> None:
    state = position(3, rows=["merchant peasant peasant"] * 3)
    give_camels(state, C, 14)
    state.current = B
    fresh(state)
    act(state, "recruit 1 merchant")
    assert state.camels[B] == 0 and state.talents[B] == 3
    act(state, "recruit 1 peasant")  # C pays 1
    assert state.talents[C] == 2
    # the salt stock is empty: a peasant on a salt space places the cube, receives nothing
    empty_stock(state, "salt", A)
    set_field(state, 0, [B, B])
    act(state, "field F1")
    assert state.fields[0] == [B, B, C] and resources(state, C) == {}
    check_conservation(state)


def test_tv24_empty_camel_stock_at_ishtar() -> None:
    state = position(3)
    give_camels(state, C, 14)
    set_temple(state, "ishtar", [B, A])
    end_action_phase(state, last=A)
    act(state, "procession ishtar")
    assert temple(state, "ishtar") == [A, B, A]
    assert state.current == A and legal(state) == {"ishtar camel", "ishtar talent"}
    act(state, "ishtar talent")
    assert state.talents[A] == 4 and state.camels[B] == 0 and state.camel_stock == 0


def test_tv24_resource_of_choice_never_names_an_empty_stock() -> None:
    state = position(3)
    put(state, "G00-G10", B)
    set_tile(state, "G00", "T03")  # 1 resource of choice
    set_plant(state, "eshnunna", "P1", 0)
    give(state, A, "barley")
    give_camels(state, A, 1)
    empty_stock(state, "salt", C)
    act(state, "caravan eshnunna")
    act(state, "plant G00 pay barley")
    assert legal(state) == {"take barley", "take dates", "take palm", "take wine"}


def test_tv25_paying_a_plant_city() -> None:
    state = position(3)
    set_plant(state, "ur", "P1", 1)  # Q3 + salt; Ur demands salt
    put(state, "G00-G10", B)
    give(state, A, "salt", "salt", "wine", "wine")
    give_camels(state, A, 3)
    act(state, "caravan ur")
    assert legal(state) == {
        "plant G00 pay salt salt",
        "plant G00 pay salt wine",
        "plant G00 pay wine wine",
        "plant G10 pay salt salt",
        "plant G10 pay salt wine",
        "plant G10 pay wine wine",
    }
    # one salt and no wine: Ur is no destination
    state = position(3)
    set_plant(state, "ur", "P1", 1)
    put(state, "G00-G10", B)
    give(state, A, "salt")
    give_camels(state, A, 3)
    assert "caravan ur" not in legal(state)
    give(state, A, "salt")
    assert "caravan ur" in legal(state)


def test_every_worked_example_position_round_trips() -> None:
    state = two_player_temples(3)
    round_trip(state)
    state = out_of_cubes()
    round_trip(state)
    state = position(2)
    set_temple(state, "ishtar", [B, B, B, A])
    use_up_cubes(state, A)
    round_trip(state)
