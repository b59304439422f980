"""The board of one game: which hexes are in play and the fixed masks the rules need.

A board is built once per game (player count, data file) and shared by every state of that
game; states hold only what changes. Hexes are bits of a :class:`HexLayout`, so "the free land
next to this city" is ``board.neighbours[bit] & state.free_land``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ziggurat.core.hexgrid import Coord, HexLayout, bit_list

from .components import BabyloniaData


@dataclass(frozen=True, slots=True)
class BoardHex:
    """One hex as the board data gives it."""

    coord: Coord
    terrain: str  # "land" | "river"
    landmass: str | None  # "north" | "center" | "south" | None for river
    setup: str  # "empty" | "ziggurat" | "slot"


class Board:
    """Fixed facts of the map in play: terrain, landmasses, slots, ziggurats, neighbours."""

    __slots__ = (
        "bits",
        "cell_index",
        "cells",
        "center_mask",
        "hexes",
        "land_mask",
        "layout",
        "neighbours",
        "river_mask",
        "slot_bits",
        "slot_mask",
        "zig_neighbours",
        "zig_touch_mask",
        "ziggurat_bits",
        "ziggurat_mask",
    )

    def __init__(self, hexes: Iterable[BoardHex]) -> None:
        self.hexes: dict[Coord, BoardHex] = {h.coord: h for h in hexes}
        self.layout = HexLayout(self.hexes)
        layout = self.layout

        def mask(pred) -> int:
            return layout.mask_of(c for c, h in self.hexes.items() if pred(h))

        self.land_mask = mask(lambda h: h.terrain == "land")
        self.river_mask = mask(lambda h: h.terrain == "river")
        self.center_mask = mask(lambda h: h.terrain == "land" and h.landmass == "center")
        self.slot_mask = mask(lambda h: h.setup == "slot")
        self.ziggurat_mask = mask(lambda h: h.setup == "ziggurat")
        self.bits: tuple[int, ...] = tuple(layout.bit(c) for c in layout.coords)
        # (bit, coord, terrain, landmass) of every hex in drawing order, for the views
        self.cells: tuple[tuple[int, Coord, str, str | None], ...] = tuple(
            (layout.bit(c), c, self.hexes[c].terrain, self.hexes[c].landmass) for c in layout.coords
        )
        self.cell_index: dict[int, int] = {cell[0]: i for i, cell in enumerate(self.cells)}
        self.slot_bits = tuple(bit_list(self.slot_mask))
        self.ziggurat_bits = tuple(bit_list(self.ziggurat_mask))
        size = max(self.bits, default=0) + 1
        self.neighbours: list[int] = [0] * size
        for b in self.bits:
            self.neighbours[b] = layout.dilate(1 << b)
        self.zig_neighbours = tuple(self.neighbours[z] for z in self.ziggurat_bits)
        touch = 0
        for m in self.zig_neighbours:
            touch |= m
        self.zig_touch_mask = touch

    @classmethod
    def for_players(cls, data: BabyloniaData, players: int) -> Board:
        """The printed board with the landmass removed that the player count asks for."""
        removed = next(
            s.removed_landmass for s in data.player_counts.setups if s.players == players
        )
        return cls(
            BoardHex((h.row, h.col), h.terrain, h.landmass, h.setup)
            for h in data.board.hexes
            if h.terrain == "river" or h.landmass != removed
        )

    def coord(self, bit: int) -> Coord:
        return self.layout.coord(bit)

    def bit(self, coord: Coord) -> int:
        return self.layout.bit(coord)

    def coords_of(self, mask: int) -> list[Coord]:
        return self.layout.coords_of(mask)

    def mask_of(self, coords: Iterable[Coord]) -> int:
        return self.layout.mask_of(coords)

    def __contains__(self, coord: object) -> bool:
        return coord in self.hexes
