"""Amyitis knowledge for game-agnostic agents: what a move is worth before any search.

Points come from many places (engineers, Babylon, palaces, Marduk, tiles, majorities, the
Amyitis bonus), and most of them only after a chain of preparation: camels to move the
caravan, the right resources to pay a city, an irrigated square to plant. The greedy agent
already takes the points a move scores at once; :func:`tiebreak` adds what a move prepares,
in points, from :func:`action_priors`:

* camels, resources and talents held are worth what they will buy; resources above the
  storage limit are worth little (maintenance discards them);
* a court card is worth its future: banker income for the rounds left, caravaneer camels
  saved and storage, a palace's points;
* a garden tile is worth its bonus, the step towards the Amyitis bonus and the irrigation
  majority it pays;
* a cube in a temple is worth the reward of the place it would hold.

:func:`position_values` turns a whole position into points per seat the same way, and
:func:`evaluate` scores a position where a search rollout stops.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ziggurat.core.heuristics import Heuristics
from ziggurat.core.rng import Rng

from . import rules, scoring
from .actions import (
    CARAVAN,
    CHOOSE,
    COURT,
    DISCARD,
    EXCHANGE,
    FIELD,
    IRRIGATE,
    ISHTAR_CHOICE,
    PASS,
    PLANT,
    PROCESSION,
    RECRUIT,
    SELL,
    TAKE,
    TEMPLE,
    AmyitisAction,
)
from .components import (
    BANKER,
    CARAVANEER,
    CITY_BABYLON,
    CITY_PLANT,
    ENGINEER,
    GARDENER,
    MERCHANT,
    PALACE,
    PEASANT,
    PRIEST,
    WINE,
)
from .phases import PHASE_ACTION, PHASE_OVER

if TYPE_CHECKING:
    from .state import AmyitisState

ROLLOUT_DEPTH = 8
"""Decisions a search rollout plays before :func:`evaluate`: most of a round at two
players."""

STRENGTHS = {"hard": {"rollout_depth": 16}}
"""``hard`` rolls out twice as deep: an Amyitis decision offers about four moves, so its
8,000 iterations gain little over ``medium``'s 1,000 by width, and a rollout of 16 sees the
Banker chain and the round's end that 8 cannot (at equal iterations, 16 beat 8 in 55% of 100
games, +9 points, docs/ai.md); it thinks about 1 s a decision on average (2 s at the
longest), well inside its 8 s cap."""

SCORE_SCALE = 8.0  # points of lead that make a position about 3:1 in evaluate()
TALENT = 0.5  # a talent held, in points
CAMEL = 1.3  # a camel held, for the first CAMELS_NEEDED of them
CAMELS_NEEDED = 3  # camels beyond these pay for long trips only: worth CAMEL_SPARE each
CAMEL_SPARE = 0.4
PLANT_PRESSURE = 1.5  # a planting brings the end nearer and takes a tile from the others
BASIC = 1.5  # a basic resource within the storage limit
WINE_VALUE = 2.0  # wine pays for anything
EXCESS = 0.3  # a resource that maintenance would discard
GARDENER_VALUE = 2.0  # a Gardener, while it still raises the floors one can plant
CUBE_IN_PLAY = 0.4  # an irrigation cube next to squares still to plant (majorities)
NOISE = 0.6  # how far the rollout policy strays from its own ranking
TEMPLE_VALUE = ((0.8, 0.5), (2.0, 1.0), (1.6, 0.8))  # Ishtar, Marduk, Tammouz: 1st, 2nd


def camel_worth(count: int) -> float:
    """Camels held, in points, with diminishing returns: a hoard of camels is worth little,
    so a seat that holds many spends them rather than stall the caravan."""
    return CAMEL * min(count, CAMELS_NEEDED) + CAMEL_SPARE * max(0, count - CAMELS_NEEDED)


def rounds_left(state: AmyitisState) -> float:
    """A guess of the rounds still to play: tiles above the end threshold, planted at about
    one per round and a half at two players, one per round at four."""
    data = state.game.data
    planted = sum(len(tiles) for tiles in state.tiles)
    left = len(state.game.squares_in_use) - planted - data.end_threshold[state.n]
    return max(0.5, left / (0.4 + 0.15 * state.n))


def resource_values(state: AmyitisState, seat: int) -> float:
    """Resources held, in points: the best ones up to the storage limit count in full (one
    more during the action phase, when a token may still be spent before the discard)."""
    base = 5 * seat
    held = state.res[base : base + 5]
    values = sorted([WINE_VALUE] * held[WINE] + [BASIC] * (sum(held) - held[WINE]), reverse=True)
    limit = rules.storage_limit(state, seat)
    if state.phase != PHASE_ACTION:
        return sum(values[:limit]) + EXCESS * max(0, len(values) - limit)
    return sum(values[: limit + 1]) + EXCESS * max(0, len(values) - limit - 1)


def court_value(state: AmyitisState, seat: int, court: int, level: int, left: float) -> float:
    """What holding ``court`` at ``level`` is worth for the rest of the game (palace points
    are already scored)."""
    data = state.game.data
    if court == BANKER:
        if not level:
            return 0.0
        talents, points = data.banker_income[level - 1]
        return left * (TALENT * talents + points)
    if court == CARAVANEER:
        return 1.2 * data.caravaneer_bonus[level] + 0.8 * (data.storage[level] - data.storage[0])
    return 0.0


def next_court_gain(state: AmyitisState, seat: int, court: int, left: float) -> float:
    """Points of taking the next card of ``court`` now (a palace scores at once)."""
    data = state.game.data
    if court == GARDENER:
        return GARDENER_VALUE if state.gardeners[seat] < 2 else 0.3
    level = state.levels[3 * seat + court]
    if level >= 3:
        return 0.0
    if court == PALACE:
        return float(data.palace_vp[level])
    return court_value(state, seat, court, level + 1, left) - court_value(
        state, seat, court, level, left
    )


def tile_value(state: AmyitisState, seat: int, tile: int, left: float) -> float:
    """A garden tile's bonus in points, plus its step towards the Amyitis bonus."""
    data = state.game.data
    value = float(data.tile_vp[tile])
    value += TALENT * data.tile_talents[tile] + CAMEL * data.tile_camels[tile]
    value += BASIC * data.tile_resource_choice[tile]
    if data.tile_court[tile] >= 0:
        value += next_court_gain(state, seat, data.tile_court[tile], left)
    if data.tile_court_choice[tile]:
        value += max(next_court_gain(state, seat, c, left) for c in range(4))
    return value + amyitis_step(state, seat) + PLANT_PRESSURE


