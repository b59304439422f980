"""Babylonia's observation tensor: what one seat sees, as fixed-shape numbers (docs/rl.md).

Read from the state's own fields for speed, but only those ``view(seat)`` shows: face-down
river tokens are "a token of seat s" for everyone but their owner, who also sees their kind;
a stand is counted by kind for its owner only (the others see its size); a bag only by size.
Per-seat blocks and the "whose turn" section list the observer first (see
:mod:`ziggurat.core.observation`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ziggurat.core.hexgrid import iter_bits
from ziggurat.core.observation import DTYPE, Layout, Section, relative_seats, scaled

from .cards import CARD_AVAILABLE, CARD_NOT_IN_PLAY
from .phases import PHASE_SCORE, PHASE_TASKS
from .pieces import CITY_NAMES, FIELD_NAMES, TOKEN_NAMES
from .placement import first_round_limit
from .scoring import requiring_scoring

if TYPE_CHECKING:
    from .state import BabyloniaState

KINDS = len(TOKEN_NAMES)  # merchant, servant, priest, farmer
CITY_CODES = sorted(CITY_NAMES)  # the seven city tiles, by code
FIELD_CODES = sorted(FIELD_NAMES)  # the four crop fields, by code
SCORE_BOUND = 200
TURN_BOUND = 100
TOKENS_BOUND = 30  # a seat's whole supply
CITIES_BOUND = 20


def _hex_features(players: int) -> int:
    # per relative seat: face up by kind + face down; then the observer's face-down kinds;
    # land, river; ziggurat unscored, scored; city tile; crop field; placed this turn; to score
    return players * (KINDS + 1) + KINDS + 2 + 2 + len(CITY_CODES) + len(FIELD_CODES) + 2


def layout(game: Any) -> Layout:
    n = game.num_players
    hexes = len(game.board.cells)
    per_seat = KINDS
    return Layout(
        (
            Section(
                "hexes",
                (hexes, _hex_features(n)),
                f"per hex in the board's order: for each seat (observer first) {KINDS} "
                "face-up token kinds (merchant, servant, priest, farmer) and 1 face-down token; "
                "then the observer's own face-down token by kind (4); land, river; ziggurat "
                f"unscored, scored; city tile (codes {CITY_CODES}); crop field (codes "
                f"{FIELD_CODES}); placed this turn; must be scored now",
            ),
            Section("to_move", (n,), "1 at the seat to decide, observer first"),
            Section(
                "phase",
                (len(PHASE_TASKS),),
                "what is being decided: place, score, card, extra turn, over",
            ),
            Section("score", (n,), f"points per seat / {SCORE_BOUND}, observer first"),
            Section("cities_won", (n,), f"cities in front of each seat / {CITIES_BOUND}"),
            Section("own_stand", (per_seat,), "the observer's stand by kind / 7"),
            Section(
                "stands",
                (n, 2),
                "per seat: stand size / 7 and stand capacity / 7, observer first",
            ),
            Section(
                "supplies",
                (n, 2),
                f"per seat: bag size / {TOKENS_BOUND} and tokens on the board / {TOKENS_BOUND}",
            ),
            Section(
                "cards",
                (9, n + 3),
                "per ziggurat card 1-9: held by each seat (observer first), available, spent, "
                "not in play",
            ),
            Section(
                "turn",
                (7,),
                f"turn number / {TURN_BOUND}; first-round limit / 2; tokens placed this turn / 7, "
                "farmers / 7, nobles / 7, river tokens / 7; cities on the board / "
                f"{CITIES_BOUND}",
            ),
            Section(
                "nobles_placed",
                (3,),
                "the noble kinds placed this turn (merchant, servant, priest)",
            ),
        )
    )


def _plan(game: Any) -> dict[str, Any]:
    """Offsets and the board's constant planes, worked out once per game."""
    plan: dict[str, Any] | None = game.__dict__.get("_observation_plan")
    if plan is not None:
        return plan
    board = game.board
    n = game.num_players
    lay = game.observation_layout
    width = _hex_features(n)
    row_of = {bit: i for i, (bit, *_rest) in enumerate(board.cells)}
    static = [0.0] * (len(board.cells) * width)
    base = n * (KINDS + 1) + KINDS
    for i, (_bit, _coord, terrain, _mass) in enumerate(board.cells):
        static[i * width + base + (0 if terrain == "land" else 1)] = 1.0
    plan = {
        "width": width,
        "row_of": row_of,
        "static": np.array(static, dtype=DTYPE),  # copied in whole: one memcpy a call
        "own_hidden": n * (KINDS + 1),
        "terrain": base,
        "zig": base + 2,
        "city": base + 4,
        "field": base + 4 + len(CITY_CODES),
        "placed": base + 4 + len(CITY_CODES) + len(FIELD_CODES),
        "city_index": {code: i for i, code in enumerate(CITY_CODES)},
        "field_index": {code: i for i, code in enumerate(FIELD_CODES)},
        **{name: lay.offset(name) for name in (s.name for s in lay.sections)},
    }
    game.__dict__["_observation_plan"] = plan
    return plan


