"""Every placement rule of step 2 (rules reference §11) accepted and refused, with the
reason the player reads; the upper skills' scoring; fountains nobody or everybody controls.

The map is board B1 alone, side A, rotation 0, centred on (0,0) (as in the worked
examples); its fountain (0,0) is violet; sacred tablets at (-3,1), (-1,-1), (2,-3).
"""

from __future__ import annotations

import pytest

from ziggurat.core.errors import IllegalAction
from ziggurat.games.ishtar import scoring

from .helpers import ALICE, BOB, VIOLET, act, example_state, hand_tile, play_turn


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("place 2,-1 r1", "must touch a fountain or a placed tile"),
        ("place -1,0 r0", "hex 0,0 is a fountain"),
        ("place -2,0 r5", "hex -1,-1 is a sacred tablet"),
        ("place 2,1 r0", "hex 3,1 is off the map"),
    ],
)
def test_a_first_tile_is_refused_for_each_reason(move: str, reason: str) -> None:
    state = example_state()
    hand_tile(state, "I06")  # F1 G F2, not symmetric: all six rotations are moves
    with pytest.raises(IllegalAction, match=reason):
        act(state, move)
    assert state.tile_mask == 0


ROTATIONS = {  # rules reference §3.4: spaces 0, 1, 2 of each shape at rotations 0-5
    "I": "(0,0) (1,0) (2,0) | (0,0) (0,1) (0,2) | (0,0) (-1,1) (-2,2) | (0,0) (-1,0) (-2,0) | "
    "(0,0) (0,-1) (0,-2) | (0,0) (1,-1) (2,-2)",
    "V": "(0,0) (1,0) (2,-1) | (0,0) (0,1) (1,1) | (0,0) (-1,1) (-1,2) | (0,0) (-1,0) (-2,1) | "
    "(0,0) (0,-1) (-1,-1) | (0,0) (1,-1) (1,-2)",
    "T": "(0,0) (1,0) (0,1) | (0,0) (0,1) (-1,1) | (0,0) (-1,1) (-1,0) | (0,0) (-1,0) (0,-1) | "
    "(0,0) (0,-1) (1,-1) | (0,0) (1,-1) (1,0)",
}


def test_the_view_turns_each_shape_as_the_rules_reference_table() -> None:
    """The front ends draw a tile at each rotation from the view's ``tile_turns`` alone."""
    view = example_state().view(None)
    for shape, table in ROTATIONS.items():
        turns = [
            [[int(x) for x in cell.strip("()").split(",")] for cell in row.split()]
            for row in table.split(" | ")
        ]
        assert view["tile_turns"][shape] == turns
        assert view["tile_shapes"][shape] == turns[0]


def test_a_tile_may_not_lie_on_another() -> None:
    state = example_state()
    play_turn(state, "IS1", "place 1,0 r0", "no action")
    hand_tile(state, "I06")
    with pytest.raises(IllegalAction, match="hex 2,0 already has a tile"):
        act(state, "place 2,0 r1")


def test_touching_a_tile_is_enough_and_a_garden_may_grow_away_from_the_fountain() -> None:
    state = example_state()
    play_turn(state, "IS1", "place 1,0 r0", "no action")  # (1,0) (2,0) (3,0)
    hand_tile(state, "I06")
    act(state, "place 3,-1 r4")  # (3,-1) (3,-2) (3,-3): touches only the tile at (3,0)
    assert len(state.game.grid.components(state.tile_mask)) == 1


def test_two_assistants_of_one_owner_may_not_share_a_bed() -> None:
    state = example_state()
    play_turn(state, "IS1", "place 1,0 r0", "assistant")  # Alice's bed {(3,0)}
    play_turn(state, "V05", "place -1,0 r2", "no action")
    play_turn(state, "I01", "place 0,1 r0", "assistant")  # Alice's bed {(1,0), (0,1)}
    play_turn(state, "I04", "place -1,1 r1")
    assert state.current == ALICE
    hand_tile(state, "I11")  # F1 F1 F1 from (1,-1): would join her two beds
    with pytest.raises(IllegalAction, match="two assistants"):
        act(state, "place 1,-1 r0")
    legal = {str(a) for a in state.legal_actions()}
    assert "place 1,-1 r0" not in legal and legal  # other placements remain


def test_a_repeated_result_is_listed_once_and_its_twin_refused() -> None:
    state = example_state()
    hand_tile(state, "I04")  # G F4 G with no icon: r3 lays the same as r0 from the far end
    legal = {str(a) for a in state.legal_actions()}
    assert "place 1,0 r0" in legal and "place 3,0 r3" not in legal
    with pytest.raises(IllegalAction, match="another rotation lays the same tile"):
        act(state, "place 3,0 r3")


def test_head_gardener_counts_assistants_on_the_map() -> None:
    state = example_state()
    play_turn(state, "IS1", "place 1,0 r0", "assistant")
    u1 = state.game.data.skill_ids.index("U1")
    l1 = state.game.data.skill_ids.index("L1")
    state.skill_turn[ALICE * 10 + l1] = 0
    state.skill_turn[ALICE * 10 + u1] = 1
    state.skill_pay[ALICE * 10 + l1] = state.skill_pay[ALICE * 10 + u1] = (0, 0, 0)
    assert scoring.breakdown(state)[ALICE]["skills"] == 2


def test_a_fountain_nobody_controls_scores_for_nobody() -> None:
    state = example_state()
    play_turn(state, "IS1", "place 1,0 r0", "no action")
    assert scoring.fountain_control(state, scoring.flowerbeds(state)) == [[]]
    assert [p["fountains"] for p in scoring.breakdown(state)] == [0, 0]


def test_three_players_tied_all_score_the_fountain() -> None:
    state = example_state(players=3, fountains=(VIOLET,))
    play_turn(state, "I01", "place 0,3 r4", "assistant")  # seat 0: bed {(0,3)}
    play_turn(state, "V01", "place -1,0 r2", "assistant")  # seat 1: bed {(-1,0)}
    play_turn(state, "T01", "place 1,0 r0", "assistant")  # seat 2: bed {(1,0)}
    control = scoring.fountain_control(state, scoring.flowerbeds(state))
    assert control == [[0, 1, 2]]
    assert [p["fountains"] for p in scoring.breakdown(state)] == [4, 4, 4]
    assert [p["flowers"] for p in scoring.breakdown(state)] == [2, 2, 2]
    assert state.current == ALICE and BOB == 1