def amyitis_step(state: AmyitisState, seat: int) -> float:
    """What one more garden tile adds to the seat's expected Amyitis bonus."""
    steps = state.game.data.amyitis_bonus[state.n]
    return _amyitis_expect(steps, len(state.tiles[seat]) + 1) - _amyitis_expect(
        steps, len(state.tiles[seat])
    )


def _amyitis_expect(steps: Sequence[tuple[int, int]], owned: int) -> float:
    """The bonus reached, plus half of the next one in proportion to the way there."""
    reached = 0.0
    for threshold, points in steps:
        if owned >= threshold:
            reached = float(points)
        else:
            return reached + 0.5 * (points - reached) * owned / threshold
    return reached


def temple_worth(state: AmyitisState, seat: int, temple: int, line: list[int]) -> float:
    """The reward ``seat`` would get from ``temple`` with its cubes as in ``line``: its place
    among the seats present (most cubes, ties to the rightmost cube, §6.4)."""
    if seat not in line:
        return 0.0
    n = state.n
    counts = [0] * (n + 1)
    right = [-1] * (n + 1)
    for position, owner in enumerate(line):
        if owner < n:
            counts[owner] += 1
            right[owner] = position
    mine = counts[seat]
    key = (mine, right[seat]) if state.game.data.temple_tie_rightmost else (mine, 0)
    above = 0
    for other in range(n):
        if other != seat and counts[other]:
            theirs = (counts[other], right[other])
            if theirs > key or (theirs[0] == mine and key[1] == 0):
                above += 1
    places = state.game.data.temple_ranks[n]
    return TEMPLE_VALUE[temple][above] if above < places else 0.0


def temple_values(state: AmyitisState, temple: int) -> list[float]:
    """Per seat: the reward of the place it holds in ``temple`` now (one pass over the line
    for all seats, for :func:`position_values`)."""
    n = state.n
    data = state.game.data
    counts = [0] * (n + 1)
    right = [-1] * (n + 1)
    for position, owner in enumerate(state.temples[temple]):
        if owner < n:
            counts[owner] += 1
            right[owner] = position
    present = [s for s in range(n) if counts[s]]
    values = [0.0] * n
    if not present:
        return values
    if data.temple_tie_rightmost:
        present.sort(key=lambda s: (counts[s], right[s]), reverse=True)
        for place, seat in enumerate(present[: data.temple_ranks[n]]):
            values[seat] = TEMPLE_VALUE[temple][place]
        return values
    for seat in present:
        values[seat] = temple_worth(state, seat, temple, state.temples[temple])
    return values


