"""``to_json`` / ``state_from_json``: the whole state, stack and deck order included.

Things are written by their data-file ids (tiles, cards, tokens, skills) and hexes as axial
``[q, r]``, so a saved game reads like the table. The map is stored as what was put on it, in
order (tiles, tokens, assistants, trees); reading rebuilds the bitsets from that, checking
each piece against the rules of the map (on coverable hexes, one fountain per garden, one
assistant per flowerbed, tokens and trees on grass) and that every tile, card, gem, tree,
token and assistant is somewhere exactly once. A corrupt or foreign file raises
:class:`~ziggurat.core.errors.CorruptState` naming what is wrong and builds nothing.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from ziggurat.core.components import describe_validation_error
from ziggurat.core.errors import CorruptState, ZigguratError
from ziggurat.core.hexgrid import Coord, bit_list
from ziggurat.core.kernel import StatePreamble
from ziggurat.core.rng import Rng

from .components import GEMS, ICONS, NO_ICON
from .phases import (
    PHASE_ACTION,
    PHASE_BLOOM,
    PHASE_NAMES,
    PHASE_OVER,
    PHASE_PLACE,
    PHASE_PLANT,
    PHASE_RESERVE,
)
from .rules import lay_tile, one_fountain
from .state import IshtarState
from .terrain import SIDES, BoardPlacement, Terrain

if TYPE_CHECKING:
    from .game import IshtarGame

Hex = list[int]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class BoardJson(_Model):
    board: str
    side: Literal["A", "B"]
    rotation: int
    centre: Hex


class TileJson(_Model):
    tile: str
    anchor: Hex
    rotation: int


class TokenJson(_Model):
    token: str
    hexes: list[Hex]


class TreeJson(_Model):
    card: str
    hex: Hex
    seat: int


class AssistantJson(_Model):
    hex: Hex
    seat: int


class SkillJson(_Model):
    turn: int
    gems: list[int]


class PlayerJson(_Model):
    gems: list[int]
    assistants: int
    carpet: int
    skills: dict[str, SkillJson]
    trees: list[str]
    reserved: str | None


class TurnJson(_Model):
    tile: str | None
    icon: Literal["A", "S", "W"] | None
    icon_hex: Hex | None
    bloom_left: int
    bloom_placed: int
    emptied: list[int]
    planting: str | None


class RecordJson(_Model):
    seat: int
    tile: str | None
    gems: list[int]
    cards: list[str]
    discarded: bool


class StateJson(StatePreamble):
    """A saved state: the kernel's preamble (format, game, options, data version, events), then
    Ishtar's own fields as :func:`state_fields` writes them."""

    game: Literal["ishtar"]
    rng: int
    layout: list[BoardJson]
    fountains: list[Literal["violet", "red", "white"]]
    cups: list[Literal["I", "V", "T"]]
    phase: Literal["choose", "place", "action", "bloom", "reserve", "trees", "plant", "over"]
    current_player: int
    first: int
    turn: int
    end_triggered: bool
    stacks: list[list[str]]
    box: list[str]
    discarded: list[str]
    can: int | None
    tiles: list[TileJson]
    tokens: list[TokenJson]
    assistants: list[AssistantJson]
    trees: list[TreeJson]
    deck: list[str]
    market: list[str | None]
    market_trees: list[bool]
    tree_stock: int
    gem_stock: list[int]
    players: list[PlayerJson]
    turn_state: TurnJson
    record: RecordJson
    previous: RecordJson | None


