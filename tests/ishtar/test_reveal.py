"""Ishtar's hidden things: what a reshuffle keeps and deals anew, and what the end shows.

Nobody has seen the tiles under each stack's top, the regular tiles left in the box (2 and 3
players) or the tree deck's order; a reshuffle deals them anew, per tile shape from the
stacks and the box together, keeping each stack's height and its face-up top. Each seat's
bought tree cards lie face down but were bought in sight of all: kept, and shown at the end.
"""

from __future__ import annotations

import pytest

import ziggurat
from ziggurat.games.ishtar import events
from ziggurat.games.ishtar.phases import PHASE_OVER
from ziggurat.games.ishtar.reveal import card_words, tile_words
from ziggurat.testing import play_random_game, random_position


def _unseen_by_shape(state) -> dict[str, list[int]]:  # type: ignore[no-untyped-def]
    """Per shape, the tiles under the stacks' tops and in the box, as a sorted multiset."""
    data = state.game.data
    out: dict[str, list[int]] = {}
    for i, stack in enumerate(state.stacks):
        out.setdefault(state.cups[i], []).extend(stack[:-1])
    for tile in state.box:
        out.setdefault(data.tile_shape[tile], []).append(tile)
    return {shape: sorted(tiles) for shape, tiles in out.items()}


@pytest.mark.parametrize("players", [2, 4])
def test_the_unseen_tiles_and_the_deck_are_dealt_anew_the_rest_kept(players: int) -> None:
    game = ziggurat.load_game("ishtar", players=players)
    state = random_position(game, 3, 12)
    assert sum(len(s) > 2 for s in state.stacks) >= 2 and len(state.deck) > 5
    stacks, decks = set(), set()
    for seed in range(6):
        other = state.reshuffled(seed)
        assert [len(s) for s in other.stacks] == [len(s) for s in state.stacks]
        assert [s[-1:] for s in other.stacks] == [s[-1:] for s in state.stacks]  # the tops
        assert _unseen_by_shape(other) == _unseen_by_shape(state)
        assert sorted(other.deck) == sorted(state.deck)
        assert other.piles == state.piles and other.market == state.market
        assert other.placed == state.placed and other.gems == state.gems
        assert other.rng.state != state.rng.state
        stacks.add(tuple(map(tuple, other.stacks)))
        decks.add(tuple(other.deck))
    assert len(stacks) == 6 and tuple(map(tuple, state.stacks)) not in stacks
    assert len(decks) == 6 and tuple(state.deck) not in decks


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_end_shows_exactly_what_was_hidden(players: int) -> None:
    game = ziggurat.load_game("ishtar", players=players)
    final, _ = play_random_game(game, players)
    assert final.phase == PHASE_OVER
    sections = {(s["seat"], s["label"]): s["items"] for s in final.revealed_at_end()}
    for seat in range(players):
        trees = sections.get((seat, "Tree cards"), [])
        assert trees == [card_words(final, c) for c in final.piles[seat]]
    for i, stack in enumerate(final.stacks):
        under = sections.get((None, f"Tiles under the top of stack {i} ({final.cups[i]})"), [])
        assert len(under) == max(0, len(stack) - 1)
        if len(stack) > 1:
            assert under[0] == tile_words(final, stack[-2])  # the next tile first
    assert len(sections.get((None, "Tiles left in the box"), [])) == len(final.box)
    deck = sections.get((None, "Tree cards left in the deck"), [])
    assert deck == [card_words(final, c) for c in reversed(final.deck)]  # the top first
    assert (players == 4) == (not final.box)  # the box is empty only at 4 players


def test_the_words_name_tiles_and_cards_as_the_log_does() -> None:
    game = ziggurat.load_game("ishtar", players=2)
    state = game.new_initial_state(seed=1)
    for tile in range(len(game.data.tile_ids)):
        assert tile_words(state, tile) == events._tile_words(game, tile)
    for card in range(len(game.data.card_ids)):
        assert card_words(state, card) == events._card_words(game, card)
