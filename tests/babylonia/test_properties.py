"""Property tests: thousands of random Babylonia games, every player count and option.

Hypothesis draws the seed, the player count and the rules options; each game is played to
its end by random choices, checking the invariants below at every position. The number of
games per player count is ``ZIGGURAT_PROPERTY_GAMES`` (default 2000), split over the four
combinations of the card set and the first-round rule so that test workers share them.
"""

from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ziggurat
from ziggurat.core.hexgrid import bit_list
from ziggurat.games.babylonia.game import BabyloniaGame
from ziggurat.games.babylonia.state import BabyloniaState

GAMES = int(os.environ.get("ZIGGURAT_PROPERTY_GAMES", "2000"))
MAX_ACTIONS = 2000

_games: dict[tuple, BabyloniaGame] = {}


def game_for(players: int, advanced: bool, first_round: bool, tied: bool, face_down: bool):
    key = (players, advanced, first_round, tied, face_down)
    if key not in _games:
        _games[key] = ziggurat.load_game(
            "babylonia",
            players=players,
            ziggurat_cards="advanced" if advanced else "standard",
            first_round_limit=first_round,
            tied_city_scores=tied,
            face_down_field_access=face_down,
        )
    return _games[key]


def check_invariants(state: BabyloniaState, supply: list[int]) -> None:
    board = state.board
    tokens = 0
    for seat in range(state.n):
        base = 4 * seat
        up = 0
        hidden = 0
        for kind in range(4):
            on_board = state.kind_up[base + kind] | state.hid[base + kind]
            total = on_board.bit_count() + state.stand[base + kind] + state.bag[base + kind]
            assert total == supply[kind], f"seat {seat} kind {kind}: {total} tokens"
            assert state.stand[base + kind] >= 0 and state.bag[base + kind] >= 0
            up |= state.kind_up[base + kind]
            hidden |= state.hid[base + kind]
        assert up == state.up[seat]
        assert up | hidden == state.tok[seat]
        assert not up & board.river_mask and hidden & ~board.river_mask == 0
        assert not tokens & state.tok[seat], "two tokens on one hex"
        tokens |= state.tok[seat]
        assert sum(state.stand_counts(seat)) <= state.stand_capacity(seat)
    parts = [
        tokens,
        state.free_land,
        state.free_river,
        state.fields,
        state.cities,
        board.ziggurat_mask,
    ]
    union = 0
    for part in parts:
        assert not union & part, "hex sets overlap"
        union |= part
    assert union == board.layout.all_mask, "a hex in play is in no set"


def view_hides_secrets(state: BabyloniaState) -> None:
    for seat in range(state.n):
        seen = state.view(seat)
        for entry in seen["players"]:
            assert ("stand" in entry) == (entry["seat"] == seat)
        for h in seen["board"]:
            if h.get("face_down"):
                assert (h["kind"] is not None) == (h["player"] == seat)
        text = json.dumps(seen)
        assert "rng" not in text and 'bag"' not in text


@settings(
    max_examples=max(1, GAMES // 4),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.integers(min_value=0, max_value=2**63 - 1),
    tied=st.booleans(),
    face_down=st.booleans(),
)
@pytest.mark.parametrize("first_round", [True, False], ids=["first-round", "no-limit"])
@pytest.mark.parametrize("advanced", [False, True], ids=["standard", "advanced"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(
    players: int, seed: int, advanced: bool, first_round: bool, tied: bool, face_down: bool
) -> None:
    game = game_for(players, advanced, first_round, tied, face_down)
    supply = game.supply()
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    texts: list[str] = []
    scores = state.scores()
    zig_unscored = state.zig_unscored
    cities_total = state.cities.bit_count()
    steps = 0
    while not state.is_terminal():
        assert steps < MAX_ACTIONS, "game did not end"
        check_invariants(state, supply)
        legal = state.legal_actions()
        assert legal, "no legal action in a running game"
        if steps % 5 == 0:
            # Legal actions apply (a sample, on clones); clones are independent.
            before = state.to_json()
            assert state.land_list == bit_list(state.free_land)
            assert state.river_list == bit_list(state.free_river)
            for action in rng.sample(legal, min(3, len(legal))):
                copy = state.clone()
                copy.apply_action(action)
                check_invariants(copy, supply)
            assert state.to_json() == before
            # An illegal action is refused, says why, and changes nothing.
            legal_ids = {a.id for a in legal}
            bad_id = rng.randrange(game.num_distinct_actions)
            if bad_id not in legal_ids:
                bad = game.int_to_action(state, bad_id)
                with pytest.raises(ziggurat.IllegalAction, match=str(bad).split()[0]):
                    state.apply_action(bad)
                assert state.to_json() == before
        if steps % 25 == 0:
            view_hides_secrets(state)
        action = rng.choice(legal)
        texts.append(str(action))
        state.apply_action(action)
        steps += 1
        new_scores = state.scores()
        assert all(a >= b for a, b in zip(new_scores, scores, strict=True)), "a score went down"
        scores = new_scores
        assert state.zig_unscored & ~zig_unscored == 0, "a ziggurat was scored twice"
        zig_unscored = state.zig_unscored
        won = sum(state.cities_won)
        assert won + state.cities.bit_count() <= cities_total
    check_invariants(state, supply)
    assert state.legal_actions() == []
    assert state.current_player == ziggurat.TERMINAL
    last = state.turn_player
    assert sum(state.stand_counts(last)) == 0 or state.cities.bit_count() < 2
    assert state.winners()
    # Round trips: JSON, and replay of seed + notation.
    snapshot = state.to_json()
    assert game.state_from_json(json.loads(json.dumps(snapshot))).to_json() == snapshot
    replayed = game.new_initial_state(seed=seed)
    for text in texts:
        replayed.apply_action(game.parse_action(replayed, text))
    assert replayed.to_json() == snapshot
