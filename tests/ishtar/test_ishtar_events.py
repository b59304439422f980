"""What a move caused, as the engine records it (ziggurat.core.events): worked positions whose
events are asserted exactly (kind, fields, words with the default names), a bought card named
to its buyer alone, saved events that round-trip and corrupt ones that are refused."""

from __future__ import annotations

import json
import random

import pytest

from ziggurat import render_kit as kit
from ziggurat.core.errors import CorruptState
from ziggurat.games.ishtar import events as ev
from ziggurat.games.ishtar import render, scoring
from ziggurat.games.ishtar.phases import PHASE_PLANT, PHASE_RESERVE, PHASE_TREES

from .helpers import (
    ALICE,
    BOB,
    act,
    bit,
    card_id,
    example_state,
    fresh,
    hand_tile,
    new_game,
    tile_id,
)


def texts(state, viewer: int | None) -> list[str]:
    """The last action's events as ``viewer`` reads them in the view."""
    return [e["text"] for e in state.view(viewer)["events"]]


def give(state, seat: int, violet: int = 0, red: int = 0, white: int = 0) -> None:
    """Move gems from the stock into ``seat``'s supply (every gem stays somewhere once)."""
    for c, k in enumerate((violet, red, white)):
        state.gem_stock[c] -= k
        state.gems[3 * seat + c] += k
    fresh(state)


def skill_index(state, skill: str) -> int:
    return state.game.data.skill_ids.index(skill)


# ---------------------------------------------------------------------------- worked positions


def test_taking_a_tile_names_it_and_what_its_stack_shows_next() -> None:
    state = new_game(2).new_initial_state(3)
    data = state.game.data
    assert state.current == BOB
    tile, below = state.stacks[4][-1], state.stacks[4][-2]
    assert (data.tile_ids[tile], data.tile_ids[below]) == ("VS2", "V09")  # the seed's deal
    act(state, "take 4")
    assert state.events == ((ev.TILE_TAKEN, BOB, 4, tile, below),)
    words = (
        "seat 1 takes VS2 (3 flowers, wild icon) from stack 4; "
        "stack 4 now shows V09 (5 flowers, skill icon)"
    )
    expected = {
        "type": "tile_taken",
        "seat": BOB,
        "stack": 4,
        "tile": "VS2",
        "top": "V09",
        "parts": [{"seat": BOB}, words.removeprefix("seat 1")],
        "text": words,
    }
    assert all(state.view(v)["events"] == [expected] for v in (ALICE, BOB, None))  # public


def test_placing_a_tile_names_its_hexes_and_the_gems_it_collects() -> None:
    state = example_state()  # B1 alone (rules reference §15.4): Alice's opening move
    hand_tile(state, "IS1")
    act(state, "place 1,0 r0")
    assert state.events == (
        (ev.TILE_PLACED, ALICE, tile_id(state, "IS1"), bit(state, 1, 0), 0, (1, 0, 0)),
    )
    (seen,) = state.view(BOB)["events"]
    assert seen["text"] == "seat 0 places IS1 on 1,0 2,0 3,0 and collects 1 violet gem"
    assert seen["hexes"] == [[1, 0], [2, 0], [3, 0]] and seen["hex"] == [1, 0]
    assert seen["gems"] == {"violet": 1} and seen["tile"] == "IS1" and seen["rotation"] == 0
    act(state, "assistant")
    assert state.events == ((ev.ASSISTANT_PLACED, ALICE, bit(state, 3, 0), 2),)
    assert texts(state, None) == [
        "seat 0 puts an assistant on 3,0 and controls its flowerbed of 2 flowers"
    ]


def test_a_tile_on_sand_collects_nothing() -> None:
    state = example_state()
    hand_tile(state, "I04")  # G F4 G, no icon
    act(state, "place -3,0 r0")  # three sand hexes west of the fountain
    assert state.events == (
        (ev.TILE_PLACED, ALICE, tile_id(state, "I04"), bit(state, -3, 0), 0, (0, 0, 0)),
    )
    assert texts(state, None) == ["seat 0 places I04 on -3,0 -2,0 -1,0"]
    assert state.view(None)["events"][0]["gems"] == {}


