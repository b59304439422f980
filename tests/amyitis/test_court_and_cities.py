"""Court cards (rules reference §3.2), the nine cities of the track (§4.5, §6.2), the plant
cards and their faces (§3.3), and the garden tiles' bonuses (§3.5)."""

from __future__ import annotations

import pytest

from ziggurat.core.errors import IllegalAction
from ziggurat.games.amyitis import rules
from ziggurat.games.amyitis.components import RESOURCES
from ziggurat.games.amyitis.phases import (
    PHASE_ACTION,
    PHASE_CHOOSE,
    PHASE_COURT,
    PHASE_PLANT,
    PHASE_TAKE,
)

from .helpers import (
    A,
    B,
    C,
    act,
    act_or_auto,
    automatic,
    check_conservation,
    city,
    empty_stock,
    end_action_phase,
    give,
    give_camels,
    give_gardeners,
    holdings,
    legal,
    legal_of,
    new_game,
    plant_card,
    position,
    put,
    resources,
    set_court,
    set_plant,
    set_tile,
)

COURT_CITIES = {
    "susa": ("dates", {"banker", "caravaneer"}),
    "uruk": ("palm", {"banker", "palace"}),
    "palmyra": ("barley", {"caravaneer", "palace"}),
    "ninua": ("salt", {"banker", "palace"}),
}
PLANT_CITIES = {"eshnunna": "barley", "ur": "salt", "mari": "dates", "khorsabad": "palm"}


# ------------------------------------------------------------------ the track


def test_track_order_kinds_demands_and_offers() -> None:
    data = new_game(3).data
    assert data.city_names == (
        "babylon",
        "eshnunna",
        "susa",
        "ur",
        "uruk",
        "mari",
        "palmyra",
        "khorsabad",
        "ninua",
    )
    view = position(3).view(None)["track"]["cities"]
    for entry in view:
        name = entry["name"]
        if name in COURT_CITIES:
            assert entry["kind"] == "court"
            assert entry["demand"] == COURT_CITIES[name][0]
            assert set(entry["offer"]) == COURT_CITIES[name][1]
        elif name in PLANT_CITIES:
            assert entry["kind"] == "plant" and entry["demand"] == PLANT_CITIES[name]
        else:
            assert name == "babylon" and entry["kind"] == "babylon"


@pytest.mark.parametrize("name", sorted(COURT_CITIES))
def test_each_court_city_offers_its_two_types_for_its_demand(name: str) -> None:
    demand, offer = COURT_CITIES[name]
    state = position(3)
    state.caravan = (city(state, name) - 1) % 9
    give(state, A, demand, "wine")
    give_camels(state, A, 1)
    act(state, f"caravan {name}")
    assert state.phase == PHASE_COURT
    assert legal(state) == {f"court {t} pay {p}" for t in offer for p in (demand, "wine")}
    court = sorted(offer)[0]
    act(state, f"court {court} pay {demand}")
    assert holdings(state, A)["court"][court] == 1
    assert resources(state, A) == {"wine": 1} and state.current == B
    check_conservation(state)


@pytest.mark.parametrize("name", sorted(COURT_CITIES))
def test_a_court_city_without_a_next_card_is_no_destination(name: str) -> None:
    demand, offer = COURT_CITIES[name]
    state = position(2)
    state.caravan = (city(state, name) - 1) % 9
    give(state, A, demand)
    give_camels(state, A, 1)
    for court in offer:
        set_court(state, B, court, 1)  # 2 players: the only copy of level 1
    assert f"caravan {name}" not in legal(state)
    set_court(state, B, sorted(offer)[0], 0)
    assert f"caravan {name}" in legal(state)


def test_a_court_city_needs_its_demand_or_wine() -> None:
    state = position(3)
    state.caravan = city(state, "babylon")
    give(state, A, "palm")
    give_camels(state, A, 2)
    assert "caravan susa" not in legal(state)  # Susa demands dates
    give(state, A, "wine")
    assert "caravan susa" in legal(state)


