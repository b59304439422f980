"""What a seat may not learn (rules §11): states that differ only in hidden parts look the
same to it, the log hides offers, and determinized worlds agree with the view and with the
rules."""

from __future__ import annotations

import json
import random

import pytest

import ziggurat
from ziggurat.games.tower_of_babel.components import ACTION_KINDS

from .helpers import (
    BOAT,
    CAMEL,
    disc_id,
    give_actions,
    new_game,
    play,
    scene,
    set_hands,
    take_disc,
)

SEATS = (0, 1, 2, 3)


def views(state, seats=(*SEATS, None)) -> list[dict]:
    return [state.view(s) for s in seats]


def test_other_hands_are_hidden() -> None:
    a = new_game(4).new_initial_state(0)
    b = a.clone()
    set_hands(a, {0: "1 camel 1 crane", 1: "2 boat", 2: "3 stonemason 1 boat"})
    set_hands(b, {0: "1 camel 1 crane", 1: "1 camel 1 crane", 2: "4 camel"})
    a.pile, b.pile = a.pile[:], sorted(b.pile)  # a different pile order too
    b.rng.state ^= 12345
    assert views(a, (0, 3, None)) == views(b, (0, 3, None))
    assert a.view(1) != b.view(1) and a.view(2) != b.view(2)
    for seat in SEATS:
        seen = a.view(seat)
        assert seen["hand"]["cards"] == dict(
            zip(("camel", "crane", "boat", "stonemason"), a.hand_of(seat), strict=True)
        )
        assert all(
            set(p) == {"seat", "score", "cards", "action_cards", "supply", "discs"}
            for p in seen["players"]
        )
    text = json.dumps(a.view(0))
    assert 'pile": [' not in text and "rng" not in text


def test_pile_order_is_hidden() -> None:
    a = new_game(3).new_initial_state(1)
    b = a.clone()
    random.Random(0).shuffle(b.pile)
    b.action_pile.reverse()
    assert a.pile != b.pile
    assert views(a, (0, 1, 2, None)) == views(b, (0, 1, 2, None))


def test_action_cards_in_other_hands_are_hidden() -> None:
    a = new_game(4).new_initial_state(0)
    b = a.clone()
    give_actions(a, 2, "joker", "double_turn")
    give_actions(b, 2, "five_points", "draw_three")
    assert views(a, (0, 1, 3, None)) == views(b, (0, 1, 3, None))
    assert a.view(None)["players"][2]["action_cards"] == 2
    assert a.view(2)["hand"]["actions"]["joker"] == 1


def test_the_action_card_drawn_for_a_wonder_is_hidden() -> None:
    worlds = []
    for top in ("joker", "five_points"):
        state = scene(disc=disc_id(3, CAMEL), space=2, hands={0: "3 camel"})
        take_disc(state, 0, 3)
        take_disc(state, 1, 3)
        kind = ACTION_KINDS.index(top)
        state.action_pile.remove(kind)
        state.action_pile.append(kind)
        play(state, "build giza 3", "offer nothing", "offer nothing", "offer nothing")
        play(state, "accept none")
        assert state.view(0)["hand"]["actions"][top] == 1
        worlds.append(state)
    assert views(worlds[0], (1, 2, 3, None)) == views(worlds[1], (1, 2, 3, None))


def offer_table(first_offer: str):
    state = scene(disc=disc_id(5, BOAT), hands={0: "5 boat", 1: "2 boat 1 crane", 2: "1 boat"})
    play(state, "build giza 1", first_offer)
    return state


@pytest.mark.parametrize(
    "other",
    ["offer 1 crane 1 boat", "offer 1 boat + exchange", "offer 1 crane + exchange"],
)
def test_a_pending_offer_is_hidden_until_the_reveal(other: str) -> None:
    a, b = offer_table("offer 2 boat"), offer_table(other)
    assert views(a, (0, 2, 3, None)) == views(b, (0, 2, 3, None))
    assert a.view(1) != b.view(1)
    # seat 2 has still to offer: not even the size (T18); the active player sees the stack
    assert a.view(2)["build"]["offers"][0] == {"seat": 1, "made": True, "cards_count": None}
    assert a.view(0)["build"]["offers"][0] == {"seat": 1, "made": True, "cards_count": 2}
    own = a.view(1)["build"]["offers"][0]
    assert own["cards"] == {"camel": 0, "crane": 0, "boat": 2, "stonemason": 0}
    assert own["exchange"] is False
    # the rest offer; then everything is face up for everyone
    for state in (a, b):
        play(state, "offer nothing", "offer nothing")
    assert a.view(0)["build"]["offers"][0]["cards"]["boat"] == 2
    assert a.view(3)["build"]["offers"][0]["cards"] == a.view(None)["build"]["offers"][0]["cards"]
    assert a.view(3) != b.view(3)


