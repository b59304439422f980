"""Throughput of the Ishtar engine: random playouts, legal_actions + apply_action.

Run: ``python benchmarks/bench_ishtar.py [--seconds 5] [--profile]``. One process, one core.
Prints complete games per second and actions per second for 2, 3 and 4 players, plus the
cost of ``clone``. Not a test: figures depend on the machine.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats

from playouts import playouts, print_table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per player count")
    parser.add_argument("--profile", action="store_true", help="profile 2-player playouts")
    args = parser.parse_args()
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(playouts, "ishtar", 2, args.seconds)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    print_table("ishtar", (2, 3, 4), args.seconds, {})


if __name__ == "__main__":
    main()