def test_a_skill_names_what_was_paid_and_the_assistant_it_recruits() -> None:
    state = example_state()
    hand_tile(state, "T07")  # G F2 F2, skill icon; on (1,0) it collects that rock's violet gem
    act(state, "place 1,0 r0")
    act(state, "skill L1 pay vv")
    l1 = skill_index(state, "L1")
    assert state.events == (
        (ev.SKILL_UNLOCKED, ALICE, l1, (2, 0, 0)),
        (ev.ASSISTANTS_RECRUITED, ALICE, 1),
    )
    assert texts(state, BOB) == [
        "seat 0 puts 2 violet gems on L1 Recruit I",
        "seat 0 takes 1 assistant from the carpet into their supply",
    ]
    first, second = state.view(None)["events"]
    assert first["skill"] == "L1" and first["pay"] == {"violet": 2}
    assert second["count"] == 1


def test_a_skill_whose_effect_cannot_be_carried_out_says_so() -> None:
    state = example_state()
    state.carpet[ALICE], state.supply[ALICE] = 0, state.supply[ALICE] + state.carpet[ALICE]
    hand_tile(state, "T07")
    act(state, "place 1,0 r0")
    act(state, "skill L1 pay vv")
    assert state.events[1] == (ev.EFFECT_LOST, ALICE, skill_index(state, "L1"))
    assert texts(state, None)[1] == (
        "L1 Recruit I: no assistant of theirs is left on the carpet, so its effect is lost "
        "for seat 0"
    )


def test_a_reservation_names_the_card_and_the_refill_the_new_one() -> None:
    state = example_state()
    data = state.game.data
    market = list(state.market)
    incoming = state.deck[-1]
    hand_tile(state, "T07")
    act(state, "place 1,0 r0")
    act(state, "skill L4 pay vv")
    assert state.phase == PHASE_RESERVE
    act(state, "reserve 0")
    assert state.events == (
        (ev.CARD_RESERVED, ALICE, market[0], 0),
        (ev.CARD_TO_MARKET, 0, incoming, 1),
    )
    card, new = data.card_ids[market[0]], data.card_ids[incoming]
    assert (card, new) == ("TC08", "TC22")  # the seed's market and deck
    assert texts(state, BOB) == [
        "seat 0 reserves TC08 (2 violet, 1 red gems, 5 VP) from market slot 0, with its tree",
        "TC22 (3 violet, 1 white gems, 7 VP) comes to market slot 0",
    ]
    refill = state.view(None)["events"][1]
    assert refill["slot"] == 0 and refill["card"] == "TC22" and refill["tree"] is True


def bought_position():
    """Alice holds 3 violet gems after placing I04 on (1,0), and may buy TC03 or TC04."""
    state = example_state()
    state.record = (ALICE, -1, (0, 0, 0), (), False)  # Alice's turn, as a saved state says
    give(state, ALICE, violet=1)
    hand_tile(state, "I04")  # G F4 G: grass on (1,0) and (3,0)
    act(state, "place 1,0 r0")
    assert state.phase == PHASE_TREES
    act(state, "buy 2")
    assert state.phase == PHASE_PLANT
    return state


BOUGHT = " buys TC03 (4 VP) from market slot 2 for 3 violet gems; it goes face down"


def test_a_bought_card_is_named_to_everyone_its_points_to_its_buyer_only() -> None:
    """The purchase is seen at the table (rulings I18): every viewer reads the card; the
    ``points`` field, like the running scores, is the buyer's alone until the end."""
    state = bought_position()
    tc03 = card_id(state, "TC03")
    assert state.events == ((ev.CARD_BOUGHT, ALICE, tc03, 2),)
    mine = state.view(ALICE)["events"]
    assert mine == [
        {
            "type": "card_bought",
            "seat": ALICE,
            "slot": 2,
            "reserved": False,
            "pay": {"violet": 3},
            "card": "TC03",
            "points": [4, 0],
            "parts": [
                {"seat": ALICE},
                BOUGHT,
            ],
            "text": "seat 0" + BOUGHT,
        }
    ]
    for viewer in (BOB, None):
        (theirs,) = state.view(viewer)["events"]
        assert theirs == {k: v for k, v in mine[0].items() if k != "points"}
    deck_top = state.deck[-1]
    act(state, "plant 3,0")
    assert state.events == (
        (ev.TREE_PLANTED, ALICE, tc03, bit(state, 3, 0)),
        (ev.CARD_TO_MARKET, 2, deck_top, 1),
    )
    assert texts(state, ALICE) == [
        "seat 0 plants the tree of TC03 on 3,0",
        "TC22 (3 violet, 1 white gems, 7 VP) comes to market slot 2",
    ]
    assert texts(state, BOB) == texts(state, None) == texts(state, ALICE)
    planted = state.view(BOB)["events"][0]
    assert (planted["hex"], planted["card"]) == ([3, 0], "TC03")


