"""Bot decisions in worker processes, so a thinking bot never blocks the event loop.

A worker gets the game, the state as JSON and the seat, rebuilds the state through the game
interface, and returns the chosen action's notation. Agents decide from what their seat may
see (they determinize first), so handing them the full state is safe.

Each decision has a time budget, enforced here in the worker where the agent can honour it:
a search agent's own time cap (``MCTS_STRENGTHS``) is lowered to what is left of the budget,
so it stops searching in time and still returns its best move so far. Its cap only binds a
search that would run longer, so a move found within the budget is the very move the agent
makes unbudgeted, from the same seed. The server still watches the clock (a worker can hang
however well agents behave): see :mod:`.bot_moves`.

The server owns its workers' lifetime: they ignore Ctrl-C (a terminal sends it to the whole
process group), :func:`stop_pool` ends them when the server stops, and they leave by
themselves if the server dies, so that none outlives it.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from multiprocessing.process import BaseProcess
from typing import Any

from ziggurat.agents import MCTS_STRENGTHS, make_agent
from ziggurat.agents.advice import advise
from ziggurat.agents.analysis import analyse_decision
from ziggurat.core.api import Game, State
from ziggurat.core.registry import game_names, load_game

log = logging.getLogger("ziggurat.server")

# How long a stopping server lets its workers leave on their own before it terminates them. An
# idle worker leaves at once; a thinking one would only finish a move nobody stores any more
# (the move is thought again, from the same seed, when the server starts again).
STOP_GRACE = 1.0

QUICK_AGENT = "greedy"
"""The bot that stands in when a decision cannot wait for the seat's own (a stuck worker, a
full queue): it thinks for milliseconds and never searches."""

LEAST_SEARCH = 0.001
"""Seconds a search gets when its budget is used up before it starts: it still runs one
iteration (MCTS always does), so it returns a move rather than nothing."""


def agent_seconds(agent: str, budget: float) -> float | None:
    """The time cap of ``agent``'s search under a move budget of ``budget`` seconds: its own
    cap or the budget, whichever is less; None for an agent that does not search (it answers
    in milliseconds whatever the budget)."""
    strength = MCTS_STRENGTHS.get(agent)
    if strength is None:
        return None
    own = strength.get("seconds")
    return budget if own is None else min(float(own), budget)


@lru_cache(maxsize=32)
def _game(name: str, options_key: tuple) -> Game:
    return load_game(name, **dict(options_key))


def _position(name: str, options: dict[str, Any], state_json: dict[str, Any]) -> State:
    """The table's position, rebuilt in the worker through the game interface."""
    return _game(name, tuple(sorted(options.items()))).state_from_json(state_json)


def choose_action(
    game_name: str,
    options: dict[str, Any],
    state_json: dict[str, Any],
    seat: int,
    agent: str,
    seed: int,
    budget: float | None = None,
) -> str:
    """Runs in a worker process: the bot's move, in notation, within ``budget`` seconds (None:
    the agent's own caps only). The time spent rebuilding the state counts against it."""
    started = time.perf_counter()
    state = _position(game_name, options, state_json)
    spec = agent
    strength = MCTS_STRENGTHS.get(agent)
    if strength is not None and strength.get("workers", 1) > 1:
        # One process per decision here: the server's bot workers are its parallelism, each
        # table with its fair share of them; one tree gets all the iterations instead (the
        # strength's, as the game tunes them).
        spec = f"{spec}:workers=1"
    if budget is not None and strength is not None:
        left = max(LEAST_SEARCH, budget - (time.perf_counter() - started))
        own = strength.get("seconds")
        if own is None or left < own:  # else the agent's own cap binds first: leave it be
            spec = f"{spec}:seconds={left:.6f}"  # a "." makes make_agent read it as seconds
    bot = make_agent(spec, seed)
    try:
        return str(bot.select_action(state, seat))
    finally:
        close = getattr(bot, "close", None)
        if close is not None:
            close()


