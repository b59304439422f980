"""Recruiting (rules reference §6.2): the row cost and the four craftsmen; field rows and
their completion; the maintenance's procession and temple rewards (§6.4)."""

from __future__ import annotations

import pytest

from ziggurat.core.errors import IllegalAction
from ziggurat.games.amyitis.phases import (
    PHASE_ACTION,
    PHASE_EXCHANGE,
    PHASE_FIELD,
    PHASE_ISHTAR,
    PHASE_TAMMOUZ_FIELD,
)

from .helpers import (
    A,
    B,
    C,
    D,
    N,
    act,
    acts,
    alternative_game,
    check_conservation,
    empty_stock,
    end_action_phase,
    fresh,
    give,
    legal,
    legal_of,
    position,
    put,
    resources,
    round_trip,
    set_field,
    set_temple,
    temple,
)

F1 = ["barley", "dates", "salt", "palm", "wine"]
F2 = ["salt", "palm", "barley", "dates", "wine"]

# ------------------------------------------------------------------ recruiting


def test_row_cost_is_the_number_of_cards_turned_down() -> None:
    state = position(2, rows=["peasant priest engineer", "merchant merchant priest"])
    acts(state, "recruit 2 merchant")  # A pays 0
    acts(state, "recruit 2 merchant")  # B pays 1
    acts(state, "recruit 2 priest")  # A pays 2
    acts(state, "temple ishtar")
    assert state.talents == [1, 2]
    assert legal_of(state, "recruit") == {
        "recruit 1 peasant",
        "recruit 1 priest",
        "recruit 1 engineer",
    }


def test_recruit_needs_the_talents() -> None:
    state = position(2, rows=["peasant priest engineer", "merchant merchant priest"])
    state.row_taken[3:5] = [True, True]
    state.talents[A] = 1
    fresh(state)
    assert "recruit 2 priest" not in legal(state)
    snapshot = state.to_json()
    with pytest.raises(IllegalAction, match="costs 2 talents, seat 0 has 1"):
        act(state, "recruit 2 priest")
    assert state.to_json() == snapshot
    state.talents[A] = 2
    fresh(state)
    act(state, "recruit 2 priest")
    assert state.talents[A] == 0


@pytest.mark.parametrize("row", [0, 1])
@pytest.mark.parametrize("filled", [0, 1, 2, 3])
def test_peasant_takes_the_resource_of_the_leftmost_empty_space(row: int, filled: int) -> None:
    state = position(3, rows=["peasant peasant peasant"] * 3)
    set_field(state, row, [B] * filled)
    act(state, "recruit 1 peasant")
    assert state.phase == PHASE_FIELD and legal(state) == {"field F1", "field F2"}
    act(state, f"field F{row + 1}")
    resource = (F1 if row == 0 else F2)[filled]
    assert resources(state, A) == {resource: 1}
    assert state.fields[row] == [B] * filled + [A]
    assert state.cubes[A] == 29 and state.current == B


def test_peasant_completion_without_gardeners_left() -> None:
    state = position(3, rows=["peasant peasant peasant"] * 3)
    set_field(state, 1, [B, B, B, A])
    state.gardeners_left = 0
    state.gardeners[C] = 4
    act(state, "recruit 1 peasant")
    act(state, "field F2")
    assert state.gardeners == [0, 0, 4] and state.fields[1] == []
    assert state.cubes == [30, 30, 30] and resources(state, A) == {"wine": 1}


def test_peasant_completion_clear_majority() -> None:
    state = position(4, rows=["peasant peasant peasant"] * 4)
    set_field(state, 0, [C, C, D, B])
    act(state, "recruit 1 peasant")
    act(state, "field F1")
    assert state.gardeners == [0, 0, 1, 0]


def test_peasant_on_an_empty_stock_places_the_cube_only() -> None:
    state = position(3, rows=["peasant peasant peasant"] * 3)
    empty_stock(state, "barley", C)
    act(state, "recruit 1 peasant")
    act(state, "field F1")
    assert state.fields[0] == [A] and resources(state, A) == {}
    check_conservation(state)


def test_priest_pushes_a_grey_cube_out_of_a_full_temple() -> None:
    state = position(3, rows=["priest priest priest"] * 3)
    set_temple(state, "ishtar", [B, C, A, N])
    acts(state, "recruit 1 priest", "temple ishtar")
    assert temple(state, "ishtar") == [A, B, C, A]
    assert state.cubes == [28, 29, 29]
    check_conservation(state)