def state_fields(state: IshtarState) -> dict[str, Any]:
    """The state's saved fields, after the kernel's preamble: the generator, the deal, the
    map as what was put on it, in order, the players and the turn so far."""
    game = state.game
    data = game.data
    grid = game.grid
    tid = data.tile_ids
    cid = data.card_ids

    def hx(bit: int) -> list[int]:
        q, r = grid.coord(bit)
        return [q, r]

    skills_per_seat = len(data.skill_ids)
    players = []
    for s in range(state.n):
        skills = {}
        for i in range(skills_per_seat):
            turn = state.skill_turn[s * skills_per_seat + i]
            if turn >= 0:
                pay = state.skill_pay[s * skills_per_seat + i] or (0, 0, 0)
                skills[data.skill_ids[i]] = {"turn": turn, "gems": list(pay)}
        players.append(
            {
                "gems": state.gems[3 * s : 3 * s + 3],
                "assistants": state.supply[s],
                "carpet": state.carpet[s],
                "skills": skills,
                "trees": [cid[c] for c in state.piles[s]],
                "reserved": None if state.reserved[s] < 0 else cid[state.reserved[s]],
            }
        )
    return {
        "rng": state.rng.state,
        "layout": [
            {"board": p.board, "side": p.side, "rotation": p.rotation, "centre": list(p.centre)}
            for p in state.terrain.placements
        ],
        "fountains": [GEMS[c] for c in state.terrain.fountain_colour],
        "cups": list(state.cups),
        "phase": PHASE_NAMES[state.phase],
        "current_player": state.current,
        "first": state.first,
        "turn": state.turn,
        "end_triggered": state.end_triggered,
        "stacks": [[tid[t] for t in stack] for stack in state.stacks],
        "box": [tid[t] for t in state.box],
        "discarded": [tid[t] for t in state.discarded],
        "can": None if state.can < 0 else state.can,
        "tiles": [{"tile": tid[t], "anchor": hx(a), "rotation": k} for t, a, k in state.placed],
        "tokens": [
            {"token": data.token_ids[t], "hexes": [hx(a)] + ([hx(b)] if b >= 0 else [])}
            for t, a, b in state.tokens_placed
        ],
        "assistants": [
            {"hex": hx(b), "seat": s} for s in range(state.n) for b in bit_list(state.assistants[s])
        ],
        "trees": [{"card": cid[c], "hex": hx(b), "seat": s} for c, b, s in state.trees_placed],
        "deck": [cid[c] for c in state.deck],
        "market": [None if c < 0 else cid[c] for c in state.market],
        "market_trees": state.market_tree[:],
        "tree_stock": state.tree_stock,
        "gem_stock": state.gem_stock[:],
        "players": players,
        "record": _record_json(state, state.record),
        "previous": None if state.previous is None else _record_json(state, state.previous),
        "turn_state": {
            "tile": None if state.tile < 0 else tid[state.tile],
            "icon": ICONS[state.icon] or None,
            "icon_hex": None if state.icon_bit < 0 else hx(state.icon_bit),
            "bloom_left": state.bloom_left,
            "bloom_placed": state.bloom_placed,
            "emptied": state.emptied[:],
            "planting": None if state.planting < 0 else cid[state.planting],
        },
    }


def _record_json(state: IshtarState, record: Any) -> dict[str, Any]:
    data = state.game.data
    seat, tile, gems, cards, discarded = record
    return {
        "seat": seat,
        "tile": None if tile < 0 else data.tile_ids[tile],
        "gems": list(gems),
        "cards": [data.card_ids[c] for c in cards],
        "discarded": discarded,
    }


def _record_from(parsed: RecordJson, rd: _Reader, n: int, field: str) -> Any:
    rd.need(0 <= parsed.seat < n, f"{field}.seat is not a seat")
    rd.need(len(parsed.gems) == 3 and min(parsed.gems) >= 0, f"{field}.gems: 3 counts >= 0")
    tile = -1 if parsed.tile is None else rd.tile(parsed.tile, f"{field}.tile")
    cards = tuple(rd.card(c, f"{field}.cards") for c in parsed.cards)
    return (parsed.seat, tile, tuple(parsed.gems), cards, parsed.discarded)


_STANDS_ON = {
    "assistant": "an assistant stands on a flower space",
    "tree": "a tree stands on grass",
}


