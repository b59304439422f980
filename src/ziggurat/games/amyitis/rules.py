"""Amyitis's rules: which actions are legal at each decision (the rules reference §6 as
predicates), why another one is not, and what each action does (the round flow).

The flow follows the rules reference's state machine (§6.0, phases in :mod:`.phases`): the
action phase, then maintenance (procession, the temples' rewards, the storage limit) and the
next round or the end. A decision with a single option is taken at once (§6.0, revised), so
the player to move always has a real choice: :func:`apply` plays the chosen action, then
:func:`settle` takes every decision left with one option and lists it in
``state.automatic`` (the kernel's ``automatic_steps``). :mod:`.scoring` hands out the points.

What each step caused is recorded as it happens, as plain tuples appended to
``state.events`` (the kinds and their layouts are :mod:`.events`; the kernel empties them
before each action, so they hold the chosen action's and its automatic steps').

The functions work on the state they are handed, in place; :class:`~.state.AmyitisState`
uses them as its kernel hooks (``_generate_legal``, ``_why_not``, ``_apply``). A reader
looking for "may seat 2 do this now, and if not, why?" or "what happens next?" finds it here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events, scoring
from .actions import (
    CARAVAN,
    CHOOSE,
    COURT,
    DECLINE,
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
    payments_for,
)
from .components import (
    BASICS,
    CITY_BABYLON,
    CITY_COURT,
    CITY_PLANT,
    COURTS,
    CRAFTS,
    ENGINEER,
    GARDENER,
    GARDENER_QUALITY,
    ISHTAR,
    MAX_LEVEL,
    MERCHANT,
    NEUTRAL,
    PALACE,
    PEASANT,
    PRIEST,
    RESOURCES,
    TAMMOUZ,
    WINE,
)
from .phases import (
    PHASE_ACTION,
    PHASE_CHOOSE,
    PHASE_COURT,
    PHASE_EXCHANGE,
    PHASE_FIELD,
    PHASE_IRRIGATE,
    PHASE_ISHTAR,
    PHASE_OVER,
    PHASE_PLANT,
    PHASE_PROCESSION,
    PHASE_SELL,
    PHASE_STORAGE,
    PHASE_TAKE,
    PHASE_TAMMOUZ_FIELD,
    PHASE_TASKS,
    PHASE_TEMPLE,
)
from .scoring import BABYLON_POINTS, ENGINEERS, PALACES, TILES, add_points

if TYPE_CHECKING:
    from .state import AmyitisState


# ---------------------------------------------------------------- the garden


def irrigable(state: AmyitisState) -> int:
    """The empty irrigation spaces a cube may go on (§4.1), as a bitset (cached).

    A space is legal if it touches the river, or touches an occupied space that is connected
    to the river by a chain of occupied spaces. Neutral cubes conduct (Q21) unless the data
    says otherwise.
    """
    cached = state._irrigable
    if cached >= 0:
        return cached
    data = state.game.data
    adjacent = data.space_adjacent
    occupied = state.occupied
    conductors = occupied if data.neutral_conducts else occupied & ~state.neutral_mask
    frontier = connected = conductors & data.river_mask
    while frontier:
        grown = 0
        bits = frontier
        while bits:
            low = bits & -bits
            grown |= adjacent[low.bit_length() - 1]
            bits ^= low
        frontier = grown & conductors & ~connected
        connected |= frontier
    reach = data.river_mask
    bits = connected
    while bits:
        low = bits & -bits
        reach |= adjacent[low.bit_length() - 1]
        bits ^= low
    legal = reach & state.game.all_spaces & ~occupied
    state._irrigable = legal
    return legal


def irrigated_squares(state: AmyitisState) -> int:
    """The squares with some side between two squares fully occupied (§4.1), as a bitset
    over square numbers (cached until a cube is placed)."""
    cached = state._irrigated
    if cached >= 0:
        return cached
    data = state.game.data
    occupied = state.occupied
    squares = 0
    for square, edges in enumerate(data.square_edges):
        for edge in edges:
            mask = data.edge_mask[edge]
            if occupied & mask == mask:
                squares |= 1 << square
                break
    state._irrigated = squares
    return squares


def irrigated(state: AmyitisState, square: int) -> bool:
    """Some side of ``square`` between two squares has all its spaces occupied (§4.1)."""
    return bool(irrigated_squares(state) >> square & 1)


def plantable(state: AmyitisState, seat: int, quality: int) -> list[int]:
    """The squares ``seat`` may plant with a plant of printed ``quality`` (§6.3)."""
    data = state.game.data
    reach = quality + state.gardeners[seat] * GARDENER_QUALITY
    needed = data.quality_needed
    floor = data.square_floor
    tiles = state.square_tile
    watered = irrigated_squares(state)
    return [
        s
        for s in range(len(tiles))
        if tiles[s] >= 0 and watered >> s & 1 and needed[floor[s] - 1] <= reach
    ]


# ---------------------------------------------------------------- holdings


def holds(state: AmyitisState, seat: int, tokens: tuple[int, ...]) -> bool:
    """Does ``seat`` hold the multiset ``tokens``?"""
    res = state.res
    base = 5 * seat
    if len(tokens) == 2 and tokens[0] == tokens[1]:
        return res[base + tokens[0]] >= 2
    return all(res[base + r] >= 1 for r in tokens)


def court_available(state: AmyitisState, seat: int, court: int) -> bool:
    """May ``seat`` take the next card of ``court`` (no skipping, a copy must be left)?"""
    if court == GARDENER:
        return state.gardeners_left > 0
    level = state.levels[3 * seat + court]
    return level < MAX_LEVEL and state.court_left[3 * court + level] > 0


def caravan_cost(state: AmyitisState, seat: int, city: int) -> int:
    """Camels to move the caravan to ``city`` (§6.2), or -1 if it cannot go there at all."""
    data = state.game.data
    distance = (city - state.caravan) % data.track_length
    if distance == 0 or distance > data.caravan_max_distance:
        return -1
    bonus = data.caravaneer_bonus[state.levels[3 * seat + 1]]
    if data.caravan_bonus_optional:
        return max(1, distance - bonus)
    return distance - bonus if distance - bonus >= 1 else -1


def plant_demand(state: AmyitisState, city: int) -> tuple[int, int, tuple[int, ...]]:
    """``(card, quality, demanded resources)`` of the plant city ``city``."""
    data = state.game.data
    card = state.city_card[city]
    quality, extra = data.plant_faces[card][state.card_face[card]]
    demand = data.city_demand[city]
    return card, quality, ((demand, extra) if extra >= 0 else (demand,))


def city_possible(state: AmyitisState, seat: int, city: int) -> bool:
    """Can ``seat`` carry out ``city``'s action, paying included (§6.2)?"""
    data = state.game.data
    kind = data.city_kind[city]
    if kind == CITY_BABYLON:
        return state.resources_held(seat) > 0
    if kind == CITY_PLANT:
        _card, quality, demand = plant_demand(state, city)
        if not any(holds(state, seat, pay) for pay in payments_for(demand)):
            return False
        return bool(plantable(state, seat, quality))
    demand = data.city_demand[city]
    base = 5 * seat
    if not (state.res[base + demand] or state.res[base + WINE]):
        return False
    return any(court_available(state, seat, c) for c in data.city_offer[city])