def test_a_court_of_one_offered_type_left_is_automatic() -> None:
    state = position(2)
    state.caravan = city(state, "palmyra") - 1
    set_court(state, B, "caravaneer", 1)
    give(state, A, "barley")
    give_camels(state, A, 1)
    act(state, "caravan palmyra")
    assert automatic(state) == ["court palace pay barley"]
    assert state.vp[A] == 3 and state.current == B


# ------------------------------------------------------------------ court cards


def test_court_supply_per_player_count() -> None:
    for players, copies in ((2, 1), (3, 2), (4, 3)):
        state = new_game(players).new_initial_state(1)
        assert state.court_left == [copies] * 9
        assert state.gardeners_left == 4


def take_court(state, seat: int, court: str, city_name: str, pay: str) -> None:
    """``seat`` moves the caravan one step to ``city_name`` and takes ``court``."""
    state.current = seat
    state.phase = PHASE_ACTION
    state.caravan = (city(state, city_name) - 1) % 9
    give(state, seat, pay)
    give_camels(state, seat, 1)
    act(state, f"caravan {city_name}")
    act_or_auto(state, f"court {court} pay {pay}")


def test_palace_points_are_kept_on_upgrade() -> None:
    state = position(3)
    take_court(state, A, "palace", "uruk", "palm")
    assert state.vp[A] == 3 and state.court_left[6:9] == [1, 2, 2]
    take_court(state, A, "palace", "uruk", "palm")
    assert state.vp[A] == 8 and state.court_left[6:9] == [2, 1, 2]  # level 1 returned
    take_court(state, A, "palace", "ninua", "salt")
    assert state.vp[A] == 15 and state.court_left[6:9] == [2, 2, 1]
    assert holdings(state, A)["court"]["palace"] == 3
    assert not rules.court_available(state, A, 2)  # nothing above level 3
    check_conservation(state)


def test_levels_cannot_be_skipped() -> None:
    state = position(2)
    set_court(state, B, "banker", 1)
    # A has no banker; level 1 is gone (2 players), so A can never take a banker
    assert not rules.court_available(state, A, 0)
    assert rules.court_available(state, B, 0)  # B takes level 2
    take_court(state, B, "banker", "susa", "dates")
    assert holdings(state, B)["court"]["banker"] == 2
    assert state.court_left[0:3] == [1, 0, 1]
    assert rules.court_available(state, A, 0)  # the returned level 1


@pytest.mark.parametrize(("level", "talents", "vp"), [(0, 0, 0), (1, 1, 0), (2, 2, 0), (3, 2, 2)])
def test_banker_income_at_round_setup(level: int, talents: int, vp: int) -> None:
    state = position(3)
    set_court(state, B, "banker", level)
    end_action_phase(state, last=A)  # B passed: income all the same
    act(state, "procession marduk")
    assert state.round == 2
    assert state.talents[B] - 3 == talents and state.vp[B] == vp


@pytest.mark.parametrize(
    ("level", "bonus", "storage"), [(0, 0, 2), (1, 1, 2), (2, 2, 4), (3, 4, 4)]
)
def test_caravaneer_bonus_and_storage(level: int, bonus: int, storage: int) -> None:
    state = position(4)
    set_court(state, A, "caravaneer", level)
    assert rules.storage_limit(state, A) == storage
    costs = [rules.caravan_cost(state, A, c) for c in range(1, 9)]
    assert costs == [max(1, d - bonus) for d in range(1, 9)]
    assert state.view(A)["players"][A]["caravan_bonus"] == bonus


def test_caravan_never_stays_put_and_pays_at_least_one() -> None:
    state = position(3)
    set_court(state, A, "caravaneer", 3)
    state.caravan = 4
    assert rules.caravan_cost(state, A, 4) == -1
    assert rules.caravan_cost(state, A, 5) == 1
    state.caravan = 0
    give(state, A, "salt")
    assert "caravan babylon" not in legal(state)  # no camel: no move at all


def test_paid_camels_go_back_to_the_stock() -> None:
    state = position(3)
    give(state, A, "salt")
    give_camels(state, A, 8)
    act(state, "caravan ninua")
    assert state.camels[A] == 0 and state.camel_stock == 14


# ------------------------------------------------------------------ plant cards