class _Reader:
    """Turns ids and hexes back into numbers, failing with the field that is wrong."""

    def __init__(self, game: IshtarGame) -> None:
        self.game = game
        data = game.data
        self.tiles = {t: i for i, t in enumerate(data.tile_ids)}
        self.cards = {c: i for i, c in enumerate(data.card_ids)}
        self.tokens = {t: i for i, t in enumerate(data.token_ids)}
        self.skills = {s: i for i, s in enumerate(data.skill_ids)}

    def fail(self, message: str) -> CorruptState:
        return CorruptState(f"Ishtar state: {message}")

    def need(self, ok: bool, message: str) -> None:
        if not ok:
            raise self.fail(message)

    def tile(self, text: str, field: str) -> int:
        if text not in self.tiles:
            raise self.fail(f"{field}: unknown tile {text!r}")
        return self.tiles[text]

    def card(self, text: str, field: str) -> int:
        if text not in self.cards:
            raise self.fail(f"{field}: unknown tree card {text!r}")
        return self.cards[text]

    def hex(self, cell: list[int], field: str) -> int:
        coord: Coord = (cell[0], cell[1]) if len(cell) == 2 else (0, 0)
        if len(cell) != 2 or coord not in self.game.grid:
            raise self.fail(f"{field}: {cell} is not a hex of this map")
        return self.game.grid.bit(coord)

    def piece(
        self, entry: AssistantJson | TreeJson, field: str, kind: str, ground: int, placed: int
    ) -> int:
        """The hex of a seat's ``kind`` of piece (assistant, tree): a hex of ``ground`` (the
        flower spaces, the grass) that no ``placed`` piece of its kind is on yet."""
        self.need(0 <= entry.seat < self.game.num_players, f"{field}.seat is not a seat")
        bit = self.hex(entry.hex, f"{field}.hex")
        self.need(ground >> bit & 1, f"{field}: {_STANDS_ON[kind]}")
        self.need(not placed >> bit & 1, f"{field}: two {kind}s on one hex")
        return bit


def read_state(game: IshtarGame, data: dict[str, Any]) -> IshtarState:
    """The state ``data`` holds (the kernel checked its game, options and data version), or
    :class:`CorruptState` naming the first field that is wrong; nothing is built before the
    schema holds."""
    try:
        parsed = StateJson.model_validate(data)
    except ValidationError as err:
        raise CorruptState(describe_validation_error("Ishtar state", err)) from None
    rd = _Reader(game)
    need = rd.need
    d = game.data
    n = game.num_players
    need(len(parsed.players) == n, f"players needs {n} entries")
    need(0 <= parsed.current_player < n and 0 <= parsed.first < n, "seat numbers out of range")
    need(parsed.turn >= 0, "turn must be >= 0")
    need(
        sorted(parsed.cups) == sorted(d.cups), f"cups must be the cups {list(d.cups)} in some order"
    )
    placements = []
    for i, b in enumerate(parsed.layout):
        need(b.board in d.boards and b.side in SIDES and 0 <= b.rotation < 6, f"layout[{i}]")
        need(len(b.centre) == 2, f"layout[{i}].centre is [q, r]")
        placements.append(BoardPlacement(b.board, b.side, b.rotation, (b.centre[0], b.centre[1])))
    need(
        [p.centre for p in placements] == list(game.layout.centres),
        "layout: the boards do not lie on this game's centres",
    )
    need(len({p.board for p in placements}) == len(placements), "layout uses a board twice")
    for p, fixed in zip(placements, game.layout.fixed, strict=True):
        need(
            fixed is None or fixed == (p.board, p.side, p.rotation),
            "layout differs from the option",
        )
    colours = [GEMS.index(c) for c in parsed.fountains]
    for c in range(3):
        need(
            colours.count(c) <= d.fountain_counts[c], f"more {GEMS[c]} fountains than the box holds"
        )
    try:
        terrain = Terrain(d, game.grid, placements, colours)
    except ZigguratError as exc:
        raise rd.fail(f"layout: {exc}") from None
    state = IshtarState(game, terrain)
    state.rng = Rng(0)
    state.rng.state = parsed.rng
    state.cups = tuple(parsed.cups)
    state.phase = PHASE_NAMES.index(parsed.phase)
    state.current = parsed.current_player
    state.first = parsed.first
    state.turn = parsed.turn
    state.end_triggered = parsed.end_triggered
    need(len(parsed.stacks) == len(d.cups), f"stacks needs {len(d.cups)} entries")
    state.stacks = [
        [rd.tile(t, f"stacks[{i}]") for t in stack] for i, stack in enumerate(parsed.stacks)
    ]
    for i, stack in enumerate(state.stacks):
        need(
            all(d.tile_shape[t] == state.cups[i] for t in stack),
            f"stacks[{i}] holds a tile of another shape than its cup ({state.cups[i]})",
        )
    state.box = [rd.tile(t, "box") for t in parsed.box]
    need(not any(d.tile_start[t] for t in state.box), "box holds a start tile")
    state.discarded = [rd.tile(t, "discarded") for t in parsed.discarded]
    need(parsed.can is None or 0 <= parsed.can < len(d.cups), "can names no stack")
    state.can = -1 if parsed.can is None else parsed.can
    _rebuild_map(game, state, parsed, rd)
    _read_players(game, state, parsed, rd)
    state.deck = [rd.card(c, "deck") for c in parsed.deck]
    need(len(parsed.market) == d.market_size, f"market needs {d.market_size} slots")
    need(len(parsed.market_trees) == d.market_size, f"market_trees needs {d.market_size} entries")
    state.market = [-1 if c is None else rd.card(c, "market") for c in parsed.market]
    state.market_tree = parsed.market_trees[:]
    need(
        all(state.market[s] >= 0 or not state.market_tree[s] for s in range(d.market_size)),
        "a tree stands on an empty market slot",
    )
    state.tree_stock = parsed.tree_stock
    state.gem_stock = parsed.gem_stock[:]
    need(len(state.gem_stock) == 3, "gem_stock needs 3 entries (violet, red, white)")
    _read_turn(game, state, parsed, rd)
    state.record = _record_from(parsed.record, rd, n, "record")
    need(
        state.record[0] == state.current or state.phase == PHASE_OVER,
        "record.seat is not the player to move",
    )
    if parsed.previous is not None:
        state.previous = _record_from(parsed.previous, rd, n, "previous")
    _check_conservation(game, state, rd)
    _check_turn(state, rd)
    return state


