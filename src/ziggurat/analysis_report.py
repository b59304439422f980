"""``ziggurat analyze``'s output: an analysis (:mod:`ziggurat.agents.analysis`) as a table of
the decisions where the most was lost, a one-line chart of the seat's chances, and a plot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

SPARKS = "▁▂▃▄▅▆▇█"


def sparkline(values: list[float]) -> str:
    """Values in 0..1 as one line of block characters, low to high."""
    top = len(SPARKS) - 1
    return "".join(SPARKS[min(top, max(0, round(v * top)))] for v in values)


def render(analysis: dict[str, Any], seat_name: str) -> RenderableType:
    """The lessons first (the worst decisions, with the better move and what the search
    expected), then the chart of the estimated chance of winning at each decision."""
    by_move = {d["move"]: d for d in analysis["decisions"]}
    parts: list[RenderableType] = [
        Text.assemble(
            ("Analysis of ", "bold"),
            (seat_name, "bold cyan"),
            f": {len(by_move)} decisions searched again by the {analysis['strength']} bot "
            f"({analysis['iterations']} iterations each, seed {analysis['seed']}).",
        )
    ]
    if analysis["worst"]:
        table = Table(title="Where the most was lost (estimated chance of winning)")
        for column in ("move", "played", "", "better", "", "lost", "the bot expected"):
            table.add_column(column, justify="right" if column in ("move", "lost") else "left")
        for move in analysis["worst"]:
            d = by_move[move]
            line = ", ".join(f"seat {s['seat']} {s['action']}" for s in d["line"][:4])
            table.add_row(
                str(move + 1),
                d["played"],
                f"{d['played_value']:.0%}",
                d["best"],
                f"{d['best_value']:.0%}",
                f"{d['loss'] * 100:.0f} pts",
                line,
            )
        parts.append(table)
    else:
        parts.append(Text("No decision lost more than the search's own noise.", style="green"))
    chart = [point["value"] for point in analysis["chart"]]
    if chart:
        parts.append(
            Text.assemble(
                ("Chances over the game: ", "bold"),
                (sparkline(chart), "cyan"),
                f"  {chart[0]:.0%} at the first decision, {chart[-1]:.0%} at the last",
            )
        )
    if analysis["final"] is not None:
        parts.append(Text(f"Result: {'won' if analysis['final'] else 'lost'}."))
    return Group(*parts)


def plot(analysis: dict[str, Any], seat_name: str, path: Path) -> None:
    """The chart as a PNG: the estimated chance of winning at each decision, the worst
    decisions marked."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    moves = [point["move"] + 1 for point in analysis["chart"]]
    values = [point["value"] for point in analysis["chart"]]
    by_move = {d["move"]: d for d in analysis["decisions"]}
    figure, axes = plt.subplots(figsize=(8, 3.2))
    axes.plot(moves, values, color="#2b6cb0", linewidth=1.6)
    worst = analysis["worst"]
    axes.scatter(
        [m + 1 for m in worst],
        [by_move[m]["played_value"] for m in worst],
        color="#c53030",
        zorder=3,
        label="where the most was lost",
    )
    axes.set_ylim(0, 1)
    axes.set_xlabel("move")
    axes.set_ylabel("estimated chance of winning")
    axes.set_title(f"{seat_name}: the {analysis['strength']} bot's estimate at each decision")
    if worst:
        axes.legend(loc="upper right")
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