def test_the_terminal_log_shows_each_seat_its_own_events() -> None:
    before = example_state()
    give(before, ALICE, violet=1)
    hand_tile(before, "I04")
    act(before, "place 1,0 r0")
    after = before.clone()
    action = after.game.parse_action(after, "buy 2")
    after.apply_action(action)
    note = render.move_note(before, after, ALICE, action, 7)
    assert note.words == "buys the tree card in market slot 2"
    assert note.deltas == (0, 0)  # a face-down card moves no public points
    assert [e["type"] for e in note.events_for(BOB)] == ["card_bought"]
    mine = render.note_text(note, ALICE).plain
    theirs = render.note_text(note, BOB).plain
    assert "seat 0 buys TC03 (4 VP) from market slot 2" in mine
    assert mine == theirs  # the purchase was seen at the table (rulings I18)
    assert note.events_for(ALICE)[0]["points"] == [4, 0]
    assert "points" not in note.events_for(BOB)[0]
    assert note.seen == kit.events_seen(after)


def test_the_forced_discard_names_the_tile() -> None:
    state = example_state()
    state.tile_mask = state.terrain.coverable  # every coverable hex taken: nothing fits
    state.grass_mask = state.terrain.coverable
    state.reach[0] |= state.terrain.coverable
    fresh(state)
    top, below = state.stacks[0][-1], state.stacks[0][-2]
    act(state, "discard 0")
    assert state.events[0] == (ev.TILE_DISCARDED, ALICE, 0, top, below)
    data = state.game.data
    words = texts(state, None)[0]
    assert words.startswith(f"seat 0 discards {data.tile_ids[top]} (")
    assert (
        f"from stack 0: it fits nowhere on the map; stack 0 now shows {data.tile_ids[below]} ("
        in words
    )


def test_the_end_the_last_turns_with_no_tile_and_the_final_scoring() -> None:
    state = new_game(2).new_initial_state(5)
    state.first = state.current = ALICE
    for i, stack in enumerate(state.stacks):  # only one tile is left, on stack 1
        keep = 1 if i == 1 else 0
        state.discarded += stack[: len(stack) - keep]
        del stack[: len(stack) - keep]
    fresh(state)
    tile = state.stacks[1][0]
    act(state, "take 1")
    assert state.events == (
        (ev.TILE_TAKEN, ALICE, 1, tile, -1),
        (ev.END_TRIGGERED, ALICE, (0, 1, 2, 3, 4, 5), BOB),
    )
    assert texts(state, None)[1] == (
        "stacks 0, 1, 2, 3, 4 and 5 are empty: this round is the last, the game ends after "
        "the turn of seat 1"
    )
    assert state.view(None)["events"][1]["empty"] == [0, 1, 2, 3, 4, 5]
    seen: list[tuple] = []
    while not state.is_terminal():
        act(state, str(state.legal_actions()[-1]))  # end the turn, or decline the icon
        seen += state.events
    kinds = [e[0] for e in seen]
    assert kinds[-2:] == [ev.ONLY_TREES, ev.GAME_OVER]
    assert seen[-2] == (ev.ONLY_TREES, BOB)
    parts = scoring.breakdown(state)
    totals = tuple(tuple(p[k] for k in ev.PARTS) for p in parts)
    assert seen[-1] == (ev.GAME_OVER, totals, tuple(state.winners()), (-1, -1))
    over = state.view(BOB)["events"][-1]
    assert over["final"] == parts and over["winners"] == state.winners()
    assert over["discarded"] == []
    order = sorted(range(2), key=lambda s: -parts[s]["total"])
    scores = ", ".join(
        f"seat {s} {parts[s]['total']} (trees {parts[s]['trees']}, flowers "
        f"{parts[s]['flowers']}, fountains {parts[s]['fountains']}, skills {parts[s]['skills']})"
        for s in order
    )
    won = " and ".join(f"seat {w}" for w in state.winners())
    verb = "wins" if len(state.winners()) == 1 else "share the win"
    assert over["text"] == f"game over: final scoring after the last round: {scores}; {won} {verb}"
    only = new_game(2).event_view(seen[-2], None)
    assert only["text"] == "every stack is empty: seat 1 may only buy tree cards this turn"


