"""The rewards of a finished game, the same in all three interfaces: zero-sum, a sole
winner +1, ties sharing the winner's part, or the margin against the others' mean."""

from __future__ import annotations

import random

import pytest

import ziggurat
from ziggurat.interop.rewards import check_reward, final_rewards, reward_bounds


def _finished(name: str, players: int, seed: int) -> ziggurat.State:
    state = ziggurat.load_game(name, players=players).new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    ("name", "players"), [("babylonia", 2), ("amyitis", 3), ("tower_of_babel", 5)]
)
def test_win_pays_the_winners_and_sums_to_zero(name: str, players: int) -> None:
    for seed in range(6):
        state = _finished(name, players, seed)
        paid = final_rewards(state, "win")
        winners = state.winners()
        assert sum(paid) == pytest.approx(0.0)
        losers = [s for s in range(players) if s not in winners]
        for s in losers:
            assert paid[s] == pytest.approx(-1 / (players - 1))
        if len(winners) == 1:
            assert paid[winners[0]] == 1.0
        low, high = reward_bounds("win", players)
        assert all(low <= p <= high for p in paid)


class _Result:
    """A finished game's result alone: the arithmetic of ties, which random games seldom
    reach, on exact numbers."""

    def __init__(self, scores: list[int], winners: list[int]) -> None:
        self._scores, self._winners = scores, winners
        self.game = type("G", (), {"num_players": len(scores)})()

    def scores(self) -> list[int]:
        return self._scores

    def winners(self) -> list[int]:
        return self._winners


def test_exact_rewards_of_ties_and_margins() -> None:
    assert final_rewards(_Result([30, 20, 10], [0]), "win") == pytest.approx([1.0, -0.5, -0.5])
    assert final_rewards(_Result([30, 30, 10], [0, 1]), "win") == pytest.approx([0.25, 0.25, -0.5])
    assert final_rewards(_Result([9, 9], [0, 1]), "win") == pytest.approx([0.0, 0.0])
    assert final_rewards(_Result([30, 20, 10], [0]), "margin") == pytest.approx([15.0, 0.0, -15.0])
    assert final_rewards(_Result([41, 35], [0]), "margin") == pytest.approx([6.0, -6.0])


def test_an_unknown_mode_is_refused_with_the_modes() -> None:
    assert check_reward("margin") == "margin"
    with pytest.raises(ziggurat.InvalidOptions, match="the modes are: win, margin"):
        check_reward("score")
