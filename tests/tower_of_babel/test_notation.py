"""Action notation: exact round trips, lenient input, clear refusals; illegal and
out-of-turn moves refused with a reason and nothing changed."""

from __future__ import annotations

import pytest

import ziggurat

from .helpers import BOAT, disc_id, new_game, play, put_pieces, scene, take_disc

OPTION_SETS = [{}, {"two_type_discs": True}, {"action_cards": False}]


@pytest.mark.parametrize("options", OPTION_SETS, ids=["base", "two-type", "no-cards"])
@pytest.mark.parametrize(("players", "count"), [(3, 943), (4, 1311), (5, 2047)])
def test_every_action_round_trips(players: int, count: int, options: dict) -> None:
    # pass, 24 builds, 419 offers (0-6 cards, with or without the exchange card), 2^N seat
    # sets x 46 joker uses, give up, triple / no triple, double / no double, draw three,
    # 125 trades (1-5 cards)
    game = new_game(players, **options)
    state = game.new_initial_state(0)
    assert game.num_distinct_actions == count
    texts = set()
    for number in range(game.num_distinct_actions):
        action = game.int_to_action(state, number)
        text = str(action)
        assert text == text.strip() and text == text.lower() and "  " not in text
        assert game.parse_action(state, text) == action
        assert game.parse_action(None, text.upper()) == action
        assert game.action_to_int(action) == number
        texts.add(text)
    assert len(texts) == count


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("PASS", "pass"),
        ("  pass ", "pass"),
        ("Build Giza 2", "build giza 2"),
        ("build  babel   3", "build babel 3"),
        ("build giza-2", "build giza 2"),
        ("offer 2 boats + exchange", "offer 2 boat + exchange"),
        ("offer 2 boat +exchange", "offer 2 boat + exchange"),
        ("offer exchange + 2 boat", "offer 2 boat + exchange"),
        ("offer 1 boat with exchange", "offer 1 boat + exchange"),
        ("offer 1 boat 2 crane", "offer 2 crane 1 boat"),
        ("offer boat crane boat", "offer 1 crane 2 boat"),
        ("offer 2 boat, 1 crane", "offer 1 crane 2 boat"),
        ("Offer 2 Stonemasons and 1 Camel", "offer 1 camel 2 stonemason"),
        ("offer none", "offer nothing"),
        ("offer", "offer nothing"),
        ("accept 3 1", "accept 1 3"),
        ("accept seats 1 and 3", "accept 1 3"),
        ("accept seat 2", "accept 2"),
        ("accept nobody", "accept none"),
        ("accept", "accept none"),
        ("accept 2 + joker 2 boats", "accept 2 + joker 2 boat"),
        ("accept 2+joker 2 boat", "accept 2 + joker 2 boat"),
        ("accept none + 2 jokers 2 boat 2 camel", "accept none + 2 jokers 2 camel 2 boat"),
        ("accept none + jokers stonemason camel", "accept none + joker 1 camel 1 stonemason"),
        ("Give Up", "give up"),
        ("giveup", "give up"),
        ("give-up", "give up"),
        ("triple", "triple bonus"),
        ("no-triple", "no triple bonus"),
        ("No Triple Bonus", "no triple bonus"),
        ("double", "double turn"),
        ("no double", "no double turn"),
        ("draw 3", "draw three"),
        ("Draw Three", "draw three"),
        ("draw-three", "draw three"),
        ("trade 1 boat 2 camels", "trade 2 camel 1 boat"),
    ],
)
def test_lenient_forms(text: str, canonical: str) -> None:
    game = new_game(4)
    assert str(game.parse_action(None, text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", r"an empty text is no action; actions are written pass, build giza 2"),
        ("   ", r"an empty text is no action; actions are written pass, build giza 2"),
        ("x" * 201, r"an action is at most 200 characters, not 201; actions are written pass"),
        ("fly", r"'fly' is not an action"),
        ("pass now", r"is not an action"),
        ("build atlantis 1", r"write build <wonder> <space>, the wonders being giza, rhodes"),
        ("build giza", r"write build <wonder> <space>"),
        ("build giza 4", r"spaces are numbered 1 to 3"),
        ("build giza 0", r"spaces are numbered 1 to 3"),
        ("offer 3 dragons", r"'dragons' is not a building type; the types are camel, crane"),
        ("offer 2", r"2 of which type\?"),
        ("offer 7 boat", r"no offer holds 7 boat; an offer holds at most 6 building cards"),
        ("offer + exchange", r"no offer holds nothing with the exchange card"),
        ("accept x", r"accept names the seats whose offers are taken"),
        ("accept 7", r"no such acceptance"),
        ("accept none + 3 jokers 6 boat", r"no such acceptance"),
        ("accept 1 + 2 jokers 2 boat", r"no such acceptance"),
        ("accept 1 + joker 3 boat", r"no such acceptance"),
        ("accept 1 + 2 boat", r"after '\+' write 'joker 2 boat'"),
        ("trade nothing", r"a card trade discards 1 to 5 building cards"),
        ("trade 6 camel", r"a card trade discards 1 to 5 building cards"),
        ("trade 2 gold", r"'gold' is not a building type"),
    ],
)
def test_garbage_is_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(ziggurat.IllegalAction, match=message):
        new_game(4).parse_action(None, text)


