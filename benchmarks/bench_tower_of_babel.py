"""Throughput of the Tower of Babel engine: random playouts, legal_actions + apply_action.

Run: ``python benchmarks/bench_tower_of_babel.py [--seconds 5] [--two-type-discs]
[--profile]``. One process, one core. Prints complete games per second and actions per second
for 3, 4 and 5 players, plus the cost of ``clone``. Not a test: figures depend on the machine.
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
    players: int, seconds: float, options: dict[str, Any], seed: int = 0
) -> tuple[int, int, float]:
    game = ziggurat.load_game("tower_of_babel", players=players, **options)
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


def clone_cost(players: int, options: dict[str, Any], repeats: int = 200_000) -> float:
    game = ziggurat.load_game("tower_of_babel", players=players, **options)
    state = game.new_initial_state(seed=1)
    rng = random.Random(1)
    for _ in range(40):
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    start = time.perf_counter()
    for _ in range(repeats):
        state.clone()
    return (time.perf_counter() - start) / repeats * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per player count")
    parser.add_argument("--two-type-discs", action="store_true", help="the two-type variant")
    parser.add_argument("--no-action-cards", action="store_true", help="without action cards")
    parser.add_argument("--profile", action="store_true", help="profile 4-player playouts")
    args = parser.parse_args()
    options = {"two_type_discs": args.two_type_discs, "action_cards": not args.no_action_cards}
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(playouts, 4, args.seconds, options)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    print(
        f"{'players':>7} {'games':>7} {'games/s':>9} {'actions/s':>10} {'actions/game':>13}"
        f" {'clone µs':>9}"
    )
    for players in (3, 4, 5):
        games, actions, elapsed = playouts(players, args.seconds, options)
        print(
            f"{players:>7} {games:>7} {games / elapsed:>9.1f} {actions / elapsed:>10.0f}"
            f" {actions / games:>13.1f} {clone_cost(players, options):>9.2f}"
        )


if __name__ == "__main__":
    main()
