"""An Amyitis position: plain ints and lists, a hand-written clone, setup, derived facts.

Everything is small lists of ints: per-seat holdings as flat lists (``res[5 * seat + r]``,
``levels[3 * seat + court]``), the stocks, the craft rows, the two field rows and three
temples as lists of owners, and the garden's irrigation spaces as an owner list plus an
occupied bitset. ``clone`` copies those lists; the game (its data and action table) is
shared.

What is legal and what an action does (the round flow, with its single-option decisions
taken at once and listed in :attr:`AmyitisState.automatic`) are :mod:`.rules`, whose
functions are the kernel's hooks here; the points are :mod:`.scoring`; a new game is
:meth:`AmyitisState.setup`. What a seat sees and the saved form are the game's hooks
(:mod:`.views`, :mod:`.serialize`), which import this module, never the other way round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ziggurat.core.kernel import BaseState
from ziggurat.core.rng import Rng

from . import rules, scoring
from .components import EMPTY
from .phases import PHASE_ACTION, PHASE_NAMES, PHASE_OVER
from .scoring import ENGINEERS, SOURCE_COUNT

if TYPE_CHECKING:
    from .actions import AmyitisAction
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

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

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
        other.events = self.events
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

    # The rules' functions are the hooks themselves (no call in between). The legal list is
    # usually cached already: rules.settle lists the choices to see whether one is real.
    _generate_legal = rules.legal_actions
    _why_not = rules.why_not
    _apply = rules.apply  # the chosen action, then every single-option decision (§6.0)

    # Two steps of the flow, for tests that drive the engine by hand: one action's effect
    # without the single-option decisions after it, and a round's setup (§6.1).
    _play = rules.play
    new_round = rules.new_round

    # ----------------------------------------------------------------- derived facts

    def resources_held(self, seat: int) -> int:
        """The resource tokens ``seat`` holds (the storage limit, the leftover points)."""
        base = 5 * seat
        return sum(self.res[base : base + 5])

    # ----------------------------------------------------------------- setup

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
            rules.gain_camels(self, seat, data.start_camels)
            for r, count in enumerate(data.start_resources):
                for _ in range(count):
                    rules.gain_resource(self, seat, r)
        self.rng = rng
        rules.new_round(self)
        rules.settle(self)
        self.events = ()  # a new game starts with no move made: nothing to tell yet
