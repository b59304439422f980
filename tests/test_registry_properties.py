"""Property tests over the registry: thousands of random games of every game, at every player
count, with every option set the game declares for its conformance run
(``conformance_option_sets``, as ``tests/test_registry_conformance.py`` plays them).

Hypothesis draws the seed and, on top of the option set, every yes/no or multiple-choice
option the set leaves open (read from ``options_declared``: a seat option keeps its default,
which draws the seat at random anyway, and a free text keeps the set's value). Each game is
played to its end by random legal choices (drawn from a generator of their own, so the checks
never change which game is played). ``ZIGGURAT_PROPERTY_GAMES`` sets the number of games per
player count (by default the game's own ``GAMES``: 2000 for Babylonia, 1000 for the others),
split over the option sets played at that count.

Checked here, for every game:

* at every position: a legal action, none listed twice, for a seat of the game; a game not
  over after ``MAX_ACTIONS`` actions fails;
* every ``CLONES_EVERY`` positions: up to three legal moves played on clones, each giving a
  position that keeps the invariants, and an illegal move refused, its reason starting with
  the move; the original stays as it was;
* every ``ROUND_TRIP_EVERY`` positions, and at the end: the exact JSON round trip;
* every ``VIEWS_EVERY`` positions: every seat's view and the spectator's is JSON with no
  generator in it;
* every ``WORLDS_EVERY`` positions: a world determinized for a random seat shows that seat
  the same view, gives it the same legal actions on its turn, and keeps the invariants;
* after every move, where the game says so (``SCORES_NEVER_FALL``): no score went down;
* at the end: the invariants, no legal action, ``current_player == TERMINAL``, one score per
  seat, the winners exactly the seats with the greatest ``winner_key``; and, for the games
  whose seed ``REPLAY_ONE_IN`` divides, the seed with the actions' notation replays to the
  same final state.

The spacings are each game's. The random game itself is cheap (a few milliseconds); nine
tenths of the harness's time are its checks, so they are spaced, the costliest widest, to keep
the suite's time down (CI aims at twenty minutes), while every game is still played to its end
so that the games reach the rare positions: every check is still made thousands of times a
run, over some fifteen thousand games.

What only one game checks is that game's, in ``tests/<game>/<game>_invariants.py``: the
constants above and the hooks ``check_invariants(state)`` (every ``INVARIANTS_EVERY``
positions, on the clones' positions, on determinized worlds and at the end),
``check_position(state, legal, step)`` (every position), ``check_view(state, seat, view,
text)`` (each view checked), ``check_world(state, world, seat)`` (each determinized world),
``winner_key(state, seat)``, ``EXAMPLES`` (seeds always played) and ``Watch(state)``: a
context manager around one game that may wrap engine functions to check them, told of every
move (``moved(state)``) and of the end (``over(state)``). Every file defines every name, so
nothing is looked up with a default.

Each file's name starts with its game's name, so module basenames stay unique across the tree
(``tests/babylonia`` is no package: its modules are top-level ones). They are no test modules
and sit in no package of their own: the harness imports them as modules of a package of its
own, :data:`HOOKS_PACKAGE`, whose search path is the games' test folders, after registering
that package for pytest's assertion rewriting, so a failed ``assert`` in a hook shows its
values. A fifth game needs its invariants file and nothing here.
"""

from __future__ import annotations

import functools
import importlib
import importlib.machinery
import importlib.util
import json
import math
import os
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import ziggurat
from ziggurat.core.api import Game
from ziggurat.core.kernel import BaseGame
from ziggurat.core.registry import game_class, game_names

HOOKS_PACKAGE = "ziggurat_test_invariants"
"""The package the games' invariants files are imported into (it exists only in tests)."""


def _load_hooks() -> dict[str, ModuleType]:
    if HOOKS_PACKAGE not in sys.modules:
        spec = importlib.machinery.ModuleSpec(HOOKS_PACKAGE, None, is_package=True)
        tests = Path(__file__).parent
        spec.submodule_search_locations = [str(tests / name) for name in game_names()]
        pytest.register_assert_rewrite(HOOKS_PACKAGE)  # before anything of it is imported
        sys.modules[HOOKS_PACKAGE] = importlib.util.module_from_spec(spec)
    hooks = {}
    for name in game_names():
        try:
            hooks[name] = importlib.import_module(f"{HOOKS_PACKAGE}.{name}_invariants")
        except ModuleNotFoundError as missing:
            if missing.name != f"{HOOKS_PACKAGE}.{name}_invariants":
                raise
            raise RuntimeError(
                f"the game {name!r} has no tests/{name}/{name}_invariants.py for the property "
                "harness"
            ) from None
    return hooks


HOOKS = _load_hooks()


def _games_per_player_count(name: str) -> int:
    return int(os.environ.get("ZIGGURAT_PROPERTY_GAMES", HOOKS[name].GAMES))


def _cases() -> list[tuple[str, dict[str, Any], int]]:
    """``(game, options, games)``: each option set at each player count it is played at,
    with its share of the games of that count."""
    cases = []
    for name in game_names():
        cls = game_class(name)
        runs = []
        for option_set in cls.conformance_option_sets:
            counts = [option_set["players"]] if "players" in option_set else cls.player_counts
            runs += [{**option_set, "players": players} for players in counts]
        for options in runs:
            sets = sum(1 for other in runs if other["players"] == options["players"])
            games = max(1, math.ceil(_games_per_player_count(name) / sets))
            cases.append((name, options, games))
    return cases


CASES = _cases()


