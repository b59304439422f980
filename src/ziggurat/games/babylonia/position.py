"""Set up a Babylonia position directly, for worked examples, test vectors and analysis.

A game record reaches positions only by playing; this builds one from a description (tiles,
tokens, scored ziggurats, cities won, cards, stands) with every derived mask made consistent.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ziggurat.core.errors import InvalidOptions
from ziggurat.core.hexgrid import Coord
from ziggurat.core.rng import Rng

from .cards import CARD_AVAILABLE, CARD_NOT_IN_PLAY
from .pieces import CITY_CODES, FARMER, FIELD_CODES, TOKEN_BY_LETTER, TOKEN_BY_NAME
from .state import BabyloniaState

if TYPE_CHECKING:
    from .game import BabyloniaGame

TokenSpec = tuple[Coord, int, str]  # (hex, seat, kind name or letter)


def tile_code(text: str) -> int:
    """``"MS"`` -> city code, ``"5"``/``"field 5"``/``"cities"`` -> crop-field code."""
    key = text.removeprefix("field ").strip()
    if key in CITY_CODES:
        return CITY_CODES[key]
    if key in FIELD_CODES:
        return FIELD_CODES[key]
    raise InvalidOptions(
        f"tile {text!r}: a city (M, S, P, MS, MP, SP, MSP) or field (5, 6, 7, cities)"
    )


def token_kind(text: str) -> int:
    kind = TOKEN_BY_NAME.get(text, TOKEN_BY_LETTER.get(text.upper()))
    if kind is None:
        raise InvalidOptions(f"token {text!r}: merchant, servant, priest or farmer (M, S, P, F)")
    return kind


def counts_of(stand: str | Iterable[str] | list[int]) -> list[int]:
    """``"MMSF"``, ``["merchant", "farmer"]`` or four counts -> four counts (``[]``: none)."""
    if isinstance(stand, list) and stand and all(isinstance(x, int) for x in stand):
        if len(stand) != 4 or min(stand) < 0:
            raise InvalidOptions(f"stand {stand}: four counts >= 0 (merchants ... farmers)")
        return list(stand)
    counts = [0, 0, 0, 0]
    for item in stand:
        counts[token_kind(item)] += 1
    return counts


def make_position(
    game: BabyloniaGame,
    *,
    tiles: Mapping[Coord, str] | None = None,
    tokens: Iterable[TokenSpec] = (),
    scored_ziggurats: Iterable[Coord] = (),
    cities_won: list[int] | None = None,
    scores: list[int] | None = None,
    card_owners: Mapping[int, int] | None = None,
    cards_spent: Iterable[int] = (),
    cards_in_play: Iterable[int] | None = None,
    stands: Mapping[int, str | list[int]] | None = None,
    turn_player: int = 0,
    turn_number: int = 2,
    seed: int = 0,
) -> BabyloniaState:
    """A position with the turn player about to place the first token of a turn.

    ``tiles`` defaults to the layout dealt from ``seed``; a slot absent from an explicit
    ``tiles`` is free land (its city was scored). A token on a river hex lies face down.
    ``stands`` defaults to one merchant, servant and priest and two farmers per seat; each bag
    holds the rest of that seat's supply. ``turn_number`` 2 puts the game past the first round.
    """
    n = game.num_players
    state = BabyloniaState(game)
    state.rng = Rng(seed)
    board = game.board
    if tiles is None:
        dealt = game.new_initial_state(seed=seed)
        state.card_owner = list(dealt.card_owner)
        state.tile_at = dict(dealt.tile_at)
    else:
        game.deal_cards(state, Rng(seed))
        for coord, text in tiles.items():
            if coord not in board or board.hexes[coord].terrain != "land":
                raise InvalidOptions(f"tile at {coord}: not a land hex of this board")
            if (1 << board.bit(coord)) & board.ziggurat_mask:
                raise InvalidOptions(f"tile at {coord}: a ziggurat stands there")
            state.tile_at[board.bit(coord)] = tile_code(text)
    if cards_in_play is not None:
        chosen = set(cards_in_play)
        state.card_owner = [CARD_AVAILABLE if c in chosen else CARD_NOT_IN_PLAY for c in range(10)]

    state.cities = state.fields = 0
    for b, tile in state.tile_at.items():
        if tile < 10:
            state.cities |= 1 << b
        else:
            state.fields |= 1 << b

    occupied = 0
    for coord, seat, kind_text in tokens:
        if coord not in board:
            raise InvalidOptions(f"token at {coord}: no such hex on this board")
        if not 0 <= seat < n:
            raise InvalidOptions(f"token at {coord}: seat {seat} is not 0..{n - 1}")
        b = board.bit(coord)
        bit = 1 << b
        if bit & (occupied | board.ziggurat_mask):
            raise InvalidOptions(f"token at {coord}: the hex is already taken")
        if b in state.tile_at:
            raise InvalidOptions(f"token at {coord}: the hex holds a tile")
        kind = token_kind(kind_text)
        occupied |= bit
        state.tok[seat] |= bit
        if bit & board.river_mask:
            state.hid[4 * seat + kind] |= bit
        else:
            state.up[seat] |= bit
            state.kind_up[4 * seat + kind] |= bit

    tile_mask = state.cities | state.fields
    state.free_land = board.land_mask & ~board.ziggurat_mask & ~tile_mask & ~occupied
    state.free_river = board.river_mask & ~occupied
    state.sync_free_lists()
    for coord in scored_ziggurats:
        if coord not in board or not (1 << board.bit(coord)) & board.ziggurat_mask:
            raise InvalidOptions(f"scored ziggurat at {coord}: no ziggurat there")
        state.zig_unscored &= ~(1 << board.bit(coord))
    state.cities_won = list(cities_won) if cities_won is not None else [0] * n
    state.score = list(scores) if scores is not None else [0] * n
    for number, seat in (card_owners or {}).items():
        state.card_owner[number] = seat
    for number in cards_spent:
        state.card_spent |= 1 << number

    supply = game.supply()
    for seat in range(n):
        on_board = [
            (state.kind_up[4 * seat + k] | state.hid[4 * seat + k]).bit_count() for k in range(4)
        ]
        left = [s - o for s, o in zip(supply, on_board, strict=True)]
        if stands is not None and seat in stands:
            stand = counts_of(stands[seat])
        else:
            stand = [min(1, x) for x in left[:3]] + [min(2, left[FARMER])]
        bag = [a - b for a, b in zip(left, stand, strict=True)]
        if min(bag) < 0:
            raise InvalidOptions(f"seat {seat}: more tokens on board and stand than its supply")
        state.stand[4 * seat : 4 * seat + 4] = stand
        state.bag[4 * seat : 4 * seat + 4] = bag
    state.turn_player = state.current = turn_player
    state.turn_number = turn_number
    return state