def recruit_possible(state: AmyitisState, seat: int, craft: int) -> bool:
    """Can ``seat`` carry out the craftsman's effect (§6.2; a cube for three of them)?"""
    if craft == MERCHANT:
        return True
    if not state.cubes[seat]:
        return False
    return craft != ENGINEER or irrigable(state) != 0


def row_cost(state: AmyitisState, row: int) -> int:
    """Talents to recruit from craft ``row``: the cards already turned down there."""
    size = state.game.data.cards_per_row
    taken = sum(state.row_taken[row * size : (row + 1) * size])
    return state.game.data.recruit_costs[taken] if taken < size else -1


def exchange_options(state: AmyitisState, seat: int) -> list[tuple[int, int]]:
    """Tammouz 2nd: (give, take) pairs: a token held for a different basic one in stock."""
    data = state.game.data
    base = 5 * seat
    out = []
    for give in range(5):
        if not state.res[base + give] or (give == WINE and not data.tammouz_may_give_wine):
            continue
        for take in BASICS:
            if take != give and state.res_stock[take]:
                out.append((give, take))
    return out


def storage_limit(state: AmyitisState, seat: int) -> int:
    return state.game.data.storage[state.levels[3 * seat + 1]]


# ---------------------------------------------------------------- move generation


def legal_actions(state: AmyitisState) -> list[AmyitisAction]:
    """Every legal action, in the action table's order."""
    phase = state.phase
    table = state.game.actions
    seat = state.current
    data = state.game.data
    if phase == PHASE_ACTION:
        out = [table.pass_]
        talents = state.talents[seat]
        size = data.cards_per_row
        for row in range(state.game.craft_rows):
            cost = row_cost(state, row)
            if cost < 0 or cost > talents:
                continue
            kinds = {
                state.row_cards[i]
                for i in range(row * size, (row + 1) * size)
                if not state.row_taken[i]
            }
            for craft in sorted(kinds):
                if recruit_possible(state, seat, craft):
                    out.append(table.recruit[row, craft])
        camels = state.camels[seat]
        if camels:  # the caravan costs a camel at least
            for city in range(data.track_length):
                cost = caravan_cost(state, seat, city)
                if 0 < cost <= camels and city_possible(state, seat, city):
                    out.append(table.caravan[city])
        return out
    if phase in (PHASE_FIELD, PHASE_TAMMOUZ_FIELD):
        out = list(table.field)
        if phase == PHASE_TAMMOUZ_FIELD:
            out.append(table.decline)
        return out
    if phase == PHASE_TEMPLE:
        return list(table.temple)
    if phase == PHASE_PROCESSION:
        return list(table.procession)
    if phase == PHASE_IRRIGATE:
        legal = irrigable(state)
        return [table.irrigate[s] for s in range(len(table.irrigate)) if legal >> s & 1]
    if phase == PHASE_SELL:
        return [a for tokens, a in table.sell.items() if holds(state, seat, tokens)]
    if phase == PHASE_COURT:
        city = state.caravan
        demand = data.city_demand[city]
        out = []
        for court in sorted(data.city_offer[city]):
            if court_available(state, seat, court):
                for pay in sorted({demand, WINE}):
                    if state.res[5 * seat + pay]:
                        out.append(table.court[court, pay])
        return out
    if phase == PHASE_PLANT:
        _card, quality, demand = plant_demand(state, state.caravan)
        pays = [p for p in payments_for(demand) if holds(state, seat, p)]
        return [table.plant[s, p] for s in plantable(state, seat, quality) for p in pays]
    if phase == PHASE_TAKE:
        return [table.take[r] for r in range(5) if state.res_stock[r]]
    if phase == PHASE_CHOOSE:
        return [table.choose[c] for c in range(4) if court_available(state, seat, c)]
    if phase == PHASE_ISHTAR:
        return list(table.ishtar)
    if phase == PHASE_EXCHANGE:
        return [table.exchange[g, t] for g, t in exchange_options(state, seat)] + [table.decline]
    if phase == PHASE_STORAGE:
        base = 5 * seat
        return [table.discard[r] for r in range(5) if state.res[base + r]]
    return []


