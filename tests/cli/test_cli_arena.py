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
