"""The worked examples of the Ishtar rules reference (§15), one test each, with the exact
gems, gardens, flowerbeds, legal and illegal placements, token spots and scores given there.

§15.1 (hex arithmetic) is in tests/core/test_hexgrid.py.
"""

from __future__ import annotations

import pytest

from ziggurat.core.errors import IllegalAction
from ziggurat.games.ishtar import rules, scoring
from ziggurat.games.ishtar.components import IshtarData, load_data
from ziggurat.games.ishtar.phases import PHASE_BLOOM, PHASE_CHOOSE, PHASE_OVER, PHASE_TREES
from ziggurat.games.ishtar.state import IshtarState
from ziggurat.games.ishtar.terrain import BoardPlacement, board_cells, touching

from .helpers import (
    ALICE,
    BOB,
    VIOLET,
    act,
    bit,
    card_id,
    example_state,
    fresh,
    gems_of,
    hand_tile,
    hexes,
    play_turn,
    tile_id,
)


def _data() -> IshtarData:
    return load_data()[0]


# ---------------------------------------------------------------------------- 15.2


def _where(data: IshtarData, placement: BoardPlacement, local_kind: str, index: int = 0):
    cells = [c for c, kind, _ in board_cells(data, placement) if kind == local_kind]
    return cells[index]


def test_15_2_board_transforms() -> None:
    data = _data()

    def moved(board: str, side: str, k: int, centre: tuple[int, int], local: tuple[int, int]):
        placed = board_cells(data, BoardPlacement(board, side, k, centre))
        unplaced = board_cells(data, BoardPlacement(board, "A", 0, (0, 0)))
        index = [c for c, _, _ in unplaced].index(local)
        return placed[index][0]

    assert moved("B4", "A", 1, (7, -4), (0, 0)) == (7, -4)
    assert moved("B4", "A", 1, (7, -4), (-3, 2)) == (5, -5)
    assert moved("B4", "A", 1, (7, -4), (3, -2)) == (9, -3)
    assert moved("B4", "B", 0, (7, -4), (-3, 2)) == (9, -7)
    assert moved("B4", "B", 2, (7, -4), (-3, 2)) == (8, -2)
    assert moved("B2", "A", 3, (4, 3), (1, -1)) == (3, 4)
    # what lies there moves with it: B2's fountain, B4's tablet and white rock
    fountain = [
        c for c, k, _ in board_cells(data, BoardPlacement("B2", "A", 3, (4, 3))) if k == "fountain"
    ]
    assert fountain == [(3, 4)]
    b4 = {c: (k, g) for c, k, g in board_cells(data, BoardPlacement("B4", "A", 1, (7, -4)))}
    assert b4[(5, -5)] == ("tablet", -1)
    assert b4[(9, -3)] == ("rock", 2)


def test_15_2_preset_contacts() -> None:
    data = _data()
    names = ["X0", "X1", "X2", "Y0", "Y1", "Y2"]
    links = touching([data.centres[n] for n in names], data.radius)
    pairs = {tuple(sorted((names[i], names[j]))) for i, near in enumerate(links) for j in near}
    assert pairs == {
        ("X0", "X1"), ("X0", "Y0"), ("X1", "X2"), ("X1", "Y0"), ("X1", "Y1"),
        ("X2", "Y1"), ("X2", "Y2"), ("Y0", "Y1"), ("Y1", "Y2"),
    }  # fmt: skip
    assert ("X0", "Y1") not in pairs


# ---------------------------------------------------------------------------- 15.3


def _stack_sizes(state: IshtarState, sizes: list[int]) -> None:
    """Give the stacks these heights, moving tiles between them and the box."""
    pool = [t for stack in state.stacks for t in stack] + state.box
    for i, size in enumerate(sizes):
        state.stacks[i] = [pool.pop() for _ in range(size)]
    state.box = pool
    fresh(state)


def test_15_3_watering_can_costs() -> None:
    state = example_state()
    _stack_sizes(state, [2, 3, 0, 2, 5, 1])
    state.can = 0
    assert rules.can_route(state) == [(1, 0), (3, 1), (4, 2), (5, 3), (0, 4)]
    l5 = state.game.data.skill_ids.index("L5")
    state.skill_turn[ALICE * len(state.game.data.skill_ids) + l5] = 0
    state.turn = 1
    assert rules.can_route(state) == [(1, 0), (3, 0), (4, 1), (5, 2), (0, 3)]
    state.skill_turn[ALICE * len(state.game.data.skill_ids) + l5] = -1
    _stack_sizes(state, [0, 3, 0, 0, 1, 0])
    state.can = 4
    assert rules.can_route(state) == [(1, 0), (4, 1)]