def test_priest_into_an_empty_temple() -> None:
    state = position(3, rows=["priest priest priest"] * 3)
    acts(state, "recruit 1 priest", "temple tammouz")
    assert temple(state, "tammouz") == [A] and state.cubes[A] == 29


def test_engineer_scores_two() -> None:
    state = position(3, rows=["engineer engineer engineer"] * 3)
    acts(state, "recruit 1 engineer", "irrigate G20-G30")
    assert state.vp == [2, 0, 0] and state.cubes[A] == 29


def test_merchant_gives_a_camel() -> None:
    state = position(3)
    act(state, "recruit 1 merchant")
    assert state.camels == [1, 0, 0] and state.camel_stock == 13
    assert state.current == B


def test_no_cube_no_peasant_priest_or_engineer() -> None:
    rows = ["peasant priest engineer", "merchant merchant merchant", "priest priest peasant"]
    state = position(3, rows=rows)
    set_field(state, 0, [A] * 4)
    for name in ("ishtar", "marduk", "tammouz"):
        set_temple(state, name, [A] * 4)
    for name in state.game.data.space_ids[:14]:
        put(state, name, A)
    assert state.cubes[A] == 0
    assert legal_of(state, "recruit") == {"recruit 2 merchant"}
    with pytest.raises(IllegalAction, match="no cube left for a priest"):
        act(state, "recruit 1 priest")


# ------------------------------------------------------------------ the procession


def test_the_last_passer_leads_the_procession() -> None:
    state = position(3)
    acts(state, "pass", "pass")
    assert state.current == C
    act(state, "recruit 1 merchant")
    assert state.talents == [4, 4, 3]
    act(state, "pass")
    assert state.current == C and legal(state) == {
        "procession ishtar",
        "procession marduk",
        "procession tammouz",
    }


def test_procession_pushes_like_a_priest() -> None:
    state = position(3)
    set_temple(state, "ishtar", [A, A, A, A])
    set_temple(state, "marduk", [N, N, N, N])
    end_action_phase(state, last=B)
    act(state, "procession tammouz")
    assert temple(state, "ishtar") == [N, A, A, A]
    assert temple(state, "marduk") == [N, N, N, N]
    assert temple(state, "tammouz") == [B]
    assert state.cubes == [27, 29, 30]


# ------------------------------------------------------------------ temple rewards


def test_ishtar_first_chooses_the_camel_second_takes_the_talent() -> None:
    state = position(3)
    set_temple(state, "ishtar", [B, A, A])
    end_action_phase(state, last=C)
    act(state, "procession marduk")
    assert temple(state, "ishtar") == [N, B, A, A]
    assert state.phase == PHASE_ISHTAR and state.current == A
    act(state, "ishtar camel")
    assert state.camels == [1, 0, 0] and state.talents == [3, 4, 3]


def test_ishtar_with_two_players_rewards_the_first_only() -> None:
    state = position(2)
    set_temple(state, "ishtar", [B, A, A])
    end_action_phase(state, last=B)
    act(state, "procession marduk")
    act(state, "ishtar talent")
    assert state.camels == [0, 0] and state.talents == [4, 3]


def test_marduk_first_and_second_with_three_and_four_players() -> None:
    for players in (3, 4):
        state = position(players)
        set_temple(state, "marduk", [C, A, A])
        end_action_phase(state, last=B)
        act(state, "procession tammouz")
        if state.phase == PHASE_TAMMOUZ_FIELD:
            act(state, "decline")
        assert temple(state, "marduk") == [N, C, A, A]
        assert state.vp[:3] == [2, 0, 1]


def test_marduk_with_two_players_rewards_the_first_only() -> None:
    state = position(2)
    set_temple(state, "marduk", [B, A, A])
    end_action_phase(state, last=B)
    act(state, "procession ishtar")
    act(state, "ishtar talent")  # B alone in Ishtar
    assert state.vp == [2, 0]


def test_marduk_tie_goes_to_the_rightmost_cube() -> None:
    state = position(4)
    set_temple(state, "marduk", [D, C, B])
    end_action_phase(state, last=A)
    act(state, "procession marduk")
    assert temple(state, "marduk") == [A, D, C, B]
    assert state.vp == [0, 2, 1, 0]


def test_temple_tie_none_alternative() -> None:
    game = alternative_game(4, temple_tie_rightmost=False)
    state = position(game=game)
    set_temple(state, "marduk", [D, D, C, B])
    end_action_phase(state, last=A)
    act(state, "procession marduk")
    assert temple(state, "marduk") == [A, D, D, C]
    # D 2 is 1st; A and C tie for 2nd: nobody
    assert state.vp == [0, 0, 0, 2]


