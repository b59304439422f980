"""What a seat may see, and worlds a seat cannot tell apart from the real one.

In Amyitis almost everything is public (rules reference §5, hidden information): holdings,
cubes, tiles on the board, both faces of every plant card. Only the order of the craft
cards (reshuffled every round from the deck in use) is unknown; it lives in the state's
random generator, which no view shows and :func:`determinize` draws afresh. The garden
tiles left in the box are out of the game; which ones they are follows from the tiles on
the board, so the view names them too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ziggurat.core.rng import Rng

from . import rules, scoring
from .actions import field_text
from .components import (
    CARAVANEER,
    CITY_BABYLON,
    CITY_KINDS,
    COURTS,
    CRAFTS,
    GARDENER_QUALITY,
    NEUTRAL,
    RESOURCES,
    TEMPLES,
)
from .describe import describe_action
from .phases import PHASE_IRRIGATE, PHASE_OVER, PHASE_PLANT, PHASE_TASKS
from .scoring import POINT_SOURCES, SOURCE_COUNT

if TYPE_CHECKING:
    from .state import AmyitisState


def resources_dict(counts: list[int] | tuple[int, ...]) -> dict[str, int]:
    return {RESOURCES[r]: counts[r] for r in range(5)}


def owner_json(state: AmyitisState, owner: int) -> int | str | None:
    """A seat number, ``"neutral"`` for a grey cube, None for an empty space."""
    if owner < 0:
        return None
    return "neutral" if owner == NEUTRAL else owner


def tile_json(state: AmyitisState, tile: int) -> dict[str, Any]:
    """A garden tile: its floor and the bonus its planter receives (§3.5)."""
    data = state.game.data
    bonus: dict[str, Any] = {}
    for key, values in (
        ("vp", data.tile_vp),
        ("talents", data.tile_talents),
        ("camels", data.tile_camels),
        ("resource_choice", data.tile_resource_choice),
    ):
        if values[tile]:
            bonus[key] = values[tile]
    if data.tile_court[tile] >= 0:
        bonus["court"] = COURTS[data.tile_court[tile]]
    if data.tile_court_choice[tile]:
        bonus["court_choice"] = True
    return {"id": data.tile_ids[tile], "floor": data.tile_floor[tile], "bonus": bonus}


def plant_json(state: AmyitisState, card: int) -> dict[str, Any]:
    """A plant card: the face up and the face it turns to after a purchase (§3.3)."""
    data = state.game.data
    faces = data.plant_faces[card]
    up = state.card_face[card]

    def face(i: int) -> dict[str, Any]:
        quality, extra = faces[i]
        return {"quality": quality, "extra": RESOURCES[extra] if extra >= 0 else None}

    return {"card": data.plant_ids[card], "face": up, "up": face(up), "back": face(1 - up)}


def garden_json(state: AmyitisState) -> dict[str, Any]:
    data = state.game.data
    legal = rules.irrigable(state)
    in_use = set(state.game.squares_in_use)
    squares = []
    for s, name in enumerate(data.square_ids):
        tile = state.square_tile[s]
        squares.append(
            {
                "id": name,
                "floor": data.square_floor[s],
                "in_use": s in in_use,
                "tile": tile_json(state, tile) if tile >= 0 else None,
                "planted_by": None if state.planted_by[s] < 0 else state.planted_by[s],
                "irrigated": rules.irrigated(state, s),
                "needs_quality": data.quality_needed[data.square_floor[s] - 1],
            }
        )
    spaces = [
        {
            "id": name,
            "squares": [data.square_ids[q] for q in data.edge_squares[data.space_edge[i]]],
            "owner": owner_json(state, state.space_owner[i]),
            "river": bool(data.river_mask >> i & 1),
            "open": bool(legal >> i & 1),
        }
        for i, name in enumerate(data.space_ids)
    ]
    return {"squares": squares, "spaces": spaces}


def track_json(state: AmyitisState) -> dict[str, Any]:
    data = state.game.data
    cities = []
    for c, name in enumerate(data.city_names):
        entry: dict[str, Any] = {"position": c, "name": name, "kind": CITY_KINDS[data.city_kind[c]]}
        if data.city_kind[c] != CITY_BABYLON:
            entry["demand"] = RESOURCES[data.city_demand[c]]
        if data.city_offer[c]:
            entry["offer"] = [COURTS[t] for t in data.city_offer[c]]
        if state.city_card[c] >= 0:
            entry["plant"] = plant_json(state, state.city_card[c])
        cities.append(entry)
    return {"caravan": state.caravan, "cities": cities}


def seat_json(state: AmyitisState, seat: int) -> dict[str, Any]:
    data = state.game.data
    levels = state.levels[3 * seat : 3 * seat + 3]
    return {
        "talents": state.talents[seat],
        "camels": state.camels[seat],
        "resources": resources_dict(state.res[5 * seat : 5 * seat + 5]),
        "cubes": state.cubes[seat],
        "court": {COURTS[c]: levels[c] for c in range(3)},
        "gardeners": state.gardeners[seat],
        "tiles": [tile_json(state, t) for t in state.tiles[seat]],
        "passed": seat in state.passed,
        "storage_limit": rules.storage_limit(state, seat),
        "caravan_bonus": data.caravaneer_bonus[levels[CARAVANEER]],
        "points": {
            name: state.points[seat * SOURCE_COUNT + i] for i, name in enumerate(POINT_SOURCES)
        },
    }


def _caravan_costs(state: AmyitisState) -> dict[str, int | None]:
    """Camels the seat to move would pay to move the caravan to each city (None: it cannot
    go there by distance); whether it can do the city's action there is in the legal moves."""
    if state.phase == PHASE_OVER:
        return {}
    data = state.game.data
    out: dict[str, int | None] = {}
    for city, name in enumerate(data.city_names):
        cost = rules.caravan_cost(state, state.current, city)
        out[name] = None if cost < 0 else cost
    return out


