"""Bot decisions in worker processes, so a thinking bot never blocks the event loop.

A worker gets the game, the state as JSON and the seat, rebuilds the state through the game
interface, and returns the chosen action's notation. Agents decide from what their seat may
see (they determinize first), so handing them the full state is safe.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from typing import Any

from ziggurat.agents import make_agent
from ziggurat.core.api import Game
from ziggurat.core.registry import load_game


@lru_cache(maxsize=32)
def _game(name: str, options_key: tuple) -> Game:
    return load_game(name, **dict(options_key))


def choose_action(
    game_name: str,
    options: dict[str, Any],
    state_json: dict[str, Any],
    seat: int,
    agent: str,
    seed: int,
) -> str:
    """Runs in a worker process: the bot's move, in notation."""
    game = _game(game_name, tuple(sorted(options.items())))
    state = game.state_from_json(state_json)
    return str(make_agent(agent, seed).select_action(state, seat))


def make_pool(workers: int) -> ProcessPoolExecutor:
    """Fresh interpreters ("spawn"): forking a process that runs an event loop is unsafe."""
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))
