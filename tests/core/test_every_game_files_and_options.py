"""Every game of the registry, the same way: a saved state reads back exactly and plays on
alike; a tampered or corrupt one is refused naming what is wrong; every declared option takes
each of its values and refuses a value of the wrong type or out of range, naming what is
allowed. The options are read from each game's declarations (``options_declared``,
``player_counts``), never restated; what only one game refuses is in that game's tests."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import ziggurat
from ziggurat.core.options import Option
from ziggurat.core.registry import game_class, game_names
from ziggurat.testing import play_random_game, random_position

NAMES = game_names()
CASES = [(name, n) for name in NAMES for n in game_class(name).player_counts]
IDS = [f"{name}-{n}p" for name, n in CASES]


def reread(game: ziggurat.core.api.Game, state: Any) -> Any:
    """``state`` saved as JSON text and read back."""
    return game.state_from_json(json.loads(json.dumps(state.to_json())))


# --------------------------------------------------------------------------- saved states


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_a_saved_state_reads_back_exactly_and_plays_on_alike(name: str, players: int) -> None:
    game = ziggurat.load_game(name, players=players)
    state = random_position(game, seed=3, steps=40)
    again = reread(game, state)
    assert again.to_json() == state.to_json()
    assert again.legal_actions() == state.legal_actions()
    assert again.scores() == state.scores()
    # the same future: the generator came back too, so the same moves draw the same
    rng = random.Random(players)
    for _ in range(120):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        again.apply_action(game.parse_action(again, str(action)))
    assert again.to_json() == state.to_json()


@pytest.mark.parametrize("name", NAMES)
def test_a_finished_game_reads_back_finished(name: str) -> None:
    game = ziggurat.load_game(name)
    final, _ = play_random_game(game, seed=9)
    again = reread(game, final)
    assert again.to_json() == final.to_json()
    assert again.is_terminal() and again.legal_actions() == []
    assert again.winners() == final.winners() and again.scores() == final.scores()


def _saved(name: str) -> tuple[ziggurat.core.api.Game, dict[str, Any]]:
    """A game and the JSON of a position in play, with something on the board."""
    game = ziggurat.load_game(name)
    return game, json.loads(json.dumps(random_position(game, seed=4, steps=30).to_json()))


@pytest.mark.parametrize("name", NAMES)
def test_another_games_or_option_sets_or_data_files_state_is_refused(name: str) -> None:
    game, data = _saved(name)
    for other in NAMES:
        if other != name:
            with pytest.raises(ziggurat.CorruptState) as refused:
                game.state_from_json({**data, "game": other})
            assert str(refused.value) == f"state is of the game {other!r}, not {name!r}"
    cls = game_class(name)
    for players in cls.player_counts:
        if players == game.num_players:
            continue
        options = {**data["options"], "players": players}
        with pytest.raises(ziggurat.CorruptState) as refused:
            game.state_from_json({**data, "options": options})
        assert str(refused.value) == f"state was saved with options {options}, not {game.options}"
    with pytest.raises(ziggurat.CorruptState) as refused:
        game.state_from_json({**data, "data_version": "ffff"})
    assert str(refused.value) == (
        "state was saved with component data version ffff, but the loaded data is version "
        f"{game.data_version}"
    )
    with pytest.raises(ziggurat.CorruptState) as refused:
        game.state_from_json([1, 2, 3])  # type: ignore[arg-type]
    assert str(refused.value) == f"a {cls.title} state is a JSON object, not list"


@pytest.mark.parametrize("name", NAMES)
def test_a_missing_or_unknown_field_is_refused_by_its_name(name: str) -> None:
    game, data = _saved(name)
    for key in data:
        with pytest.raises(ziggurat.CorruptState) as refused:
            game.state_from_json({k: v for k, v in data.items() if k != key})
        assert f"field {key}: Field required" in str(refused.value)
    with pytest.raises(ziggurat.CorruptState) as refused:
        game.state_from_json({**data, "surprise": 1})
    assert "field surprise: Extra inputs are not permitted" in str(refused.value)


# --------------------------------------------------------------------------- options


def _words(values: list[Any]) -> str:
    """``2, 3 or 4``, ``'standard' or 'advanced'``: the allowed values as a refusal lists them."""
    shown = [repr(v) if isinstance(v, str) else str(v) for v in values]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


def _refusals(title: str, option: Option, players: int) -> list[tuple[Any, str]]:
    """Values ``option`` must refuse at ``players`` players, each with the whole refusal."""
    name = option.name
    null = " or null" if option.nullable else ""
    if name == "players":
        counts = list(option.choices or ())
        wrong = [max(counts) + 1, min(counts) - 1, True, float(option.default), str(counts[0])]
        return [(v, f"players={v!r}: {title} is for {_words(counts)}") for v in wrong]
    if option.kind is bool:
        return [(v, f"{name}={v!r}: must be true or false") for v in ("yes", 1, 0)]
    if option.seat:
        seats = f"{'null or ' if option.nullable else ''}a seat number"
        out = [(v, f"{name}={v}: {seats} from 0 to {players - 1}") for v in (players, -1)]
        return [*out, ("0", f"{name}='0': {seats}"), (True, f"{name}=True: {seats}")]
    if option.choices is not None:
        allowed = f"use {_words(list(option.choices))}{null}"
        assert "all" not in option.choices
        return [(v, f"{name}={v!r}: {allowed}") for v in ("all", 7, False)]
    if option.kind is str:
        text = f"{name}=7: use a text of at most {option.max_length} characters{null}"
        long = "x" * (option.max_length + 1)
        too_long = f"{name} is {len(long)} characters long; at most {option.max_length}"
        return [(7, text), (long, too_long)]
    return [("x", f"{name}='x': use a whole number{null}")]


def _accepted(option: Option, players: int) -> list[Any]:
    """Values ``option`` must take at ``players`` players (a free text: its default)."""
    if option.name == "players":
        return [players]
    if option.kind is bool:
        return [False, True]
    if option.seat:
        return [*([None] if option.nullable else []), 0, players - 1]
    return [*(option.choices or [option.default]), *([None] if option.nullable else [])]


OPTION_CASES = [
    (name, option.name, n)
    for name in NAMES
    for option in game_class(name).options_declared
    for n in game_class(name).player_counts
]


def _option(name: str, option_name: str) -> Option:
    return next(o for o in game_class(name).options_declared if o.name == option_name)


@pytest.mark.parametrize(
    ("name", "option_name", "players"),
    OPTION_CASES,
    ids=[f"{name}-{option}-{n}p" for name, option, n in OPTION_CASES],
)
def test_every_declared_option_takes_its_values_and_refuses_others(
    name: str, option_name: str, players: int
) -> None:
    cls = game_class(name)
    option = _option(name, option_name)
    defaults = {o.name: o.default for o in cls.options_declared}
    for value in _accepted(option, players):
        game = ziggurat.load_game(name, **{"players": players, option_name: value})
        # every option is recorded, in the declared order, the others at their defaults
        assert game.options == {**defaults, "players": players, option_name: value}
        assert list(game.options) == list(defaults)
    for value, message in _refusals(cls.title, option, players):
        with pytest.raises(ziggurat.InvalidOptions) as refused:
            ziggurat.load_game(name, **{"players": players, option_name: value})
        assert str(refused.value) == message


@pytest.mark.parametrize("name", NAMES)
def test_an_unknown_option_is_refused_naming_the_games_options(name: str) -> None:
    cls = game_class(name)
    names = ", ".join(o.name for o in cls.options_declared)
    with pytest.raises(ziggurat.InvalidOptions) as refused:
        ziggurat.load_game(name, colour="red")
    assert str(refused.value) == f"unknown {cls.title} option 'colour'; the options are: {names}"
