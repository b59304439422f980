"""Babylonia's search helpers: priors, rollout moves and the evaluation of cut-off rollouts."""

import ziggurat
from ziggurat.core.rng import Rng
from ziggurat.games.babylonia import heuristics
from ziggurat.games.babylonia.position import make_position


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
