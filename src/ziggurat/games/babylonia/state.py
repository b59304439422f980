"""A Babylonia position: everything that changes during a game, as plain ints and lists.

Hex sets are bit masks over the board's :class:`~ziggurat.core.hexgrid.HexLayout`, stands
and bags are four counts per player (tokens of one kind are interchangeable), and the
generator is one int. ``clone`` copies those lists; nothing in the hot path allocates per
hex. The public interface (legal actions, apply, views, JSON) is the kernel's
(:class:`~ziggurat.core.kernel.BaseState`); the rules it runs on this position are
:mod:`.rules` (the turn flow), :mod:`.placement` and :mod:`.scoring`, bound here as the
kernel's hooks. What a seat sees and the saved form are the game's
(:meth:`~.game.BabyloniaGame.state_view`, :meth:`~.game.BabyloniaGame.state_fields`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ziggurat.core.hexgrid import bit_list
from ziggurat.core.kernel import BaseState
from ziggurat.core.rng import Rng

from . import rules, scoring
from .cards import CARD_AVAILABLE
from .phases import PHASE_NAMES, PHASE_OVER, PHASE_PLACE

if TYPE_CHECKING:
    from .game import BabyloniaGame


class BabyloniaState(BaseState):
    """One position of a game of Babylonia. See the module docstring for the representation."""

    __slots__ = (
        "bag",
        "board",
        "card_owner",
        "card_spent",
        "cities",
        "cities_won",
        "fields",
        "free_land",
        "free_river",
        "hid",
        "kind_up",
        "land_list",
        "noble_kinds",
        "phase",
        "placed",
        "placed_farmers",
        "placed_mask",
        "placed_nobles",
        "placed_river",
        "river_list",
        "rng",
        "score",
        "stand",
        "tile_at",
        "tok",
        "turn_number",
        "turn_player",
        "up",
        "zig_unscored",
    )

    game: BabyloniaGame

    def __init__(self, game: BabyloniaGame) -> None:
        """An empty board of ``game`` (no tiles, tokens or cards dealt): setup
        (:meth:`~.game.BabyloniaGame.initial_state`), the JSON reader and ``make_position``
        fill it in."""
        super().__init__(game)
        n = self.n
        self.board = game.board
        self.tile_at: dict[int, int] = {}  # bit -> tile code; fixed after setup, shared by clones
        self.free_land = self.board.land_mask & ~self.board.slot_mask & ~self.board.ziggurat_mask
        self.free_river = self.board.river_mask
        self.land_list: list[int] = []  # the bits of free_land, sorted (kept for move generation)
        self.river_list: list[int] = []  # the bits of free_river, sorted
        self.sync_free_lists()
        self.fields = 0
        self.cities = 0
        self.zig_unscored = self.board.ziggurat_mask
        self.tok = [0] * n  # every token of the player, face up or down
        self.up = [0] * n  # face-up tokens (on land)
        self.kind_up = [0] * (4 * n)  # face-up tokens by player*4 + kind
        self.hid = [0] * (4 * n)  # face-down river tokens by player*4 + kind (secret)
        self.score = [0] * n
        self.cities_won = [0] * n
        self.stand = [0] * (4 * n)
        self.bag = [0] * (4 * n)
        self.card_owner = [CARD_AVAILABLE] * 10  # index 0 unused
        self.card_spent = 0  # bit n set once card n is spent
        self.rng = Rng(0)
        self.phase = PHASE_PLACE
        self.turn_player = 0
        self.turn_number = 0
        self.placed = self.placed_farmers = self.placed_nobles = self.placed_river = 0
        self.noble_kinds = 0
        self.placed_mask = 0

    # ----------------------------------------------------------------- the kernel's hooks
    # The rules' own functions, bound as methods: a hook costs no call of its own. The turn
    # flow sets ``current`` to TERMINAL at the end, so current_player needs no test.

    _generate_legal = rules.generate_legal
    _is_legal = rules.is_legal  # a placement is judged on its hex, without the long list
    _why_not = rules.why_not
    _apply = rules.apply
    legal_sample = rules.legal_sample  # search rollouts: draws without building the list

    @property
    def current_player(self) -> int:
        return self.current

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def is_terminal(self) -> bool:
        return self.phase == PHASE_OVER

    def scores(self) -> list[int]:
        return list(self.score)

    def winners(self) -> list[int]:
        """Most points; ties go to more cities in front; a remaining tie shares the win.

        Before the end this names who would win if the game stopped now.
        """
        best = max(zip(self.score, self.cities_won, strict=True))
        return [s for s in range(self.n) if (self.score[s], self.cities_won[s]) == best]

    def clone(self) -> BabyloniaState:
        other = BabyloniaState.__new__(BabyloniaState)
        other.game = self.game
        other.n = self.n
        other.current = self.current
        other.events = self.events
        other._legal = self._legal
        other.board = self.board
        other.tile_at = self.tile_at
        other.free_land = self.free_land
        other.free_river = self.free_river
        other.land_list = self.land_list[:]
        other.river_list = self.river_list[:]
        other.fields = self.fields
        other.cities = self.cities
        other.zig_unscored = self.zig_unscored
        other.tok = self.tok[:]
        other.up = self.up[:]
        other.kind_up = self.kind_up[:]
        other.hid = self.hid[:]
        other.score = self.score[:]
        other.cities_won = self.cities_won[:]
        other.stand = self.stand[:]
        other.bag = self.bag[:]
        other.card_owner = self.card_owner[:]
        other.card_spent = self.card_spent
        other.rng = Rng.__new__(Rng)
        other.rng.state = self.rng.state
        other.phase = self.phase
        other.turn_player = self.turn_player
        other.turn_number = self.turn_number
        other.placed = self.placed
        other.placed_farmers = self.placed_farmers
        other.placed_nobles = self.placed_nobles
        other.placed_river = self.placed_river
        other.noble_kinds = self.noble_kinds
        other.placed_mask = self.placed_mask
        return other

    # ----------------------------------------------------------------- derived facts

    stand_capacity = rules.stand_capacity
    requiring_scoring = scoring.requiring_scoring  # cities and ziggurats surrounded now

    def stand_counts(self, seat: int) -> list[int]:
        return self.stand[4 * seat : 4 * seat + 4]

    def bag_counts(self, seat: int) -> list[int]:
        return self.bag[4 * seat : 4 * seat + 4]

    def card_available(self, number: int) -> bool:
        return self.card_owner[number] == CARD_AVAILABLE

    def sync_free_lists(self) -> None:
        """Rebuild the sorted free-hex lists after the masks were set wholesale."""
        self.land_list = bit_list(self.free_land)
        self.river_list = bit_list(self.free_river)

    # Steps of the turn flow that the test vectors run on a position by themselves.
    _refill = rules.refill
    _take_card = rules.take_card
