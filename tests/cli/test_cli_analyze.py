"""``ziggurat analyze RECORD --seat N``: the lessons and the chart, the same every time,
as JSON and a plot on request, and clear refusals."""

from __future__ import annotations

import json
from pathlib import Path

from ziggurat.agents.analysis import analyze
from ziggurat.core.records import load_record

from .conftest import RunCli


def record_file(run_cli: RunCli, tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    played = run_cli(
        "play", "babylonia", "--seats", "greedy,random", "--seed", "5", "--record", str(path)
    )
    assert played.code == 0
    return path


def test_analyze_shows_where_the_game_was_lost(run_cli: RunCli, tmp_path: Path) -> None:
    path = record_file(run_cli, tmp_path)
    out_json, out_png = tmp_path / "a.json", tmp_path / "a.png"
    result = run_cli(
        "analyze", str(path), "--seat", "1", "--strength", "easy", "--seed", "2",
        "--json", str(out_json), "--plot", str(out_png),
    )  # fmt: skip
    assert result.code == 0, result.err
    assert "Analysis of seat 1 (random)" in result.out
    assert "Where the most was lost" in result.out
    assert "Chances over the game: " in result.out and "Result: lost." in result.out
    written = json.loads(out_json.read_text())
    assert written == analyze(load_record(path), 1, strength="easy", seed=2)
    for move in written["worst"]:
        report = next(d for d in written["decisions"] if d["move"] == move)
        assert report["played"] in result.out and report["best"] in result.out
    assert out_png.read_bytes().startswith(b"\x89PNG")
    again = run_cli("analyze", str(path), "--seat", "1", "--strength", "easy", "--seed", "2")
    assert again.out == result.out


def test_analyze_refuses_a_bad_seat_or_file(run_cli: RunCli, tmp_path: Path) -> None:
    path = record_file(run_cli, tmp_path)
    bad_seat = run_cli("analyze", str(path), "--seat", "5")
    assert bad_seat.code == 2 and "the record has seats 0 to 1" in bad_seat.err
    missing = run_cli("analyze", str(tmp_path / "none.json"), "--seat", "0")
    assert missing.code == 2 and "cannot read record" in missing.err
    no_seat = run_cli("analyze", str(path))
    assert no_seat.code == 2 and "--seat" in no_seat.err
    bad_strength = run_cli("analyze", str(path), "--seat", "0", "--strength", "expert")
    assert bad_strength.code == 2 and "invalid choice" in bad_strength.err
