"""ISMCTS search speed: iterations per second from the start and from mid-game positions.

Run: ``python benchmarks/bench_mcts.py [--game babylonia] [--iterations 1000]``. One process,
one core; the agent is the ``medium`` configuration (rollouts cut off at the game's
``ROLLOUT_DEPTH`` moves and evaluated), for every player count of the game. Not a test:
figures depend on the machine.
"""

from __future__ import annotations

import argparse
import time

import ziggurat
from ziggurat.agents.mcts import MCTSAgent
from ziggurat.core.api import State
from ziggurat.testing import random_position


def position(name: str, players: int, moves: int, seed: int = 1) -> State:
    """The seeded position ``moves`` random moves into a game (the tests' helper)."""
    return random_position(ziggurat.load_game(name, players=players), seed, moves)


def rate(state: State, iterations: int) -> float:
    agent = MCTSAgent(seed=1, iterations=iterations)
    start = time.perf_counter()
    agent.search(state, state.current_player)
    return agent.last_iterations / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="babylonia", choices=ziggurat.game_names())
    parser.add_argument("--iterations", type=int, default=1000)
    args = parser.parse_args()
    counts = type(ziggurat.load_game(args.game)).player_counts
    print(args.game)
    print(f"{'players':>7} {'start it/s':>11} {'mid-game it/s':>14}")
    for players in counts:
        start = rate(position(args.game, players, 0), args.iterations)
        mid = rate(position(args.game, players, 12 * players), args.iterations)
        print(f"{players:>7} {start:>11.0f} {mid:>14.0f}")


if __name__ == "__main__":
    main()