def advise_json(
    game_name: str,
    options: dict[str, Any],
    state_json: dict[str, Any],
    seat: int,
    strength: str,
    seed: int,
    budget: float,
) -> dict[str, Any]:
    """Runs in a worker process: the ``strength`` search's advice for ``seat``
    (:func:`ziggurat.agents.advice.advise`) as JSON, within ``budget`` seconds, each move
    with its description for ``seat`` (``described``) and the words of each move of its
    line as ``seat`` would see it played (``words``)."""
    started = time.perf_counter()
    state = _position(game_name, options, state_json)
    game = state.game
    left = max(LEAST_SEARCH, budget - (time.perf_counter() - started))
    advice = advise(state, seat, strength=strength, seed=seed, seconds=left)
    out = advice.to_json()
    for move, option in zip(out["moves"], advice.options, strict=True):
        move["described"] = game.describe_action(option.action, seat, seat)
        for shown, step in zip(move["line"], option.line, strict=True):
            shown["words"] = game.describe_action(step.action, step.seat, seat)["words"]
    return out


def analyse_json(
    game_name: str,
    options: dict[str, Any],
    state_json: dict[str, Any],
    seat: int,
    played: str,
    move: int,
    strength: str,
    seed: int,
) -> dict[str, Any]:
    """Runs in a worker process: the report of one decision of a post-game analysis
    (:func:`ziggurat.agents.analysis.analyse_decision`), iterations only, so that it is the
    same wherever and whenever it runs."""
    state = _position(game_name, options, state_json)
    action = state.game.parse_action(state, played)
    return analyse_decision(state, seat, action, move, strength=strength, seed=seed)


def warm_up() -> int:
    """Runs in a new worker before it gets any decision: loads every game's code and data,
    which takes a good part of a second, so that a first decision spends its budget thinking.
    Returns the worker's process id."""
    for name in game_names():
        load_game(name)
    return os.getpid()


def _start_worker() -> None:
    """Runs first in each worker. It ignores Ctrl-C: a terminal sends that to every process
    of its group, and a worker would die of it mid-think and hand the server a
    KeyboardInterrupt in place of a move; the server stops its workers itself
    (:func:`stop_pool`). And it leaves when the server process is gone, however that ended
    (kill -9, a crash): a worker waiting for work would otherwise wait forever."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent,), daemon=True).start()


def _exit_with(parent: BaseProcess) -> None:
    parent.join()  # returns when the parent's end of the spawn pipe closes, i.e. it died
    os._exit(1)


def make_pool(workers: int) -> ProcessPoolExecutor:
    """Fresh interpreters ("spawn"): forking a process that runs an event loop is unsafe."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_start_worker,
    )


async def stop_pool(pool: ProcessPoolExecutor, grace: float = STOP_GRACE) -> None:
    """Shut the pool down and wait until its workers and its manager thread are gone.

    Queued decisions are cancelled; a worker still thinking after ``grace`` seconds is
    terminated. All of it must be over when this returns: uvicorn ends a server stopped by
    SIGTERM by raising that signal again right after the application's shutdown, so the
    interpreter's own exit handlers never run. A worker left then would run on, adopted by
    init, keeping the resource tracker alive too, and the pool's semaphores, never
    unregistered, would be reported as leaked when those processes finally end.
    """
    # The executor has no public handle on its processes before Python 3.14
    # (terminate_workers); shutdown() forgets them, so they are taken first.
    workers = list((pool._processes or {}).values())
    closing = asyncio.ensure_future(
        asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
    )
    done, _ = await asyncio.wait({closing}, timeout=grace)
    if not done:
        for worker in workers:
            worker.terminate()  # the pool sees a worker die, fails its futures and ends
        done, _ = await asyncio.wait({closing}, timeout=grace)
    if not done:
        for worker in workers:
            worker.kill()  # a stopped (SIGSTOP) or wedged worker does not act on SIGTERM
        done, _ = await asyncio.wait({closing}, timeout=10 * grace)
    if not done:
        log.error("the bot workers did not stop: %s", [w.pid for w in workers if w.is_alive()])


async def kill_pool(pool: ProcessPoolExecutor) -> None:
    """End a pool at once, for a stuck worker: every worker is killed (SIGKILL: a stuck one
    may ignore anything gentler), since the executor cannot lose one worker without failing
    all of them anyway; their futures fail with ``BrokenProcessPool``. Returns when the
    pool's manager thread has reaped them."""
    workers = list((pool._processes or {}).values())
    for worker in workers:
        worker.kill()
    closing = asyncio.ensure_future(
        asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
    )
    done, _ = await asyncio.wait({closing}, timeout=10 * STOP_GRACE)
    if not done:
        log.error("killed bot workers did not end: %s", [w.pid for w in workers if w.is_alive()])
