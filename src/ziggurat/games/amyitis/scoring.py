"""Where Amyitis's prestige points come from, and who wins: every point the game hands out.

Points are kept twice: the total (``state.vp``) and by source (``state.points``, see
:data:`POINT_SOURCES`) for the score breakdown of views, logs and the final table. The rest
is majorities, which decide points and rewards alike: the temples' places (Ishtar's camel
or talent, Marduk's points, Tammouz's field cube and exchange, rules reference §6.4), a
field row's Gardener (§6.2), the irrigation majority around a planted square (§6.3); then
the bankers' income (§6.1), the final scoring (§7) and the tie-breaks.

Like :mod:`.rules`, this module works on a state it is handed; the round flow in
:mod:`.rules` decides when each scoring happens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import BANKER, MARDUK
from .phases import PHASE_OVER

if TYPE_CHECKING:
    from .state import AmyitisState

POINT_SOURCES = (
    "engineers",
    "babylon",
    "palaces",
    "marduk",
    "tiles",
    "majorities",
    "bankers",
    "amyitis",
    "leftover",
)
"""Where prestige points come from, for the score breakdown of views and logs."""
(
    ENGINEERS,
    BABYLON_POINTS,
    PALACES,
    MARDUK_POINTS,
    TILES,
    MAJORITIES,
    BANKERS,
    AMYITIS,
    LEFTOVER,
) = range(len(POINT_SOURCES))
SOURCE_COUNT = len(POINT_SOURCES)
"""The stride of ``state.points``: seat ``s``'s points from source ``k`` are at
``s * SOURCE_COUNT + k``."""


def add_points(state: AmyitisState, seat: int, points: int, source: int) -> None:
    """``points`` to ``seat``, kept by ``source`` too (``POINT_SOURCES``) for the breakdown."""
    if points:
        state.vp[seat] += points
        state.points[seat * SOURCE_COUNT + source] += points


# ---------------------------------------------------------------- majorities


def majority(n: int, owners: list[int], rightmost: bool, places: int) -> list[int]:
    """The first ``places`` of the ``n`` seats ranked by cubes among ``owners`` (grey cubes
    ignored); ties by the rightmost cube, or (``rightmost`` false) a tied place goes to
    nobody (-1). Missing places are -1."""
    counts = [0] * n
    right = [-1] * n
    for position, owner in enumerate(owners):
        if owner < n:
            counts[owner] += 1
            right[owner] = position
    present = [s for s in range(n) if counts[s]]
    present.sort(key=lambda s: (counts[s], right[s]), reverse=True)
    if rightmost:
        ranked = present
    else:
        ranked = []
        for s in present:
            tied = sum(1 for t in present if counts[t] == counts[s])
            ranked.append(s if tied == 1 else -1)
    ranked = ranked[:places]
    return ranked + [-1] * (places - len(ranked))


def field_majority(state: AmyitisState, row: int) -> int:
    """Who holds most cubes in field ``row`` (tie: rightmost cube, or nobody), or -1: the
    seat that takes a Gardener when the row is completed (§6.2)."""
    return majority(state.n, state.fields[row], state.game.data.field_tie_rightmost, 1)[0]


def temple_ranks(state: AmyitisState, temple: int) -> list[int]:
    """1st and 2nd of ``temple`` (-1: nobody), who take its rewards at the procession
    (§6.4); with 2 players no 2nd (Q23)."""
    data = state.game.data
    places = data.temple_ranks[state.n]
    ranked = majority(state.n, state.temples[temple], data.temple_tie_rightmost, places)
    return ranked + [-1] * (2 - len(ranked))


def square_leader(state: AmyitisState, square: int) -> int:
    """The one seat with most cubes on the irrigation spaces around ``square`` (grey cubes
    ignored), or -1 when nobody has a cube there or the most are tied (§6.3)."""
    n = state.n
    owners = state.space_owner
    counts = [0] * n
    mask = state.game.data.square_spaces[square]
    while mask:
        low = mask & -mask
        owner = owners[low.bit_length() - 1]
        if 0 <= owner < n:
            counts[owner] += 1
        mask ^= low
    top = max(counts)
    if top and counts.count(top) == 1:
        return counts.index(top)
    return -1


def planting_majority(state: AmyitisState, square: int, quality: int) -> tuple[int, int]:
    """The irrigation majority around a square just planted scores the plant's printed
    quality (or, by the data's alternative reading, the square's floor) (§6.3). Returns
    ``(leader or -1, points)`` for the rules' event."""
    leader = square_leader(state, square)
    if leader < 0:
        return -1, 0
    data = state.game.data
    points = quality if data.majority_by_quality else data.square_floor[square]
    add_points(state, leader, points, MAJORITIES)
    return leader, points


