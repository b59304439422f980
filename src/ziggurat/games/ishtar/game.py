"""``IshtarGame``: options, setup, the map's numbering, tile geometry and the action table.

Built by ``ziggurat.load_game("ishtar", players=3, ...)``. A game is immutable and shared by
all of its states. Its layout's centres decide which hexes exist, so hexes and actions are
numbered once per game; which board, side and rotation lies on each centre, and the rest of
the deal, come from each state's seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ziggurat.core.action import action_by_number
from ziggurat.core.errors import InvalidOptions
from ziggurat.core.hexgrid import AXIAL_DIRECTIONS, Coord, axial_rotate
from ziggurat.core.rng import Rng

from .actions import ActionTable, IshtarAction
from .components import IshtarData, load_data
from .state import IshtarState
from .terrain import (
    BoardPlacement,
    LayoutSpec,
    Terrain,
    check_layout,
    draw_fountains,
    draw_placements,
    grid_for,
    parse_layout,
    preset_spec,
)

OPTION_DEFAULTS: dict[str, Any] = {
    "players": 2,
    "layout": "preset",
    "touch_two": False,
}

OPTION_HELP = {
    "players": "2, 3 or 4",
    "layout": "'preset': the preset centres of the player count with boards, sides and "
    "rotations drawn from the seed; or centres like 'X0=B1A0 X1=B4B3 Y0 Y1' (a board "
    "given as board, side, rotation; a bare centre gets a drawn board)",
    "touch_two": "true: a custom layout must have every board touch at least two others",
}


class IshtarGame:
    """Ishtar: Gardens of Babylon for 2, 3 or 4 players with validated options."""

    name = "ishtar"
    title = "Ishtar: Gardens of Babylon"
    player_counts = (2, 3, 4)
    option_defaults = OPTION_DEFAULTS
    option_help = OPTION_HELP

    def __init__(self, data: Path | None = None, **options: Any) -> None:
        loaded, version = load_data(data)
        self.data: IshtarData = loaded
        self.data_version = version
        self.options = self._validate(options)
        self.num_players: int = self.options["players"]
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
        self.actions = ActionTable(
            coords,
            bit_of,
            stacks=len(loaded.cups),
            max_can_cost=(len(loaded.cups) - 1) * loaded.can_step_gems,
            skill_ids=loaded.skill_ids,
            skill_cost=loaded.skill_gems,
            patterns=self.patterns,
            market_size=loaded.market_size,
        )
        self.num_distinct_actions = len(self.actions.actions)

    def _validate(self, options: dict[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(options) - set(OPTION_DEFAULTS))
        if unknown:
            raise InvalidOptions(
                f"unknown Ishtar option {', '.join(map(repr, unknown))}; "
                f"the options are: {', '.join(OPTION_DEFAULTS)}"
            )
        merged = {**OPTION_DEFAULTS, **options}
        players = merged["players"]
        if type(players) is not int or players not in self.player_counts:
            raise InvalidOptions(f"players={players!r}: Ishtar is for {OPTION_HELP['players']}")
        if not isinstance(merged["touch_two"], bool):
            raise InvalidOptions(f"touch_two={merged['touch_two']!r}: must be true or false")
        if not isinstance(merged["layout"], str):
            raise InvalidOptions(f"layout={merged['layout']!r}: {OPTION_HELP['layout']}")
        return merged

    def boards_required(self) -> int:
        """Boards on the table: players + 2 (rules reference §3.3)."""
        return self.data.boards_in_play[self.num_players]

    def _layout_spec(self) -> LayoutSpec:
        boards = self.boards_required()
        text = self.options["layout"]
        if text.strip().lower() == "preset":
            spec = preset_spec(self.data, self.num_players)
        else:
            spec = parse_layout(text, self.data)
        check_layout(spec, self.data, boards, touch_two=self.options["touch_two"])
        return spec

    def _build_tile_geometry(self) -> None:
        """Per tile and rotation: the bit steps to spaces 1 and 2, and which rotations give
        distinct results (rules reference §3.4: an engine lists each result once)."""
        data = self.data
        grid = self.grid
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

    def seat_names(self) -> list[str]:
        return [f"seat {s}" for s in range(self.num_players)]

    @staticmethod
    def reveals_secrets(state: IshtarState, action: IshtarAction) -> bool:
        """May ``action`` turn a hidden thing face up by the rules? Taking a tile shows the
        next one of its stack; the end of a turn refills the tree market from the deck.
        (Used by :mod:`ziggurat.testing`.)"""
        after = state.clone()
        after.apply_action(action)
        return [len(s) for s in after.stacks] != [len(s) for s in state.stacks] or len(
            after.deck
        ) != len(state.deck)

    # ------------------------------------------------------------------ setup

    def new_initial_state(self, seed: int = 0) -> IshtarState:
        """Setup (rules reference §10) drawn from ``seed``."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidOptions(f"seed must be an integer, not {seed!r}")
        rng = Rng(seed)
        placements = draw_placements(self.layout, self.data, rng)
        fountains = draw_fountains(self.data, len(placements), rng)
        terrain = Terrain(self.data, self.grid, placements, fountains)
        state = IshtarState(self, terrain)
        state.deal(rng)
        state.rng = rng
        return state

    def terrain_for(
        self, placements: Sequence[BoardPlacement], fountains: Sequence[int]
    ) -> Terrain:
        """The terrain of a deal read back from a saved state (checked on the way)."""
        return Terrain(self.data, self.grid, placements, fountains)

    # ------------------------------------------------------------------ actions

    def parse_action(self, state: IshtarState | None, text: str) -> IshtarAction:
        """The action named by ``text`` (see :mod:`.actions`); legality is checked on apply."""
        return self.actions.parse(text)

    def action_to_int(self, action: IshtarAction) -> int:
        return action.id

    def int_to_action(self, state: IshtarState | None, action_id: int) -> IshtarAction:
        return action_by_number(self.actions.actions, action_id)  # type: ignore[return-value]

    def describe_action(
        self, action: IshtarAction, actor: int, viewer: int | None
    ) -> dict[str, Any]:
        from .describe import describe_action

        return describe_action(self, action, actor, viewer)

    def state_from_json(self, data: dict[str, Any]) -> IshtarState:
        from .serialize import state_from_json

        return state_from_json(self, data)

    def __repr__(self) -> str:
        return f"<IshtarGame {self.options}>"