def test_15_3_the_first_can_is_free_anywhere() -> None:
    state = example_state()
    assert state.can == -1
    assert rules.can_route(state) == [(s, 0) for s in range(6)]


# ---------------------------------------------------------------------------- 15.4 - 15.8


def opening() -> IshtarState:
    """The position after the four opening moves of §15.4."""
    state = example_state()
    play_turn(state, "IS1", "place 1,0 r0", "assistant")
    play_turn(state, "V05", "place -1,0 r2", "assistant")
    play_turn(state, "T07", "place 2,-1 r5", "skill L1 pay vv")
    play_turn(state, "I08", "place 0,1 r1", "assistant")
    return state


def test_15_4_opening_moves() -> None:
    state = example_state()
    play_turn(state, "IS1", "place 1,0 r0", "assistant")
    assert gems_of(state, ALICE) == {"violet": 2, "red": 0, "white": 0}
    play_turn(state, "V05", "place -1,0 r2", "assistant")
    assert gems_of(state, BOB) == {"violet": 1, "red": 1, "white": 0}
    play_turn(state, "T07", "place 2,-1 r5", "skill L1 pay vv")
    assert gems_of(state, ALICE) == {"violet": 2, "red": 0, "white": 0}  # 4 held, 2 on L1
    assert state.supply[ALICE] == 1 + 1 and state.carpet[ALICE] == 1  # L1 recruited one
    play_turn(state, "I08", "place 0,1 r1", "assistant")
    assert gems_of(state, BOB) == {"violet": 1, "red": 2, "white": 1}

    grid = state.game.grid
    gardens = [hexes(state, g) for g in grid.components(state.tile_mask)]
    assert sorted(gardens, key=len) == [
        {(-1, 0), (-2, 1), (-2, 2)},
        {(1, 0), (2, 0), (3, 0), (2, -1), (3, -2), (3, -1), (0, 1), (0, 2), (0, 3)},
    ]
    beds = {frozenset(hexes(state, bed)): owner for bed, owner in scoring.flowerbeds(state)}
    assert beds == {
        frozenset({(3, 0), (3, -1), (3, -2)}): ALICE,
        frozenset({(1, 0), (0, 1), (0, 2)}): BOB,
        frozenset({(-1, 0), (-2, 1)}): BOB,
    }
    parts = scoring.breakdown(state)
    assert [p["flowers"] for p in parts] == [6, 7]
    assert scoring.fountain_control(state, scoring.flowerbeds(state)) == [[BOB]]
    assert [p["fountains"] for p in parts] == [0, 4]


CASES_15_5 = [
    ("I06", "place -1,1 r1", "two assistants"),
    ("I06", "place -1,3 r4", "two assistants"),
    ("I02", "place -1,1 r1", None),
    ("V01", "place -1,-1 r0", "sacred tablet"),
    ("I01", "place 5,0 r0", "off the map"),
    ("T11", "place 2,-2 r2", "two assistants"),
    ("T06", "place 2,-2 r2", None),
]


@pytest.mark.parametrize(("tile", "move", "reason"), CASES_15_5)
def test_15_5_placement_legality(tile: str, move: str, reason: str | None) -> None:
    state = opening()
    hand_tile(state, tile)
    if reason == "off the map":  # not even an action of this map
        with pytest.raises(IllegalAction, match=reason):
            state.game.parse_action(state, move)
        return
    action = state.game.parse_action(state, move)
    legal = action in state.legal_actions()
    assert legal == (reason is None)
    if reason is None:
        before = gems_of(state, ALICE)
        state.apply_action(action)
        if tile == "I02":  # the rulebook's "cover it with grass": collects the red gem
            assert gems_of(state, ALICE)["red"] == before["red"] + 1
            bob_beds = [hexes(state, b) for b, o in scoring.flowerbeds(state) if o == BOB]
            assert {(1, 0), (0, 1), (0, 2), (-1, 2)} in bob_beds  # his 3-space bed grows
    else:
        with pytest.raises(IllegalAction, match=reason):
            state.apply_action(action)


def after_15_6() -> IshtarState:
    state = opening()
    play_turn(state, "T06", "place 2,-2 r2")
    return state


