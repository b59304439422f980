"""End-of-turn scoring of surrounded cities and ziggurats (rules §6-§8).

:func:`city_breakdown` computes what a city scoring pays without changing anything, so the
scoring vectors and the game itself run the very same code; :func:`score_city` applies it.
When a scoring happens, and who chooses a card after a ziggurat, is the turn flow
(:func:`.rules.score_hex`).
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ziggurat.core.hexgrid import iter_bits

from .cards import CARD_CENTER_LINKS, CARD_CITY_BONUS, CARD_RIVER_LINKS
from .pieces import NOBLES

if TYPE_CHECKING:
    from .state import BabyloniaState


def requiring_scoring(state: BabyloniaState) -> int:
    """Cities and unscored ziggurats with no free land neighbour (§6).

    Only a free land hex blocks: river hexes, missing hexes, tiles and ziggurats never do.
    """
    free = state.free_land
    neighbours = state.board.neighbours
    out = 0
    for b in iter_bits(state.cities | state.zig_unscored):
        if not neighbours[b] & free:
            out |= 1 << b
    return out


def adjacent_counts(state: BabyloniaState, b: int) -> list[int]:
    """Tokens of each seat next to hex ``b``, face-down river tokens included."""
    around = state.board.neighbours[b]
    return [(mask & around).bit_count() for mask in state.tok]


def majority_winner(state: BabyloniaState, b: int) -> int:
    """The seat with strictly the most tokens next to ``b``, or -1 (a tie, or no token)."""
    counts = adjacent_counts(state, b)
    best = max(counts)
    if best == 0 or counts.count(best) > 1:
        return -1
    return counts.index(best)


def network(state: BabyloniaState, seat: int, b: int) -> int:
    """Hexes linked to the city at ``b`` through an unbroken chain of the seat's hexes (§7.2).

    Any token of the seat links, face down included; card 8 adds the free land of the center
    landmass and card 9 the free river hexes, for linking only. The city itself is only the
    starting point: chains never pass through it.
    """
    link = state.tok[seat]
    if state.card_owner[CARD_CENTER_LINKS] == seat:
        link |= state.free_land & state.board.center_mask
    if state.card_owner[CARD_RIVER_LINKS] == seat:
        link |= state.free_river
    return state.board.layout.flood(state.board.neighbours[b], link)


@dataclass(frozen=True, slots=True)
class CityScore:
    """What scoring one city pays. Masks are hex sets of the board's layout."""

    winner: int  # -1: nobody takes the city
    network: tuple[int, ...]  # per seat
    scoring: tuple[int, ...]  # per seat: face-up nobles of a kind printed on the city
    network_points: tuple[int, ...]
    capture_points: tuple[int, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(a + b for a, b in zip(self.network_points, self.capture_points, strict=True))


def city_breakdown(state: BabyloniaState, b: int) -> CityScore:
    """Score the city at ``b`` on paper: majority, networks, city counts (§7), no changes."""
    tile = state.tile_at[b]
    winner = majority_winner(state, b)
    nets, scoring, net_points, capture = [], [], [], []
    for seat in range(state.n):
        net = network(state, seat, b)
        scored = 0
        for kind in NOBLES:
            if tile >> kind & 1:
                scored |= net & state.kind_up[4 * seat + kind]
        nets.append(net)
        scoring.append(scored)
        net_points.append(2 * scored.bit_count())
    pays = winner >= 0 or state.game.tied_city_scores
    for seat in range(state.n):
        won = state.cities_won[seat] + (1 if seat == winner else 0)
        points = 0
        if pays:
            points = won
            if state.card_owner[CARD_CITY_BONUS] == seat:
                points += won // 2
        capture.append(points)
    return CityScore(winner, tuple(nets), tuple(scoring), tuple(net_points), tuple(capture))


def score_city(state: BabyloniaState, b: int) -> CityScore:
    """Pay the city at ``b`` and take its tile off the board; the hex becomes free land."""
    result = city_breakdown(state, b)
    for seat, points in enumerate(result.totals):
        state.score[seat] += points
    if result.winner >= 0:
        state.cities_won[result.winner] += 1
    bit = 1 << b
    state.cities &= ~bit
    state.free_land |= bit
    insort(state.land_list, b)
    return result


def score_ziggurat(state: BabyloniaState, b: int) -> int:
    """Mark the ziggurat at ``b`` scored (ties included) and return its winner or -1 (§8)."""
    state.zig_unscored &= ~(1 << b)
    return majority_winner(state, b)
