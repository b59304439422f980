"""Undo is one rule per game, the kernel's ``can_undo`` hook: what each game lets a player
take back, the default for a game that declares nothing, and the conformance suite refusing
an undo rule that would hide again what someone has seen."""

from __future__ import annotations

import pytest

import ziggurat
from ziggurat.core.kernel import BaseGame
from ziggurat.core.registry import game_class, game_names
from ziggurat.testing import ConformanceError, check_game


@pytest.mark.parametrize("name", game_names())
def test_every_game_declares_its_own_undo_rule(name: str) -> None:
    assert game_class(name).can_undo is not BaseGame.can_undo


def _babylonia_second_turn():  # type: ignore[no-untyped-def]
    """Two players, seed 1: seat 1 opened with its one token (the first round's limit);
    seat 0 is to place two."""
    game = ziggurat.load_game("babylonia", players=2)
    state = game.new_initial_state(seed=1)
    state.apply_action(game.parse_action(state, "S1,1"))
    assert state.current_player == 0 and state.placed == 0
    return game, state


def test_a_game_that_declares_nothing_lets_nothing_be_taken_back() -> None:
    game, before = _babylonia_second_turn()
    after = before.clone()
    after.apply_action(game.parse_action(after, "S1,7"))
    assert after.current_player == before.current_player  # the turn goes on
    assert game.can_undo(before, after)
    assert BaseGame.can_undo(game, before, after) is False


def test_babylonia_a_placement_is_taken_back_until_the_turn_ends() -> None:
    game, state = _babylonia_second_turn()
    first = state.clone()
    state.apply_action(game.parse_action(state, "S1,7"))  # the first of the turn's two
    assert state.current_player == 0 and state.placed == 1
    assert game.can_undo(first, state)
    second = state.clone()
    state.apply_action(game.parse_action(state, "S2,0"))
    assert state.current_player == 1  # the stand was refilled from the bag: a draw
    assert not game.can_undo(second, state)
    third = state.clone()
    state.apply_action(game.parse_action(state, "S2,4"))
    assert game.can_undo(third, state)  # seat 1's turn, as seat 0's was


def _conformance_with(monkeypatch: pytest.MonkeyPatch, name: str, rule) -> str:  # type: ignore[no-untyped-def]
    game = ziggurat.load_game(name)
    monkeypatch.setattr(type(game), "can_undo", rule)
    with pytest.raises(ConformanceError) as refused:
        check_game(game, games=2, deep_every=1)
    return str(refused.value)


def test_the_suite_refuses_an_undo_after_the_move_passed_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    message = _conformance_with(monkeypatch, "babylonia", lambda self, before, after: True)
    assert "may be taken back, but its player no longer decides" in message


def test_the_suite_refuses_an_undo_of_a_move_that_showed_something(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # taking an Ishtar tile turns the next tile of its stack face up
    def same_seat(self, before, after) -> bool:  # type: ignore[no-untyped-def]
        return not after.is_terminal() and after.current_player == before.current_player

    message = _conformance_with(monkeypatch, "ishtar", same_seat)
    assert "may be taken back, but it showed seat 0 something hidden" in message


def test_the_suite_refuses_an_undo_rule_that_hangs_on_a_hidden_stand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rule = game_class("babylonia").can_undo

    def only_with_a_merchant(self, before, after) -> bool:  # type: ignore[no-untyped-def]
        return rule(self, before, after) and after.stand_counts(after.turn_player)[0] > 0

    message = _conformance_with(monkeypatch, "babylonia", only_with_a_merchant)
    assert "may be taken back hangs on what seat" in message
