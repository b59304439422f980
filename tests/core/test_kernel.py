"""The kernel's public API, the same for every game of the registry: what it refuses and how
it says so, the JSON preamble, the seat checks, notation limits, and the declared facts."""

from __future__ import annotations

import json
import random
import re

import pytest

import ziggurat
from ziggurat.core.action import MAX_NOTATION, Action
from ziggurat.core.events import event_text, plain
from ziggurat.core.kernel import ENVELOPE, JSON_FORMAT, BaseGame, BaseState
from ziggurat.core.registry import game_class, game_names
from ziggurat.testing import play_random_game

NAMES = game_names()


def new_state(name: str, seed: int = 3) -> BaseState:
    return ziggurat.load_game(name).new_initial_state(seed=seed)


@pytest.mark.parametrize("name", NAMES)
def test_every_game_is_built_on_the_kernel(name: str) -> None:
    cls = game_class(name)
    assert issubclass(cls, BaseGame)
    game = ziggurat.load_game(name)
    assert isinstance(game.new_initial_state(0), BaseState)
    assert game.name == name and game.title
    assert game.options_declared[0].name == "players"
    assert game.option_defaults == {o.name: o.default for o in game.options_declared}
    assert game.options == game.option_defaults | {"players": game.options["players"]}
    for players in cls.player_counts:
        assert ziggurat.load_game(name, players=players).num_players == players


