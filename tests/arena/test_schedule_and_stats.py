"""The arena's schedule and statistics, on hand-made numbers."""

import pytest

from ziggurat.arena.play import ranks_of
from ziggurat.arena.results import GameOutcome
from ziggurat.arena.schedule import Plan, entrant_labels, seatings
from ziggurat.arena.stats import mean_interval, summarize, wilson_interval
from ziggurat.core.errors import InvalidOptions


def test_every_distinct_seating_once() -> None:
    assert seatings(["a", "b"]) == [(0, 1), (1, 0)]
    assert len(seatings(["a", "b", "c"])) == 6
    assert len(seatings(["a", "b", "c", "d"])) == 24
    # two copies of one agent are one agent: 3 seatings, not 6
    assert seatings(["greedy", "greedy", "random"]) == [(0, 1, 2), (0, 2, 1), (2, 0, 1)]
    assert entrant_labels(["greedy", "greedy", "random"]) == ["greedy#1", "greedy#2", "random"]


def test_games_round_up_to_whole_deals_each_played_in_every_seating() -> None:
    plan = Plan("babylonia", ["greedy", "random", "random"], games=5, seed=40, options={})
    assert (plan.deals, plan.total) == (2, 6)
    tasks = [plan.task(i) for i in range(plan.total)]
    assert [t.seed for t in tasks] == [40, 40, 40, 41, 41, 41]
    assert {t.agents for t in tasks[:3]} == {
        ("greedy", "random", "random"),
        ("random", "greedy", "random"),
        ("random", "random", "greedy"),
    }
    assert tasks[1].labels == ("random#1", "greedy", "random#2")
    assert plan.options["players"] == 3  # the game's full options are kept


@pytest.mark.parametrize(
    ("agents", "games", "options", "message"),
    [
        (["greedy", "random"], 4, {"players": 3}, "2 agents (greedy, random) for a 3-player"),
        (["greedy", "wizard"], 4, {}, "unknown agent 'wizard'"),
        (["greedy", "mcts:depth=3"], 4, {}, "'depth=3' is not a setting"),
        (["greedy", "random"], 0, {}, "at least 1 game"),
        (["greedy", "random"], 4, {"colour": "red"}, "colour"),
    ],
)
def test_a_bad_plan_is_refused_by_name(agents, games, options, message) -> None:
    with pytest.raises(InvalidOptions, match=message.replace("(", r"\(").replace(")", r"\)")):
        Plan("babylonia", agents, games=games, options={"players": len(agents)} | options)


def test_places_follow_the_winners_then_the_scores() -> None:
    assert ranks_of([10, 30, 20], [1]) == [3, 1, 2]
    assert ranks_of([30, 30, 20], [1]) == [2, 1, 3]  # the game's tie-break chose seat 1
    assert ranks_of([30, 30, 20, 20], [0, 1]) == [1, 1, 3, 3]


def test_wilson_interval_and_mean_interval() -> None:
    low, high = wilson_interval(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)
    mean, half = mean_interval([1, 2, 3, 4])
    assert mean == 2.5
    assert round(half, 4) == round(1.959963984540054 * (5 / 3 / 4) ** 0.5, 4)


def outcome(index, seats, scores, winners, first=0) -> GameOutcome:
    return GameOutcome(
        index=index,
        deal=index // 2,
        seed=index // 2,
        seats=seats,
        first_player=first,
        scores=scores,
        winners=winners,
        ranks=ranks_of(scores, winners),
        decisions=[10, 10],
        think_seconds=[1.0, 0.5],
        longest_decision=[0.2, 0.1],
        seconds=2.0,
    )


def test_summary_counts_shared_wins_margins_places_and_turn_order() -> None:
    games = [
        outcome(0, ["a", "b"], [50, 40], [0], first=0),
        outcome(1, ["b", "a"], [45, 45], [0, 1], first=1),  # a tie: half a win each
        outcome(2, ["a", "b"], [30, 60], [1], first=1),
    ]
    summary = summarize(["a", "b"], games)
    a, b = summary.entrants
    assert (a.games, a.wins, b.wins) == (3, 1.5, 1.5)
    assert a.mean_score == pytest.approx((50 + 45 + 30) / 3)
    assert a.mean_margin == pytest.approx((10 + 0 - 30) / 3)
    assert a.mean_rank == pytest.approx(4 / 3)
    assert a.decisions == 30
    assert a.mean_decision_seconds == pytest.approx((1.0 + 0.5 + 1.0) / 30)
    assert b.longest_decision_seconds == pytest.approx(0.2)
    # place 0 in the turn order: seat 0 of game 0, seat 1 of games 1 and 2
    first = summary.seats[0]
    assert first.games == 3
    assert first.win_rate == pytest.approx((1 + 0.5 + 1) / 3)
    assert first.mean_score == pytest.approx((50 + 45 + 60) / 3)


def test_ratings_reward_the_winner_and_do_not_depend_on_file_order() -> None:
    games = [outcome(i, ["a", "b"] if i % 2 else ["b", "a"], [50, 40], [0]) for i in range(6)]
    forward = summarize(["a", "b"], games)
    backward = summarize(["a", "b"], list(reversed(games)))
    assert forward.to_json() == backward.to_json()  # rated in schedule order, always
    a, b = forward.entrants
    assert abs(a.rating_mu - b.rating_mu) < 2  # 3 wins each; a won the last one
    assert a.rating_mu > b.rating_mu
    one_sided = summarize(["a", "b"], [outcome(i, ["a", "b"], [50, 40], [0]) for i in range(6)])
    a, b = one_sided.entrants
    assert a.rating_mu > 25 > b.rating_mu
    assert a.rating_sigma < 25 / 3