def test_15_6_fountain_tie() -> None:
    state = opening()
    hand_tile(state, "T06")
    act(state, "place 2,-2 r2")
    # the icon lies in Alice's own bed, which has an assistant: no special action is offered
    assert state.phase == PHASE_CHOOSE or state.phase == PHASE_TREES
    assert state.current == BOB or "assistant" not in map(str, state.legal_actions())
    beds = {frozenset(hexes(state, b)): o for b, o in scoring.flowerbeds(state)}
    alice_bed = frozenset({(1, -2), (2, -2), (3, -2), (3, -1), (3, 0)})
    assert beds[alice_bed] == ALICE
    assert sum(state.flowers[bit(state, q, r)] for q, r in alice_bed) == 9
    assert scoring.fountain_control(state, scoring.flowerbeds(state)) == [[ALICE, BOB]]
    parts = scoring.breakdown(state)
    assert [p["fountains"] for p in parts] == [4, 4]
    assert hexes(state, rules.free_grass(state)) == {(-2, 2), (0, 3), (1, -1), (2, -1), (2, 0)}


def give_tree(state: IshtarState, seat: int, card: str, q: int, r: int) -> None:
    """``seat`` owns tree card ``card`` (taken from the deck) with its tree at ``q,r``."""
    c = card_id(state, card)
    if c in state.market:
        slot = state.market.index(c)
        state.market[slot] = state.deck.pop()
    else:
        state.deck.remove(c)
    state.tree_stock -= 1
    state.piles[seat].append(c)
    state.tree_mask |= 1 << bit(state, q, r)
    state.trees_placed.append((c, bit(state, q, r), seat))
    fresh(state)


def _bloom_phase(state: IshtarState) -> None:
    state.phase = PHASE_BLOOM
    state.bloom_left = 2
    state.bloom_placed = 0
    fresh(state)


def test_15_7_token_spots_with_trees() -> None:
    state = after_15_6()
    assert state.current == BOB
    state.current = ALICE
    give_tree(state, ALICE, "TC12", 2, 0)
    give_tree(state, ALICE, "TC14", 2, -1)
    give_tree(state, BOB, "TC05", -2, 2)
    _bloom_phase(state)
    legal = {str(a) for a in state.legal_actions()}
    # (1,-1) joins two assistants' beds, (2,0) has a tree; no double fits
    assert legal == {"bloom 2 at 0,3", "bloom 3 at 0,3"}
    with pytest.raises(IllegalAction):
        act(state, "bloom 2 at 1,-1")
    with pytest.raises(IllegalAction):
        act(state, "stop blooming")  # the first token is compulsory


def test_15_7_bloom_with_two_tokens() -> None:
    state = after_15_6()
    state.current = ALICE
    _bloom_phase(state)
    legal = {str(a) for a in state.legal_actions()}
    assert legal == {"bloom 2 at 0,3", "bloom 3 at 0,3", "bloom 2 at -2,2", "bloom 3 at -2,2"}
    act(state, "bloom 2 at 0,3")
    beds = {frozenset(hexes(state, b)): o for b, o in scoring.flowerbeds(state)}
    bob_bed = frozenset({(1, 0), (0, 1), (0, 2), (0, 3)})
    assert beds[bob_bed] == BOB
    assert sum(state.flowers[bit(state, q, r)] for q, r in bob_bed) == 7
    assert scoring.fountain_control(state, scoring.flowerbeds(state)) == [[BOB]]
    assert [p["flowers"] for p in scoring.breakdown(state)] == [9, 9]
    assert state.phase == PHASE_BLOOM
    legal = {str(a) for a in state.legal_actions()}
    assert legal == {"bloom 2 at -2,2", "bloom 3 at -2,2", "stop blooming"}
    act(state, "bloom 3 at -2,2")
    bob_beds = [hexes(state, b) for b, o in scoring.flowerbeds(state) if o == BOB]
    assert {(-1, 0), (-2, 1), (-2, 2)} in bob_beds
    assert state.phase != PHASE_BLOOM


def unlock(
    state: IshtarState, seat: int, skill: str, gems: tuple[int, int, int], turn: int
) -> None:
    """``seat`` unlocked ``skill`` on ``turn``, paying ``gems`` from the stock's."""
    data = state.game.data
    i = data.skill_ids.index(skill)
    index = seat * len(data.skill_ids) + i
    state.skill_turn[index] = turn
    state.skill_pay[index] = gems
    for c in range(3):
        state.gem_stock[c] -= gems[c]
        state.board_gems[3 * seat + c] += gems[c]
    fresh(state)