def _rebuild_map(game: IshtarGame, state: IshtarState, parsed: StateJson, rd: _Reader) -> None:
    """Lay the tiles, tokens, assistants and trees again, checking each against the map."""
    d = game.data
    grid = game.grid
    need = rd.need
    for i, entry in enumerate(parsed.tiles):
        field = f"tiles[{i}]"
        tile = rd.tile(entry.tile, field)
        need(0 <= entry.rotation < 6, f"{field}.rotation must be 0..5")
        anchor = rd.hex(entry.anchor, f"{field}.anchor")
        cells = [anchor + delta for delta in game.footprint_deltas(tile, entry.rotation)]
        for bit in cells:
            need(
                0 <= bit < grid.all_mask.bit_length() and grid.all_mask >> bit & 1,
                f"{field}: the tile leaves the map",
            )
            need(state.terrain.coverable >> bit & 1, f"{field}: covers a fountain or tablet")
            need(not state.tile_mask >> bit & 1, f"{field}: overlaps another tile")
        mask = game.footprint(tile, anchor, entry.rotation)[0]
        need(one_fountain(state, mask), f"{field}: its garden does not touch exactly one fountain")
        lay_tile(state, tile, anchor, entry.rotation)
    for c in range(3):
        state.gems_map[c] = state.terrain.rocks[c] & ~state.tile_mask
    for i, entry in enumerate(parsed.tokens):
        field = f"tokens[{i}]"
        if entry.token not in rd.tokens:
            raise rd.fail(f"{field}: unknown token {entry.token!r}")
        token = rd.tokens[entry.token]
        spaces = d.token_spaces[token]
        need(len(entry.hexes) == len(spaces), f"{field}: the token covers {len(spaces)} hexes")
        bits = [rd.hex(h, f"{field}.hexes") for h in entry.hexes]
        if len(bits) == 2:
            need(grid.dilate(1 << bits[0]) >> bits[1] & 1, f"{field}: its hexes are not adjacent")
        for bit, count in zip(bits, spaces, strict=True):
            need(state.grass_mask >> bit & 1, f"{field}: a token goes on the grass of a tile")
            state.grass_mask &= ~(1 << bit)
            state.flower_mask |= 1 << bit
            state.flowers[bit] = count
        state.tokens_placed.append((token, bits[0], bits[1] if len(bits) == 2 else -1))
        state.tokens[token] = False
    for i, entry in enumerate(parsed.assistants):
        field = f"assistants[{i}]"
        bit = rd.piece(entry, field, "assistant", state.flower_mask, state.assistants_all)
        state.assistants[entry.seat] |= 1 << bit
        state.assistants_all |= 1 << bit
    for bed in grid.components(state.flower_mask):
        need((bed & state.assistants_all).bit_count() <= 1, "a flowerbed holds two assistants")
    for i, entry in enumerate(parsed.trees):
        field = f"trees[{i}]"
        bit = rd.piece(entry, field, "tree", state.grass_mask, state.tree_mask)
        state.tree_mask |= 1 << bit
        state.trees_placed.append((rd.card(entry.card, f"{field}.card"), bit, entry.seat))


