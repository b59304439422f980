"""The round (rules reference §6.1-§6.5): passing and its income, the storage limit, the
start player, the next round's deal, the end condition, final scoring and the winner (§7)."""

from __future__ import annotations

import pytest

import ziggurat
from ziggurat.games.amyitis.phases import PHASE_OVER, PHASE_STORAGE

from .helpers import (
    A,
    B,
    C,
    D,
    act,
    acts,
    end_action_phase,
    give,
    legal,
    plant_many,
    position,
    resources,
    set_court,
    tiles_left,
)


def test_passing_is_always_legal_and_takes_no_cube() -> None:
    state = position(3)
    state.cubes[A] = 0  # (not conserved; legality only)
    assert "pass" in legal(state)
    act(state, "pass")
    assert state.passed == [A] and state.current == B and state.cubes[A] == 0


def test_a_lone_player_keeps_acting_while_the_passed_ones_earn() -> None:
    state = position(3)
    acts(state, "pass", "pass")
    act(state, "recruit 1 merchant")
    assert state.current == C and state.talents == [4, 4, 3]
    act(state, "recruit 1 merchant")  # costs 1
    assert state.current == C and state.talents == [5, 5, 2]
    act(state, "pass")  # no income once every seat has passed
    assert state.passed == [A, B, C] and state.talents == [5, 5, 2]


def test_income_for_every_passed_seat_each_time_its_turn_comes() -> None:
    state = position(4)
    acts(state, "pass")  # A
    acts(state, "recruit 1 merchant")  # B
    acts(state, "pass")  # C
    acts(state, "recruit 1 merchant")  # D (row 1 costs 1)
    assert state.current == B and state.talents == [4, 3, 3, 2]
    acts(state, "pass")  # B; C +1; D acts
    assert state.current == D and state.talents == [4, 3, 4, 2]
    acts(state, "recruit 2 merchant")  # D; A +1, B +1, C +1; D again
    assert state.current == D and state.talents == [5, 4, 5, 2]


def test_storage_discards_go_clockwise_from_the_start_player() -> None:
    state = position(3)
    state.start = B
    give(state, A, "barley", "barley", "dates")
    give(state, B, "dates", "dates", "salt")
    give(state, C, "salt", "palm")
    end_action_phase(state, last=C)
    act(state, "procession marduk")
    assert state.phase == PHASE_STORAGE and state.current == B
    assert legal(state) == {"discard dates", "discard salt"}
    act(state, "discard salt")
    assert state.phase == PHASE_STORAGE and state.current == A  # C keeps his two
    act(state, "discard barley")
    assert state.round == 2
    assert [resources(state, s) for s in (A, B, C)] == [
        {"barley": 1, "dates": 1},
        {"dates": 2},
        {"salt": 1, "palm": 1},
    ]


def test_storage_automatic_single_kind_and_the_next_round() -> None:
    state = position(3)
    state.start = B
    give(state, A, "barley", "barley", "barley", "barley")
    give(state, B, "dates", "wine", "salt")
    end_action_phase(state, last=C)
    act(state, "procession marduk")
    act(state, "discard wine")
    assert [str(a) for a in state.automatic] == ["discard barley", "discard barley"]
    assert resources(state, A) == {"barley": 2} and resources(state, B) == {"dates": 1, "salt": 1}
    assert state.round == 2 and state.start == C and state.current == C


@pytest.mark.parametrize(("level", "kept"), [(0, 2), (1, 2), (2, 4), (3, 4)])
def test_storage_limit_by_caravaneer_level(level: int, kept: int) -> None:
    state = position(4)
    set_court(state, A, "caravaneer", level)
    give(state, A, "barley", "barley", "barley", "barley", "barley")
    end_action_phase(state, last=B)
    act(state, "procession marduk")
    assert resources(state, A) == {"barley": kept}
    assert state.round == 2


def test_talents_and_camels_are_not_limited() -> None:
    state = position(2)
    state.talents[A] = 40
    state.camel_stock -= 9
    state.camels[A] = 9
    end_action_phase(state, last=B)
    act(state, "procession marduk")
    assert state.talents[A] == 40 and state.camels[A] == 9 and state.round == 2


def test_the_start_player_moves_clockwise_and_rows_are_dealt_anew() -> None:
    state = position(3)
    acts(state, "recruit 1 merchant", "pass", "pass", "pass")
    act(state, "procession marduk")
    assert state.round == 2 and state.start == B and state.current == B
    assert state.passed == [] and state.row_taken == [False] * 9
    deck = state.game.craft_deck
    assert all(state.row_cards.count(k) <= deck.count(k) for k in range(4))
    assert len(state.row_cards) == 9


def test_new_rounds_reshuffle_the_whole_deck() -> None:
    state = position(2)
    seen = set()
    for _ in range(12):
        state.new_round()
        seen.add(tuple(state.row_cards))
        assert sorted(state.row_cards) != [] and len(state.row_cards) == 6
    assert len(seen) > 3


@pytest.mark.parametrize(("players", "threshold"), [(2, 3), (3, 4), (4, 4)])
def test_end_threshold_in_the_view(players: int, threshold: int) -> None:
    state = position(players)
    view = state.view(None)
    assert view["end_threshold"] == threshold
    assert view["tiles_left"] == tiles_left(state) == (12 if players == 2 else 16)


def finish(state, last: int = A) -> None:
    """End the action phase, ``last`` leading the procession to Ishtar (no points)."""
    end_action_phase(state, last=last)
    act(state, "procession ishtar")
    act(state, "ishtar talent")


def test_final_scoring_after_the_storage_limit() -> None:
    state = position(3)
    plant_many(state, {A: 4, B: 4, C: 4})
    give(state, A, "barley", "dates", "salt", "wine")
    finish(state, last=B)
    assert state.phase == PHASE_STORAGE and state.current == A
    acts(state, "discard dates", "discard salt")
    assert state.phase == PHASE_OVER
    assert state.end_bonus == [(5, 2), (5, 0), (5, 0)]
    assert state.scores() == [7, 5, 5]
    assert state.winners() == [A]
    assert state.legal_actions() == [] and state.current_player == ziggurat.TERMINAL


def over(players: int, counts: dict, vp: list, talents: list):
    """A finished game: tiles planted by ``counts``, then scores and talents set by hand."""
    state = position(players)
    plant_many(state, counts)
    finish(state)
    assert state.phase == PHASE_OVER
    state.vp = list(vp)
    state.talents = list(talents)
    return state


def test_winner_has_the_most_points() -> None:
    assert over(3, {A: 4, B: 4, C: 4}, [10, 12, 11], [0, 0, 9]).winners() == [B]


def test_winner_tie_most_garden_tiles() -> None:
    assert over(3, {A: 5, B: 4, C: 3}, [20, 20, 19], [0, 9, 9]).winners() == [A]


def test_winner_tie_then_most_talents() -> None:
    assert over(4, {A: 4, B: 4, C: 4, D: 2}, [20, 20, 20, 30], [3, 5, 4, 0]).winners() == [D]
    assert over(4, {A: 4, B: 4, C: 4, D: 2}, [20, 20, 20, 10], [3, 5, 4, 0]).winners() == [B]


def test_winner_tie_shared() -> None:
    assert over(2, {A: 5, B: 5}, [20, 20], [4, 4]).winners() == [A, B]


def test_no_winner_before_the_end() -> None:
    assert position(3).winners() == []
