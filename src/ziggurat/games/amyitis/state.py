"""An Amyitis position and the round flow: setup, actions, maintenance, the end.

Everything is small lists of ints: per-seat holdings as flat lists (``res[5 * seat + r]``,
``levels[3 * seat + court]``), the stocks, the craft rows, the two field rows and three
temples as lists of owners, and the garden's irrigation spaces as an owner list plus an
occupied bitset. ``clone`` copies those lists; the game (its data and action table) is
shared.

The flow follows the rules reference's state machine (§6.0, phases in :mod:`.phases`). A
decision with a single option is taken at once (§6.0, revised), so the player to move
always has a real choice; :attr:`AmyitisState.automatic` lists the actions so taken since
the last chosen one, for logs (the kernel's ``automatic_steps``).

The public interface (``legal_actions``, ``apply_action`` with its refusal, ``view``,
``determinize``, ``to_json``) is the kernel's (:class:`~ziggurat.core.kernel.BaseState`);
this module writes its hooks: the legal list and the refusal come from :mod:`.rules`, the
points from :mod:`.scoring`, and the moves themselves are here. What a seat sees and the
saved form are the game's hooks (:mod:`.views`, :mod:`.serialize`), which import this
module, never the other way round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ziggurat.core.kernel import BaseState
from ziggurat.core.rng import Rng

from . import rules, scoring
from .actions import (
    CARAVAN,
    CHOOSE,
    COURT,
    DECLINE,
    DISCARD,
    EXCHANGE,
    FIELD,
    IRRIGATE,
    ISHTAR_CHOICE,
    PASS,
    PLANT,
    PROCESSION,
    RECRUIT,
    SELL,
    TAKE,
    TEMPLE,
    AmyitisAction,
)
from .components import (
    CITY_BABYLON,
    CITY_COURT,
    EMPTY,
    ENGINEER,
    GARDENER,
    ISHTAR,
    MERCHANT,
    NEUTRAL,
    PALACE,
    PEASANT,
    PRIEST,
    TAMMOUZ,
)
from .phases import (
    PHASE_ACTION,
    PHASE_CHOOSE,
    PHASE_COURT,
    PHASE_EXCHANGE,
    PHASE_FIELD,
    PHASE_IRRIGATE,
    PHASE_ISHTAR,
    PHASE_OVER,
    PHASE_PLANT,
    PHASE_PROCESSION,
    PHASE_SELL,
    PHASE_STORAGE,
    PHASE_TAKE,
    PHASE_TAMMOUZ_FIELD,
    PHASE_TEMPLE,
)
from .scoring import (
    BABYLON_POINTS,
    ENGINEERS,
    PALACES,
    SOURCE_COUNT,
    TILES,
    add_points,
)

if TYPE_CHECKING:
    from .game import AmyitisGame


class AmyitisState(BaseState):
    """One position of a game of Amyitis. See the module docstring."""

    __slots__ = (
        "_irrigable",
        "_irrigated",
        "automatic",
        "automatic_seats",
        "camel_stock",
        "camels",
        "caravan",
        "card_face",
        "city_card",
        "court_left",
        "cubes",
        "end_bonus",
        "fields",
        "gardeners",
        "gardeners_left",
        "irrigate_source",
        "irrigate_vp",
        "levels",
        "neutral_mask",
        "occupied",
        "passed",
        "pending_choice",
        "pending_resources",
        "phase",
        "planted_by",
        "points",
        "res",
        "res_stock",
        "rng",
        "round",
        "row_cards",
        "row_taken",
        "second",
        "space_owner",
        "square_tile",
        "start",
        "storage_queue",
        "talents",
        "temples",
        "tiles",
        "vp",
    )

    game: AmyitisGame

    def __init__(self, game: AmyitisGame) -> None:
        """An empty table of the right sizes: :meth:`setup` lays out the game on it, and
        ``state_from_json`` fills it from a saved state."""
        super().__init__(game)
        data = game.data
        n = self.n
        self.rng = Rng(0)
        self.talents = [0] * n
        self.camels = [0] * n
        self.res = [0] * (5 * n)
        self.vp = [0] * n
        self.points = [0] * (SOURCE_COUNT * n)  # vp by source, per seat
        self.cubes = [0] * n
        self.levels = [0] * (3 * n)  # banker, caravaneer, palace level per seat
        self.gardeners = [0] * n
        self.tiles: list[list[int]] = [[] for _ in range(n)]
        self.res_stock = [0] * 5
        self.camel_stock = 0
        self.court_left = [0] * 9  # per court, per level
        self.gardeners_left = 0
        self.row_cards: list[int] = []
        self.row_taken: list[bool] = []
        self.passed: list[int] = []
        self.fields: list[list[int]] = [[] for _ in data.fields]
        self.temples: list[list[int]] = [[], [], []]
        self.space_owner = [EMPTY] * len(data.space_ids)
        self.occupied = 0
        self.neutral_mask = 0
        self.square_tile = [-1] * len(data.square_ids)
        self.planted_by = [-1] * len(data.square_ids)
        self.caravan = 0
        self.city_card = [-1] * data.track_length
        self.card_face = [0] * len(data.plant_ids)
        self.round = 0
        self.start = 0
        self.phase = PHASE_ACTION
        self.irrigate_vp = 0
        self.irrigate_source = ENGINEERS
        self.pending_resources = 0
        self.pending_choice = False
        self.second = -1  # who takes the second reward of the temple being resolved
        self.storage_queue: list[int] = []
        self.end_bonus: list[tuple[int, int]] = []
        self.automatic: tuple[AmyitisAction, ...] = ()
        self.automatic_seats: tuple[int, ...] = ()  # who took each of them
        self._irrigable = -1
        self._irrigated = -1  # squares with a fully covered side, as a bitset (cached)

    # ----------------------------------------------------------------- the kernel's hooks

    def is_terminal(self) -> bool:
        return self.phase == PHASE_OVER

    def scores(self) -> list[int]:
        """Prestige points; at the end they include the final scoring (§7)."""
        return self.vp[:]

    def winners(self) -> list[int]:
        """Most points after the data's tie-breaks (:func:`.scoring.winners`); nobody before
        the end (overrides the kernel's default, which ranks the current points)."""
        return scoring.winners(self)

    def clone(self) -> AmyitisState:
        other = AmyitisState.__new__(AmyitisState)
        other.game = self.game
        other.n = self.n
        other.rng = self.rng.copy()
        other.talents = self.talents[:]
        other.camels = self.camels[:]
        other.res = self.res[:]
        other.vp = self.vp[:]
        other.points = self.points[:]
        other.cubes = self.cubes[:]
        other.levels = self.levels[:]
        other.gardeners = self.gardeners[:]
        other.tiles = [t[:] for t in self.tiles]
        other.res_stock = self.res_stock[:]
        other.camel_stock = self.camel_stock
        other.court_left = self.court_left[:]
        other.gardeners_left = self.gardeners_left
        other.row_cards = self.row_cards  # replaced, never changed, by a new round
        other.row_taken = self.row_taken[:]
        other.passed = self.passed[:]
        other.fields = [f[:] for f in self.fields]
        other.temples = [t[:] for t in self.temples]
        other.space_owner = self.space_owner[:]
        other.occupied = self.occupied
        other.neutral_mask = self.neutral_mask
        other.square_tile = self.square_tile[:]
        other.planted_by = self.planted_by[:]
        other.caravan = self.caravan
        other.city_card = self.city_card  # fixed at setup
        other.card_face = self.card_face[:]
        other.round = self.round
        other.start = self.start
        other.current = self.current
        other.phase = self.phase
        other.irrigate_vp = self.irrigate_vp
        other.irrigate_source = self.irrigate_source
        other.pending_resources = self.pending_resources
        other.pending_choice = self.pending_choice
        other.second = self.second
        other.storage_queue = self.storage_queue[:]
        other.end_bonus = self.end_bonus[:]
        other.automatic = self.automatic
        other.automatic_seats = self.automatic_seats
        other._irrigable = self._irrigable
        other._irrigated = self._irrigated
        other._legal = self._legal
        return other

    def automatic_steps(self) -> list[tuple[int, AmyitisAction]]:
        """``(seat, action)`` of each single-option decision taken by the last apply."""
        return list(zip(self.automatic_seats, self.automatic, strict=True))

    def _generate_legal(self) -> list[AmyitisAction]:
        """The legal list (:func:`.rules.legal_actions`); usually cached by :meth:`_settle`
        already, which has to generate it to see whether the choice is a real one."""
        return rules.legal_actions(self)

    def _why_not(self, action: AmyitisAction) -> str:
        return rules.why_not(self, action)

    def _apply(self, action: AmyitisAction) -> None:
        """The chosen action, then every decision left with a single option (§6.0)."""
        self.automatic = ()
        self.automatic_seats = ()
        self._play(action)
        self._settle()

    # ----------------------------------------------------------------- the flow

    def _settle(self) -> None:
        """Take every decision that has a single option (§6.0), then cache the choices."""
        forced: list[AmyitisAction] = []
        seats: list[int] = []
        while self.phase != PHASE_OVER:
            legal = rules.legal_actions(self)
            if len(legal) != 1:
                self._legal = legal
                break
            forced.append(legal[0])
            seats.append(self.current)
            self._play(legal[0])
        if forced:
            self.automatic = (*self.automatic, *forced)
            self.automatic_seats = (*self.automatic_seats, *seats)

    def _play(self, action: AmyitisAction) -> None:
        """One action's effect and the phase it leads to, nothing more: the chosen action
        (from :meth:`_apply`) or one the engine takes (from :meth:`_settle`). The cached
        legal list is already cleared; it is rebuilt once the flow stops at a real choice."""
        kind = action.kind
        seat = self.current
        if kind == PASS:
            self.passed.append(seat)
            self.talents[seat] += self.game.data.pass_first_income
            self._next_turn()
        elif kind == RECRUIT:
            self._recruit(seat, action.row, action.craft)
        elif kind == FIELD:
            self._field(seat, action.row)
            if self.phase == PHASE_FIELD:
                self._next_turn()
            else:
                self._tammouz_exchange()
        elif kind == TEMPLE:
            self._push(action.temple, seat)
            self._next_turn()
        elif kind == IRRIGATE:
            self._irrigate(seat, action.space)
            add_points(self, seat, self.irrigate_vp, self.irrigate_source)
            self._next_turn()
        elif kind == CARAVAN:
            self._caravan(seat, action.city)
        elif kind == SELL:
            self._pay(seat, action.tokens)
            add_points(self, seat, self.game.data.babylon_vp * len(action.tokens), BABYLON_POINTS)
            if self.cubes[seat] and rules.irrigable(self):
                self.irrigate_vp = self.game.data.babylon_irrigation_vp
                self.irrigate_source = BABYLON_POINTS
                self.phase = PHASE_IRRIGATE
            else:
                self._next_turn()
        elif kind == COURT:
            self._pay(seat, action.tokens)
            self._take_court(seat, action.court)
            self._next_turn()
        elif kind == PLANT:
            self._plant(seat, action.square, action.tokens)
        elif kind == TAKE:
            self._gain_resource(seat, action.tokens[0])
            self.pending_resources -= 1
            self._tile_choices()
        elif kind == CHOOSE:
            self._take_court(seat, action.court)
            self.pending_choice = False
            self._tile_choices()
        elif kind == PROCESSION:
            self._procession(seat, action.temple)
        elif kind == ISHTAR_CHOICE:
            self._ishtar_items(seat, action.item)
            self._marduk()
        elif kind == DECLINE:
            if self.phase == PHASE_TAMMOUZ_FIELD:
                self._tammouz_exchange()
            else:
                self._storage_start()
        elif kind == EXCHANGE:
            give, take = action.tokens
            self._pay(seat, (give,))
            self._gain_resource(seat, take)
            self._storage_start()
        elif kind == DISCARD:
            self._pay(seat, action.tokens)
            self._storage_next()

    # ----------------------------------------------------------------- holdings

    def _pay(self, seat: int, tokens: tuple[int, ...]) -> None:
        """Tokens go back to the stock (§3.6)."""
        base = 5 * seat
        for r in tokens:
            self.res[base + r] -= 1
            self.res_stock[r] += 1

    def _gain_resource(self, seat: int, r: int) -> None:
        """One token from the stock; an empty stock gives nothing (§3.6)."""
        if self.res_stock[r]:
            self.res_stock[r] -= 1
            self.res[5 * seat + r] += 1

    def _gain_camels(self, seat: int, count: int) -> None:
        got = min(count, self.camel_stock)
        self.camel_stock -= got
        self.camels[seat] += got

    def _take_court(self, seat: int, court: int) -> None:
        """The next card of ``court`` (§3.2); a lower one goes back; a palace scores now."""
        if court == GARDENER:
            if self.gardeners_left:
                self.gardeners_left -= 1
                self.gardeners[seat] += 1
            return
        index = 3 * seat + court
        level = self.levels[index]
        if not rules.court_available(self, seat, court):
            return  # a tile's court bonus with no card left is lost (§3.5)
        self.court_left[3 * court + level] -= 1
        if level:
            self.court_left[3 * court + level - 1] += 1
        self.levels[index] = level + 1
        if court == PALACE:
            add_points(self, seat, self.game.data.palace_vp[level], PALACES)

    # ----------------------------------------------------------------- the action phase

    def _next_turn(self) -> None:
        """The next seat clockwise that has not passed; passed seats gain a talent as their
        turn comes round (§6.2). Maintenance once every seat has passed."""
        n = self.n
        passed = self.passed
        if len(passed) == n:
            self._start_maintenance()
            return
        income = self.game.data.pass_later_income
        seat = self.current
        while True:
            seat = (seat + 1) % n
            if seat in passed:
                self.talents[seat] += income
                continue
            break
        self.current = seat
        self.phase = PHASE_ACTION

    def _recruit(self, seat: int, row: int, craft: int) -> None:
        data = self.game.data
        self.talents[seat] -= rules.row_cost(self, row)
        size = data.cards_per_row
        for i in range(row * size, (row + 1) * size):
            if self.row_cards[i] == craft and not self.row_taken[i]:
                self.row_taken[i] = True
                break
        if craft == MERCHANT:
            self._gain_camels(seat, data.merchant_camels)
            self._next_turn()
        elif craft == PEASANT:
            self.phase = PHASE_FIELD
        elif craft == PRIEST:
            self.phase = PHASE_TEMPLE
        else:
            assert craft == ENGINEER
            self.irrigate_vp = data.engineer_vp
            self.irrigate_source = ENGINEERS
            self.phase = PHASE_IRRIGATE

    def _field(self, seat: int, row: int) -> None:
        """A cube on the leftmost empty space of ``row`` and its resource; a full row is
        completed (§6.2): a Gardener to the majority, every cube back."""
        data = self.game.data
        cubes = self.fields[row]
        self._gain_resource(seat, data.fields[row][len(cubes)])
        cubes.append(seat)
        self.cubes[seat] -= 1
        if len(cubes) < data.field_length:
            return
        winner = scoring.field_majority(self, row)
        if winner >= 0 and self.gardeners_left:
            self.gardeners_left -= 1
            self.gardeners[winner] += 1
        for owner in cubes:
            self.cubes[owner] += 1
        self.fields[row] = []

    def _push(self, temple: int, owner: int) -> None:
        """A cube enters ``temple`` at its entrance; one pushed past the end goes home."""
        line = self.temples[temple]
        line.insert(0, owner)
        if owner < self.n:
            self.cubes[owner] -= 1
        if len(line) > self.game.data.temple_length:
            out = line.pop()
            if out < self.n:
                self.cubes[out] += 1

    def _irrigate(self, seat: int, space: int) -> None:
        self.space_owner[space] = seat
        self.occupied |= 1 << space
        self.cubes[seat] -= 1
        self._irrigable = -1
        self._irrigated = -1

    def _caravan(self, seat: int, city: int) -> None:
        data = self.game.data
        cost = rules.caravan_cost(self, seat, city)
        self.camels[seat] -= cost
        self.camel_stock += cost
        self.caravan = city
        kind = data.city_kind[city]
        if kind == CITY_BABYLON:
            self.phase = PHASE_SELL
        elif kind == CITY_COURT:
            self.phase = PHASE_COURT
        else:
            self.phase = PHASE_PLANT

    def _plant(self, seat: int, square: int, tokens: tuple[int, ...]) -> None:
        """The planting procedure (§6.3): tile and its bonus, irrigation majority, neutral
        fill, the plant card turned; the tile's choices follow as decisions."""
        data = self.game.data
        self._pay(seat, tokens)
        card, quality, _demand = rules.plant_demand(self, self.caravan)
        tile = self.square_tile[square]
        self.square_tile[square] = -1
        self.planted_by[square] = seat
        self.tiles[seat].append(tile)
        add_points(self, seat, data.tile_vp[tile], TILES)
        self.talents[seat] += data.tile_talents[tile]
        self._gain_camels(seat, data.tile_camels[tile])
        if data.tile_court[tile] >= 0:
            self._take_court(seat, data.tile_court[tile])
        scoring.planting_majority(self, square, quality)
        owners = self.space_owner
        for edge in data.square_edges[square]:
            a, b = data.edge_squares[edge]
            other = b if a == square else a
            if self.planted_by[other] < 0:
                continue
            empty = data.edge_mask[edge] & ~self.occupied
            if empty:
                self.occupied |= empty
                self.neutral_mask |= empty
                self._irrigable = -1
                self._irrigated = -1
                while empty:
                    low = empty & -empty
                    owners[low.bit_length() - 1] = NEUTRAL
                    empty ^= low
        self.card_face[card] ^= 1
        self.pending_resources = data.tile_resource_choice[tile]
        self.pending_choice = data.tile_court_choice[tile]
        self._tile_choices()

    def _tile_choices(self) -> None:
        """The tile's resources of choice, then its court card of choice, while any can be
        had (§3.5); then the turn passes."""
        seat = self.current
        if self.pending_resources and any(self.res_stock):
            self.phase = PHASE_TAKE
            return
        self.pending_resources = 0
        if self.pending_choice and any(rules.court_available(self, seat, c) for c in range(4)):
            self.phase = PHASE_CHOOSE
            return
        self.pending_choice = False
        self._next_turn()

    # ----------------------------------------------------------------- maintenance

    def _start_maintenance(self) -> None:
        data = self.game.data
        if data.procession_by_last_passer:
            self.current = self.passed[-1]
        else:
            self.current = (self.start - 1) % self.n
        self.phase = PHASE_PROCESSION

    def _procession(self, seat: int, temple: int) -> None:
        """The chosen temple gets the seat's cube (if any), the other two a grey one (§6.4).

        The seat's own cube comes first, from his supply as the procession begins: a grey
        cube may push one of his cubes out of another temple, and a cube sent home may not
        enter the chosen temple in the same procession (with an empty supply that temple
        gets nothing, §3.6, TV-23). The cube is home for the rewards that follow (e.g. the
        Tammouz field cube). Each temple gets one cube, so the grey cubes' order is free.
        """
        if self.cubes[seat]:
            self._push(temple, seat)
        for t in range(3):
            if t != temple:
                self._push(t, NEUTRAL)
        first, second = scoring.temple_ranks(self, ISHTAR)
        if first >= 0:
            self.current = first
            self.second = second
            self.phase = PHASE_ISHTAR
            return
        self._marduk()

    def _ishtar_items(self, seat: int, item: int) -> None:
        """1st takes the camel (0) or the talent (1); 2nd the other."""
        for who, what in ((seat, item), (self.second, 1 - item)):
            if who < 0:
                continue
            if what == 0:
                self._gain_camels(who, 1)
            else:
                self.talents[who] += 1
        self.second = -1

    def _marduk(self) -> None:
        """Marduk's points, then Tammouz's 1st places a field cube (if he has one)."""
        scoring.marduk_points(self)
        first, second = scoring.temple_ranks(self, TAMMOUZ)
        self.second = second
        if first >= 0 and self.cubes[first]:
            self.current = first
            self.phase = PHASE_TAMMOUZ_FIELD
            return
        self._tammouz_exchange()

    def _tammouz_exchange(self) -> None:
        second = self.second
        self.second = -1
        if second >= 0 and rules.exchange_options(self, second):
            self.current = second
            self.phase = PHASE_EXCHANGE
            return
        self._storage_start()

    def _storage_start(self) -> None:
        """Seats over their storage limit, clockwise from the start player (§6.4)."""
        n = self.n
        self.storage_queue = [(self.start + i) % n for i in range(n)]
        self._storage_next()

    def _storage_next(self) -> None:
        queue = self.storage_queue
        while queue:
            seat = queue[0]
            if rules.resources_held(self, seat) > rules.storage_limit(self, seat):
                self.current = seat
                self.phase = PHASE_STORAGE
                return
            queue.pop(0)
        self._end_round()

    def _end_round(self) -> None:
        """The start player card moves on; the game ends when few tiles are left (§6.5)."""
        data = self.game.data
        self.start = (self.start + 1) % self.n
        left = sum(1 for t in self.square_tile if t >= 0)
        if left <= data.end_threshold[self.n]:
            self._finish()
        else:
            self.new_round()

    def _finish(self) -> None:
        """Final scoring (§7), and the game is over."""
        scoring.final_scoring(self)
        self.phase = PHASE_OVER

    # ----------------------------------------------------------------- rounds and setup

    def new_round(self) -> None:
        """Round setup (§6.1): shuffle the craft cards and deal the rows, bankers' income."""
        data = self.game.data
        self.round += 1
        deck = list(self.game.craft_deck)
        self.rng.shuffle(deck)
        count = self.game.craft_rows * data.cards_per_row
        self.row_cards = deck[:count]
        self.row_taken = [False] * count
        scoring.pay_bankers(self)
        self.passed = []
        self.current = self.start
        self.phase = PHASE_ACTION

    def setup(self, rng: Rng) -> None:
        """Setup (§5), all of it, on an empty table: the supplies, the plant cards, the
        garden tiles, the start player and the holdings, then the first round's deal and
        its single-option decisions; every draw from ``rng``, which the state keeps."""
        data = self.game.data
        n = self.n
        self.cubes = [data.cubes_per_player] * n
        self.res_stock = [data.tokens_per_resource] * 5
        self.camel_stock = data.camel_tokens
        copies = data.court_copies[n]
        self.court_left = [copies[c] for c in range(3) for _level in range(3)]
        self.gardeners_left = data.gardeners
        fixed = data.fixed_plant
        self.city_card[data.fixed_plant_city] = fixed
        face = data.khorsabad_start_face
        self.card_face[fixed] = rng.randrange(2) if face == "random" else int(face == "second")
        others = [c for c in range(len(data.plant_ids)) if c != fixed]
        rng.shuffle(others)
        for city, card in zip(data.shuffled_plant_cities, others, strict=True):
            self.city_card[city] = card
        empty = data.empty_squares[n]
        for floor in range(1, 5):
            tiles = [t for t in range(len(data.tile_ids)) if data.tile_floor[t] == floor]
            rng.shuffle(tiles)
            squares = [
                s
                for s in range(len(data.square_ids))
                if data.square_floor[s] == floor and s not in empty
            ]
            for square, tile in zip(squares, tiles, strict=False):
                self.square_tile[square] = tile
        self.start = rng.randrange(n)
        for i in range(n):
            seat = (self.start + i) % n
            self.talents[seat] = data.start_talents + data.seat_bonus_talents[i]
            self._gain_camels(seat, data.start_camels)
            for r, count in enumerate(data.start_resources):
                for _ in range(count):
                    self._gain_resource(seat, r)
        self.rng = rng
        self.new_round()
        self._settle()