_ENTERING: dict[tuple[object, ...], list[float]] = {}
"""Memo of :func:`entering_gains`: the temples change far more rarely than priors are asked
for, and searches ask in the same few temple positions again and again."""


def entering_gains(state: AmyitisState, seat: int) -> list[float]:
    """Per temple: what a cube of ``seat`` entering it now gains in reward."""
    temples = state.temples
    key = (state.game, seat, tuple(temples[0]), tuple(temples[1]), tuple(temples[2]))
    gains = _ENTERING.get(key)
    if gains is None:
        if len(_ENTERING) > 100_000:
            _ENTERING.clear()
        gains = _ENTERING[key] = [
            temple_worth(state, seat, t, _entered(state, t, seat))
            - temple_worth(state, seat, t, temples[t])
            for t in range(3)
        ]
    return gains


def _entered(state: AmyitisState, temple: int, owner: int) -> list[int]:
    line = [owner, *state.temples[temple]]
    return line[: state.game.data.temple_length]


def square_majority(state: AmyitisState, seat: int, square: int) -> bool:
    """Does ``seat`` hold the irrigation majority around ``square``?"""
    return scoring.square_leader(state, square) == seat


def city_value(state: AmyitisState, seat: int, city: int, left: float) -> float:
    """What arriving at ``city`` is worth to ``seat`` (its best action there), in points."""
    data = state.game.data
    kind = data.city_kind[city]
    base = 5 * seat
    if kind == CITY_BABYLON:
        held = state.res[base : base + 5]
        sold = min(data.babylon_max, sum(held))
        return sold * (data.babylon_vp - BASIC) + 1.0
    if kind == CITY_PLANT:
        _card, quality, demand = rules.plant_demand(state, city)
        squares = rules.plantable(state, seat, quality)
        best = max(
            tile_value(state, seat, state.square_tile[s], left)
            + (quality if square_majority(state, seat, s) else 0)
            for s in squares
        )
        return best - BASIC * len(demand)
    return (
        max(
            next_court_gain(state, seat, c, left)
            for c in data.city_offer[city]
            if rules.court_available(state, seat, c)
        )
        - BASIC
    )


def irrigation_value(state: AmyitisState, seat: int, space: int) -> float:
    """Spaces that finish a side of a square still holding a tile (it becomes plantable)
    and sit near many such squares are worth more."""
    data = state.game.data
    edge = data.space_edge[space]
    value = 0.0
    occupied = state.occupied | 1 << space
    mask = data.edge_mask[edge]
    for square in data.edge_squares[edge]:
        if state.square_tile[square] < 0:
            continue
        value += CUBE_IN_PLAY
        if occupied & mask == mask and not rules.irrigated(state, square):
            value += 0.3 * data.square_floor[square]
    return value


def action_priors(state: AmyitisState, seat: int, actions: Sequence[AmyitisAction]) -> list[float]:
    """Each action's worth in points, beyond the points it scores at once."""
    data = state.game.data
    left = rounds_left(state)
    entering: list[float] | None = None  # per temple: what a cube of the seat there gains
    peasant: float | None = None  # a Peasant's best field
    out = []
    for action in actions:
        kind = action.kind
        if entering is None and (kind in (TEMPLE, PROCESSION) or action.craft == PRIEST):
            entering = entering_gains(state, seat)
        if kind == PASS:
            value = -0.8
        elif kind == RECRUIT:
            cost = rules.row_cost(state, action.row) * TALENT
            craft = action.craft
            if craft == ENGINEER:
                value = data.engineer_vp + 0.6
            elif craft == MERCHANT:
                value = CAMEL if state.camel_stock else 0.0
            elif craft == PEASANT:
                if peasant is None:  # the same for every row a Peasant is recruited from
                    peasant = max(_field_gain(state, seat, row) for row in range(len(state.fields)))
                value = peasant
            else:
                assert entering is not None
                value = max(entering) * min(left, 3.0) * 0.6
            value -= cost
        elif kind == CARAVAN:
            held = state.camels[seat]
            spent = camel_worth(held) - camel_worth(
                held - rules.caravan_cost(state, seat, action.city)
            )
            value = city_value(state, seat, action.city, left) - spent
        elif kind == FIELD:
            value = _field_gain(state, seat, action.row)
        elif kind in (TEMPLE, PROCESSION):
            assert entering is not None
            value = entering[action.temple]
        elif kind == IRRIGATE:
            value = irrigation_value(state, seat, action.space)
        elif kind == SELL:
            value = -sum(WINE_VALUE if r == WINE else BASIC for r in action.tokens)
        elif kind == COURT:
            value = next_court_gain(state, seat, action.court, left) - (
                WINE_VALUE if action.tokens[0] == WINE else BASIC
            )
        elif kind == PLANT:
            value = tile_value(state, seat, state.square_tile[action.square], left)
            value -= sum(WINE_VALUE if r == WINE else BASIC for r in action.tokens)
        elif kind == TAKE:
            value = WINE_VALUE if action.tokens[0] == WINE else BASIC
        elif kind == CHOOSE:
            value = next_court_gain(state, seat, action.court, left)
        elif kind == ISHTAR_CHOICE:
            value = CAMEL if action.item == 0 and state.camel_stock else TALENT
        elif kind == EXCHANGE:
            value = 0.2 if action.tokens[0] == WINE else 0.1
        elif kind == DISCARD:
            value = -(WINE_VALUE if action.tokens[0] == WINE else BASIC)
        else:  # decline
            value = 0.0
        out.append(value)
    return out


