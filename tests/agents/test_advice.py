"""Advice (hints and analysis): from the seat's information only, reproducible from a seed,
ranked as the bot would choose, and refusing what it cannot answer."""

from __future__ import annotations

import pytest

import ziggurat
from ziggurat.agents import make_agent
from ziggurat.agents.advice import advise, search_settings
from ziggurat.core.errors import InvalidOptions
from ziggurat.core.registry import game_class, game_names
from ziggurat.core.rng import Rng
from ziggurat.testing import random_position

CASES = [(name, min(game_class(name).player_counts)) for name in game_names()]


def midgame(name: str, players: int, seed: int = 4):
    return random_position(ziggurat.load_game(name, players=players), seed, 10 * players)


def settle(name: str, players: int):
    """A mid-game position where the seat to move has a real choice."""
    for seed in range(4, 40):
        state = midgame(name, players, seed)
        if len(state.legal_actions()) >= 3:
            return state
    raise AssertionError("no position with a choice")


@pytest.mark.parametrize(("name", "players"), CASES, ids=[c[0] for c in CASES])
def test_the_same_decision_in_worlds_the_seat_cannot_tell_apart_gets_the_same_advice(
    name: str, players: int
) -> None:
    state = settle(name, players)
    seat = state.current_player
    other = state.determinize(seat, Rng(99))
    assert other.view(seat) == state.view(seat)
    a = advise(state, seat, strength="easy", seed=5, timed=False)
    b = advise(other, seat, strength="easy", seed=5, timed=False)
    assert a.to_json() == b.to_json()
    assert a.iterations == search_settings("easy")["iterations"]


@pytest.mark.parametrize(("name", "players"), CASES, ids=[c[0] for c in CASES])
def test_the_advice_is_the_bots_choice_then_the_next_best(name: str, players: int) -> None:
    state = settle(name, players)
    seat = state.current_player
    advice = advise(state, seat, strength="easy", seed=8, timed=False)
    legal = state.legal_actions()
    assert 1 <= len(advice.options) <= 3
    assert all(option.action in legal for option in advice.options)
    assert len({option.action for option in advice.options}) == len(advice.options)
    assert all(0.0 <= option.value <= 1.0 for option in advice.options)
    visits = [option.visits for option in advice.options]
    assert visits == sorted(visits, reverse=True)
    bot = make_agent("mcts:iterations=200:seconds=none", 8)
    assert bot.select_action(state, seat) == advice.best.action
    # each expected line starts with the move's own follow-up, by real seats
    for option in advice.options:
        assert all(0 <= step.seat < players for step in option.line)


def test_the_move_asked_about_is_searched_and_reported() -> None:
    state = settle("babylonia", 2)
    seat = state.current_player
    plain = advise(state, seat, strength="easy", seed=2, timed=False)
    unlikely = [a for a in state.legal_actions() if a not in {o.action for o in plain.options}]
    asked = unlikely[-1]
    advice = advise(state, seat, strength="easy", seed=2, timed=False, asked=asked)
    assert advice.asked is not None
    assert advice.asked.action == asked and advice.asked.visits >= 1
    assert advice.to_json()["asked"]["action"] == str(asked)


def test_advice_refuses_what_it_cannot_answer() -> None:
    state = settle("babylonia", 2)
    seat = state.current_player
    with pytest.raises(InvalidOptions, match="not to move"):
        advise(state, 1 - seat)
    with pytest.raises(InvalidOptions, match="unknown strength 'expert'"):
        advise(state, seat, strength="expert")
    illegal = next(a for a in state.game.actions.actions if not state.is_legal(a))
    with pytest.raises(InvalidOptions, match="not a legal move"):
        advise(state, seat, asked=illegal)
    finished = ziggurat.testing.play_random_game(ziggurat.load_game("babylonia"), 1)[0]
    with pytest.raises(InvalidOptions, match="game is over"):
        advise(finished, 0)


def test_the_advice_budget_is_the_strength_as_the_game_tunes_it(monkeypatch) -> None:
    """A game that tunes a strength's iterations (its heuristics' ``STRENGTHS``) gets hints
    and analyses at that strength from the bot's own search, which reports so."""
    from ziggurat.core.registry import heuristics_for

    monkeypatch.setattr(
        heuristics_for("tower_of_babel"), "strengths", {"hard": {"iterations": 9000}}
    )
    assert search_settings("hard")["iterations"] == 8000
    assert search_settings("hard", game="tower_of_babel") == {"iterations": 9000, "seconds": 8.0}
    assert search_settings("hard", game="amyitis")["iterations"] == 8000  # its depth only
    assert search_settings("medium", game="tower_of_babel", timed=False) == {
        "iterations": 1000,
        "seconds": None,
    }