# ---------------------------------------------------------------- explanations


def why_not(state: AmyitisState, action: AmyitisAction) -> str:
    """A sentence saying why a well-formed ``action`` is not legal now."""
    phase = state.phase
    seat = state.current
    data = state.game.data
    kind = action.kind
    if phase not in _PHASES_OF_KIND[kind]:
        return f"seat {seat} must now {PHASE_TASKS[phase]}"
    if kind == RECRUIT:
        if action.row >= state.game.craft_rows:
            return f"there are {state.game.craft_rows} craft rows"
        cost = row_cost(state, action.row)
        if cost < 0:
            return f"every card of row {action.row + 1} is taken"
        size = data.cards_per_row
        cards = range(action.row * size, (action.row + 1) * size)
        if not any(state.row_cards[i] == action.craft and not state.row_taken[i] for i in cards):
            return f"row {action.row + 1} has no face-up {CRAFTS[action.craft]}"
        if cost > state.talents[seat]:
            have = state.talents[seat]
            return f"a card of row {action.row + 1} costs {cost} talents, seat {seat} has {have}"
        if not state.cubes[seat]:
            return f"seat {seat} has no cube left for a {CRAFTS[action.craft]}"
        return "no irrigation space is connected to the river"
    if kind == CARAVAN:
        cost = caravan_cost(state, seat, action.city)
        name = data.city_names[action.city]
        if cost < 0:
            return f"the caravan cannot move from {data.city_names[state.caravan]} to {name}"
        if cost > state.camels[seat]:
            return f"moving to {name} costs {cost} camels, seat {seat} has {state.camels[seat]}"
        return f"seat {seat} cannot carry out {name}'s action (its demand, or nothing to do there)"
    if kind == IRRIGATE:
        return f"{data.space_ids[action.space]} is taken or not connected to the river"
    if kind in (SELL, COURT, PLANT, DISCARD) and not holds(state, seat, action.tokens):
        return f"seat {seat} does not hold {' and '.join(RESOURCES[r] for r in action.tokens)}"
    if kind == COURT:
        city = state.caravan
        if action.court not in data.city_offer[city]:
            offered = " or ".join(COURTS[c] for c in data.city_offer[city])
            return f"{data.city_names[city]} offers {offered}"
        if not court_available(state, seat, action.court):
            return f"no next {COURTS[action.court]} card is left for seat {seat}"
        return f"{data.city_names[city]} demands {RESOURCES[data.city_demand[city]]} (or wine)"
    if kind == PLANT:
        _card, quality, demand = plant_demand(state, state.caravan)
        if action.tokens not in payments_for(demand):
            named = " + ".join(RESOURCES[r] for r in demand)
            return f"the payment must be {named} (wine may stand for any)"
        return f"{data.square_ids[action.square]} cannot be planted with a quality {quality} plant"
    if kind == TAKE:
        return f"the stock has no {RESOURCES[action.tokens[0]]}"
    if kind == CHOOSE:
        return f"no {COURTS[action.court]} card is left for seat {seat}"
    if kind == EXCHANGE:
        return "the exchange gives a token you hold for a different basic one the stock holds"
    return f"seat {seat} must now {PHASE_TASKS[phase]}"


