"""An Ishtar position: what lies where, who holds what, and the step of the turn; and setup.

The map is bitsets over the game's grid (one int per kind of thing: tiles, flower spaces,
grass, trees, each seat's assistants, the gems left per colour, and per fountain its hex plus
the tiles of its gardens), with one list for the flowers on each hex. Everything else is
small lists of ints. ``clone`` copies those lists; the terrain (what each hex is) is shared.

What is legal and what an action does (the turn flow) are :mod:`.rules`, which the kernel's
hooks here point to; points are :mod:`.scoring`; a new game is :func:`set_up`. The views,
the saved form and the terminal drawing work on a state from above (see :mod:`.game`), so
this module imports none of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ziggurat.core.kernel import BaseState
from ziggurat.core.rng import Rng

from . import rules, scoring
from .actions import BLOOM, PLACE, TAKE, IshtarAction
from .components import FREE_CAN_STEP, NO_ICON, SHAPES
from .phases import PHASE_BLOOM, PHASE_CHOOSE, PHASE_NAMES, PHASE_OVER, PHASE_PLACE
from .terrain import Terrain, draw_fountains, draw_placements

if TYPE_CHECKING:
    from .game import IshtarGame

TurnRecord = tuple[int, int, tuple[int, int, int], tuple[int, ...], bool]


class IshtarState(BaseState):
    """One position of a game of Ishtar. See the module docstring."""

    game: IshtarGame

    __slots__ = (
        "_map_context",
        "assistants",
        "assistants_all",
        "bloom_left",
        "bloom_placed",
        "board_gems",
        "box",
        "can",
        "carpet",
        "cups",
        "deck",
        "discarded",
        "emptied",
        "end_triggered",
        "first",
        "flower_mask",
        "flowers",
        "gem_stock",
        "gems",
        "gems_map",
        "grass_mask",
        "icon",
        "icon_bit",
        "market",
        "market_tree",
        "phase",
        "piles",
        "placed",
        "planting",
        "previous",
        "reach",
        "record",
        "reserved",
        "rng",
        "skill_pay",
        "skill_turn",
        "stacks",
        "supply",
        "terrain",
        "tile",
        "tile_mask",
        "tokens",
        "tokens_placed",
        "tree_mask",
        "tree_stock",
        "trees_placed",
        "turn",
    )

    def __init__(self, game: IshtarGame, terrain: Terrain) -> None:
        super().__init__(game)
        self.terrain = terrain
        n = self.n
        data = game.data
        skills = len(data.skill_ids)
        self.rng = Rng(0)
        self.tile_mask = 0
        self.flower_mask = 0
        self.grass_mask = 0  # printed grass of placed tiles not turned to flowers by a token
        self.tree_mask = 0
        self.flowers = [0] * (game.grid.all_mask.bit_length())  # bit -> flowers on top
        self.reach = [1 << b for b in terrain.fountain_bits]  # fountain + its gardens' tiles
        self.gems_map = list(terrain.rocks)  # per colour: rocks still holding their gem
        self.assistants = [0] * n
        self.assistants_all = 0
        self.placed: list[tuple[int, int, int]] = []  # (tile, anchor bit, rotation)
        self.tokens_placed: list[tuple[int, int, int]] = []  # (token, bit, second bit or -1)
        self.trees_placed: list[tuple[int, int, int]] = []  # (card, bit, buyer)
        self.cups: tuple[str, ...] = data.cups  # the shape of each stack, clockwise
        self.stacks: list[list[int]] = [[] for _ in data.cups]  # top tile last
        self.box: list[int] = []  # regular tiles left out of the game, unseen
        self.discarded: list[int] = []  # tiles discarded face up (rulings §11 step 1)
        self.can = -1
        self.deck: list[int] = []  # tree cards, top last (secret order)
        self.market = [-1] * data.market_size
        self.market_tree = [False] * data.market_size
        self.tree_stock = data.tree_markers
        self.tokens = [True] * len(data.token_ids)  # still on the carpet
        self.gem_stock = list(data.gem_stock)
        self.gems = [0] * (3 * n)  # seat * 3 + colour
        self.board_gems = [0] * (3 * n)  # gems on the seat's skills, by colour
        self.supply = [data.assistants_in_supply] * n
        self.carpet = [data.assistants_on_carpet] * n
        self.skill_turn = [-1] * (skills * n)  # seat * skills + skill -> turn unlocked
        self.skill_pay: list[tuple[int, int, int] | None] = [None] * (skills * n)
        self.piles: list[list[int]] = [[] for _ in range(n)]  # tree cards bought
        self.reserved = [-1] * n
        self.first = 0
        self.turn = 0
        self.phase = PHASE_CHOOSE
        self.end_triggered = False
        self.tile = -1  # the tile taken this turn, until placed
        self.icon = NO_ICON  # the placed tile's icon, until used
        self.icon_bit = -1
        self.bloom_left = 0
        self.bloom_placed = 0
        self.emptied: list[int] = []  # market slots emptied this turn, refilled at its end
        self.planting = -1  # the card whose tree is being planted
        # What the table saw of this turn and the last, for the log (tuples, replaced whole):
        # (seat, tile taken or -1, gems collected by colour, cards bought, tile discarded)
        self.record: TurnRecord = (0, -1, (0, 0, 0), (), False)
        self.previous: TurnRecord | None = None
        self._map_context: rules.MapContext | None = None

    # ----------------------------------------------------------------- the kernel's hooks

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def is_terminal(self) -> bool:
        return self.phase == PHASE_OVER

    def scores(self) -> list[int]:
        return scoring.totals(self)

    def shown_scores(self, viewer: int | None) -> list[int]:
        """Scores as ``viewer`` may see them: another seat's tree cards lie face down, so
        their points are left out until the end (rulings I18)."""
        return [p["total"] for p in scoring.public_breakdown(self, viewer)]

    # winners: the kernel's (most points, a tie shares the victory: Ishtar has no tie-break)

    def clone(self) -> IshtarState:
        """Every list copied, the kernel's slots too (``game``, ``n``, ``current`` and the
        cached legal list). Shared: the terrain, and the map's cached facts (a change of the
        map drops them rather than changing them)."""
        other = IshtarState.__new__(IshtarState)
        other.game = self.game
        other.terrain = self.terrain
        other.n = self.n
        other.rng = self.rng.copy()
        other.tile_mask = self.tile_mask
        other.flower_mask = self.flower_mask
        other.grass_mask = self.grass_mask
        other.tree_mask = self.tree_mask
        other.flowers = self.flowers[:]
        other.reach = self.reach[:]
        other.gems_map = self.gems_map[:]
        other.assistants = self.assistants[:]
        other.assistants_all = self.assistants_all
        other.placed = self.placed[:]
        other.tokens_placed = self.tokens_placed[:]
        other.trees_placed = self.trees_placed[:]
        other.cups = self.cups
        other.stacks = [s[:] for s in self.stacks]
        other.box = self.box[:]
        other.discarded = self.discarded[:]
        other.can = self.can
        other.deck = self.deck[:]
        other.market = self.market[:]
        other.market_tree = self.market_tree[:]
        other.tree_stock = self.tree_stock
        other.tokens = self.tokens[:]
        other.gem_stock = self.gem_stock[:]
        other.gems = self.gems[:]
        other.board_gems = self.board_gems[:]
        other.supply = self.supply[:]
        other.carpet = self.carpet[:]
        other.skill_turn = self.skill_turn[:]
        other.skill_pay = self.skill_pay[:]
        other.piles = [p[:] for p in self.piles]
        other.reserved = self.reserved[:]
        other.first = self.first
        other.current = self.current
        other.events = self.events
        other.turn = self.turn
        other.phase = self.phase
        other.end_triggered = self.end_triggered
        other.tile = self.tile
        other.icon = self.icon
        other.icon_bit = self.icon_bit
        other.bloom_left = self.bloom_left
        other.bloom_placed = self.bloom_placed
        other.emptied = self.emptied[:]
        other.planting = self.planting
        other.record = self.record
        other.previous = self.previous
        other._legal = self._legal
        other._map_context = self._map_context
        return other

    # The rules' functions are the hooks themselves (no call in between).
    _generate_legal = rules.legal_actions  # the list, in the action table's order
    _why_not = rules.why_not
    _apply = rules.apply

    def _is_legal(self, action: IshtarAction) -> bool:
        """The kernel's scan of the cached list; but a search's move made before any list
        was asked for, a placement, a take or a token, is checked alone: listing every
        placement of a tile costs far more than checking one."""
        if self._legal is None:
            kind = action.kind
            if kind == PLACE:
                if self.phase == PHASE_PLACE and rules.placement_ok(
                    self, self.tile, action.cell, action.rotation
                ):
                    return True
            elif (
                kind == TAKE
                and self.phase == PHASE_CHOOSE
                and rules.take_ok(self, action.stack, action.pay)
            ):
                return True
            elif kind == BLOOM and self.phase == PHASE_BLOOM:
                return rules.bloom_ok(self, action.pattern, action.cell, action.cell2)
        return BaseState._is_legal(self, action)

    # ----------------------------------------------------------------- derived facts

    def gems_held(self, seat: int) -> int:
        g = self.gems
        return g[3 * seat] + g[3 * seat + 1] + g[3 * seat + 2]

    def has_skill(self, seat: int, skill: int) -> bool:
        return self.skill_turn[seat * len(self.game.data.skill_ids) + skill] >= 0

    def has_free_step(self, seat: int) -> bool:
        data = self.game.data
        base = seat * len(data.skill_ids)
        return any(
            self.skill_turn[base + i] >= 0
            for i, effect in enumerate(data.skill_effect)
            if effect == FREE_CAN_STEP
        )

    def map_context(self) -> rules.MapContext:
        """The placement checks' shared facts for the map as it stands (cached)."""
        context = self._map_context
        if context is None:
            context = self._map_context = rules.MapContext(self)
        return context

    def bed_of(self, bit: int) -> int:
        """The flowerbed holding hex ``bit`` (0 when it is not a flower space)."""
        return self.game.grid.flood(1 << bit, self.flower_mask)

    def tokens_left(self, pattern: int) -> int:
        """How many tokens of ``pattern`` still lie on the carpet."""
        return sum(1 for t in self.game.pattern_tokens[pattern] if self.tokens[t])

    def empty_stacks(self) -> int:
        return sum(1 for s in self.stacks if not s)


