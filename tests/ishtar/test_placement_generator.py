"""The bitset move generator against a plain reading of the placement rules (§11 step 2),
hex by hex, on positions from random games; and each result listed once (§3.4)."""

from __future__ import annotations

import random

import pytest

from ziggurat.core.hexgrid import AXIAL_DIRECTIONS, axial_rotate
from ziggurat.core.rng import Rng
from ziggurat.games.ishtar import phases, rules
from ziggurat.games.ishtar.state import IshtarState

from .helpers import new_game


def reference_placements(state: IshtarState, tile: int) -> set[frozenset]:
    """Every legal placement of ``tile`` as its ``{hex: (flowers, icon)}`` result."""
    game = state.game
    grid = game.grid
    data = game.data
    terrain = state.terrain
    shape = data.shapes[data.tile_shape[tile]]
    icon_space = data.tile_icon_space[tile]
    results = set()
    fountain_of_tile = {}
    for f, reach in enumerate(state.reach):
        for cell in grid.coords_of(reach):
            fountain_of_tile[cell] = f
    for anchor in grid.coords:
        for k in range(6):
            cells = [(anchor[0] + q, anchor[1] + r) for q, r in (axial_rotate(o, k) for o in shape)]
            if not all(c in grid for c in cells):
                continue
            bits = [grid.bit(c) for c in cells]
            if any(not terrain.coverable >> b & 1 or state.tile_mask >> b & 1 for b in bits):
                continue
            touched = set()
            for q, r in cells:
                for dq, dr in AXIAL_DIRECTIONS:
                    near = (q + dq, r + dr)
                    if near in fountain_of_tile:
                        touched.add(fountain_of_tile[near])
            if len(touched) != 1:
                continue
            flowers = state.flower_mask
            new = [b for i, b in enumerate(bits) if data.tile_flowers[tile][i]]
            for b in new:
                flowers |= 1 << b
            if any(
                (grid.flood(1 << b, flowers) & state.assistants_all).bit_count() > 1 for b in new
            ):
                continue
            results.add(
                frozenset((cells[i], data.tile_flowers[tile][i], i == icon_space) for i in range(3))
            )
    return results


def generated(state: IshtarState, tile: int) -> list[frozenset]:
    game = state.game
    data = game.data
    out = []
    for anchor, k in rules.placements(state, tile):
        bits = game.footprint_cells(tile, anchor, k)
        out.append(
            frozenset(
                (game.grid.coord(b), data.tile_flowers[tile][i], i == data.tile_icon_space[tile])
                for i, b in enumerate(bits)
            )
        )
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_generator_matches_the_rules_read_plainly(players: int) -> None:
    game = new_game(players)
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        step = 0
        while not state.is_terminal():
            if step % 9 == 0:
                for tile in {s[-1] for s in state.stacks if s}:
                    mine = generated(state, tile)
                    assert len(mine) == len(set(mine)), "a result listed twice"
                    assert set(mine) == reference_placements(state, tile)
                    assert rules.can_place(state, tile) == bool(mine)
                    checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1
    assert checked > 30


@pytest.mark.parametrize("players", [2, 4])
def test_a_move_checked_alone_agrees_with_the_listed_moves(players: int) -> None:
    """``apply_action`` checks a placement, a take or a token alone when the legal moves
    were never listed (a search's rollout); that check must say exactly what the list
    says."""
    game = new_game(players)
    table = game.actions
    checked = blooms = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        step = 0
        while not state.is_terminal():
            kinds_by_phase = {
                phases.PHASE_PLACE: table.place.values(),
                phases.PHASE_CHOOSE: table.take.values(),
                phases.PHASE_BLOOM: table.bloom.values(),
            }
            if (step % 4 == 0 or state.phase == phases.PHASE_BLOOM) and (
                state.phase in kinds_by_phase
            ):
                legal = {a.id for a in state.legal_actions()}
                kinds = kinds_by_phase[state.phase]
                for action in kinds:
                    fresh = state.clone()
                    fresh._legal = None
                    alone = fresh.why_illegal(action) is None
                    assert alone == (action.id in legal), str(action)
                checked += 1
                blooms += state.phase == phases.PHASE_BLOOM
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1
    assert checked > 10 and blooms > 3


@pytest.mark.parametrize("players", [2, 4])
def test_a_rollouts_sampled_tokens_are_legal_and_vary(players: int) -> None:
    """:func:`rules.sample_blooms` draws legal tokens only, without listing them, and not
    always the same one."""
    game = new_game(players)
    table = game.actions
    rng = Rng(5)
    sampled_at = 0
    for seed in range(3):
        moves = random.Random(seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            if state.phase == phases.PHASE_BLOOM:
                legal = {a.id for a in state.legal_actions()}
                spots = rules.sample_blooms(state, rng, 12)
                assert all(table.bloom[spot].id in legal for spot in spots)
                if len(legal) > 3 and spots:
                    sampled_at += 1
                    assert len(set(spots)) > 1 or len(legal) < 6
            state.apply_action(moves.choice(state.legal_actions()))
    assert sampled_at > 3
