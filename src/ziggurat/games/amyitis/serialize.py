"""The saved form of a state, the random generator included: :func:`state_fields` writes
what follows the kernel's preamble (format, game, options, data version, events), and
:func:`read_state` reads it back once the kernel has checked that preamble.

Things are written by their data-file names (resources, craftsmen, squares, spaces, tiles,
plant cards, cities), so a saved game reads like the table. Reading checks the shape with
pydantic, then what a shape cannot say: every cube, camel, resource token, court card and
garden tile is somewhere exactly once (rules reference §3.6), and the phase and the seat to
move agree with the rest. A corrupt or foreign file raises
:class:`~ziggurat.core.errors.CorruptState` naming what is wrong and builds nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ziggurat.core.components import describe_validation_error
from ziggurat.core.errors import CorruptState
from ziggurat.core.kernel import StatePreamble
from ziggurat.core.rng import Rng

from . import rules
from .components import COURTS, CRAFTS, EMPTY, MAX_LEVEL, NEUTRAL, RESOURCES
from .phases import PHASE_ACTION, PHASE_NAMES, PHASE_OVER
from .scoring import POINT_SOURCES, SOURCE_COUNT
from .state import AmyitisState

if TYPE_CHECKING:
    from .game import AmyitisGame

Owner = int | Literal["neutral"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SeatJson(_Model):
    talents: int = Field(ge=0)
    camels: int = Field(ge=0)
    resources: list[int] = Field(min_length=5, max_length=5)
    vp: int
    points: list[int]
    cubes: int = Field(ge=0)
    court: list[int] = Field(min_length=3, max_length=3)
    gardeners: int = Field(ge=0)
    tiles: list[str]


class StockJson(_Model):
    resources: list[int] = Field(min_length=5, max_length=5)
    camels: int = Field(ge=0)
    court: list[int] = Field(min_length=9, max_length=9)
    gardeners: int = Field(ge=0)


class RowsJson(_Model):
    cards: list[str]
    taken: list[bool]


class PendingJson(_Model):
    resources: int = Field(ge=0)
    court_choice: bool
    second: int
    irrigate_vp: int = Field(ge=0)
    irrigate_source: int = Field(ge=0)
    storage_queue: list[int]


class StateJson(StatePreamble):
    """The whole saved state: the kernel's preamble, then Amyitis's fields."""

    game: Literal["amyitis"]
    rng: int = Field(ge=0, lt=1 << 64)
    round: int = Field(ge=1)
    phase: str
    current: int
    start: int
    players: list[SeatJson]
    stock: StockJson
    craft_rows: RowsJson
    passed: list[int]
    fields: list[list[int]]
    temples: list[list[Owner]] = Field(min_length=3, max_length=3)
    spaces: dict[str, Owner]
    tiles: dict[str, str]
    planted: dict[str, int]
    caravan: int
    plant_cards: dict[str, list[Any]]
    pending: PendingJson
    end_bonus: list[list[int]]
    automatic: list[str]
    automatic_seats: list[int]


def state_fields(state: AmyitisState) -> dict[str, Any]:
    """Every field of ``state`` after the preamble, by data-file names."""
    data = state.game.data

    def owner(o: int) -> Owner:
        return "neutral" if o == NEUTRAL else o

    k = SOURCE_COUNT
    return {
        "rng": state.rng.state,
        "round": state.round,
        "phase": PHASE_NAMES[state.phase],
        "current": state.current,
        "start": state.start,
        "players": [
            {
                "talents": state.talents[s],
                "camels": state.camels[s],
                "resources": state.res[5 * s : 5 * s + 5],
                "vp": state.vp[s],
                "points": state.points[s * k : (s + 1) * k],
                "cubes": state.cubes[s],
                "court": state.levels[3 * s : 3 * s + 3],
                "gardeners": state.gardeners[s],
                "tiles": [data.tile_ids[t] for t in state.tiles[s]],
            }
            for s in range(state.n)
        ],
        "stock": {
            "resources": state.res_stock[:],
            "camels": state.camel_stock,
            "court": state.court_left[:],
            "gardeners": state.gardeners_left,
        },
        "craft_rows": {
            "cards": [CRAFTS[k] for k in state.row_cards],
            "taken": state.row_taken[:],
        },
        "passed": state.passed[:],
        "fields": [f[:] for f in state.fields],
        "temples": [[owner(o) for o in t] for t in state.temples],
        "spaces": {
            data.space_ids[i]: owner(o) for i, o in enumerate(state.space_owner) if o != EMPTY
        },
        "tiles": {
            data.square_ids[s]: data.tile_ids[t] for s, t in enumerate(state.square_tile) if t >= 0
        },
        "planted": {data.square_ids[s]: p for s, p in enumerate(state.planted_by) if p >= 0},
        "caravan": state.caravan,
        "plant_cards": {
            data.city_names[c]: [data.plant_ids[card], state.card_face[card]]
            for c, card in enumerate(state.city_card)
            if card >= 0
        },
        "pending": {
            "resources": state.pending_resources,
            "court_choice": state.pending_choice,
            "second": state.second,
            "irrigate_vp": state.irrigate_vp,
            "irrigate_source": state.irrigate_source,
            "storage_queue": state.storage_queue[:],
        },
        "end_bonus": [list(b) for b in state.end_bonus],
        "automatic": [a.text for a in state.automatic],
        "automatic_seats": list(state.automatic_seats),
    }


class _Reader:
    def __init__(self) -> None:
        self.source = "Amyitis state"

    def fail(self, message: str) -> CorruptState:
        return CorruptState(f"{self.source}: {message}")

    def need(self, ok: bool, message: str) -> None:
        if not ok:
            raise self.fail(message)


def read_state(game: AmyitisGame, data: dict[str, Any]) -> AmyitisState:
    """The state ``data`` holds (its game, options and data version checked by the kernel);
    :class:`CorruptState` names the first thing found wrong."""
    rd = _Reader()
    try:
        parsed = StateJson.model_validate(data)
    except ValidationError as err:
        raise CorruptState(describe_validation_error(rd.source, err)) from None
    need = rd.need
    d = game.data
    n = game.num_players
    need(len(parsed.players) == n, f"players needs {n} entries")
    need(parsed.phase in PHASE_NAMES, f"phase {parsed.phase!r} is not one of {list(PHASE_NAMES)}")
    need(0 <= parsed.current < n and 0 <= parsed.start < n, "seat numbers out of range")
    need(0 <= parsed.caravan < d.track_length, f"caravan must be 0..{d.track_length - 1}")
    state = AmyitisState(game)
    state.rng = Rng(0)
    state.rng.state = parsed.rng
    state.round = parsed.round
    state.phase = PHASE_NAMES.index(parsed.phase)
    state.current = parsed.current
    state.start = parsed.start
    state.caravan = parsed.caravan
    tile_index = {t: i for i, t in enumerate(d.tile_ids)}
    square_index = {s: i for i, s in enumerate(d.square_ids)}
    for s, p in enumerate(parsed.players):
        where = f"players[{s}]"
        need(all(x >= 0 for x in p.resources), f"{where}.resources must be >= 0")
        need(all(0 <= x <= MAX_LEVEL for x in p.court), f"{where}.court levels are 0..{MAX_LEVEL}")
        state.talents[s] = p.talents
        state.camels[s] = p.camels
        state.res[5 * s : 5 * s + 5] = p.resources
        state.vp[s] = p.vp
        k = SOURCE_COUNT
        need(
            len(p.points) == k and sum(p.points) == p.vp,
            f"{where}.points gives the vp by source ({', '.join(POINT_SOURCES)}), adding up to vp",
        )
        state.points[s * k : (s + 1) * k] = p.points
        state.cubes[s] = p.cubes
        state.levels[3 * s : 3 * s + 3] = p.court
        state.gardeners[s] = p.gardeners
        for t in p.tiles:
            need(t in tile_index, f"{where}.tiles: {t!r} is not a garden tile")
        state.tiles[s] = [tile_index[t] for t in p.tiles]
    stock = parsed.stock
    need(all(x >= 0 for x in stock.resources + stock.court), "stock counts must be >= 0")
    state.res_stock = stock.resources[:]
    state.camel_stock = stock.camels
    state.court_left = stock.court[:]
    state.gardeners_left = stock.gardeners
    rows = parsed.craft_rows
    size = game.craft_rows * d.cards_per_row
    need(
        len(rows.cards) == size and len(rows.taken) == size,
        f"craft_rows needs {size} cards and {size} taken flags",
    )
    for k in rows.cards:
        need(k in CRAFTS, f"craft_rows: {k!r} is not one of {list(CRAFTS)}")
    state.row_cards = [CRAFTS.index(k) for k in rows.cards]
    state.row_taken = rows.taken[:]
    dealt = sorted(state.row_cards)
    need(
        all(dealt.count(k) <= game.craft_deck.count(k) for k in set(dealt)),
        "craft_rows holds more cards of a kind than the deck in use",
    )
    need(
        len(set(parsed.passed)) == len(parsed.passed) and all(0 <= s < n for s in parsed.passed),
        "passed lists distinct seats",
    )
    state.passed = parsed.passed[:]
    need(len(parsed.fields) == len(d.fields), f"fields needs {len(d.fields)} rows")
    for r, row in enumerate(parsed.fields):
        need(len(row) < d.field_length, f"fields[{r}] holds at most {d.field_length - 1} cubes")
        need(all(0 <= o < n for o in row), f"fields[{r}] holds seat numbers")
    state.fields = [row[:] for row in parsed.fields]

    def owner(o: Owner, where: str) -> int:
        if o == "neutral":
            return NEUTRAL
        need(isinstance(o, int) and 0 <= o < n, f"{where}: {o!r} is not a seat or 'neutral'")
        return o  # type: ignore[return-value]

    for t, line in enumerate(parsed.temples):
        need(len(line) <= d.temple_length, f"temples[{t}] holds at most {d.temple_length} cubes")
        state.temples[t] = [owner(o, f"temples[{t}]") for o in line]
    space_index = {s: i for i, s in enumerate(d.space_ids)}
    for name, o in parsed.spaces.items():
        need(name in space_index, f"spaces: {name!r} is not an irrigation space")
        i = space_index[name]
        state.space_owner[i] = owner(o, f"spaces[{name}]")
        state.occupied |= 1 << i
        if state.space_owner[i] == NEUTRAL:
            state.neutral_mask |= 1 << i
    in_use = set(game.squares_in_use)
    for name, t in parsed.tiles.items():
        need(name in square_index, f"tiles: {name!r} is not a square")
        need(t in tile_index, f"tiles[{name}]: {t!r} is not a garden tile")
        s = square_index[name]
        need(s in in_use, f"tiles: {name} is not in use at {n} players")
        floor_ok = d.tile_floor[tile_index[t]] == d.square_floor[s]
        need(floor_ok, f"tiles[{name}]: {t} belongs to another floor")
        state.square_tile[s] = tile_index[t]
    for name, p in parsed.planted.items():
        need(name in square_index and 0 <= p < n, f"planted: {name!r} -> {p!r}")
        s = square_index[name]
        need(state.square_tile[s] < 0 and s in in_use, f"planted: {name} still holds a tile")
        state.planted_by[s] = p
    _read_plants(game, state, parsed, rd)
    pending = parsed.pending
    state.pending_resources = pending.resources
    state.pending_choice = pending.court_choice
    state.second = pending.second
    state.irrigate_vp = pending.irrigate_vp
    need(pending.irrigate_source < len(POINT_SOURCES), "pending.irrigate_source out of range")
    state.irrigate_source = pending.irrigate_source
    need(-1 <= pending.second < n, "pending.second is a seat or -1")
    need(all(0 <= s < n for s in pending.storage_queue), "pending.storage_queue lists seats")
    state.storage_queue = pending.storage_queue[:]
    need(
        all(len(b) == 2 for b in parsed.end_bonus)
        and len(parsed.end_bonus) in ((n,) if state.phase == PHASE_OVER else (0,)),
        f"end_bonus holds [amyitis, leftover] for each of {n} seats once the game is over",
    )
    state.end_bonus = [(b[0], b[1]) for b in parsed.end_bonus]
    automatic = []
    for text in parsed.automatic:
        action = game.actions.by_text.get(text)
        need(action is not None, f"automatic: {text!r} is not an action")
        automatic.append(action)
    state.automatic = tuple(automatic)
    need(
        len(parsed.automatic_seats) == len(automatic)
        and all(0 <= s < n for s in parsed.automatic_seats),
        "automatic_seats names the seat of each automatic action",
    )
    state.automatic_seats = tuple(parsed.automatic_seats)
    _check_conservation(game, state, rd)
    _check_turn(state, rd)
    return state


def _check_conservation(game: AmyitisGame, state: AmyitisState, rd: _Reader) -> None:
    """Every component somewhere exactly once (§3.6)."""
    d = game.data
    n = state.n
    need = rd.need
    for s in range(n):
        placed = (
            sum(row.count(s) for row in state.fields)
            + sum(t.count(s) for t in state.temples)
            + state.space_owner.count(s)
        )
        need(
            state.cubes[s] + placed == d.cubes_per_player,
            f"seat {s} has {state.cubes[s]} cubes in supply and {placed} placed, "
            f"not {d.cubes_per_player}",
        )
    need(
        state.camel_stock + sum(state.camels) == d.camel_tokens,
        f"camels held and in stock must add up to {d.camel_tokens}",
    )
    for r in range(5):
        held = sum(state.res[5 * s + r] for s in range(n))
        need(
            held + state.res_stock[r] == d.tokens_per_resource,
            f"{RESOURCES[r]} held and in stock must add up to {d.tokens_per_resource}",
        )
    copies = d.court_copies[n]
    for c in range(3):
        for level in range(MAX_LEVEL):
            holders = sum(1 for s in range(n) if state.levels[3 * s + c] == level + 1)
            need(
                holders + state.court_left[3 * c + level] == copies[c],
                f"{COURTS[c]} level {level + 1}: held and left must add up to {copies[c]}",
            )
    need(
        sum(state.gardeners) + state.gardeners_left == d.gardeners,
        f"gardeners held and left must add up to {d.gardeners}",
    )
    owned = [t for tiles in state.tiles for t in tiles]
    on_board = [t for t in state.square_tile if t >= 0]
    need(len(set(owned + on_board)) == len(owned) + len(on_board), "a garden tile is in two places")
    for s in range(n):
        need(
            state.planted_by.count(s) == len(state.tiles[s]),
            f"seat {s} owns {len(state.tiles[s])} tiles but planted "
            f"{state.planted_by.count(s)} squares",
        )
    need(
        len(game.squares_in_use) == len(on_board) + len(owned),
        "every square in use holds a tile or has been planted",
    )


def _check_turn(state: AmyitisState, rd: _Reader) -> None:
    """The phase and the seat to move agree with the rest, and the phase has a choice."""
    need = rd.need
    if state.phase == PHASE_ACTION:
        need(state.current not in state.passed, "the seat to act has passed")
        need(len(state.passed) < state.n, "every seat has passed but the action phase goes on")
    if state.phase != PHASE_OVER:
        need(
            len(rules.legal_actions(state)) >= 2,
            f"phase {PHASE_NAMES[state.phase]} gives seat {state.current} no choice to make",
        )


def _read_plants(game: AmyitisGame, state: AmyitisState, parsed: StateJson, rd: _Reader) -> None:
    d = game.data
    need = rd.need
    plant_cities = {d.city_names[c] for c in d.plant_cities}
    need(set(parsed.plant_cards) == plant_cities, f"plant_cards names {sorted(plant_cities)}")
    seen = set()
    for city, entry in parsed.plant_cards.items():
        need(
            len(entry) == 2 and entry[0] in d.plant_ids and entry[1] in (0, 1),
            f"plant_cards[{city}] is [card id, face 0 or 1]",
        )
        card = d.plant_ids.index(entry[0])
        need(card not in seen, f"plant card {entry[0]} lies on two cities")
        seen.add(card)
        c = d.city_names.index(city)
        need(
            (card == d.fixed_plant) == (c == d.fixed_plant_city),
            f"plant card {d.plant_ids[d.fixed_plant]} lies on {d.city_names[d.fixed_plant_city]}",
        )
        state.city_card[c] = card
        state.card_face[card] = entry[1]
