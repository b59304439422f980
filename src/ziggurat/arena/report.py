"""The tournament tables printed at the end (and by ``ziggurat arena --report FILE``)."""

from __future__ import annotations

from rich import box
from rich.console import Console
from rich.table import Table

from .stats import Summary


def print_summary(console: Console, summary: Summary, title: str) -> None:
    entrants = Table(
        title=f"{title}: {summary.games} games (± are 95% intervals)",
        title_justify="left",
        box=box.SIMPLE_HEAD,
    )
    entrants.add_column("agent", no_wrap=True)
    for heading in ("games", "wins", "95% CI", "score", "margin", "rank", "OpenSkill"):
        entrants.add_column(heading, justify="right", no_wrap=True)
    entrants.add_column("s/move", justify="right", no_wrap=True)
    entrants.add_column("max s", justify="right", no_wrap=True)
    for e in sorted(summary.entrants, key=lambda e: -e.rating_ordinal):
        entrants.add_row(
            e.label,
            str(e.games),
            f"{e.win_rate:.1%}",
            f"{e.win_low:.0%}–{e.win_high:.0%}",
            f"{e.mean_score:.1f}±{e.score_half_width:.1f}",
            f"{e.mean_margin:+.1f}±{e.margin_half_width:.1f}",
            f"{e.mean_rank:.2f}±{e.rank_half_width:.2f}",
            f"{e.rating_mu:.1f}±{e.rating_sigma:.1f}",
            f"{e.mean_decision_seconds:.3f}",
            f"{e.longest_decision_seconds:.2f}",
        )
    console.print(entrants)
    seats = Table(
        title="Seat advantage",
        caption="place: in the turn order, 0 moves first",
        caption_justify="left",
        title_justify="left",
        box=box.SIMPLE_HEAD,
    )
    for heading in ("place", "games", "wins", "95% CI", "score"):
        seats.add_column(heading, justify="right", no_wrap=True)
    for s in summary.seats:
        seats.add_row(
            str(s.seat),
            str(s.games),
            f"{s.win_rate:.1%}",
            f"{s.win_low:.0%}–{s.win_high:.0%}",
            f"{s.mean_score:.1f}±{s.score_half_width:.1f}",
        )
    console.print(seats)
