"""Babylonia's search helpers: priors, rollout moves and the evaluation of cut-off rollouts."""

import ziggurat
from ziggurat.core.rng import Rng
from ziggurat.games.babylonia import heuristics
from ziggurat.games.babylonia.game import BabyloniaGame
from ziggurat.games.babylonia.position import TokenSpec, make_position
from ziggurat.games.babylonia.state import BabyloniaState


def test_the_prior_prefers_a_crop_field_worth_points() -> None:
    game = ziggurat.load_game("babylonia", players=2)
    # Seat 0 has a farmer next to the 7 field at (12,4); (10,6) is plain free land.
    state = make_position(
        game,
        tiles={(12, 4): "7", (6, 0): "M", (19, 5): "S"},
        tokens=[((10, 4), 0, "farmer")],
        stands={0: "FFFFF"},
    )
    field = game.parse_action(state, "F12,4")
    plain = game.parse_action(state, "F10,6")
    assert field in state.legal_actions() and plain in state.legal_actions()
    assert heuristics.action_prior(state, 0, field) >= heuristics.action_prior(state, 0, plain) + 7


def test_rollout_moves_are_legal() -> None:
    game = ziggurat.load_game("babylonia", players=3)
    state = game.new_initial_state(seed=4)
    rng = Rng(4)
    for _ in range(300):
        if state.is_terminal():
            break
        action = heuristics.rollout_action(state, rng)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_evaluate_rewards_the_leader() -> None:
    game = ziggurat.load_game("babylonia", players=3)
    state = make_position(game, scores=[30, 10, 30])
    values = heuristics.evaluate(state)
    assert values[0] == values[2] == 0.5
    assert values[1] < 0.1
    state = make_position(game, scores=[40, 10, 30])
    assert heuristics.evaluate(state)[0] > 0.75


CITY_TILES = {(6, 0): "MS", (19, 5): "SP", (22, 8): "MP"}
AROUND_CITY = [((4, 0), 0, "merchant"), ((5, 1), 0, "farmer"), ((7, 1), 1, "servant")]


def around_city(game: BabyloniaGame, *more: TokenSpec) -> BabyloniaState:
    """The city (6,0) with the tokens of AROUND_CITY and ``more``; seat 0 has won one city
    and 10 points, seat 1 two cities and 12 points."""
    tokens = [*AROUND_CITY, *more]
    return make_position(game, tiles=CITY_TILES, tokens=tokens, cities_won=[1, 2], scores=[10, 12])


def test_expected_points_count_what_the_board_promises() -> None:
    """The city (6,0) prints M and S; its land neighbours are (4,0) (5,1) (7,1) (8,0), and
    (4,0) and (5,1) also touch the ziggurat (3,1), whose other land neighbours are (1,1) and
    (2,0). Seat 0 has a merchant on (4,0) and a farmer on (5,1); seat 1 a servant on (7,1)."""
    game = ziggurat.load_game("babylonia", players=2)
    state = around_city(game)
    # The city is 3/4 surrounded: each seat's matching noble pays 2 at (1 + 3/4) / 2, and
    # seat 0's majority pays the city counts at 3/4, its own new city included (2 to seat 0,
    # 2 to seat 1). The ziggurat is half surrounded, seat 0 leads: 4 points at 1/2.
    assert heuristics.expected_points(state) == [10 + 1.75 + 1.5 + 2.0, 12 + 1.75 + 1.5]
    assert heuristics.evaluate(state) == [0.5, 0.5]
    # A servant of seat 1 on (8,0) surrounds the city and ties its majority: no capture,
    # and the servant pays 2 more points, in full now.
    state = around_city(game, ((8, 0), 1, "servant"))
    assert heuristics.expected_points(state) == [10 + 2.0 + 2.0, 12 + 4.0]
    # With the rules option that a tied city pays the city counts, it pays them in full.
    tied = ziggurat.load_game("babylonia", players=2, tied_city_scores=True)
    state = around_city(tied, ((8, 0), 1, "servant"))
    assert heuristics.expected_points(state) == [10 + 2.0 + 2.0 + 1, 12 + 4.0 + 2]
