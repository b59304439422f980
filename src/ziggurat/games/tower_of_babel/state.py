"""A Tower of Babel position: plain ints and lists, a hand-written clone, derived facts.

Everything that changes lives in plain ints and lists: hands are four counts per seat (cards
of one type are interchangeable), pieces are one value per wonder and seat (only the value
counts), the draw pile is a list whose order is the secret, and the generator is one int.
``clone`` copies those lists. What is legal and what a decision does is in :mod:`.rules`
(the kernel's hooks call it); setup (rules §3) is ``TowerOfBabelGame.initial_state``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ziggurat.core.kernel import BaseState
from ziggurat.core.rng import Rng

from . import events, rules
from .actions import OFFER
from .phases import NO_DISC, PHASE_CHOOSE, PHASE_NAMES, PHASE_OFFER, PHASE_OVER

if TYPE_CHECKING:
    from .actions import TowerAction
    from .game import TowerOfBabelGame


class TowerState(BaseState):
    """One position of a game of Tower of Babel. See the module docstring.

    The kernel's slots (``game``, ``n``, ``current``, ``_legal``) come from
    :class:`~ziggurat.core.kernel.BaseState`; these are the game's own.
    """

    __slots__ = (
        "accepted",
        "action_discard",
        "action_pile",
        "actions_held",
        "active",
        "built",
        "disc",
        "disc_owner",
        "discard",
        "done_mask",
        "exchange_in_hand",
        "final_parts",
        "hand",
        "last_build",
        "last_wonder",
        "marker",
        "offer_cards",
        "offer_exchange",
        "offered",
        "phase",
        "pieces",
        "pile",
        "reveal",
        "revealed",
        "rng",
        "score",
        "second_turn",
        "space",
        "space_disc",
        "supply",
        "triple_mask",
        "triple_next",
        "turn_number",
        "turns_without_build",
    )

    game: TowerOfBabelGame

    def __init__(self, game: TowerOfBabelGame) -> None:
        """An empty table for ``game``: no disc laid out, no card dealt (setup fills it)."""
        super().__init__(game)
        n = self.n
        data = game.data
        self.rng = Rng(0)
        self.space_disc = [NO_DISC] * game.num_spaces
        self.disc_owner = [-1] * len(game.disc_needs)
        self.pieces = [0] * (game.num_wonders * n)  # wonder * n + seat -> value there
        self.done_mask = 0  # wonders completed and scored
        self.supply = [data.piece_supply] * n
        self.score = [0] * n
        self.marker = 0  # index of the wonder-table row the next completion scores on
        self.hand = [0] * (4 * n)  # seat * 4 + type -> building cards
        self.exchange_in_hand = [1] * n
        self.actions_held = [0] * (7 * n)  # seat * 7 + kind -> action cards
        self.pile: list[int] = []  # building cards by type; the last is drawn next (secret)
        self.discard = [0, 0, 0, 0]  # face up, so only the counts matter
        self.action_pile: list[int] = []  # action cards by kind; the last is drawn next
        self.action_discard = [0] * 7
        self.active = 0
        self.phase = PHASE_CHOOSE
        self.second_turn = False
        self.turn_number = 0
        self.turns_without_build = 0
        self.space = NO_DISC  # the space whose disc is being built
        self.disc = NO_DISC  # that disc
        self.offer_cards = [0] * (4 * n)  # pending offers, seat * 4 + type
        self.offer_exchange = [0] * n
        self.offered = 0  # bit per seat that has made its offer (possibly "nothing")
        self.revealed = False
        self.accepted = 0  # bit per seat whose offer was accepted
        self.built = False  # the disc of this turn was built (not unfulfilled)
        self.triple_mask = 0  # bit per seat that played triple bonus this turn
        self.triple_next = 0  # offset from the active seat where the T round goes on
        self.reveal: tuple[tuple[int, tuple[int, ...], int], ...] = ()  # offers as revealed
        self.last_wonder: tuple[int, int, tuple[int, ...]] | None = None  # this turn's scoring
        self.last_build: dict[str, Any] | None = None  # the last resolved build, for the log
        self.final_parts: list[dict[str, Any]] | None = None

    # ----------------------------------------------------------------- the kernel's hooks

    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def is_terminal(self) -> bool:
        return self.phase == PHASE_OVER

    def scores(self) -> list[int]:
        # winners(): the kernel's most points; a tie shares the victory (no tie-break
        # exists, rulings §13 Q11)
        return list(self.score)

    def clone(self) -> TowerState:
        other = TowerState.__new__(TowerState)
        other.game = self.game
        other.n = self.n
        other.current = self.current
        other.events = self.events
        other.rng = self.rng.copy()
        other.space_disc = self.space_disc[:]
        other.disc_owner = self.disc_owner[:]
        other.pieces = self.pieces[:]
        other.done_mask = self.done_mask
        other.supply = self.supply[:]
        other.score = self.score[:]
        other.marker = self.marker
        other.hand = self.hand[:]
        other.exchange_in_hand = self.exchange_in_hand[:]
        other.actions_held = self.actions_held[:]
        other.pile = self.pile[:]
        other.discard = self.discard[:]
        other.action_pile = self.action_pile[:]
        other.action_discard = self.action_discard[:]
        other.active = self.active
        other.phase = self.phase
        other.second_turn = self.second_turn
        other.turn_number = self.turn_number
        other.turns_without_build = self.turns_without_build
        other.space = self.space
        other.disc = self.disc
        other.offer_cards = self.offer_cards[:]
        other.offer_exchange = self.offer_exchange[:]
        other.offered = self.offered
        other.revealed = self.revealed
        other.accepted = self.accepted
        other.built = self.built
        other.triple_mask = self.triple_mask
        other.triple_next = self.triple_next
        other.reveal = self.reveal  # tuples and dicts below are replaced, never changed
        other.last_wonder = self.last_wonder
        other.last_build = self.last_build
        other.final_parts = self.final_parts
        other._legal = self._legal
        return other

    def _generate_legal(self) -> list[TowerAction]:
        return rules.legal_actions(self)

    def _why_not(self, action: TowerAction) -> str:
        return rules.why_not(self, action)

    def _apply(self, action: TowerAction) -> None:
        rules.apply(self, action)

    def _is_legal(self, action: TowerAction) -> bool:
        """An offer is checked against the caps directly (:func:`.rules.offer_allowed`): the
        legal offers run to hundreds, and a search's rollout applies an offer it built
        without listing them. Anything else: the kernel's scan of the cached legal list."""
        if action.kind == OFFER and self.phase == PHASE_OFFER:
            return rules.offer_allowed(self, self.current, action)
        return BaseState._is_legal(self, action)

    # ----------------------------------------------------------------- derived facts

    def hand_of(self, seat: int) -> list[int]:
        return self.hand[4 * seat : 4 * seat + 4]

    def offer_of(self, seat: int) -> list[int]:
        return self.offer_cards[4 * seat : 4 * seat + 4]

    def held(self, seat: int, kind: int) -> int:
        return self.actions_held[7 * seat + kind]

    def may_hold(self, seat: int, kinds: tuple[int, ...]) -> bool:
        """Could ``seat`` hold an action card of one of ``kinds``, as far as the table can tell?

        Yes when he holds some action card (how many is public) and not every copy of those
        kinds has been played face up. Decision points T and D, and point S when nothing can
        be completed, come from this public fact, never from the hand itself: a pause that
        came only for holders would tell everybody who holds the card (rulings T17).
        """
        held = self.actions_held
        base = 7 * seat
        if not any(held[base : base + 7]):
            return False
        counts = self.game.data.action_counts
        discard = self.action_discard
        return any(discard[k] < counts[k] for k in kinds)

    def need(self) -> tuple[int, int, int, int]:
        """The cards the disc being built asks for, by type."""
        return self.game.disc_needs[self.disc]

    def wonder_of(self, space: int) -> int:
        return space // self.game.spaces_per_wonder

    def draw(self, seat: int) -> None:
        """One building card to ``seat``: from the pile, reshuffling the discards into a new
        pile when it is empty; nothing when both are empty (rules §4.4)."""
        pile = self.pile
        if not pile:
            discard = self.discard
            if not any(discard):
                return
            for t in range(4):
                pile.extend([t] * discard[t])
                discard[t] = 0
            self.rng.shuffle(pile)
            self.events += ((events.PILE_RESHUFFLED, len(pile)),)
        self.hand[4 * seat + pile.pop()] += 1
