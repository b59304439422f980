"""to_json / state_from_json: exact round trips in every phase, and clear refusals of corrupt
or foreign states."""

from __future__ import annotations

import copy
import json
import random

import pytest

import ziggurat
from ziggurat.testing import play_random_game

from .helpers import BOAT, disc_id, new_game, play, scene

PHASES = ("choose", "offer", "accept", "triple", "double", "over")


def phase(state) -> str:
    return state.view(None)["phase"]


def reread(state):
    data = json.loads(json.dumps(state.to_json()))
    again = state.game.state_from_json(data)
    assert again.to_json() == state.to_json()
    assert again.view(0) == state.view(0) and again.view(None) == state.view(None)
    assert again.legal_actions() == state.legal_actions()
    return again


def same_future(a, b, seed: int, steps: int = 60) -> None:
    """Both states play on alike: the generator and the pile order were kept."""
    rng = random.Random(seed)
    a, b = a.clone(), b.clone()
    for _ in range(steps):
        if a.is_terminal():
            break
        action = rng.choice(a.legal_actions())
        a.apply_action(action)
        b.apply_action(b.game.parse_action(b, str(action)))
    assert a.to_json() == b.to_json()


def one_state_per_phase(game, seed: int) -> dict[str, object]:
    found: dict[str, object] = {}
    for g in range(200):
        rng = random.Random(seed + g)
        state = game.new_initial_state(seed + g)
        while True:
            found.setdefault(phase(state), state.clone())
            if state.is_terminal() or len(found) == len(PHASES):
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if len(found) == len(PHASES):
            return found
    raise AssertionError(f"random play never reached {set(PHASES) - set(found)}")


@pytest.mark.parametrize("options", [{}, {"two_type_discs": True}], ids=["base", "two-type-discs"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_round_trip_in_every_phase(players: int, options: dict) -> None:
    game = new_game(players, **options)
    for name, state in one_state_per_phase(game, players * 100).items():
        again = reread(state)
        assert phase(again) == name
        same_future(state, again, seed=players)


def test_round_trip_with_pending_offers_and_an_exchange_card() -> None:
    state = scene(disc=disc_id(5, BOAT), hands={0: "5 boat", 1: "2 boat", 2: "1 boat 1 crane"})
    play(state, "build giza 1", "offer 2 boat", "offer 1 boat 1 crane + exchange")
    assert phase(state) == "offer" and state.current_player == 3
    again = reread(state)
    assert again.offer_of(2) == [0, 1, 1, 0] and again.offer_exchange[2] == 1
    play(state, "offer nothing")
    again = reread(state)
    assert phase(again) == "accept"
    assert again.view(None)["build"]["offers"][1]["cards"]["crane"] == 1
    same_future(state, again, seed=1)


def test_finished_game_round_trips() -> None:
    game = new_game(4)
    final, _ = play_random_game(game, seed=9)
    again = reread(final)
    assert again.is_terminal() and again.winners() == final.winners()
    assert again.final_parts == final.final_parts


# =========================================================================== corrupt states


@pytest.fixture(scope="module")
def offer_state():
    """Seat 1 has offered (2 boats + exchange), seat 2 decides; seat 0 built on giza 1."""
    state = scene(disc=disc_id(5, BOAT), hands={0: "5 boat", 1: "2 boat 1 camel", 2: "1 boat"})
    play(state, "build giza 1", "offer 2 boat + exchange")
    return state


def corrupt(data: dict, path: str, value) -> dict:
    data = copy.deepcopy(data)
    target = data
    keys = path.split(".")
    for key in keys[:-1]:
        target = target[int(key)] if key.isdigit() else target[key]
    last = keys[-1]
    index = int(last) if last.isdigit() else last
    if value is KeyError:
        del target[index]
    elif callable(value):
        target[index] = value(target[index])
    else:
        target[index] = value
    return data


def plus(k: int):
    return lambda v: v + k


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("hands.0.0", plus(1), r"building cards of type 0: 26, not 25"),
        ("hands.3.3", plus(-1), r"building cards of type 3: 24, not 25"),
        ("pile", lambda p: [*p, 2], r"building cards of type 2: 26, not 25"),
        ("discard.1", plus(1), r"building cards of type 1: 26, not 25"),
        ("build.offers.1.2", plus(1), r"building cards of type 2: 26, not 25"),
        ("pile", KeyError, r"field pile: Field required"),
        ("hands", KeyError, r"field hands: Field required"),
        ("hands.0", [1, 2, 3], r"hands: 4 rows of 4"),
        ("pile.0", 7, r"pile holds card types 0\.\.3"),
        ("action_cards.0.0", plus(1), r"action cards of kind 0: 3, not 2"),
        ("action_pile", lambda p: p[1:], r"action cards of kind \d: \d+, not \d"),
        ("supply.0", plus(-1), r"seat 0's piece supply 28 does not match its pieces"),
        ("pieces.0.3", 2, r"seat 3's piece supply 29 does not match its pieces"),
        ("exchange_in_hand.1", True, r"seat 1's exchange card must be in its hand or"),
        ("exchange_in_hand.2", False, r"seat 2's exchange card must be in its hand or"),
        ("spaces.1", lambda d: None, r"the discs on the board and the owned discs must be"),
        ("disc_owner.0", 9, r"a disc owner is not a seat"),
        ("phase", "lunch", r"field phase: Input should be 'choose', 'offer'"),
        ("surprise", 1, r"field surprise: Extra inputs are not permitted"),
        ("marker", 99, r"marker must be 0\.\.7"),
        ("rng", "abc", r"field rng: Input should be a valid integer"),
        ("current_player", 9, r"seat numbers out of range"),
        ("scores.0", "1", r"field scores\[0\]: Input should be a valid integer"),
        ("final", [], r"final scores exactly when over"),
        ("format", 3, r"field format"),
        ("game", "babylonia", r"state is of the game 'babylonia', not 'tower_of_babel'"),
        ("options", {"players": 4}, r"state was saved with options \{'players': 4\}"),
        ("data_version", "ffff", r"saved with component data version ffff"),
        ("current_player", 0, r"current_player 0 does not fit phase offer"),
        ("phase", "choose", r"phase choose cannot have a build"),
        ("phase", "double", r"phase double cannot have a build"),
        ("build.offered", [], r"build\.offered must name the seats from the active player's"),
        ("build.revealed", True, r"build\.revealed does not fit phase offer"),
        ("build.offers.3.0", plus(1), r"building cards of type 0"),
        ("build.space", 99, r"build\.space out of range"),
        ("last_build", {"active": 0}, r"last_build must have exactly the fields"),
    ],
)
def test_corrupt_states_are_refused(offer_state, path: str, value, message: str) -> None:
    data = corrupt(offer_state.to_json(), path, value)
    with pytest.raises(ziggurat.CorruptState, match=message):
        offer_state.game.state_from_json(data)


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("phase", "offer", r"phase offer needs a build"),
        ("phase", "accept", r"phase accept needs a build"),
        ("phase", "triple", r"phase triple needs a build"),
        ("current_player", 2, r"current_player 2 does not fit phase choose \(active player 0\)"),
    ],
)
def test_turn_flow_mismatches_are_refused(path: str, value, message: str) -> None:
    state = new_game(4).new_initial_state(0)
    with pytest.raises(ziggurat.CorruptState, match=message):
        state.game.state_from_json(corrupt(state.to_json(), path, value))


