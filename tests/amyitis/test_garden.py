"""The hanging gardens (rules reference §4.1, §6.3): the substitute graph, irrigation and
its connection to the river, irrigated squares, planting limits, the irrigation majority
and the neutral fill."""

from __future__ import annotations

import pytest

from ziggurat.games.amyitis import rules
from ziggurat.games.amyitis.phases import PHASE_ACTION, PHASE_IRRIGATE

from .helpers import (
    A,
    B,
    C,
    N,
    act,
    act_or_auto,
    acts,
    alternative_game,
    city,
    give,
    give_camels,
    give_gardeners,
    legal,
    legal_of,
    new_game,
    owner_of,
    plant,
    position,
    put,
    put_all,
    set_plant,
    set_tile,
)

EDGES = {
    "G00-G10": (1, "V10 V11"),
    "G10-G20": (1, "V20 V21"),
    "G20-G30": (1, "V30 V31"),
    "G01-G11": (1, "V11 V12"),
    "G11-G21": (1, "V21 V22"),
    "G21-G31": (1, "V31 V32"),
    "G02-G12": (1, "V12 V13"),
    "G12-G22": (2, "V22 V23"),
    "G22-G32": (2, "V32 V33"),
    "G03-G13": (1, "V13 V14"),
    "G13-G23": (2, "V23 V24"),
    "G23-G33": (2, "V33 V34"),
    "G00-G01": (1, "V01 V11"),
    "G01-G02": (1, "V02 V12"),
    "G02-G03": (1, "V03 V13"),
    "G10-G11": (1, "V11 V21"),
    "G11-G12": (1, "V12 V22"),
    "G12-G13": (1, "V13 V23"),
    "G20-G21": (1, "V21 V31"),
    "G21-G22": (2, "V22 V32"),
    "G22-G23": (2, "V23 V33"),
    "G30-G31": (1, "V31 V41"),
    "G31-G32": (2, "V32 V42"),
    "G32-G33": (2, "V33 V43"),
}
"""§4.1's edges: spaces on the edge, its vertices low and high, verbatim."""


ADJACENCY = {
    "G00-G01": "G00-G10, G01-G11, G10-G11",
    "G00-G10": "G00-G01, G01-G11, G10-G11",
    "G01-G02": "G01-G11, G02-G12, G11-G12",
    "G01-G11": "G00-G01, G00-G10, G01-G02, G02-G12, G10-G11, G11-G12",
    "G02-G03": "G02-G12, G03-G13, G12-G13",
    "G02-G12": "G01-G02, G01-G11, G02-G03, G03-G13, G11-G12, G12-G13",
    "G03-G13": "G02-G03, G02-G12, G12-G13",
    "G10-G11": "G00-G01, G00-G10, G01-G11, G10-G20, G11-G21, G20-G21",
    "G10-G20": "G10-G11, G11-G21, G20-G21",
    "G11-G12": "G01-G02, G01-G11, G02-G12, G11-G21, G12-G22.1, G21-G22.1",
    "G11-G21": "G10-G11, G10-G20, G11-G12, G12-G22.1, G20-G21, G21-G22.1",
    "G12-G13": "G02-G03, G02-G12, G03-G13, G12-G22.2, G13-G23.1, G22-G23.1",
    "G12-G22.1": "G11-G12, G11-G21, G12-G22.2, G21-G22.1",
    "G12-G22.2": "G12-G13, G12-G22.1, G13-G23.1, G22-G23.1",
    "G13-G23.1": "G12-G13, G12-G22.2, G13-G23.2, G22-G23.1",
    "G13-G23.2": "G13-G23.1",
    "G20-G21": "G10-G11, G10-G20, G11-G21, G20-G30, G21-G31, G30-G31",
    "G20-G30": "G20-G21, G21-G31, G30-G31",
    "G21-G22.1": "G11-G12, G11-G21, G12-G22.1, G21-G22.2",
    "G21-G22.2": "G21-G22.1, G21-G31, G22-G32.1, G31-G32.1",
    "G21-G31": "G20-G21, G20-G30, G21-G22.2, G22-G32.1, G30-G31, G31-G32.1",
    "G22-G23.1": "G12-G13, G12-G22.2, G13-G23.1, G22-G23.2",
    "G22-G23.2": "G22-G23.1, G22-G32.2, G23-G33.1, G32-G33.1",
    "G22-G32.1": "G21-G22.2, G21-G31, G22-G32.2, G31-G32.1",
    "G22-G32.2": "G22-G23.2, G22-G32.1, G23-G33.1, G32-G33.1",
    "G23-G33.1": "G22-G23.2, G22-G32.2, G23-G33.2, G32-G33.1",
    "G23-G33.2": "G23-G33.1",
    "G30-G31": "G20-G21, G20-G30, G21-G31",
    "G31-G32.1": "G21-G22.2, G21-G31, G22-G32.1, G31-G32.2",
    "G31-G32.2": "G31-G32.1",
    "G32-G33.1": "G22-G23.2, G22-G32.2, G23-G33.1, G32-G33.2",
    "G32-G33.2": "G32-G33.1",
}
"""§4.1's space adjacency table, verbatim."""