def test_an_unbought_reserved_card_is_discarded_at_the_end() -> None:
    raw = (ev.GAME_OVER, ((4, 9, 4, 8, 25), (4, 7, 4, 9, 24)), (0,), (-1, 25))
    game = new_game(2)
    over = game.event_view(raw, None)
    assert over["text"] == (
        "game over: final scoring after the last round: seat 0 25 (trees 4, flowers 9, "
        "fountains 4, skills 8), seat 1 24 (trees 4, flowers 7, fountains 4, skills 9); "
        "seat 1's reserved TC26 is discarded; seat 0 wins"
    )
    assert over["discarded"] == [{"seat": 1, "card": "TC26"}]
    tie = game.event_view((ev.GAME_OVER, ((0,) * 5, (0,) * 5), (0, 1), (-1, -1)), 0)
    assert tie["text"].endswith("; seat 0 and seat 1 share the win")


# ---------------------------------------------------------------------------- saved events


def test_a_saved_state_keeps_its_events() -> None:
    state = bought_position()
    data = json.loads(json.dumps(state.to_json()))
    assert data["events"] == [["card_bought", ALICE, card_id(state, "TC03"), 2]]
    back = state.game.state_from_json(data)
    assert back.events == state.events
    assert back.view(BOB)["events"] == state.view(BOB)["events"]
    assert back.view(ALICE)["events"] == state.view(ALICE)["events"]


@pytest.mark.parametrize(
    "event",
    [
        ["no_such_event", 0],
        ["card_bought", 0, 999, 2],
        ["card_bought", 2, 0, 2],
        ["card_bought", 0, 0],
        ["tile_placed", 0, 0, 31, 0, [1, 0]],
        ["tile_placed", 0, 0, 31, 7, [1, 0, 0]],
        ["tile_placed", 0, 0, 10**6, 0, [1, 0, 0]],
        ["tile_taken", True, 1, 0, -1],
        ["tile_taken", 0, 1, 0, -2],
        ["card_to_market", 5, 0, 1],
        ["card_to_market", 0, 0, 2],
        ["end_triggered", 0, [], 1],
        ["skill_effect_lost", 0, 4],  # Irrigation has no effect that can be lost
        ["assistants_recruited", 0, 0],
        ["game_over", [[0, 0, 0, 0, 0]], [0], [-1, -1]],
        ["game_over", [[0, 0, 0, 0, 0], [0, 0, 0, 0]], [0], [-1, -1]],
        ["game_over", [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]], [], [-1, -1]],
        ["game_over", [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]], [0], [-1, 99]],
    ],
)
def test_a_corrupt_saved_event_is_refused(event: list) -> None:
    state = bought_position()
    data = json.loads(json.dumps(state.to_json()))
    data["events"] = [event]
    with pytest.raises(CorruptState, match="not an event of this game"):
        state.game.state_from_json(data)


# ---------------------------------------------------------------------------- random games


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_event_is_worded_and_no_other_seats_points_are_told(players: int) -> None:
    game = new_game(players)
    rng = random.Random(players)
    kinds: set[str] = set()
    for seed in range(3):
        state = game.new_initial_state(seed)
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
            for event in state.events:
                kinds.add(event[0])
                for viewer in (*range(players), None):
                    told = game.event_view(event, viewer)
                    assert told is not None and told["type"] == event[0]
                    if event[0] == ev.CARD_BOUGHT and viewer != event[1]:
                        assert "points" not in told, told  # left out of the scores too
            if steps % 25 == 0 or state.is_terminal():
                back = game.state_from_json(json.loads(json.dumps(state.to_json())))
                assert back.events == state.events
        assert state.events[-1][0] == ev.GAME_OVER
    assert {ev.TILE_TAKEN, ev.TILE_PLACED, ev.END_TRIGGERED, ev.GAME_OVER} <= kinds
