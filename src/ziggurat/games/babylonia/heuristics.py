"""Babylonia knowledge for game-agnostic agents: a tie-break between equally scoring actions.

Immediate points decide first (the agent computes them by playing the action on a copy);
this breaks ties with what a player would weigh next: standing to win a neighbouring city
or ziggurat, nobles next to cities that print their kind, keeping nobles off empty ground,
and not spending tokens for nothing.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ziggurat.core.heuristics import Heuristics

from .actions import CARD, END, EXTRA, PLACE
from .pieces import FARMER, FIELD_CITIES, NOBLES

if TYPE_CHECKING:
    from ziggurat.core.rng import Rng

    from .actions import BabyloniaAction
    from .board import Board
    from .state import BabyloniaState

# Card preference when points are equal (card 1 already wins on its ten points).
CARD_VALUE = {1: 0.0, 2: 3.0, 3: 4.0, 4: 2.5, 5: 2.5, 6: 2.0, 7: 5.0, 8: 3.0, 9: 3.0}

END_BONUS = 0.25  # another farmer must be worth more than keeping it for a later turn

ROLLOUT_SAMPLE = 6  # legal actions a rollout step compares
ROLLOUT_DEPTH = {2: 12, 3: 8, 4: 6}
"""Actions a search rollout plays before :func:`evaluate` scores the position, by player
count: about a turn of each seat at two players, fewer with more, so that the search keeps
2,000 iterations a second from mid-game (docs/ai.md, the speed table); the evaluation of
the lead carries the rest."""
SCORE_SCALE = 8.0  # points of lead that make a position about 3:1 in evaluate()
ZIGGURAT_CARD_POINTS = 4.0
"""What winning a ziggurat's card is worth in :func:`expected_points`: the cards pay from
ten points (card 1) to a point or two a turn, and the next best card is what is left."""


def tiebreak(state: BabyloniaState, seat: int, action: BabyloniaAction) -> float:
    """What ``action`` promises ``seat`` beyond its immediate points.

    A placement: per city or ziggurat next to the hex, a point when the token makes or keeps
    the seat the leader there and half a point when it ties (:func:`_lead`), and a point
    for a noble whose kind the city prints (the city will pay for it); half a point off a
    noble with no city or ziggurat next to it (it earns nothing yet), a fifth off a token
    hidden in the river. A card: its :data:`CARD_VALUE`. Ending placement: :data:`END_BONUS`;
    taking the extra turn: a point.
    """
    return _values(state, seat, (action,), points=False)[0]


def action_prior(state: BabyloniaState, seat: int, action: BabyloniaAction) -> float:
    """How promising an action looks before any search: points it takes on the spot (crop
    fields, a ziggurat next to it) plus the tie-break above. Cheap: no copy of the state."""
    return _values(state, seat, (action,), points=True)[0]


def action_priors(
    state: BabyloniaState, seat: int, actions: Sequence[BabyloniaAction]
) -> list[float]:
    """:func:`action_prior` of each of ``actions``: what the search ranks a node's legal
    actions by, hundreds of placements at a time."""
    return _values(state, seat, actions, points=True)


def rollout_action(state: BabyloniaState, rng: Rng) -> BabyloniaAction:
    """A quick, sensible move for search rollouts: the best of a few sampled legal actions
    by :func:`action_prior` (the first of them on a tie)."""
    sample = state.legal_sample(rng, ROLLOUT_SAMPLE)
    values = _values(state, state.current_player, sample, points=True)
    return sample[values.index(max(values))]


def _values(
    state: BabyloniaState, seat: int, actions: Sequence[BabyloniaAction], points: bool
) -> list[float]:
    """:func:`action_prior` (``points``) or :func:`tiebreak` of each of ``actions``.

    One loop for all of them, because search runs it on every rollout step and on every
    node it ranks: the position's masks are looked up once, and where the seat stands next
    to a city or ziggurat is worked out once however many hexes and token kinds share it.
    Every term but the river's fifth is a multiple of one half, so the order in which the
    neighbours are visited does not change the float.
    """
    board = state.board
    neighbours = board.neighbours
    in_river, by_ziggurat = _hex_flags(board)
    contested = state.cities | state.zig_unscored
    cities = state.cities
    fields = state.fields
    tile_at = state.tile_at
    leads: dict[int, float] = {}  # _lead by city or ziggurat hex
    out = []
    for action in actions:
        kind = action.kind
        if kind != PLACE:
            if kind == END:
                out.append(END_BONUS)
            elif kind == CARD:
                out.append(CARD_VALUE[action.card])
            else:
                out.append(1.0 if kind == EXTRA else 0.0)
            continue
        token = action.token
        b = action.bit
        targets = neighbours[b] & contested
        if targets:
            value = 0.0
            while targets:
                low = targets & -targets
                targets ^= low
                t = low.bit_length() - 1
                lead = leads.get(t)
                if lead is None:
                    lead = leads[t] = _lead(state, seat, t)
                value += lead  # leading or tying there
                if low & cities and token != FARMER and tile_at[t] >> token & 1:
                    value += 1.0  # a noble that the city will pay for
        elif token != FARMER:
            value = -0.5  # a noble far from any city earns nothing yet
        else:
            value = 0.0
        if in_river[b]:
            value -= 0.2  # a token hidden in the river
        if points:
            if fields >> b & 1:
                tile = tile_at[b]
                value += sum(state.cities_won) if tile == FIELD_CITIES else tile - 10
            if by_ziggurat[b]:
                value += 1.0
        out.append(value)
    return out


@functools.lru_cache(maxsize=16)
def _hex_flags(board: Board) -> tuple[tuple[bool, ...], tuple[bool, ...]]:
    """By hex bit: is it a river hex, does it touch a ziggurat? Fixed facts of a board,
    cheaper to look up in every prior than to test on its masks of a few hundred bits."""
    size = len(board.neighbours)
    in_river = tuple(bool(board.river_mask >> b & 1) for b in range(size))
    by_ziggurat = tuple(bool(board.zig_touch_mask >> b & 1) for b in range(size))
    return in_river, by_ziggurat


def _lead(state: BabyloniaState, seat: int, t: int) -> float:
    """1 if one more token next to ``t`` makes or keeps ``seat`` the strict leader there,
    0.5 if it ties the best other seat, else 0."""
    ring = state.board.neighbours[t]
    mine = best_other = 0
    for s, tokens in enumerate(state.tok):
        count = (tokens & ring).bit_count()
        if s == seat:
            mine = count + 1
        elif count > best_other:
            best_other = count
    if mine > best_other:
        return 1.0
    return 0.5 if mine == best_other else 0.0


def evaluate(state: BabyloniaState) -> list[float]:
    """Rewards in [0, 1] per seat where a rollout stops: the lead in :func:`expected_points`
    over the best other seat, squashed.

    Counting only the score so far, a rollout cut off a turn or two in cannot see the city
    or ziggurat it is building a majority around, nor the nobles that will pay when a city
    is surrounded: the search then played about as the greedy player does (69% against
    greedy at two players over 200 games; with the board counted, 100% of the first 100 of
    the same games, docs/ai.md).
    """
    points = expected_points(state)
    out = []
    for seat, own in enumerate(points):
        best_other = max(p for i, p in enumerate(points) if i != seat)
        out.append(1.0 / (1.0 + math.exp(-(own - best_other) / SCORE_SCALE)))
    return out


def expected_points(state: BabyloniaState) -> list[float]:
    """Each seat's score plus what the board already promises it (rules §7 and §8).

    Per city still on the board, weighed by how nearly it is surrounded (the share of its
    land neighbours that hold a token, ``filled``): the two points of every face-up noble
    next to it whose kind it prints, at ``(1 + filled) / 2`` (adjacent nobles always pay, if
    the city is scored before the game ends); and, when one seat leads its majority, the
    city counts a capture pays, the leader's own city included, at ``filled`` (with the
    option ``tied_city_scores``, a tied city's counts too). Per unscored
    ziggurat, :data:`ZIGGURAT_CARD_POINTS` to its majority leader at ``filled``. Longer chains
    of the network and the card effects on city scoring are left to the rollouts.
    """
    points = [float(p) for p in state.score]
    n = len(points)
    neighbours = state.board.neighbours
    land_rings = _land_rings(state.board)
    free = state.free_land
    tok = state.tok
    kind_up = state.kind_up
    won = state.cities_won
    tile_at = state.tile_at
    tied_pays = state.game.tied_city_scores  # the rules option: a tied city pays counts too
    for sites, is_city in ((state.cities, True), (state.zig_unscored, False)):
        while sites:
            low = sites & -sites
            sites ^= low
            b = low.bit_length() - 1
            ring = neighbours[b]
            land, size = land_rings[b]
            filled = 1.0 - (land & free).bit_count() / size if size else 1.0
            best = second = 0
            leader = -1
            printed = tile_at[b] if is_city else 0
            for seat in range(n):
                count = (tok[seat] & ring).bit_count()
                if count > best:
                    second, best, leader = best, count, seat
                elif count > second:
                    second = count
                if printed:
                    nobles = 0
                    for kind in NOBLES:
                        if printed >> kind & 1:
                            nobles += (kind_up[4 * seat + kind] & ring).bit_count()
                    points[seat] += nobles * (1.0 + filled)  # 2 points each, at (1 + filled) / 2
            if best <= second:
                leader = -1  # a tie: nobody takes it
            if is_city:
                if leader >= 0 or tied_pays:
                    for seat in range(n):
                        points[seat] += filled * (won[seat] + (seat == leader))
            elif leader >= 0:
                points[leader] += filled * ZIGGURAT_CARD_POINTS
    return points


@functools.lru_cache(maxsize=16)
def _land_rings(board: Board) -> tuple[tuple[int, int], ...]:
    """By hex bit: the mask of its land neighbours and their number (what "surrounded"
    counts, rules §6), a fixed fact of the board."""
    out = []
    for ring in board.neighbours:
        land = ring & board.land_mask
        out.append((land, land.bit_count()))
    return tuple(out)


HEURISTICS = Heuristics(
    ROLLOUT_DEPTH, tiebreak=tiebreak, action_priors=action_priors,
    rollout_action=rollout_action, evaluate=evaluate,
)  # fmt: skip
