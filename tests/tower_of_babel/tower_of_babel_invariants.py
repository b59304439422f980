"""Tower of Babel's part of the property harness (``tests/test_registry_properties.py``): what
must hold at every position of a random game, what each view may show of the secret offers,
and what a move may change. The harness reads the names below; it plays the games and runs
the checks every game shares (its docstring lists them)."""

from __future__ import annotations

from typing import Any

from ziggurat.games.tower_of_babel import scoring
from ziggurat.games.tower_of_babel.actions import OFFER
from ziggurat.games.tower_of_babel.phases import NO_DISC, PHASE_OFFER
from ziggurat.games.tower_of_babel.state import TowerState

GAMES = 1000
"""Random games per player count unless ``ZIGGURAT_PROPERTY_GAMES`` says otherwise."""
MAX_ACTIONS = 3000
"""A game still running after this many actions fails."""
INVARIANTS_EVERY = 1
"""``check_invariants`` at every how many positions."""
CLONES_EVERY = 50
"""Moves on clones and an illegal move, at every how many positions."""
ROUND_TRIP_EVERY = 50
"""The JSON round trip, at every how many positions (and at the end)."""
VIEWS_EVERY = 7
"""Every seat's view, at every how many positions."""
WORLDS_EVERY = 7
"""A determinized world, at every how many positions."""
REPLAY_ONE_IN = 1
"""The replay of the seed and the notation, for the games whose seed this divides."""
EXAMPLES: tuple[int, ...] = ()
"""Seeds always played, at every player count, besides those Hypothesis draws."""
SCORES_NEVER_FALL = True
"""No seat's score ever goes down."""
OFFER_LEGALITY_EVERY = 9
"""The legality of every offer of the game against the list, at the positions whose number
this divides, when they are in the offer phase: with some four hundred offers to ask about, it
is this file's costliest check, and at every ninth position it is still made tens of thousands
of times a run."""


def check_invariants(state: TowerState) -> None:
    """Every card, disc and piece somewhere exactly once; offers within the caps of §5."""
    game = state.game
    data = game.data
    n = state.n
    # building cards: pile + discard + hands + offers = 25 of each type
    for t in range(4):
        total = state.pile.count(t) + state.discard[t]
        total += sum(state.hand[4 * s + t] + state.offer_cards[4 * s + t] for s in range(n))
        assert total == 25, f"type {t}: {total} cards"
    assert min(state.hand) >= 0 and min(state.offer_cards) >= 0
    # action cards: pile + discard + hands = the deck (or nothing)
    for k in range(7):
        total = state.action_pile.count(k) + state.action_discard[k]
        total += sum(state.actions_held[7 * s + k] for s in range(n))
        assert total == (data.action_counts[k] if game.action_cards else 0), f"action kind {k}"
    assert min(state.actions_held) >= 0
    # pieces: supply = 29 - value on wonders not yet scored, never negative
    for seat in range(n):
        on = 0
        for w in range(game.num_wonders):
            value = state.pieces[w * n + seat]
            if state.done_mask >> w & 1:
                assert value == 0, "pieces left on a scored wonder"
            on += value
        assert state.supply[seat] == 29 - on >= 0
    # the exchange card is in the hand or in the offer, never both, never lost
    for seat in range(n):
        assert state.exchange_in_hand[seat] + state.offer_exchange[seat] == 1
    # every disc in play is on one space or owned, never both
    on_board = [d for d in state.space_disc if d != NO_DISC]
    owned = [d for d, o in enumerate(state.disc_owner) if o >= 0]
    assert sorted(on_board + owned) == sorted(game.discs_in_play())
    # completed wonders have no disc left; at most 7 are ever completed
    for w in range(game.num_wonders):
        if state.done_mask >> w & 1:
            assert state.space_disc[3 * w : 3 * w + 3] == [NO_DISC] * 3
    assert state.done_mask.bit_count() == state.marker <= 7
    # offers obey the caps of §5 (face down) or hold matching cards only (revealed)
    if state.disc != NO_DISC:
        need = state.need()
        for seat in range(n):
            offer = state.offer_of(seat)
            if seat == state.active:
                assert offer == [0, 0, 0, 0] and not state.offer_exchange[seat]
            elif state.revealed:
                assert all(offer[t] == 0 for t in range(4) if not need[t])
            assert sum(offer) <= sum(need)
            assert all(offer[t] <= need[t] for t in range(4) if need[t])
            assert not state.offer_exchange[seat] or state.offered >> seat & 1


def check_position(state: TowerState, legal: list, step: int) -> None:
    """The legal actions come in the order of their numbers; and, at the offer-phase
    positions whose number ``OFFER_LEGALITY_EVERY`` divides, an offer's legality answered from
    the caps without the list (``_is_legal``) agrees with the list for every offer of the
    game, legal or not."""
    assert [a.id for a in legal] == sorted(a.id for a in legal)  # a stable order
    if state.phase == PHASE_OFFER and step % OFFER_LEGALITY_EVERY == 0:
        listed = {a for a in legal if a.kind == OFFER}
        allowed = {a for a in state.game.actions.offer.values() if state.why_illegal(a) is None}
        assert allowed == listed


def check_view(state: TowerState, seat: int | None, view: dict[str, Any], text: str) -> None:
    """Offers are simultaneous: a seat still to offer (and a spectator) sees neither the size
    of an offer made before its own nor the hand shrink by it (rulings T18); nobody sees
    another seat's hand or offered cards before the reveal, nor the draw pile."""
    assert '"pile": [' not in text
    assert ("hand" in view) == (seat is not None)
    blind = (
        state.phase == PHASE_OFFER
        and seat != state.active
        and not (seat is not None and state.offered >> seat & 1)
    )
    for entry in view["players"]:
        assert "hand" not in entry
        s = entry["seat"]
        in_hand = sum(state.hand_of(s)) + state.exchange_in_hand[s]
        in_offer = sum(state.offer_of(s)) + state.offer_exchange[s]
        assert entry["cards"] == in_hand + (in_offer if blind else 0)
    build = view["build"]
    if build is not None and not build["revealed"]:
        for entry in build["offers"]:
            s = entry["seat"]
            if s != seat:
                assert "cards" not in entry and "exchange" not in entry
            made = bool(state.offered >> s & 1)
            assert entry["made"] is made
            size = sum(state.offer_of(s)) + state.offer_exchange[s]
            assert entry["cards_count"] == (size if made and not blind else None)


def check_world(state: TowerState, world: TowerState, seat: int) -> None:
    """Nothing beyond the harness's checks of a determinized world."""


def winner_key(state: TowerState, seat: int) -> tuple[int, ...]:
    """Most points win; a tie is shared."""
    return (state.scores()[seat],)


class Watch:
    """What one game carries from position to position: the column of the active player moves
    one seat on, clockwise; the game ends by a type leaving the board or by the safeguard."""

    def __init__(self, state: TowerState) -> None:
        self.active = state.active

    def __enter__(self) -> Watch:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def moved(self, state: TowerState) -> None:
        if state.active != self.active:  # the column moves one seat on, clockwise
            assert state.active == (self.active + 1) % state.n
            self.active = state.active

    def over(self, state: TowerState) -> None:
        parts = state.final_parts
        assert parts is not None and len(parts) == state.n
        # the game ended by a type leaving the board, or by the safeguard with empty piles
        assert scoring.type_exhausted(state) or (not state.pile and not any(state.discard))