SIDES = {
    "G00": (1, "river G00-G10 river G00-G01"),
    "G01": (1, "river G01-G11 G00-G01 G01-G02"),
    "G02": (1, "river G02-G12 G01-G02 G02-G03"),
    "G03": (1, "river G03-G13 G02-G03 wall"),
    "G10": (1, "G00-G10 G10-G20 river G10-G11"),
    "G11": (2, "G01-G11 G11-G21 G10-G11 G11-G12"),
    "G12": (2, "G02-G12 G12-G22 G11-G12 G12-G13"),
    "G13": (2, "G03-G13 G13-G23 G12-G13 wall"),
    "G20": (1, "G10-G20 G20-G30 river G20-G21"),
    "G21": (2, "G11-G21 G21-G31 G20-G21 G21-G22"),
    "G22": (3, "G12-G22 G22-G32 G21-G22 G22-G23"),
    "G23": (3, "G13-G23 G23-G33 G22-G23 wall"),
    "G30": (1, "G20-G30 wall river G30-G31"),
    "G31": (2, "G21-G31 wall G30-G31 G31-G32"),
    "G32": (3, "G22-G32 wall G31-G32 G32-G33"),
    "G33": (4, "G23-G33 wall G32-G33 wall"),
}
"""§4.1's sides of each square (floor, then the -x, +x, -y, +y sides), verbatim."""

RIVER = {"G00-G01", "G00-G10", "G01-G02", "G02-G03", "G10-G20", "G20-G30"}


def names(state, mask: int) -> set[str]:
    ids = state.game.data.space_ids
    return {ids[s] for s in range(len(ids)) if mask >> s & 1}


def irrigable_names(state) -> set[str]:
    return names(state, rules.irrigable(state))


def irrigated_names(state) -> set[str]:
    ids = state.game.data.square_ids
    return {ids[s] for s in range(len(ids)) if rules.irrigated(state, s)}


# ------------------------------------------------------------------ the graph


def test_twenty_four_edges_thirty_two_spaces_six_on_the_river() -> None:
    data = new_game(3).data
    assert len(data.edge_squares) == 24
    assert len(data.space_ids) == 32
    singles = [e for e, m in enumerate(data.edge_mask) if m.bit_count() == 1]
    doubles = [e for e, m in enumerate(data.edge_mask) if m.bit_count() == 2]
    assert (len(singles), len(doubles)) == (16, 8)
    state = position(3)
    assert names(state, data.river_mask) == RIVER


def test_edges_match_the_table() -> None:
    data = new_game(3).data
    found = {}
    for e, (a, b) in enumerate(data.edge_squares):
        found[f"{data.square_ids[a]}-{data.square_ids[b]}"] = data.edge_mask[e].bit_count()
    assert found == {edge: count for edge, (count, _v) in EDGES.items()}
    # an edge has two spaces iff one of its squares is on floor 3 or 4
    for e, (a, b) in enumerate(data.edge_squares):
        high = max(data.square_floor[a], data.square_floor[b]) >= 3
        assert data.edge_mask[e].bit_count() == (2 if high else 1)
    # the data file's vertices are the table's
    for edge in data.file.garden.edges:
        name = "-".join(sorted(edge.squares))
        low, high = (f"V{i}{j}" for i, j in edge.vertices)
        assert EDGES[name][1] == f"{low} {high}"


def test_space_adjacency_matches_the_table() -> None:
    data = new_game(3).data
    state = position(3)
    found = {
        data.space_ids[s]: names(state, data.space_adjacent[s]) for s in range(len(data.space_ids))
    }
    assert found == {s: set(adj.split(", ")) for s, adj in ADJACENCY.items()}