def _field_gain(state: AmyitisState, seat: int, row: int) -> float:
    """The resource of the row's next space, and a Gardener if the cube completes the row
    and wins it."""
    data = state.game.data
    cubes = state.fields[row]
    r = data.fields[row][len(cubes)]
    value = (WINE_VALUE if r == WINE else BASIC) if state.res_stock[r] else 0.0
    mine = cubes.count(seat) + 1
    if len(cubes) + 1 == data.field_length and state.gardeners_left:
        others = [cubes.count(s) for s in range(state.n) if s != seat]
        if mine >= max(others, default=0) and state.gardeners[seat] < 2:
            value += GARDENER_VALUE
    elif mine > len(cubes) / 2:
        value += 0.3
    return value


def tiebreak(state: AmyitisState, seat: int, action: AmyitisAction) -> float:
    return action_priors(state, seat, [action])[0]


# ----------------------------------------------------------------------------- search


def rollout_action(state: AmyitisState, rng: Rng) -> AmyitisAction:
    """A quick, sensible move: the best legal action by :func:`action_priors` plus the
    points it scores at once, with a little noise."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    seat = state.current_player
    values = action_priors(state, seat, legal)
    data = state.game.data
    best = legal[0]
    best_value = -math.inf
    for action, value in zip(legal, values, strict=True):
        if action.kind == SELL:  # the one move whose points the priors leave out
            value += data.babylon_vp * len(action.tokens)
        value += NOISE * rng.random()
        if value > best_value:
            best, best_value = action, value
    return best


def position_values(state: AmyitisState) -> list[float]:
    """Per seat: points scored, plus what holdings, court cards, tiles and cubes in temples
    and on irrigation spaces should still bring."""
    if state.phase == PHASE_OVER:
        return [float(v) for v in state.vp]
    data = state.game.data
    left = rounds_left(state)
    values = []
    steps = data.amyitis_bonus[state.n]
    for seat in range(state.n):
        value = float(state.vp[seat])
        value += TALENT * state.talents[seat] + camel_worth(state.camels[seat])
        value += resource_values(state, seat)
        for court in (BANKER, CARAVANEER):
            value += court_value(state, seat, court, state.levels[3 * seat + court], left)
        value += GARDENER_VALUE * min(2, state.gardeners[seat])
        value += _amyitis_expect(steps, len(state.tiles[seat]))
        values.append(value)
    weight = min(left, 2.0) * 0.6
    for t in range(3):
        for seat, worth in enumerate(temple_values(state, t)):
            values[seat] += worth * weight
    return values


def evaluate(state: AmyitisState) -> list[float]:
    """Rewards in [0, 1] per seat where a rollout stops: the lead in :func:`position_values`
    over the best other seat, squashed."""
    values = position_values(state)
    out = []
    for seat, own in enumerate(values):
        best_other = max(v for i, v in enumerate(values) if i != seat)
        out.append(1.0 / (1.0 + math.exp(-(own - best_other) / SCORE_SCALE)))
    return out


__all__ = [
    "ROLLOUT_DEPTH",
    "action_priors",
    "evaluate",
    "position_values",
    "rollout_action",
    "tiebreak",
]


HEURISTICS = Heuristics(
    ROLLOUT_DEPTH, tiebreak=tiebreak, action_priors=action_priors,
    rollout_action=rollout_action, evaluate=evaluate, strengths=STRENGTHS,
)  # fmt: skip
