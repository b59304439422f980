"""Ishtar knowledge for game-agnostic agents: what a move is worth before any search.

The running score (what the final scoring would pay now) moves with most decisions, so the
greedy agent's "points now" already values flowers in its beds, fountains, trees and upper
skills. :func:`tiebreak` adds what a player weighs beyond that:

* take a tile cheaply: every gem paid for the can is a gem short for trees and skills;
* place to collect gems (rarer ones worth more), to grow its own flowerbeds and not an
  opponent's, and so that the tile's assistant icon lands in a bed nobody holds yet;
* use icons: an assistant on a big free bed, the skills that bring assistants and tokens
  early, never paying with rare gems when common ones do;
* buy trees worth their gems, plant them where they block opponents' beds from blooming.

:func:`rollout_action` is the search's quick policy (it looks at a sample of the placements,
not all of them) and :func:`evaluate` scores a position where a rollout stops.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ziggurat.core.heuristics import Heuristics
from ziggurat.core.rng import Rng

from . import rules, scoring
from .actions import (
    ASSISTANT,
    BLOOM,
    BUY,
    PLACE,
    PLANT,
    RESERVE,
    SKILL,
    TAKE,
    IshtarAction,
)
from .components import (
    ASSISTANT_ICON,
    END_EFFECTS,
    FREE_CAN_STEP,
    RECRUIT,
    WILD_ICON,
)
from .components import (
    BLOOM as BLOOM_EFFECT,
)
from .components import (
    RESERVE as RESERVE_EFFECT,
)
from .phases import PHASE_BLOOM, PHASE_CHOOSE, PHASE_PLACE
from .rules import sample_blooms, sample_placements
from .state import IshtarState

ROLLOUT_DEPTH = {2: 4, 3: 3, 4: 3}
"""Actions a search rollout plays before :func:`evaluate`, by player count: most of a turn
(a take, a placement, the icon and the trees), so that the search stays quick from
mid-game (docs/ai.md, the speed table); the running score, gems and assistants in
:func:`evaluate` carry the rest."""

SCORE_SCALE = 8.0  # points of lead that make a position about 3:1 in evaluate()
GEM_VALUE = (0.6, 0.9, 1.2)  # a violet, red, white gem held, in points
ASSISTANT_VALUE = 2.5  # an assistant in supply: a flowerbed still to claim
SAMPLE = 12  # placements a rollout looks at
NOISE = 0.5  # how far the rollout policy strays from its own ranking


def tiebreak(state: IshtarState, seat: int, action: IshtarAction) -> float:
    """What ``action`` promises ``seat`` beyond the points it scores at once."""
    return action_priors(state, seat, (action,))[0]


def _pay_value(pay: tuple[int, int, int]) -> float:
    return pay[0] * GEM_VALUE[0] + pay[1] * GEM_VALUE[1] + pay[2] * GEM_VALUE[2]


class _Zones:
    """Hexes next to the seat's claimed flowerbeds, and next to the others'."""

    __slots__ = ("mine", "theirs")

    def __init__(self, state: IshtarState, seat: int) -> None:
        zones = state.map_context().seat_zones
        self.mine = zones[seat]
        self.theirs = 0
        for other, zone in enumerate(zones):
            if other != seat:
                self.theirs |= zone


def _tile_value(state: IshtarState, seat: int, tile: int) -> float:
    data = state.game.data
    value = 0.4 * sum(data.tile_flowers[tile])
    icon = data.tile_icon[tile]
    if icon in (ASSISTANT_ICON, WILD_ICON) and state.supply[seat]:
        value += 1.5
    elif icon:
        value += 0.8
    return value


def _placement_value(state: IshtarState, seat: int, action: IshtarAction, zones: _Zones) -> float:
    game = state.game
    tile = state.tile
    cells, flowers, _grass, icon_bit = game.footprint(tile, action.cell, action.rotation)
    value = 0.0
    for c in range(3):
        found = state.gems_map[c] & cells
        if found:
            value += GEM_VALUE[c] * found.bit_count()
    if flowers & zones.theirs:
        value -= 1.5
    if flowers & zones.mine:
        value += 0.5
    icon = game.data.tile_icon[tile]
    if (
        icon in (ASSISTANT_ICON, WILD_ICON)
        and state.supply[seat]
        and not (icon_bit >= 0 and (1 << icon_bit) & (zones.mine | zones.theirs))
    ):
        value += 1.0  # the icon may claim a fresh bed
    return value


def _skill_value(state: IshtarState, seat: int, action: IshtarAction) -> float:
    data = state.game.data
    effect = data.skill_effect[action.skill]
    progress = min(1.0, state.turn / 30.0)
    value = -0.5 * _pay_value(action.pay)
    if effect == RECRUIT:
        value += ASSISTANT_VALUE * (1.0 - 0.6 * progress) if state.carpet[seat] else -1.0
    elif effect == BLOOM_EFFECT:
        value += 2.0
    elif effect == RESERVE_EFFECT:
        value += 1.0
    elif effect == FREE_CAN_STEP:
        value += 2.5 * (1.0 - progress)
    elif effect in END_EFFECTS:
        value += 0.5  # its points are counted at once; a little for what it will grow to
    return value


def action_priors(state: IshtarState, seat: int, actions: Sequence[IshtarAction]) -> list[float]:
    """:func:`tiebreak` of each of ``actions`` (one pass, shared lookups)."""
    out = []
    zones: _Zones | None = None
    data = state.game.data
    for action in actions:
        kind = action.kind
        if kind == TAKE:
            stack = state.stacks[action.stack]
            tile = _tile_value(state, seat, stack[-1]) if stack else 0.0
            out.append(tile - _pay_value(action.pay))
        elif kind == PLACE:
            if zones is None:
                zones = _Zones(state, seat)
            out.append(_placement_value(state, seat, action, zones))
        elif kind == ASSISTANT:
            out.append(3.0)
        elif kind == SKILL:
            out.append(_skill_value(state, seat, action))
        elif kind == BLOOM:
            if zones is None:
                zones = _Zones(state, seat)
            cells = 1 << action.cell | (1 << action.cell2 if action.cell2 >= 0 else 0)
            value = 0.3 * sum(state.game.patterns[action.pattern])
            if cells & zones.mine:
                value += 1.5
            if cells & zones.theirs:
                value -= 1.5
            out.append(value)
        elif kind == RESERVE:
            card = state.market[action.slot]
            out.append(0.3 * data.card_vp[card] if card >= 0 else 0.0)
        elif kind == BUY:
            if action.slot == data.market_size:
                card = state.reserved[seat]
            else:
                card = state.market[action.slot]
            out.append(0.5 * (data.card_vp[card] - _pay_value(data.card_cost[card])))
        elif kind == PLANT:
            if zones is None:
                zones = _Zones(state, seat)
            here = 1 << action.cell
            out.append((0.6 if here & zones.theirs else 0.0) + (0.3 if here & zones.mine else 0.0))
        else:  # discard, no action, stop blooming, end turn
            out.append(0.0)
    return out


# ----------------------------------------------------------------------------- search


def rollout_action(state: IshtarState, rng: Rng) -> IshtarAction:
    """A quick, sensible move: the best of the legal actions by :func:`action_priors`, with
    a little noise; for a tile or a blooming token, the best of a random sample of them."""
    seat = state.current_player
    candidates: list[IshtarAction] = []
    if state.phase == PHASE_PLACE:
        by_rotation = state.game.actions.place_by_rotation
        for anchor, k in sample_placements(state, state.tile, rng, SAMPLE):
            action = by_rotation[k][anchor]
            assert action is not None
            candidates.append(action)
    elif state.phase == PHASE_CHOOSE and state.can >= 0:
        take = _best_cheap_take(state, seat, rng)
        if take is not None:
            return take
    elif state.phase == PHASE_BLOOM:
        bloom = state.game.actions.bloom
        candidates = [bloom[spot] for spot in sample_blooms(state, rng, SAMPLE)]
        if candidates and state.bloom_placed:
            candidates.append(state.game.actions.stop_bloom)
    if not candidates:
        candidates = state.legal_actions()
    if len(candidates) == 1:
        return candidates[0]
    values = action_priors(state, seat, candidates)
    best = candidates[0]
    best_value = -math.inf
    for action, value in zip(candidates, values, strict=True):
        value += NOISE * rng.random()
        if value > best_value:
            best, best_value = action, value
    return best


def _best_cheap_take(state: IshtarState, seat: int, rng: Rng) -> IshtarAction | None:
    """The best, by :func:`action_priors` with a little noise, of the can's first three
    stops, each paid with the commonest gems held, whose tile fits; what a rollout takes,
    without testing every stack's tile: the stops are ranked first, and only as many tiles
    are tried on the map as it takes to find one that fits. None when none does (then the
    legal moves decide: a forced discard, say)."""
    table = state.game.actions
    held = state.gems[3 * seat : 3 * seat + 3]
    stops = []
    for stack, cost in rules.can_route(state)[:3]:
        if cost > held[0] + held[1] + held[2]:
            break
        v = min(cost, held[0])
        r = min(cost - v, held[1])
        stops.append(table.take[stack, (v, r, cost - v - r)])
    if not stops:
        return None
    values = action_priors(state, seat, stops)
    ranked = sorted(
        zip(stops, (value + NOISE * rng.random() for value in values), strict=True),
        key=lambda pair: pair[1],
        reverse=True,
    )
    for action, _value in ranked:
        if rules.take_ok(state, action.stack, action.pay):
            return action
    return None


def position_values(state: IshtarState) -> list[float]:
    """Per seat: what the final scoring would pay now, plus gems and assistants in hand
    (what they will still become)."""
    totals = scoring.totals(state)
    if state.is_terminal():
        return [float(t) for t in totals]
    values = []
    for seat, total in enumerate(totals):
        gems = state.gems[3 * seat : 3 * seat + 3]
        value = float(total) + _pay_value((gems[0], gems[1], gems[2]))
        value += ASSISTANT_VALUE * state.supply[seat]
        values.append(value)
    return values


def evaluate(state: IshtarState) -> list[float]:
    """Rewards in [0, 1] per seat where a rollout stops: the lead in :func:`position_values`
    over the best other seat, squashed."""
    values = position_values(state)
    out = []
    for seat, own in enumerate(values):
        best_other = max(v for i, v in enumerate(values) if i != seat)
        out.append(1.0 / (1.0 + math.exp(-(own - best_other) / SCORE_SCALE)))
    return out


HEURISTICS = Heuristics(
    ROLLOUT_DEPTH, tiebreak=tiebreak, action_priors=action_priors,
    rollout_action=rollout_action, evaluate=evaluate,
)  # fmt: skip
