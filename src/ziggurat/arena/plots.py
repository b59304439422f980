"""PNG plots of a tournament: score distributions, ratings with intervals, seat advantage.

Drawn with matplotlib's Agg backend, so they need no screen; each plot is one file, named
after the result file, to drop into a report or an issue.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # after use(): the backend must be chosen first

from .stats import Summary

PLOT_NAMES = ("scores", "ratings", "seats")


def plot_paths(stem: Path) -> dict[str, Path]:
    """``results/run.json`` -> ``results/run-scores.png`` and so on."""
    return {name: stem.with_name(f"{stem.stem}-{name}.png") for name in PLOT_NAMES}


def write_plots(summary: Summary, stem: Path, title: str) -> dict[str, Path]:
    paths = plot_paths(stem)
    _scores(summary, title, paths["scores"])
    _ratings(summary, title, paths["ratings"])
    _seats(summary, title, paths["seats"])
    return paths


def _scores(summary: Summary, title: str, path: Path) -> None:
    figure, axes = plt.subplots(figsize=(7, 4.5))
    labels = [e.label for e in summary.entrants]
    axes.boxplot([e.scores for e in summary.entrants], tick_labels=labels, showmeans=True)
    axes.set_ylabel("final score")
    axes.set_title(f"{title}: score distributions ({summary.games} games)")
    axes.grid(axis="y", alpha=0.3)
    _save(figure, path)


def _ratings(summary: Summary, title: str, path: Path) -> None:
    figure, axes = plt.subplots(figsize=(7, 4.5))
    ordered = sorted(summary.entrants, key=lambda e: e.rating_mu)
    positions = range(len(ordered))
    axes.errorbar(
        [e.rating_mu for e in ordered],
        positions,
        xerr=[2 * e.rating_sigma for e in ordered],
        fmt="o",
        capsize=5,
    )
    axes.set_yticks(list(positions), [e.label for e in ordered])
    axes.set_xlabel("OpenSkill rating (mu, bars: mu \u00b1 2 sigma)")
    axes.set_title(f"{title}: ratings")
    axes.grid(axis="x", alpha=0.3)
    _save(figure, path)


def _seats(summary: Summary, title: str, path: Path) -> None:
    figure, axes = plt.subplots(figsize=(7, 4.5))
    seats = summary.seats
    rates = [s.win_rate for s in seats]
    below = [s.win_rate - s.win_low for s in seats]
    above = [s.win_high - s.win_rate for s in seats]
    axes.bar([str(s.seat) for s in seats], rates, yerr=[below, above], capsize=5)
    axes.axhline(1 / summary.players, color="grey", linestyle="--", label="no advantage")
    axes.set_xlabel("place in the turn order (0 moves first)")
    axes.set_ylabel("win rate (95% interval)")
    axes.set_ylim(0, 1)
    axes.set_title(f"{title}: seat advantage")
    axes.legend()
    _save(figure, path)


def _save(figure: plt.Figure, path: Path) -> None:
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
