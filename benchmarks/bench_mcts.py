"""ISMCTS search speed: iterations per second from the start and from mid-game positions.

Run: ``python benchmarks/bench_mcts.py [--game babylonia] [--iterations 1000]``; ``--game
all`` measures every game. One process, one core; the agent is the ``medium`` configuration
(rollouts cut off at the game's ``ROLLOUT_DEPTH`` moves and evaluated; ``--rollout-depth``
overrides it), for every player count of the game. Each figure is the iterations of all
searches over their time, from :data:`POSITIONS` seeded positions: the start of a game, and
``12 * players`` random moves in (mid-game). ``--repeat K`` measures each figure K times
and shows the best, as ``timeit`` does: a shared machine only ever slows a run down, so the
best run is the one closest to what the search costs. Not a test: figures depend on the
machine.
"""

from __future__ import annotations

import argparse
import time

import ziggurat
from ziggurat.agents.mcts import MCTSAgent
from ziggurat.core.api import State
from ziggurat.core.registry import heuristics_for
from ziggurat.testing import random_position

POSITIONS = (1, 2, 3)  # the seeds of the positions each figure is measured on


def position(name: str, players: int, moves: int, seed: int = 1) -> State:
    """The seeded position ``moves`` random moves into a game (the tests' helper)."""
    return random_position(ziggurat.load_game(name, players=players), seed, moves)


def rate(states: list[State], iterations: int, depth: int | None, repeat: int = 1) -> float:
    """Iterations per second over one search from each of ``states``, the best of
    ``repeat`` runs (the same searches each time: the agent's seed is fixed)."""
    return max(_rate(states, iterations, depth) for _ in range(repeat))


def _rate(states: list[State], iterations: int, depth: int | None) -> float:
    done = 0
    spent = 0.0
    for state in states:
        agent = MCTSAgent(seed=1, iterations=iterations, rollout_depth=depth)
        start = time.perf_counter()
        agent.search(state, state.current_player)
        spent += time.perf_counter() - start
        done += agent.last_iterations
    return done / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="babylonia", choices=[*ziggurat.game_names(), "all"])
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--rollout-depth", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=1, help="runs per figure; the best shown")
    args = parser.parse_args()
    names = ziggurat.game_names() if args.game == "all" else [args.game]
    print(f"{'game':<15} {'players':>7} {'depth':>5} {'start it/s':>11} {'mid-game it/s':>14}")
    for name in names:
        counts = type(ziggurat.load_game(name)).player_counts
        for players in counts:
            depth = args.rollout_depth
            shown = depth if depth is not None else heuristics_for(name).depth_for(players)
            start = [position(name, players, 0, seed) for seed in POSITIONS]
            mid = [position(name, players, 12 * players, seed) for seed in POSITIONS]
            print(
                f"{name:<15} {players:>7} {shown!s:>5} "
                f"{rate(start, args.iterations, depth, args.repeat):>11.0f} "
                f"{rate(mid, args.iterations, depth, args.repeat):>14.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
