"""What a seat may not learn (rules reference §14): states that differ only in hidden parts
look the same to every seat, bought tree cards lie face down, and determinized worlds agree
with the view and with the rules."""

from __future__ import annotations

import json
import random

import ziggurat
from ziggurat.games.ishtar import rules

from .helpers import ALICE, BOB, act, card_id, example_state, fresh, new_game


def views(state) -> list[dict]:
    return [state.view(s) for s in (*range(state.n), None)]


def test_stacks_below_the_top_box_and_deck_order_are_hidden() -> None:
    a = new_game(2).new_initial_state(4)
    b = a.clone()
    for i, stack in enumerate(b.stacks):  # swap what lies below the tops with the box
        shape = b.cups[i]
        hidden = stack[:-1]
        spare = [t for t in b.box if b.game.data.tile_shape[t] == shape]
        if hidden and spare:
            b.box.remove(spare[0])
            b.box.append(hidden[0])
            b.box.sort()
            stack[0] = spare[0]
    b.deck.reverse()
    b.rng.state ^= 999
    assert a.to_json() != b.to_json()
    assert views(a) == views(b)
    text = json.dumps(a.view(0))
    assert '"deck": [' not in text and "rng" not in text


def test_bought_cards_lie_face_down_for_the_others() -> None:
    state = example_state()
    tc = card_id(state, "TC12")
    if tc in state.deck:
        state.deck.remove(tc)
    else:
        state.market[state.market.index(tc)] = state.deck.pop()
    state.piles[BOB].append(tc)
    state.tree_stock -= 1
    bit = state.game.grid.bit((1, 0))
    state.tile_mask |= 1 << bit  # a grass hex for the tree, laid by hand
    state.grass_mask |= 1 << bit
    state.tree_mask |= 1 << bit
    state.trees_placed.append((tc, bit, BOB))
    fresh(state)
    mine, theirs = state.view(BOB), state.view(ALICE)
    assert [c["id"] for c in mine["players"][BOB]["trees"]] == ["TC12"]
    assert "trees" not in theirs["players"][BOB]
    assert theirs["players"][BOB]["tree_cards"] == 1
    assert theirs["players"][BOB]["points"]["trees"] is None
    assert mine["players"][BOB]["points"]["trees"] == 6
    assert theirs["players"][BOB]["score"] == mine["players"][BOB]["score"] - 6
    assert "TC12" not in json.dumps(theirs["players"]) and "TC12" not in json.dumps(theirs["map"])


def test_a_purchase_is_seen_as_it_happens() -> None:
    game = ziggurat.load_game("ishtar", players=2)
    rng = random.Random(2)
    for seed in range(30):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            buys = [a for a in legal if str(a).startswith("buy ") and a.slot < 5]
            if buys:
                card = state.market[buys[0].slot]
                seat = state.current
                state.apply_action(buys[0])
                other = (seat + 1) % 2
                seen = state.view(other)["this_turn"]
                assert seen["seat"] == seat
                assert [c["id"] for c in seen["cards"]] == [game.data.card_ids[card]]
                return
            state.apply_action(rng.choice(legal))
    raise AssertionError("no purchase in 30 random games")


def test_determinized_worlds_keep_every_visible_thing() -> None:
    game = new_game(3)
    rng = random.Random(7)
    state = game.new_initial_state(7)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    for seat in range(3):
        world = state.determinize(seat, random.Random(seat))
        assert world.view(seat) == state.view(seat)
        assert [s[-1] if s else None for s in world.stacks] == [
            s[-1] if s else None for s in state.stacks
        ]
        assert world.piles == state.piles and world.reserved == state.reserved
        assert sorted(world.deck) == sorted(state.deck)
        unseen = sorted([t for s in state.stacks for t in s[:-1]] + state.box)
        assert sorted([t for s in world.stacks for t in s[:-1]] + world.box) == unseen
        if state.current == seat:
            assert world.legal_actions() == state.legal_actions()


def test_the_next_tile_is_revealed_when_a_tile_is_taken() -> None:
    state = new_game(2).new_initial_state(3)
    stack = rules.tile_choices(state)[0][0][0]
    below = state.stacks[stack][-2]
    act(state, f"take {stack}")
    assert state.view(ALICE)["stacks"][stack]["top"]["id"] == state.game.data.tile_ids[below]