_PHASES_OF_KIND: dict[int, tuple[int, ...]] = {
    PASS: (PHASE_ACTION,),
    RECRUIT: (PHASE_ACTION,),
    CARAVAN: (PHASE_ACTION,),
    FIELD: (PHASE_FIELD, PHASE_TAMMOUZ_FIELD),
    TEMPLE: (PHASE_TEMPLE,),
    IRRIGATE: (PHASE_IRRIGATE,),
    SELL: (PHASE_SELL,),
    COURT: (PHASE_COURT,),
    PLANT: (PHASE_PLANT,),
    TAKE: (PHASE_TAKE,),
    CHOOSE: (PHASE_CHOOSE,),
    PROCESSION: (PHASE_PROCESSION,),
    ISHTAR_CHOICE: (PHASE_ISHTAR,),
    EXCHANGE: (PHASE_EXCHANGE,),
    DECLINE: (PHASE_TAMMOUZ_FIELD, PHASE_EXCHANGE),
    DISCARD: (PHASE_STORAGE,),
}
"""The phases in which an action of each kind can be legal."""


# ---------------------------------------------------------------- the flow


def apply(state: AmyitisState, action: AmyitisAction) -> None:
    """The chosen action, then every decision left with a single option (§6.0)."""
    state.automatic = ()
    state.automatic_seats = ()
    play(state, action)
    settle(state)


def settle(state: AmyitisState) -> None:
    """Take every decision that has a single option (§6.0), then cache the choices."""
    forced: list[AmyitisAction] = []
    seats: list[int] = []
    while state.phase != PHASE_OVER:
        legal = legal_actions(state)
        if len(legal) != 1:
            state._legal = legal
            break
        forced.append(legal[0])
        seats.append(state.current)
        play(state, legal[0])
    if forced:
        state.automatic = (*state.automatic, *forced)
        state.automatic_seats = (*state.automatic_seats, *seats)