def test_no_offer_is_visible_to_another_seat_before_the_reveal() -> None:
    state = offer_table("offer 2 boat")
    play(state, "offer 1 boat + exchange")
    for seat in (0, 3, None):
        for entry in state.view(seat)["build"]["offers"]:
            assert "cards" not in entry and "exchange" not in entry
    assert state.view(2)["build"]["offers"][1]["exchange"] is True


def issue_15_table(first_offer: str):
    """The issue's reproduction: four players, seat 0 builds 5 boats, seat 1 holds 2 boats
    and offers first."""
    state = scene(disc=disc_id(5, BOAT), hands={0: "5 boat", 1: "2 boat", 2: "1 boat 1 crane"})
    play(state, "build giza 1", first_offer)
    return state


def test_a_seat_still_to_offer_sees_nothing_of_earlier_offers() -> None:
    a, b = issue_15_table("offer nothing"), issue_15_table("offer 2 boat + exchange")
    # the seats still to offer, and spectators, see the same in both worlds ...
    assert views(a, (2, 3, None)) == views(b, (2, 3, None))
    for seat in (2, 3, None):
        seen = a.view(seat)
        assert seen["build"]["offers"][0] == {"seat": 1, "made": True, "cards_count": None}
        assert seen["players"][1]["cards"] == 3  # 2 boats and the exchange card, as before
    # ... the active player sees the stacks, as at the table
    assert a.view(0)["build"]["offers"][0]["cards_count"] == 0
    assert b.view(0)["build"]["offers"][0]["cards_count"] == 3
    assert (a.view(0)["players"][1]["cards"], b.view(0)["players"][1]["cards"]) == (3, 0)
    # the log reads the same to them too
    game = a.game
    for seat in (2, 3, None):
        assert game.describe_action(
            game.parse_action(None, "offer nothing"), 1, seat
        ) == game.describe_action(game.parse_action(None, "offer 2 boat + exchange"), 1, seat)
    # seat 2 offers; then it may see the sizes, and seat 3 still may not
    for state in (a, b):
        play(state, "offer 1 boat")
    assert views(a, (3, None)) == views(b, (3, None))
    assert a.view(2)["build"]["offers"][0]["cards_count"] == 0
    assert b.view(2)["build"]["offers"][0]["cards_count"] == 3
    assert a.view(3)["build"]["offers"][1] == {"seat": 2, "made": True, "cards_count": None}
    # from the reveal on, everything is face up and hand counts are public again
    for state in (a, b):
        play(state, "offer nothing")
    assert a.view(3)["build"]["offers"][0]["cards_count"] == 0
    assert b.view(3)["build"]["offers"][0]["cards_count"] == 3
    assert b.view(None)["players"][1]["cards"] == 0  # all three lie face up in the offer


@pytest.mark.parametrize("viewer", [0, 2, 3, None])
def test_describe_action_hides_an_offer_from_others(viewer) -> None:
    game = new_game(4)
    described = [
        game.describe_action(game.parse_action(None, text), 1, viewer)
        for text in (
            "offer 2 boat",
            "offer 1 crane + exchange",
            "offer 1 camel 1 boat",
            "offer nothing",
            "offer 3 stonemason + exchange",
        )
    ]
    assert all(d == described[0] for d in described)
    assert described[0] == {
        "type": "offer",
        "text": "offer ?",
        "words": "makes a face-down offer",
    }


def test_describe_action_shows_the_author_his_offer() -> None:
    game = new_game(4)
    action = game.parse_action(None, "offer 2 boat 1 camel + exchange")
    own = game.describe_action(action, 1, 1)
    assert own["cards"] == {"camel": 1, "boat": 2}
    assert own["exchange"] is True and own["cards_count"] == 4
    assert own["text"] == "offer 1 camel 2 boat + exchange"
    assert own["words"] == "offers 1 camel and 2 boats with the exchange card"
    assert own["id"] == action.id


def test_describe_other_actions() -> None:
    game = new_game(4)

    def words(text: str) -> str:
        return game.describe_action(game.parse_action(None, text), 0, 2)["words"]

    assert words("build giza 2") == "builds on Pyramids of Giza, space 2"
    assert words("accept 1 3 + joker 2 boat") == (
        "accepts the offers of seats 1, 3, with 1 joker as 2 boats"
    )
    assert words("accept none") == "accepts no offer"
    assert words("trade 2 camel") == "trades 2 camels (card trade)"
    assert words("give up") == "gives up: the disc stays unfulfilled"


