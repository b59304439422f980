"""Hex-grid geometry shared by the hex-map games (Babylonia, Ishtar).

Babylonia's printed board uses offset coordinates (:class:`HexLayout`); Ishtar's terrain is
built from boards turned and mirrored about their centres, which is plain arithmetic in axial
coordinates (:class:`AxialGrid` and the functions beside it).

Offset coordinates are ``(row, col)`` in the doubled-height layout for flat-topped hexes used by
the Babylonia board data: a hex exists only where ``row + col`` is even; its neighbours are
N ``(r-2, c)``, NE ``(r-1, c+1)``, SE ``(r+1, c+1)``, S ``(r+2, c)``, SW ``(r+1, c-1)`` and
NW ``(r-1, c-1)``. Axial ``q = col``, ``r = (row - col) // 2``.

A :class:`HexLayout` numbers the hexes of one map as bits of a Python int: bit
``row * stride + col`` with one spare column, so that every neighbour step is a fixed shift
and a whole set of hexes can be grown by one ring with six shifts (see :meth:`dilate`). Sets of
hexes are therefore plain ints: union is ``|``, intersection ``&``, size ``bit_count()``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
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


class _BitGrid(ABC):
    """The hexes of one map numbered as bits of a Python int (how they are numbered is the
    subclass's), and what both numberings do alike: membership, bits and masks of hexes, and
    the connected hexes of a set."""

    __slots__ = ("_index_of", "all_mask", "coords")

    def _number(self, coords: tuple[Coord, ...], index_of: dict[Coord, int]) -> None:
        """The map holds ``coords``, hex ``c`` at bit ``index_of[c]``."""
        self.coords = coords
        self._index_of = index_of
        self.all_mask = 0
        for bit in index_of.values():
            self.all_mask |= 1 << bit

    def __contains__(self, coord: object) -> bool:
        return coord in self._index_of

    def bit(self, coord: Coord) -> int:
        """The bit index of an existing hex; ``KeyError`` if it is not on this map."""
        return self._index_of[coord]

    def mask_of(self, coords: Iterable[Coord]) -> int:
        mask = 0
        for c in coords:
            mask |= 1 << self._index_of[c]
        return mask

    @abstractmethod
    def dilate(self, mask: int) -> int:
        """Every hex of the map next to a hex of ``mask`` (``mask`` itself not added)."""

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


class HexLayout(_BitGrid):
    """The hexes of one map in offset coordinates and their bit numbering."""

    __slots__ = ("stride",)

    def __init__(self, coords: Iterable[Coord]) -> None:
        coords = sorted(set(coords))
        for row, col in coords:
            if row < 0 or col < 0:
                raise ValueError(f"hex ({row},{col}): row and col must be >= 0")
            if (row + col) % 2:
                raise ValueError(f"hex ({row},{col}) is not a hex: row + col must be even")
        self.stride = (max((c for _, c in coords), default=0)) + 2
        self._number(tuple(coords), {rc: rc[0] * self.stride + rc[1] for rc in coords})

    def coord(self, bit: int) -> Coord:
        return divmod(bit, self.stride)

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


# ---------------------------------------------------------------------------- axial grids

AXIAL_DIRECTIONS: tuple[Coord, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""Axial steps E, NE, NW, W, SW, SE (pointy-top hexes, ``r`` grows down the page)."""

AXIAL_DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")


def axial_distance(a: Coord, b: Coord) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def axial_rotate(coord: Coord, steps: int) -> Coord:
    """``coord`` turned ``steps`` times 60 degrees clockwise about the origin."""
    q, r = coord
    for _ in range(steps % 6):
        q, r = -r, q + r
    return q, r


def axial_mirror(coord: Coord) -> Coord:
    """The reflection that swaps the ``q`` and ``r`` axes."""
    return coord[1], coord[0]


def axial_disc(radius: int) -> list[Coord]:
    """Every hex within ``radius`` of the origin, row by row."""
    return [
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(max(-radius, -radius - r), min(radius, radius - r) + 1)
    ]


class AxialGrid(_BitGrid):
    """The hexes of one map in axial coordinates, numbered as bits of a Python int.

    Hex ``(q, r)`` is bit ``(r - r0) * stride + (q - q0)``, where the stride leaves ``margin``
    spare columns after each row. A step by ``(dq, dr)`` is then a shift by
    ``dq + dr * stride`` for every hex at once, and as long as ``|dq| <= margin`` a step off
    the side of a row lands in a spare column, which :attr:`all_mask` never contains. So a
    tile's footprint can be tested at every anchor with three shifts and two ``&``.
    """

    __slots__ = ("margin", "q0", "r0", "stride")

    def __init__(self, coords: Iterable[Coord], margin: int = 2) -> None:
        cells = sorted(set(coords), key=lambda c: (c[1], c[0]))
        if not cells:
            raise ValueError("a grid needs at least one hex")
        self.margin = margin
        self.q0 = min(q for q, _ in cells)
        self.r0 = min(r for _, r in cells)
        width = max(q for q, _ in cells) - self.q0 + 1
        self.stride = width + margin
        self._number(
            tuple(cells), {c: (c[1] - self.r0) * self.stride + (c[0] - self.q0) for c in cells}
        )

    def coord(self, bit: int) -> Coord:
        row, col = divmod(bit, self.stride)
        return col + self.q0, row + self.r0

    def coords_of(self, mask: int) -> list[Coord]:
        return [self.coord(b) for b in bit_list(mask)]

    def offset(self, step: Coord) -> int:
        """The bit distance of a step ``(dq, dr)``; add it to a bit to take the step."""
        if abs(step[0]) > self.margin:
            raise ValueError(f"step {step} is wider than the grid's margin of {self.margin}")
        return step[0] + step[1] * self.stride

    def shift(self, mask: int, delta: int) -> int:
        """``mask`` moved by ``delta`` bits (see :meth:`offset`), kept on the map."""
        moved = mask << delta if delta >= 0 else mask >> -delta
        return moved & self.all_mask

    def dilate(self, mask: int) -> int:
        """Every hex of the map next to a hex of ``mask`` (``mask`` itself not added)."""
        s = self.stride
        grown = (
            (mask << 1)
            | (mask >> 1)
            | (mask << s)
            | (mask >> s)
            | (mask << (s - 1))
            | (mask >> (s - 1))
        )
        return grown & self.all_mask

    def components(self, mask: int) -> list[int]:
        """The connected parts of ``mask``, each as a mask, ordered by their lowest bit."""
        parts = []
        while mask:
            part = self.flood(mask & -mask, mask)
            parts.append(part)
            mask &= ~part
        return parts