def play(state: AmyitisState, action: AmyitisAction) -> None:
    """One action's effect and the phase it leads to, nothing more: the chosen action
    (from :func:`apply`) or one the engine takes (from :func:`settle`). The cached legal
    list is already cleared; it is rebuilt once the flow stops at a real choice."""
    kind = action.kind
    seat = state.current
    if kind == PASS:
        passed = state.passed
        income = state.game.data.pass_first_income
        state.events += ((events.PASSED, seat, income, len(passed)),)
        passed.append(seat)
        state.talents[seat] += income
        _next_turn(state)
    elif kind == RECRUIT:
        _recruit(state, seat, action.row, action.craft)
    elif kind == FIELD:
        _field(state, seat, action.row)
        if state.phase == PHASE_FIELD:
            _next_turn(state)
        else:
            _tammouz_exchange(state)
    elif kind == TEMPLE:
        _push(state, action.temple, seat)
        _next_turn(state)
    elif kind == IRRIGATE:
        _irrigate(state, seat, action.space)
        points = state.irrigate_vp
        if points:
            source = state.irrigate_source
            add_points(state, seat, points, source)
            state.events += ((events.IRRIGATION_POINTS, seat, action.space, points, source),)
        _next_turn(state)
    elif kind == CARAVAN:
        _caravan(state, seat, action.city)
    elif kind == SELL:
        _pay(state, seat, action.tokens)
        sold = len(action.tokens)
        points = state.game.data.babylon_vp * sold
        add_points(state, seat, points, BABYLON_POINTS)
        state.events += ((events.SOLD, seat, sold, points),)
        if state.cubes[seat] and irrigable(state):
            state.irrigate_vp = state.game.data.babylon_irrigation_vp
            state.irrigate_source = BABYLON_POINTS
            state.phase = PHASE_IRRIGATE
        else:
            _next_turn(state)
    elif kind == COURT:
        _pay(state, seat, action.tokens)
        _take_court(state, seat, action.court)
        _next_turn(state)
    elif kind == PLANT:
        _plant(state, seat, action.square, action.tokens)
    elif kind == TAKE:
        gain_resource(state, seat, action.tokens[0])
        state.pending_resources -= 1
        _tile_choices(state)
    elif kind == CHOOSE:
        _take_court(state, seat, action.court)
        state.pending_choice = False
        _tile_choices(state)
    elif kind == PROCESSION:
        _procession(state, seat, action.temple)
    elif kind == ISHTAR_CHOICE:
        _ishtar_items(state, seat, action.item)
        _marduk(state)
    elif kind == DECLINE:
        if state.phase == PHASE_TAMMOUZ_FIELD:
            _tammouz_exchange(state)
        else:
            _storage_start(state)
    elif kind == EXCHANGE:
        give, take = action.tokens
        _pay(state, seat, (give,))
        gain_resource(state, seat, take)
        _storage_start(state)
    elif kind == DISCARD:
        _pay(state, seat, action.tokens)
        _storage_next(state)


# ---------------------------------------------------------------- holdings


def _pay(state: AmyitisState, seat: int, tokens: tuple[int, ...]) -> None:
    """Tokens go back to the stock (§3.6)."""
    base = 5 * seat
    for r in tokens:
        state.res[base + r] -= 1
        state.res_stock[r] += 1


def gain_resource(state: AmyitisState, seat: int, r: int) -> bool:
    """One token from the stock; an empty stock gives nothing (§3.6). Whether one came."""
    if state.res_stock[r]:
        state.res_stock[r] -= 1
        state.res[5 * seat + r] += 1
        return True
    return False


def gain_camels(state: AmyitisState, seat: int, count: int) -> int:
    """Up to ``count`` camels from the stock (§3.6); how many came."""
    got = min(count, state.camel_stock)
    state.camel_stock -= got
    state.camels[seat] += got
    return got