# ---------------------------------------------------------------------------- setup


def set_up(game: IshtarGame, rng: Rng, fountains: Sequence[int] | None = None) -> IshtarState:
    """A new game (rules reference §10), every draw from ``rng`` in this order: boards,
    sides and rotations for the layout's open centres, the fountains' colours, the cups'
    places, the stacks (the box keeps the regular tiles left over), the tree deck and
    market, then the first player. The one place a game is set up. ``fountains`` gives the
    fountains' colours instead of drawing them (the rules reference's example maps)."""
    data = game.data
    placements = draw_placements(game.layout, data, rng)
    if fountains is None:
        fountains = draw_fountains(data, len(placements), rng)
    state = IshtarState(game, Terrain(data, game.grid, placements, fountains))
    n = state.n
    per_stack = data.regular_per_stack[n]
    cups = list(data.cups)
    rng.shuffle(cups)
    state.cups = tuple(cups)
    tiles = range(len(data.tile_ids))
    for shape in SHAPES:
        places = [i for i, s in enumerate(cups) if s == shape]
        regular = [t for t in tiles if data.tile_shape[t] == shape and not data.tile_start[t]]
        starts = [t for t in tiles if data.tile_shape[t] == shape and data.tile_start[t]]
        rng.shuffle(regular)
        rng.shuffle(starts)
        for i, place in enumerate(places):
            state.stacks[place] = [*regular[i * per_stack : (i + 1) * per_stack], starts[i]]
        state.box += regular[len(places) * per_stack :]
    state.box.sort()
    cards = list(range(len(data.card_ids)))
    rng.shuffle(cards)
    state.deck = cards
    for slot in range(data.market_size):
        state.market[slot] = state.deck.pop()
        state.market_tree[slot] = True
        state.tree_stock -= 1
    for seat in range(n):
        for c in range(3):
            state.gems[3 * seat + c] = data.start_gems[c]
            state.gem_stock[c] -= data.start_gems[c]
    for c in range(3):
        state.gem_stock[c] -= state.gems_map[c].bit_count()
    state.first = state.current = rng.randrange(n)
    state.record = (state.first, -1, (0, 0, 0), (), False)
    state.rng = rng
    return state