def _read_players(game: IshtarGame, state: IshtarState, parsed: StateJson, rd: _Reader) -> None:
    d = game.data
    need = rd.need
    skills_per_seat = len(d.skill_ids)
    for s, p in enumerate(parsed.players):
        field = f"players[{s}]"
        need(len(p.gems) == 3 and min(p.gems) >= 0, f"{field}.gems: 3 counts >= 0")
        state.gems[3 * s : 3 * s + 3] = p.gems
        need(p.assistants >= 0 and p.carpet >= 0, f"{field}: assistant counts >= 0")
        state.supply[s] = p.assistants
        state.carpet[s] = p.carpet
        for skill_id, entry in p.skills.items():
            if skill_id not in rd.skills:
                raise rd.fail(f"{field}.skills: unknown skill {skill_id!r}")
            i = rd.skills[skill_id]
            need(
                len(entry.gems) == 3 and min(entry.gems) >= 0 and sum(entry.gems) == d.skill_gems,
                f"{field}.skills.{skill_id}: {d.skill_gems} gems by colour",
            )
            need(
                0 <= entry.turn <= state.turn,
                f"{field}.skills.{skill_id}.turn: {entry.turn} is not a turn played so far "
                f"(0..{state.turn})",
            )
            state.skill_turn[s * skills_per_seat + i] = entry.turn
            state.skill_pay[s * skills_per_seat + i] = (entry.gems[0], entry.gems[1], entry.gems[2])
            for c in range(3):
                state.board_gems[3 * s + c] += entry.gems[c]
        for i, lower in enumerate(d.skill_lower):
            turn = state.skill_turn[s * skills_per_seat + i]
            if turn >= 0 and lower >= 0:
                below = state.skill_turn[s * skills_per_seat + lower]
                need(
                    0 <= below < turn,
                    f"{field}: {d.skill_ids[i]} without an earlier {d.skill_ids[lower]}",
                )
        state.piles[s] = [rd.card(c, f"{field}.trees") for c in p.trees]
        state.reserved[s] = -1 if p.reserved is None else rd.card(p.reserved, f"{field}.reserved")


def _read_turn(game: IshtarGame, state: IshtarState, parsed: StateJson, rd: _Reader) -> None:
    t = parsed.turn_state
    d = game.data
    state.tile = -1 if t.tile is None else rd.tile(t.tile, "turn_state.tile")
    state.icon = ICONS.index(t.icon or "")
    state.icon_bit = -1 if t.icon_hex is None else rd.hex(t.icon_hex, "turn_state.icon_hex")
    rd.need(
        (state.icon == NO_ICON) == (state.icon_bit < 0), "turn_state: icon and icon_hex go together"
    )
    state.bloom_left = t.bloom_left
    state.bloom_placed = t.bloom_placed
    rd.need(t.bloom_left >= 0 and t.bloom_placed >= 0, "turn_state: bloom counts >= 0")
    rd.need(
        len(set(t.emptied)) == len(t.emptied) and all(0 <= s < d.market_size for s in t.emptied),
        "turn_state.emptied names market slots, once each",
    )
    rd.need(all(state.market[s] < 0 for s in t.emptied), "turn_state.emptied names a filled slot")
    state.emptied = t.emptied[:]
    state.planting = -1 if t.planting is None else rd.card(t.planting, "turn_state.planting")