def _take_court(state: AmyitisState, seat: int, court: int) -> None:
    """The next card of ``court`` (§3.2); a lower one goes back; a palace scores now."""
    if court == GARDENER:
        if state.gardeners_left:
            state.gardeners_left -= 1
            state.gardeners[seat] += 1
            state.events += ((events.COURT_CARD, seat, court, 0, 0),)
        else:
            state.events += ((events.COURT_CARD, seat, court, -1, 0),)
        return
    index = 3 * seat + court
    level = state.levels[index]
    if not court_available(state, seat, court):
        # a tile's court bonus with no card left is lost (§3.5)
        state.events += ((events.COURT_CARD, seat, court, -1, 0),)
        return
    state.court_left[3 * court + level] -= 1
    if level:
        state.court_left[3 * court + level - 1] += 1
    state.levels[index] = level + 1
    points = 0
    if court == PALACE:
        points = state.game.data.palace_vp[level]
        add_points(state, seat, points, PALACES)
    state.events += ((events.COURT_CARD, seat, court, level + 1, points),)


# ---------------------------------------------------------------- the action phase


def _next_turn(state: AmyitisState) -> None:
    """The next seat clockwise that has not passed; passed seats gain a talent as their
    turn comes round (§6.2). Maintenance once every seat has passed."""
    n = state.n
    passed = state.passed
    if len(passed) == n:
        _start_maintenance(state)
        return
    income = state.game.data.pass_later_income
    seat = state.current
    while True:
        seat = (seat + 1) % n
        if seat in passed:
            if income:
                state.talents[seat] += income
                state.events += ((events.PASS_INCOME, seat, income),)
            continue
        break
    state.current = seat
    state.phase = PHASE_ACTION


def _recruit(state: AmyitisState, seat: int, row: int, craft: int) -> None:
    data = state.game.data
    cost = row_cost(state, row)
    state.talents[seat] -= cost
    size = data.cards_per_row
    for i in range(row * size, (row + 1) * size):
        if state.row_cards[i] == craft and not state.row_taken[i]:
            state.row_taken[i] = True
            break
    if craft == MERCHANT:
        camels = gain_camels(state, seat, data.merchant_camels)
        state.events += ((events.RECRUITED, seat, row, craft, cost, camels),)
        _next_turn(state)
        return
    state.events += ((events.RECRUITED, seat, row, craft, cost, 0),)
    if craft == PEASANT:
        state.phase = PHASE_FIELD
    elif craft == PRIEST:
        state.phase = PHASE_TEMPLE
    else:
        assert craft == ENGINEER
        state.irrigate_vp = data.engineer_vp
        state.irrigate_source = ENGINEERS
        state.phase = PHASE_IRRIGATE


def _field(state: AmyitisState, seat: int, row: int) -> None:
    """A cube on the leftmost empty space of ``row`` and its resource; a full row is
    completed (§6.2): a Gardener to the majority, every cube back."""
    data = state.game.data
    cubes = state.fields[row]
    resource = data.fields[row][len(cubes)]
    got = gain_resource(state, seat, resource)
    state.events += ((events.FIELD_CUBE, seat, row, resource, int(got)),)
    cubes.append(seat)
    state.cubes[seat] -= 1
    if len(cubes) < data.field_length:
        return
    winner = scoring.field_majority(state, row)
    given = winner >= 0 and state.gardeners_left > 0
    if given:
        state.gardeners_left -= 1
        state.gardeners[winner] += 1
    home = [0] * state.n
    for owner in cubes:
        state.cubes[owner] += 1
        home[owner] += 1
    state.events += ((events.FIELD_COMPLETED, row, winner, int(given), tuple(home)),)
    state.fields[row] = []


def _push(state: AmyitisState, temple: int, owner: int) -> None:
    """A cube enters ``temple`` at its entrance; one pushed past the end goes home."""
    line = state.temples[temple]
    line.insert(0, owner)
    if owner < state.n:
        state.cubes[owner] -= 1
    if len(line) > state.game.data.temple_length:
        out = line.pop()
        if out < state.n:
            state.cubes[out] += 1
        state.events += ((events.CUBE_PUSHED_OUT, temple, out),)


def _irrigate(state: AmyitisState, seat: int, space: int) -> None:
    state.space_owner[space] = seat
    state.occupied |= 1 << space
    state.cubes[seat] -= 1
    state._irrigable = -1
    state._irrigated = -1


