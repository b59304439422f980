"""Throughput of the Amyitis engine: random playouts, legal_actions + apply_action.

Run: ``python benchmarks/bench_amyitis.py [--seconds 5] [--profile]``. One process, one core.
Prints complete games per second and actions per second for 2, 3 and 4 players, plus the
cost of ``clone``. Not a test: figures depend on the machine.
"""

from __future__ import annotations

from playouts import run

if __name__ == "__main__":
    run("amyitis", (2, 3, 4), __doc__ or "")
