"""Throughput of the Tower of Babel engine: random playouts, legal_actions + apply_action.

Run: ``python benchmarks/bench_tower_of_babel.py [--seconds 5] [--two-type-discs]
[--no-action-cards] [--profile]``. One process, one core. Prints complete games per second
and actions per second for 3, 4 and 5 players, plus the cost of ``clone``. Not a test:
figures depend on the machine.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats

from playouts import playouts, print_table


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
        profiler.runcall(playouts, "tower_of_babel", 4, args.seconds, options)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    print_table("tower_of_babel", (3, 4, 5), args.seconds, options)


if __name__ == "__main__":
    main()
