"""Post-game analysis: reproducible from its seed in any order, from the seat's information
only, the lessons ranked by what they cost, and refusals for what cannot be analysed."""

from __future__ import annotations

import pytest

import ziggurat
from ziggurat.agents import make_agent
from ziggurat.agents.analysis import (
    SIGNIFICANT_LOSS,
    WORST,
    analyse_decision,
    analyze,
    decisions,
)
from ziggurat.core.errors import InvalidOptions
from ziggurat.core.records import GameRecord
from ziggurat.core.rng import Rng


def recorded_game(name: str = "babylonia", seed: int = 5, agents=("greedy", "random")):
    """A finished game of fixed agents, recorded as the terminal records one."""
    game = ziggurat.load_game(name, players=len(agents))
    state = game.new_initial_state(seed=seed)
    bots = [make_agent(spec, seed + i) for i, spec in enumerate(agents)]
    record = GameRecord.start(game, seed, list(agents))
    while not state.is_terminal():
        seat = state.current_player
        action = bots[seat].select_action(state, seat)
        state.apply_action(action)
        record.add(seat, action, state)
    return record


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return recorded_game()


@pytest.fixture(scope="module")
def analysis(record) -> dict:
    return analyze(record, 1, strength="easy", seed=3)


def test_an_analysis_is_reproducible_from_its_seed_in_any_order(record, analysis) -> None:
    again = analyze(record, 1, strength="easy", seed=3)
    assert again == analysis
    backwards = [
        analyse_decision(d.state, 1, d.played, d.move, strength="easy", seed=3)
        for d in reversed(decisions(record, 1))
    ]
    assert sorted(backwards, key=lambda r: r["move"]) == analysis["decisions"]
    assert analyze(record, 1, strength="easy", seed=4) != analysis


def test_each_decision_is_judged_from_what_the_seat_could_see(record) -> None:
    for decision in decisions(record, 1)[:4]:
        other = decision.state.determinize(1, Rng(41))
        assert other.to_json() != decision.state.to_json()
        assert analyse_decision(
            decision.state, 1, decision.played, decision.move, strength="easy", seed=9
        ) == analyse_decision(other, 1, decision.played, decision.move, strength="easy", seed=9)


def test_only_the_seats_own_real_choices_are_analysed(record, analysis) -> None:
    moves = record.moves()
    todo = decisions(record, 1)
    assert todo and all(moves[d.move].seat == 1 for d in todo)
    assert all(len(d.state.legal_actions()) >= 2 for d in todo)
    assert all(str(d.played) == moves[d.move].action for d in todo)
    assert [r["move"] for r in analysis["decisions"]] == [d.move for d in todo]
    assert len(analysis["chart"]) == len(todo)


def test_the_lessons_are_the_costliest_decisions_with_the_better_move(analysis) -> None:
    reports = {r["move"]: r for r in analysis["decisions"]}
    worst = [reports[m] for m in analysis["worst"]]
    assert 1 <= len(worst) <= WORST  # a random player loses a lot somewhere
    losses = [r["loss"] for r in worst]
    assert losses == sorted(losses, reverse=True) and losses[-1] >= SIGNIFICANT_LOSS
    others = [r["loss"] for m, r in reports.items() if m not in analysis["worst"]]
    assert not others or max(others) <= losses[-1]
    for r in reports.values():
        assert 0.0 <= r["played_value"] <= 1.0 and 0.0 <= r["best_value"] <= 1.0
        if r["played"] == r["best"]:
            assert r["loss"] == 0.0
        else:
            assert r["loss"] == round(max(0.0, r["best_value"] - r["played_value"]), 4)
    assert all(r["line"] is not None for r in worst)
    assert analysis["final"] == 0.0  # random lost to greedy
    assert analysis["strength"] == "easy" and analysis["iterations"] == 200


def test_what_cannot_be_analysed_is_refused(record) -> None:
    with pytest.raises(InvalidOptions, match="seat 2 is not a seat of this game"):
        analyze(record, 2)
    with pytest.raises(InvalidOptions, match="unknown strength 'expert'"):
        analyze(record, 0, strength="expert")