def _caravan(state: AmyitisState, seat: int, city: int) -> None:
    data = state.game.data
    cost = caravan_cost(state, seat, city)
    state.camels[seat] -= cost
    state.camel_stock += cost
    state.events += ((events.CARAVAN_MOVED, seat, state.caravan, city, cost),)
    state.caravan = city
    kind = data.city_kind[city]
    if kind == CITY_BABYLON:
        state.phase = PHASE_SELL
    elif kind == CITY_COURT:
        state.phase = PHASE_COURT
    else:
        state.phase = PHASE_PLANT


def _plant(state: AmyitisState, seat: int, square: int, tokens: tuple[int, ...]) -> None:
    """The planting procedure (§6.3): tile and its bonus, irrigation majority, neutral
    fill, the plant card turned; the tile's choices follow as decisions."""
    data = state.game.data
    _pay(state, seat, tokens)
    card, quality, _demand = plant_demand(state, state.caravan)
    tile = state.square_tile[square]
    state.square_tile[square] = -1
    state.planted_by[square] = seat
    state.tiles[seat].append(tile)
    add_points(state, seat, data.tile_vp[tile], TILES)
    state.talents[seat] += data.tile_talents[tile]
    camels = gain_camels(state, seat, data.tile_camels[tile])
    state.events += ((events.TILE_TAKEN, seat, square, tile, tokens, camels),)
    if data.tile_court[tile] >= 0:
        _take_court(state, seat, data.tile_court[tile])
    leader, points = scoring.planting_majority(state, square, quality)
    state.events += ((events.IRRIGATION_MAJORITY, square, leader, points),)
    owners = state.space_owner
    grey: list[int] = []
    for edge in data.square_edges[square]:
        a, b = data.edge_squares[edge]
        other = b if a == square else a
        if state.planted_by[other] < 0:
            continue
        empty = data.edge_mask[edge] & ~state.occupied
        if empty:
            state.occupied |= empty
            state.neutral_mask |= empty
            state._irrigable = -1
            state._irrigated = -1
            while empty:
                low = empty & -empty
                owners[low.bit_length() - 1] = NEUTRAL
                grey.append(low.bit_length() - 1)
                empty ^= low
    if grey:
        state.events += ((events.GREY_CUBES, square, tuple(sorted(grey))),)
    state.card_face[card] ^= 1
    state.events += ((events.PLANT_TURNED, state.caravan, card, state.card_face[card]),)
    state.pending_resources = data.tile_resource_choice[tile]
    state.pending_choice = data.tile_court_choice[tile]
    _tile_choices(state)


def _tile_choices(state: AmyitisState) -> None:
    """The tile's resources of choice, then its court card of choice, while any can be
    had (§3.5); then the turn passes."""
    seat = state.current
    if state.pending_resources and any(state.res_stock):
        state.phase = PHASE_TAKE
        return
    state.pending_resources = 0
    if state.pending_choice and any(court_available(state, seat, c) for c in range(4)):
        state.phase = PHASE_CHOOSE
        return
    state.pending_choice = False
    _next_turn(state)


# ---------------------------------------------------------------- maintenance


def _start_maintenance(state: AmyitisState) -> None:
    data = state.game.data
    if data.procession_by_last_passer:
        state.current = state.passed[-1]
    else:
        state.current = (state.start - 1) % state.n
    state.phase = PHASE_PROCESSION


def _procession(state: AmyitisState, seat: int, temple: int) -> None:
    """The chosen temple gets the seat's cube (if any), the other two a grey one (§6.4).

    The seat's own cube comes first, from his supply as the procession begins: a grey
    cube may push one of his cubes out of another temple, and a cube sent home may not
    enter the chosen temple in the same procession (with an empty supply that temple
    gets nothing, §3.6, TV-23). The cube is home for the rewards that follow (e.g. the
    Tammouz field cube). Each temple gets one cube, so the grey cubes' order is free.
    """
    placed = state.cubes[seat] > 0
    state.events += ((events.PROCESSION, seat, temple, int(placed)),)
    if placed:
        _push(state, temple, seat)
    for t in range(3):
        if t != temple:
            _push(state, t, NEUTRAL)
    first, second = scoring.temple_ranks(state, ISHTAR)
    if first >= 0:
        state.current = first
        state.second = second
        state.phase = PHASE_ISHTAR
        return
    state.events += ((events.ISHTAR_REWARD, -1, -1, -1, -1),)
    _marduk(state)