def test_plant_cards_at_setup() -> None:
    faces = set()
    for seed in range(40):
        state = new_game(3).new_initial_state(seed)
        data = state.game.data
        assert state.city_card[city(state, "khorsabad")] == plant_card(state, "PK")
        faces.add(state.card_face[plant_card(state, "PK")])
        others = {
            data.plant_ids[state.city_card[city(state, c)]] for c in ("eshnunna", "ur", "mari")
        }
        assert others == {"P1", "P2", "P3"}
        for card in ("P1", "P2", "P3"):
            assert state.card_face[plant_card(state, card)] == 0
    assert faces == {0, 1}  # Khorsabad's first face is random


@pytest.mark.parametrize(
    ("card", "faces"),
    [
        ("PK", [(2, "barley"), (2, "salt")]),
        ("P1", [(1, None), (3, "salt")]),
        ("P2", [(1, None), (3, "palm")]),
        ("P3", [(1, None), (3, "dates")]),
    ],
)
def test_plant_card_faces(card: str, faces: list) -> None:
    state = position(3)
    data = state.game.data
    k = plant_card(state, card)
    found = [(q, None if e < 0 else RESOURCES[e]) for q, e in data.plant_faces[k]]
    assert found == faces


@pytest.mark.parametrize("name", sorted(PLANT_CITIES))
def test_each_plant_city_takes_its_demand_and_turns_its_card(name: str) -> None:
    state = position(3)
    card = "PK" if name == "khorsabad" else "P2"
    set_plant(state, name, card, 0)
    extra = "barley" if name == "khorsabad" else None
    demand = PLANT_CITIES[name]
    state.caravan = (city(state, name) - 1) % 9
    give(state, A, demand)
    if extra:
        give(state, A, extra)
    give_camels(state, A, 1)
    put(state, "G10-G11", B)  # irrigates G10 (floor 1) and G11 (floor 2)
    set_tile(state, "G10", "T04")
    set_tile(state, "G11", "T09")
    act(state, f"caravan {name}")
    pay = " ".join(sorted([demand] + ([extra] if extra else []), key=RESOURCES.index))
    squares = {"G10", "G11"} if name == "khorsabad" else {"G10"}
    if len(squares) == 1:
        assert automatic(state) == [f"plant G10 pay {pay}"]
    else:
        assert state.phase == PHASE_PLANT
        assert legal(state) == {f"plant {s} pay {pay}" for s in squares}
        act(state, f"plant G10 pay {pay}")
    assert state.card_face[plant_card(state, card)] == 1
    assert resources(state, A) == {} and state.vp[A] == 2  # T04; B's majority on G10
    assert state.vp[B] == (2 if name == "khorsabad" else 1)  # the printed quality
    check_conservation(state)


def test_plant_cards_turn_back_and_forth() -> None:
    state = position(3)
    set_plant(state, "ur", "P1", 0)
    put(state, "G00-G01", B)
    put(state, "G01-G02", B)
    for face_before, pay in ((0, "salt"), (1, "salt salt"), (0, "salt")):
        state.current = A
        state.phase = PHASE_ACTION
        state.caravan = city(state, "ur") - 1
        give(state, A, *pay.split())
        give_camels(state, A, 1)
        assert state.card_face[plant_card(state, "P1")] == face_before
        act(state, "caravan ur")
        square = next(
            t.split()[1] for t in legal(state) | set(automatic(state)) if t.startswith("plant")
        )
        act_or_auto(state, f"plant {square} pay {pay}")
        if state.phase == PHASE_TAKE:
            act(state, "take wine")
        assert state.card_face[plant_card(state, "P1")] == 1 - face_before


# ------------------------------------------------------------------ garden tiles


def plant_tile(tile_name: str, floor_square: str, players: int = 3, gardeners: int = 2):
    """A (with ``gardeners``) plants ``floor_square`` holding ``tile_name`` at Eshnunna."""
    state = position(players)
    give_gardeners(state, A, gardeners)
    set_plant(state, "eshnunna", "P1", 0)
    set_tile(state, floor_square, tile_name)
    for name in {
        "G00": ["G00-G10"],
        "G11": ["G10-G11"],
        "G22": ["G22-G32.1", "G22-G32.2"],
        "G33": ["G32-G33.1", "G32-G33.2"],
    }[floor_square]:
        put(state, name, "N")
    give(state, A, "barley")
    give_camels(state, A, 1)
    before = holdings(state, A)
    act(state, "caravan eshnunna")
    act_or_auto(state, f"plant {floor_square} pay barley")
    return state, before


