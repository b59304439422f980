"""Which moves are legal: the watering can, tile placements, special actions, blooming
tokens and trees (rules reference §11, §7, §8, §12).

Every test on the map is a few operations on bitsets (:class:`~ziggurat.core.hexgrid.
AxialGrid`): a tile's footprint is tested at every anchor at once by shifting the mask of
free hexes, and only the anchors that survive are looked at one by one for the two rules
that need the gardens and flowerbeds around them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ziggurat.core.hexgrid import axial_rotate, bit_list

from .actions import (
    ASSISTANT,
    BLOOM,
    BUY,
    DISCARD,
    END_TURN,
    NO_ACTION,
    PLACE,
    PLANT,
    RESERVE,
    SKILL,
    STOP_BLOOM,
    TAKE,
    IshtarAction,
    gems_text,
    payments,
)
from .components import ASSISTANT_ICON, SKILL_ICON, WILD_ICON

if TYPE_CHECKING:
    from ziggurat.core.rng import Rng

    from .state import IshtarState

(
    PHASE_CHOOSE,
    PHASE_PLACE,
    PHASE_ACTION,
    PHASE_BLOOM,
    PHASE_RESERVE,
    PHASE_TREES,
    PHASE_PLANT,
    PHASE_OVER,
) = range(8)
PHASE_NAMES = ("choose", "place", "action", "bloom", "reserve", "trees", "plant", "over")


# ---------------------------------------------------------------------------- the map


def one_fountain(state: IshtarState, cells: int) -> bool:
    """Rules 2 and 3 of step 2: ``cells`` touch a fountain or a tile, and everything they
    touch belongs to one fountain (its own hex or a garden of it)."""
    around = state.game.grid.dilate(cells)
    found = False
    for reach in state.reach:
        if around & reach:
            if found:
                return False
            found = True
    return found


def keeps_one_assistant(state: IshtarState, new_flowers: int) -> bool:
    """Rule 4 of step 2 (and §7 for tokens): once ``new_flowers`` bloom, no flowerbed holds
    two or more assistants."""
    helpers = state.assistants_all
    if not new_flowers or not helpers:
        return True
    grid = state.game.grid
    beds = state.flower_mask | new_flowers
    joined = grid.flood(new_flowers, beds)
    if (joined & helpers).bit_count() <= 1:
        return True
    while new_flowers:  # the new flowers may sit in separate beds: look at each bed alone
        bed = grid.flood(new_flowers & -new_flowers, beds)
        if (bed & helpers).bit_count() > 1:
            return False
        new_flowers &= ~bed
    return True


class MapContext:
    """What placement checks share while the map stands still: the free hexes, each
    fountain's zone (hexes next to it or to its gardens), the claimed flowerbeds and, per
    seat, the hexes next to its beds. Kept by the state (:meth:`~.state.IshtarState.
    map_context`), and shared by its clones, until a tile, token or assistant changes the
    map; its facts never change (the anchor cache only fills in, with facts of this map)."""

    __slots__ = ("anchor_cache", "claimed_zone", "claimed_zones", "free", "seat_zones", "zones")

    def __init__(self, state: IshtarState) -> None:
        grid = state.game.grid
        self.free = state.terrain.coverable & ~state.tile_mask
        self.zones = [grid.dilate(reach) & self.free for reach in state.reach]
        self.claimed_zones: list[int] = []
        self.claimed_zone = 0
        self.seat_zones = [0] * state.n
        beds = state.flower_mask
        for seat, helpers in enumerate(state.assistants):
            while helpers:
                bed = grid.flood(helpers & -helpers, beds)
                zone = grid.dilate(bed)
                self.claimed_zones.append(zone)
                self.claimed_zone |= zone
                self.seat_zones[seat] |= zone
                helpers &= ~bed
        self.anchor_cache: dict[int, list[tuple[int, int, int, tuple[int, ...]]]] = {}

    def joins_two_claimed(self, state: IshtarState, flowers: int) -> bool:
        """Would ``flowers`` (new flower hexes next to a claimed bed) put two assistants in
        one flowerbed? Exact: beds touched by separate new flowers stay apart."""
        touched = 0
        for zone in self.claimed_zones:
            if zone & flowers:
                touched += 1
        if touched <= 1:
            return False
        return not keeps_one_assistant(state, flowers)


def _down(mask: int, delta: int, all_mask: int) -> int:
    """``mask`` moved by ``-delta`` bits: bit ``a`` of the result is bit ``a + delta``."""
    return mask >> delta if delta >= 0 else (mask << -delta) & all_mask


def anchor_sets(
    state: IshtarState, tile: int, context: MapContext | None = None
) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """Per listed rotation of ``tile``: ``(rotation, anchors, risky, flower steps)``.

    ``anchors`` holds every anchor where rules 1-3 of step 2 hold (the three hexes free, and
    touching the zone of exactly one fountain), found for all anchors at once by shifts;
    ``risky`` the anchors among them whose new flowers lie next to a claimed flowerbed, the
    only ones rule 4 must still look at one by one. Cached per map and tile.
    """
    ctx = context or state.map_context()
    cached = ctx.anchor_cache.get(tile)
    if cached is not None:
        return cached
    all_mask = state.game.grid.all_mask
    free = ctx.free
    zones = ctx.zones
    claimed_zone = ctx.claimed_zone
    out = []
    for k, d1, d2, flower_deltas in state.game.tile_rotations[tile]:
        anchors = free & _down(free, d1, all_mask) & _down(free, d2, all_mask)
        if not anchors:
            continue
        once = twice = 0
        for zone in zones:
            if zone:
                near = (zone | _down(zone, d1, all_mask) | _down(zone, d2, all_mask)) & anchors
                twice |= once & near
                once |= near
        anchors = once & ~twice
        if not anchors:
            continue
        risky = 0
        if claimed_zone:
            for delta in flower_deltas:
                risky |= _down(claimed_zone, delta, all_mask)
            risky &= anchors
        out.append((k, anchors, risky, flower_deltas))
    ctx.anchor_cache[tile] = out
    return out


def _rule_four_ok(
    state: IshtarState, ctx: MapContext, anchor: int, flower_deltas: tuple[int, ...]
) -> bool:
    flowers = 0
    for delta in flower_deltas:
        flowers |= 1 << (anchor + delta)
    return not ctx.joins_two_claimed(state, flowers)


def placements(
    state: IshtarState, tile: int, *, first_only: bool = False, context: MapContext | None = None
) -> list[tuple[int, int]]:
    """Every legal ``(anchor bit, rotation)`` for ``tile``, one per distinct result (§3.4),
    from :func:`anchor_sets`."""
    ctx = context or state.map_context()
    out: list[tuple[int, int]] = []
    for k, anchors, risky, flower_deltas in anchor_sets(state, tile, ctx):
        if first_only:
            safe = anchors & ~risky
            if safe:
                return [((safe & -safe).bit_length() - 1, k)]
            anchors = risky
        for a in bit_list(anchors):
            if risky >> a & 1 and not _rule_four_ok(state, ctx, a, flower_deltas):
                continue
            out.append((a, k))
            if first_only:
                return out
    return out


def placement_ok(state: IshtarState, tile: int, anchor: int, rotation: int) -> bool:
    """Is ``place <anchor> r<rotation>`` legal for ``tile``? One placement, checked alone
    (the listed rotations only, as :func:`placements` lists them)."""
    info = state.game.rotation_info[tile][rotation]
    if info is None:
        return False
    d1, d2, flower_deltas = info
    ctx = state.map_context()
    free = ctx.free
    b1, b2 = anchor + d1, anchor + d2
    if b1 < 0 or b2 < 0 or not (free >> anchor & 1 and free >> b1 & 1 and free >> b2 & 1):
        return False
    cells = (1 << anchor) | (1 << b1) | (1 << b2)
    touched = 0
    for zone in ctx.zones:
        if zone & cells:
            touched += 1
    if touched != 1:
        return False
    flowers = 0
    for delta in flower_deltas:
        flowers |= 1 << (anchor + delta)
    return not (flowers & ctx.claimed_zone and ctx.joins_two_claimed(state, flowers))


def sample_placements(
    state: IshtarState, tile: int, rng: Rng, wanted: int
) -> list[tuple[int, int]]:
    """About ``wanted`` legal placements drawn at random without listing them all: a
    rotation, then the first anchor at or after a random bit (so anchors after a gap are
    likelier; a rollout does not mind). Repeats are possible; empty only if none is legal."""
    sets = anchor_sets(state, tile)
    if not sets:
        return []
    ctx = state.map_context()
    out: list[tuple[int, int]] = []
    for _ in range(2 * wanted):
        k, anchors, risky, flower_deltas = sets[int(rng.random() * len(sets))]
        start = int(rng.random() * anchors.bit_length())
        above = anchors >> start
        a = (
            (above & -above).bit_length() - 1 + start
            if above
            else (anchors & -anchors).bit_length() - 1
        )
        if risky >> a & 1 and not _rule_four_ok(state, ctx, a, flower_deltas):
            continue
        out.append((a, k))
        if len(out) == wanted:
            break
    return out


def can_place(state: IshtarState, tile: int) -> bool:
    return bool(placements(state, tile, first_only=True))


def free_grass(state: IshtarState) -> int:
    """Printed grass of placed tiles with no tree and no blooming token on it."""
    return state.grass_mask & ~state.tree_mask


def token_spots(state: IshtarState, pattern: int) -> list[tuple[int, int]]:
    """Every legal ``(hex, second hex or -1)`` for a token of ``pattern`` (§7)."""
    game = state.game
    grid = game.grid
    grass = free_grass(state)
    out: list[tuple[int, int]] = []
    if not grass:
        return out
    if len(game.patterns[pattern]) == 1:
        for a in bit_list(grass):
            if keeps_one_assistant(state, 1 << a):
                out.append((a, -1))
        return out
    directions = (
        game.direction_deltas[:3] if game.pattern_symmetric[pattern] else game.direction_deltas
    )
    for delta in directions:
        moved = grass >> delta if delta >= 0 else (grass << -delta) & grid.all_mask
        for a in bit_list(grass & moved):
            if keeps_one_assistant(state, (1 << a) | (1 << (a + delta))):
                out.append((a, a + delta))
    return out


def patterns_on_carpet(state: IshtarState) -> list[int]:
    """The token patterns of which at least one token still lies on the carpet."""
    game = state.game
    return [p for p in range(len(game.patterns)) if state.tokens_left(p)]


def can_bloom(state: IshtarState) -> bool:
    return any(token_spots(state, p) for p in patterns_on_carpet(state))


# ---------------------------------------------------------------------------- step 1


def can_route(state: IshtarState) -> list[tuple[int, int]]:
    """``(stack, cost in gems)`` for every stack the can may move to, cheapest first
    (§11 step 1): clockwise from the can, empty stacks skipped, the can's own stack last."""
    stacks = state.stacks
    count = len(stacks)
    if state.can < 0:
        return [(s, 0) for s in range(count) if stacks[s]]
    step = state.game.data.can_step_gems
    free_steps = 1 if state.has_free_step(state.current) else 0
    out = []
    k = 0
    for i in range(1, count + 1):
        s = (state.can + i) % count
        if stacks[s]:
            out.append((s, max(0, k - free_steps) * step))
            k += 1
    return out