def _ishtar_items(state: AmyitisState, seat: int, item: int) -> None:
    """1st takes the camel (0) or the talent (1); 2nd the other (no camel left: nothing)."""
    second = state.second
    took = []
    for who, what in ((seat, item), (second, 1 - item)):
        if who < 0:
            took.append(-1)
        elif what == 0:
            took.append(0 if gain_camels(state, who, 1) else -1)
        else:
            state.talents[who] += 1
            took.append(1)
    state.events += ((events.ISHTAR_REWARD, seat, took[0], second, took[1]),)
    state.second = -1


def _marduk(state: AmyitisState) -> None:
    """Marduk's points, then Tammouz's 1st places a field cube (if he has one)."""
    state.events += ((events.MARDUK_REWARD, *scoring.marduk_points(state)),)
    first, second = scoring.temple_ranks(state, TAMMOUZ)
    state.second = second
    has_cube = first >= 0 and state.cubes[first] > 0
    state.events += ((events.TAMMOUZ_REWARD, first, second, int(has_cube)),)
    if has_cube:
        state.current = first
        state.phase = PHASE_TAMMOUZ_FIELD
        return
    _tammouz_exchange(state)


def _tammouz_exchange(state: AmyitisState) -> None:
    second = state.second
    state.second = -1
    if second >= 0:
        if exchange_options(state, second):
            state.current = second
            state.phase = PHASE_EXCHANGE
            return
        state.events += ((events.NO_EXCHANGE, second),)
    _storage_start(state)


def _storage_start(state: AmyitisState) -> None:
    """Seats over their storage limit, clockwise from the start player (§6.4)."""
    state.storage_queue = [(state.start + i) % state.n for i in range(state.n)]
    _storage_next(state)


def _storage_next(state: AmyitisState) -> None:
    queue = state.storage_queue
    while queue:
        seat = queue[0]
        if state.resources_held(seat) > storage_limit(state, seat):
            state.current = seat
            state.phase = PHASE_STORAGE
            return
        queue.pop(0)
    _end_round(state)


def _end_round(state: AmyitisState) -> None:
    """The start player card moves on; the game ends when few tiles are left (§6.5)."""
    data = state.game.data
    state.start = (state.start + 1) % state.n
    left = sum(1 for t in state.square_tile if t >= 0)
    if left <= data.end_threshold[state.n]:
        _finish(state)
    else:
        new_round(state)


def _finish(state: AmyitisState) -> None:
    """Final scoring (§7), and the game is over (few garden tiles are left)."""
    left = sum(1 for t in state.square_tile if t >= 0)
    threshold = state.game.data.end_threshold[state.n]
    scoring.final_scoring(state)
    for s, (bonus, leftover) in enumerate(state.end_bonus):
        tiles = len(state.tiles[s])
        state.events += ((events.FINAL_SCORED, s, tiles, bonus, state.resources_held(s), leftover),)
    state.phase = PHASE_OVER
    winners = tuple(scoring.winners(state))
    decided = scoring.decided_by(state)
    state.events += ((events.GAME_OVER, left, threshold, winners, decided),)


# ---------------------------------------------------------------- a new round


def new_round(state: AmyitisState) -> None:
    """Round setup (§6.1): shuffle the craft cards and deal the rows, bankers' income."""
    data = state.game.data
    state.round += 1
    deck = list(state.game.craft_deck)
    state.rng.shuffle(deck)
    count = state.game.craft_rows * data.cards_per_row
    state.row_cards = deck[:count]
    state.row_taken = [False] * count
    state.events += ((events.NEW_ROUND, state.round, state.start),)
    paid = scoring.pay_bankers(state)
    if paid is not None:
        state.events += ((events.BANKERS_PAID, *paid),)
    state.passed = []
    state.current = state.start
    state.phase = PHASE_ACTION
