"""A Babylonia position and the turn flow: placing, scoring, cards, refill, game end.

Everything that changes during a game lives here as plain ints and lists: hex sets are bit
masks over the board's :class:`~ziggurat.core.hexgrid.HexLayout`, stands and bags are four
counts per player (tokens of one kind are interchangeable), and the generator is one int.
``clone`` copies those lists; nothing in the hot path allocates per hex.

A turn is a sequence of atomic actions (see :mod:`.actions`). Steps that admit exactly one
choice are taken automatically: the end of placement once no stand of this size could place
another token (a public fact, so the timing reveals nothing about the stand), scoring when
only one hex qualifies, refilling, and passing the turn.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Any

from ziggurat.core.api import TERMINAL
from ziggurat.core.errors import IllegalAction
from ziggurat.core.hexgrid import bit_list
from ziggurat.core.rng import Rng

from . import placement, scoring
from .actions import CARD, END, EXTRA, NO_EXTRA, PLACE, SCORE, BabyloniaAction
from .pieces import (
    CARD_AVAILABLE,
    CARD_EXTRA_TURN,
    CARD_STAND_SEVEN,
    CARD_TEN_POINTS,
    FARMER,
    FIELD_CITIES,
    format_coord,
)

if TYPE_CHECKING:
    from .game import BabyloniaGame

PHASE_PLACE, PHASE_SCORE, PHASE_CARD, PHASE_EXTRA, PHASE_OVER = range(5)
PHASE_NAMES = ("place", "score", "card", "extra", "over")


class BabyloniaState:
    """One position of a game of Babylonia. See the module docstring for the representation."""

    __slots__ = (
        "_legal",
        "bag",
        "board",
        "card_owner",
        "card_spent",
        "cities",
        "cities_won",
        "current",
        "fields",
        "free_land",
        "free_river",
        "game",
        "hid",
        "kind_up",
        "land_list",
        "n",
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

    def __init__(self, game: BabyloniaGame) -> None:
        self.game = game
        self.board = game.board
        n = self.n = game.num_players
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
        self.current = 0
        self.turn_player = 0
        self.turn_number = 0
        self.placed = self.placed_farmers = self.placed_nobles = self.placed_river = 0
        self.noble_kinds = 0
        self.placed_mask = 0
        self._legal: list[BabyloniaAction] | None = None

    # ----------------------------------------------------------------- the game interface

    @property
    def current_player(self) -> int:
        return self.current

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
        other.board = self.board
        other.n = self.n
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
        other.current = self.current
        other.turn_player = self.turn_player
        other.turn_number = self.turn_number
        other.placed = self.placed
        other.placed_farmers = self.placed_farmers
        other.placed_nobles = self.placed_nobles
        other.placed_river = self.placed_river
        other.noble_kinds = self.noble_kinds
        other.placed_mask = self.placed_mask
        other._legal = self._legal
        return other

    def legal_actions(self) -> list[BabyloniaAction]:
        """The legal actions of ``current_player``, in a stable order."""
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def legal_sample(self, rng: Rng, k: int) -> list[BabyloniaAction]:
        """All legal actions if there are at most ``k``, else ``k`` of them drawn uniformly
        with replacement: ``legal[rng.randrange(len(legal))]`` over :meth:`legal_actions`,
        the same draws in the same order. Search rollouts call this on every step; when
        placing, the legal list runs to hundreds of actions, so the draws index the
        placement runs instead of building it."""
        if self._legal is not None or self.phase != PHASE_PLACE:
            legal = self.legal_actions()
            if len(legal) <= k:
                return legal
            return [legal[rng.randrange(len(legal))] for _ in range(k)]
        runs, end = self._placement_runs()
        starts = []  # where each run begins in the legal list
        placements = 0
        for _, bits in runs:
            starts.append(placements)
            placements += len(bits)
        total = placements + end
        if total <= k:
            return self.legal_actions()
        sample = []
        for _ in range(k):
            i = rng.randrange(total)
            if i < placements:
                r = bisect_right(starts, i) - 1  # the last run starting at or before i
                row, bits = runs[r]
                sample.append(row[bits[i - starts[r]]])
            else:  # the end of placement, listed last
                sample.append(self.game.actions.end)
        return sample

    def apply_action(self, action: BabyloniaAction) -> None:
        """Apply a legal action; an illegal one raises ``IllegalAction`` and changes nothing."""
        problem = self.why_illegal(action)
        if problem is not None:
            raise IllegalAction(problem)
        self._apply(action)

    def view(self, seat: int | None) -> dict[str, Any]:
        from .views import view

        return view(self, seat)

    def determinize(self, seat: int, rng: Any) -> BabyloniaState:
        from .views import determinize

        return determinize(self, seat, rng)

    def to_json(self) -> dict[str, Any]:
        from .serialize import state_to_json

        return state_to_json(self)

    def __str__(self) -> str:
        from .render import state_text

        return state_text(self)

    # ----------------------------------------------------------------- derived facts

    def stand_capacity(self, seat: int) -> int:
        tokens = self.game.data.tokens
        if self.card_owner[CARD_STAND_SEVEN] == seat:
            return tokens.stand_capacity_with_card_3
        return tokens.stand_capacity

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

    def requiring_scoring(self) -> int:
        """Mask of the cities and unscored ziggurats with no free land neighbour."""
        return scoring.requiring_scoring(self)

    # ----------------------------------------------------------------- legality

    def why_illegal(self, action: object) -> str | None:
        """``None`` if ``action`` is legal now, else a sentence saying why not."""
        table = self.game.actions
        if isinstance(action, str):
            return f"{action!r} is text; turn it into an action with game.parse_action(state, text)"
        if (
            not isinstance(action, BabyloniaAction)
            or action.id >= len(table.actions)
            or table.actions[action.id].text != action.text
        ):
            return f"{action!r} is not an action of this game"
        phase = self.phase
        if phase == PHASE_OVER:
            return f"{action}: the game is over"
        kind = action.kind
        if phase == PHASE_PLACE:
            if kind == PLACE:
                return placement.why_not_place(self, action.token, action.bit, str(action))
            if kind == END:
                if placement.end_allowed(self):
                    return None
                return f"end: {placement.why_not_end(self)}"
            return f"{action}: {self._phase_help()}"
        if phase == PHASE_SCORE:
            if kind == SCORE:
                if (self.requiring_scoring() >> action.bit) & 1:
                    return None
                choices = ", ".join(
                    format_coord(c) for c in self.board.coords_of(self.requiring_scoring())
                )
                return f"{action}: that hex does not need scoring now; choose one of {choices}"
            return f"{action}: {self._phase_help()}"
        if phase == PHASE_CARD:
            if kind == CARD:
                owner = self.card_owner[action.card]
                if owner == CARD_AVAILABLE:
                    return None
                available = ", ".join(str(c) for c in range(1, 10) if self.card_available(c))
                state = "is not in play" if owner < 0 else f"belongs to seat {owner}"
                return f"{action}: card {action.card} {state}; available: {available}"
            return f"{action}: {self._phase_help()}"
        if kind in (EXTRA, NO_EXTRA):
            return None
        return f"{action}: {self._phase_help()}"

    def _phase_help(self) -> str:
        who = f"seat {self.current}"
        if self.phase == PHASE_PLACE:
            return f"{who} is placing tokens: place a token (like M7,3) or end"
        if self.phase == PHASE_SCORE:
            hexes = ", ".join(
                f"score {format_coord(c)}" for c in self.board.coords_of(self.requiring_scoring())
            )
            return f"{who} chooses which hex to score next: {hexes}"
        if self.phase == PHASE_CARD:
            return f"{who} won a ziggurat and takes a card: card N"
        return f"{who} decides whether to use card 2 now: extra or no-extra"

    def _generate(self) -> list[BabyloniaAction]:
        table = self.game.actions
        phase = self.phase
        if phase == PHASE_PLACE:
            runs, end = self._placement_runs()
            actions = [row[b] for row, bits in runs for b in bits]
            if end:
                actions.append(table.end)
            return actions
        if phase == PHASE_SCORE:
            return [table.score[b] for b in bit_list(self.requiring_scoring())]
        if phase == PHASE_CARD:
            return [table.card[c] for c in range(1, 10) if self.card_owner[c] == CARD_AVAILABLE]
        if phase == PHASE_EXTRA:
            return [table.extra, table.no_extra]
        return []

    def _placement_runs(
        self,
    ) -> tuple[list[tuple[list[BabyloniaAction], list[int]]], bool]:
        """The legal placements as :func:`placement.placement_runs`, and whether ``end``
        follows them: the legal actions of the placement phase."""
        runs = placement.placement_runs(self)
        return runs, placement.end_allowed(self, any(bits for _, bits in runs))

    # ----------------------------------------------------------------- applying

    def _apply(self, action: BabyloniaAction) -> None:
        self._legal = None
        kind = action.kind
        if kind == PLACE:
            self._place(action.token, action.bit)
            if not placement.could_continue(self):
                self._end_placement()
        elif kind == END:
            self._end_placement()
        elif kind == SCORE:
            if not scoring.score_hex(self, action.bit):
                self._continue_scoring()
        elif kind == CARD:
            self._take_card(self.current, action.card)
            self.current = self.turn_player
            self._continue_scoring()
        elif kind == EXTRA:
            self.card_spent |= 1 << CARD_EXTRA_TURN
            self._start_turn(self.turn_player)
        else:  # NO_EXTRA
            self._start_turn((self.turn_player + 1) % self.n)

    def _place(self, token: int, b: int) -> None:
        p = self.turn_player
        bit = 1 << b
        i = 4 * p + token
        self.stand[i] -= 1
        if bit & self.free_river:
            self.free_river ^= bit
            self.river_list.remove(b)
            self.hid[i] |= bit
            self.placed_river += 1
        else:
            if bit & self.fields:
                self.fields ^= bit
                tile = self.tile_at[b]
                if tile == FIELD_CITIES:
                    self.score[p] += sum(self.cities_won)
                else:
                    self.score[p] += tile - 10
            else:
                self.free_land ^= bit
                self.land_list.remove(b)
            self.up[p] |= bit
            self.kind_up[i] |= bit
            if token == FARMER:
                self.placed_farmers += 1
            else:
                self.placed_nobles += 1
                self.noble_kinds |= 1 << token
        own = self.tok[p] | bit
        self.tok[p] = own
        self.placed += 1
        self.placed_mask |= bit
        if bit & self.board.zig_touch_mask:
            self.score[p] += sum(1 for m in self.board.zig_neighbours if own & m)

    def _end_placement(self) -> None:
        self.phase = PHASE_SCORE
        self._continue_scoring()

    def _continue_scoring(self) -> None:
        """Score what must be scored; stop where the player on turn (or a card winner) chooses."""
        while True:
            pending = self.requiring_scoring()
            if not pending:
                self._finish_turn()
                return
            if pending & (pending - 1):  # two or more: the player on turn picks the order
                self.phase = PHASE_SCORE
                self.current = self.turn_player
                return
            if scoring.score_hex(self, pending.bit_length() - 1):
                return  # a ziggurat winner is choosing a card

    def _take_card(self, seat: int, number: int) -> None:
        self.card_owner[number] = seat
        if number == CARD_TEN_POINTS:
            self.score[seat] += self.game.data.ziggurat_cards.card_1_points
            self.card_spent |= 1 << CARD_TEN_POINTS

    def _finish_turn(self) -> None:
        p = self.turn_player
        self._refill(p)
        i = 4 * p
        stand = self.stand
        if (
            stand[i] + stand[i + 1] + stand[i + 2] + stand[i + 3] == 0
            or self.cities.bit_count() < 2
        ):
            self.phase = PHASE_OVER
            self.current = TERMINAL
            return
        if self.card_owner[CARD_EXTRA_TURN] == p and not self.card_spent >> CARD_EXTRA_TURN & 1:
            self.phase = PHASE_EXTRA
            self.current = p
            return
        self._start_turn((p + 1) % self.n)

    def _refill(self, p: int) -> None:
        i = 4 * p
        stand, bag = self.stand, self.bag
        need = self.stand_capacity(p) - (stand[i] + stand[i + 1] + stand[i + 2] + stand[i + 3])
        left = bag[i] + bag[i + 1] + bag[i + 2] + bag[i + 3]
        rng = self.rng
        while need > 0 and left > 0:
            r = rng.randrange(left)
            k = i
            while r >= bag[k]:
                r -= bag[k]
                k += 1
            bag[k] -= 1
            stand[k] += 1
            need -= 1
            left -= 1

    def _start_turn(self, seat: int) -> None:
        self.phase = PHASE_PLACE
        self.turn_player = self.current = seat
        self.turn_number += 1
        self.placed = self.placed_farmers = self.placed_nobles = self.placed_river = 0
        self.noble_kinds = 0
        self.placed_mask = 0
