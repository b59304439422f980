"""An Ishtar position and the turn flow: the can, the tile, gems, the icon, trees, the end.

The map is bitsets over the game's grid (one int per kind of thing: tiles, flower spaces,
grass, trees, each seat's assistants, the gems left per colour, and per fountain its hex plus
the tiles of its gardens), with one list for the flowers on each hex. Everything else is
small lists of ints. ``clone`` copies those lists; the terrain (what each hex is) is shared.

A turn runs through the steps of the rules reference (§11): choose (the can and a tile),
place, the icon's special action (with the bloom and nursery skills' follow-up choices),
trees (buy, then plant each bought tree). Gem collection and the market refill happen on
their own. A step with no choice is skipped: no icon or nothing it allows, no card one can
buy.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any

from ziggurat.core.api import TERMINAL
from ziggurat.core.errors import IllegalAction
from ziggurat.core.rng import Rng

from . import rules, scoring
from .actions import (
    ASSISTANT,
    BLOOM,
    BUY,
    DISCARD,
    END_TURN,
    NO_ACTION,
    PLACE,
    PLANT,
    RESERVE,
    SKILL,
    STOP_BLOOM,
    TAKE,
    IshtarAction,
)
from .components import BLOOM as BLOOM_EFFECT
from .components import FREE_CAN_STEP, NO_ICON, RECRUIT, SHAPES
from .components import RESERVE as RESERVE_EFFECT
from .rules import (
    PHASE_ACTION,
    PHASE_BLOOM,
    PHASE_CHOOSE,
    PHASE_OVER,
    PHASE_PLACE,
    PHASE_PLANT,
    PHASE_RESERVE,
    PHASE_TREES,
)
from .terrain import Terrain

if TYPE_CHECKING:
    from .game import IshtarGame

_ACTION_ID = attrgetter("id")

TurnRecord = tuple[int, int, tuple[int, int, int], tuple[int, ...], bool]


class IshtarState:
    """One position of a game of Ishtar. See the module docstring."""

    __slots__ = (
        "_legal",
        "_legal_ids",
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
        "current",
        "deck",
        "discarded",
        "emptied",
        "end_triggered",
        "first",
        "flower_mask",
        "flowers",
        "game",
        "gem_stock",
        "gems",
        "gems_map",
        "grass_mask",
        "icon",
        "icon_bit",
        "market",
        "market_tree",
        "n",
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
        self.game = game
        self.terrain = terrain
        n = self.n = game.num_players
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
        self.current = 0
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
        self._legal: list[IshtarAction] | None = None
        self._legal_ids: frozenset[int] | None = None
        self._map_context: rules.MapContext | None = None

    # ----------------------------------------------------------------- the game interface

    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == PHASE_OVER else self.current

    def is_terminal(self) -> bool:
        return self.phase == PHASE_OVER

    def scores(self) -> list[int]:
        return scoring.totals(self)

    def shown_scores(self, viewer: int | None) -> list[int]:
        """Scores as ``viewer`` may see them: another seat's tree cards lie face down, so
        their points are left out until the end (rulings I18)."""
        return [p["total"] for p in scoring.public_breakdown(self, viewer)]

    def winners(self) -> list[int]:
        """Most points; a tie shares the victory (no tie-break exists, rulings)."""
        points = self.scores()
        best = max(points)
        return [s for s in range(self.n) if points[s] == best]

    def clone(self) -> IshtarState:
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
        other._legal_ids = self._legal_ids
        other._map_context = self._map_context
        return other

    def legal_actions(self) -> list[IshtarAction]:
        legal = self._legal
        if legal is None:
            legal = self._legal = rules.legal_actions(self)
            self._legal_ids = None
        return legal[:]

    def apply_action(self, action: IshtarAction) -> None:
        """Apply a legal action; an illegal one raises ``IllegalAction`` and changes nothing."""
        problem = self.why_illegal(action)
        if problem is not None:
            raise IllegalAction(problem)
        self._apply(action)

    def view(self, seat: int | None) -> dict[str, Any]:
        from .views import view

        return view(self, seat)

    def determinize(self, seat: int, rng: Any) -> IshtarState:
        from .views import determinize

        return determinize(self, seat, rng)

    def to_json(self) -> dict[str, Any]:
        from .serialize import state_to_json

        return state_to_json(self)

    def __str__(self) -> str:
        from .render import state_text

        return state_text(self)

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

    # ----------------------------------------------------------------- legality

    def why_illegal(self, action: object) -> str | None:
        """``None`` if ``action`` is legal now, else a sentence saying why not."""
        table = self.game.actions
        if isinstance(action, str):
            return f"{action!r} is text; turn it into an action with game.parse_action(state, text)"
        if (
            not isinstance(action, IshtarAction)
            or not 0 <= action.id < len(table.actions)
            or table.actions[action.id].text != action.text
        ):
            return f"{action!r} is not an action of this game"
        if self.phase == PHASE_OVER:
            return f"{action}: the game is over"
        if self._legal is None:  # a search's move: check it alone, without listing them all
            kind = action.kind
            if (
                kind == PLACE
                and self.phase == PHASE_PLACE
                and rules.placement_ok(self, self.tile, action.cell, action.rotation)
            ) or (
                kind == TAKE
                and self.phase == PHASE_CHOOSE
                and rules.take_ok(self, action.stack, action.pay)
            ):
                return None
        if self._legal is None:
            self._legal = rules.legal_actions(self)
            self._legal_ids = None
        ids = self._legal_ids
        if ids is None:
            ids = self._legal_ids = frozenset(map(_ACTION_ID, self._legal))
        if action.id in ids:
            return None
        return f"{action}: {rules.why_not(self, action)}"

    # ----------------------------------------------------------------- the turn flow

    def _apply(self, action: IshtarAction) -> None:
        self._legal = None
        self._legal_ids = None
        kind = action.kind
        if kind == TAKE:
            self._pay(self.current, action.pay, to_board=False)
            self.can = action.stack
            self.tile = self._draw_tile(action.stack)
            self.record = (self.current, self.tile, (0, 0, 0), (), False)
            self.phase = PHASE_PLACE
        elif kind == DISCARD:
            self.can = action.stack
            tile = self._draw_tile(action.stack)
            self.discarded.append(tile)
            self.record = (self.current, tile, (0, 0, 0), (), True)
            self._start_trees()
        elif kind == PLACE:
            self._place(action.cell, action.rotation)
        elif kind == ASSISTANT:
            seat = self.current
            self._map_context = None
            self.supply[seat] -= 1
            self.assistants[seat] |= 1 << self.icon_bit
            self.assistants_all |= 1 << self.icon_bit
            self._start_trees()
        elif kind == SKILL:
            self.icon = NO_ICON
            self.icon_bit = -1
            self._unlock(action.skill, action.pay)
        elif kind in (NO_ACTION, STOP_BLOOM):
            self.bloom_left = 0
            self._start_trees()
        elif kind == BLOOM:
            self._bloom(action.pattern, action.cell, action.cell2)
        elif kind == RESERVE:
            slot = action.slot
            self.reserved[self.current] = self.market[slot]
            self.market[slot] = -1
            self.market_tree[slot] = False  # the tree stays on the reserved card
            self.emptied.append(slot)
            self._start_trees()
        elif kind == BUY:
            self._buy(action.slot)
        elif kind == PLANT:
            self.tree_mask |= 1 << action.cell
            self.trees_placed.append((self.planting, action.cell, self.current))
            self.piles[self.current].append(self.planting)
            self.planting = -1
            self._start_trees()
        elif kind == END_TURN:
            self._end_turn()

    def _pay(self, seat: int, pay: tuple[int, int, int], *, to_board: bool) -> None:
        base = 3 * seat
        for c in range(3):
            if pay[c]:
                self.gems[base + c] -= pay[c]
                if to_board:
                    self.board_gems[base + c] += pay[c]
                else:
                    self.gem_stock[c] += pay[c]

    def _draw_tile(self, stack: int) -> int:
        """Take the top tile of ``stack`` (the next one is then face up) and check the end
        trigger: the second stack to run empty (§11, game end)."""
        tile = self.stacks[stack].pop()
        if not self.stacks[stack] and self.empty_stacks() >= self.game.data.end_empty_stacks:
            self.end_triggered = True
        return tile

    def _place(self, anchor: int, rotation: int) -> None:
        game = self.game
        tile = self.tile
        cells, flower_cells, grass_cells, icon_bit = game.footprint(tile, anchor, rotation)
        self._map_context = None
        self.tile_mask |= cells
        around = game.grid.dilate(cells)
        for f, reach in enumerate(self.reach):
            if around & reach:
                self.reach[f] = reach | cells
                break
        self.flower_mask |= flower_cells
        self.grass_mask |= grass_cells
        for bit, count in game.footprint_flowers(tile, anchor, rotation):
            self.flowers[bit] = count
        seat = self.current
        collected = [0, 0, 0]
        for c in range(3):
            found = self.gems_map[c] & cells
            if found:
                self.gems_map[c] ^= found
                collected[c] = found.bit_count()
                self.gems[3 * seat + c] += collected[c]
        if any(collected):
            r = self.record
            self.record = (r[0], r[1], (collected[0], collected[1], collected[2]), r[3], r[4])
        self.placed.append((tile, anchor, rotation))
        self.tile = -1
        self.icon = game.data.tile_icon[tile]
        self.icon_bit = icon_bit
        if self.icon != NO_ICON and any(rules.icon_options(self)):
            self.phase = PHASE_ACTION
        else:
            self._start_trees()

    def _unlock(self, skill: int, pay: tuple[int, int, int]) -> None:
        data = self.game.data
        seat = self.current
        index = seat * len(data.skill_ids) + skill
        self._pay(seat, pay, to_board=True)
        self.skill_turn[index] = self.turn
        self.skill_pay[index] = pay
        effect = data.skill_effect[skill]
        amount = data.skill_amount[skill]
        if effect == RECRUIT:
            moved = min(amount, self.carpet[seat])
            self.carpet[seat] -= moved
            self.supply[seat] += moved
        elif effect == BLOOM_EFFECT:
            self.bloom_placed = 0
            if amount and rules.can_bloom(self):
                self.bloom_left = amount
                self.phase = PHASE_BLOOM
                return
        elif effect == RESERVE_EFFECT and self.reserved[seat] < 0 and rules.reservable(self):
            self.phase = PHASE_RESERVE
            return
        self._start_trees()

    def _bloom(self, pattern: int, bit: int, bit2: int) -> None:
        game = self.game
        token = next(t for t in game.pattern_tokens[pattern] if self.tokens[t])
        self.tokens[token] = False
        spaces = game.patterns[pattern]
        cells = 1 << bit
        self.flowers[bit] = spaces[0]
        if bit2 >= 0:
            cells |= 1 << bit2
            self.flowers[bit2] = spaces[1]
        self._map_context = None
        self.grass_mask &= ~cells
        self.flower_mask |= cells
        self.tokens_placed.append((token, bit, bit2))
        self.bloom_left -= 1
        self.bloom_placed += 1
        if not (self.bloom_left and rules.can_bloom(self)):
            self.bloom_left = 0
            self._start_trees()

    def _buy(self, slot: int) -> None:
        data = self.game.data
        seat = self.current
        if slot == data.market_size:
            card = self.reserved[seat]
            self.reserved[seat] = -1
        else:
            card = self.market[slot]
            self.market[slot] = -1
            self.market_tree[slot] = False
            self.emptied.append(slot)
        self._pay(seat, data.card_cost[card], to_board=False)
        self.planting = card
        r = self.record
        self.record = (r[0], r[1], r[2], (*r[3], card), r[4])
        self.phase = PHASE_PLANT

    def _start_trees(self) -> None:
        """Step 5, skipped when no card can be bought."""
        self.icon = NO_ICON
        self.icon_bit = -1
        self.phase = PHASE_TREES
        if not rules.buyable(self):
            self._end_turn()

    def _end_turn(self) -> None:
        """Refill the market, then the next player, or the end after the last round."""
        for slot in sorted(self.emptied):
            if not self.deck:
                break
            self.market[slot] = self.deck.pop()
            if self.tree_stock:
                self.tree_stock -= 1
                self.market_tree[slot] = True
        self.emptied = []
        self.previous = self.record
        self.turn += 1
        following = (self.current + 1) % self.n
        if self.end_triggered and following == self.first:
            self.phase = PHASE_OVER
            return
        self.current = following
        self.record = (following, -1, (0, 0, 0), (), False)
        self.phase = PHASE_CHOOSE
        if not any(self.stacks):
            self._start_trees()  # every stack empty: only trees remain (rulings §11)

    # ----------------------------------------------------------------- setup helpers

    def deal(self, rng: Rng) -> None:
        """Stacks, market and gems for a fresh game (§10 steps 3-8), from ``rng``."""
        game = self.game
        data = game.data
        n = self.n
        per_stack = data.regular_per_stack[n]
        cups = list(data.cups)
        rng.shuffle(cups)
        self.cups = tuple(cups)
        tiles = range(len(data.tile_ids))
        for shape in SHAPES:
            places = [i for i, s in enumerate(cups) if s == shape]
            regular = [t for t in tiles if data.tile_shape[t] == shape and not data.tile_start[t]]
            starts = [t for t in tiles if data.tile_shape[t] == shape and data.tile_start[t]]
            rng.shuffle(regular)
            rng.shuffle(starts)
            for i, place in enumerate(places):
                self.stacks[place] = [*regular[i * per_stack : (i + 1) * per_stack], starts[i]]
            self.box += regular[len(places) * per_stack :]
        self.box.sort()
        cards = list(range(len(data.card_ids)))
        rng.shuffle(cards)
        self.deck = cards
        for slot in range(data.market_size):
            self.market[slot] = self.deck.pop()
            self.market_tree[slot] = True
            self.tree_stock -= 1
        for seat in range(n):
            for c in range(3):
                self.gems[3 * seat + c] = data.start_gems[c]
                self.gem_stock[c] -= data.start_gems[c]
        for c in range(3):
            self.gem_stock[c] -= self.gems_map[c].bit_count()
        self.first = self.current = rng.randrange(n)
        self.record = (self.first, -1, (0, 0, 0), (), False)
