"""Which actions are legal, and why one is not: the rules reference §6 as predicates.

This module only reads a state; the state (:mod:`.state`) applies actions and runs the flow
from phase to phase (:mod:`.phases`, §6.0), and :mod:`.scoring` hands out the points. A
reader looking for "may seat 2 do this now, and if not, why?" finds it here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
    CITY_PLANT,
    COURTS,
    CRAFTS,
    ENGINEER,
    GARDENER,
    MAX_LEVEL,
    MERCHANT,
    RESOURCES,
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
    PHASE_PLANT,
    PHASE_PROCESSION,
    PHASE_SELL,
    PHASE_STORAGE,
    PHASE_TAKE,
    PHASE_TAMMOUZ_FIELD,
    PHASE_TASKS,
    PHASE_TEMPLE,
)

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
    reach = quality + state.gardeners[seat]
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


def resources_held(state: AmyitisState, seat: int) -> int:
    base = 5 * seat
    return sum(state.res[base : base + 5])


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
        return resources_held(state, seat) > 0
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