def _vp(points: int) -> str:
    return f"{points} VP" if points else "no VP"


def _camels(count: int) -> str:
    return f"{count} camel" if count == 1 else f"{count} camels"


def temple_rewards(state: AmyitisState) -> dict[str, list[str]]:
    """Each temple's rewards for its 1st and its 2nd, in words (§6.4; with the data's values):
    what a front end writes beside a temple. How many places are rewarded at this player
    count is ``temple_places_rewarded``."""
    data = state.game.data
    exchange = "an exchange of a resource" + ("" if data.tammouz_may_give_wine else " (not wine)")
    return {
        "ishtar": ["a camel or a talent", "the other"],
        "marduk": [_vp(points) for points in data.marduk_vp],
        "tammouz": ["a field cube and its resource", exchange],
    }


def craft_texts(state: AmyitisState) -> dict[str, list[str]]:
    """What each craftsman does when recruited (§6.2; with the data's values), short (on the
    card) and in a sentence: ``{craft: [short, long]}``."""
    data = state.game.data
    points = f", {data.engineer_vp} VP" if data.engineer_vp else ""
    camels = _camels(data.merchant_camels)
    return {
        "peasant": ["field cube + its resource", "a cube on a field row, taking its resource"],
        "priest": ["a cube into a temple", "a cube into a temple, pushing the others on"],
        "engineer": [f"irrigation cube{points}", f"a cube on an irrigation space{points}"],
        "merchant": [camels, f"{camels} from the stock"],
    }


def pending_plant(state: AmyitisState) -> dict[str, Any] | None:
    """While a plant city waits for its planting: the plant's printed quality, how far it
    reaches with the deciding seat's Gardeners (each adds ``gardener_quality``), and the
    squares it may go on (irrigated, a tile on them, a floor within reach)."""
    if state.phase != PHASE_PLANT:
        return None
    data = state.game.data
    seat = state.current
    _card, quality, _demand = rules.plant_demand(state, state.caravan)
    squares = rules.plantable(state, seat, quality)
    return {
        "city": data.city_names[state.caravan],
        "quality": quality,
        "reach": quality + state.gardeners[seat] * GARDENER_QUALITY,
        "squares": [data.square_ids[q] for q in squares],
    }


def pending_irrigation(state: AmyitisState) -> dict[str, Any] | None:
    """While an irrigation space is being chosen: what the cube scores and why (an engineer's,
    or the one after a sale at Babylon), as ``{source, points}`` (``source`` one of the
    point sources)."""
    if state.phase != PHASE_IRRIGATE:
        return None
    return {"source": POINT_SOURCES[state.irrigate_source], "points": state.irrigate_vp}


