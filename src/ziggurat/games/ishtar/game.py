"""``IshtarGame``: options, setup, the map's numbering, tile geometry and the action table.

Built by ``ziggurat.load_game("ishtar", players=3, ...)``. A game is immutable and shared by
all of its states. Its layout's centres decide which hexes exist, so hexes and actions are
numbered once per game; which board, side and rotation lies on each centre, and the rest of
the deal, come from each state's seed (:func:`.state.set_up`).

This module is the top of the engine: it implements the kernel's hooks that need the views,
the saved form and the words of an action or an event by calling :mod:`.views`,
:mod:`.serialize`, :mod:`.describe` and :mod:`.events`, so that none of those, nor the state,
imports another upwards.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ziggurat.core.events import Event
from ziggurat.core.hexgrid import AXIAL_DIRECTIONS, Coord, axial_rotate
from ziggurat.core.kernel import BaseGame
from ziggurat.core.options import Option, players_option
from ziggurat.core.rng import Rng

from . import describe, events, observation, reveal, serialize, undo, views
from .actions import IshtarAction, IshtarActionTable
from .components import IshtarData, load_data
from .state import IshtarState, set_up
from .terrain import LayoutSpec, check_layout, grid_for, parse_layout, preset_spec


class IshtarGame(BaseGame):
    """Ishtar: Gardens of Babylon for 2, 3 or 4 players with validated options."""

    name = "ishtar"
    title = "Ishtar: Gardens of Babylon"
    player_counts = (2, 3, 4)
    options_declared = (
        players_option(player_counts, 2),
        Option(
            "layout",
            str,
            "preset",
            "where the terrain boards lie: 'preset' for the usual map of the player count, "
            "with boards, sides and turns drawn at random; or your own map of players + 2 "
            "boards, such as 'X0=B1A0 X1=B4B3 Y0 Y1': each board's centre (X0 to Y2, or "
            "q,r), optionally followed by = and a board B1-B6, a side A or B and a turn 0-5 "
            "(a centre alone gets a random board)",
        ),
        Option(
            "touch_two",
            bool,
            False,
            "your own layout must have every board touch at least two others",
        ),
    )
    conformance_option_sets = (
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 2, "layout": "X0 Y0 -3,7 1,10"},
    )

    views_module = views
    observation_module = observation
    serialize_module = serialize

    def setup(self, data: Path | None) -> None:
        """The component data, the layout (its form and legality checked before anything
        is built on it), the grid, the tiles' geometry, the token patterns and the actions."""
        loaded, version = load_data(data)
        self.data: IshtarData = loaded
        self.data_version = version
        self.layout: LayoutSpec = self._layout_spec()
        self.grid = grid = grid_for(self.layout, loaded)
        self.direction_deltas: tuple[int, ...] = tuple(grid.offset(d) for d in AXIAL_DIRECTIONS)
        self._build_tile_geometry()
        # Blooming tokens that look alike are one choice: a pattern is a token's flowers.
        patterns: list[tuple[int, ...]] = []
        tokens_of: list[list[int]] = []
        for token, spaces in enumerate(loaded.token_spaces):
            if spaces not in patterns:
                patterns.append(spaces)
                tokens_of.append([])
            tokens_of[patterns.index(spaces)].append(token)
        self.patterns: tuple[tuple[int, ...], ...] = tuple(patterns)
        self.pattern_tokens: tuple[tuple[int, ...], ...] = tuple(tuple(t) for t in tokens_of)
        self.pattern_symmetric: tuple[bool, ...] = tuple(
            len(p) == 2 and p[0] == p[1] for p in patterns
        )
        coords = grid.coords
        bit_of = {c: grid.bit(c) for c in coords}
        self.actions: IshtarActionTable = IshtarActionTable(
            coords,
            bit_of,
            stacks=len(loaded.cups),
            max_can_cost=(len(loaded.cups) - 1) * loaded.can_step_gems,
            skill_ids=loaded.skill_ids,
            skill_cost=loaded.skill_gems,
            patterns=self.patterns,
            market_size=loaded.market_size,
        )

    def boards_required(self) -> int:
        """Boards on the table: players + 2 (rules reference §3.3)."""
        return self.data.boards_in_play[self.num_players]

    def _layout_spec(self) -> LayoutSpec:
        """The layout option read and checked (:class:`InvalidOptions` naming what is wrong
        and what is allowed). The kernel stripped outer white space; case does not matter
        for ``preset``."""
        text = self.options["layout"]
        if text.lower() == "preset":
            spec = preset_spec(self.data, self.num_players)
        else:
            spec = parse_layout(text, self.data)
        check_layout(spec, self.data, self.boards_required(), touch_two=self.options["touch_two"])
        return spec

    def _build_tile_geometry(self) -> None:
        """Per tile and rotation: the bit steps to spaces 1 and 2, and which rotations give
        distinct results (rules reference §3.4: an engine lists each result once)."""
        data = self.data
        grid = self.grid
        # per shape and rotation k, where spaces 0, 1, 2 lie from space 0 (for the views, so
        # that no front end turns a shape itself)
        self.shape_turns: dict[str, tuple[tuple[Coord, ...], ...]] = {
            name: tuple(tuple(axial_rotate(o, k) for o in cells) for k in range(6))
            for name, cells in data.shapes.items()
        }
        self.tile_rotations: list[list[tuple[int, int, int, tuple[int, ...]]]] = []
        # [tile][k] -> (step to space 1, step to space 2, steps to flower spaces), or None
        # for a rotation that repeats an earlier one's result
        self.rotation_info: list[list[tuple[int, int, tuple[int, ...]] | None]] = []
        self._spaces: list[list[tuple[tuple[int, int], ...]]] = []  # [tile][k] -> (delta, flowers)
        self._icon_delta: list[list[int | None]] = []  # None: no icon (a delta may be -1)
        for tile in range(len(data.tile_ids)):
            shape = data.shapes[data.tile_shape[tile]]
            flowers = data.tile_flowers[tile]
            icon_space = data.tile_icon_space[tile]
            content = [
                (flowers[i], data.tile_icon[tile] if i == icon_space else 0) for i in range(3)
            ]
            seen: list[frozenset[tuple[Coord, tuple[int, int]]]] = []
            rotations = []
            spaces_by_k = []
            icons_by_k = []
            for k in range(6):
                cells = [axial_rotate(o, k) for o in shape]
                deltas = [grid.offset(c) for c in cells]
                spaces_by_k.append(tuple((deltas[i], flowers[i]) for i in range(3)))
                icons_by_k.append(deltas[icon_space] if icon_space >= 0 else None)
                # the placed content relative to its lowest hex, to compare rotations
                low = min(cells, key=lambda c: (c[1], c[0]))
                shape_key = frozenset(
                    ((c[0] - low[0], c[1] - low[1]), content[i]) for i, c in enumerate(cells)
                )
                if shape_key in seen:
                    continue
                seen.append(shape_key)
                flower_deltas = tuple(deltas[i] for i in range(3) if flowers[i])
                rotations.append((k, deltas[1], deltas[2], flower_deltas))
            self.tile_rotations.append(rotations)
            info: list[tuple[int, int, tuple[int, ...]] | None] = [None] * 6
            for k, d1, d2, flower_deltas in rotations:
                info[k] = (d1, d2, flower_deltas)
            self.rotation_info.append(info)
            self._spaces.append(spaces_by_k)
            self._icon_delta.append(icons_by_k)

    def footprint(self, tile: int, anchor: int, rotation: int) -> tuple[int, int, int, int]:
        """``(hexes, flower hexes, grass hexes, icon bit or -1)`` of a placement."""
        cells = flowers = grass = 0
        for delta, count in self._spaces[tile][rotation]:
            bit = 1 << (anchor + delta)
            cells |= bit
            if count:
                flowers |= bit
            else:
                grass |= bit
        icon = self._icon_delta[tile][rotation]
        return cells, flowers, grass, (-1 if icon is None else anchor + icon)

    def footprint_deltas(self, tile: int, rotation: int) -> list[int]:
        """The bit steps from the anchor to spaces 0, 1 and 2."""
        return [d for d, _ in self._spaces[tile][rotation]]

    def footprint_flowers(self, tile: int, anchor: int, rotation: int) -> list[tuple[int, int]]:
        """``(bit, flowers)`` for the flower spaces of a placement."""
        return [(anchor + d, c) for d, c in self._spaces[tile][rotation] if c]

    def footprint_cells(self, tile: int, anchor: int, rotation: int) -> list[int]:
        """The bits of spaces 0, 1 and 2 of a placement."""
        return [anchor + d for d, _ in self._spaces[tile][rotation]]

    # ------------------------------------------------------------------ the kernel's hooks

    def initial_state(self, seed: int) -> IshtarState:
        return set_up(self, Rng(seed))

    def describe_action(
        self, action: IshtarAction, actor: int, viewer: int | None
    ) -> dict[str, Any]:
        return describe.describe_action(self, action, actor, viewer)

    def can_undo(self, before: IshtarState, after: IshtarState) -> bool:
        """May the move from ``before`` to ``after`` be taken back (:mod:`.undo`)?"""
        return undo.can_undo(before, after)

    def describe_event(self, event: Event, viewer: int | None) -> dict[str, Any]:
        """What a move caused, as ``viewer`` may read it (:mod:`.events`: a bought card is
        named to its buyer alone)."""
        return events.describe_event(self, event, viewer)

    def reveals_secrets(self, state: IshtarState, action: IshtarAction) -> bool:
        """Taking a tile shows the next one of its stack; the end of a turn refills the tree
        market from the deck. Either shows what was hidden (the conformance suite then lets
        two worlds a seat cannot tell apart differ)."""
        after = state.clone()
        after.apply_action(action)
        return [len(s) for s in after.stacks] != [len(s) for s in state.stacks] or len(
            after.deck
        ) != len(state.deck)

    def state_reshuffled(self, state: IshtarState, rng: Rng) -> IshtarState:
        """Continue from here: the unseen tiles and the tree deck dealt anew, the map, the
        stacks' tops and every holding kept (:mod:`.reveal`)."""
        return reveal.reshuffled(state, rng)

    def revealed_at_end(self, state: IshtarState) -> list[dict[str, Any]]:
        """Each seat's tree cards, then the tiles left in the stacks and the box and the
        tree deck, for the end screen (:mod:`.reveal`)."""
        return reveal.revealed_at_end(state)
