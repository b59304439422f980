"""Amyitis's observation tensor (docs/rl.md). Everything at an Amyitis table is public but the
order of the craft deck (the generator's state), so every seat's tensor holds the whole
table, laid out from its own point of view: per-seat sections and owners list the observer
first (see :mod:`ziggurat.core.observation`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ziggurat.core.observation import Layout, Section, scaled

from . import rules
from .components import CRAFTS, NEUTRAL
from .phases import PHASE_IRRIGATE, PHASE_OVER, PHASE_TASKS
from .scoring import SOURCE_COUNT

if TYPE_CHECKING:
    from .state import AmyitisState

SEAT_FEATURES = 17
VP_BOUND = 150
SOURCE_BOUND = 60
ROUND_BOUND = 12


def layout(game: Any) -> Layout:
    n = game.num_players
    data = game.data
    owners = n + 1  # each seat (observer first), then the neutral grey cubes
    return Layout(
        (
            Section(
                "seats",
                (n, SEAT_FEATURES),
                "per seat, observer first: talents / 20, camels / 15, barley, salt, wine, "
                "linen, spice / 10 each, cubes in supply / 30, banker, caravaneer and palace "
                "levels / 3, gardeners / 3, tiles held / 10, passed, place in the pass order / "
                f"players, storage limit / 10, points / {VP_BOUND}",
            ),
            Section(
                "points_by_source",
                (n, SOURCE_COUNT),
                f"per seat: points by source / {SOURCE_BOUND}, as scoring.POINT_SOURCES lists them",
            ),
            Section("to_move", (n,), "1 at the seat to decide, observer first"),
            Section("start", (n,), "1 at the round's start player, observer first"),
            Section("phase", (len(PHASE_TASKS),), "what is being decided, by phase"),
            Section(
                "pending",
                (4 + n + SOURCE_COUNT,),
                f"round / {ROUND_BOUND}; resources still to take / 5; a court choice pending; "
                "the points / 10 of an irrigation cube being placed; the seat due a second "
                "action (observer first, players values); the source that cube scores for "
                "(one per point source)",
            ),
            Section(
                "craft_rows",
                (game.craft_rows * data.cards_per_row, len(CRAFTS) + 1),
                "per craft card, row by row: its kind (peasant, priest, engineer, merchant) "
                "and whether it is taken",
            ),
            Section(
                "fields",
                (len(data.fields), data.field_length, owners),
                "per field row and space: the cube's owner (observer first, then neutral)",
            ),
            Section(
                "temples",
                (3, data.temple_length, owners),
                "per temple (Ishtar, Marduk, Tammouz) and place: the cube's owner",
            ),
            Section(
                "squares",
                (len(data.square_ids), len(data.tile_ids) + n + 2),
                "per garden square: the tile on it (one of the garden tiles), who planted "
                "there (observer first), irrigated, in use at this player count",
            ),
            Section(
                "spaces",
                (len(data.space_ids), owners + 1),
                "per irrigation space: its cube's owner (observer first, then neutral), and "
                "whether a cube may go there now",
            ),
            Section("caravan", (len(data.city_names),), "1 at the caravan's city"),
            Section(
                "city_plants",
                (len(data.city_names), len(data.plant_ids) + 1),
                "per city: the plant card waiting there (one of the plants) and its face "
                "(1: turned)",
            ),
            Section(
                "stock",
                (17,),
                "the stock: barley, salt, wine, linen, spice / 10 each, camels / 20, the court "
                "cards left by court and level / 3 each (9), gardeners / 3, garden tiles left "
                "on the board / 20",
            ),
        )
    )


def encode(state: AmyitisState, seat: int, out: Any) -> None:
    game = state.game
    data = game.data
    at = game.observation_layout.starts
    n = state.n
    owners = n + 1

    def rel(owner: int) -> int:
        return n if owner == NEUTRAL else (owner - seat) % n

    passed = state.passed
    values: list[float] = []
    for k in range(n):
        s = (seat + k) % n
        res = state.res[5 * s : 5 * s + 5]
        levels = state.levels[3 * s : 3 * s + 3]
        values += [
            scaled(state.talents[s], 20),
            scaled(state.camels[s], 15),
            *(scaled(r, 10) for r in res),
            scaled(state.cubes[s], 30),
            *(scaled(level, 3) for level in levels),
            scaled(state.gardeners[s], 3),
            scaled(len(state.tiles[s]), 10),
            1.0 if s in passed else 0.0,
            (passed.index(s) + 1) / n if s in passed else 0.0,
            scaled(rules.storage_limit(state, s), 10),
            scaled(state.vp[s], VP_BOUND),
        ]
    out[at["seats"] : at["seats"] + len(values)] = values
    points = state.points
    values = []
    for k in range(n):
        s = (seat + k) % n
        values += [
            scaled(p, SOURCE_BOUND) for p in points[s * SOURCE_COUNT : (s + 1) * SOURCE_COUNT]
        ]
    out[at["points_by_source"] : at["points_by_source"] + len(values)] = values
    if state.phase != PHASE_OVER:
        out[at["to_move"] + (state.current - seat) % n] = 1.0
    out[at["start"] + (state.start - seat) % n] = 1.0
    out[at["phase"] + state.phase] = 1.0
    pending = at["pending"]
    out[pending] = scaled(state.round, ROUND_BOUND)
    out[pending + 1] = scaled(state.pending_resources, 5)
    out[pending + 2] = 1.0 if state.pending_choice else 0.0
    if state.phase == PHASE_IRRIGATE:
        out[pending + 3] = scaled(state.irrigate_vp, 10)
        out[pending + 4 + n + state.irrigate_source] = 1.0
    if state.second >= 0:
        out[pending + 4 + (state.second - seat) % n] = 1.0
    width = len(CRAFTS) + 1
    rows = at["craft_rows"]
    for i, kind in enumerate(state.row_cards):
        out[rows + i * width + kind] = 1.0
        if state.row_taken[i]:
            out[rows + i * width + len(CRAFTS)] = 1.0
    fields = at["fields"]
    length = data.field_length
    for r, cubes in enumerate(state.fields):
        for i, owner in enumerate(cubes):
            out[fields + (r * length + i) * owners + rel(owner)] = 1.0
    temples = at["temples"]
    for t, places in enumerate(state.temples):
        for i, owner in enumerate(places):
            if owner >= 0:
                out[temples + (t * data.temple_length + i) * owners + rel(owner)] = 1.0
    tiles = len(data.tile_ids)
    width = tiles + n + 2
    squares = at["squares"]
    in_use = game.squares_in_use
    for q in range(len(data.square_ids)):
        row = squares + q * width
        tile = state.square_tile[q]
        if tile >= 0:
            out[row + tile] = 1.0
        if state.planted_by[q] >= 0:
            out[row + tiles + (state.planted_by[q] - seat) % n] = 1.0
        if rules.irrigated(state, q):
            out[row + tiles + n] = 1.0
        if q in in_use:
            out[row + tiles + n + 1] = 1.0
    spaces = at["spaces"]
    open_mask = rules.irrigable(state)
    for i, owner in enumerate(state.space_owner):
        if owner >= 0:
            out[spaces + i * (owners + 1) + rel(owner)] = 1.0
        if open_mask >> i & 1:
            out[spaces + i * (owners + 1) + owners] = 1.0
    out[at["caravan"] + state.caravan] = 1.0
    plants = len(data.plant_ids)
    city_plants = at["city_plants"]
    for c, card in enumerate(state.city_card):
        if card >= 0:
            out[city_plants + c * (plants + 1) + card] = 1.0
            out[city_plants + c * (plants + 1) + plants] = float(state.card_face[card])
    on_board = sum(1 for t in state.square_tile if t >= 0)
    out[at["stock"] : at["stock"] + 17] = [
        *(scaled(r, 10) for r in state.res_stock),
        scaled(state.camel_stock, 20),
        *(scaled(c, 3) for c in state.court_left),
        scaled(state.gardeners_left, 3),
        scaled(on_board, 20),
    ]
