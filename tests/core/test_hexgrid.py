import pytest
from hypothesis import given
from hypothesis import strategies as st

from ziggurat.core.hexgrid import (
    HexLayout,
    bit_list,
    from_axial,
    iter_bits,
    offset_neighbours,
    to_axial,
)

FULL = [(r, c) for r in range(23) for c in range(17) if (r + c) % 2 == 0]


def test_offset_neighbours_match_the_board_convention() -> None:
    # The BGA RowColTest vector: (10,13) -> N (8,13), S (12,13), NW (9,12) ...
    assert offset_neighbours((10, 13)) == {
        "N": (8, 13),
        "NE": (9, 14),
        "SE": (11, 14),
        "S": (12, 13),
        "SW": (11, 12),
        "NW": (9, 12),
    }


def test_layout_neighbours_drop_missing_hexes() -> None:
    layout = HexLayout(FULL)
    assert layout.neighbours((0, 0)) == [(1, 1), (2, 0)]
    assert layout.neighbours((22, 16)) == [(20, 16), (21, 15)]
    assert layout.neighbours((10, 12)) == [(8, 12), (9, 11), (9, 13), (11, 11), (11, 13), (12, 12)]


@given(st.sampled_from(FULL))
def test_dilate_equals_offset_arithmetic(coord: tuple[int, int]) -> None:
    layout = HexLayout(FULL)
    expected = sorted(c for c in offset_neighbours(coord).values() if c in layout)
    assert layout.neighbours(coord) == expected


def test_flood_stays_inside_allowed() -> None:
    layout = HexLayout(FULL)
    allowed = layout.mask_of([(0, 0), (2, 0), (4, 0), (8, 0)])
    reach = layout.flood(layout.mask_of([(0, 0)]), allowed)
    assert layout.coords_of(reach) == [(0, 0), (2, 0), (4, 0)]


def test_axial_round_trip_and_non_hexes() -> None:
    for coord in FULL:
        assert from_axial(*to_axial(coord)) == coord
    with pytest.raises(ValueError, match="row \\+ col must be even"):
        to_axial((1, 2))
    with pytest.raises(ValueError, match="not a hex"):
        HexLayout([(1, 2)])


@given(st.integers(min_value=0, max_value=2**420 - 1))
def test_bit_list_matches_iter_bits(mask: int) -> None:
    assert bit_list(mask) == list(iter_bits(mask))


# ---------------------------------------------------------------------------- axial grids
# Vectors of the Ishtar rules reference, section 15.1.

from ziggurat.core.hexgrid import (  # noqa: E402
    AXIAL_DIRECTIONS,
    AxialGrid,
    axial_disc,
    axial_distance,
    axial_mirror,
    axial_rotate,
)


def test_axial_arithmetic_matches_the_ishtar_vectors() -> None:
    neighbours = [(2 + dq, -1 + dr) for dq, dr in AXIAL_DIRECTIONS]
    assert neighbours == [(3, -1), (3, -2), (2, -2), (1, -1), (1, 0), (2, 0)]
    assert axial_distance((0, 0), (2, -3)) == 3
    assert axial_distance((3, 0), (3, -2)) == 2
    assert axial_distance((-1, 0), (0, 1)) == 2
    assert axial_rotate((3, -2), 1) == (2, 1)
    assert axial_rotate((2, -3), 2) == (1, 2)
    assert axial_rotate((2, -3), 6) == (2, -3)
    assert axial_mirror((-3, 2)) == (2, -3)
    assert len(axial_disc(3)) == 37


def _two_boards() -> AxialGrid:
    cells = [(q, r) for q, r in axial_disc(3)]
    cells += [(q + 7, r - 4) for q, r in axial_disc(3)]
    return AxialGrid(cells)


def test_axial_grid_dilate_is_the_six_neighbours_on_the_map() -> None:
    grid = _two_boards()
    for cell in grid.coords:
        expected = {
            (cell[0] + dq, cell[1] + dr)
            for dq, dr in AXIAL_DIRECTIONS
            if (cell[0] + dq, cell[1] + dr) in grid
        }
        assert set(grid.coords_of(grid.dilate(1 << grid.bit(cell)))) == expected


@given(st.sampled_from((*AXIAL_DIRECTIONS, (2, 0), (-2, 0), (2, -2), (-2, 2), (2, -1))))
def test_axial_grid_shift_never_wraps_a_row(step: tuple[int, int]) -> None:
    grid = _two_boards()
    moved = grid.shift(grid.all_mask, grid.offset(step))
    assert set(grid.coords_of(moved)) == {
        (q + step[0], r + step[1]) for q, r in grid.coords if (q + step[0], r + step[1]) in grid
    }


def test_axial_grid_components_and_flood() -> None:
    grid = _two_boards()
    a = grid.mask_of([(0, 0), (1, 0), (3, 0)])
    parts = grid.components(a)
    assert [grid.coords_of(p) for p in parts] == [[(0, 0), (1, 0)], [(3, 0)]]
    assert grid.flood(grid.mask_of([(0, 0)]), a) == grid.mask_of([(0, 0), (1, 0)])
    with pytest.raises(ValueError, match="margin"):
        grid.offset((3, 0))