def tammouz_position(players: int = 3):
    """Tammouz holds A, C, C; when B leads the procession there it holds B, A, C, C: C is
    1st (2 cubes), A 2nd (1 cube, right of B's)."""
    state = position(players)
    set_temple(state, "tammouz", [A, C, C])
    return state


def test_tammouz_first_field_second_exchange() -> None:
    state = tammouz_position()
    give(state, B, "wine")
    end_action_phase(state, last=B)
    act(state, "procession tammouz")
    assert temple(state, "tammouz") == [B, A, C, C]
    # C 1st (2 cubes); A and B 1 each, A's cube (position 2) is right of B's (1)
    assert state.phase == PHASE_TAMMOUZ_FIELD and state.current == C
    act(state, "field F2")
    assert resources(state, C) == {"salt": 1}
    # A is 2nd but holds nothing to exchange: no decision, the round ends
    assert state.round == 2


def test_tammouz_exchange_options() -> None:
    state = tammouz_position()
    give(state, A, "wine", "dates")
    empty_stock(state, "palm", C)
    end_action_phase(state, last=B)
    act(state, "procession tammouz")
    act(state, "decline")  # C declines the field cube
    assert state.phase == PHASE_EXCHANGE and state.current == A
    assert legal(state) == {
        "exchange dates for barley",
        "exchange dates for salt",
        "exchange wine for barley",
        "exchange wine for dates",
        "exchange wine for salt",
        "decline",
    }
    act(state, "exchange wine for salt")
    assert resources(state, A) == {"dates": 1, "salt": 1}
    assert state.res_stock[4] == 7 and state.round == 2
    check_conservation(state)


def test_tammouz_exchange_may_be_declined() -> None:
    state = tammouz_position()
    give(state, A, "barley")
    end_action_phase(state, last=B)
    act(state, "procession tammouz")
    act(state, "field F1")
    assert state.phase == PHASE_EXCHANGE
    act(state, "decline")
    assert resources(state, A) == {"barley": 1} and state.round == 2


def test_tammouz_exchange_never_gives_wine_away_when_the_data_forbids() -> None:
    game = alternative_game(3, tammouz_may_give_wine=False)
    state = position(game=game)
    set_temple(state, "tammouz", [A, C, C])
    give(state, A, "wine")
    end_action_phase(state, last=B)
    act(state, "procession tammouz")
    act(state, "decline")
    assert state.round == 2 and resources(state, A) == {"wine": 1}


def test_tammouz_with_two_players_has_no_exchange() -> None:
    state = position(2)
    set_temple(state, "tammouz", [A, A])
    give(state, B, "barley")
    end_action_phase(state, last=B)
    act(state, "procession tammouz")
    assert temple(state, "tammouz") == [B, A, A]
    act(state, "field F1")
    assert state.round == 2 and resources(state, B) == {"barley": 1}


def test_rewards_come_in_the_order_ishtar_marduk_tammouz() -> None:
    state = position(3)
    set_temple(state, "ishtar", [A])
    set_temple(state, "marduk", [A])
    set_temple(state, "tammouz", [A, B])
    give(state, A, "dates")
    end_action_phase(state, last=C)
    act(state, "procession ishtar")
    assert temple(state, "ishtar") == [C, A]  # A 1st (rightmost), C 2nd
    assert state.phase == PHASE_ISHTAR and state.current == A
    assert state.vp == [0, 0, 0]  # Marduk not yet resolved
    round_trip(state)
    act(state, "ishtar talent")
    assert state.talents == [4, 3, 3] and state.camels == [0, 0, 1]
    assert state.vp == [2, 0, 0]
    assert temple(state, "tammouz") == [N, A, B]  # B 1st, A 2nd
    assert state.phase == PHASE_TAMMOUZ_FIELD and state.current == B
    act(state, "field F1")
    assert state.phase == PHASE_EXCHANGE and state.current == A
    act(state, "exchange dates for palm")
    assert resources(state, A) == {"palm": 1} and state.round == 2


def test_passed_players_take_part_in_the_temples() -> None:
    state = position(3)
    set_temple(state, "marduk", [A, A])
    act(state, "pass")  # A passes first
    acts(state, "pass", "pass")
    act(state, "procession ishtar")  # C alone in Ishtar
    act(state, "ishtar camel")
    assert state.vp == [2, 0, 0] and state.phase == PHASE_ACTION