# =========================================================================== determinize


def check_offer_rules(world, seat: int) -> None:
    """A face-down offer of a determinized world is one its author could have made (§5)."""
    need = world.need()
    offer = world.offer_of(seat)
    assert sum(offer) <= sum(need)
    assert all(offer[t] <= need[t] for t in range(4) if need[t])
    assert sum(offer[t] for t in range(4) if need[t]) <= world.supply[seat]
    assert not world.offer_exchange[seat] or sum(offer) >= 1
    assert world.offer_exchange[seat] + world.exchange_in_hand[seat] == 1


@pytest.mark.parametrize(
    ("disc", "hands", "offer"),
    [
        (disc_id(3, CAMEL), "3 camel 2 crane", "offer 3 camel + exchange"),
        (disc_id(3, CAMEL), "3 camel 2 crane", "offer 3 camel"),
        (disc_id(5, BOAT), "2 boat 5 crane", "offer 4 crane 1 boat + exchange"),
        (disc_id(4, BOAT), "6 stonemason", "offer 1 stonemason"),
    ],
)
def test_determinized_offers_obey_the_offer_rules(disc: int, hands: str, offer: str) -> None:
    state = scene(3, disc=disc, hands={1: hands, 2: "2 crane 3 camel 1 boat"})
    play(state, "build giza 1", offer)
    for seed in range(150):
        for seat in (0, 2):
            world = state.determinize(seat, random.Random(seed))
            assert world.view(seat) == state.view(seat)
            check_offer_rules(world, 1)
            world.apply_action(world.legal_actions()[0])  # it plays on


def test_determinize_deals_the_action_cards_of_a_player_at_points_t_and_d() -> None:
    """Decision points T and D show nobody what the player holds (T17), so a world of
    another seat may give him any action cards, keeping their number."""
    state = scene(
        disc=disc_id(5, BOAT),
        hands={0: "5 boat", 2: "1 boat"},
        actions={2: ["triple_bonus", "joker"], 0: ["double_turn"]},
    )
    play(state, "build giza 1", "offer nothing", "offer 1 boat", "offer nothing", "accept none")
    assert state.view(None)["phase"] == "triple"
    holds = set()
    for seed in range(60):
        world = state.determinize(1, random.Random(seed))
        assert world.view(1) == state.view(1)
        assert sum(world.actions_held[14:21]) == 2
        holds.add(world.held(2, ACTION_KINDS.index("triple_bonus")) > 0)
        assert "no triple bonus" in {str(a) for a in world.legal_actions()}
    assert holds == {True, False}
    play(state, "no triple bonus")
    assert state.view(None)["phase"] == "double"
    holds = set()
    for seed in range(60):
        world = state.determinize(3, random.Random(seed))
        assert world.view(3) == state.view(3)
        holds.add(world.held(0, ACTION_KINDS.index("double_turn")) > 0)
    assert holds == {True, False}


def test_determinize_draws_an_earlier_offer_for_a_seat_still_to_offer() -> None:
    state = issue_15_table("offer 2 boat + exchange")
    sizes = set()
    for seed in range(80):
        world = state.determinize(2, random.Random(seed))
        assert world.view(2) == state.view(2)
        check_offer_rules(world, 1)
        assert sum(world.hand_of(1)) + sum(world.offer_of(1)) == 2
        sizes.add(sum(world.offer_of(1)) + world.offer_exchange[1])
        world.apply_action(world.legal_actions()[0])  # it plays on
    assert sizes == {0, 1, 2, 3}
    # the active player saw the stack: his worlds keep its size
    for seed in range(30):
        world = state.determinize(0, random.Random(seed))
        assert sum(world.offer_of(1)) + world.offer_exchange[1] == 3


def test_determinize_resamples_what_is_hidden() -> None:
    state = new_game(4).new_initial_state(3)
    hands = set()
    piles = set()
    for seed in range(20):
        world = state.determinize(0, random.Random(seed))
        assert world.hand_of(0) == state.hand_of(0)
        hands.add(tuple(world.hand))
        piles.add(tuple(world.pile))
    assert len(hands) > 10 and len(piles) > 10


def test_views_only_for_seats_of_the_game() -> None:
    state = new_game(4).new_initial_state(0)
    for seat in (4, -1, True, "0"):
        with pytest.raises(ziggurat.ZigguratError, match="seat"):
            state.view(seat)
    with pytest.raises(ziggurat.ZigguratError, match="determinize needs a seat"):
        state.determinize(None, random.Random(0))
