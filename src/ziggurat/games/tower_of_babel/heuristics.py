"""Tower of Babel knowledge for game-agnostic agents: what a move is worth before any search.

Points in this game mostly come later (wonder majorities, the final row, disc sets), so the
greedy agent's "points now" decides little; :func:`tiebreak` carries the judgement a player
makes at each decision point:

* choose a disc he can complete from his own hand, whose type adds to his set and whose
  wonder he can lead; pass when none is in reach;
* offer the matching cards he can spare (rejected, each is a point; accepted, each is a piece
  on the wonder), never bluff cards, and the exchange card only for a disc he wants;
* as the active player, keep the majority and the disc: place his own pieces, take offers
  when that saves cards he needs, never hand over a disc for nothing;
* play the triple bonus on a big rejected offer, draw three at once, trade cards of types
  no disc asks for any more.

:func:`rollout_action` is the search's quick policy (it builds offers directly instead of
listing the hundreds a big hand allows) and :func:`evaluate` scores a position where a
rollout stops, counting what the final scoring would pay as the board stands.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ziggurat.core.heuristics import Heuristics
from ziggurat.core.rng import Rng

from .actions import (
    ACCEPT,
    BUILD,
    DOUBLE,
    DRAW_THREE,
    GIVE_UP,
    OFFER,
    PASS,
    TRADE,
    TRIPLE,
    TowerAction,
)
from .components import DISC_BONUS, FIVE_POINTS
from .phases import NO_DISC, PHASE_CHOOSE, PHASE_OFFER
from .scoring import set_bonus, wonder_points

if TYPE_CHECKING:
    from .state import TowerState

ROLLOUT_DEPTH = {3: 8, 4: 8, 5: 6}
"""Actions a search rollout plays before :func:`evaluate` scores the position, by player
count: about one build and the next choice (a choice, an offer per opponent, an acceptance),
as deep as the search can go and keep 2,000 iterations a second from mid-game (docs/ai.md,
the speed table); what the final scoring would pay as the board stands carries the rest.
Depth buys strength here: on the same 30 three-player games against two greedy seats,
`medium` won 63% with rollouts of 6 and 80% with 12."""

STRENGTHS = {"hard": {"rollout_depth": {3: 16, 4: 16, 5: 12}}}
"""``hard`` rolls out twice as deep as :data:`ROLLOUT_DEPTH`: about two builds where the
others see one. A decision offers about eight moves (one offer of each effect), which
``medium``'s 1,000 iterations already weigh, so 8,000 at the same depth bought little
(59.8% above ``medium``, docs/ai.md) and 12,000 nothing more; what the extra time buys is a
look past the next build, as in Amyitis (at equal iterations, rollouts of 16 placed
``medium`` above the standard ``medium`` in 53.4% of 102 three-player games, +3.5 points).
It thinks 3 to 5 s a decision on two cores (6.9 s at the longest measured), inside its 8 s
cap."""

SCORE_SCALE = 10.0  # points of lead that make a position about 3:1 in evaluate()
CARD_VALUE = 0.6  # a building card in hand, in points
PIECE_VALUE = 0.5  # a piece of value 1 on an incomplete wonder, in points, before majorities
NOISE = 0.35  # how far the rollout policy strays from its own ranking


def tiebreak(state: TowerState, seat: int, action: TowerAction) -> float:
    """What ``action`` promises ``seat`` beyond the points it scores at once."""
    return action_priors(state, seat, (action,))[0]


def action_prior(state: TowerState, seat: int, action: TowerAction) -> float:
    return action_priors(state, seat, (action,))[0]


def action_priors(state: TowerState, seat: int, actions: Sequence[TowerAction]) -> list[float]:
    """:func:`tiebreak` of each of ``actions`` (one pass, shared lookups: the seat's disc
    sets and each wonder's standing are worked out once however many actions ask)."""
    out = []
    builds: dict[int, float] = {}
    standings: dict[int, tuple[list[int], tuple[int, int], float, float]] = {}  # by wonder
    gains: list[int] | None = None  # the seat's disc-set gains by type, once any action asks
    offer_terms: tuple[tuple[int, int, int, int], float] | None = None  # need, exchange value
    for action in actions:
        kind = action.kind
        if kind == PASS:
            out.append(0.4)
        elif kind == BUILD:
            value = builds.get(action.space)
            if value is None:
                if gains is None:
                    gains = _disc_gains(state, seat)
                value = builds[action.space] = _build_value(
                    state, seat, action.space, gains, standings
                )
            out.append(value)
        elif kind == OFFER:
            if offer_terms is None:  # shared by the hundreds of offers a big hand allows
                gain = _set_gain(state, _disc_gains(state, seat), state.disc)
                offer_terms = (state.need(), 0.3 * gain - 0.5)
            need, exchange_value = offer_terms
            cards = action.cards
            matching = 0
            for t in range(4):
                if need[t]:
                    matching += cards[t]
            value = 0.8 * matching - 0.6 * (sum(cards) - matching)
            out.append(value + exchange_value if action.exchange else value)
        elif kind == ACCEPT:
            out.append(_accept_value(state, action))
        elif kind == GIVE_UP:
            out.append(-1.0 - _rejected_points(state, 0))
        elif kind == TRIPLE:
            matching = sum(state.offer_cards[4 * seat : 4 * seat + 4])
            out.append(2.0 * matching - 1.0)
        elif kind == DOUBLE:
            out.append(1.0)
        elif kind == DRAW_THREE:
            out.append(1.5)
        elif kind == TRADE:
            out.append(_trade_value(state, action))
        else:  # no triple bonus, no double turn
            out.append(0.0)
    return out


def _shown_types(state: TowerState) -> list[int]:
    """Per type, the cards the discs still on the board ask for."""
    needs = state.game.disc_needs
    shown = [0, 0, 0, 0]
    for disc in state.space_disc:
        if disc != NO_DISC:
            need = needs[disc]
            for t in range(4):
                shown[t] += need[t]
    return shown


@functools.lru_cache(maxsize=8)
def _first_types(needs: tuple[tuple[int, int, int, int], ...]) -> tuple[int, ...]:
    """Per disc, the type it counts for in :func:`_disc_gains`: its first type (a two-type
    disc counts for its first type here: close enough)."""
    return tuple(next(t for t in range(4) if need[t]) for need in needs)


@functools.lru_cache(maxsize=8)
def _need_types(needs: tuple[tuple[int, int, int, int], ...]) -> tuple[tuple[int, ...], ...]:
    """Per disc, the types of card it asks for."""
    return tuple(tuple(t for t in range(4) if need[t]) for need in needs)


def _disc_gains(state: TowerState, seat: int) -> list[int]:
    """Per type, what one more disc of it adds to the seat's disc-set bonus, counting the
    discs it owns as the set bonus does. Worked out once per list of actions weighed."""
    counts = [0, 0, 0, 0]
    for d, t in enumerate(_first_types(state.game.disc_needs)):
        if state.disc_owner[d] == seat:
            counts[t] += 1
    bonus = state.game.data.set_bonus
    return [bonus(c + 1) - bonus(c) for c in counts]


def _set_gain(state: TowerState, gains: list[int], disc: int) -> int:
    """How much ``disc`` adds to the disc-set bonus of a seat with these :func:`_disc_gains`
    (a two-type disc: the better of its types)."""
    best = -1 << 30
    for t in _need_types(state.game.disc_needs)[disc]:
        if gains[t] > best:
            best = gains[t]
    return best


def _standing(
    state: TowerState, seat: int, wonder: int
) -> tuple[list[int], tuple[int, int], float, float]:
    """What :func:`_build_value` needs of a wonder, the same for every space of it: the
    pieces' values there, the row it would be scored on, how safe a standing there is (sure
    when at most one disc is left), and the seat's expected points as it stands."""
    data = state.game.data
    n = state.n
    values = state.pieces[wonder * n : wonder * n + n]
    per = state.game.spaces_per_wonder
    left = sum(1 for d in state.space_disc[wonder * per : wonder * per + per] if d != NO_DISC)
    row = data.rows[min(state.marker, len(data.rows) - 1)]
    safety = 1.0 if left <= 1 else 0.6
    before = seat_points(values, seat, row, data.participation) * safety
    return values, row, safety, before


def seat_points(values: Sequence[int], seat: int, row: tuple[int, int], participation: int) -> int:
    """``wonder_points(values, row, participation)[seat]`` without the other seats' points:
    the prior asks it for every space a rollout step weighs."""
    mine = values[seat]
    if mine <= 0:
        return 0
    top = max(values)
    if mine == top:
        return row[1] if values.count(top) > 1 else row[0]
    if values.count(top) > 1:  # a tie for the lead pays nobody else more than participation
        return participation
    runner = max(v for v in values if v < top)
    if mine == runner and values.count(runner) == 1:
        return row[1]
    return participation


def _build_value(
    state: TowerState,
    seat: int,
    space: int,
    gains: list[int],
    standings: dict[int, tuple[list[int], tuple[int, int], float, float]],
) -> float:
    disc = state.space_disc[space]
    need = state.game.disc_needs[disc]
    total = need[0] + need[1] + need[2] + need[3]
    if total > state.supply[seat]:
        return -3.0
    h = 4 * seat
    hand = state.hand
    missing = 0
    for t in range(4):
        short = need[t] - hand[h + t]
        if short > 0:
            missing += short
    gain = _set_gain(state, gains, disc)
    if missing:
        # opponents might fill the gap, but each card they do not give is their point
        return 0.2 * gain - 0.9 * missing
    wonder = space // state.game.spaces_per_wonder
    standing = standings.get(wonder)
    if standing is None:
        standing = standings[wonder] = _standing(state, seat, wonder)
    values, row, safety, before = standing
    values[seat] += total
    after = seat_points(values, seat, row, state.game.data.participation) * safety
    values[seat] -= total
    return 2.0 + 0.35 * gain + 0.5 * (after - before) - 0.15 * total


def _rejected_points(state: TowerState, accepted: int) -> int:
    """Points the offers not in ``accepted`` would score (one per matching card)."""
    total = 0
    for s in range(state.n):
        if not accepted >> s & 1:
            total += sum(state.offer_cards[4 * s : 4 * s + 4])
    return total


def _accept_value(state: TowerState, action: TowerAction) -> float:
    active = state.active
    need = state.need()
    remaining = sum(need)
    value = 0.0
    exchange = False
    for s in action.seats:
        cards = sum(state.offer_cards[4 * s : 4 * s + 4])
        remaining -= cards
        if state.offer_exchange[s]:
            exchange = True
            value += PIECE_VALUE * cards  # their cards become my pieces ...
        else:
            value += 0.3 * cards  # cards of mine saved, points denied, pieces given
    value -= 0.5 * _rejected_points(state, action.mask | 1 << active)
    value += PIECE_VALUE * remaining
    if exchange:  # ... but the disc is gone
        value -= 2.0 + 0.4 * _set_gain(state, _disc_gains(state, active), state.disc)
    value -= 0.4 * action.joker_count
    return value


def _trade_value(state: TowerState, action: TowerAction) -> float:
    shown = _shown_types(state)
    return sum(c * (0.5 if not shown[t] else -0.3) for t, c in enumerate(action.cards))


# ----------------------------------------------------------------------------- search


def rollout_action(state: TowerState, rng: Rng) -> TowerAction:
    """A quick, sensible move: the best by :func:`action_priors`, with a little noise, of
    the legal actions; offers are built from matching cards only, never listed in full."""
    seat = state.current_player
    if state.phase == PHASE_OFFER:
        candidates = _natural_offers(state, seat)
    elif state.phase == PHASE_CHOOSE:
        table = state.game.actions
        candidates = [table.pass_]
        candidates += [table.build[s] for s, d in enumerate(state.space_disc) if d != NO_DISC]
    else:
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


def search_actions(state: TowerState) -> list[TowerAction] | None:
    """The moves a search node considers: in the offer round, the offers of matching cards
    (:func:`_natural_offers`), as the rollouts play them, not the hundreds a big hand
    allows; elsewhere every legal move. The root weighs the same list, as the game's
    ``distinct_actions``: every other offer adds bluff cards, which go back to their owner
    at the reveal and count for nothing, to one of these (or to nothing at all: an offer
    without a matching card can be neither accepted nor scored, rules §5), so it does
    exactly what that one does."""
    if state.phase == PHASE_OFFER:
        return _natural_offers(state, state.current_player)
    return None


def _natural_offers(state: TowerState, seat: int) -> list[TowerAction]:
    """Offers of matching cards only (none, one, ... up to every card the caps allow), with
    and without the exchange card: the offers worth considering."""
    need = state.need()
    table = state.game.actions
    hand = state.hand[4 * seat : 4 * seat + 4]
    supply = state.supply[seat]
    types = [t for t in range(4) if need[t]]
    limits = [min(hand[t], need[t]) for t in types]
    out = [table.offer[(0, 0, 0, 0), False]]
    exchange = state.exchange_in_hand[seat]
    if len(types) == 1:
        t = types[0]
        for c in range(1, min(limits[0], supply) + 1):
            counts = [0, 0, 0, 0]
            counts[t] = c
            key = (counts[0], counts[1], counts[2], counts[3])
            out.append(table.offer[key, False])
            if exchange:
                out.append(table.offer[key, True])
        return out
    a, b = types
    for ca in range(limits[0] + 1):
        for cb in range(limits[1] + 1):
            if not ca + cb or ca + cb > supply:
                continue
            counts = [0, 0, 0, 0]
            counts[a] = ca
            counts[b] = cb
            key = (counts[0], counts[1], counts[2], counts[3])
            out.append(table.offer[key, False])
            if exchange:
                out.append(table.offer[key, True])
    return out


def position_values(state: TowerState) -> list[float]:
    """Per seat: points so far plus what the final scoring would pay if the game ended now
    (incomplete wonders on the final row, disc sets, five_points and disc_bonus cards), and
    a little for cards in hand."""
    game = state.game
    data = game.data
    n = state.n
    values = [float(s) for s in state.score]
    if state.final_parts is not None:
        return values
    for wonder in range(game.num_wonders):
        if state.done_mask >> wonder & 1:
            continue
        pieces = state.pieces[wonder * n : wonder * n + n]
        if any(pieces):
            for seat, points in enumerate(
                wonder_points(pieces, data.final_row, data.participation)
            ):
                values[seat] += 0.7 * points
    for seat in range(n):
        values[seat] += set_bonus(state, seat)[0]
        held = state.actions_held
        values[seat] += held[7 * seat + FIVE_POINTS] * data.five_points_vp
        discs = sum(1 for owner in state.disc_owner if owner == seat)
        values[seat] += held[7 * seat + DISC_BONUS] * discs * data.disc_bonus_vp
        values[seat] += CARD_VALUE * sum(state.hand[4 * seat : 4 * seat + 4])
    return values


def evaluate(state: TowerState) -> list[float]:
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
    rollout_action=rollout_action, evaluate=evaluate, search_actions=search_actions,
    distinct_actions=search_actions,  # the short list is also one offer of each effect
    strengths=STRENGTHS,
    # Offers are secret: statistics the other seats gather in the searcher's sampled worlds
    # are those of players who see its hand, and they drag its values down as the tree
    # deepens (docs/ai.md); the rollout policy plays them instead.
    policy_opponents=True,
)  # fmt: skip
