"""Tournament statistics: per entrant and per seat, with 95% intervals, and OpenSkill ratings.

A win is shared on a tie (two winners score half a win each), so win rates add up to one
per game. Intervals are Wilson score intervals for rates (sound near 0% and 100%, where the
normal approximation is not) and normal intervals for means. Ratings are OpenSkill's
Plackett-Luce model, updated game by game in the order of the schedule, so the same result
file always gives the same ratings.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from openskill.models import PlackettLuce

from .results import GameOutcome

Z95 = 1.959963984540054  # two-sided 95% quantile of the standard normal


def wilson_interval(successes: float, trials: int) -> tuple[float, float]:
    """95% Wilson score interval for a rate of ``successes`` in ``trials``."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% normal interval (0 for fewer than 2 values)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0)
    mean = sum(values) / n
    if n < 2:
        return (mean, 0.0)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, Z95 * math.sqrt(variance / n))


@dataclass
class EntrantStats:
    label: str
    games: int
    wins: float
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float
    score_half_width: float
    mean_margin: float  # own score minus the best other score
    margin_half_width: float
    mean_rank: float
    rank_half_width: float
    rating_mu: float
    rating_sigma: float
    rating_ordinal: float  # mu - 3 sigma: the conservative estimate leaderboards sort by
    decisions: int
    mean_decision_seconds: float
    longest_decision_seconds: float
    scores: list[int]


@dataclass
class SeatStats:
    """Results by place in the turn order (0 moves first), whoever sat there."""

    seat: int
    games: int
    win_rate: float
    win_low: float
    win_high: float
    mean_score: float
    score_half_width: float


@dataclass
class Summary:
    games: int
    players: int
    entrants: list[EntrantStats]
    seats: list[SeatStats]

    def to_json(self) -> dict[str, object]:
        return asdict(self)


def summarize(labels: Sequence[str], outcomes: Sequence[GameOutcome]) -> Summary:
    """Statistics of ``outcomes`` for the entrants ``labels`` (in the plan's order)."""
    ordered = sorted(outcomes, key=lambda o: o.index)
    players = len(ordered[0].seats) if ordered else len(labels)
    wins = {label: 0.0 for label in labels}
    scores: dict[str, list[int]] = {label: [] for label in labels}
    margins: dict[str, list[float]] = {label: [] for label in labels}
    ranks: dict[str, list[float]] = {label: [] for label in labels}
    decisions = {label: 0 for label in labels}
    thinking = {label: 0.0 for label in labels}
    longest = {label: 0.0 for label in labels}
    seat_wins = [0.0] * players
    seat_scores: list[list[int]] = [[] for _ in range(players)]
    model = PlackettLuce()
    ratings = {label: model.rating(name=label) for label in labels}
    for outcome in ordered:
        share = 1.0 / len(outcome.winners)
        for seat, label in enumerate(outcome.seats):
            score = outcome.scores[seat]
            best_other = max(s for i, s in enumerate(outcome.scores) if i != seat)
            won = share if seat in outcome.winners else 0.0
            wins[label] += won
            scores[label].append(score)
            margins[label].append(score - best_other)
            ranks[label].append(outcome.ranks[seat])
            decisions[label] += outcome.decisions[seat]
            thinking[label] += outcome.think_seconds[seat]
            longest[label] = max(longest[label], outcome.longest_decision[seat])
            position = (seat - outcome.first_player) % players
            seat_wins[position] += won
            seat_scores[position].append(score)
        teams = model.rate([[ratings[label]] for label in outcome.seats], ranks=outcome.ranks)
        for label, (new,) in zip(outcome.seats, teams, strict=True):
            ratings[label] = new
    entrants = []
    for label in labels:
        n = len(scores[label])
        moves = decisions[label]
        low, high = wilson_interval(wins[label], n)
        score, score_hw = mean_interval(scores[label])
        margin, margin_hw = mean_interval(margins[label])
        rank, rank_hw = mean_interval(ranks[label])
        rating = ratings[label]
        entrants.append(
            EntrantStats(
                label=label,
                games=n,
                wins=wins[label],
                win_rate=wins[label] / n if n else 0.0,
                win_low=low,
                win_high=high,
                mean_score=score,
                score_half_width=score_hw,
                mean_margin=margin,
                margin_half_width=margin_hw,
                mean_rank=rank,
                rank_half_width=rank_hw,
                rating_mu=rating.mu,
                rating_sigma=rating.sigma,
                rating_ordinal=rating.ordinal(),
                decisions=moves,
                mean_decision_seconds=thinking[label] / moves if moves else 0.0,
                longest_decision_seconds=longest[label],
                scores=scores[label],
            )
        )
    seats = []
    for seat in range(players):
        n = len(seat_scores[seat])
        low, high = wilson_interval(seat_wins[seat], n)
        score, score_hw = mean_interval(seat_scores[seat])
        seats.append(
            SeatStats(
                seat=seat,
                games=n,
                win_rate=seat_wins[seat] / n if n else 0.0,
                win_low=low,
                win_high=high,
                mean_score=score,
                score_half_width=score_hw,
            )
        )
    return Summary(games=len(ordered), players=players, entrants=entrants, seats=seats)
