"""What a seat may not learn: regressions for leaks through the flow of play.

An automatic end of placement must not depend on what a stand holds, and a determinized
world must agree with what a half-built turn shows the table. A refill drawn at random after
another seat's decision differs between worlds by chance, and is no leak.
"""

import random

import pytest

import ziggurat
from ziggurat.games.babylonia.position import make_position


def play(state, *texts: str) -> None:
    for text in texts:
        state.apply_action(state.game.parse_action(state, text))


@pytest.fixture(scope="module")
def game():
    return ziggurat.load_game("babylonia", players=2)


@pytest.mark.parametrize("stand", ["MSFFF", "MSPFF", "FFSSS"])
def test_two_farmers_never_end_placement_by_themselves(game, stand: str) -> None:
    """Whether a third farmer is on the stand or not, seat 0 sees the same table."""
    state = make_position(game, stands={0: "MSPFF", 1: stand}, turn_player=1)
    play(state, "F10,6", "F10,8")
    assert state.view(0)["phase"] == "place"
    assert state.view(0)["placed_this_turn"] == 2
    assert "end" in {str(a) for a in state.legal_actions()}


def test_card_4_pause_is_the_same_with_or_without_the_third_noble(game) -> None:
    views = []
    for stand in ("MSPFF", "MSFFF"):
        state = make_position(
            game, stands={0: "FFFFF", 1: stand}, turn_player=1, card_owners={4: 1}
        )
        play(state, "M10,6", "S10,8")
        views.append(state.view(0))
    assert views[0] == views[1]


def test_placement_ends_by_itself_when_no_stand_could_continue(game) -> None:
    # A river token among the two: no third token of any kind may follow, whatever the stand.
    state = make_position(game, stands={0: "MSPFF", 1: "FFFFF"}, turn_player=1)
    play(state, "F0,8", "F10,6")
    assert state.current_player == 0 and state.turn_player == 0
    # The stand ran empty: nothing could follow either.
    state = make_position(game, stands={0: "MSPFF", 1: "FF"}, turn_player=1)
    play(state, "F10,6", "F10,8")
    assert state.turn_player == 0


def test_determinize_keeps_the_farmer_a_half_built_card_5_turn_needs(game) -> None:
    state = make_position(game, stands={0: "MSPFF", 1: "MFFFS"}, turn_player=1, card_owners={5: 1})
    play(state, "M10,6", "F10,8", "F1,7")
    assert "end" not in {str(a) for a in state.legal_actions()}
    for seed in range(200):
        world = state.determinize(0, random.Random(seed))
        assert world.stand_counts(1)[3] >= 1
        assert "end" not in {str(a) for a in world.legal_actions()}
        assert world.view(0) == state.view(0)


def test_a_refill_after_another_seats_card_differs_only_in_the_own_stand() -> None:
    """Seat 0 closes the north ziggurat, which seat 1 wins; seat 1's card ends seat 0's turn
    and seat 0's stand is refilled from its bag. Two worlds seat 0 cannot tell apart draw it
    different tokens (the generator is reseeded), which ``without_draws`` sets aside."""
    game = ziggurat.load_game("babylonia", players=2, start_player=0)
    tokens = [((1, 1), 1, "farmer"), ((2, 0), 1, "farmer"), ((4, 0), 1, "farmer")]
    state = make_position(
        game, tiles={(19, 5): "SP", (22, 8): "MP"}, tokens=tokens, stands={0: "MSPFF"}
    )
    play(state, "F5,1", "F1,7", "end")
    assert state.view(None)["phase"] == "card" and state.current_player == 1
    stands = set()
    for seed in range(20):
        world = state.determinize(0, random.Random(seed))
        after, world_after = state.clone(), world
        play(after, "card 3")
        play(world_after, "card 3")
        assert after.current_player == world_after.current_player == 1
        seen, world_seen = after.view(0), world_after.view(0)
        stands.add(tuple(world_seen["players"][0]["stand"].values()))
        assert game.without_draws(seen) == game.without_draws(world_seen)
        assert world_seen["players"][0]["stand_size"] == seen["players"][0]["stand_size"] == 5
    assert len(stands) > 1  # the draws really differ, so the hook is needed
    assert all("stand" not in p for p in game.without_draws(seen)["players"])
