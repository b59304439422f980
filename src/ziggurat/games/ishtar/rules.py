"""Ishtar's rules: which moves are legal (the watering can, tile placements, special
actions, blooming tokens and trees: rules reference §11, §7, §8, §12), why another one is
not, and what each move does (the turn flow).

Every test on the map is a few operations on bitsets (:class:`~ziggurat.core.hexgrid.
AxialGrid`): a tile's footprint is tested at every anchor at once by shifting the mask of
free hexes, and only the anchors that survive are looked at one by one for the two rules
that need the gardens and flowerbeds around them.

A turn runs through the steps of §11: choose (the can and a tile), place, the icon's special
action (with the bloom and nursery skills' follow-up choices), trees (buy, then plant each
bought tree). Gem collection and the market refill happen on their own. A step with no
choice is skipped: no icon or nothing it allows, no card one can buy.

What a move brings about is recorded as it happens, one plain tuple per fact in
``state.events`` (:mod:`.events` words them): the tile taken and what its stack shows next,
the gems collected, an assistant, a skill and what it gave, a card reserved, bought or
coming to the market, a tree planted, the end triggered and the final scoring.

The functions work on the state they are handed, in place; :class:`~.state.IshtarState`
uses them as its kernel hooks (``_generate_legal``, ``_why_not``, ``_apply``) with no call
in between.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ziggurat.core.hexgrid import axial_rotate, bit_list

from . import events, scoring
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
from .components import ASSISTANT_ICON, NO_ICON, RECRUIT, SKILL_ICON, WILD_ICON
from .components import BLOOM as BLOOM_EFFECT
from .components import RESERVE as RESERVE_EFFECT
from .phases import (
    PHASE_ACTION,
    PHASE_BLOOM,
    PHASE_CHOOSE,
    PHASE_OVER,
    PHASE_PLACE,
    PHASE_PLANT,
    PHASE_RESERVE,
    PHASE_TREES,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ziggurat.core.rng import Rng

    from .state import IshtarState


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

    __slots__ = (
        "anchor_cache",
        "claimed_zone",
        "claimed_zones",
        "free",
        "scoring",
        "seat_zones",
        "zones",
    )

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
        # the flowerbeds with their owners and who controls each fountain, once scored
        self.scoring: tuple[list[tuple[int, int]], list[list[int]]] | None = None

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
        # _down written out: this loop runs for every tile a search looks at
        free1 = free >> d1 if d1 >= 0 else (free << -d1) & all_mask
        free2 = free >> d2 if d2 >= 0 else (free << -d2) & all_mask
        anchors = free & free1 & free2
        if not anchors:
            continue
        once = twice = 0
        for zone in zones:
            if zone:
                near = zone
                near |= zone >> d1 if d1 >= 0 else (zone << -d1) & all_mask
                near |= zone >> d2 if d2 >= 0 else (zone << -d2) & all_mask
                near &= anchors
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


def token_spots(
    state: IshtarState, pattern: int, first_only: bool = False
) -> list[tuple[int, int]]:
    """Every legal ``(hex, second hex or -1)`` for a token of ``pattern`` (§7); with
    ``first_only``, at most the first (whether there is one)."""
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
                if first_only:
                    break
        return out
    for delta in _token_deltas(state, pattern):
        moved = grass >> delta if delta >= 0 else (grass << -delta) & grid.all_mask
        for a in bit_list(grass & moved):
            if keeps_one_assistant(state, (1 << a) | (1 << (a + delta))):
                out.append((a, a + delta))
                if first_only:
                    return out
    return out


def _token_deltas(state: IshtarState, pattern: int) -> Sequence[int]:
    """The bit steps from a two-space token's first hex to its second: three directions
    for a token whose two spaces look alike (the other three give the same tokens), six
    otherwise."""
    game = state.game
    deltas = game.direction_deltas
    return deltas[:3] if game.pattern_symmetric[pattern] else deltas


def bloom_ok(state: IshtarState, pattern: int, a: int, b: int) -> bool:
    """Is a token of ``pattern`` on hex ``a`` (and ``b``, -1 for a one-space token) legal,
    the game in its blooming step? Checked alone, without listing every spot (§7)."""
    if not state.tokens_left(pattern):
        return False
    grass = free_grass(state)
    if not grass >> a & 1:
        return False
    single = len(state.game.patterns[pattern]) == 1
    if b < 0:
        return single and keeps_one_assistant(state, 1 << a)
    if single or not grass >> b & 1 or b - a not in _token_deltas(state, pattern):
        return False
    return keeps_one_assistant(state, (1 << a) | (1 << b))


def sample_blooms(state: IshtarState, rng: Rng, wanted: int) -> list[tuple[int, int, int]]:
    """About ``wanted`` legal ``(pattern, hex, second hex or -1)`` tokens drawn at random
    without listing them all, as :func:`sample_placements` does for tiles. Repeats are
    possible; empty when none of the draws was legal."""
    patterns = patterns_on_carpet(state)
    grass = free_grass(state)
    out: list[tuple[int, int, int]] = []
    if not patterns or not grass:
        return out
    shapes = state.game.patterns
    for _ in range(2 * wanted):
        p = patterns[int(rng.random() * len(patterns))]
        start = int(rng.random() * grass.bit_length())
        above = grass >> start
        low = (above & -above) << start if above else grass & -grass
        a = low.bit_length() - 1
        if len(shapes[p]) == 1:
            if keeps_one_assistant(state, 1 << a):
                out.append((p, a, -1))
        else:
            deltas = _token_deltas(state, p)
            b = a + deltas[int(rng.random() * len(deltas))]
            if b >= 0 and grass >> b & 1 and keeps_one_assistant(state, (1 << a) | (1 << b)):
                out.append((p, a, b))
        if len(out) == wanted:
            break
    return out


def patterns_on_carpet(state: IshtarState) -> list[int]:
    """The token patterns of which at least one token still lies on the carpet."""
    game = state.game
    return [p for p in range(len(game.patterns)) if state.tokens_left(p)]


def can_bloom(state: IshtarState) -> bool:
    return any(token_spots(state, p, first_only=True) for p in patterns_on_carpet(state))


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


# ---------------------------------------------------------------------------- the turn flow
# The state's ``_apply`` hook: the kernel checked the action is legal and cleared the cached
# list; these play it in place and carry the turn on to its next decision.


def apply(state: IshtarState, action: IshtarAction) -> None:
    """Play ``action`` (legal: the kernel checked it) and run the turn on to the next
    decision."""
    kind = action.kind
    if kind == TAKE:
        _pay(state, state.current, action.pay, to_board=False)
        state.can = action.stack
        state.tile = _draw_tile(state, action.stack, events.TILE_TAKEN)
        state.record = (state.current, state.tile, (0, 0, 0), (), False)
        state.phase = PHASE_PLACE
    elif kind == DISCARD:
        state.can = action.stack
        tile = _draw_tile(state, action.stack, events.TILE_DISCARDED)
        state.discarded.append(tile)
        state.record = (state.current, tile, (0, 0, 0), (), True)
        start_trees(state)
    elif kind == PLACE:
        _place(state, action.cell, action.rotation)
    elif kind == ASSISTANT:
        seat = state.current
        bit = state.icon_bit
        state._map_context = None
        state.supply[seat] -= 1
        state.assistants[seat] |= 1 << bit
        state.assistants_all |= 1 << bit
        flowers = state.flowers
        bed = sum(flowers[b] for b in bit_list(state.bed_of(bit)))
        state.events += ((events.ASSISTANT_PLACED, seat, bit, bed),)
        start_trees(state)
    elif kind == SKILL:
        state.icon = NO_ICON
        state.icon_bit = -1
        _unlock(state, action.skill, action.pay)
    elif kind in (NO_ACTION, STOP_BLOOM):
        state.bloom_left = 0
        start_trees(state)
    elif kind == BLOOM:
        _bloom(state, action.pattern, action.cell, action.cell2)
    elif kind == RESERVE:
        slot = action.slot
        state.reserved[state.current] = card = state.market[slot]
        state.events += ((events.CARD_RESERVED, state.current, card, slot),)
        state.market[slot] = -1
        state.market_tree[slot] = False  # the tree stays on the reserved card
        state.emptied.append(slot)
        start_trees(state)
    elif kind == BUY:
        _buy(state, action.slot)
    elif kind == PLANT:
        state.events += ((events.TREE_PLANTED, state.current, state.planting, action.cell),)
        state.tree_mask |= 1 << action.cell
        state.trees_placed.append((state.planting, action.cell, state.current))
        state.piles[state.current].append(state.planting)
        state.planting = -1
        start_trees(state)
    elif kind == END_TURN:
        end_turn(state)


def _pay(state: IshtarState, seat: int, pay: tuple[int, int, int], *, to_board: bool) -> None:
    base = 3 * seat
    for c in range(3):
        if pay[c]:
            state.gems[base + c] -= pay[c]
            if to_board:
                state.board_gems[base + c] += pay[c]
            else:
                state.gem_stock[c] += pay[c]


def _draw_tile(state: IshtarState, stack: int, kind: str) -> int:
    """Take the top tile of ``stack`` (the next one is then face up; the event ``kind``
    says so) and check the end trigger: the second stack to run empty (§11, game end)."""
    tiles = state.stacks[stack]
    tile = tiles.pop()
    state.events += ((kind, state.current, stack, tile, tiles[-1] if tiles else -1),)
    if (
        not tiles
        and not state.end_triggered
        and state.empty_stacks() >= state.game.data.end_empty_stacks
    ):
        state.end_triggered = True
        empty = tuple(i for i, s in enumerate(state.stacks) if not s)
        last = (state.first - 1) % state.n
        state.events += ((events.END_TRIGGERED, state.current, empty, last),)
    return tile


def lay_tile(state: IshtarState, tile: int, anchor: int, rotation: int) -> tuple[int, int]:
    """Put ``tile`` on the map (its hexes, flowers and grass; its garden joins the fountain
    it touches), known to fit; ``(its hexes, its icon's bit or -1)``. Shared by a move and
    by reading a saved state, which lays the tiles again."""
    game = state.game
    cells, flower_cells, grass_cells, icon_bit = game.footprint(tile, anchor, rotation)
    state._map_context = None
    state.tile_mask |= cells
    around = game.grid.dilate(cells)
    for f, reach in enumerate(state.reach):
        if around & reach:
            state.reach[f] = reach | cells
            break
    state.flower_mask |= flower_cells
    state.grass_mask |= grass_cells
    for bit, count in game.footprint_flowers(tile, anchor, rotation):
        state.flowers[bit] = count
    state.placed.append((tile, anchor, rotation))
    return cells, icon_bit


def _place(state: IshtarState, anchor: int, rotation: int) -> None:
    """Step 2, then the gems under the tile are collected and the icon is offered."""
    tile = state.tile
    cells, icon_bit = lay_tile(state, tile, anchor, rotation)
    seat = state.current
    collected = [0, 0, 0]
    for c in range(3):
        found = state.gems_map[c] & cells
        if found:
            state.gems_map[c] ^= found
            collected[c] = found.bit_count()
            state.gems[3 * seat + c] += collected[c]
    gems = (collected[0], collected[1], collected[2])
    if any(collected):
        r = state.record
        state.record = (r[0], r[1], gems, r[3], r[4])
    state.events += ((events.TILE_PLACED, seat, tile, anchor, rotation, gems),)
    state.tile = -1
    state.icon = state.game.data.tile_icon[tile]
    state.icon_bit = icon_bit
    if state.icon != NO_ICON and any(icon_options(state)):
        state.phase = PHASE_ACTION
    else:
        start_trees(state)


def _unlock(state: IshtarState, skill: int, pay: tuple[int, int, int]) -> None:
    data = state.game.data
    seat = state.current
    index = seat * len(data.skill_ids) + skill
    _pay(state, seat, pay, to_board=True)
    state.skill_turn[index] = state.turn
    state.skill_pay[index] = pay
    state.events += ((events.SKILL_UNLOCKED, seat, skill, pay),)
    effect = data.skill_effect[skill]
    amount = data.skill_amount[skill]
    if effect == RECRUIT:
        moved = min(amount, state.carpet[seat])
        state.carpet[seat] -= moved
        state.supply[seat] += moved
        if moved:
            state.events += ((events.ASSISTANTS_RECRUITED, seat, moved),)
        else:
            state.events += ((events.EFFECT_LOST, seat, skill),)
    elif effect == BLOOM_EFFECT:
        state.bloom_placed = 0
        if amount and can_bloom(state):
            state.bloom_left = amount
            state.phase = PHASE_BLOOM
            return
        state.events += ((events.EFFECT_LOST, seat, skill),)
    elif effect == RESERVE_EFFECT:
        if state.reserved[seat] < 0 and reservable(state):
            state.phase = PHASE_RESERVE
            return
        state.events += ((events.EFFECT_LOST, seat, skill),)
    start_trees(state)


def _bloom(state: IshtarState, pattern: int, bit: int, bit2: int) -> None:
    game = state.game
    token = next(t for t in game.pattern_tokens[pattern] if state.tokens[t])
    state.tokens[token] = False
    spaces = game.patterns[pattern]
    cells = 1 << bit
    state.flowers[bit] = spaces[0]
    if bit2 >= 0:
        cells |= 1 << bit2
        state.flowers[bit2] = spaces[1]
    state._map_context = None
    state.grass_mask &= ~cells
    state.flower_mask |= cells
    state.tokens_placed.append((token, bit, bit2))
    state.bloom_left -= 1
    state.bloom_placed += 1
    if not (state.bloom_left and can_bloom(state)):
        state.bloom_left = 0
        start_trees(state)


def _buy(state: IshtarState, slot: int) -> None:
    data = state.game.data
    seat = state.current
    if slot == data.market_size:
        card = state.reserved[seat]
        state.reserved[seat] = -1
    else:
        card = state.market[slot]
        state.market[slot] = -1
        state.market_tree[slot] = False
        state.emptied.append(slot)
    _pay(state, seat, data.card_cost[card], to_board=False)
    state.events += ((events.CARD_BOUGHT, seat, card, -1 if slot == data.market_size else slot),)
    state.planting = card
    r = state.record
    state.record = (r[0], r[1], r[2], (*r[3], card), r[4])
    state.phase = PHASE_PLANT


def start_trees(state: IshtarState) -> None:
    """Step 5, skipped when no card can be bought."""
    state.icon = NO_ICON
    state.icon_bit = -1
    state.phase = PHASE_TREES
    if not buyable(state):
        end_turn(state)


def end_turn(state: IshtarState) -> None:
    """Refill the market, then the next player, or the end after the last round."""
    for slot in sorted(state.emptied):
        if not state.deck:
            break
        state.market[slot] = card = state.deck.pop()
        tree = 0
        if state.tree_stock:
            state.tree_stock -= 1
            state.market_tree[slot] = True
            tree = 1
        state.events += ((events.CARD_TO_MARKET, slot, card, tree),)
    state.emptied = []
    state.previous = state.record
    state.turn += 1
    following = (state.current + 1) % state.n
    if state.end_triggered and following == state.first:
        state.phase = PHASE_OVER
        final = tuple(tuple(p[part] for part in events.PARTS) for p in scoring.breakdown(state))
        state.events += ((events.GAME_OVER, final, tuple(state.winners()), tuple(state.reserved)),)
        return
    state.current = following
    state.record = (following, -1, (0, 0, 0), (), False)
    state.phase = PHASE_CHOOSE
    if not any(state.stacks):
        state.events += ((events.ONLY_TREES, following),)
        start_trees(state)  # every stack empty: only trees remain (rulings §11)