def tile_choices(state: IshtarState) -> tuple[list[tuple[int, int]], int]:
    """The affordable stacks whose top tile fits somewhere, and the stack of the forced
    discard (-1 when some tile fits): rulings §11 step 1."""
    held = state.gems_held(state.current)
    route = [(s, cost) for s, cost in can_route(state) if cost <= held]
    fits: dict[int, bool] = {}
    out = []
    context = state.map_context() if route else None
    for s, cost in route:
        tile = state.stacks[s][-1]
        if tile not in fits:
            fits[tile] = bool(placements(state, tile, first_only=True, context=context))
        if fits[tile]:
            out.append((s, cost))
    if out or not route:
        return out, -1
    return out, route[0][0]


def take_ok(state: IshtarState, stack: int, pay: tuple[int, int, int]) -> bool:
    """Is ``take <stack> pay <pay>`` legal? One choice checked alone: the stack on the can's
    route at exactly that cost, the gems held, and its top tile fitting somewhere (which
    also rules out the forced discard)."""
    seat = state.current
    for s, cost in can_route(state):
        if s == stack:
            held = state.gems
            if (
                sum(pay) != cost
                or pay[0] > held[3 * seat]
                or pay[1] > held[3 * seat + 1]
                or pay[2] > held[3 * seat + 2]
            ):
                return False
            return bool(placements(state, state.stacks[stack][-1], first_only=True))
    return False


