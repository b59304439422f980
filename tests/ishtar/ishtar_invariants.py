"""Ishtar's part of the property harness (``tests/test_registry_properties.py``): what must
hold at every position of a random game (tiles, cards, trees, gems and assistants each
somewhere exactly once; the gardens on the map), what each view may show, and how turns
follow each other. The harness reads the names below; it plays the games and runs the checks
every game shares (its docstring lists them)."""

from __future__ import annotations

from typing import Any

from ziggurat.games.ishtar import scoring
from ziggurat.games.ishtar.state import IshtarState

GAMES = 1000
"""Random games per player count unless ``ZIGGURAT_PROPERTY_GAMES`` says otherwise."""
MAX_ACTIONS = 2000
"""A game still running after this many actions fails."""
INVARIANTS_EVERY = 3
"""``check_invariants`` at every how many positions (the garden walk is costly)."""
CLONES_EVERY = 50
"""Moves on clones and an illegal move, at every how many positions."""
ROUND_TRIP_EVERY = 50
"""The JSON round trip, at every how many positions (and at the end)."""
VIEWS_EVERY = 59
"""Every seat's view, at every how many positions."""
WORLDS_EVERY = 29
"""A determinized world, at every how many positions."""
REPLAY_ONE_IN = 1
"""The replay of the seed and the notation, for the games whose seed this divides."""
EXAMPLES: tuple[int, ...] = ()
"""Seeds always played, at every player count, besides those Hypothesis draws."""
SCORES_NEVER_FALL = False
"""Points are counted from the position (majorities change hands), so they may go down."""


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


def check_position(state: IshtarState, legal: list, step: int) -> None:
    """Nothing beyond the harness's checks of the legal actions."""


def check_view(state: IshtarState, seat: int | None, view: dict[str, Any], text: str) -> None:
    """A seat's tree cards lie face down for the others until the end; the deck's order and
    the tiles under the top of each stack are nobody's to see, only the stacks' sizes."""
    assert '"deck": [' not in text
    for entry in view["players"]:
        assert ("trees" in entry) == (entry["seat"] == seat or state.is_terminal())
    for stack, shown in zip(state.stacks, view["stacks"], strict=True):
        assert shown["size"] == len(stack)


def check_world(state: IshtarState, world: IshtarState, seat: int) -> None:
    """Nothing beyond the harness's checks of a determinized world."""


def winner_key(state: IshtarState, seat: int) -> tuple[int, ...]:
    """Most points win; a tie is shared."""
    return (state.scores()[seat],)


class Watch:
    """What one game carries from position to position: play goes clockwise, one turn each;
    the game ends once two stacks are empty, after everyone had the same number of turns."""

    def __init__(self, state: IshtarState) -> None:
        self.turn = state.turn
        self.seat = state.current

    def __enter__(self) -> Watch:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def moved(self, state: IshtarState) -> None:
        if state.turn != self.turn:  # play goes clockwise, one turn each
            assert state.turn == self.turn + 1
            assert state.is_terminal() or state.current == (self.seat + 1) % state.n
            self.turn, self.seat = state.turn, state.current

    def over(self, state: IshtarState) -> None:
        assert state.end_triggered and state.empty_stacks() >= 2
        assert state.turn % state.n == 0, "everyone had the same number of turns"