def test_square_floors_and_sides_match_the_table() -> None:
    data = new_game(3).data
    for name, (floor, sides) in SIDES.items():
        sq = data.square_ids.index(name)
        assert data.square_floor[sq] == floor == 1 + min(int(name[1]), int(name[2]))
        expected = {w for w in sides.split() if w not in ("river", "wall")}
        found = {
            "-".join(data.square_ids[q] for q in data.edge_squares[e])
            for e in data.square_edges[sq]
        }
        assert found == expected, name


def test_fewest_cubes_to_irrigate_each_square() -> None:
    """Exhaustive search over every position legal cube placements reach from an empty
    board: 1 cube for every floor-1 square, 2 for floor 2, 4 for floor 3, 6 for G33."""
    state = position(3)
    data = state.game.data
    count = len(data.square_ids)
    fewest: dict[str, int] = {}
    level = {0}
    for depth in range(1, 7):
        grown = set()
        for occupied in level:
            state.occupied = occupied
            state._irrigable = -1
            state._irrigated = -1
            legal_mask = rules.irrigable(state)
            while legal_mask:
                low = legal_mask & -legal_mask
                legal_mask ^= low
                grown.add(occupied | low)
        for occupied in grown:
            for sq in range(count):
                masks = [data.edge_mask[e] for e in data.square_edges[sq]]
                if data.square_ids[sq] not in fewest and any(occupied & m == m for m in masks):
                    fewest[data.square_ids[sq]] = depth
        level = grown
    by_floor = {1: 1, 2: 2, 3: 4, 4: 6}
    assert fewest == {name: by_floor[floor] for name, (floor, _s) in SIDES.items()}


# ------------------------------------------------------------------ irrigation


def test_an_empty_board_offers_the_river_spaces() -> None:
    assert irrigable_names(position(2)) == RIVER


def test_river_and_wall_sides_never_irrigate() -> None:
    state = position(3)
    assert irrigated_names(state) == set()
    put_all(state, {"G00-G01": A, "G01-G02": A, "G02-G03": A})
    # G01's -y and +y sides are full, its river side never counts; G03's wall neither
    assert irrigated_names(state) == {"G00", "G01", "G02", "G03"}
    assert "G13" not in irrigated_names(state)


def test_one_cube_irrigates_both_squares_of_its_edge() -> None:
    state = position(3)
    put(state, "G20-G30", B)
    assert irrigated_names(state) == {"G20", "G30"}


def test_a_double_edge_needs_both_halves() -> None:
    state = position(3)
    put_all(state, {"G02-G03": A, "G12-G13": A, "G22-G23.1": A})
    assert "G22" not in irrigated_names(state) and "G23" not in irrigated_names(state)
    assert "G22-G23.2" in irrigable_names(state)
    put(state, "G22-G23.2", B)
    assert {"G22", "G23"} <= irrigated_names(state)


def test_the_second_half_touches_only_its_own_half_at_a_dry_end() -> None:
    state = position(3)
    put_all(state, {"G02-G03": A, "G12-G13": A, "G13-G23.1": A})
    assert "G13-G23.2" in irrigable_names(state)
    # G13-G23.2 sits at V24 on the dry wall: only its other half leads to it
    other = position(3)
    put_all(other, {"G02-G03": A, "G12-G13": A})
    assert "G13-G23.2" not in irrigable_names(other)


def test_a_neutral_cube_in_a_chain_conducts() -> None:
    state = position(3)
    put(state, "G00-G10", N)
    assert irrigable_names(state) == RIVER - {"G00-G10"} | {"G01-G11", "G10-G11"}


def test_an_island_does_not_conduct() -> None:
    state = position(3)
    put(state, "G11-G21", N)  # touches V21 and V22 only
    assert irrigable_names(state) == RIVER
    put(state, "G10-G20", A)  # now the grey cube joins a chain to the river
    assert {"G11-G12", "G12-G22.1", "G21-G22.1"} <= irrigable_names(state)


def test_neutral_cubes_not_conducting_alternative() -> None:
    state = position(game=alternative_game(3, neutral_conducts=False))
    put(state, "G00-G10", N)
    assert irrigable_names(state) == RIVER - {"G00-G10"}
    put(state, "G00-G01", A)
    assert irrigable_names(state) == RIVER - {"G00-G10", "G00-G01"} | {"G01-G11", "G10-G11"}