def test_an_offer_where_nobody_offered_is_refused(offer_state) -> None:
    data = offer_state.to_json()
    data["build"]["offers"][3][1] += 1  # seat 3 has not offered yet ...
    data["hands"][3][1] -= 1  # ... and the card count stays right
    if data["hands"][3][1] < 0:
        data["hands"][3][1] += 1
        data["pile"].remove(1)
    with pytest.raises(ziggurat.CorruptState, match="seat 3 has made no offer"):
        offer_state.game.state_from_json(data)


def test_phase_double_needs_a_first_turn() -> None:
    state = scene(disc=disc_id(5, BOAT), hands={0: "5 boat"}, actions={0: ["double_turn"]})
    play(state, "pass")
    data = state.to_json()
    assert data["phase"] == "double"
    reread(state)
    # without the card, point D is still a state of the game: it comes to anyone holding an
    # action card (T17), and a draw three played there may leave him none
    no_card = json.loads(json.dumps(data))
    no_card["action_cards"][0][5] = 0
    no_card["action_discard"][5] += 1
    assert state.game.state_from_json(no_card).legal_actions() == [
        state.game.parse_action(None, "no double turn")
    ]
    data["second_turn"] = True
    with pytest.raises(ziggurat.CorruptState, match="phase double needs an active player"):
        state.game.state_from_json(data)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 3}, r"saved with options .*'players': 4"),
        ({"players": 4, "two_type_discs": True}, r"saved with options"),
        ({"players": 4, "action_cards": False}, r"saved with options"),
    ],
)
def test_foreign_options_are_refused(offer_state, options: dict, message: str) -> None:
    other = ziggurat.load_game("tower_of_babel", **options)
    with pytest.raises(ziggurat.CorruptState, match=message):
        other.state_from_json(offer_state.to_json())


@pytest.mark.parametrize("data", [[1, 2, 3], "state", None, 7])
def test_not_a_dict(data) -> None:
    with pytest.raises(ziggurat.CorruptState, match="Tower of Babel state"):
        new_game(4).state_from_json(data)
