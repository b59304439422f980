"""``ziggurat arena``: a tournament from the command line, its report, plots and refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import RunCli

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_a_tournament_reports_and_writes_results_plots_and_records(
    run_cli: RunCli, tmp_path: Path
) -> None:
    out = tmp_path / "t.json"
    run = run_cli(
        "arena", "babylonia", "--agents", "greedy,random,random", "--games", "4",
        "--seed", "5", "--out", str(out), "--records", str(tmp_path / "records"),
    )  # fmt: skip
    assert run.code == 0, run.err
    assert "6 games (2 deals x 3 seatings), seed 5" in run.out
    assert "greedy" in run.out and "random#2" in run.out and "OpenSkill" in run.out
    assert "Seat advantage" in run.out
    data = json.loads(out.read_text())
    assert len(data["results"]) == 6 and data["options"]["players"] == 3
    for name in ("scores", "ratings", "seats"):
        assert (tmp_path / f"t-{name}.png").read_bytes().startswith(PNG_SIGNATURE)
    assert len(list((tmp_path / "records").glob("game-*.json"))) == 6
    again = run_cli("arena", "babylonia", "--agents", "greedy,random,random", "--games", "4",
                    "--seed", "5", "--out", str(out), "--resume", "--no-plots")  # fmt: skip
    assert again.code == 0 and "6 games" in again.out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--agents", "greedy,oracle"], "unknown agent 'oracle'"),
        (["--agents", "greedy,random", "--players", "3"], "2 agents (greedy, random) for a 3"),
        (["--agents", "greedy,random", "--option", "players=9"], "players"),
        (["--agents", "greedy,random", "--address", "auto"], "--address is for --backend ray"),
        (["--agents", "greedy,random", "--jobs", "0"], "jobs must be 1 or more"),
    ],
)
def test_bad_arguments_are_refused_with_what_is_allowed(
    run_cli: RunCli, tmp_path: Path, args: list[str], message: str
) -> None:
    run = run_cli("arena", "babylonia", "--games", "2", "--out", str(tmp_path / "x.json"), *args)
    assert run.code == 2
    assert message in " ".join(run.err.split())


def test_an_existing_result_file_needs_resume(run_cli: RunCli, tmp_path: Path) -> None:
    out = tmp_path / "t.json"
    args = ("arena", "babylonia", "--agents", "greedy,random", "--games", "2", "--no-plots")
    assert run_cli(*args, "--out", str(out)).code == 0
    run = run_cli(*args, "--out", str(out))
    assert run.code == 2 and "pass --resume" in run.err


def test_a_terminated_tournament_stops_its_games_at_once(tmp_path: Path) -> None:
    """SIGTERM (a stopped job) saves and ends like Ctrl-C, and the games in play are
    abandoned: these would take many minutes each, far past the wait below."""
    import signal
    import subprocess
    import sys
    import time

    out = tmp_path / "t.json"
    command = [
        sys.executable, "-m", "ziggurat.cli", "arena", "babylonia", "--games", "4",
        "--agents", "mcts:iterations=1000000:seconds=none,greedy", "--jobs", "2",
        "--out", str(out),
    ]  # fmt: skip
    job = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    children: list[int] = []
    while time.monotonic() < deadline and not (out.exists() and len(children) == 2):
        time.sleep(0.2)
        children = _children(job.pid)
    assert len(children) == 2, "two worker processes play"
    time.sleep(1)  # they are inside their games now
    job.send_signal(signal.SIGTERM)
    _, err = job.communicate(timeout=60)
    assert job.returncode == 130
    assert "--resume to play the rest" in " ".join(err.split())
    assert json.loads(out.read_text())["results"] == []
    time.sleep(0.5)
    assert not [pid for pid in children if _running(pid)]


def _children(pid: int) -> list[int]:
    """The pool's worker processes: children of ``pid`` started by ``spawn_main`` (Linux
    /proc; multiprocessing's resource tracker, which leaves by itself, is not one)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                cmdline = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid and b"spawn_main" in cmdline:
                found.append(int(entry.name))
    return found


def _running(pid: int) -> bool:
    """Alive and not a zombie waiting to be reaped."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
