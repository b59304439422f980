"""to_json / state_from_json: exact round trips and clear refusals of corrupt states."""

import copy
import json

import pytest

import ziggurat
from ziggurat.testing import play_random_game


@pytest.fixture(scope="module")
def game():
    return ziggurat.load_game("babylonia", players=3)


@pytest.fixture(scope="module")
def midgame(game):
    state = game.new_initial_state(seed=3)
    for _ in range(40):
        state.apply_action(state.legal_actions()[len(state.legal_actions()) // 3])
    return state


def test_round_trip_keeps_the_generator(game, midgame) -> None:
    data = json.loads(json.dumps(midgame.to_json()))
    copy_ = game.state_from_json(data)
    assert copy_.to_json() == midgame.to_json()
    # Same future: the same actions draw the same tokens.
    a, b = midgame.clone(), copy_
    for _ in range(30):
        if a.is_terminal():
            break
        action = a.legal_actions()[0]
        a.apply_action(action)
        b.apply_action(game.parse_action(b, str(action)))
    assert a.to_json() == b.to_json()


def test_finished_game_round_trips(game) -> None:
    final, _ = play_random_game(game, seed=9)
    assert game.state_from_json(final.to_json()).to_json() == final.to_json()


def corrupt(data: dict, path: str, value) -> dict:
    data = copy.deepcopy(data)
    target = data
    keys = path.split(".")
    for key in keys[:-1]:
        target = target[int(key)] if key.isdigit() else target[key]
    last = keys[-1]
    if value is KeyError:
        del target[last]
    elif last.isdigit():
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
        # the preamble is the kernel's to check: the saved value and this game's
        ("options", {"players": 4}, r"saved with options \{'players': 4\}, not \{'players': 3"),
        ("data_version", "ffff", r"saved with component data version ffff, but the loaded"),
        ("turn", KeyError, r"field turn: Field required"),
        ("cards.0.owner", 9, r"field cards\[0\]\.owner"),
        ("surprise", 1, r"field surprise: Extra inputs are not permitted"),
    ],
)
def test_corrupt_states_are_refused(game, midgame, path, value, message) -> None:
    data = corrupt(midgame.to_json(), path, value)
    with pytest.raises(ziggurat.CorruptState, match=message):
        game.state_from_json(data)


def test_not_a_dict(game) -> None:
    with pytest.raises(ziggurat.CorruptState, match="state"):
        game.state_from_json([1, 2, 3])