def _drawn_options(cls: type[BaseGame], fixed: dict[str, Any]) -> dict[str, st.SearchStrategy]:
    """A strategy for every option ``fixed`` leaves open that has few values: yes/no, or a
    list of choices."""
    out: dict[str, st.SearchStrategy] = {}
    for option in cls.options_declared:
        if option.name in fixed or option.seat:
            continue
        if option.kind is bool:
            values: list[Any] = [False, True]
        elif option.choices is not None:
            values = list(option.choices)
        else:
            continue
        out[option.name] = st.sampled_from(values + ([None] if option.nullable else []))
    return out


@functools.cache
def _game(name: str, options: tuple[tuple[str, Any], ...]) -> Game:
    return ziggurat.load_game(name, **dict(options))


@pytest.mark.parametrize(
    ("name", "options", "games"),
    CASES,
    ids=[f"{n}-" + "-".join(f"{k}={v}" for k, v in o.items()) for n, o, _ in CASES],
)
def test_random_games_keep_every_invariant(name: str, options: dict, games: int) -> None:
    hooks = HOOKS[name]

    def one_game(seed: int, drawn: dict[str, Any]) -> None:
        play(_game(name, tuple(sorted({**options, **drawn}.items()))), hooks, seed)

    for seed in hooks.EXAMPLES:
        one_game = example(seed=seed, drawn={})(one_game)
    check = settings(
        max_examples=games,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )(
        given(
            seed=st.integers(min_value=0, max_value=2**63 - 1),
            drawn=st.fixed_dictionaries(_drawn_options(game_class(name), options)),
        )(one_game)
    )
    check()


def play(game: Game, hooks: ModuleType, seed: int) -> None:
    """One random game from ``seed``, checked all along (see the module's docstring)."""
    n = game.num_players
    moves = random.Random(seed)  # the game played
    rng = random.Random(f"checks {seed}")  # the checks' own choices
    every = (
        hooks.INVARIANTS_EVERY,
        hooks.CLONES_EVERY,
        hooks.ROUND_TRIP_EVERY,
        hooks.VIEWS_EVERY,
        hooks.WORLDS_EVERY,
    )
    invariants, clones, round_trip, views, worlds = every
    check_invariants, check_position = hooks.check_invariants, hooks.check_position
    scores_never_fall, max_actions = hooks.SCORES_NEVER_FALL, hooks.MAX_ACTIONS
    state = game.new_initial_state(seed=seed)
    texts: list[str] = []
    scores = state.scores()
    steps = 0
    with hooks.Watch(state) as watch:
        while not state.is_terminal():
            assert steps < max_actions, "the game did not end"
            if steps % invariants == 0:
                check_invariants(state)
            legal = state.legal_actions()
            assert legal, "no legal action in a running game"
            assert len(set(legal)) == len(legal), "an action is listed twice"
            assert 0 <= state.current_player < n
            check_position(state, legal, steps)
            if steps % clones == 0:
                check_clones(game, hooks, state, legal, rng)
            if steps % round_trip == 0:
                check_round_trip(game, state)
            if steps % views == 0:
                check_views(hooks, state)
            if steps % worlds == 0:
                check_world(hooks, state, rng)
            action = moves.choice(legal)
            texts.append(str(action))
            state.apply_action(action)
            steps += 1
            if scores_never_fall:
                now = state.scores()
                assert all(a >= b for a, b in zip(now, scores, strict=True)), "a score went down"
                scores = now
            watch.moved(state)
        check_invariants(state)
        assert state.legal_actions() == []
        assert state.current_player == ziggurat.TERMINAL
        assert len(state.scores()) == n
        keys = [hooks.winner_key(state, s) for s in range(n)]
        assert state.winners() == [s for s in range(n) if keys[s] == max(keys)]
        watch.over(state)
        check_round_trip(game, state)
        if seed % hooks.REPLAY_ONE_IN == 0:
            replayed = game.new_initial_state(seed=seed)
            for text in texts:
                replayed.apply_action(game.parse_action(replayed, text))
            assert replayed.to_json() == state.to_json(), "the notation replays another game"


def check_clones(
    game: Game, hooks: ModuleType, state: Any, legal: list, rng: random.Random
) -> None:
    """Moves played on clones keep the invariants; an illegal move is refused with its
    reason; neither changes the original."""
    snapshot = state.to_json()
    for action in rng.sample(legal, min(3, len(legal))):
        copy = state.clone()
        copy.apply_action(action)
        hooks.check_invariants(copy)
    legal_ids = {game.action_to_int(a) for a in legal}
    bad_id = rng.randrange(game.num_distinct_actions)
    if bad_id not in legal_ids:
        bad = game.int_to_action(state, bad_id)
        with pytest.raises(ziggurat.IllegalAction) as refused:
            state.apply_action(bad)
        assert str(refused.value).startswith(f"{bad}: ")
    assert state.to_json() == snapshot, "a move on a clone or a refused move changed the state"


def check_round_trip(game: Game, state: Any) -> None:
    """The state saved as JSON text reads back as the very same state."""
    snapshot = state.to_json()
    assert game.state_from_json(json.loads(json.dumps(snapshot))).to_json() == snapshot


def check_views(hooks: ModuleType, state: Any) -> None:
    """Every view, the spectator's too: JSON, no generator in it, and the game's checks."""
    for seat in (*range(state.n), None):
        view = state.view(seat)
        text = json.dumps(view)
        assert '"rng"' not in text
        hooks.check_view(state, seat, view, text)


def check_world(hooks: ModuleType, state: Any, rng: random.Random) -> None:
    """A world determinized for a random seat: the seat's view and, on its turn, its legal
    actions are the same; it keeps the invariants; and the game's own checks."""
    seat = rng.randrange(state.n)
    world = state.determinize(seat, rng)
    assert world.view(seat) == state.view(seat)
    if seat == state.current_player:
        assert world.legal_actions() == state.legal_actions()
    hooks.check_invariants(world)
    hooks.check_world(state, world, seat)