def test_non_text_and_bad_numbers() -> None:
    game = new_game(4)
    with pytest.raises(ziggurat.IllegalAction, match="written as text, not int"):
        game.parse_action(None, 5)
    for number in (-1, game.num_distinct_actions):
        with pytest.raises(ziggurat.IllegalAction, match=r"outside 0\.\.1310"):
            game.int_to_action(None, number)
    for number in (True, "3", 2.0):
        with pytest.raises(ziggurat.IllegalAction, match="an action number is an int"):
            game.int_to_action(None, number)


# =========================================================================== illegal moves


def refused(state, action, message: str) -> None:
    """``action`` (text or action) is refused with ``message``, and nothing changes."""
    if isinstance(action, str) and not message.startswith("TEXT"):
        action = state.game.parse_action(state, action)
    else:
        message = message.removeprefix("TEXT")
    before = state.to_json()
    current = state.current_player
    reason = state.why_illegal(action)
    assert reason is not None
    with pytest.raises(ziggurat.IllegalAction, match=message) as info:
        state.apply_action(action)
    assert str(info.value) == reason
    assert action not in state.legal_actions()
    assert state.to_json() == before
    assert state.current_player == current


@pytest.fixture
def turn():
    """Seat 0 builds "5 boat" on giza 1 holding 4 boats; seat 1 holds 1 boat."""
    state = scene(disc=disc_id(5, BOAT), hands={0: "4 boat", 1: "1 boat"})
    take_disc(state, 3, 2)  # rhodes 1 is empty
    return state


def test_illegal_at_point_a(turn) -> None:
    refused(turn, "offer 1 boat", r"offer 1 boat: seat 0 starts a turn: pass, or build")
    refused(turn, "accept none", r"seat 0 starts a turn")
    refused(turn, "triple bonus", r"seat 0 starts a turn")
    refused(turn, "build rhodes 1", r"build rhodes 1: that space has no disc left")
    refused(turn, "draw three", r"draw three: seat 0 holds no draw_three card")
    refused(turn, "trade 1 boat", r"trade 1 boat: seat 0 holds no card_trade card")
    refused(turn, "pass", r"TEXT'pass' is text; turn it into an action with game\.parse_action")
    refused(turn, 17, r"TEXT17 is not an action of this game")
    foreign = new_game(5).actions.by_text["accept 4"]
    refused(turn, foreign, r"is not an action of this game")


def test_illegal_at_point_o(turn) -> None:
    play(turn, "build giza 1")
    assert turn.current_player == 1
    refused(turn, "pass", r"pass: seat 1 makes a face-down offer now: offer <cards>")
    refused(turn, "build giza 2", r"seat 1 makes a face-down offer now")
    refused(turn, "accept 1", r"seat 1 makes a face-down offer now")
    refused(
        turn,
        "offer 2 boat",
        r"offer 2 boat: seat 1 may offer cards from the hand \(1 boat\): at most 5 in all, "
        r"at most 5 boat, at most 29 matching \(piece supply\), and the exchange card only",
    )
    refused(turn, "offer 1 camel", r"may offer cards from the hand \(1 boat\)")
    play(turn, "offer 1 boat")
    refused(turn, "offer 1 boat", r"seat 2 may offer cards from the hand \(nothing\)")


def test_illegal_at_point_s(turn) -> None:
    play(turn, "build giza 1", "offer 1 boat", "offer nothing", "offer nothing")
    assert turn.current_player == 0
    refused(turn, "accept none", r"that acceptance cannot be completed exactly")
    refused(turn, "accept 2", r"that acceptance cannot be completed exactly")
    refused(turn, "accept 1 + joker 2 boat", r"cannot be completed exactly")
    refused(turn, "give up", r"give up: the disc can be completed with building cards alone")
    refused(turn, "pass", r"seat 0 accepts offers now: accept <seats> \(or none\)")
    refused(turn, "offer nothing", r"seat 0 accepts offers now")


def test_illegal_at_points_t_d_and_over() -> None:
    state = scene(
        disc=disc_id(5, BOAT),
        hands={0: "5 boat", 1: "1 boat"},
        actions={1: ["triple_bonus"], 0: ["double_turn"]},
    )
    play(state, "build giza 1", "offer 1 boat", "offer nothing", "offer nothing", "accept none")
    refused(state, "pass", r"seat 1 decides on the triple bonus: triple bonus or no triple")
    refused(state, "double turn", r"seat 1 decides on the triple bonus")
    play(state, "no triple bonus")
    refused(state, "pass", r"seat 0 decides on the double turn: double turn or no double turn")
    refused(state, "triple bonus", r"seat 0 decides on the double turn")
    # the end
    end = scene(3, disc=disc_id(3, BOAT), hands={0: "3 boat"})
    for disc in range(12, 18):
        if end.disc_owner[disc] < 0 and disc != disc_id(3, BOAT):
            end.disc_owner[disc] = 2
            end.space_disc[end.space_disc.index(disc)] = -1
    play(end, "build giza 1", "offer nothing", "offer nothing", "accept none")
    assert end.is_terminal()
    refused(end, "pass", r"pass: the game is over")


def test_the_piece_supply_is_named_when_it_caps_an_offer() -> None:
    state = scene(disc=disc_id(5, BOAT), hands={1: "3 boat"})
    put_pieces(state, 2, {1: 27})
    play(state, "build giza 1")
    refused(state, "offer 3 boat", r"at most 2 matching \(piece supply\)")