FLOOR_SQUARE = {1: "G00", 2: "G11", 3: "G22", 4: "G33"}


@pytest.mark.parametrize(
    ("tile_name", "floor", "vp", "talents", "camels"),
    [
        ("T01", 1, 0, 1, 0),
        ("T02", 1, 0, 0, 1),
        ("T04", 1, 2, 0, 0),
        ("T05", 1, 0, 2, 0),
        ("T06", 1, 0, 1, 1),
        ("T07", 1, 3, 0, 0),
        ("T09", 2, 4, 0, 0),
        ("T10", 2, 0, 0, 2),
        ("T14", 2, 0, 3, 0),
        ("T15", 3, 6, 0, 0),
        ("T18", 3, 5, 1, 0),
        ("T19", 4, 10, 0, 0),
    ],
)
def test_plain_tile_bonuses(tile_name: str, floor: int, vp: int, talents: int, camels: int) -> None:
    state, before = plant_tile(tile_name, FLOOR_SQUARE[floor])
    after = holdings(state, A)
    assert after["vp"] - before["vp"] == vp
    assert after["talents"] - before["talents"] == talents
    assert after["camels"] - before["camels"] + 1 == camels  # one camel paid for the move
    assert after["tiles"] == [tile_name] and state.current == B
    assert state.phase == PHASE_ACTION


@pytest.mark.parametrize(
    ("tile_name", "floor", "count"), [("T03", 1, 1), ("T08", 1, 1), ("T11", 2, 2), ("T17", 3, 1)]
)
def test_resource_of_choice(tile_name: str, floor: int, count: int) -> None:
    state, _before = plant_tile(tile_name, FLOOR_SQUARE[floor])
    for _ in range(count):
        assert state.phase == PHASE_TAKE and state.current == A
        assert legal(state) == {f"take {r}" for r in ("barley", "dates", "salt", "palm", "wine")}
        act(state, "take wine")
    assert resources(state, A) == {"wine": count} and state.current == B


def test_resource_of_choice_with_one_kind_left_is_automatic() -> None:
    state = position(3)
    give_gardeners(state, A, 2)
    set_plant(state, "eshnunna", "P1", 0)
    set_tile(state, "G11", "T11")  # 2 resources of choice
    put(state, "G10-G11", "N")
    give(state, A, "wine")
    for r in ("barley", "dates", "salt", "palm"):
        empty_stock(state, r, C)
    give_camels(state, A, 1)
    act(state, "caravan eshnunna")
    act(state, "plant G11 pay wine")  # the wine goes back: the stock holds only wine
    assert automatic(state) == ["take wine", "take wine"]
    assert resources(state, A) == {"wine": 2} and state.current == B
    check_conservation(state)


def test_resource_of_choice_beyond_the_stock_is_lost() -> None:
    state = position(3)
    give_gardeners(state, A, 2)
    set_plant(state, "eshnunna", "P1", 0)
    set_tile(state, "G11", "T11")
    put(state, "G10-G11", "N")
    give(state, A, "barley")
    for r in ("barley", "dates", "salt", "palm", "wine"):
        empty_stock(state, r, C)
    give_camels(state, A, 1)
    act(state, "caravan eshnunna")
    act(state, "plant G11 pay barley")  # only that barley is back in the stock
    assert automatic(state) == ["take barley"]  # the second resource is not received
    assert state.phase == PHASE_ACTION and state.current == B
    assert resources(state, A) == {"barley": 1} and state.res_stock == [0, 0, 0, 0, 0]


