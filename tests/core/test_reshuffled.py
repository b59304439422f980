"""Every game of the registry, at every player count: ``state.reshuffled(seed)`` ("continue
from here" after a finished game's replay) keeps everything any seat held or saw and deals
everything nobody saw afresh; ``state.revealed_at_end()`` shows what was hidden, once the
game is over. Each game's own test names its hidden collections (tests/<game>/test_reveal.py).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import ziggurat
from ziggurat.core.errors import InvalidOptions, ZigguratError
from ziggurat.core.kernel import BaseGame
from ziggurat.core.registry import game_class, game_names
from ziggurat.core.rng import Rng
from ziggurat.testing import play_random_game, random_position

CASES = [(name, n) for name in game_names() for n in game_class(name).player_counts]
IDS = [f"{name}-{n}p" for name, n in CASES]
SEEDS = (1, 2, 3)
FRACTIONS = (0.0, 0.25, 0.5, 0.75, 1.0)  # where in a random game the position is taken
LOCKSTEP = 120  # moves played side by side to find where two reshuffles part


def _dump(state: Any) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _seen(state: Any) -> list[Any]:
    """Everything every seat and a spectator see."""
    return [state.view(seat) for seat in (*range(state.n), None)]


def _parts(a: Any, b: Any, rng: random.Random) -> bool:
    """Play the same random actions in ``a`` and ``b`` (both changed); True once some seat
    sees a difference or the legal actions differ: their futures part."""
    for _ in range(LOCKSTEP):
        if a.is_terminal() or b.is_terminal():
            return a.is_terminal() != b.is_terminal()
        legal = a.legal_actions()
        if [x.id for x in legal] != [x.id for x in b.legal_actions()]:
            return True
        action = rng.choice(legal)
        a.apply_action(action)
        b.apply_action(action)
        if a.view(None) != b.view(None) or any(a.view(s) != b.view(s) for s in range(a.n)):
            return True
    return False


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_a_reshuffle_keeps_what_was_seen_and_deals_the_rest_anew(name: str, players: int) -> None:
    game = ziggurat.load_game(name, players=players)
    positions = 0
    parted_seeds = parted_original = 0
    for seed in SEEDS:
        _final, texts = play_random_game(game, seed)
        for fraction in FRACTIONS:
            state = random_position(game, seed, int(len(texts) * fraction))
            before = _dump(state)
            seen = _seen(state)
            legal = [a.id for a in state.legal_actions()]
            first = state.reshuffled(seed * 100 + 1)
            second = state.reshuffled(seed * 100 + 2)
            positions += 1
            # (a) every seat and a spectator see the same position; (b) the same choices
            assert _seen(first) == seen
            assert _seen(second) == seen
            assert [a.id for a in first.legal_actions()] == legal
            assert first.current_player == state.current_player
            assert first.scores() == state.scores()
            # the same seed deals the same; (c) the JSON round trip is exact
            assert _dump(state.reshuffled(seed * 100 + 1)) == _dump(first)
            rebuilt = game.state_from_json(json.loads(_dump(first)))
            assert _dump(rebuilt) == _dump(first)
            # (d) two seeds give two futures (and neither is the one everybody watched)
            if not state.is_terminal():
                rng = random.Random(seed)
                if _parts(first.clone(), second.clone(), rng):
                    parted_seeds += 1
                if _parts(first.clone(), state.clone(), random.Random(seed)):
                    parted_original += 1
            # (f) the new state plays to the end
            play = random.Random(seed + 7)
            while not first.is_terminal():
                first.apply_action(play.choice(first.legal_actions()))
            assert first.winners()
            # (e) the original is untouched by all of it
            assert _dump(state) == before
    running = positions - len(SEEDS)  # the last fraction of each game is its end
    # nearly always: a late position may have nothing left to draw
    assert parted_seeds >= running * 3 // 4, (parted_seeds, running)
    assert parted_original >= running * 3 // 4, (parted_original, running)


@pytest.mark.parametrize("seed", [True, 1.0, "7", None])
def test_the_seed_is_checked_as_a_new_games(seed: object) -> None:
    game = ziggurat.load_game("babylonia")
    state = game.new_initial_state(seed=1)
    with pytest.raises(InvalidOptions, match="seed must be an integer"):
        state.reshuffled(seed)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptions, match="seed must be an integer"):
        game.new_initial_state(seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", game_names())
def test_every_game_writes_both_hooks(name: str) -> None:
    cls = game_class(name)
    assert cls.state_reshuffled is not BaseGame.state_reshuffled
    assert cls.revealed_at_end is not BaseGame.revealed_at_end


def test_the_defaults_redraw_nothing_and_reveal_nothing() -> None:
    game = ziggurat.load_game("amyitis")
    state = random_position(game, 4, 30)
    copy = BaseGame.state_reshuffled(game, state, Rng(5))
    assert copy is not state and _dump(copy) == _dump(state)
    assert BaseGame.revealed_at_end(game, state) == []


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_what_was_hidden_is_shown_at_the_end_only(name: str, players: int) -> None:
    game = ziggurat.load_game(name, players=players)
    for seed in SEEDS:
        running = random_position(game, seed, 10)
        with pytest.raises(ZigguratError, match="still running"):
            running.revealed_at_end()
        final, _ = play_random_game(game, seed)
        shown = final.revealed_at_end()
        assert json.loads(json.dumps(shown)) == shown  # JSON-ready as it is
        assert shown, "each of the four games hides something until the end"
        order = []
        for section in shown:
            assert set(section) == {"seat", "label", "items"}
            seat = section["seat"]
            assert seat is None or (type(seat) is int and 0 <= seat < players)
            assert isinstance(section["label"], str) and section["label"].strip()
            assert section["items"], "an empty collection is left out, not listed empty"
            assert all(isinstance(i, str) and i.strip() for i in section["items"])
            order.append(players if seat is None else seat)
        assert order == sorted(order), "seats in order, then the table's"
        assert final.revealed_at_end() == shown  # stable
