"""Property tests: random Ishtar games for every player count.

Hypothesis draws the seed; each game is played to its end by random legal choices, checking
the invariants below at every position (views and determinize every few). The number of
games per player count is ``ZIGGURAT_PROPERTY_GAMES`` (default 1000).
"""

from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ziggurat
from ziggurat.games.ishtar import scoring
from ziggurat.games.ishtar.state import IshtarState

from .helpers import new_game

GAMES = int(os.environ.get("ZIGGURAT_PROPERTY_GAMES", "1000"))
MAX_ACTIONS = 2000


def check_invariants(state: IshtarState) -> None:
    game = state.game
    data = game.data
    grid = game.grid
    terrain = state.terrain
    n = state.n
    # tiles: each somewhere exactly once; 1 start tile per cup, on top until taken
    tiles = [t for stack in state.stacks for t in stack] + state.box + state.discarded
    tiles += [t for t, _a, _k in state.placed] + ([state.tile] if state.tile >= 0 else [])
    assert sorted(tiles) == list(range(len(data.tile_ids)))
    for i, stack in enumerate(state.stacks):
        assert all(data.tile_shape[t] == state.cups[i] for t in stack)
        assert all(not data.tile_start[t] for t in stack[:-1])
    # tree cards and trees
    cards = state.deck + [c for c in state.market if c >= 0]
    cards += [c for c in state.reserved if c >= 0] + [c for pile in state.piles for c in pile]
    cards += [state.planting] if state.planting >= 0 else []
    assert sorted(cards) == list(range(len(data.card_ids)))
    trees = sum(state.market_tree) + sum(1 for c in state.reserved if c >= 0)
    trees += len(state.trees_placed) + state.tree_stock + (state.planting >= 0)
    assert trees == data.tree_markers and state.tree_stock >= 0
    assert len(state.trees_placed) == state.tree_mask.bit_count()
    # gems: stock + supplies + skill boards + map = the box's, none negative
    for c in range(3):
        assert state.gems_map[c] == terrain.rocks[c] & ~state.tile_mask
        total = state.gem_stock[c] + state.gems_map[c].bit_count()
        total += sum(state.gems[3 * s + c] + state.board_gems[3 * s + c] for s in range(n))
        assert total == data.gem_stock[c]
    assert min(state.gems) >= 0 and min(state.gem_stock) >= 0
    # assistants and tokens
    for s in range(n):
        assert state.supply[s] + state.carpet[s] + state.assistants[s].bit_count() == 4
        assert min(state.supply[s], state.carpet[s]) >= 0
    assert sum(state.tokens) + len(state.tokens_placed) == len(data.token_ids)
    # the map: tiles on coverable hexes, flowers and grass partition them, trees on grass
    assert state.tile_mask & ~terrain.coverable == 0
    assert state.flower_mask | state.grass_mask | state.tree_mask == state.tile_mask
    assert state.flower_mask & state.grass_mask == 0
    assert state.tree_mask & ~state.grass_mask == 0
    assert all(
        (state.flowers[b] > 0) == bool(state.flower_mask >> b & 1)
        for b in range(len(state.flowers))
    )
    assert state.assistants_all & ~state.flower_mask == 0
    # every garden touches exactly one fountain, and its fountain's reach holds it
    for garden in grid.components(state.tile_mask):
        around = grid.dilate(garden)
        touched = [f for f, b in enumerate(terrain.fountain_bits) if around >> b & 1]
        near_tiles = [f for f, reach in enumerate(state.reach) if reach & garden]
        assert len(near_tiles) == 1
        assert set(touched) <= set(near_tiles)
    # no flowerbed holds two assistants
    for bed, _owner in scoring.flowerbeds(state):
        assert (bed & state.assistants_all).bit_count() <= 1
    # skills: an upper one only above a lower one from an earlier turn
    per = len(data.skill_ids)
    for s in range(n):
        for i, lower in enumerate(data.skill_lower):
            turn = state.skill_turn[s * per + i]
            if turn >= 0 and lower >= 0:
                assert 0 <= state.skill_turn[s * per + lower] < turn


def check_views(state: IshtarState, rng: random.Random) -> None:
    n = state.n
    for seat in (*range(n), None):
        seen = state.view(seat)
        text = json.dumps(seen)
        assert '"rng"' not in text and '"deck": [' not in text
        for entry in seen["player_info"]:
            assert ("trees" in entry) == (entry["seat"] == seat or state.is_terminal())
        for stack, shown in zip(state.stacks, seen["stacks"], strict=True):
            assert shown["size"] == len(stack)
    seat = rng.randrange(n)
    world = state.determinize(seat, rng)
    assert world.view(seat) == state.view(seat)
    if seat == state.current_player:
        assert world.legal_actions() == state.legal_actions()
    check_invariants(world)


@settings(
    max_examples=GAMES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors],
)
@given(seed=st.integers(min_value=0, max_value=2**63 - 1))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players: int, seed: int) -> None:
    game = new_game(players)
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed % (1 << 32))
    texts: list[str] = []
    steps = 0
    turn = state.turn
    seat = state.current
    while not state.is_terminal():
        assert steps < MAX_ACTIONS, "the game did not end"
        if steps % 3 == 0:
            check_invariants(state)
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        if steps % 29 == 0:
            check_views(state, rng)
        action = rng.choice(legal)
        texts.append(str(action))
        state.apply_action(action)
        steps += 1
        if state.turn != turn:  # play goes clockwise, one turn each
            assert state.turn == turn + 1
            assert state.is_terminal() or state.current == (seat + 1) % players
            turn, seat = state.turn, state.current
    check_invariants(state)
    assert state.legal_actions() == [] and state.current_player == ziggurat.TERMINAL
    assert state.end_triggered and state.empty_stacks() >= 2
    assert state.turn % players == 0, "everyone had the same number of turns"
    best = max(state.scores())
    assert state.winners() == [s for s in range(players) if state.scores()[s] == best]
    # exact replay from the seed and the notation, and the JSON round trip
    snapshot = state.to_json()
    assert game.state_from_json(json.loads(json.dumps(snapshot))).to_json() == snapshot
    replayed = game.new_initial_state(seed=seed % (1 << 32))
    for text in texts:
        replayed.apply_action(game.parse_action(replayed, text))
    assert replayed.to_json() == snapshot


@settings(
    max_examples=max(1, GAMES // 10), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), players=st.sampled_from([2, 3, 4]))
def test_round_trips_and_clones_along_the_way(seed: int, players: int) -> None:
    game = new_game(players)
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    steps = 0
    while not state.is_terminal():
        if steps % 5 == 0:
            snapshot = state.to_json()
            again = game.state_from_json(json.loads(json.dumps(snapshot)))
            assert again.to_json() == snapshot
            copy = state.clone()
            copy.apply_action(rng.choice(copy.legal_actions()))
            assert state.to_json() == snapshot  # the clone is independent
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
