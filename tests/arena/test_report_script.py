"""docs/ai/report.py: the Markdown rows of docs/ai.md's tournaments, from their result
files, finished or not."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from ziggurat.arena import Plan, run_tournament

REPORT = Path(__file__).resolve().parents[2] / "docs" / "ai" / "report.py"


def report(*files: Path) -> list[str]:
    done = subprocess.run(
        [sys.executable, str(REPORT), *map(str, files)],
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    return done.stdout.splitlines()


def test_a_row_per_file_with_the_first_entrants_figures(tmp_path) -> None:
    out = tmp_path / "greedy-random.json"
    plan = Plan("babylonia", ["greedy", "random"], games=4, seed=5, options={"players": 2})
    results = run_tournament(plan, out, jobs=1)
    greedy = next(e for e in results.summary["entrants"] if e["label"] == "greedy")
    header, rule, row, blank, fence, command, end = report(out)
    assert header.startswith("| tournament | games | first entrant wins |")
    assert rule.count("---") == 7
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[0] == "[greedy-random](ai/tournaments/greedy-random.json)"
    assert cells[1] == "4 of 4"
    assert cells[2].startswith(f"**{greedy['win_rate']:.1%}**")
    random = next(e for e in results.summary["entrants"] if e["label"] == "random")
    assert cells[4] == f"greedy {greedy['mean_rank']:.2f}, random {random['mean_rank']:.2f}"
    assert cells[6] == ""  # run_tournament draws no plots; the arena command does
    (tmp_path / "greedy-random-seats.png").write_bytes(b"")
    (tmp_path / "greedy-random-scores.png").write_bytes(b"")
    cells = [c.strip() for c in report(out)[2].strip("|").split("|")]
    assert cells[6] == (
        "[scores](ai/tournaments/greedy-random-scores.png)"
        " · [seats](ai/tournaments/greedy-random-seats.png)"
    )
    assert (blank, fence, end) == ("", "```sh", "```")
    assert command == (
        "ziggurat arena babylonia --agents greedy,random --games 4 --seed 5 "
        "--out docs/ai/tournaments/greedy-random.json --resume"
    )


def test_the_command_names_the_options_that_differ_from_the_defaults(tmp_path) -> None:
    out = tmp_path / "cards.json"
    options = {"players": 2, "ziggurat_cards": "advanced", "tied_city_scores": True}
    run_tournament(Plan("babylonia", ["greedy", "random"], games=2, seed=5, options=options), out)
    assert report(out)[5] == (
        "ziggurat arena babylonia --agents greedy,random --games 2 --seed 5 "
        "--option ziggurat_cards=advanced --option tied_city_scores=true "
        "--out docs/ai/tournaments/cards.json --resume"
    )


def test_an_unfinished_file_shows_the_games_played_and_an_empty_one_its_plan(tmp_path) -> None:
    out = tmp_path / "t.json"
    plan = Plan("babylonia", ["greedy", "random"], games=4, seed=5, options={"players": 2})
    run_tournament(plan, out, jobs=1)
    data = json.loads(out.read_text())
    data["results"], data["summary"] = data["results"][:1], None
    out.write_text(json.dumps(data))
    assert report(out)[2].split("|")[2].strip() == "1 of 4"
    data["results"] = []
    out.write_text(json.dumps(data))
    assert report(out)[2] == "| [t](ai/tournaments/t.json) | 0 of 4 | | | | | |"
