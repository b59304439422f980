"""The map: terrain boards laid out, turned and flipped into one grid of hexes.

A layout is where each board's centre goes (fixed for a game: the preset of its player count
or a custom layout option, rules reference §3.3) and which board, side and rotation lies
there (drawn from the seed unless the layout fixes them). The centres alone decide which
hexes exist, so the game numbers its hexes and actions once; a :class:`Terrain` adds what
lies on each hex for one deal and is shared, never changed, by every state of that game.

Custom layouts are written as entries separated by spaces, each a centre (a preset name such
as ``X1`` or axial ``q,r``), optionally followed by ``=`` and a board, side and rotation:
``"X0=B1A0 X1=B4B3 Y0 Y1"``. Entries without a board get one drawn from the seed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from ziggurat.core.errors import InvalidOptions
from ziggurat.core.hexgrid import (
    AxialGrid,
    Coord,
    axial_disc,
    axial_mirror,
    axial_rotate,
)
from ziggurat.core.options import shown
from ziggurat.core.rng import Rng

from .components import GEMS, IshtarData

SIDES = ("A", "B")
_ROTATIONS = "012345"
_DIGITS = "0123456789"  # ASCII only: int() would take any Unicode decimal digit
_WHOLE_NUMBER = re.compile(r"-?[0-9]{1,3}")  # a lattice coordinate, ASCII digits only


class BoardPlacement(NamedTuple):
    """One terrain board on the table."""

    board: str  # "B1"
    side: str  # "A" or "B" (B is A mirrored)
    rotation: int  # 60-degree clockwise turns, 0-5
    centre: Coord

    def text(self) -> str:
        return f"{self.board}{self.side}{self.rotation}"


class LayoutSpec(NamedTuple):
    """The centres of a layout and, per centre, a fixed board or ``None`` (drawn)."""

    centres: tuple[Coord, ...]
    fixed: tuple[tuple[str, str, int] | None, ...]


def neighbour_vectors(radius: int) -> tuple[Coord, ...]:
    """The six centre-to-centre steps between radius-``radius`` boards that touch."""
    return tuple(axial_rotate((radius + 1, radius), k) for k in range(6))


def on_lattice(centre: Coord, radius: int) -> bool:
    """Is ``centre`` an integer combination of two touching steps (§3.3)?"""
    (a1, b1), (a2, b2) = neighbour_vectors(radius)[:2]
    det = a1 * b2 - a2 * b1
    q, r = centre
    return (q * b2 - r * a2) % det == 0 and (a1 * r - b1 * q) % det == 0


def board_cells(data: IshtarData, placement: BoardPlacement) -> list[tuple[Coord, str, int]]:
    """Every hex of a placed board as ``(global hex, kind, gem colour or -1)``; kinds are
    ``fountain``, ``tablet``, ``rock`` and ``sand``."""
    fountain, tablets, rocks = data.boards[placement.board]
    kind_of: dict[Coord, tuple[str, int]] = {fountain: ("fountain", -1)}
    for cell in tablets:
        kind_of[cell] = ("tablet", -1)
    for cell, colour in rocks:
        kind_of[cell] = ("rock", colour)
    cq, cr = placement.centre
    out = []
    for local in axial_disc(data.radius):
        kind, colour = kind_of.get(local, ("sand", -1))
        turned = axial_mirror(local) if placement.side == "B" else local
        q, r = axial_rotate(turned, placement.rotation)
        out.append(((q + cq, r + cr), kind, colour))
    return out


def parse_layout(text: str, data: IshtarData) -> LayoutSpec:
    """Read a custom layout option; raises :class:`InvalidOptions` naming the bad entry.
    Whether the layout is legal is :func:`check_layout`'s business."""
    if not isinstance(text, str) or not text.split():
        raise InvalidOptions(
            f"layout={text!r}: write 'preset' or centres such as 'X0=B1A0 X1 Y0 Y1'"
        )
    centres: list[Coord] = []
    fixed: list[tuple[str, str, int] | None] = []
    for entry in text.split():
        where, _, board = entry.partition("=")
        if where in data.centres:
            centre = data.centres[where]
        else:
            q_text, _, r_text = where.partition(",")
            if not (_WHOLE_NUMBER.fullmatch(q_text) and _WHOLE_NUMBER.fullmatch(r_text)):
                raise InvalidOptions(
                    f"layout entry {shown(entry)}: a centre is a preset name "
                    f"({', '.join(sorted(data.centres))}) or q,r"
                )
            centre = (int(q_text), int(r_text))
        centres.append(centre)
        if not board:
            fixed.append(None)
            continue
        board_id, side, rotation = board[:-2], board[-2:-1], board[-1:]
        if board_id not in data.boards or side not in SIDES or rotation not in _DIGITS:
            raise InvalidOptions(
                f"layout entry {shown(entry)}: after '=' write a board "
                f"({', '.join(data.board_ids)}), a side (A or B) and a rotation (0-5), e.g. B1A0"
            )
        if rotation not in _ROTATIONS:
            raise InvalidOptions(f"layout entry {shown(entry)}: rotations are 0 to 5")
        fixed.append((board_id, side, int(rotation)))
    return LayoutSpec(tuple(centres), tuple(fixed))


def touching(centres: Sequence[Coord], radius: int) -> list[set[int]]:
    """For each centre, the indices of the centres whose boards share an edge with it."""
    steps = set(neighbour_vectors(radius))
    return [
        {j for j, b in enumerate(centres) if (b[0] - a[0], b[1] - a[1]) in steps} for a in centres
    ]