# ---------------------------------------------------------------------------- step 4


def icon_options(state: IshtarState) -> tuple[bool, bool]:
    """May the current player put an assistant on the icon, and unlock a skill?"""
    icon = state.icon
    seat = state.current
    assistant = (
        icon in (ASSISTANT_ICON, WILD_ICON)
        and state.supply[seat] > 0
        and not (state.bed_of(state.icon_bit) & state.assistants_all)
    )
    skill = icon in (SKILL_ICON, WILD_ICON) and bool(unlockable_skills(state, seat))
    return assistant, skill


def unlockable_skills(state: IshtarState, seat: int) -> list[int]:
    """Skills ``seat`` may unlock now: not yet unlocked, an upper one only above a lower
    one unlocked on an earlier turn, and the gems to pay (§11 step 4)."""
    data = state.game.data
    if state.gems_held(seat) < data.skill_gems:
        return []
    out = []
    base = seat * len(data.skill_ids)
    for i, lower in enumerate(data.skill_lower):
        if state.skill_turn[base + i] >= 0:
            continue
        if lower >= 0:
            unlocked = state.skill_turn[base + lower]
            if unlocked < 0 or unlocked >= state.turn:
                continue
        out.append(i)
    return out


def affordable_payments(state: IshtarState, seat: int, size: int) -> list[tuple[int, int, int]]:
    held = state.gems[3 * seat : 3 * seat + 3]
    return [p for p in payments(size) if p[0] <= held[0] and p[1] <= held[1] and p[2] <= held[2]]