def encode(state: BabyloniaState, seat: int, out: Any) -> None:
    game = state.game
    plan = _plan(game)
    n = state.n
    width = plan["width"]
    row_of = plan["row_of"]
    hexes = plan["hexes"]
    static = plan["static"]
    out[hexes : hexes + len(static)] = static
    order = relative_seats(seat, n)
    for rel, owner in enumerate(order):
        block = rel * (KINDS + 1)
        for kind in range(KINDS):
            for b in iter_bits(state.kind_up[4 * owner + kind]):
                out[hexes + row_of[b] * width + block + kind] = 1.0
            for b in iter_bits(state.hid[4 * owner + kind]):
                at = hexes + row_of[b] * width
                out[at + block + KINDS] = 1.0
                if owner == seat:
                    out[at + plan["own_hidden"] + kind] = 1.0
    zig = plan["zig"]
    unscored = state.zig_unscored
    for b in game.board.ziggurat_bits:
        out[hexes + row_of[b] * width + zig + (0 if unscored >> b & 1 else 1)] = 1.0
    tile_at = state.tile_at
    city, city_index = plan["city"], plan["city_index"]
    for b in iter_bits(state.cities):
        out[hexes + row_of[b] * width + city + city_index[tile_at[b]]] = 1.0
    field, field_index = plan["field"], plan["field_index"]
    for b in iter_bits(state.fields & ~state.cities):
        out[hexes + row_of[b] * width + field + field_index[tile_at[b]]] = 1.0
    placed = plan["placed"]
    for b in iter_bits(state.placed_mask):
        out[hexes + row_of[b] * width + placed] = 1.0
    if state.phase == PHASE_SCORE:
        for b in iter_bits(requiring_scoring(state)):
            out[hexes + row_of[b] * width + placed + 1] = 1.0

    if not state.is_terminal():
        out[plan["to_move"] + (state.current - seat) % n] = 1.0
    out[plan["phase"] + state.phase] = 1.0
    score, won, stands, supplies = (
        plan["score"],
        plan["cities_won"],
        plan["stands"],
        plan["supplies"],
    )
    for rel, s in enumerate(order):
        out[score + rel] = scaled(state.score[s], SCORE_BOUND)
        out[won + rel] = scaled(state.cities_won[s], CITIES_BOUND)
        out[stands + 2 * rel] = scaled(sum(state.stand_counts(s)), 7)
        out[stands + 2 * rel + 1] = scaled(state.stand_capacity(s), 7)
        out[supplies + 2 * rel] = scaled(sum(state.bag_counts(s)), TOKENS_BOUND)
        out[supplies + 2 * rel + 1] = scaled(state.tok[s].bit_count(), TOKENS_BOUND)
    own = plan["own_stand"]
    for kind, count in enumerate(state.stand_counts(seat)):
        out[own + kind] = scaled(count, 7)
    cards = plan["cards"]
    for number in range(1, 10):
        row = cards + (number - 1) * (n + 3)
        owner = state.card_owner[number]
        if owner == CARD_NOT_IN_PLAY:
            out[row + n + 2] = 1.0
            continue
        if owner == CARD_AVAILABLE:
            out[row + n] = 1.0
        else:
            out[row + (owner - seat) % n] = 1.0
        if state.card_spent >> number & 1:
            out[row + n + 1] = 1.0
    turn = plan["turn"]
    out[turn : turn + 7] = [
        scaled(state.turn_number, TURN_BOUND),
        scaled(first_round_limit(state), 2),
        scaled(state.placed, 7),
        scaled(state.placed_farmers, 7),
        scaled(state.placed_nobles, 7),
        scaled(state.placed_river, 7),
        scaled(state.cities.bit_count(), CITIES_BOUND),
    ]
    nobles = plan["nobles_placed"]
    for kind in range(3):
        if state.noble_kinds >> kind & 1:
            out[nobles + kind] = 1.0