def test_engineer_only_when_a_space_is_open() -> None:
    rows = ["engineer engineer engineer", "merchant merchant merchant", "engineer priest priest"]
    state = position(3, rows=rows)
    for name in state.game.data.space_ids:
        put(state, name, N)
    assert legal_of(state, "recruit") == {"recruit 2 merchant", "recruit 3 priest"}
    reason = state.why_illegal(state.game.parse_action(state, "recruit 1 engineer"))
    assert reason == "recruit 1 engineer: no irrigation space is connected to the river"


def test_a_lone_pass_is_taken_automatically() -> None:
    state = position(3, rows=["engineer engineer engineer"] * 3)
    for name in state.game.data.space_ids:
        put(state, name, N)
    act(state, "pass")  # B and C can only pass too
    assert [str(a) for a in state.automatic] == ["pass", "pass"]
    assert state.passed == [A, B, C] and state.current == C
    assert legal(state) == {"procession ishtar", "procession marduk", "procession tammouz"}


def test_babylon_irrigation_is_compulsory() -> None:
    state = position(3)
    give(state, A, "salt", "palm")
    give_camels(state, A, 1)
    state.caravan = city(state, "ninua")
    acts(state, "caravan babylon", "sell palm")
    assert state.phase == PHASE_IRRIGATE
    assert legal(state) == {f"irrigate {s}" for s in RIVER}  # no way to skip it


def test_babylon_irrigation_is_automatic_with_one_space() -> None:
    state = position(3)
    for name in state.game.data.space_ids:
        if name != "G20-G30":
            put(state, name, N)
    give(state, A, "salt")
    give_camels(state, A, 1)
    state.caravan = city(state, "ninua")
    act(state, "caravan babylon")
    assert [str(a) for a in state.automatic] == ["sell salt", "irrigate G20-G30"]
    assert owner_of(state, "G20-G30") == A and state.vp[A] == 3
    assert state.phase == PHASE_ACTION and state.current == B


def test_babylon_without_an_open_space_skips_the_irrigation() -> None:
    state = position(3)
    for name in state.game.data.space_ids:
        put(state, name, N)
    give(state, A, "salt", "dates")
    give_camels(state, A, 1)
    state.caravan = city(state, "ninua")
    acts(state, "caravan babylon", "sell dates salt")
    assert state.vp[A] == 6 and state.current == B and state.cubes[A] == 30


# ------------------------------------------------------------------ planting


def at_eshnunna(players: int = 3, seat: int = A, face: int = 0, game=None):
    """``seat`` to act with barley, salt and a camel, Eshnunna showing P1 ``face``."""
    state = position(players, game=game)
    state.current = seat
    set_plant(state, "eshnunna", "P1", face)
    give(state, seat, "barley", "salt")
    give_camels(state, seat, 1)
    return state


def test_planting_needs_an_irrigated_side_of_the_square_itself() -> None:
    state = at_eshnunna()
    put(state, "G10-G11", B)  # irrigates G10 and G11; G00 and G20 are only next to it
    assert {"G00", "G20"}.isdisjoint(irrigated_names(state))
    act(state, "caravan eshnunna")
    assert [str(a) for a in state.automatic] == ["plant G10 pay barley"]


def test_no_plantable_square_no_plant_city() -> None:
    state = at_eshnunna()
    assert "caravan eshnunna" not in legal(state)  # nothing irrigated
    put(state, "G11-G12", N)  # irrigates floor-2 squares only; the plant is quality 1
    assert "caravan eshnunna" not in legal(state)
    give_gardeners(state, A, 1)
    assert "caravan eshnunna" in legal(state)


def test_empty_squares_in_two_player_games_are_never_planted() -> None:
    state = at_eshnunna(players=2)
    put(state, "G02-G03", B)  # irrigates G02 and G03; G03 is not in use
    act(state, "caravan eshnunna")
    assert [str(a) for a in state.automatic] == ["plant G02 pay barley"]


@pytest.mark.parametrize(("face", "points"), [(0, 1), (1, 3)])
def test_majority_scores_the_printed_quality(face: int, points: int) -> None:
    state = at_eshnunna(face=face)
    give(state, A, "salt")  # face 1 is Q3 + salt
    set_tile(state, "G10", "T04")
    put_all(state, {"G00-G10": B, "G10-G20": B, "G10-G11": C})
    give_gardeners(state, B, 2)  # gardeners never add to the points
    act(state, "caravan eshnunna")
    pay = "barley" if face == 0 else "barley salt"
    act_or_auto(state, f"plant G10 pay {pay}")
    assert state.vp == [2, points, 0]