# ---------------------------------------------------------------------------- step 5


def buyable(state: IshtarState) -> list[int]:
    """Market slots (and ``market_size`` for the reserved card) the current player may buy:
    a tree on the card, its exact gems held, and free grass for the tree (§8.3)."""
    if not free_grass(state):
        return []
    game = state.game
    seat = state.current
    held = state.gems[3 * seat : 3 * seat + 3]
    out = []
    for slot, card in enumerate(state.market):
        if card >= 0 and state.market_tree[slot]:
            cost = game.data.card_cost[card]
            if cost[0] <= held[0] and cost[1] <= held[1] and cost[2] <= held[2]:
                out.append(slot)
    card = state.reserved[seat]
    if card >= 0:
        cost = game.data.card_cost[card]
        if cost[0] <= held[0] and cost[1] <= held[1] and cost[2] <= held[2]:
            out.append(game.data.market_size)
    return out


def reservable(state: IshtarState) -> list[int]:
    return [s for s, card in enumerate(state.market) if card >= 0 and state.market_tree[s]]


# ---------------------------------------------------------------------------- the list


def legal_actions(state: IshtarState) -> list[IshtarAction]:
    """The legal actions in a fixed order (the action table's)."""
    table = state.game.actions
    phase = state.phase
    seat = state.current
    if phase == PHASE_CHOOSE:
        choices, discard = tile_choices(state)
        if discard >= 0:
            return [table.discard[discard]]
        out = []
        for stack, cost in choices:
            if cost == 0:
                out.append(table.take[stack, (0, 0, 0)])
                continue
            for pay in affordable_payments(state, seat, cost):
                out.append(table.take[stack, pay])
        return out
    if phase == PHASE_PLACE:
        by_rotation = table.place_by_rotation
        return [by_rotation[k][a] for a, k in placements(state, state.tile)]
    if phase == PHASE_ACTION:
        out = []
        assistant, skill = icon_options(state)
        if assistant:
            out.append(table.assistant)
        if skill:
            size = state.game.data.skill_gems
            pays = affordable_payments(state, seat, size)
            for i in unlockable_skills(state, seat):
                out += [table.skill[i, pay] for pay in pays]
        out.append(table.no_action)
        return out
    if phase == PHASE_BLOOM:
        out = []
        for p in patterns_on_carpet(state):
            out += [table.bloom[p, a, b] for a, b in token_spots(state, p)]
        if state.bloom_placed:
            out.append(table.stop_bloom)
        return out
    if phase == PHASE_RESERVE:
        return [table.reserve[s] for s in reservable(state)]
    if phase == PHASE_TREES:
        return [table.buy[s] for s in buyable(state)] + [table.end_turn]
    if phase == PHASE_PLANT:
        return [table.plant[a] for a in bit_list(free_grass(state))]
    return []


