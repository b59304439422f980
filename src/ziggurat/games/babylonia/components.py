"""Babylonia's component data file: schema, cross-checks, and the plain values the engine uses.

The schema (pydantic) catches wrong types and unknown fields; :func:`check_consistency` then
checks what a schema cannot: unique hexes on the doubled-height grid, ziggurats and slots only
on land, and a tile pool for every player count exactly as large as the slots in play. Every
problem is reported as ``<file>: field <path>: <reason>``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from ziggurat.core.components import (
    Provenance,
    StrictModel,
    fail,
    load_data_file,
    shipped_data_path,
)

Landmass = Literal["north", "center", "south"]
CityCode = Literal["M", "S", "P", "MS", "MP", "SP", "MSP"]
FieldCode = Literal["5", "6", "7", "cities"]


class HexData(StrictModel):
    row: int
    col: int
    terrain: Literal["land", "river"]
    landmass: Landmass | None
    setup: Literal["empty", "ziggurat", "slot"]


class BoardData(StrictModel):
    source: Provenance
    hexes: list[HexData]


class PlayerCountSetup(StrictModel):
    players: Literal[2, 3, 4]
    removed_landmass: Landmass | None


class PlayerCounts(StrictModel):
    source: Provenance
    setups: list[PlayerCountSetup]


class TilePool(StrictModel):
    players: Literal[2, 3, 4]
    cities: dict[CityCode, int]
    fields: dict[FieldCode, int]


class LocationTiles(StrictModel):
    source: Provenance
    pools: list[TilePool]


class TokenCounts(StrictModel):
    merchant: int
    servant: int
    priest: int
    farmer: int


class Tokens(StrictModel):
    source: Provenance
    per_player: TokenCounts
    stand_capacity: int
    stand_capacity_with_card_3: int


class Card(StrictModel):
    number: int
    name: str
    effect: str


class ZigguratCards(StrictModel):
    source: Provenance
    card_1_points: int
    standard_set: list[int]
    advanced_cards_in_play: int
    cards: list[Card]


class BabyloniaData(StrictModel):
    game: Literal["babylonia"]
    title: str
    note: str
    board: BoardData
    player_counts: PlayerCounts
    location_tiles: LocationTiles
    tokens: Tokens
    ziggurat_cards: ZigguratCards


CARD_NUMBERS = tuple(range(1, 10))


def check_consistency(data: BabyloniaData, source: str) -> None:
    """Raise :class:`DataFileError` for the first fact the schema alone cannot check."""
    seen: set[tuple[int, int]] = set()
    for i, h in enumerate(data.board.hexes):
        field = f"board.hexes[{i}]"
        if h.row < 0 or h.col < 0 or (h.row + h.col) % 2:
            raise fail(
                source, field, f"({h.row},{h.col}) is not a hex: row, col >= 0, row+col even"
            )
        if (h.row, h.col) in seen:
            raise fail(source, field, f"hex ({h.row},{h.col}) is listed twice")
        seen.add((h.row, h.col))
        if h.terrain == "river" and (h.landmass is not None or h.setup != "empty"):
            raise fail(source, field, "a river hex has landmass null and setup 'empty'")
        if h.terrain == "land" and h.landmass is None:
            raise fail(source, field + ".landmass", "a land hex belongs to north, center or south")

    setups = {s.players: s for s in data.player_counts.setups}
    pools = {p.players: p for p in data.location_tiles.pools}
    for n in (2, 3, 4):
        if n not in setups:
            raise fail(source, "player_counts.setups", f"no entry for {n} players")
        if n not in pools:
            raise fail(source, "location_tiles.pools", f"no pool for {n} players")
        removed = setups[n].removed_landmass
        slots = sum(1 for h in data.board.hexes if h.setup == "slot" and h.landmass != removed)
        index = next(i for i, p in enumerate(data.location_tiles.pools) if p.players == n)
        pool = pools[n]
        for code, count in [*pool.cities.items(), *pool.fields.items()]:
            if count < 0:
                raise fail(source, f"location_tiles.pools[{index}]", f"{code}: count {count} < 0")
        tiles = sum(pool.cities.values()) + sum(pool.fields.values())
        if tiles != slots:
            raise fail(
                source,
                f"location_tiles.pools[{index}]",
                f"{tiles} tiles for {n} players, but {slots} slots are in play",
            )
        if sum(pool.cities.values()) < 2:
            raise fail(source, f"location_tiles.pools[{index}].cities", "at least 2 cities needed")

    tokens = data.tokens
    counts = tokens.per_player
    if min(counts.merchant, counts.servant, counts.priest, counts.farmer) < 0:
        raise fail(source, "tokens.per_player", "token counts must be >= 0")
    if not 2 <= tokens.stand_capacity <= tokens.stand_capacity_with_card_3:
        raise fail(source, "tokens.stand_capacity", "2 <= stand_capacity <= capacity with card 3")

    cards = data.ziggurat_cards
    numbers = [c.number for c in cards.cards]
    if sorted(numbers) != list(CARD_NUMBERS):
        raise fail(source, "ziggurat_cards.cards", "cards must be numbered 1 to 9, once each")
    if sorted(cards.standard_set) != sorted(set(cards.standard_set)) or not set(
        cards.standard_set
    ) <= set(CARD_NUMBERS):
        raise fail(source, "ziggurat_cards.standard_set", "distinct card numbers from 1 to 9")
    zigs = sum(1 for h in data.board.hexes if h.setup == "ziggurat")
    if not zigs < cards.advanced_cards_in_play <= 9 or len(cards.standard_set) <= zigs:
        raise fail(
            source,
            "ziggurat_cards",
            f"more cards than ziggurats ({zigs}) must be in play, so a winner can always choose",
        )


def default_data_path() -> Path:
    return shipped_data_path("ziggurat.games.babylonia", "babylonia.json")


def load_data(path: Path | None = None) -> tuple[BabyloniaData, str]:
    """Load and check a Babylonia data file; returns the data and its version hash."""
    return load_data_file(path or default_data_path(), BabyloniaData, check_consistency)