def rules_json(state: AmyitisState) -> dict[str, Any]:
    """The rule values a table shows in its legends, from the data file in use (and the
    rewards and craftsmen's effects worded with them)."""
    data = state.game.data
    return {
        "recruit_costs": list(data.recruit_costs),
        "engineer_vp": data.engineer_vp,
        "merchant_camels": data.merchant_camels,
        "babylon_vp_per_resource": data.babylon_vp,
        "babylon_max_resources": data.babylon_max,
        "babylon_irrigation_vp": data.babylon_irrigation_vp,
        "marduk_vp": list(data.marduk_vp),
        "temple_places_rewarded": data.temple_ranks[state.n],
        "banker_income": [{"talents": t, "vp": v} for t, v in data.banker_income],
        "caravaneer_bonus": list(data.caravaneer_bonus),
        "storage_by_caravaneer_level": list(data.storage),
        "palace_vp": list(data.palace_vp),
        "quality_needed_by_floor": list(data.quality_needed),
        "pass_later_turn_income": data.pass_later_income,
        "amyitis_bonus": [list(step) for step in data.amyitis_bonus[state.n]],
        "vp_per_leftover_resource": data.vp_per_leftover,
        "field_tie_rule": "rightmost" if data.field_tie_rightmost else "none",
        "field_length": data.field_length,
        "tammouz_may_give_wine": data.tammouz_may_give_wine,
        "tiebreak": list(data.tiebreak),
        "temple_tie_rule": "rightmost" if data.temple_tie_rightmost else "none",
        "gardener_quality": GARDENER_QUALITY,
        "temple_rewards": temple_rewards(state),
        "craft_texts": craft_texts(state),
    }


def view(state: AmyitisState, seat: int | None) -> dict[str, Any]:
    """Everything at the table as JSON-ready data (nothing in Amyitis is private to a seat);
    the kernel has checked ``seat``."""
    game = state.game
    data = game.data
    over = state.phase == PHASE_OVER
    size = data.cards_per_row
    rows = []
    for row in range(game.craft_rows):
        cost = rules.row_cost(state, row)
        rows.append(
            {
                "row": row + 1,
                "cost": None if cost < 0 else cost,
                "cards": [
                    {"kind": CRAFTS[state.row_cards[i]], "taken": state.row_taken[i]}
                    for i in range(row * size, (row + 1) * size)
                ],
            }
        )
    court_left = {COURTS[c]: state.court_left[3 * c : 3 * c + 3] for c in range(3)}
    on_board = {t for t in state.square_tile if t >= 0}
    owned = {t for tiles in state.tiles for t in tiles}
    out: dict[str, Any] = {
        "players": [seat_json(state, s) for s in range(state.n)],
        "round": state.round,
        "task": PHASE_TASKS[state.phase],
        "start": state.start,
        "pass_order": list(state.passed),
        "craft_rows": rows,
        "fields": [
            {
                "row": field_text(r),
                "spaces": [
                    {
                        "resource": RESOURCES[res],
                        "owner": state.fields[r][i] if i < len(state.fields[r]) else None,
                    }
                    for i, res in enumerate(data.fields[r])
                ],
            }
            for r in range(len(data.fields))
        ],
        "temples": {TEMPLES[t]: [owner_json(state, o) for o in state.temples[t]] for t in range(3)},
        "temple_length": data.temple_length,
        "garden": garden_json(state),
        "track": track_json(state),
        "stock": {
            "resources": resources_dict(state.res_stock),
            "camels": state.camel_stock,
            "court": court_left,
            "gardeners": state.gardeners_left,
        },
        "tiles_left": len(on_board),
        "end_threshold": data.end_threshold[state.n],
        "box": sorted(
            data.tile_ids[t] for t in range(len(data.tile_ids)) if t not in on_board | owned
        ),
        "pending": {
            "resources": state.pending_resources,
            "court_choice": state.pending_choice,
            "second": None if state.second < 0 else state.second,
            "irrigation": pending_irrigation(state),
            "plant": pending_plant(state),
        },
        "automatic": [a.text for a in state.automatic],
        "automatic_moves": [
            {"seat": seat, "action": a.text, "words": describe_action(game, a, seat, seat)["words"]}
            for seat, a in zip(state.automatic_seats, state.automatic, strict=True)
        ],
        "temple_places": {
            TEMPLES[t]: [None if s < 0 else s for s in scoring.temple_ranks(state, t)]
            for t in range(3)
        },
        "field_leaders": [
            None if (leader := scoring.field_majority(state, r)) < 0 else leader
            for r in range(len(data.fields))
        ],
        "caravan_costs": _caravan_costs(state),
        "rules": rules_json(state),
    }
    if over:
        out["final"] = [
            {"amyitis": bonus, "leftover": leftover} for bonus, leftover in state.end_bonus
        ]
    return out


def determinize(state: AmyitisState, seat: int, rng: Any) -> AmyitisState:
    """A full state that ``seat`` cannot tell from this one: the future craft deals (the
    state's generator) drawn from ``rng``. Everything else is public. The kernel has checked
    ``seat``."""
    other = state.clone()
    other.rng = Rng(rng.randrange(1 << 64))
    return other
