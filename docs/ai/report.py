"""The tables of docs/ai.md's tournaments, written from their result files.

Run: ``python docs/ai/report.py [FILE ...]`` (by default every ``docs/ai/tournaments/*.json``);
it prints one Markdown row per tournament, finished or not, so the figures in docs/ai.md are
copied from the files rather than typed: games played of those planned, then the first
entrant's win share (ties split, as the arena counts them) with its 95% interval, the share
of games it finished above each other entrant (the worst of them; ties count a half), the
mean place of every entrant, the first entrant's time per decision, mean and longest, and
links to the plots the arena draws when a tournament ends. After the table, the command that
plays (or resumes) each tournament, with the options that differ from the game's defaults.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import ziggurat
from ziggurat.arena.results import GameOutcome, ResultFile, load_results
from ziggurat.arena.schedule import entrant_labels
from ziggurat.arena.stats import summarize, wilson_interval

TOURNAMENTS = Path(__file__).with_name("tournaments")

HEADER = (
    "| tournament | games | first entrant wins | ahead of each other | mean place "
    "| s/decision (longest) | plots |\n| --- | --- | --- | --- | --- | --- | --- |"
)
PLOTS = ("scores", "ratings", "seats")  # the arena's plots, FILE-scores.png and so on


def ahead_share(outcomes: list[GameOutcome], first: str, other: str) -> float:
    """The share of games where ``first`` finished above ``other`` (a tie counts a half)."""
    total = 0.0
    for outcome in outcomes:
        mine = outcome.ranks[outcome.seats.index(first)]
        theirs = outcome.ranks[outcome.seats.index(other)]
        total += 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0
    return total / len(outcomes)


def row(path: Path) -> str:
    results = load_results(path)
    labels = entrant_labels(results.agents)
    outcomes = results.results
    link = f"[{path.stem}](ai/tournaments/{path.name})"
    if not outcomes:
        return f"| {link} | 0 of {results.games} | | | | | |"
    summary = summarize(labels, outcomes)
    first, *others = summary.entrants
    ahead = min(ahead_share(outcomes, first.label, o.label) for o in others)
    ahead_low, _ = wilson_interval(ahead * len(outcomes), len(outcomes))
    places = ", ".join(f"{e.label} {e.mean_rank:.2f}" for e in summary.entrants)
    return (
        f"| {link} | {len(outcomes)} of {results.games} "
        f"| **{first.win_rate:.1%}** ({first.win_low:.0%}–{first.win_high:.0%}) "
        f"| {ahead:.1%} (from {ahead_low:.0%}) | {places} "
        f"| {first.mean_decision_seconds:.2f} ({first.longest_decision_seconds:.2f}) "
        f"| {plots(path)} |"
    )


def plots(path: Path) -> str:
    """Links to the plots beside the result file, those that exist (none before the end)."""
    names = [(kind, f"{path.stem}-{kind}.png") for kind in PLOTS]
    found = [kind_link for kind_link in names if (path.parent / kind_link[1]).exists()]
    return " · ".join(f"[{kind}](ai/tournaments/{name})" for kind, name in found)


def command(path: Path, results: ResultFile) -> str:
    """The arena command that plays the tournament of ``path``, or resumes it (values as
    ``--option`` reads them: JSON, or text)."""
    defaults = ziggurat.load_game(results.game, players=len(results.agents)).options
    options = "".join(
        f" --option {key}={value if isinstance(value, str) else json.dumps(value)}"
        for key, value in results.options.items()
        if key != "players" and defaults.get(key) != value
    )
    return (
        f"ziggurat arena {results.game} --agents {','.join(results.agents)} "
        f"--games {results.games} --seed {results.seed}{options} "
        f"--out docs/ai/tournaments/{path.name} --resume"
    )


def main(paths: list[str]) -> None:
    files = [Path(p) for p in paths] or sorted(TOURNAMENTS.glob("*.json"))
    print(HEADER)
    for path in files:
        print(row(path))
    print("\n```sh")
    for path in files:
        print(command(path, load_results(path)))
    print("```")


if __name__ == "__main__":
    main(sys.argv[1:])
