"""What a finished game pays each seat, the same in all three interfaces.

Two modes, both zero-sum so that self-play and two-player algorithms see a proper game:

* ``"win"`` (the default): a sole winner gets +1 and the others share -1 equally
  (-1/(n-1) each); k tied winners share the winner's part, each getting
  n/(n-1) · (1/k - 1/n), so a tie between all seats pays everyone 0.
* ``"margin"``: each seat's final points minus the mean of the others' points, for
  learners that should care by how much they win or lose.
"""

from __future__ import annotations

from ziggurat.core.api import State
from ziggurat.core.errors import InvalidOptions

REWARDS = ("win", "margin")


def check_reward(mode: object) -> str:
    """``mode`` if it names a reward mode; :class:`InvalidOptions` naming the modes if not."""
    if mode not in REWARDS:
        raise InvalidOptions(f"reward {mode!r} is not a reward mode; the modes are: win, margin")
    return mode  # type: ignore[return-value]


def final_rewards(state: State, mode: str) -> list[float]:
    """Each seat's reward for the finished game ``state`` under ``mode``."""
    n = state.game.num_players
    if mode == "margin":
        points = state.scores()
        total = sum(points)
        return [p - (total - p) / (n - 1) for p in points]
    winners = state.winners()
    share = n / (n - 1) * (1 / len(winners) - 1 / n)
    loss = -1 / (n - 1)
    return [share if s in winners else loss for s in range(n)]


def reward_bounds(mode: str, players: int) -> tuple[float, float]:
    """The lowest and highest reward of one seat. Points have no printed limit in these games,
    so the margin's bounds are a generous ±1000 (no game here comes near 300 points)."""
    if mode == "margin":
        return -1000.0, 1000.0
    return -1 / (players - 1), 1.0