def why_not(state: IshtarState, action: IshtarAction) -> str:
    """A sentence saying why a well-formed ``action`` is not legal now."""
    phase = state.phase
    kind = action.kind
    game = state.game
    wanted = {
        PHASE_CHOOSE: "choose a tile (take <stack>)",
        PHASE_PLACE: "place the tile (place <q>,<r> r<k>)",
        PHASE_ACTION: "use the tile's icon (assistant, skill <id> pay <gems>, or no action)",
        PHASE_BLOOM: "place a blooming token (bloom ...)"
        + (" or stop blooming" if state.bloom_placed else ""),
        PHASE_RESERVE: "reserve a market card with a tree (reserve <slot>)",
        PHASE_TREES: "buy a tree card (buy <slot>) or end the turn",
        PHASE_PLANT: "plant the bought card's tree (plant <q>,<r>)",
    }[phase]
    expected = {
        PHASE_CHOOSE: (TAKE, DISCARD),
        PHASE_PLACE: (PLACE,),
        PHASE_ACTION: (ASSISTANT, SKILL, NO_ACTION),
        PHASE_BLOOM: (BLOOM, STOP_BLOOM),
        PHASE_RESERVE: (RESERVE,),
        PHASE_TREES: (BUY, END_TURN),
        PHASE_PLANT: (PLANT,),
    }[phase]
    if kind not in expected:
        return f"seat {state.current} must now {wanted}"
    seat = state.current
    if kind == TAKE:
        choices, discard = tile_choices(state)
        if discard >= 0:
            return f"no affordable tile fits on the map: discard {discard} is the only move"
        costs = dict(can_route(state))
        if action.stack not in costs:
            return f"stack {action.stack} is empty"
        cost = costs[action.stack]
        if cost > state.gems_held(seat):
            held = state.gems_held(seat)
            return f"moving the can to stack {action.stack} costs {cost} gems; you hold {held}"
        if action.stack not in dict(choices):
            return f"the top tile of stack {action.stack} fits nowhere on the map"
        if sum(action.pay) != cost:
            return (
                f"moving the can to stack {action.stack} costs {cost} gems, not {sum(action.pay)}"
            )
        return f"you do not hold the gems {gems_text(action.pay)}"
    if kind == DISCARD:
        return "some tile you can afford fits on the map; take one"
    if kind == PLACE:
        return _why_not_placed(state, action)
    if kind == ASSISTANT:
        if state.icon not in (ASSISTANT_ICON, WILD_ICON):
            return "the tile has no assistant or wild icon"
        if not state.supply[seat]:
            return "you have no assistant in front of you"
        return "the icon's flowerbed already holds an assistant"
    if kind == SKILL:
        if state.icon not in (SKILL_ICON, WILD_ICON):
            return "the tile has no skill or wild icon"
        data = game.data
        i = action.skill
        base = seat * len(data.skill_ids)
        if state.skill_turn[base + i] >= 0:
            return f"skill {data.skill_ids[i]} is already unlocked"
        lower = data.skill_lower[i]
        if lower >= 0 and not 0 <= state.skill_turn[base + lower] < state.turn:
            return (
                f"skill {data.skill_ids[i]} needs {data.skill_ids[lower]} unlocked on an "
                "earlier turn"
            )
        return f"you do not hold the gems {gems_text(action.pay)}"
    if kind == BLOOM:
        if not state.tokens_left(action.pattern):
            return "no token of that kind is left on the carpet"
        if game.pattern_symmetric[action.pattern] and action.cell2 >= 0:
            table = game.actions
            other = table.bloom.get((action.pattern, action.cell2, action.cell))
            if other is not None and other.id != action.id and other in state.legal_actions():
                return f"this is the same token placement as '{other}'"
        return "a blooming token goes on free grass and may not join two assistants' flowerbeds"
    if kind == STOP_BLOOM:
        return "the first blooming token must be placed"
    if kind == RESERVE:
        return f"market slot {action.slot} holds no card with a tree"
    if kind == BUY:
        if not free_grass(state):
            return "no free grass space is left for the tree"
        if action.slot == game.data.market_size:
            if state.reserved[seat] < 0:
                return "you have no reserved card"
            return "you cannot pay the reserved card's gems"
        card = state.market[action.slot]
        if card < 0 or not state.market_tree[action.slot]:
            return f"market slot {action.slot} holds no card with a tree"
        return f"you cannot pay the gems of {game.data.card_ids[card]}"
    if kind == PLANT:
        return "a tree goes on a grass space with no tree and no blooming token"
    return "not legal now"


