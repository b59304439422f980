"""Property tests: random Tower of Babel games for every player count and option set.

Hypothesis draws the seed; each game is played to its end by random legal choices, checking
the invariants below at every position (views and determinize at every few). The number of
games per player count is ``ZIGGURAT_PROPERTY_GAMES`` (default 1000, as for Babylonia's
2000 the variable counts games per player count), split over the three option sets.
"""

from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ziggurat
from ziggurat.games.tower_of_babel.actions import OFFER
from ziggurat.games.tower_of_babel.phases import NO_DISC, PHASE_OFFER
from ziggurat.games.tower_of_babel.state import TowerState

from .helpers import new_game

GAMES = int(os.environ.get("ZIGGURAT_PROPERTY_GAMES", "1000"))
MAX_ACTIONS = 3000
OPTION_SETS = [{}, {"two_type_discs": True}, {"action_cards": False}]
PER_OPTION_SET = -(-GAMES // len(OPTION_SETS))


def check_invariants(state: TowerState) -> None:
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


def check_offer_legality(state: TowerState, legal: list) -> None:
    """An offer's legality is answered from the caps, without the list (``_is_legal``): it
    must agree with the list for every offer of the game, legal or not."""
    listed = {a for a in legal if a.kind == OFFER}
    allowed = {a for a in state.game.actions.offer.values() if state.why_illegal(a) is None}
    assert allowed == listed


def check_views(state: TowerState, rng: random.Random) -> None:
    n = state.n
    for seat in (*range(n), None):
        seen = state.view(seat)
        text = json.dumps(seen)
        assert '"rng"' not in text and '"pile": [' not in text
        assert ("hand" in seen) == (seat is not None)
        # offers are simultaneous: a seat still to offer (and a spectator) sees neither the
        # size of an offer made before its own nor the hand shrink by it (rulings T18)
        blind = (
            state.phase == PHASE_OFFER
            and seat != state.active
            and not (seat is not None and state.offered >> seat & 1)
        )
        for entry in seen["seats"]:
            assert "hand" not in entry
            s = entry["seat"]
            in_hand = sum(state.hand_of(s)) + state.exchange_in_hand[s]
            in_offer = sum(state.offer_of(s)) + state.offer_exchange[s]
            assert entry["cards"] == in_hand + (in_offer if blind else 0)
        build = seen["build"]
        if build is not None and not build["revealed"]:
            for entry in build["offers"]:
                s = entry["seat"]
                if s != seat:
                    assert "cards" not in entry and "exchange" not in entry
                made = bool(state.offered >> s & 1)
                assert entry["made"] is made
                size = sum(state.offer_of(s)) + state.offer_exchange[s]
                assert entry["cards_count"] == (size if made and not blind else None)
    seat = rng.randrange(n)
    world = state.determinize(seat, rng)
    assert world.view(seat) == state.view(seat)
    if seat == state.current_player:
        assert world.legal_actions() == state.legal_actions()
    check_invariants(world)


@settings(
    max_examples=PER_OPTION_SET,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors],
)
@given(seed=st.integers(min_value=0, max_value=2**63 - 1))
@pytest.mark.parametrize("options", OPTION_SETS, ids=["base", "two-type-discs", "no-cards"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_keep_every_invariant(players: int, options: dict, seed: int) -> None:
    game = new_game(players, **options)
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed % (1 << 32))
    texts: list[str] = []
    scores = state.scores()
    active = state.active
    steps = 0
    while not state.is_terminal():
        assert steps < MAX_ACTIONS, "the game did not end"
        check_invariants(state)
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        assert [a.id for a in legal] == sorted(a.id for a in legal)  # a stable order
        if steps % 7 == 0:
            check_views(state, rng)
        if state.phase == PHASE_OFFER and steps % 3 == 0:
            check_offer_legality(state, legal)
        action = rng.choice(legal)
        texts.append(str(action))
        state.apply_action(action)
        steps += 1
        new_scores = state.scores()
        assert all(a >= b for a, b in zip(new_scores, scores, strict=True)), "a score went down"
        scores = new_scores
        if state.active != active:  # the column moves one seat on, clockwise
            assert state.active == (active + 1) % players
            active = state.active
    check_invariants(state)
    assert state.legal_actions() == [] and state.current_player == ziggurat.TERMINAL
    best = max(state.scores())
    assert state.winners() == [s for s in range(players) if state.scores()[s] == best]
    parts = state.final_parts
    assert parts is not None and len(parts) == players
    # the game ended by a type leaving the board, or by the safeguard with empty piles
    from ziggurat.games.tower_of_babel import scoring

    assert scoring.type_exhausted(state) or (not state.pile and not any(state.discard))
    # exact replay from the seed and the notation, and the JSON round trip
    snapshot = state.to_json()
    assert game.state_from_json(json.loads(json.dumps(snapshot))).to_json() == snapshot
    replayed = game.new_initial_state(seed=seed % (1 << 32))
    for text in texts:
        replayed.apply_action(game.parse_action(replayed, text))
    assert replayed.to_json() == snapshot


@settings(
    max_examples=max(1, GAMES // 10),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), players=st.sampled_from([3, 4, 5]))
def test_round_trips_and_clones_along_the_way(seed: int, players: int) -> None:
    game = new_game(players, two_type_discs=bool(seed & 1))
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    steps = 0
    while not state.is_terminal():
        if steps % 5 == 0:
            snapshot = state.to_json()
            again = game.state_from_json(json.loads(json.dumps(snapshot)))
            assert again.to_json() == snapshot
            copy = state.clone()
            copy.apply_action(rng.choice(copy.legal_actions()))
            assert state.to_json() == snapshot  # the clone is independent
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
