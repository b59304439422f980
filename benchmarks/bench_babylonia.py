"""Throughput of the Babylonia engine: random playouts, legal_actions + apply_action per step.

Run: ``python benchmarks/bench_babylonia.py [--seconds 5] [--profile]``. One process, one
core. Prints complete games per second and actions per second for 2, 3 and 4 players, plus
the cost of ``clone``. Not a test: figures depend on the machine.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

import ziggurat


def playouts(players: int, seconds: float, seed: int = 0) -> tuple[int, int, float]:
    game = ziggurat.load_game("babylonia", players=players)
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


def clone_cost(players: int, repeats: int = 200_000) -> float:
    game = ziggurat.load_game("babylonia", players=players)
    state = game.new_initial_state(seed=1)
    for _ in range(30):
        state.apply_action(state.legal_actions()[0])
    start = time.perf_counter()
    for _ in range(repeats):
        state.clone()
    return (time.perf_counter() - start) / repeats * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per player count")
    parser.add_argument("--profile", action="store_true", help="profile 4-player playouts")
    args = parser.parse_args()
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(playouts, 4, args.seconds)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    print(
        f"{'players':>7} {'games':>7} {'games/s':>9} {'actions/s':>10} {'actions/game':>13}"
        f" {'clone µs':>9}"
    )
    for players in (2, 3, 4):
        games, actions, elapsed = playouts(players, args.seconds)
        print(
            f"{players:>7} {games:>7} {games / elapsed:>9.1f} {actions / elapsed:>10.0f}"
            f" {actions / games:>13.1f} {clone_cost(players):>9.2f}"
        )


if __name__ == "__main__":
    main()
