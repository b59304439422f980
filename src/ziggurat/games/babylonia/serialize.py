"""The saved form of a state: its own fields after the kernel's preamble, and reading them.

``to_json`` writes the kernel's preamble (format, game, options, data version, events) and then
:func:`state_fields`; ``state_from_json`` checks the preamble against the game, then
:func:`read_state` reads the rest. Reading is strict: the shape is checked by a schema, then
the contents against the game (hexes in play, each seat's token count, the phase). A corrupt
file raises :class:`~ziggurat.core.errors.CorruptState` naming what is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Strict, ValidationError

from ziggurat.core.api import TERMINAL
from ziggurat.core.components import describe_validation_error
from ziggurat.core.errors import CorruptState
from ziggurat.core.kernel import StatePreamble
from ziggurat.core.rng import Rng

from .cards import CARD_AVAILABLE, CARD_NOT_IN_PLAY
from .phases import PHASE_NAMES, PHASE_OVER
from .pieces import CITY_CODES, FIELD_CODES, TOKEN_BY_NAME, TOKEN_NAMES, tile_name
from .state import BabyloniaState

if TYPE_CHECKING:
    from .game import BabyloniaGame

Hex = Annotated[tuple[int, int], Strict(False)]  # a JSON [row, col] list


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class TileJson(_Model):
    hex: Hex
    tile: str


class TokenJson(_Model):
    hex: Hex
    seat: int
    kind: Literal["merchant", "servant", "priest", "farmer"]


class PlayerJson(_Model):
    score: int
    cities: int
    stand: list[int]
    bag: list[int]


class CardJson(_Model):
    number: int
    owner: int
    spent: bool


class TurnJson(_Model):
    placed: int
    farmers: int
    nobles: int
    river: int
    noble_kinds: list[Literal["merchant", "servant", "priest"]]
    hexes: list[Hex]


class StateJson(StatePreamble):
    game: Literal["babylonia"]
    rng: int
    phase: Literal["place", "score", "card", "extra", "over"]
    current_player: int
    turn_player: int
    turn_number: int
    turn: TurnJson
    tiles: list[TileJson]
    cities_on_board: list[Hex]
    fields_on_board: list[Hex]
    ziggurats_scored: list[Hex]
    tokens: list[TokenJson]
    players: list[PlayerJson]
    cards: list[CardJson]


def state_fields(state: BabyloniaState) -> dict[str, Any]:
    """What ``to_json`` writes after the preamble: the whole position, generator included."""
    board = state.board
    coords = board.coords_of
    tokens = []
    for seat in range(state.n):
        for kind in range(4):
            mask = state.kind_up[4 * seat + kind] | state.hid[4 * seat + kind]
            for coord in coords(mask):
                tokens.append({"hex": list(coord), "seat": seat, "kind": TOKEN_NAMES[kind]})
    tokens.sort(key=lambda t: (t["hex"], t["seat"]))
    nobles = [TOKEN_NAMES[k] for k in range(3) if state.noble_kinds >> k & 1]
    return {
        "rng": state.rng.state,
        "phase": PHASE_NAMES[state.phase],
        "current_player": state.current,
        "turn_player": state.turn_player,
        "turn_number": state.turn_number,
        "turn": {
            "placed": state.placed,
            "farmers": state.placed_farmers,
            "nobles": state.placed_nobles,
            "river": state.placed_river,
            "noble_kinds": nobles,
            "hexes": [list(c) for c in coords(state.placed_mask)],
        },
        "tiles": [
            {"hex": list(board.coord(b)), "tile": tile_name(t).removeprefix("field ")}
            for b, t in sorted(state.tile_at.items())
        ],
        "cities_on_board": [list(c) for c in coords(state.cities)],
        "fields_on_board": [list(c) for c in coords(state.fields)],
        "ziggurats_scored": [list(c) for c in coords(board.ziggurat_mask & ~state.zig_unscored)],
        "tokens": tokens,
        "players": [
            {
                "score": state.score[s],
                "cities": state.cities_won[s],
                "stand": state.stand_counts(s),
                "bag": state.bag_counts(s),
            }
            for s in range(state.n)
        ],
        "cards": [
            {
                "number": c,
                "owner": state.card_owner[c],
                "spent": bool(state.card_spent >> c & 1),
            }
            for c in range(1, 10)
        ],
    }


def _bad(field: str, reason: str) -> CorruptState:
    return CorruptState(f"state: field {field}: {reason}")


def read_state(game: BabyloniaGame, data: dict[str, Any]) -> BabyloniaState:
    """The state ``data`` holds, its preamble already checked against ``game`` by the kernel."""
    try:
        doc = StateJson.model_validate(data)
    except ValidationError as err:
        raise CorruptState(describe_validation_error("state", err)) from None
    board = game.board
    n = game.num_players

    def bit(coord: Hex, field: str) -> int:
        if tuple(coord) not in board:
            raise _bad(field, f"hex {coord[0]},{coord[1]} is not in play on this board")
        return board.bit(tuple(coord))

    state = BabyloniaState(game)
    if not 0 <= doc.rng < 1 << 64:
        raise _bad("rng", "must be a 64-bit unsigned integer")
    state.rng = Rng(doc.rng)
    for i, t in enumerate(doc.tiles):
        b = bit(t.hex, f"tiles[{i}].hex")
        code = CITY_CODES.get(t.tile, FIELD_CODES.get(t.tile))
        if code is None:
            raise _bad(
                f"tiles[{i}].tile", f"{t.tile!r} is no city (M..MSP) or field (5, 6, 7, cities)"
            )
        if not (1 << b) & board.land_mask or (1 << b) & board.ziggurat_mask:
            raise _bad(f"tiles[{i}].hex", "tiles lie on land hexes without a ziggurat")
        if b in state.tile_at:
            raise _bad(f"tiles[{i}].hex", f"a second tile on hex {t.hex[0]},{t.hex[1]}")
        state.tile_at[b] = code
    for name, target, want_city in (
        ("cities_on_board", "cities", True),
        ("fields_on_board", "fields", False),
    ):
        mask = 0
        for i, coord in enumerate(getattr(doc, name)):
            b = bit(coord, f"{name}[{i}]")
            if b not in state.tile_at or (state.tile_at[b] < 10) != want_city:
                raise _bad(
                    f"{name}[{i}]", f"no {'city' if want_city else 'field'} tile dealt there"
                )
            mask |= 1 << b
        setattr(state, target, mask)
    scored = 0
    for i, coord in enumerate(doc.ziggurats_scored):
        b = bit(coord, f"ziggurats_scored[{i}]")
        if not (1 << b) & board.ziggurat_mask:
            raise _bad(f"ziggurats_scored[{i}]", "no ziggurat there")
        scored |= 1 << b
    state.zig_unscored = board.ziggurat_mask & ~scored

    occupied = 0
    for i, t in enumerate(doc.tokens):
        b = bit(t.hex, f"tokens[{i}].hex")
        m = 1 << b
        if not 0 <= t.seat < n:
            raise _bad(f"tokens[{i}].seat", f"{t.seat} is not a seat (0..{n - 1})")
        if m & (occupied | board.ziggurat_mask | state.cities | state.fields):
            raise _bad(f"tokens[{i}].hex", "the hex already holds a token, tile or ziggurat")
        occupied |= m
        kind = TOKEN_BY_NAME[t.kind]
        state.tok[t.seat] |= m
        if m & board.river_mask:
            state.hid[4 * t.seat + kind] |= m
        else:
            state.up[t.seat] |= m
            state.kind_up[4 * t.seat + kind] |= m
    state.free_land = (
        board.land_mask & ~board.ziggurat_mask & ~state.cities & ~state.fields & ~occupied
    )
    state.free_river = board.river_mask & ~occupied
    state.sync_free_lists()

    if len(doc.players) != n:
        raise _bad("players", f"{len(doc.players)} entries for {n} players")
    supply = game.supply()
    for s, p in enumerate(doc.players):
        if len(p.stand) != 4 or len(p.bag) != 4 or min(p.stand + p.bag) < 0:
            raise _bad(f"players[{s}]", "stand and bag are four counts >= 0 (M, S, P, F)")
        for k in range(4):
            on_board = (state.kind_up[4 * s + k] | state.hid[4 * s + k]).bit_count()
            if on_board + p.stand[k] + p.bag[k] != supply[k]:
                raise _bad(
                    f"players[{s}]",
                    f"{TOKEN_NAMES[k]}s on board, stand and bag add up to "
                    f"{on_board + p.stand[k] + p.bag[k]}, not {supply[k]}",
                )
        state.score[s] = p.score
        state.cities_won[s] = p.cities
        state.stand[4 * s : 4 * s + 4] = p.stand
        state.bag[4 * s : 4 * s + 4] = p.bag

    if sorted(c.number for c in doc.cards) != list(range(1, 10)):
        raise _bad("cards", "one entry for each card 1 to 9")
    for c in doc.cards:
        if not CARD_NOT_IN_PLAY <= c.owner < n:
            raise _bad(f"cards[{c.number - 1}].owner", f"{c.owner}: -2 (not in play), -1 or a seat")
        state.card_owner[c.number] = c.owner
        if c.spent:
            if c.owner < 0:
                raise _bad(f"cards[{c.number - 1}].spent", "only an owned card can be spent")
            state.card_spent |= 1 << c.number
    assert CARD_AVAILABLE == -1

    state.phase = PHASE_NAMES.index(doc.phase)
    if not 0 <= doc.turn_player < n:
        raise _bad("turn_player", f"{doc.turn_player} is not a seat (0..{n - 1})")
    over = state.phase == PHASE_OVER
    if over != (doc.current_player == TERMINAL) or not (over or 0 <= doc.current_player < n):
        raise _bad("current_player", f"{doc.current_player} does not fit phase {doc.phase}")
    state.turn_player = doc.turn_player
    state.current = doc.current_player
    if doc.turn_number < 0:
        raise _bad("turn_number", "must be >= 0")
    state.turn_number = doc.turn_number
    turn = doc.turn
    if turn.placed != turn.farmers + turn.nobles + turn.river or len(turn.hexes) != turn.placed:
        raise _bad("turn", "placed must equal farmers + nobles + river and the number of hexes")
    state.placed, state.placed_farmers = turn.placed, turn.farmers
    state.placed_nobles, state.placed_river = turn.nobles, turn.river
    state.noble_kinds = sum(1 << TOKEN_BY_NAME[k] for k in turn.noble_kinds)
    for i, coord in enumerate(turn.hexes):
        b = bit(coord, f"turn.hexes[{i}]")
        if not state.tok[state.turn_player] >> b & 1:
            raise _bad(f"turn.hexes[{i}]", "no token of the player on turn there")
        state.placed_mask |= 1 << b
    return state