def marduk_points(state: AmyitisState) -> tuple[int, int, tuple[int, ...]]:
    """Marduk's 1st and 2nd score the data's points at the procession (§6.4). Returns
    ``(1st, 2nd, points per seat)`` (-1: nobody) for the rules' event."""
    first, second = temple_ranks(state, MARDUK)
    gained = [0] * state.n
    for who, points in zip((first, second), state.game.data.marduk_vp, strict=True):
        if who >= 0:
            add_points(state, who, points, MARDUK_POINTS)
            gained[who] += points
    return first, second, tuple(gained)


# ---------------------------------------------------------------- income and the end


def pay_bankers(state: AmyitisState) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """Each Banker card's income at the start of a round: talents and points by level (§6.1).
    Returns ``(talents per seat, points per seat)`` for the rules' event, None when no seat
    holds a Banker."""
    income = state.game.data.banker_income
    levels = state.levels
    n = state.n
    talents_paid: list[int] | None = None
    points_paid = [0] * n
    for seat in range(n):
        level = levels[3 * seat + BANKER]
        if level:
            talents, points = income[level - 1]
            state.talents[seat] += talents
            add_points(state, seat, points, BANKERS)
            if talents_paid is None:
                talents_paid = [0] * n
            talents_paid[seat] = talents
            points_paid[seat] = points
    if talents_paid is None:
        return None
    return tuple(talents_paid), tuple(points_paid)


def final_scoring(state: AmyitisState) -> None:
    """Final scoring (§7): the Amyitis bonus by garden tiles owned, and points per resource
    left; each seat's pair is kept in ``state.end_bonus`` for the final table."""
    data = state.game.data
    steps = data.amyitis_bonus[state.n]
    state.end_bonus = []
    for seat in range(state.n):
        owned = len(state.tiles[seat])
        bonus = 0
        for threshold, points in steps:
            if owned >= threshold:
                bonus = points
        leftover = state.resources_held(seat) * data.vp_per_leftover
        add_points(state, seat, bonus, AMYITIS)
        add_points(state, seat, leftover, LEFTOVER)
        state.end_bonus.append((bonus, leftover))


def _ranking_keys(state: AmyitisState) -> list[list[int]]:
    """Each seat's points, then its values for the data's tie-breaks, in order."""
    keys = []
    for seat in range(state.n):
        key = [state.vp[seat]]
        for rule in state.game.data.tiebreak:
            key.append(len(state.tiles[seat]) if rule == "garden_tiles" else state.talents[seat])
        keys.append(key)
    return keys


def winners(state: AmyitisState) -> list[int]:
    """Most points; ties by the data's tie-break (garden tiles, then talents), then shared.
    Nobody before the end."""
    if state.phase != PHASE_OVER:
        return []
    keys = _ranking_keys(state)
    best = max(keys)
    return [s for s in range(state.n) if keys[s] == best]


def decided_by(state: AmyitisState) -> str:
    """What decided the winners (for the end's event): ``"points"`` when one seat has the
    most, the name of the data's tie-break that left one seat ahead, or ``"shared"`` when
    the tie-breaks leave several."""
    keys = _ranking_keys(state)
    rules = ("points", *state.game.data.tiebreak)
    for depth, rule in enumerate(rules, start=1):
        best = max(k[:depth] for k in keys)
        if sum(1 for k in keys if k[:depth] == best) == 1:
            return rule
    return "shared"
