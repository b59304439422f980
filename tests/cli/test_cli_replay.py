"""``ziggurat replay``: reproduces a recorded game, steps through it, refuses bad records."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from ziggurat.terminal import Replay, Terminal

from .conftest import RunCli
from .test_cli_play import final_scores


@pytest.fixture
def recorded(run_cli: RunCli, tmp_path: Path) -> tuple[Path, str]:
    path = tmp_path / "game.json"
    run = run_cli(
        "play", "babylonia", "--seats", "greedy,random,greedy", "--seed", "7",
        "--record", str(path),
    )  # fmt: skip
    assert run.code == 0
    return path, run.out


def test_replay_reproduces_final_scores(run_cli: RunCli, recorded: tuple[Path, str]) -> None:
    path, played = recorded
    run = run_cli("replay", str(path))
    assert run.code == 0
    assert final_scores(run.out) == final_scores(played)
    assert "Game over." in run.out
    assert "warning" not in run.out
    assert "Last moves" in run.out


def test_replay_one_move_as_one_seat(run_cli: RunCli, recorded: tuple[Path, str]) -> None:
    path, _ = recorded
    run = run_cli("replay", str(path), "--move", "0", "--seat", "2")
    assert run.code == 0
    assert "Turn 1:" in run.out
    assert "Your stand:" in run.out
    assert "2 greedy (you)" in run.out
    assert "Final scores" not in run.out
    too_far = run_cli("replay", str(path), "--move", "9999")
    assert too_far.code == 2
    assert "--move 9999: the record has moves 0 to" in too_far.out
    bad_seat = run_cli("replay", str(path), "--seat", "3")
    assert bad_seat.code == 2
    assert "--seat 3: the record has seats 0 to 2" in bad_seat.err


def test_unfinished_record_replays(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "unfinished.json"
    run_cli("play", "babylonia", "--seats", "human,random", "--seed", "1", "--record", str(path),
            "--start-player", "0", stdin="1\nq\n")  # fmt: skip
    run = run_cli("replay", str(path))
    assert run.code == 0
    assert re.search(r"The game is not finished: \d+ moves recorded \(seed 1\)\.", run.out)


def test_interactive_stepping(recorded: tuple[Path, str]) -> None:
    path, _ = recorded
    buffer = io.StringIO()
    keys = iter(["", "", "b", "5", "x", "9999", "", "0", "b", "q"])
    terminal = Terminal(Console(file=buffer, width=120), True, lambda prompt: next(keys))
    replay = Replay(path, terminal)
    assert replay.run() == 0
    out = buffer.getvalue()
    headers = [line for line in out.splitlines() if line.startswith("Replay of")]
    last = replay.last
    assert [h.split(": ", 1)[1] for h in headers] == [
        f"move 0 of {last}",
        f"move 1 of {last}",
        f"move 2 of {last}",
        f"move 1 of {last}",
        f"move 5 of {last}",
        f"move 5 of {last}",
        f"move {last} of {last}  (end)",
        f"move {last} of {last}  (end)",
        f"move 0 of {last}",
        f"move 0 of {last}",
    ]
    assert "'x': use Enter, b, a move number or q" in out
    assert f"The record has moves 0 to {last}; showing the last." in out
    assert "That was the last move." in out
    assert "This is the start of the game." in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"game": "babylonia"}', "Field required"),
        ("[1, 2]", "record"),
        (None, "does not replay"),
        ("missing", "cannot read record"),
    ],
)
def test_bad_record_gives_clear_error_and_exit_2(
    run_cli: RunCli, recorded: tuple[Path, str], tmp_path: Path, content: str | None, message: str
) -> None:
    good, _ = recorded
    path = tmp_path / "bad.json"
    if content is None:  # a valid record with one move changed to an illegal one
        data = json.loads(good.read_text())
        data["actions"][3]["action"] = "M0,0"
        path.write_text(json.dumps(data))
    elif content != "missing":
        path.write_text(content)
    run = run_cli("replay", str(path))
    assert run.code == 2
    assert run.err.startswith("ziggurat replay: ")
    assert message in run.err
    assert "Traceback" not in run.err
