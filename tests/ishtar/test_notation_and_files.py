"""Ishtar's notation (forgiving parse, clear refusals, illegal moves) and its saved states (a
corrupt file refused naming what is wrong). The exact round trips of every game's notation and
saved states, and what every game refuses in a saved file, are in
tests/core/test_every_game_notation.py and tests/core/test_every_game_files_and_options.py."""

from __future__ import annotations

import json
import random

import pytest

from ziggurat.core.errors import CorruptState, IllegalAction

from .helpers import new_game


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("TAKE 4 PAY RV", "take 4 pay vr"),
        ("take 4 pay r v", "take 4 pay vr"),
        ("skill l1 pay vv", "skill L1 pay vv"),
        ("Skill U5 pay wr", "skill U5 pay rw"),
        ("place 2, -1 r5", "place 2,-1 r5"),
        ("  bloom 1+2 at 1,-1 2,-1 ", "bloom 1+2 at 1,-1 2,-1"),
        ("skip", "no action"),
        ("stop", "stop blooming"),
        ("done", "end turn"),
        ("buy reserved", "buy reserved"),
    ],
)
def test_forgiving_parse(text: str, canonical: str) -> None:
    assert str(new_game(2).parse_action(None, text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("take 9", "stacks are numbered 0 to 5"),
        ("take 4 pay xq", "one letter per gem"),
        ("skill Z9 pay vv", "the skills being L1, L2"),
        ("place 99,99 r0", "hex 99,99 is off the map"),
        ("place 0,0 r9", "write place <q>,<r> r<0-5>"),
        ("plant 50,50", "hex 50,50 is off the map"),
        ("buy 7", "market slots are numbered 0 to 4"),
        ("fly away", "is not an action"),
    ],
)
def test_bad_text_is_refused_with_what_is_allowed(text: str, message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        new_game(2).parse_action(None, text)


def test_an_illegal_move_names_the_reason_and_changes_nothing() -> None:
    game = new_game(2)
    state = game.new_initial_state(1)
    before = json.dumps(state.to_json())
    for text, reason in [
        ("end turn", "must now choose a tile"),
        ("assistant", "must now choose a tile"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            state.apply_action(game.parse_action(state, text))
    with pytest.raises(IllegalAction, match="is text"):
        state.apply_action("take 0")  # type: ignore[arg-type]
    assert json.dumps(state.to_json()) == before


def _mid_game(seed: int = 3, steps: int = 45):
    game = new_game(2)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply_action(rng.choice(state.legal_actions()))
    return game, state


def _corrupt(change) -> dict:
    _game, state = _mid_game()
    data = json.loads(json.dumps(state.to_json()))
    change(data)
    return data


CORRUPTIONS = [
    (lambda d: d["deck"].append(d["deck"][0]), "every tree card must be somewhere exactly once"),
    (lambda d: d["stacks"][0].append("XX9"), "unknown tile 'XX9'"),
    (lambda d: d["players"][0]["gems"].__setitem__(0, 40), "violet gems must total 66"),
    (lambda d: d["tiles"][0].update(anchor=[99, 99]), "is not a hex of this map"),
    (lambda d: d["tiles"].append(dict(d["tiles"][0])), "overlaps another tile"),
    (lambda d: d.update(current_player=7), "seat numbers out of range"),
    (lambda d: d["layout"][0].update(board="B9"), "layout"),
    (lambda d: d.update(phase="plant"), "phase plant needs a card being planted"),
    (lambda d: d.update(tree_stock=d["tree_stock"] + 1), "trees must total 20"),
]


@pytest.mark.parametrize(("change", "message"), CORRUPTIONS)
def test_a_corrupt_state_is_refused_naming_the_problem(change, message: str) -> None:
    game = new_game(2)
    with pytest.raises(CorruptState, match=message):
        game.state_from_json(_corrupt(change))