def test_15_8_final_scoring() -> None:
    state = after_15_6()
    give_tree(state, ALICE, "TC12", 2, 0)
    give_tree(state, ALICE, "TC14", 2, -1)
    give_tree(state, BOB, "TC05", -2, 2)
    tc26 = card_id(state, "TC26")
    if tc26 in state.market:
        state.market[state.market.index(tc26)] = state.deck.pop()
    else:
        state.deck.remove(tc26)
    state.tree_stock -= 1
    state.reserved[BOB] = tc26
    l1 = state.game.data.skill_ids.index("L1")
    state.skill_turn[ALICE * 10 + l1] = -1  # the example's Alice has L4, U4, L3, U3 only
    for c in range(3):
        state.gem_stock[c] += state.board_gems[3 * ALICE + c]
        state.board_gems[3 * ALICE + c] = 0
    state.skill_pay[ALICE * 10 + l1] = None
    state.carpet[ALICE] += 1
    state.supply[ALICE] -= 1
    unlock(state, ALICE, "L4", (2, 0, 0), 1)
    unlock(state, ALICE, "U4", (2, 0, 0), 3)
    unlock(state, ALICE, "L3", (2, 0, 0), 5)
    unlock(state, ALICE, "U3", (2, 0, 0), 7)
    unlock(state, BOB, "L2", (2, 0, 0), 2)
    unlock(state, BOB, "U2", (1, 1, 0), 4)
    unlock(state, BOB, "L5", (1, 0, 1), 6)
    unlock(state, BOB, "U5", (0, 1, 1), 8)
    state.turn = 9
    parts = scoring.breakdown(state)
    assert parts[ALICE] == {"trees": 12, "flowers": 9, "fountains": 4, "skills": 8, "total": 33}
    assert parts[BOB] == {"trees": 4, "flowers": 7, "fountains": 4, "skills": 9, "total": 24}
    assert state.scores() == [33, 24]
    assert state.winners() == [ALICE]
    # had Bob Grove Keeper, all three trees would touch his beds: 6 more points
    unlock(state, BOB, "L3", (2, 0, 0), 9)
    unlock(state, BOB, "U3", (2, 0, 0), 10)
    state.turn = 11
    assert scoring.breakdown(state)[BOB]["skills"] == 9 + 6
    # the position is a consistent one: it saves and reads back
    again = state.game.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()


# ---------------------------------------------------------------------------- 15.9, 15.10


def test_15_9_two_fountains_may_not_be_linked() -> None:
    state = example_state("X0=B1A0 X1=B4A0", fountains=(VIOLET, VIOLET))
    play_turn(state, "IS1", "place 1,0 r0", "no action")
    play_turn(state, "T07", "place 2,-1 r5", "no action")
    before = gems_of(state, ALICE)
    hand_tile(state, "I10")
    act(state, "place 6,-4 r3")
    assert gems_of(state, ALICE)["red"] == before["red"] + 1  # the red rock at (5,-4)
    play_turn_end(state)
    hand_tile(state, "I01")
    with pytest.raises(IllegalAction, match="two fountains"):
        act(state, "place 3,-3 r0")
    with pytest.raises(IllegalAction, match="sacred tablet"):
        act(state, "place 4,-3 r0")


def play_turn_end(state: IshtarState) -> None:
    while state.phase != PHASE_CHOOSE:
        names = [str(a) for a in state.legal_actions()]
        act(state, "no action" if "no action" in names else "end turn")


def _end_setup(state: IshtarState) -> None:
    """Stack 1 empty; stack 4 down to one tile that fits (I-shaped start tile or not)."""
    pool = state.stacks[1][:] + state.stacks[4][:-1]
    state.stacks[1] = []
    state.stacks[4] = state.stacks[4][-1:]
    state.box += pool
    fresh(state)


def test_15_10_end_after_the_first_players_turn() -> None:
    state = example_state()
    _end_setup(state)
    take = [a for a in state.legal_actions() if str(a) == "take 4"]
    state.apply_action(take[0])
    assert state.end_triggered
    act(state, str(state.legal_actions()[0]))
    play_turn_end(state)
    assert state.current == BOB and state.phase == PHASE_CHOOSE
    state.apply_action(state.legal_actions()[0])
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])  # no action / end turn
    assert state.phase == PHASE_OVER
    assert state.turn == 2


def test_15_10_end_after_the_second_players_turn() -> None:
    state = example_state()
    play_turn(state, "IS1", "place 1,0 r0", "assistant")
    _end_setup(state)
    assert state.current == BOB
    act(state, "take 4" if state.can < 4 else "take 4 pay v")
    assert state.end_triggered
    act(state, str(state.legal_actions()[0]))
    while state.phase != PHASE_OVER:
        assert state.current == BOB
        state.apply_action(state.legal_actions()[-1])
    assert state.turn == 2


def test_tile_ids_resolve() -> None:
    state = example_state()
    assert state.game.data.tile_ids[tile_id(state, "T06")] == "T06"
