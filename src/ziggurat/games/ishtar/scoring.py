"""Final scoring (rules reference §13): tree cards, flowers in the flowerbeds each player
controls, fountain control by flower spaces, and the upper skills.

The same count serves as the running score during play (what the game would give if it
ended now), which is what bots evaluate and what the table shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ziggurat.core.hexgrid import bit_list

from .components import (
    END_EFFECTS,
    VP_PER_ASSISTANT,
    VP_PER_FOUNTAIN,
    VP_PER_GEM_ON_BOARD,
    VP_PER_TREE_CARD,
    VP_PER_TREE_NEXT_TO_BED,
)

if TYPE_CHECKING:
    from .state import IshtarState

PARTS = ("trees", "flowers", "fountains", "skills")


def flowerbeds(state: IshtarState) -> list[tuple[int, int]]:
    """Every flowerbed as ``(hexes, owner)``; the owner is -1 when no assistant stands in it."""
    grid = state.game.grid
    out = []
    for bed in grid.components(state.flower_mask):
        owner = -1
        if bed & state.assistants_all:
            for seat, mask in enumerate(state.assistants):
                if bed & mask:
                    owner = seat
                    break
        out.append((bed, owner))
    return out


def fountain_control(state: IshtarState, beds: list[tuple[int, int]]) -> list[list[int]]:
    """For each fountain, the seats that control it: the most flower spaces in controlled
    flowerbeds of its gardens, ties shared, nobody when no bed there is controlled."""
    out = []
    n = state.n
    for reach in state.reach:
        spaces = [0] * n
        for bed, owner in beds:
            if owner >= 0 and bed & reach:
                spaces[owner] += bed.bit_count()
        best = max(spaces)
        out.append([s for s in range(n) if best and spaces[s] == best])
    return out


def beds_and_control(state: IshtarState) -> tuple[list[tuple[int, int]], list[list[int]]]:
    """:func:`flowerbeds` and :func:`fountain_control`, kept with the map's placement facts
    (``state.map_context()``), which a tile, a token or an assistant renews: a search scores
    many positions on one map."""
    context = state.map_context()
    known = context.scoring
    if known is None:
        beds = flowerbeds(state)
        known = context.scoring = (beds, fountain_control(state, beds))
    return known


def breakdown(state: IshtarState) -> list[dict[str, int]]:
    """Points per seat by part (:data:`PARTS`) plus ``total``."""
    game = state.game
    data = game.data
    n = state.n
    beds, control = beds_and_control(state)
    owned = [0] * n
    flowers = [0] * n
    counts = state.flowers
    for bed, owner in beds:
        if owner >= 0:
            owned[owner] |= bed
            flowers[owner] += sum(counts[b] for b in bit_list(bed))
    fountains = [0] * n
    controlled = [0] * n
    for f, seats in enumerate(control):
        vp = data.fountain_vp[state.terrain.fountain_colour[f]]
        for seat in seats:
            fountains[seat] += vp
            controlled[seat] += 1
    out = []
    skills_per_seat = len(data.skill_ids)
    for seat in range(n):
        trees = sum(data.card_vp[c] for c in state.piles[seat])
        skill_vp = 0
        base = seat * skills_per_seat
        for i in range(skills_per_seat):
            effect = data.skill_effect[i]
            if state.skill_turn[base + i] < 0 or effect not in END_EFFECTS:
                continue
            amount = data.skill_amount[i]
            if effect == VP_PER_ASSISTANT:
                skill_vp += amount * state.assistants[seat].bit_count()
            elif effect == VP_PER_FOUNTAIN:
                skill_vp += amount * controlled[seat]
            elif effect == VP_PER_TREE_NEXT_TO_BED:
                near = game.grid.dilate(owned[seat])
                skill_vp += amount * (near & state.tree_mask).bit_count()
            elif effect == VP_PER_TREE_CARD:
                skill_vp += amount * len(state.piles[seat])
            elif effect == VP_PER_GEM_ON_BOARD:
                per_gem = data.skill_per_gem[i]
                on_board = state.board_gems[3 * seat : 3 * seat + 3]
                skill_vp += sum(per_gem[c] * on_board[c] for c in range(3))
        parts = {
            "trees": trees,
            "flowers": flowers[seat],
            "fountains": fountains[seat],
            "skills": skill_vp,
        }
        parts["total"] = sum(parts.values())
        out.append(parts)
    return out


def totals(state: IshtarState) -> list[int]:
    return [parts["total"] for parts in breakdown(state)]


def public_breakdown(state: IshtarState, viewer: int | None) -> list[dict[str, Any]]:
    """:func:`breakdown` as ``viewer`` may see it: another seat's tree cards lie face down
    (rulings), so until the game ends their points show as ``None`` and the total leaves
    them out."""
    parts = breakdown(state)
    if state.is_terminal():
        return [dict(p) for p in parts]
    out: list[dict[str, Any]] = []
    for seat, p in enumerate(parts):
        shown: dict[str, Any] = dict(p)
        if seat != viewer:
            shown["trees"] = None
            shown["total"] = p["total"] - p["trees"]
        out.append(shown)
    return out