def _why_not_placed(state: IshtarState, action: IshtarAction) -> str:
    game = state.game
    grid = game.grid
    tile = state.tile
    shape = game.data.shapes[game.data.tile_shape[tile]]
    anchor = grid.coord(action.cell)
    cells = []
    for q, r in (axial_rotate(o, action.rotation) for o in shape):
        cells.append((anchor[0] + q, anchor[1] + r))
    terrain = state.terrain
    mask = 0
    for cell in cells:
        if cell not in grid:
            return f"hex {cell[0]},{cell[1]} is off the map"
        bit = grid.bit(cell)
        kind = terrain.kind(bit)
        if kind in ("fountain", "tablet"):
            name = "a fountain" if kind == "fountain" else "a sacred tablet"
            return f"hex {cell[0]},{cell[1]} is {name}, which can never be covered"
        if state.tile_mask >> bit & 1:
            return f"hex {cell[0]},{cell[1]} already has a tile"
        mask |= 1 << bit
    around = grid.dilate(mask)
    touched = [f for f, reach in enumerate(state.reach) if around & reach]
    if not touched:
        return "the tile must touch a fountain or a placed tile"
    if len(touched) > 1:
        return "the tile would join the gardens of two fountains"
    if game.rotation_info[tile][action.rotation] is None:
        return (
            "another rotation lays the same tile the same way on these hexes; "
            "the legal moves list each result once"
        )
    return "the tile's flowers would join flowerbeds of two assistants"
