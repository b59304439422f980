"""Distributed tournaments for real: a Ray cluster of a head and a worker node, started as
separate processes, the worker running the installed wheel of ziggurat (not this checkout),
plays a 20-game tournament with the results the local process pool gives for the same seed.

The head node offers no CPU (``--num-cpus 0``), so every game runs on the worker node; a task
sent there reports where its ziggurat was imported from, which must be the wheel's virtual
environment. Each node runs as ``ray start --block`` in a process of its own, in a session
folder of this test: stopping those processes stops the cluster, and no other Ray instance on
the machine (another test's) is touched. The nodes listen on loopback addresses of their own
(127.0.0.2 and 127.0.0.3: Ray turns 127.0.0.1 into the machine's network address), and the
cluster takes only clients with its own token (Ray's token authentication), which the test
hands to both nodes and to itself.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from ziggurat.arena.results import load_results

from .conftest import INSTALL_TIMEOUT, Installed, _run

ray = pytest.importorskip("ray")

START_TIMEOUT = 90  # seconds for both nodes to join
OBJECT_STORE = 100_000_000  # bytes per node: results are small


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def node(command: list[str], env: dict[str, str], cwd: Path, log: Path) -> subprocess.Popen:
    with log.open("ab") as out:
        return subprocess.Popen(
            command, env=env, cwd=cwd, stdout=out, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()  # ray start --block stops its node's processes on SIGTERM
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait(timeout=10)


HEAD_IP, WORKER_IP = "127.0.0.2", "127.0.0.3"


@dataclass(frozen=True)
class Cluster:
    """A running cluster: its address, the environment of its clients (with its token),
    and a folder outside the checkout to run them in."""

    address: str
    env: dict[str, str]
    folder: Path


@pytest.fixture(scope="module")
def cluster(
    installed: Installed, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Cluster]:
    """The address of a running two-node cluster: head from this checkout's environment,
    worker from the installed wheel's (with the ``ray`` extra installed into it)."""
    pip_env = {k: v for k, v in installed.env().items() if k != "XDG_DATA_HOME"}
    _run(
        [installed.python, "-m", "pip", "install", "-q", "--disable-pip-version-check",
         f"{installed.wheel}[ray]"],
        timeout=INSTALL_TIMEOUT, cwd=installed.work, env=pip_env,
    )  # fmt: skip
    folder = tmp_path_factory.mktemp("ray")
    temp = Path("/tmp") / f"zr{os.getpid()}"  # Ray's socket paths must stay short
    port = free_port()
    address = f"{HEAD_IP}:{port}"
    common = ["--block", "--disable-usage-stats", f"--object-store-memory={OBJECT_STORE}"]
    ray_env = {
        "RAY_USAGE_STATS_ENABLED": "0",
        "RAY_AUTH_MODE": "token",
        "RAY_AUTH_TOKEN": secrets.token_hex(32),
    }
    head = node(
        [str(Path(sys.executable).parent / "ray"), "start", "--head", f"--port={port}",
         f"--node-ip-address={HEAD_IP}", "--num-cpus=0", "--include-dashboard=false",
         f"--temp-dir={temp}", *common],
        {**os.environ, **ray_env}, folder, folder / "head.log",
    )  # fmt: skip
    worker = None
    try:
        _wait_for_cpus(address, 0, ray_env, head, folder / "head.log")
        worker = node(
            [str(installed.venv / "bin" / "ray"), "start", f"--address={address}",
             f"--node-ip-address={WORKER_IP}", "--num-cpus=2", *common],
            {**installed.env(), **ray_env}, installed.work, folder / "worker.log",
        )  # fmt: skip
        _wait_for_cpus(address, 2, ray_env, worker, folder / "worker.log")
        yield Cluster(address, {**os.environ, **ray_env}, folder)
    finally:
        if worker is not None:
            stop(worker)
        stop(head)
        shutil.rmtree(temp, ignore_errors=True)


def _wait_for_cpus(
    address: str, cpus: int, ray_env: dict[str, str], process: subprocess.Popen, log: Path
) -> None:
    """Until the cluster at ``address`` has its head up and ``cpus`` CPUs in all."""
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"a Ray node stopped at start:\n{log.read_text()[-3000:]}")
        probe = subprocess.run(
            [sys.executable, "-c",
             "import ray, sys; ray.init(address=sys.argv[1], log_to_driver=False); "
             "print(int(ray.cluster_resources().get('CPU', 0)), len(ray.nodes()))",
             address],
            capture_output=True, text=True, timeout=60, env={**os.environ, **ray_env},
        )  # fmt: skip
        if probe.returncode == 0 and probe.stdout.split()[:1] == [str(cpus)]:
            return
        time.sleep(1)
    tail = log.read_text()[-3000:]
    pytest.fail(f"the Ray cluster did not have {cpus} CPUs in {START_TIMEOUT} s:\n{tail}")


AGENTS = "mcts:iterations=40:seconds=none,greedy"  # deterministic: no time caps
ARENA = ["babylonia", "--agents", AGENTS, "--games", "20", "--seed", "31", "--no-plots"]

WHERE = """
import json, sys
import ray
ray.init(address=sys.argv[1], log_to_driver=False)

@ray.remote(num_cpus=1)
def where():
    import ziggurat
    return ziggurat.__file__, sys.executable, ray.util.get_node_ip_address()

print(json.dumps(ray.get(where.remote(), timeout=120)))
"""


def test_the_worker_node_runs_the_installed_wheel(cluster: Cluster, installed: Installed) -> None:
    out = _run(
        [sys.executable, "-c", WHERE, cluster.address],
        timeout=180, cwd=cluster.folder, env=cluster.env,
    )  # fmt: skip
    module, python, node_ip = json.loads(out.strip().splitlines()[-1])
    assert Path(module).is_relative_to(installed.venv), module
    assert Path(python).is_relative_to(installed.venv), python
    assert node_ip == WORKER_IP


def test_a_tournament_on_the_cluster_equals_the_process_pool(cluster: Cluster) -> None:
    """``ziggurat arena --backend ray --address`` on the cluster, and the same tournament in
    a local process pool: the same 20 games, seat for seat and point for point."""
    files = {}
    for name, backend in (("cluster", ["--backend", "ray", "--address", cluster.address]),
                          ("pool", ["--jobs", "2"])):  # fmt: skip
        files[name] = cluster.folder / f"{name}.json"
        _run(
            [sys.executable, "-m", "ziggurat", "arena", *ARENA, *backend,
             "--out", files[name]],
            timeout=600, cwd=cluster.folder, env=cluster.env,
        )  # fmt: skip
    on_cluster, pooled = (load_results(files[n]) for n in ("cluster", "pool"))
    assert len(on_cluster.results) == 20
    assert outcome(on_cluster) == outcome(pooled)
    assert standings(on_cluster) == standings(pooled)


def outcome(results) -> dict[int, tuple]:
    return {
        r.index: (r.seed, r.seats, r.scores, r.winners, r.ranks, r.decisions)
        for r in results.results
    }


def standings(results) -> list[tuple]:
    """Everything of the summary but the thinking times."""
    return [(e["label"], e["wins"], e["games"]) for e in results.summary["entrants"]]
