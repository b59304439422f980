"""``ziggurat play`` on Babylonia: the same seed plays the same game, a random seed is printed,
the rules flags and the seats, and the real command with piped input. What every game's
command must do (a bot game with its result and record, the flags, refusals) is in
test_cli_every_game.py."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from ziggurat import load_game
from ziggurat.core.records import load_record

from .conftest import RunCli

FINAL = re.compile(r"Final scores: (.*)\n")


def final_scores(out: str) -> dict[int, int]:
    """``{seat: points}`` from the "Final scores: 2 greedy 170, 0 greedy 145" line."""
    line = FINAL.search(out)
    assert line, out[-2000:]
    scores = {}
    for part in line.group(1).split(", "):
        seat, *_, points = part.split()
        scores[int(seat)] = int(points)
    return scores


def test_same_seed_same_game(run_cli: RunCli) -> None:
    first = run_cli("play", "babylonia", "--seats", "greedy,random", "--seed", "11")
    second = run_cli("play", "babylonia", "--seats", "greedy,random", "--seed", "11")
    assert first.out == second.out


def test_random_seed_is_printed_and_reproduces(run_cli: RunCli) -> None:
    run = run_cli("play", "babylonia", "--seats", "random,random")
    seed = re.search(r"Seed (\d+) \(play this deal again with --seed \1\)", run.out)
    assert seed, run.out[:300]
    again = run_cli("play", "babylonia", "--seats", "random,random", "--seed", seed.group(1))
    assert final_scores(again.out) == final_scores(run.out)


def test_options_reach_the_game(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "options.json"
    run = run_cli(
        "play", "babylonia", "--seats", "random,random", "--seed", "2", "--record", str(path),
        "--ziggurat-cards", "advanced", "--no-first-round-limit", "--start-player", "1",
    )  # fmt: skip (the flags come from Babylonia's declared options)
    assert run.code == 0
    options = json.loads(path.read_text())["options"]
    assert options["ziggurat_cards"] == "advanced"
    assert options["first_round_limit"] is False
    assert options["start_player"] == 1
    assert json.loads(path.read_text())["actions"][0]["seat"] == 1


def test_players_alone_fill_with_bots(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "default.json"
    run = run_cli("play", "babylonia", "--players", "4", "--seed", "1", "--record", str(path))
    assert run.code == 1  # the human seat read the end of stdin
    assert load_record(path).seats == ["human", "greedy", "greedy", "greedy"]


def test_mismatched_seats_and_players_is_refused(run_cli: RunCli) -> None:
    run = run_cli("play", "babylonia", "--players", "3", "--seats", "human,greedy")
    assert run.code == 2
    assert "--seats names 2 seats (human, greedy) but --players is 3" in run.err
    assert "human, random, greedy" in run.err
    assert "usage:" in run.err


def test_unknown_seat_kind_is_refused(run_cli: RunCli) -> None:
    run = run_cli("play", "babylonia", "--seats", "human,alphago")
    assert run.code == 2
    assert "'alphago' is not a seat kind; each seat is one of human, random, greedy" in run.err


def test_unwritable_record_is_refused(run_cli: RunCli, tmp_path: Path) -> None:
    run = run_cli("play", "babylonia", "--seats", "random,random", "--record",
                  str(tmp_path / "missing-dir" / "g.json"))  # fmt: skip
    assert run.code == 2
    assert "cannot write the record" in run.err


def test_no_command_prints_help(run_cli: RunCli) -> None:
    run = run_cli()
    assert run.code == 2
    assert "play" in run.err and "replay" in run.err


def _command() -> list[str]:
    script = Path(sys.executable).with_name("ziggurat")
    return [str(script)] if script.exists() else [sys.executable, "-m", "ziggurat.cli"]


def test_installed_command_with_piped_human_input(tmp_path: Path) -> None:
    """The real console script, stdin piped: a notation move, a number, then quit."""
    game = load_game("babylonia", players=2, start_player=0, first_round_limit=False)
    first = str(game.new_initial_state(seed=7).legal_actions()[0])
    path = tmp_path / "human.json"
    env = {**os.environ, "COLUMNS": "120"}
    env.pop("FORCE_COLOR", None)
    done = subprocess.run(
        [*_command(), "play", "babylonia", "--seats", "human,random", "--seed", "7",
         "--start-player", "0", "--no-first-round-limit", "--record", str(path)],
        input=f"{first}\n1\nq\n", capture_output=True, text=True, timeout=60, env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert f"seat 0> {first}" in done.stdout  # piped input is echoed after the prompt
    assert "You left the game after" in done.stdout
    actions = json.loads(path.read_text())["actions"]
    assert actions[0] == {**actions[0], "action": first, "seat": 0}
    assert actions[1]["seat"] == 0  # the number picked a suggestion
    assert all(a["seat"] == 1 for a in actions[2:])
