"""Hex-grid geometry shared by the hex-map games (Babylonia, Ishtar).

Coordinates are offset ``(row, col)`` in the doubled-height layout for flat-topped hexes used by
the Babylonia board data: a hex exists only where ``row + col`` is even; its neighbours are
N ``(r-2, c)``, NE ``(r-1, c+1)``, SE ``(r+1, c+1)``, S ``(r+2, c)``, SW ``(r+1, c-1)`` and
NW ``(r-1, c-1)``. Axial ``q = col``, ``r = (row - col) // 2``.

A :class:`HexLayout` numbers the hexes of one map as bits of a Python int: bit
``row * stride + col`` with one spare column, so that every neighbour step is a fixed shift
and a whole set of hexes can be grown by one ring with six shifts (see :meth:`dilate`). Sets of
hexes are therefore plain ints: union is ``|``, intersection ``&``, size ``bit_count()``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

Coord = tuple[int, int]

NEIGHBOUR_OFFSETS: dict[str, Coord] = {
    "N": (-2, 0),
    "NE": (-1, 1),
    "SE": (1, 1),
    "S": (2, 0),
    "SW": (1, -1),
    "NW": (-1, -1),
}


def offset_neighbours(coord: Coord) -> dict[str, Coord]:
    """The six neighbour coordinates of ``coord`` by direction, whether or not they exist."""
    row, col = coord
    return {d: (row + dr, col + dc) for d, (dr, dc) in NEIGHBOUR_OFFSETS.items()}


def to_axial(coord: Coord) -> Coord:
    row, col = coord
    if (row + col) % 2:
        raise ValueError(f"({row},{col}) is not a hex: row + col must be even")
    return col, (row - col) // 2


def from_axial(q: int, r: int) -> Coord:
    return 2 * r + q, q


def iter_bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class HexLayout:
    """The hexes of one map and their bit numbering."""

    __slots__ = ("_index_of", "all_mask", "coords", "stride")

    def __init__(self, coords: Iterable[Coord]) -> None:
        coords = sorted(set(coords))
        for row, col in coords:
            if row < 0 or col < 0:
                raise ValueError(f"hex ({row},{col}): row and col must be >= 0")
            if (row + col) % 2:
                raise ValueError(f"hex ({row},{col}) is not a hex: row + col must be even")
        self.stride = (max((c for _, c in coords), default=0)) + 2
        self.coords: tuple[Coord, ...] = tuple(coords)
        self._index_of = {rc: rc[0] * self.stride + rc[1] for rc in coords}
        self.all_mask = 0
        for bit in self._index_of.values():
            self.all_mask |= 1 << bit

    def __contains__(self, coord: object) -> bool:
        return coord in self._index_of

    def bit(self, coord: Coord) -> int:
        """The bit index of an existing hex; ``KeyError`` if it is not on this map."""
        return self._index_of[coord]

    def coord(self, bit: int) -> Coord:
        return divmod(bit, self.stride)

    def mask_of(self, coords: Iterable[Coord]) -> int:
        mask = 0
        for rc in coords:
            mask |= 1 << self._index_of[rc]
        return mask

    def coords_of(self, mask: int) -> list[Coord]:
        """The hexes of ``mask`` sorted by (row, col)."""
        stride = self.stride
        return [divmod(b, stride) for b in iter_bits(mask)]

    def dilate(self, mask: int) -> int:
        """Every existing hex that neighbours a hex of ``mask`` (``mask`` itself not added)."""
        s = self.stride
        grown = (
            (mask >> (2 * s))
            | (mask << (2 * s))
            | (mask >> (s - 1))
            | (mask << (s + 1))
            | (mask << (s - 1))
            | (mask >> (s + 1))
        )
        return grown & self.all_mask

    def neighbour_mask(self, coord: Coord) -> int:
        return self.dilate(1 << self._index_of[coord])

    def neighbours(self, coord: Coord) -> list[Coord]:
        """Existing neighbours of ``coord``, sorted."""
        return self.coords_of(self.neighbour_mask(coord))

    def flood(self, seeds: int, allowed: int) -> int:
        """All hexes of ``allowed`` connected to ``seeds`` through ``allowed`` hexes.

        Seeds outside ``allowed`` are dropped first, so the result is a subset of ``allowed``.
        """
        reach = seeds & allowed
        while True:
            grown = (reach | self.dilate(reach)) & allowed
            if grown == reach:
                return reach
            reach = grown


def _chunk_table(width: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(i for i in range(width) if v >> i & 1) for v in range(1 << width))


_CHUNK = 12
_CHUNK_MASK = (1 << _CHUNK) - 1
_CHUNK_BITS = _chunk_table(_CHUNK)


def bit_list(mask: int) -> list[int]:
    """The indices of the set bits of ``mask`` as a list, lowest first.

    Twelve bits at a time through a lookup table: the move generators call this on masks of
    a hundred or more set bits, where a per-bit loop would dominate their cost.
    """
    out: list[int] = []
    base = 0
    table = _CHUNK_BITS
    while mask:
        chunk = mask & _CHUNK_MASK
        if chunk:
            out.extend([base + i for i in table[chunk]])
        mask >>= _CHUNK
        base += _CHUNK
    return out