def check_layout(
    spec: LayoutSpec, data: IshtarData, boards: int, *, touch_two: bool = False
) -> None:
    """A legal layout (§3.3): ``boards`` centres on the lattice, all different, connected
    through shared edges; fixed boards all different; with ``touch_two``, every board
    touching at least two others."""
    centres = spec.centres
    if len(centres) != boards:
        raise InvalidOptions(f"layout: {len(centres)} boards, but this game uses {boards}")
    if len(set(centres)) != len(centres):
        raise InvalidOptions("layout: two boards share a centre")
    for centre in centres:
        if not on_lattice(centre, data.radius):
            step_a, step_b = neighbour_vectors(data.radius)[:2]
            raise InvalidOptions(
                f"layout: centre {centre[0]},{centre[1]} is not on the board lattice "
                f"a*{step_a} + b*{step_b}"
            )
    fixed_ids = [f[0] for f in spec.fixed if f is not None]
    if len(set(fixed_ids)) != len(fixed_ids):
        raise InvalidOptions("layout: a board is used twice")
    links = touching(centres, data.radius)
    seen = {0}
    todo = [0]
    while todo:
        for j in links[todo.pop()]:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    if len(seen) != len(centres):
        raise InvalidOptions("layout: the boards do not form one connected map")
    if touch_two:
        for i, near in enumerate(links):
            if len(near) < 2:
                c = centres[i]
                raise InvalidOptions(f"layout: the board at {c[0]},{c[1]} touches fewer than two")


def preset_spec(data: IshtarData, players: int) -> LayoutSpec:
    names = data.presets[players]
    return LayoutSpec(tuple(data.centres[n] for n in names), (None,) * len(names))


def grid_for(spec: LayoutSpec, data: IshtarData) -> AxialGrid:
    """The hexes of every board of the layout, numbered once for the game."""
    disc = axial_disc(data.radius)
    return AxialGrid((q + cq, r + cr) for cq, cr in spec.centres for q, r in disc)


def draw_placements(spec: LayoutSpec, data: IshtarData, rng: Rng) -> tuple[BoardPlacement, ...]:
    """Boards for the open centres, without replacement, then a side and a rotation each,
    in centre order (§3.3 default draw)."""
    used = {f[0] for f in spec.fixed if f is not None}
    pool = [b for b in data.board_ids if b not in used]
    out = []
    for centre, fixed in zip(spec.centres, spec.fixed, strict=True):
        if fixed is None:
            board = pool.pop(rng.randrange(len(pool)))
            side = SIDES[rng.randrange(2)]
            rotation = rng.randrange(6)
        else:
            board, side, rotation = fixed
        out.append(BoardPlacement(board, side, rotation, centre))
    return tuple(out)


class Terrain:
    """What lies on each hex of one deal: shared by every state of that game, never changed.

    Fountains are numbered in board order; ``fountain_bits[f]`` is the hex of fountain ``f``
    and ``fountain_colour[f]`` its colour (0 violet, 1 red, 2 white).
    """

    __slots__ = (
        "board_of",
        "coverable",
        "fountain_bits",
        "fountain_colour",
        "fountain_mask",
        "grid",
        "placements",
        "rock_colour",
        "rocks",
        "tablets",
    )

    def __init__(
        self,
        data: IshtarData,
        grid: AxialGrid,
        placements: Sequence[BoardPlacement],
        fountain_colour: Sequence[int],
    ) -> None:
        self.grid = grid
        self.placements = tuple(placements)
        self.fountain_colour = tuple(fountain_colour)
        self.board_of: dict[int, int] = {}
        self.rock_colour: dict[int, int] = {}
        fountains = []
        self.tablets = 0
        self.coverable = 0
        self.rocks = [0, 0, 0]
        for index, placement in enumerate(self.placements):
            for cell, kind, colour in board_cells(data, placement):
                if cell not in grid:
                    raise InvalidOptions(
                        f"board {placement.board} at {placement.centre} is off the game's map"
                    )
                bit = grid.bit(cell)
                if bit in self.board_of:
                    raise InvalidOptions(f"two boards cover hex {cell[0]},{cell[1]}")
                self.board_of[bit] = index
                if kind == "fountain":
                    fountains.append(bit)
                elif kind == "tablet":
                    self.tablets |= 1 << bit
                else:
                    self.coverable |= 1 << bit
                    if kind == "rock":
                        self.rocks[colour] |= 1 << bit
                        self.rock_colour[bit] = colour
        self.fountain_bits = tuple(fountains)
        self.fountain_mask = 0
        for bit in fountains:
            self.fountain_mask |= 1 << bit
        if len(self.fountain_colour) != len(fountains):
            raise InvalidOptions(
                f"{len(self.fountain_colour)} fountain colours for {len(fountains)} fountains"
            )

    def fountain_at(self, bit: int) -> int:
        return self.fountain_bits.index(bit)

    def kind(self, bit: int) -> str:
        """``fountain``, ``tablet``, ``rock`` or ``sand``."""
        mask = 1 << bit
        if self.fountain_mask & mask:
            return "fountain"
        if self.tablets & mask:
            return "tablet"
        return "rock" if bit in self.rock_colour else "sand"

    def describe(self) -> str:
        """``"B1A0@0,0 B4B3@7,-4"``: the boards as laid."""
        return " ".join(f"{p.text()}@{p.centre[0]},{p.centre[1]}" for p in self.placements)


def draw_fountains(data: IshtarData, count: int, rng: Rng) -> list[int]:
    """Shuffle every fountain of the box and keep the first ``count`` (§10 step 2)."""
    pool = [c for c in range(len(GEMS)) for _ in range(data.fountain_counts[c])]
    rng.shuffle(pool)
    return pool[:count]
