"""Where tournament games run: this process, a local process pool, or a Ray cluster.

Each backend takes the games still to play and yields their results as they finish, in
whatever order that is; the caller stores each one at once, so stopping the iteration (or a
Ctrl-C) loses at most the games still being played.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from typing import Any

from ziggurat.core.errors import InvalidOptions

from .play import play_game
from .schedule import GameTask

BACKENDS = ("local", "ray")


def check_backend(jobs: int, backend: str, address: str | None) -> None:
    """Refuse impossible settings before anything is written or started."""
    if jobs < 1:
        raise InvalidOptions(f"jobs must be 1 or more, not {jobs}")
    if backend not in BACKENDS:
        raise InvalidOptions(
            f"unknown backend {backend!r}; the backends are: {', '.join(BACKENDS)}"
        )
    if backend == "local" and address is not None:
        raise InvalidOptions("an address is for --backend ray; the local backend has none")


def run_games(
    tasks: Sequence[GameTask], *, jobs: int, backend: str = "local", address: str | None = None
) -> Iterator[dict[str, Any]]:
    check_backend(jobs, backend, address)
    if backend == "local":
        return _local(tasks, jobs)
    return _ray(tasks, jobs, address)


def _local(tasks: Sequence[GameTask], jobs: int) -> Iterator[dict[str, Any]]:
    if jobs == 1:  # in this process: simplest to debug and to profile
        for task in tasks:
            yield play_game(task)
        return
    # spawn, not fork: a forked child would inherit the progress display's thread and locks.
    pool = ProcessPoolExecutor(jobs, mp_context=get_context("spawn"))
    finished = False
    try:
        futures = [pool.submit(play_game, task) for task in tasks]
        for future in as_completed(futures):
            yield future.result()
        finished = True
    finally:
        workers = list(pool._processes.values())  # the executor has no public way to stop them
        pool.shutdown(wait=finished, cancel_futures=True)
        if not finished:  # interrupted: games in play are abandoned, not left running
            for worker in workers:
                worker.terminate()


def _ray(tasks: Sequence[GameTask], jobs: int, address: str | None) -> Iterator[dict[str, Any]]:
    """One Ray task per game. Without an address Ray starts a local instance with ``jobs``
    CPUs and stops it afterwards; with one (``auto``, ``host:6379`` or ``ray://host:10001``)
    it joins that cluster, whose nodes need ziggurat installed, and uses all of it."""
    import ray

    started = not ray.is_initialized()
    if started:
        ray.init(
            address=address,
            num_cpus=None if address else jobs,
            include_dashboard=False,
            log_to_driver=False,
        )
    remote_game = ray.remote(num_cpus=1)(play_game)
    pending = [remote_game.remote(task) for task in tasks]
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for reference in ready:
                yield ray.get(reference)
    finally:
        for reference in pending:
            ray.cancel(reference, force=True)
        if started:
            ray.shutdown()
