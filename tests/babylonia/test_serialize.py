"""state_from_json refuses a corrupt Babylonia state naming the field and what is wrong with
it. The round trips, and what every game refuses (another game's, option set's or data file's
state, a field missing or unknown), are in tests/core/test_every_game_files_and_options.py."""

import copy

import pytest

import ziggurat


@pytest.fixture(scope="module")
def game():
    return ziggurat.load_game("babylonia", players=3)


@pytest.fixture(scope="module")
def midgame(game):
    state = game.new_initial_state(seed=3)
    for _ in range(40):
        state.apply_action(state.legal_actions()[len(state.legal_actions()) // 3])
    return state


def corrupt(data: dict, path: str, value) -> dict:
    data = copy.deepcopy(data)
    target = data
    keys = path.split(".")
    for key in keys[:-1]:
        target = target[int(key)] if key.isdigit() else target[key]
    last = keys[-1]
    if last.isdigit():
        target[int(last)] = value
    else:
        target[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("players.0.bag", [0, 0, 0, 0], r"field players\[0\]: merchants on board, stand and bag"),
        ("tokens.0.hex", [1, 2], r"field tokens\[0\]\.hex: hex 1,2 is not in play"),
        ("tokens.0.seat", 7, r"field tokens\[0\]\.seat: 7 is not a seat"),
        ("tokens.0.kind", "king", r"field tokens\[0\]\.kind"),
        ("rng", "abc", r"field rng"),
        ("phase", "lunch", r"field phase"),
        ("current_player", -4, r"field current_player: -4 does not fit phase"),
        ("cards.0.owner", 9, r"field cards\[0\]\.owner"),
    ],
)
def test_corrupt_states_are_refused(game, midgame, path, value, message) -> None:
    data = corrupt(midgame.to_json(), path, value)
    with pytest.raises(ziggurat.CorruptState, match=message):
        game.state_from_json(data)
