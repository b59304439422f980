"""Tower of Babel's hidden things: what a reshuffle keeps and deals anew, and what the end
shows.

Each hand (building cards, the exchange card, action cards) and each face-down offer is its
owner's; the order of the building-card pile and of the action-card pile is nobody's. A
reshuffle keeps every hand and offer and what each pile holds, and deals both orders anew.
"""

from __future__ import annotations

import pytest

import ziggurat
from ziggurat.games.tower_of_babel.components import TYPES
from ziggurat.games.tower_of_babel.phases import PHASE_OVER
from ziggurat.testing import play_random_game, random_position


def _counts(items: list[str]) -> tuple[list[int], int]:
    """``["2 camels", "the exchange card"]`` back to four counts and the exchange card."""
    counts = [0, 0, 0, 0]
    exchange = 0
    for item in items:
        if item == "the exchange card":
            exchange += 1
            continue
        number, word = item.split(" ")
        counts[TYPES.index(word.removesuffix("s"))] += int(number)
    return counts, exchange


def test_the_hands_are_kept_and_both_piles_are_shuffled_anew() -> None:
    game = ziggurat.load_game("tower_of_babel", players=4)
    state = random_position(game, 5, 60)
    assert len(state.pile) > 10 and len(state.action_pile) > 3
    piles, action_piles = set(), set()
    for seed in range(6):
        other = state.reshuffled(seed)
        assert other.hand == state.hand and other.exchange_in_hand == state.exchange_in_hand
        assert other.actions_held == state.actions_held
        assert other.offer_cards == state.offer_cards and other.discard == state.discard
        assert sorted(other.pile) == sorted(state.pile)
        assert sorted(other.action_pile) == sorted(state.action_pile)
        assert other.rng.state != state.rng.state
        piles.add(tuple(other.pile))
        action_piles.add(tuple(other.action_pile))
    assert len(piles) == 6 and tuple(state.pile) not in piles
    assert len(action_piles) > 1


def test_a_pending_offer_is_kept_for_its_author() -> None:
    game = ziggurat.load_game("tower_of_babel", players=3)
    state = game.new_initial_state(seed=2)
    while not (state.offered and not state.revealed):
        state.apply_action(state.legal_actions()[-1])
    other = state.reshuffled(9)
    assert other.offer_cards == state.offer_cards
    assert other.offer_exchange == state.offer_exchange and other.offered == state.offered
    for seat in range(3):
        assert other.view(seat) == state.view(seat)
    # were the game over now, the offer still face down would be shown as its author's
    state.phase = PHASE_OVER
    offers = {
        s["seat"]: s["items"] for s in state.revealed_at_end() if s["label"] == "Face-down offer"
    }
    made = [seat for seat in range(3) if state.offered >> seat & 1 and any(state.offer_of(seat))]
    assert made and sorted(offers) == made
    for seat in made:
        assert _counts(offers[seat]) == (state.offer_of(seat), state.offer_exchange[seat])


def test_the_end_shows_hands_action_cards_and_both_piles_worked_example() -> None:
    game = ziggurat.load_game("tower_of_babel", players=3)
    state, _ = play_random_game(game, 1)
    assert state.phase == PHASE_OVER
    state.hand = [2, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0]
    state.exchange_in_hand = [1, 0, 0]
    state.actions_held = [0] * 21
    state.actions_held[7 * 2 + 1] = 2  # two jokers for seat 2
    state.pile = [3, 0, 3]
    state.action_pile = [6]
    assert state.revealed_at_end() == [
        {"seat": 0, "label": "Hand", "items": ["2 camels", "1 stonemason", "the exchange card"]},
        {"seat": 2, "label": "Hand", "items": ["1 crane"]},
        {"seat": 2, "label": "Action cards", "items": ["2 Joker cards"]},
        {"seat": None, "label": "Draw pile", "items": ["1 camel", "2 stonemasons"]},
        {"seat": None, "label": "Action card pile", "items": ["1 Five points card"]},
    ]


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("action_cards", [True, False])
def test_the_end_shows_exactly_what_was_hidden(players: int, action_cards: bool) -> None:
    game = ziggurat.load_game("tower_of_babel", players=players, action_cards=action_cards)
    final, _ = play_random_game(game, players)
    sections = {(s["seat"], s["label"]): s["items"] for s in final.revealed_at_end()}
    for seat in range(players):
        cards, exchange = _counts(sections.get((seat, "Hand"), []))
        assert cards == final.hand_of(seat) and exchange == final.exchange_in_hand[seat]
        held = sum(int(i.split(" ")[0]) for i in sections.get((seat, "Action cards"), []))
        assert held == sum(final.actions_held[7 * seat : 7 * seat + 7])
    pile, _ = _counts(sections.get((None, "Draw pile"), []))
    assert pile == [final.pile.count(t) for t in range(4)]
    left = sum(int(i.split(" ")[0]) for i in sections.get((None, "Action card pile"), []))
    assert left == len(final.action_pile)
    assert action_cards or (None, "Action card pile") not in sections