def test_majority_floor_alternative() -> None:
    game = alternative_game(3, majority_by_quality=False)
    state = at_eshnunna(game=game)
    give_gardeners(state, A, 1)  # a Q1 plant reaches floor 2
    set_tile(state, "G12", "T09")  # 4 VP
    put(state, "G11-G12", B)
    act(state, "caravan eshnunna")
    act_or_auto(state, "plant G12 pay barley")
    assert state.vp == [4, 2, 0]  # B scores G12's floor, 2, not the quality, 1


def test_majority_counts_both_halves_and_ignores_grey_cubes() -> None:
    state = position(3)
    state.current = A
    set_plant(state, "eshnunna", "P1", 1)  # Q3 + salt
    give(state, A, "barley", "salt")
    give_camels(state, A, 1)
    set_tile(state, "G22", "T15")  # 6 VP
    put_all(state, {"G12-G22.1": B, "G12-G22.2": B, "G21-G22.1": C, "G21-G22.2": N})
    put_all(state, {"G22-G23.1": N, "G22-G23.2": N, "G22-G32.1": N})
    act(state, "caravan eshnunna")
    act_or_auto(state, "plant G22 pay barley salt")
    assert state.vp == [6, 3, 0]  # B 2 (both halves of G12-G22), C 1; grey cubes: none
    # the same with a second cube of C: a tie, nobody scores
    state = position(3)
    set_plant(state, "eshnunna", "P1", 1)
    give(state, A, "barley", "salt")
    give_camels(state, A, 1)
    set_tile(state, "G22", "T15")
    put_all(state, {"G12-G22.1": B, "G12-G22.2": B, "G21-G22.1": C, "G21-G22.2": C})
    put_all(state, {"G22-G23.1": N, "G22-G23.2": N, "G22-G32.1": N})
    act(state, "caravan eshnunna")
    act_or_auto(state, "plant G22 pay barley salt")
    assert state.vp == [6, 0, 0]


def test_no_player_cube_nobody_scores_and_the_planter_has_no_special_role() -> None:
    state = at_eshnunna()
    set_tile(state, "G10", "T04")
    put(state, "G10-G11", N)
    act(state, "caravan eshnunna")
    assert state.vp == [2, 0, 0]
    other = at_eshnunna()
    set_tile(other, "G10", "T04")
    put_all(other, {"G10-G11": A, "G00-G10": B, "G10-G20": B})
    act(other, "caravan eshnunna")
    act_or_auto(other, "plant G10 pay barley")
    assert other.vp == [2, 1, 0]  # B holds the majority, not the planter


def test_one_cube_counts_for_both_squares_majorities() -> None:
    state = at_eshnunna()
    set_tile(state, "G10", "T04")
    set_tile(state, "G20", "T07")
    put_all(state, {"G10-G20": B})
    plant(state, "G20", C)  # earlier, by C (B scored then too)
    act(state, "caravan eshnunna")
    act_or_auto(state, "plant G10 pay barley")
    assert state.vp == [2, 1, 0]


def test_neutral_fill_on_every_side_towards_a_planted_square() -> None:
    state = position(3)
    state.current = A
    set_plant(state, "eshnunna", "P1", 1)  # Q3 + salt
    give(state, A, "barley", "salt")
    give_camels(state, A, 1)
    set_tile(state, "G22", "T15")
    put_all(state, {"G12-G22.1": B, "G12-G22.2": B})
    for name in ("G12", "G21", "G23"):
        plant(state, name, C)
    act(state, "caravan eshnunna")
    act_or_auto(state, "plant G22 pay barley salt")
    assert state.vp == [6, 3, 0]  # B's majority counted before the grey cubes
    for name in ("G21-G22.1", "G21-G22.2", "G22-G23.1", "G22-G23.2"):
        assert owner_of(state, name) == N, name
    for name in ("G22-G32.1", "G22-G32.2"):
        assert owner_of(state, name) is None  # G32 is not planted
    assert [owner_of(state, n) for n in ("G12-G22.1", "G12-G22.2")] == [B, B]


def test_neutral_fill_ignores_two_player_empty_squares() -> None:
    state = at_eshnunna(players=2)
    set_tile(state, "G02", "T04")
    put(state, "G01-G02", B)
    plant(state, "G01", B)
    act(state, "caravan eshnunna")
    act_or_auto(state, "plant G02 pay barley")
    assert owner_of(state, "G02-G03") is None  # G03 is empty, never planted
    assert owner_of(state, "G02-G12") is None  # G12 is not planted
    assert owner_of(state, "G01-G02") == B
