"""Each skill, the special actions, the can's payment, trees and the forced discard
(rules reference §11, §12)."""

from __future__ import annotations

import pytest

from ziggurat.core.errors import IllegalAction
from ziggurat.games.ishtar import rules, scoring
from ziggurat.games.ishtar.phases import (
    PHASE_ACTION,
    PHASE_BLOOM,
    PHASE_CHOOSE,
    PHASE_PLANT,
    PHASE_RESERVE,
    PHASE_TREES,
)

from .helpers import (
    ALICE,
    BOB,
    act,
    bit,
    card_id,
    example_state,
    finish_turn,
    fresh,
    gems_of,
    hand_tile,
    play_turn,
)


def legal(state) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def skill_turn(state, skill: str) -> int:
    data = state.game.data
    return state.skill_turn[state.current * len(data.skill_ids) + data.skill_ids.index(skill)]


def rich(state, seat: int, v: int = 3, r: int = 2, w: int = 1) -> None:
    """Move gems from the stock into ``seat``'s supply."""
    for c, k in enumerate((v, r, w)):
        state.gem_stock[c] -= k
        state.gems[3 * seat + c] += k
    fresh(state)


def skill_tile_turn(state, skill_action: str, place: str = "place 1,0 r0") -> None:
    """Alice places T07 (G F2 F2, skill icon on the middle space) and plays
    ``skill_action``; at 1,0 r0 it lies on (1,0) grass, (2,0) and (1,1) flowers."""
    hand_tile(state, "T07")
    act(state, place)
    assert state.phase == PHASE_ACTION
    act(state, skill_action)


def test_skill_icon_offers_every_lower_skill_and_every_payment() -> None:
    state = example_state()
    play_turn(state, "IS1", "place 1,0 r0", "assistant")
    play_turn(state, "V05", "place -1,0 r2", "no action")
    hand_tile(state, "T07")
    act(state, "place 2,-1 r5")  # Alice now holds 4 violet
    rich(state, ALICE, 0, 1, 0)
    options = legal(state)
    expected = {"no action"}
    for skill in ("L1", "L2", "L3", "L4", "L5"):
        expected |= {f"skill {skill} pay vv", f"skill {skill} pay vr"}
    assert options == expected  # no upper skill before its lower one; no white held
    with pytest.raises(IllegalAction, match="U1 needs L1 unlocked on an earlier turn"):
        act(state, "skill U1 pay vv")
    with pytest.raises(IllegalAction, match="the tile has no assistant or wild icon"):
        act(state, "assistant")
    with pytest.raises(IllegalAction, match="gems rr"):
        act(state, "skill L1 pay rr")
    act(state, "skill L2 pay vr")
    assert state.board_gems[0:3] == [1, 1, 0]
    assert gems_of(state, ALICE) == {"violet": 3, "red": 0, "white": 0}
    assert state.supply[ALICE] == 1 + 1 and state.carpet[ALICE] == 1


def test_an_upper_skill_after_its_lower_one_and_each_only_once() -> None:
    state = example_state()
    rich(state, ALICE, 6, 0, 0)
    skill_tile_turn(state, "skill L1 pay vv")
    finish_turn(state)
    play_turn(state, "V05", "place -1,0 r2", "no action")
    hand_tile(state, "I02")  # skill icon on the flower space (0,2)
    act(state, "place 0,1 r1")
    options = legal(state)
    assert "skill U1 pay vv" in options and "skill L1 pay vv" not in options
    act(state, "skill U1 pay vv")
    parts = scoring.breakdown(state)
    assert parts[ALICE]["skills"] == 0  # U1: 2 per assistant on the map, Alice has none


def test_wild_icon_is_either_not_both() -> None:
    state = example_state()
    rich(state, ALICE, 2, 0, 0)
    hand_tile(state, "IS2")  # W@0 on F2
    act(state, "place 1,0 r0")
    options = legal(state)
    assert "assistant" in options and "skill L1 pay vv" in options and "no action" in options
    act(state, "assistant")
    assert state.phase != PHASE_ACTION
    assert state.assistants[ALICE] == 1 << bit(state, 1, 0)


def test_no_special_action_without_assistants_or_gems() -> None:
    state = example_state()
    state.supply[ALICE] = 0
    state.carpet[ALICE] += 2
    fresh(state)
    hand_tile(state, "IS1")  # assistant icon
    act(state, "place 1,0 r0")
    assert state.phase == PHASE_CHOOSE and state.current == BOB  # step 4 and 5 skipped
    state.gem_stock[0] += state.gems[3 * BOB]
    state.gems[3 * BOB] = 0
    hand_tile(state, "T07")  # skill icon; Bob collects 1 red gem, short of a skill's 2
    act(state, "place -1,0 r2")
    assert state.current == ALICE


def test_recruit_takes_an_assistant_from_the_carpet() -> None:
    state = example_state()
    rich(state, ALICE, 4, 0, 0)
    skill_tile_turn(state, "skill L1 pay vv")
    assert (state.supply[ALICE], state.carpet[ALICE]) == (3, 1)


