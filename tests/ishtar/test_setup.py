"""Setup per player count (rules reference §10), layouts and options."""

from __future__ import annotations

import copy
import json

import pytest

import ziggurat
from ziggurat.core.errors import DataFileError, InvalidOptions
from ziggurat.core.hexgrid import axial_distance
from ziggurat.games.ishtar.components import GEMS, default_data_path
from ziggurat.games.ishtar.game import IshtarGame

from .helpers import new_game

EXPECTED = {
    # players: boards, regular tiles per stack, gems on the map (v, r, w)
    2: (4, 4, (32, 12, 8)),
    3: (5, 5, (40, 15, 10)),
    4: (6, 6, (48, 18, 12)),
}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_per_player_count(players: int) -> None:
    boards, per_stack, on_map = EXPECTED[players]
    game = new_game(players)
    state = game.new_initial_state(seed=players)
    data = game.data
    terrain = state.terrain
    assert len(terrain.placements) == boards
    assert len({p.board for p in terrain.placements}) == boards
    assert len(game.grid.coords) == 37 * boards
    assert len(terrain.fountain_bits) == boards
    assert sorted(state.cups) == ["I", "I", "T", "T", "V", "V"]
    for i, stack in enumerate(state.stacks):
        assert len(stack) == per_stack + 1
        assert data.tile_start[stack[-1]] and data.tile_shape[stack[-1]] == state.cups[i]
        assert not any(data.tile_start[t] for t in stack[:-1])
    assert sum(len(s) for s in state.stacks) == 6 * (per_stack + 1)
    assert len(state.box) == 36 - 6 * per_stack
    assert tuple(m.bit_count() for m in state.gems_map) == on_map
    assert all(state.market_tree) and len(state.market) == 5 and len(set(state.market)) == 5
    assert state.tree_stock == 15 and len(state.deck) == 21
    assert all(state.tokens) and len(state.tokens) == 8
    for seat in range(players):
        assert state.gems[3 * seat : 3 * seat + 3] == [1, 0, 0]
        assert state.supply[seat] == 2 and state.carpet[seat] == 2
    assert state.can == -1 and state.turn == 0
    assert state.current == state.first
    stock = [data.gem_stock[c] - on_map[c] - (players if c == 0 else 0) for c in range(3)]
    assert state.gem_stock == stock


def test_the_deal_depends_on_the_seed_only() -> None:
    game = new_game(3)
    assert game.new_initial_state(5).to_json() == game.new_initial_state(5).to_json()
    firsts = {game.new_initial_state(seed).first for seed in range(40)}
    assert firsts == {0, 1, 2}
    layouts = {game.new_initial_state(seed).terrain.describe() for seed in range(40)}
    assert len(layouts) == 40
    fountains = [game.new_initial_state(seed).terrain.fountain_colour for seed in range(60)]
    assert any(2 not in f for f in fountains) and any(2 in f for f in fountains)
    assert all(f.count(2) <= 1 and f.count(1) <= 2 for f in fountains)


def test_preset_centres_and_their_boards() -> None:
    game = new_game(4)
    state = game.new_initial_state(1)
    assert [p.centre for p in state.terrain.placements] == [
        (0, 0), (7, -4), (4, 3), (11, -1), (14, -8), (18, -5)
    ]  # fmt: skip
    for p in state.terrain.placements:
        assert p.side in ("A", "B") and 0 <= p.rotation < 6
        fountain = [
            b
            for b in state.terrain.fountain_bits
            if state.terrain.board_of[b] == state.terrain.placements.index(p)
        ]
        assert len(fountain) == 1
        assert axial_distance(game.grid.coord(fountain[0]), p.centre) <= 1


