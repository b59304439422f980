"""Wonder scoring (rules §7), the end of the game (§9.1) and the final scoring (§9.2-§9.3).

Only piece *value* counts on a wonder. The row under the scoring marker pays its high value
to a unique leader and its low value to a unique second; everyone else with pieces there
scores the participation points. A tie for the lead pays each tied player the low value and
nobody the high one; a tie for second pays the tied players participation points only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import events
from .components import DISC_BONUS, FIVE_POINTS, TYPES
from .phases import NO_DISC, PHASE_OVER

if TYPE_CHECKING:
    from .state import TowerState


def wonder_points(values: Sequence[int], row: tuple[int, int], participation: int) -> list[int]:
    """Points per seat for a wonder with ``values`` of pieces, scored on ``row``."""
    first, second = row
    points = [participation if v > 0 else 0 for v in values]
    top = max(values)
    if top <= 0:
        return points
    leaders = [s for s, v in enumerate(values) if v == top]
    if len(leaders) > 1:
        for s in leaders:
            points[s] = second
        return points
    points[leaders[0]] = first
    runner = max((v for v in values if v < top), default=0)
    if runner > 0:
        seconds = [s for s, v in enumerate(values) if v == runner]
        if len(seconds) == 1:
            points[seconds[0]] = second
    return points


def wonder_values(state: TowerState, wonder: int) -> list[int]:
    n = state.n
    return state.pieces[wonder * n : wonder * n + n]


def complete_wonder(state: TowerState, wonder: int) -> None:
    """The wonder's last disc was taken: score it on the marker's row, move the marker down,
    the active player draws an action card, and every piece there goes home."""
    game = state.game
    data = game.data
    n = state.n
    values = wonder_values(state, wonder)
    row = min(state.marker, len(data.rows) - 1)
    points = wonder_points(values, data.rows[row], data.participation)
    for seat in range(n):
        state.score[seat] += points[seat]
    state.last_wonder = (wonder, state.marker, tuple(points))
    state.events += ((events.WONDER_COMPLETED, wonder, row, state.last_wonder[2]),)
    state.marker += 1
    if game.action_cards:
        drawn = 0
        for _ in range(data.action_per_completion):
            if state.action_pile:
                state.actions_held[7 * state.active + state.action_pile.pop()] += 1
                drawn += 1
        if drawn:
            state.events += ((events.ACTION_CARDS_DRAWN, state.active, drawn),)
    for seat in range(n):
        state.supply[seat] += values[seat]
        state.pieces[wonder * n + seat] = 0
    state.done_mask |= 1 << wonder


def types_shown(state: TowerState) -> list[bool]:
    """For each building type: does a disc left on the board show it?"""
    needs = state.game.disc_needs
    shown = [False, False, False, False]
    for disc in state.space_disc:
        if disc != NO_DISC:
            need = needs[disc]
            for t in range(4):
                if need[t]:
                    shown[t] = True
    return shown


def type_exhausted(state: TowerState) -> bool:
    """Is some building type shown on no disc left on the board? (The game then ends.)"""
    return not all(types_shown(state))


def set_bonus(state: TowerState, seat: int) -> tuple[int, list[int], list[tuple[int, str]]]:
    """The seat's disc-set bonus with the best assignment of its two-type discs: (points,
    discs by type, [(two-type disc, type it counts as)])."""
    game = state.game
    data = game.data
    counts = [0, 0, 0, 0]
    doubles = []
    for disc, owner in enumerate(state.disc_owner):
        if owner != seat:
            continue
        types = [t for t in range(4) if game.disc_needs[disc][t]]
        if len(types) == 1:
            counts[types[0]] += 1
        else:
            doubles.append((disc, types))
    best: tuple[int, list[int], list[tuple[int, str]]] | None = None
    for choice in range(1 << len(doubles)):
        trial = counts[:]
        assignment = []
        for i, (disc, types) in enumerate(doubles):
            t = types[choice >> i & 1]
            trial[t] += 1
            assignment.append((disc, TYPES[t]))
        points = sum(data.set_bonus(c) for c in trial)
        if best is None or points > best[0]:
            best = (points, trial, assignment)
    assert best is not None
    return best


def final_scoring(state: TowerState, why: str) -> None:
    """Incomplete wonders on the final row, the disc-set bonus, then five_points and
    disc_bonus cards (rules §9.2 steps 3-5); the game is over. ``why`` it ends: a type gone
    from the discs or the safeguard (``events.WHY_*``), for the event."""
    game = state.game
    data = game.data
    n = state.n
    parts: list[dict[str, Any]] = [
        {"wonders": 0, "set_bonus": 0, "five_points": 0, "disc_bonus": 0, "assignment": []}
        for _ in range(n)
    ]
    for wonder in range(game.num_wonders):
        if state.done_mask >> wonder & 1:
            continue
        values = wonder_values(state, wonder)
        for seat, points in enumerate(wonder_points(values, data.final_row, data.participation)):
            parts[seat]["wonders"] += points
    for seat in range(n):
        bonus, _counts, assignment = set_bonus(state, seat)
        part = parts[seat]
        part["set_bonus"] = bonus
        part["assignment"] = [[disc, t] for disc, t in assignment]
        part["five_points"] = state.actions_held[7 * seat + FIVE_POINTS] * data.five_points_vp
        discs = sum(1 for owner in state.disc_owner if owner == seat)
        part["disc_bonus"] = state.actions_held[7 * seat + DISC_BONUS] * discs * data.disc_bonus_vp
        state.score[seat] += (
            part["wonders"] + part["set_bonus"] + part["five_points"] + part["disc_bonus"]
        )
    state.final_parts = parts
    state.phase = PHASE_OVER
    shown = types_shown(state)
    gone = () if why == events.WHY_SAFEGUARD else tuple(t for t in range(4) if not shown[t])
    final = tuple((p["wonders"], p["set_bonus"], p["five_points"], p["disc_bonus"]) for p in parts)
    state.events += ((events.GAME_OVER, why, gone, final, tuple(state.winners())),)
