"""Babylonia's hidden things: what a reshuffle keeps and deals anew, and what the end shows.

Each stand and each face-down river token is its owner's; each bag's contents follow from
the owner's supply, so its owner knows them too. Nobody knows the order the bags are drawn
in: the state's generator. So a reshuffle keeps every count and reseeds the generator.
"""

from __future__ import annotations

import pytest

import ziggurat
from ziggurat.games.babylonia.phases import PHASE_OVER
from ziggurat.games.babylonia.pieces import TOKEN_NAMES
from ziggurat.games.babylonia.position import make_position
from ziggurat.testing import play_random_game, random_position


def _counts(items: list[str]) -> list[int]:
    """``["2 merchants", "1 farmer"]`` back to four counts."""
    counts = [0, 0, 0, 0]
    for item in items:
        number, word = item.split(" ")
        counts[TOKEN_NAMES.index(word.removesuffix("s"))] += int(number)
    return counts


def _draws(state, seat: int) -> list[int]:  # type: ignore[no-untyped-def]
    """The stand ``seat`` would draw if its stand went back into its bag and was refilled:
    what the bag's order (the generator) decides."""
    state = state.clone()
    base = 4 * seat
    for k in range(4):
        state.bag[base + k] += state.stand[base + k]
        state.stand[base + k] = 0
    state._refill(seat)
    return state.stand_counts(seat)


def test_the_stands_bags_and_face_down_tokens_are_kept_and_the_draws_change() -> None:
    game = ziggurat.load_game("babylonia", players=3)
    state = random_position(game, 11, 20)
    assert any(state.hid) and all(sum(state.bag_counts(s)) > 5 for s in range(3))
    draws = set()
    for seed in range(8):
        other = state.reshuffled(seed)
        assert other.stand == state.stand and other.bag == state.bag
        assert other.hid == state.hid and other.kind_up == state.kind_up
        assert other.tok == state.tok and other.tile_at == state.tile_at
        assert other.rng.state != state.rng.state
        draws.add(tuple(_draws(other, 0)))
    assert len(draws) > 1  # the next draws from a bag depend on the seed
    assert state.reshuffled(3).rng.state == state.reshuffled(3).rng.state


def test_the_end_shows_each_stand_face_down_token_and_bag_worked_example() -> None:
    game = ziggurat.load_game("babylonia", players=2)
    river = game.board.coords_of(game.board.river_mask)
    state = make_position(
        game,
        tokens=[(river[0], 0, "merchant"), (river[1], 0, "farmer"), (river[2], 1, "priest")],
        stands={0: "MMF", 1: []},
    )
    state.phase = PHASE_OVER
    a, b, c = (f"{r},{col}" for r, col in river[:3])
    assert state.revealed_at_end() == [
        {"seat": 0, "label": "Stand", "items": ["2 merchants", "1 farmer"]},
        {
            "seat": 0,
            "label": "Face-down river tokens",
            "items": [f"a merchant at {a}", f"a farmer at {b}"],
        },
        # 6 merchants, 6 servants, 6 priests, 12 farmers in all (the data file)
        {
            "seat": 0,
            "label": "Bag",
            "items": ["3 merchants", "6 servants", "6 priests", "10 farmers"],
        },
        # seat 1's stand is empty: left out
        {"seat": 1, "label": "Face-down river tokens", "items": [f"a priest at {c}"]},
        {
            "seat": 1,
            "label": "Bag",
            "items": ["6 merchants", "6 servants", "5 priests", "12 farmers"],
        },
    ]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_end_shows_exactly_what_each_seat_hid(players: int) -> None:
    game = ziggurat.load_game("babylonia", players=players)
    final, _ = play_random_game(game, players)
    sections = {(s["seat"], s["label"]): s["items"] for s in final.revealed_at_end()}
    for seat in range(players):
        assert _counts(sections.get((seat, "Stand"), [])) == final.stand_counts(seat)
        assert _counts(sections.get((seat, "Bag"), [])) == final.bag_counts(seat)
        face_down = sections.get((seat, "Face-down river tokens"), [])
        hidden = [final.hid[4 * seat + k].bit_count() for k in range(4)]
        assert len(face_down) == sum(hidden)
        assert _counts([f"1 {item.split(' ')[1]}" for item in face_down]) == hidden
    assert {seat for seat, _ in sections} <= set(range(players))