def test_a_fixed_layout_is_honoured() -> None:
    game = ziggurat.load_game("ishtar", players=2, layout="X0=B1A0 X1=B4B3 -3,7 Y1")
    state = game.new_initial_state(0)
    placed = state.terrain.placements
    assert placed[0].text() == "B1A0" and placed[1].text() == "B4B3"
    assert placed[2].centre == (-3, 7)
    assert {placed[2].board, placed[3].board} <= {"B2", "B3", "B5", "B6"}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 5}, "players=5: Ishtar: Gardens of Babylon is for 2, 3 or 4"),
        ({"players": True}, "players=True: Ishtar: Gardens of Babylon is for 2, 3 or 4"),
        (
            {"colour": "red"},
            "unknown Ishtar: Gardens of Babylon option 'colour'; "
            "the options are: players, layout, touch_two",
        ),
        ({"layout": "X0 X1 Y0"}, "3 boards, but this game uses 4"),
        ({"layout": "X0 X1 Y0 X0"}, "two boards share a centre"),
        ({"layout": "X0 X1 Y0 1,1"}, "not on the board lattice"),
        ({"layout": "X0 X1 Y0 Y2"}, "not form one connected map"),
        ({"layout": "X0=B1A0 X1=B1B2 Y0 Y1"}, "a board is used twice"),
        ({"layout": "X0=B9A0 X1 Y0 Y1"}, "after '=' write a board"),
        ({"layout": "X0=B1A7 X1 Y0 Y1"}, "rotations are 0 to 5"),
        ({"layout": "Q7 X1 Y0 Y1"}, "a centre is a preset name"),
        # Unicode digits that int() would read, or fail on, are not numbers of a layout
        ({"layout": "X0=B1A\u00b2 X1 Y0 Y1"}, "after '=' write a board"),
        ({"layout": "X0 X1 Y0 \u0661,\u0660"}, "a centre is a preset name"),
        ({"layout": "X0 X1 Y0 " + "9" * 900 + ",0"}, "layout entry '99999999999999999999"),
        ({"layout": 3}, "layout=3: use a text of at most 2000 characters"),
        ({"layout": "X0 " * 700}, "layout is 2100 characters long; at most 2000"),
        ({"layout": "  "}, "layout='': write 'preset' or centres such as 'X0=B1A0 X1 Y0 Y1'"),
        ({"layout": "X0 X1 Y0 -4,-3", "touch_two": True}, "touches fewer than two"),
        ({"touch_two": "yes"}, "touch_two='yes': must be true or false"),
    ],
)
def test_bad_options_are_refused(options: dict, message: str) -> None:
    with pytest.raises(InvalidOptions, match=message):
        ziggurat.load_game("ishtar", **{"players": 2, **options})


def test_outer_white_space_and_case_of_a_layout_do_not_matter() -> None:
    """Text options lose their outer white space (the kernel), so ``" preset "`` is the
    option set ``"preset"``; the word itself may be in any case."""
    plain = ziggurat.load_game("ishtar", players=2)
    for text in (" preset ", "PRESET", "\tPreset\n"):
        game = ziggurat.load_game("ishtar", players=2, layout=text)
        assert game.options["layout"] == text.strip()
        assert game.layout == plain.layout
    custom = ziggurat.load_game("ishtar", players=2, layout=" X0=B1A0 X1=B4B3 Y0 Y1  ")
    assert custom.options["layout"] == "X0=B1A0 X1=B4B3 Y0 Y1"


def test_the_declared_options_are_those_of_the_rules() -> None:
    """Defaults and allowed values as the declaration gives them (the CLI, the API and the
    lobby are built from it)."""
    assert IshtarGame.option_defaults == {"players": 2, "layout": "preset", "touch_two": False}
    players, layout, touch_two = IshtarGame.options_declared
    assert players.choices == (2, 3, 4)
    assert layout.kind is str and layout.choices is None
    assert touch_two.kind is bool
    assert set(IshtarGame.option_help) == {"players", "layout", "touch_two"}
    assert all(IshtarGame.option_help.values())


def test_a_custom_layout_where_each_board_touches_two() -> None:
    game = ziggurat.load_game("ishtar", players=2, layout="X0 X1 Y0 Y1", touch_two=True)
    assert len(game.grid.coords) == 148


def test_seed_must_be_an_int() -> None:
    with pytest.raises(InvalidOptions, match="seed must be an integer"):
        new_game(2).new_initial_state("1")  # type: ignore[arg-type]


def test_a_corrected_data_file_is_checked(tmp_path) -> None:
    original = json.loads(default_data_path().read_text())
    bad = tmp_path / "ishtar.json"
    data = copy.deepcopy(original)
    data["tiles"]["tiles"][2]["icon_space"] = 1  # I01's icon onto its grass
    bad.write_text(json.dumps(data))
    with pytest.raises(DataFileError, match=r"tiles\.tiles\[2\]\.icon_space"):
        ziggurat.load_game("ishtar", data=bad)
    data = copy.deepcopy(original)
    data["regular_tiles_per_stack"]["4"]["value"] = 7  # 2 stacks of 7 > 12 tiles
    bad.write_text(json.dumps(data))
    with pytest.raises(DataFileError, match=r"regular_tiles_per_stack\.4"):
        ziggurat.load_game("ishtar", data=bad)
    data = copy.deepcopy(original)
    data["terrain"]["boards"]["B1"]["tablets"].append([0, 0])
    bad.write_text(json.dumps(data))
    with pytest.raises(
        DataFileError, match=r"terrain\.boards\.B1\.tablets: \[0, 0\] is listed twice"
    ):
        ziggurat.load_game("ishtar", data=bad)
    assert GEMS == ("violet", "red", "white")
