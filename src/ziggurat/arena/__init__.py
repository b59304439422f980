"""Tournaments between agents: seeded games in every seating, statistics, ratings and plots.

:func:`~ziggurat.arena.tournament.run_tournament` plays a :class:`~ziggurat.arena.schedule.Plan`
on a local process pool or a Ray cluster, keeps every finished game in a JSON result file (so
an interrupted tournament resumes), and :func:`~ziggurat.arena.stats.summarize` turns the
results into win rates, scores, margins, seat advantage and OpenSkill ratings.
"""

from .schedule import Plan, Seating
from .stats import Summary, summarize
from .tournament import run_tournament

__all__ = ["Plan", "Seating", "Summary", "run_tournament", "summarize"]
