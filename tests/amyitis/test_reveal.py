"""Amyitis's hidden thing: the craft deck. Every round all its cards are shuffled and the rows
dealt from it, so the future deals are the state's generator, and the cards the deal left
lie face down. A reshuffle reseeds the generator and keeps everything else; the end shows
the cards the last deal left in the deck.
"""

from __future__ import annotations

from collections import Counter

import pytest

import ziggurat
from ziggurat.games.amyitis.components import CRAFTS
from ziggurat.testing import play_random_game, random_position


def test_only_the_generator_changes_and_the_next_deal_with_it() -> None:
    game = ziggurat.load_game("amyitis", players=3)
    state = random_position(game, 2, 15)
    saved = state.to_json()
    deals = set()
    for seed in range(6):
        other = state.reshuffled(seed)
        assert other.rng.state != state.rng.state
        assert {**other.to_json(), "rng": saved["rng"]} == saved  # all else is the same
        assert other.row_cards == state.row_cards
        other.new_round()  # the next round's deal, as the end of this round would make it
        assert not Counter(other.row_cards) - Counter(game.craft_deck)  # dealt from the deck
        deals.add(tuple(other.row_cards))
    following = state.clone()
    following.new_round()
    assert len(deals) > 1 and tuple(following.row_cards) not in deals


def test_the_end_shows_the_craft_cards_left_in_the_deck_worked_example() -> None:
    game = ziggurat.load_game("amyitis", players=2)
    final, _ = play_random_game(game, 3)
    final.row_cards = [0, 0, 1, 2, 2, 3]  # 2 peasants, 1 priest, 2 engineers, 1 merchant
    # the 2-player deck holds two of each kind (rules reference §3.1)
    assert final.revealed_at_end() == [
        {"seat": None, "label": "Craft cards left in the deck", "items": ["1 priest", "1 merchant"]}
    ]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_end_shows_every_card_the_last_deal_left(players: int) -> None:
    game = ziggurat.load_game("amyitis", players=players)
    final, _ = play_random_game(game, players)
    (section,) = final.revealed_at_end()
    assert section["seat"] is None
    left = [0] * len(CRAFTS)
    for item in section["items"]:
        number, word = item.split(" ")
        left[CRAFTS.index(word.removesuffix("s"))] += int(number)
    for kind in range(len(CRAFTS)):
        dealt = final.row_cards.count(kind)
        assert left[kind] == game.craft_deck.count(kind) - dealt
    assert sum(left) == len(game.craft_deck) - len(final.row_cards) > 0
