"""Babylonia knowledge for game-agnostic agents: a tie-break between equally scoring actions.

Immediate points decide first (the agent computes them by playing the action on a copy);
this breaks ties with what a player would weigh next: standing to win a neighbouring city
or ziggurat, nobles next to cities that print their kind, keeping nobles off empty ground,
and not spending tokens for nothing.
"""

from __future__ import annotations

import math

from ziggurat.core.hexgrid import iter_bits

from .actions import CARD, END, EXTRA, PLACE, BabyloniaAction
from .pieces import FARMER
from .state import BabyloniaState

# Card preference when points are equal (card 1 already wins on its ten points).
CARD_VALUE = {1: 0.0, 2: 3.0, 3: 4.0, 4: 2.5, 5: 2.5, 6: 2.0, 7: 5.0, 8: 3.0, 9: 3.0}

END_BONUS = 0.25  # another farmer must be worth more than keeping it for a later turn


def tiebreak(state: BabyloniaState, seat: int, action: BabyloniaAction) -> float:
    kind = action.kind
    if kind == PLACE:
        return _placement_value(state, seat, action.token, action.bit)
    if kind == END:
        return END_BONUS
    if kind == CARD:
        return CARD_VALUE[action.card]
    if kind == EXTRA:
        return 1.0
    return 0.0


def _placement_value(state: BabyloniaState, seat: int, token: int, b: int) -> float:
    board = state.board
    around = board.neighbours[b]
    value = 0.0
    targets = around & (state.cities | state.zig_unscored)
    for t in iter_bits(targets):
        ring = board.neighbours[t]
        mine = (state.tok[seat] & ring).bit_count() + 1
        best_other = max(
            ((state.tok[s] & ring).bit_count() for s in range(state.n) if s != seat), default=0
        )
        if mine > best_other:
            value += 1.0  # this token makes or keeps us the leader there
        elif mine == best_other:
            value += 0.5
        if state.cities >> t & 1 and token != FARMER and state.tile_at[t] >> token & 1:
            value += 1.0  # a noble that the city will pay for
    if token != FARMER and not targets:
        value -= 0.5  # a noble far from any city earns nothing yet
    if (1 << b) & board.river_mask:
        value -= 0.2
    return value


ROLLOUT_SAMPLE = 6  # legal actions a rollout step compares
SCORE_SCALE = 8.0  # points of lead that make a position about 3:1 in evaluate()
FIELD_CITIES = 20


def action_prior(state: BabyloniaState, seat: int, action: BabyloniaAction) -> float:
    """How promising an action looks before any search: points it takes on the spot (crop
    fields, a ziggurat next to it) plus the tie-break above. Cheap: no copy of the state."""
    value = tiebreak(state, seat, action)
    if action.kind == PLACE:
        bit = 1 << action.bit
        if bit & state.fields:
            tile = state.tile_at[action.bit]
            value += sum(state.cities_won) if tile == FIELD_CITIES else tile - 10
        if bit & state.board.zig_touch_mask:
            value += 1.0
    return value


def rollout_action(state: BabyloniaState, rng) -> BabyloniaAction:  # type: ignore[no-untyped-def]
    """A quick, sensible move for search rollouts: the best of a few sampled legal actions
    by :func:`action_prior`."""
    legal = state.legal_actions()
    if len(legal) <= ROLLOUT_SAMPLE:
        sample = legal
    else:
        sample = [legal[rng.randrange(len(legal))] for _ in range(ROLLOUT_SAMPLE)]
    seat = state.current_player
    return max(sample, key=lambda a: action_prior(state, seat, a))


def evaluate(state: BabyloniaState) -> list[float]:
    """Rewards in [0, 1] per seat where a rollout stops: the lead over the best other seat,
    squashed."""
    scores = state.score
    out = []
    for seat, own in enumerate(scores):
        best_other = max(s for i, s in enumerate(scores) if i != seat)
        out.append(1.0 / (1.0 + math.exp(-(own - best_other) / SCORE_SCALE)))
    return out