def test_bloom_places_up_to_two_tokens() -> None:
    state = example_state()
    play_turn(state, "I04", "place 1,0 r0", None)  # G F4 G: grass at (1,0) and (3,0)
    play_turn(state, "V05", "place -1,0 r2", "no action")
    rich(state, ALICE, 2, 0, 0)
    skill_tile_turn(state, "skill L3 pay vv", "place 0,1 r0")
    assert state.phase == PHASE_BLOOM and state.bloom_left == 2
    options = legal(state)
    assert "stop blooming" not in options
    assert "bloom 1+1 at 1,0 2,0" not in options  # (2,0) holds flowers, not grass
    assert {"bloom 2 at 1,0", "bloom 3 at 3,0", "bloom 2 at -2,2"} <= options
    act(state, "bloom 3 at 3,0")
    assert state.flowers[bit(state, 3, 0)] == 3
    assert "stop blooming" in legal(state)
    act(state, "bloom 2 at 1,0")
    assert state.phase != PHASE_BLOOM
    assert sum(state.tokens) == 6


def test_bloom_is_lost_when_no_token_fits() -> None:
    state = example_state()
    rich(state, ALICE, 2, 0, 0)
    skill_tile_turn(state, "skill L3 pay vv")  # T07's only grass is (1,0)
    assert state.phase == PHASE_BLOOM
    assert legal(state) == {"bloom 2 at 1,0", "bloom 3 at 1,0"}
    act(state, "bloom 2 at 1,0")
    assert state.phase != PHASE_BLOOM  # no grass left for a second


def test_nursery_reserves_a_card_only_its_owner_can_buy() -> None:
    state = example_state()
    rich(state, ALICE, 2, 0, 0)
    skill_tile_turn(state, "skill L4 pay vv")
    assert state.phase == PHASE_RESERVE
    assert legal(state) == {f"reserve {s}" for s in range(5)}
    card = state.market[3]
    act(state, "reserve 3")
    assert state.reserved[ALICE] == card and card not in state.market
    if state.current == ALICE:  # trees she can buy
        finish_turn(state)
    # the slot was refilled at the end of the turn, with a tree from the stock
    assert state.market[3] >= 0 and state.market_tree[3] and state.tree_stock == 14
    assert state.current == BOB and "buy reserved" not in legal(state)


def test_buying_pays_exact_gems_and_plants_on_free_grass() -> None:
    state = example_state()
    hand_tile(state, "I04")  # G F4 G
    tc01 = card_id(state, "TC01")
    if tc01 not in state.market:
        state.deck.append(state.market[0])
        state.deck.remove(tc01)
        state.market[0] = tc01
    rich(state, ALICE, 1, 0, 0)  # 2 violet, and a third from the rock at (1,0)
    act(state, "place 1,0 r0")
    assert state.phase == PHASE_TREES
    slot = state.market.index(tc01)
    assert f"buy {slot}" in legal(state)
    act(state, f"buy {slot}")
    assert state.phase == PHASE_PLANT
    assert legal(state) == {"plant 1,0", "plant 3,0"}
    act(state, "plant 3,0")
    assert state.piles[ALICE] == [tc01] and gems_of(state, ALICE)["violet"] == 1
    assert state.current == BOB  # nothing more to buy: the turn ended, the slot refilled
    assert state.market[slot] >= 0


def test_no_purchase_without_free_grass() -> None:
    state = example_state()
    rich(state, ALICE, 5, 5, 5)
    hand_tile(state, "I11")  # three flowers, no grass anywhere on the map
    act(state, "place 1,0 r0")
    assert rules.buyable(state) == []
    assert state.phase in (PHASE_ACTION, PHASE_CHOOSE)


def test_a_paid_can_move_names_its_gems() -> None:
    state = example_state()
    play_turn(state, "IS1", "place 1,0 r0", "assistant")  # can not used (tile handed over)
    state.can = 0
    rich(state, BOB, 1, 1, 0)
    fresh(state)
    options = legal(state)
    assert "take 1" in options
    assert {"take 2 pay v", "take 2 pay r"} <= options
    assert {"take 3 pay vv", "take 3 pay vr"} <= options
    assert "take 3 pay rr" not in options
    with pytest.raises(IllegalAction, match="costs 2 gems, not 1"):
        act(state, "take 3 pay v")
    before = list(state.gem_stock)
    act(state, "take 3 pay vr")
    assert state.gem_stock == [before[0] + 1, before[1] + 1, before[2]]
    assert state.can == 3


def test_a_tile_that_fits_nowhere_cannot_be_taken_and_the_forced_discard() -> None:
    state = example_state()
    # fill every coverable hex of the one-board map but those around no fountain
    tops = [stack[-1] for stack in state.stacks]
    assert all(rules.can_place(state, t) for t in tops)
    state.tile_mask = state.terrain.coverable
    state.grass_mask = state.terrain.coverable
    state.reach[0] |= state.terrain.coverable
    fresh(state)
    choices, discard = rules.tile_choices(state)
    assert choices == [] and discard == 0
    assert legal(state) == {"discard 0"}
    with pytest.raises(IllegalAction, match="discard 0 is the only move"):
        act(state, "take 1")
    top = state.stacks[0][-1]
    act(state, "discard 0")
    assert state.discarded == [top] and state.can == 0
    assert state.phase in (PHASE_TREES, PHASE_CHOOSE)