@pytest.mark.parametrize(("tile_name", "court"), [("T12", "banker"), ("T13", "caravaneer")])
def test_court_tile_gives_the_next_level(tile_name: str, court: str) -> None:
    state = position(3)
    set_court(state, A, court, 1)
    give_gardeners(state, A, 2)
    set_plant(state, "eshnunna", "P1", 0)
    set_tile(state, "G11", tile_name)
    put(state, "G10-G11", "N")
    give(state, A, "barley")
    give_camels(state, A, 1)
    act(state, "caravan eshnunna")
    act_or_auto(state, "plant G11 pay barley")
    assert holdings(state, A)["court"][court] == 2
    check_conservation(state)


def test_court_tile_with_no_copy_left_is_lost() -> None:
    state = position(2)
    set_court(state, B, "banker", 1)
    give_gardeners(state, A, 2)
    set_plant(state, "eshnunna", "P1", 0)
    set_tile(state, "G11", "T12")
    put(state, "G10-G11", "N")
    give(state, A, "barley")
    give_camels(state, A, 1)
    act(state, "caravan eshnunna")
    act_or_auto(state, "plant G11 pay barley")
    assert holdings(state, A)["court"]["banker"] == 0
    assert state.current == B and state.phase == PHASE_ACTION


@pytest.mark.parametrize(("tile_name", "floor", "vp"), [("T16", 3, 0), ("T20", 4, 8)])
def test_court_card_of_choice(tile_name: str, floor: int, vp: int) -> None:
    state, before = plant_tile(tile_name, FLOOR_SQUARE[floor])
    assert state.phase == PHASE_CHOOSE and state.current == A
    assert legal(state) == {
        "choose banker",
        "choose caravaneer",
        "choose palace",
        "choose gardener",
    }
    act(state, "choose palace")
    assert state.vp[A] - before["vp"] == vp + 3
    assert holdings(state, A)["court"]["palace"] == 1


def test_court_card_of_choice_offers_only_what_is_left() -> None:
    state = position(2)
    for court in ("banker", "caravaneer"):
        set_court(state, B, court, 1)
    state.gardeners_left = 0
    state.gardeners[B] = 4
    set_plant(state, "eshnunna", "P1", 1)  # Q3 + salt
    set_tile(state, "G22", "T16")
    put(state, "G22-G32.1", "N")
    put(state, "G22-G32.2", "N")
    give(state, A, "barley", "salt")
    give_camels(state, A, 1)
    act(state, "caravan eshnunna")
    act_or_auto(state, "plant G22 pay barley salt")
    assert "choose palace" in automatic(state)
    assert state.vp[A] == 3 and state.current == B


def test_court_card_of_choice_with_nothing_left_is_lost() -> None:
    state = position(2)
    for court in ("banker", "caravaneer", "palace"):
        set_court(state, B, court, 1)
    state.gardeners_left = 0
    state.gardeners[B] = 4
    set_plant(state, "eshnunna", "P1", 1)
    set_tile(state, "G22", "T16")
    put(state, "G22-G32.1", "N")
    put(state, "G22-G32.2", "N")
    give(state, A, "barley", "salt")
    give_camels(state, A, 1)
    act(state, "caravan eshnunna")
    act_or_auto(state, "plant G22 pay barley salt")
    assert state.phase == PHASE_ACTION and state.current == B
    assert holdings(state, A)["court"] == {"banker": 0, "caravaneer": 0, "palace": 0}


def test_gardener_from_a_tile_lets_the_planter_go_higher() -> None:
    state, _before = plant_tile("T16", "G22", gardeners=2)
    act(state, "choose gardener")
    assert state.gardeners[A] == 3 and state.gardeners_left == 1


def test_wrong_court_or_payment_is_refused() -> None:
    state = position(3)
    state.caravan = city(state, "susa") - 1
    give(state, A, "dates")
    give_camels(state, A, 1)
    act(state, "caravan susa")
    snapshot = state.to_json()
    with pytest.raises(IllegalAction, match="susa offers banker or caravaneer"):
        act(state, "court palace pay dates")
    with pytest.raises(IllegalAction, match="does not hold wine"):
        act(state, "court banker pay wine")
    assert state.to_json() == snapshot
    assert legal_of(state, "court") == {"court banker pay dates", "court caravaneer pay dates"}