@pytest.mark.parametrize("name", NAMES)
def test_bad_options_and_seeds_are_refused(name: str) -> None:
    cls = game_class(name)
    too_many = max(cls.player_counts) + 1
    with pytest.raises(ziggurat.InvalidOptions, match=f"players={too_many}: {cls.title} is for"):
        ziggurat.load_game(name, players=too_many)
    with pytest.raises(ziggurat.InvalidOptions, match=f"unknown {cls.title} option 'colour'"):
        ziggurat.load_game(name, colour="red")
    game = ziggurat.load_game(name)
    for seed in ("7", 1.5, True, None):
        with pytest.raises(ziggurat.InvalidOptions, match="seed must be an integer"):
            game.new_initial_state(seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", NAMES)
def test_a_refused_action_says_why_and_changes_nothing(name: str) -> None:
    state = new_state(name)
    before = json.dumps(state.to_json(), sort_keys=True)
    legal = state.legal_actions()
    text = str(legal[0])
    assert state.why_illegal(text) == (
        f"{text!r} is text; turn it into an action with game.parse_action(state, text)"
    )
    stranger = Action(legal[0].id, "not this game's")
    assert state.why_illegal(stranger) == f"{stranger!r} is not an action of this game"
    assert "is not an action of this game" in state.why_illegal(Action(10**9, "x"))
    for bad in (text, stranger):
        with pytest.raises(ziggurat.IllegalAction):
            state.apply_action(bad)  # type: ignore[arg-type]
    assert json.dumps(state.to_json(), sort_keys=True) == before
    assert state.legal_actions() == legal
    legal.clear()  # the caller's copy: the state's list is its own
    assert state.legal_actions()


@pytest.mark.parametrize("name", NAMES)
def test_a_finished_game_refuses_every_action(name: str) -> None:
    state = new_state(name)
    rng = random.Random(1)
    first = state.legal_actions()[0]
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.current_player == ziggurat.TERMINAL
    assert state.why_illegal(first) == f"{first}: the game is over"


@pytest.mark.parametrize("name", NAMES)
def test_the_json_preamble_and_what_reading_refuses(name: str) -> None:
    game = ziggurat.load_game(name)
    state = game.new_initial_state(seed=5)
    data = state.to_json()
    assert list(data)[:5] == ["format", "game", "options", "data_version", "events"]
    assert data["format"] == JSON_FORMAT and data["game"] == name
    assert data["options"] == game.options and data["data_version"] == game.data_version
    assert game.state_from_json(json.loads(json.dumps(data))).to_json() == data
    with pytest.raises(ziggurat.CorruptState, match="is a JSON object, not list"):
        game.state_from_json([])  # type: ignore[arg-type]
    other = next(n for n in NAMES if n != name)
    with pytest.raises(ziggurat.CorruptState, match=f"of the game '{other}', not '{name}'"):
        game.state_from_json({**data, "game": other})
    with pytest.raises(ziggurat.CorruptState, match="saved with options"):
        game.state_from_json({**data, "options": {**data["options"], "players": 99}})
    with pytest.raises(ziggurat.CorruptState, match="component data version"):
        game.state_from_json({**data, "data_version": "elsewhere"})


@pytest.mark.parametrize("name", NAMES)
def test_views_and_worlds_only_for_seats_of_the_game(name: str) -> None:
    state = new_state(name)
    n = state.n
    for seat in (n, -1, True, "0", 1.0):
        with pytest.raises(ziggurat.ZigguratError, match="seat"):
            state.view(seat)  # type: ignore[arg-type]
    with pytest.raises(ziggurat.ZigguratError, match="determinize needs a seat"):
        state.determinize(None, random.Random(0))  # type: ignore[arg-type]
    json.dumps(state.view(None))
    assert state.determinize(0, random.Random(0)).view(0) == state.view(0)


@pytest.mark.parametrize("name", NAMES)
def test_notation_refusals(name: str) -> None:
    game = ziggurat.load_game(name)
    state = game.new_initial_state(0)
    with pytest.raises(ziggurat.IllegalAction, match="written as text, not int"):
        game.parse_action(state, 7)  # type: ignore[arg-type]
    with pytest.raises(ziggurat.IllegalAction, match="empty text is no action"):
        game.parse_action(state, "   ")
    with pytest.raises(ziggurat.IllegalAction, match=f"at most {MAX_NOTATION} characters"):
        game.parse_action(state, "x" * (MAX_NOTATION + 1))
    for action in state.legal_actions():
        assert game.parse_action(state, str(action)) is action
        assert game.int_to_action(state, game.action_to_int(action)) is action
    with pytest.raises(ziggurat.IllegalAction, match=r"outside 0\.\."):
        game.int_to_action(state, game.num_distinct_actions)


@pytest.mark.parametrize("name", NAMES)
def test_str_of_a_state_is_a_short_plain_text(name: str) -> None:
    state = new_state(name)
    text = str(state)
    assert "\n" not in text and len(text) < 200 and "\x1b" not in text
    assert text.startswith(state.game.title)


@pytest.mark.parametrize("name", NAMES)
def test_a_corrupt_saved_state_is_refused_by_name_and_never_crashes(name: str) -> None:
    """Every top-level field of a saved state, dropped or given a value of the wrong type,
    is refused as :class:`CorruptState` (a ValueError) naming the problem; nothing else
    escapes."""
    game = ziggurat.load_game(name)
    state = game.new_initial_state(seed=9)
    rng = random.Random(2)
    for _ in range(30):  # a position in play, with something on the board
        state.apply_action(rng.choice(state.legal_actions()))
    data = state.to_json()
    wrong = {"int": "x", "str": 7, "list": {"a": 1}, "dict": [1], "bool": "yes", "NoneType": 3}
    for key in data:
        dropped = {k: v for k, v in data.items() if k != key}
        with pytest.raises(ziggurat.CorruptState) as refused:
            game.state_from_json(dropped)
        assert str(refused.value)
        bad = {**data, key: wrong.get(type(data[key]).__name__)}
        with pytest.raises(ziggurat.CorruptState) as refused:
            game.state_from_json(bad)
        assert str(refused.value)
    with pytest.raises(ziggurat.CorruptState):
        game.state_from_json({**data, "unexpected": 1})


@pytest.mark.parametrize("name", NAMES)
def test_every_view_starts_with_the_same_envelope(name: str) -> None:
    game = ziggurat.load_game(name)
    state = game.new_initial_state(seed=4)
    for seat in (*range(game.num_players), None):
        seen = state.view(seat)
        assert tuple(seen)[: len(ENVELOPE)] == ENVELOPE
        assert seen["game"] == name and seen["seat"] == seat
        assert seen["current"] == state.current_player and seen["over"] is False
        assert seen["winners"] is None and seen["events"] == []
        assert [p["seat"] for p in seen["players"]] == list(range(game.num_players))
        assert [p["score"] for p in seen["players"]] == state.shown_scores(seat)
        assert len(seen["players"][0]) > 2  # the game's own per-seat fields follow
    final, _ = play_random_game(game, 4)
    seen = final.view(None)
    assert seen["over"] is True and seen["current"] is None and seen["phase"] == "over"
    assert seen["winners"] == final.winners()
    assert [p["score"] for p in seen["players"]] == final.scores()


def _position_with_events(game: BaseGame, seed: int) -> BaseState:
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        if state.events:
            return state
    raise AssertionError(f"a whole {game.title} game recorded no event")


@pytest.mark.parametrize("name", NAMES)
def test_the_events_of_the_last_action_are_in_the_view_and_the_saved_state(name: str) -> None:
    game = ziggurat.load_game(name)
    state = _position_with_events(game, 6)
    data = json.loads(json.dumps(state.to_json()))
    assert data["events"] == [plain(e) for e in state.events]
    rebuilt = game.state_from_json(data)
    assert rebuilt.events == state.events
    for seat in (*range(game.num_players), None):
        assert rebuilt.view(seat) == state.view(seat)
        described = [game.event_view(e, seat) for e in state.events]
        assert state.view(seat)["events"] == [d for d in described if d is not None]
    names = [f"P{s}" for s in range(game.num_players)]
    for event in state.events:
        worded = game.event_view(event, None, names)
        if worded is not None:
            assert worded["text"] == event_text(worded["parts"], names)
            assert not re.search(r"\bseat \d", worded["text"])  # named by the names given


@pytest.mark.parametrize("name", NAMES)
def test_each_action_starts_the_events_afresh(name: str) -> None:
    game = ziggurat.load_game(name)
    state = _position_with_events(game, 8)
    recorded = state.events
    clone = state.clone()
    assert clone.events == recorded
    left_over = (("left over",),)
    rng = random.Random(8)
    # a bounded walk: a game may never end when every seat only passes (Amyitis §6.5)
    for _ in range(150):
        if clone.is_terminal():
            break
        clone.events = left_over
        clone.apply_action(rng.choice(clone.legal_actions()))
        assert left_over[0] not in clone.events
    assert state.events == recorded  # the clone's game left the original's events alone


@pytest.mark.parametrize("name", NAMES)
def test_saved_events_are_checked_and_a_format_1_file_has_none(name: str) -> None:
    game = ziggurat.load_game(name)
    state = _position_with_events(game, 10)
    data = state.to_json()
    for bad in ([["no such event"]], [[]], [[*plain(state.events[0]), "extra", "fields"]]):
        with pytest.raises(ziggurat.CorruptState, match="events holds"):
            game.state_from_json({**data, "events": bad})
    old = {k: v for k, v in data.items() if k != "events"} | {"format": 1}
    assert game.state_from_json(old).events == ()
    with pytest.raises(ziggurat.CorruptState):
        game.state_from_json({**data, "format": 1})  # format 1 had no events
