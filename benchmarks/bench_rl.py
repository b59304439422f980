"""Environment steps per second through each research interface, beside the raw engine.

Each column plays random legal moves for the given seconds, games after games, and counts
decisions:

* ``engine``: ``legal_actions`` and ``apply_action`` alone (what a search pays);
* ``+tensor``: the same with the mover's ``observation_tensor`` and ``legal_action_mask``
  each step (what any learner needs, whatever the interface);
* ``pettingzoo``: the AEC loop of PettingZoo's documentation: ``last()``, a legal action
  drawn from the mask, ``step``;
* ``openspiel``: ``legal_actions``, the mover's tensor through
  ``open_spiel.python.observation.make_observation`` (the observer asked once: a Python
  game's ``state.observation_tensor()`` builds a new initial state at every call to learn
  the tensor's size), ``apply_action``;
* ``gymnasium``: one learner against ``random`` opponents: ``step`` with a legal action
  drawn from ``action_masks()``; a step is the learner's decision, and the opponents'
  random decisions until its next one are inside it (so players - 1 more on average).

    .venv/bin/python benchmarks/bench_rl.py --seconds 5
    .venv/bin/python benchmarks/bench_rl.py --game amyitis --players 2 3 4
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

import ziggurat
from ziggurat.core.registry import game_class, game_names


def engine(name: str, players: int, seconds: float, tensor: bool = False) -> float:
    game = ziggurat.load_game(name, players=players)
    rng = random.Random(0)
    steps, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state(seed)
        seed += 1
        while not state.is_terminal():
            if tensor:
                state.observation_tensor(state.current_player)
                state.legal_action_mask()
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - start)


def pettingzoo(name: str, players: int, seconds: float) -> float:
    from ziggurat.interop.pettingzoo import env

    aec = env(name, players=players)
    rng = np.random.default_rng(0)
    steps, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        aec.reset(seed=seed)
        seed += 1
        for _agent in aec.agent_iter():
            observation, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)
                continue
            aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
    return steps / (time.perf_counter() - start)


def openspiel(name: str, players: int, seconds: float) -> float:
    from open_spiel.python.observation import make_observation

    from ziggurat.interop.openspiel import load

    game = load(name, players=players, seed=0)
    observation = make_observation(game)
    rng = random.Random(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            observation.set_from(state, state.current_player())
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - start)


def gymnasium(name: str, players: int, seconds: float) -> float:
    from ziggurat.interop.gymnasium import make

    env = make(name, opponents=["random"] * (players - 1))
    rng = np.random.default_rng(0)
    steps, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        done = False
        while not done:
            _, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
            steps += 1
    return steps / (time.perf_counter() - start)


COLUMNS: dict[str, Callable[[str, int, float], float]] = {
    "engine": engine,
    "+tensor": lambda n, p, s: engine(n, p, s, tensor=True),
    "pettingzoo": pettingzoo,
    "openspiel": openspiel,
    "gymnasium": gymnasium,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=game_names(), action="append")
    parser.add_argument("--players", type=int, nargs="*")
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    print(f"{'game':<15} {'players':>7}" + "".join(f" {c:>11}" for c in COLUMNS) + "  (steps/s)")
    for name in args.game or game_names():
        for players in args.players or game_class(name).player_counts:
            rates = [column(name, players, args.seconds) for column in COLUMNS.values()]
            print(f"{name:<15} {players:>7}" + "".join(f" {r:>11,.0f}" for r in rates))


if __name__ == "__main__":
    main()
