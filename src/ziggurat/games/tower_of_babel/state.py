"""A Tower of Babel position and the turn flow: pass, build with secret offers, scoring, end.

Everything that changes lives in plain ints and lists: hands are four counts per seat (cards
of one type are interchangeable), pieces are one value per wonder and seat (only the value
counts), the draw pile is a list whose order is the secret, and the generator is one int.
``clone`` copies those lists.

A turn runs through the decision points of the rules reference (§4.5): A (pass or pick a
disc), O (each opponent's face-down offer, clockwise from the active player's left), S (the
active player's acceptance), T (triple bonus), D (double turn). Whether T, D and an S with
nothing to complete come at all is decided by what the whole table can see (``may_hold``),
never by the hand itself, so that a pause tells nobody who holds a card (rulings T17); a
player without the card then has "no ..." as his only answer. ``draw three`` and ``trade``
are free actions at any point where their holder decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ziggurat.core.api import TERMINAL
from ziggurat.core.errors import IllegalAction
from ziggurat.core.rng import Rng

from . import rules, scoring
from .actions import (
    ACCEPT,
    BUILD,
    DOUBLE,
    DRAW_THREE,
    GIVE_UP,
    NO_DOUBLE,
    NO_TRIPLE,
    OFFER,
    PASS,
    TRADE,
    TRIPLE,
    TowerAction,
)
from .components import CARD_TRADE, DOUBLE_TURN, JOKER, TRIPLE_BONUS
from .components import DRAW_THREE as DRAW_THREE_CARD

if TYPE_CHECKING:
    from .game import TowerOfBabelGame

PHASE_CHOOSE, PHASE_OFFER, PHASE_ACCEPT, PHASE_TRIPLE, PHASE_DOUBLE, PHASE_OVER = range(6)
PHASE_NAMES = ("choose", "offer", "accept", "triple", "double", "over")

NO_DISC = -1
_TRIPLE = (TRIPLE_BONUS,)
_DOUBLE = (DOUBLE_TURN,)


class TowerState:
    """One position of a game of Tower of Babel. See the module docstring."""

    __slots__ = (
        "_legal",
        "_legal_ids",
        "accepted",
        "action_discard",
        "action_pile",
        "actions_held",
        "active",
        "built",
        "current",
        "disc",
        "disc_owner",
        "discard",
        "done_mask",
        "exchange_in_hand",
        "final_parts",
        "game",
        "hand",
        "last_build",
        "last_wonder",
        "marker",
        "n",
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

    def __init__(self, game: TowerOfBabelGame) -> None:
        self.game = game
        n = self.n = game.num_players
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
        self.current = 0
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
        self._legal: list[TowerAction] | None = None
        self._legal_ids: set[int] | None = None

    # ----------------------------------------------------------------- the game interface

    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == PHASE_OVER else self.current

    def is_terminal(self) -> bool:
        return self.phase == PHASE_OVER

    def scores(self) -> list[int]:
        return list(self.score)

    def winners(self) -> list[int]:
        """Most points; a tie shares the victory (no tie-break exists, rulings §13 Q11)."""
        best = max(self.score)
        return [s for s in range(self.n) if self.score[s] == best]

    def clone(self) -> TowerState:
        other = TowerState.__new__(TowerState)
        other.game = self.game
        other.n = self.n
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
        other.current = self.current
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
        other._legal_ids = self._legal_ids
        return other

    def legal_actions(self) -> list[TowerAction]:
        legal = self._legal
        if legal is None:
            legal = self._legal = rules.legal_actions(self)
            self._legal_ids = None
        return legal[:]

    def apply_action(self, action: TowerAction) -> None:
        """Apply a legal action; an illegal one raises ``IllegalAction`` and changes nothing."""
        problem = self.why_illegal(action)
        if problem is not None:
            raise IllegalAction(problem)
        self._apply(action)

    def view(self, seat: int | None) -> dict[str, Any]:
        from .views import view

        return view(self, seat)

    def determinize(self, seat: int, rng: Any) -> TowerState:
        from .views import determinize

        return determinize(self, seat, rng)

    def to_json(self) -> dict[str, Any]:
        from .serialize import state_to_json

        return state_to_json(self)

    def __str__(self) -> str:
        from .render import state_text

        return state_text(self)

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

    # ----------------------------------------------------------------- legality

    def why_illegal(self, action: object) -> str | None:
        """``None`` if ``action`` is legal now, else a sentence saying why not."""
        table = self.game.actions
        if isinstance(action, str):
            return f"{action!r} is text; turn it into an action with game.parse_action(state, text)"
        if (
            not isinstance(action, TowerAction)
            or not 0 <= action.id < len(table.actions)
            or table.actions[action.id].text != action.text
        ):
            return f"{action!r} is not an action of this game"
        if self.phase == PHASE_OVER:
            return f"{action}: the game is over"
        if self._legal is None:
            self._legal = rules.legal_actions(self)
            self._legal_ids = None
        ids = self._legal_ids
        if ids is None:
            ids = self._legal_ids = {a.id for a in self._legal}
        if action.id in ids:
            return None
        return f"{action}: {rules.why_not(self, action)}"

    # ----------------------------------------------------------------- the turn flow

    def _apply(self, action: TowerAction) -> None:
        self._legal = None
        self._legal_ids = None
        kind = action.kind
        if kind == DRAW_THREE:
            self._play_card(self.current, DRAW_THREE_CARD)
            for _ in range(self.game.data.draw_three_count):
                self.draw(self.current)
        elif kind == TRADE:
            seat = self.current
            self._play_card(seat, CARD_TRADE)
            cards = action.cards
            base = 4 * seat
            for t in range(4):
                self.hand[base + t] -= cards[t]
                self.discard[t] += cards[t]
            for _ in range(sum(cards)):
                self.draw(seat)
        elif kind == PASS:
            for _ in range(self.game.data.pass_extra_draw):
                self.draw(self.active)
            self._after_turn()
        elif kind == BUILD:
            self.last_wonder = None
            self.space = action.space
            self.disc = self.space_disc[action.space]
            self.offered = 0
            self.revealed = False
            self.current = (self.active + 1) % self.n
            self.phase = PHASE_OFFER
        elif kind == OFFER:
            self._offer(self.current, action)
        elif kind == ACCEPT:
            self._build(action)
        elif kind == GIVE_UP:
            self._unfulfilled()
        elif kind in (TRIPLE, NO_TRIPLE):
            if kind == TRIPLE:
                self._play_card(self.current, TRIPLE_BONUS)
                self.triple_mask |= 1 << self.current
            self._next_triple()
        elif kind == DOUBLE:
            self._play_card(self.active, DOUBLE_TURN)
            self.second_turn = True
            self.turn_number += 1
            self._start_turn()
        elif kind == NO_DOUBLE:
            self._end_turn()

    def _play_card(self, seat: int, kind: int) -> None:
        self.actions_held[7 * seat + kind] -= 1
        self.action_discard[kind] += 1

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
        self.hand[4 * seat + pile.pop()] += 1

    def _offer(self, seat: int, action: TowerAction) -> None:
        base = 4 * seat
        cards = action.cards
        for t in range(4):
            if cards[t]:
                self.hand[base + t] -= cards[t]
                self.offer_cards[base + t] = cards[t]
        if action.exchange:
            self.exchange_in_hand[seat] = 0
            self.offer_exchange[seat] = 1
        self.offered |= 1 << seat
        nxt = (seat + 1) % self.n
        if nxt != self.active:
            self.current = nxt
            return
        self._reveal()

    def _reveal(self) -> None:
        """All offers face up; cards of types the disc does not ask for go back at once."""
        self.revealed = True
        need = self.need()
        hand = self.hand
        offers = self.offer_cards
        self.reveal = tuple(
            (s, tuple(offers[4 * s : 4 * s + 4]), self.offer_exchange[s])
            for s in range(self.n)
            if self.offered >> s & 1 and (any(offers[4 * s : 4 * s + 4]) or self.offer_exchange[s])
        )
        for seat in range(self.n):
            if seat == self.active:
                continue
            base = 4 * seat
            for t in range(4):
                if offers[base + t] and not need[t]:
                    hand[base + t] += offers[base + t]
                    offers[base + t] = 0
        self.current = self.active
        self.phase = PHASE_ACCEPT
        if not rules.accept_choices(self) and not self.may_hold(
            self.active, (DRAW_THREE_CARD, CARD_TRADE)
        ):
            self._unfulfilled()

    def _build(self, action: TowerAction) -> None:
        """Accept ``action.seats``' offers, complete from hand (and jokers), place the pieces,
        hand out the disc, score a completed wonder (rules §6.4-§6.6, §7)."""
        game = self.game
        n = self.n
        active = self.active
        need = self.need()
        wonder = self.wonder_of(self.space)
        offers = self.offer_cards
        pieces = self.pieces
        remaining = list(need)
        receiver = active
        exchange_cards = 0
        for seat in action.seats:
            base = 4 * seat
            matching = 0
            for t in range(4):
                c = offers[base + t]
                if c:
                    matching += c
                    remaining[t] -= c
                    self.discard[t] += c
                    offers[base + t] = 0
            if self.offer_exchange[seat]:
                receiver = seat
                exchange_cards = matching
            else:
                pieces[wonder * n + seat] += matching
                self.supply[seat] -= matching
        jokers = action.jokers
        own = 0
        hand = self.hand
        for t in range(4):
            r = remaining[t]
            if r:
                from_hand = r - jokers[t]
                hand[4 * active + t] -= from_hand
                self.discard[t] += from_hand
                own += r
        for _ in range(action.joker_count):
            self._play_card(active, JOKER)
        placed = own + exchange_cards
        pieces[wonder * n + active] += placed
        self.supply[active] -= placed
        self.disc_owner[self.disc] = receiver
        self.space_disc[self.space] = NO_DISC
        self.accepted = action.mask
        self.built = True
        per = game.spaces_per_wonder
        if all(d == NO_DISC for d in self.space_disc[wonder * per : wonder * per + per]):
            scoring.complete_wonder(self, wonder)
        self._enter_triple()

    def _unfulfilled(self) -> None:
        """Nothing is built; the disc stays; every offer is rejected (rules §6.7)."""
        self.accepted = 0
        self.built = False
        self.phase = PHASE_ACCEPT
        self._enter_triple()

    def _enter_triple(self) -> None:
        self.triple_mask = 0
        self.triple_next = 1
        self._next_triple()

    def _next_triple(self) -> None:
        """Decision point T for the next rejected offerer who may hold a triple bonus
        (``may_hold``), clockwise from the active player's left; then the rejected offers
        score."""
        n = self.n
        offers = self.offer_cards
        while self.triple_next < n:
            seat = (self.active + self.triple_next) % n
            self.triple_next += 1
            if (
                not self.accepted >> seat & 1
                and any(offers[4 * seat : 4 * seat + 4])
                and self.may_hold(seat, _TRIPLE)
            ):
                self.phase = PHASE_TRIPLE
                self.current = seat
                return
        self._settle_offers()

    def _settle_offers(self) -> None:
        """Rejected offers score and go back to hand; every exchange card goes home; then the
        end of the game is checked (rules §6.6 steps 3-5)."""
        data = self.game.data
        offers = self.offer_cards
        hand = self.hand
        gained = [0] * self.n
        for seat in range(self.n):
            base = 4 * seat
            matching = 0
            for t in range(4):
                c = offers[base + t]
                if c:
                    matching += c
                    hand[base + t] += c
                    offers[base + t] = 0
            if matching:
                per_card = data.triple_vp if self.triple_mask >> seat & 1 else data.rejected_vp
                gained[seat] = matching * per_card
                self.score[seat] += gained[seat]
            if self.offer_exchange[seat]:
                self.offer_exchange[seat] = 0
                self.exchange_in_hand[seat] = 1
        self.last_build = {
            "active": self.active,
            "space": self.space,
            "disc": self.disc,
            "built": self.built,
            "receiver": self.disc_owner[self.disc] if self.built else -1,
            "offers": self.reveal,
            "accepted": self.accepted,
            "triples": self.triple_mask,
            "rejected_points": tuple(gained),
            "wonder": self.last_wonder,
        }
        self.reveal = ()
        if self.built and scoring.type_exhausted(self):
            scoring.final_scoring(self)
            return
        self._after_turn()

    def _after_turn(self) -> None:
        """The turn is resolved: count it for the safeguard, then decision point D."""
        if self.built:
            self.turns_without_build = 0
        else:
            self.turns_without_build += 1
        self.space = NO_DISC
        self.disc = NO_DISC
        self.offered = 0
        self.revealed = False
        self.accepted = 0
        self.built = False
        self.triple_mask = 0
        self.triple_next = 0
        if not self.second_turn and self.may_hold(self.active, _DOUBLE):
            self.phase = PHASE_DOUBLE
            self.current = self.active
            return
        self._end_turn()

    def _end_turn(self) -> None:
        """Everyone draws (from the active player clockwise), the column moves on, and the
        safeguard may end a game nobody builds in (rules §4.1, §4.3, §9.1)."""
        n = self.n
        active = self.active
        for _ in range(self.game.data.end_of_turn_draw):
            for i in range(n):
                self.draw((active + i) % n)
        if (
            not self.pile
            and not any(self.discard)
            and self.turns_without_build >= self.game.data.safeguard_per_player * n
        ):
            scoring.final_scoring(self)
            return
        self.active = (active + 1) % n
        self.second_turn = False
        self.turn_number += 1
        self._start_turn()

    def _start_turn(self) -> None:
        self.phase = PHASE_CHOOSE
        self.current = self.active
