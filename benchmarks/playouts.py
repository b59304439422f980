"""Shared by the engine benchmarks: random playouts and the cost of ``clone``, for any game.

Every step calls ``legal_actions`` and ``apply_action``, as a search or a trainer would.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
from typing import Any

import ziggurat


def playouts(
    name: str, players: int, seconds: float, options: dict[str, Any] | None = None, seed: int = 0
) -> tuple[int, int, float]:
    """Complete random games for ``seconds``: (games, actions, elapsed seconds)."""
    game = ziggurat.load_game(name, players=players, **(options or {}))
    rng = random.Random(seed)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state(seed=seed + games)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            actions += 1
        games += 1
    return games, actions, time.perf_counter() - start


def clone_cost(
    name: str, players: int, options: dict[str, Any] | None = None, repeats: int = 200_000
) -> float:
    """Microseconds per ``clone`` of a position 40 random moves into a game."""
    game = ziggurat.load_game(name, players=players, **(options or {}))
    state = game.new_initial_state(seed=1)
    rng = random.Random(1)
    for _ in range(40):
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    start = time.perf_counter()
    for _ in range(repeats):
        state.clone()
    return (time.perf_counter() - start) / repeats * 1e6


def print_table(
    name: str, counts: tuple[int, ...], seconds: float, options: dict[str, Any]
) -> None:
    """The benchmark's table: one row per player count."""
    print(
        f"{'players':>7} {'games':>7} {'games/s':>9} {'actions/s':>10} {'actions/game':>13}"
        f" {'clone µs':>9}"
    )
    for players in counts:
        games, actions, elapsed = playouts(name, players, seconds, options)
        print(
            f"{players:>7} {games:>7} {games / elapsed:>9.1f} {actions / elapsed:>10.0f}"
            f" {actions / games:>13.1f} {clone_cost(name, players, options):>9.2f}"
        )


def run(name: str, counts: tuple[int, ...], doc: str) -> None:
    """A benchmark script's command line: ``[--seconds S] [--profile]``, then the table (or a
    profile of 2-player playouts, the most common table)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per player count")
    parser.add_argument("--profile", action="store_true", help="profile 2-player playouts")
    args = parser.parse_args()
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(playouts, name, counts[0], args.seconds)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    print_table(name, counts, args.seconds, {})