def _check_conservation(game: IshtarGame, state: IshtarState, rd: _Reader) -> None:
    """Every tile, card, tree, gem, token and assistant is somewhere, exactly once."""
    d = game.data
    need = rd.need
    n = state.n
    tiles = [t for stack in state.stacks for t in stack] + state.box + state.discarded
    tiles += [t for t, _a, _k in state.placed] + ([state.tile] if state.tile >= 0 else [])
    need(sorted(tiles) == list(range(len(d.tile_ids))), "every tile must be somewhere exactly once")
    cards = state.deck + [c for c in state.market if c >= 0]
    cards += [c for c in state.reserved if c >= 0] + [c for pile in state.piles for c in pile]
    cards += [state.planting] if state.planting >= 0 else []
    need(
        sorted(cards) == list(range(len(d.card_ids))),
        "every tree card must be somewhere exactly once",
    )
    planted = Counter((c, s) for c, _b, s in state.trees_placed)
    owned = Counter((c, s) for s in range(n) for c in state.piles[s])
    need(planted == owned, "each bought card has its tree on the map, planted by its buyer")
    trees = sum(state.market_tree) + sum(1 for c in state.reserved if c >= 0)
    trees += len(state.trees_placed) + state.tree_stock + (state.planting >= 0)
    need(trees == d.tree_markers and state.tree_stock >= 0, f"trees must total {d.tree_markers}")
    for c in range(3):
        total = state.gem_stock[c] + state.gems_map[c].bit_count()
        total += sum(state.gems[3 * s + c] + state.board_gems[3 * s + c] for s in range(n))
        need(
            total == d.gem_stock[c] and state.gem_stock[c] >= 0,
            f"{GEMS[c]} gems must total {d.gem_stock[c]}, found {total}",
        )
    for s in range(n):
        total = state.supply[s] + state.carpet[s] + state.assistants[s].bit_count()
        need(
            total == d.assistants_in_supply + d.assistants_on_carpet
            and state.carpet[s] <= d.assistants_on_carpet,
            f"seat {s}'s assistants must total {d.assistants_in_supply + d.assistants_on_carpet}",
        )


def _check_turn(state: IshtarState, rd: _Reader) -> None:
    """The step of the turn agrees with what is pending in it."""
    phase = state.phase
    name = PHASE_NAMES[phase]
    need = rd.need
    for pending, wanted, what in (
        (state.tile >= 0, PHASE_PLACE, "a tile in hand (turn_state.tile)"),
        (state.icon != NO_ICON, PHASE_ACTION, "an icon to use (turn_state.icon)"),
        (state.planting >= 0, PHASE_PLANT, "a card being planted (turn_state.planting)"),
        (state.bloom_left > 0, PHASE_BLOOM, "tokens left to bloom (turn_state.bloom_left)"),
    ):
        if phase == wanted:
            need(pending, f"phase {name} needs {what}")
        else:
            need(not pending, f"{what} is set, but the phase is {name}")
    if phase == PHASE_RESERVE:
        need(
            state.reserved[state.current] < 0,
            "phase reserve, but the player already holds a reserved card",
        )
    if phase == PHASE_OVER:
        need(state.end_triggered, "the game is over, but its end was never triggered")
    if phase == PHASE_ACTION:
        last = state.placed[-1] if state.placed else None
        need(
            last is not None and state.game.data.tile_icon[last[0]] == state.icon,
            "the icon is not the last tile's",
        )
