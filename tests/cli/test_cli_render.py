"""The Babylonia screen: coordinates line up, and no seat ever sees another seat's secrets."""

from __future__ import annotations

import random
import re

import pytest

from ziggurat import load_game
from ziggurat.agents import make_agent
from ziggurat.games.babylonia import render
from ziggurat.games.babylonia.render import (
    COL_WIDTH,
    MoveNote,
    group_moves,
    move_note,
    note_text,
    recent_placements,
    render_map,
    stand_text,
    view_text,
)


def river_position():
    """Seat 1 has just put a token face down in the river (its kind is on its stand only)."""
    game = load_game("babylonia", players=3, start_player=1, first_round_limit=False)
    state = game.new_initial_state(seed=7)
    before = state.clone()
    river = {tuple(h["hex"]) for h in state.view(None)["board"] if h["terrain"] == "river"}
    action = next(
        a for a in state.legal_actions() if getattr(a, "coord", None) in river and a.token == 0
    )
    state.apply_action(action)
    return before, state, action


def test_face_down_kind_is_shown_to_its_owner_only() -> None:
    before, state, action = river_position()
    r, c = action.coord
    assert str(action) == f"M{r},{c}"
    own = view_text(state.view(1))
    other = view_text(state.view(0))
    spectator = view_text(state.view(None))
    line = 1 + r  # the header takes the first line
    column = 4 + COL_WIDTH * c + 1  # row label, then 3 characters per column
    assert own.splitlines()[line][column : column + 2] == "m1"
    for text in (other, spectator):
        assert text.splitlines()[line][column : column + 2] == "?1"

    note = move_note(before, state, 1, action, 1)
    assert note.public == f"face-down token on {r},{c}"
    assert "M" not in note.public
    assert note_text(note, 0).plain.endswith(f"face-down token on {r},{c}")
    assert note_text(note, None).plain.endswith(f"face-down token on {r},{c}")
    assert f"M{r},{c} face down" in note_text(note, 1).plain
    seen_by_0 = view_text(state.view(0), seat_names=["a", "b", "c"], notes=[note])
    assert f"M{r},{c}" not in seen_by_0
    assert f"face-down token on {r},{c}" in seen_by_0


def test_other_stands_never_drawn() -> None:
    _, state, _ = river_position()
    view0, view1 = state.view(0), state.view(1)
    text0 = view_text(view0)
    own_stand = stand_text(view0)
    stand_1 = stand_text(view1)
    assert own_stand is not None and stand_1 is not None
    assert own_stand.plain != stand_1.plain  # the seed gives the two seats different stands
    assert text0.count("Your stand:") == 1
    assert own_stand.plain in text0
    assert stand_1.plain not in text0
    assert "Your stand" not in view_text(state.view(None))


@pytest.mark.parametrize("viewer", [0, 2, None])
def test_drawing_is_the_same_whatever_the_hidden_parts(viewer: int | None) -> None:
    """Resample everything ``viewer`` cannot see: the drawing must not change at all."""
    game = load_game("babylonia", players=3)
    state = game.new_initial_state(seed=4)
    bots = [make_agent("random", s) for s in range(3)]
    for _ in range(30):
        state.apply_action(bots[state.current_player].select_action(state, state.current_player))
    rng = random.Random(1)
    for _ in range(5):
        world = state.determinize(0 if viewer is None else viewer, rng)
        assert view_text(world.view(viewer)) == view_text(state.view(viewer))


def test_map_puts_every_hex_under_its_column_number() -> None:
    state = load_game("babylonia", players=4).new_initial_state(seed=1)
    view = state.view(None)
    lines = render_map(view).plain.splitlines()
    header = lines[0]
    for c in (0, 7, 16):
        assert header[4 + COL_WIDTH * c + 1 :].startswith(str(c))
    assert lines[-1] == header
    marks = {"empty": "·~", "city": "MSP", "field": "567C", "ziggurat": "▲△"}
    for h in view["board"]:
        r, c = h["hex"]
        line = lines[1 + r]
        assert line.startswith(f"{r:>3} ")
        assert line.rstrip().endswith(str(r))
        assert line[4 + COL_WIDTH * c + 1] in marks[h["content"]], (r, c, line)


def test_state_text_is_plain_spectator_view() -> None:
    state = load_game("babylonia", players=2).new_initial_state(seed=9)
    text = render.state_text(state)  # the terminal's drawing; str(state) is the kernel's line
    assert str(state) == f"Babylonia, 2 players: seat {state.current} to play; scores [0, 0]"
    assert "\x1b" not in text
    assert "Turn 1:" in text
    assert "Your stand" not in text
    assert "Ziggurat cards" in text


def test_layout_side_by_side_when_wide_and_stacked_when_narrow() -> None:
    view = load_game("babylonia", players=4).new_initial_state(seed=2).view(0)
    wide = view_text(view, width=120).splitlines()
    compact = view_text(view, width=100).splitlines()
    narrow = view_text(view, width=70).splitlines()
    assert "Turn 1:" in wide[0] and "Turn 1:" in compact[0]
    assert "Turn 1:" not in narrow[0]
    assert wide[23][:60].split()[-1] == "22"  # row numbers on both sides of the map
    assert compact[23][:58].split()[-1] != "22"  # ...but for room only at the left
    assert "0 seat 0 (you)" not in "\n".join(compact)
    for lines, width in ((wide, 120), (compact, 100), (narrow, 70)):
        assert max(map(len, lines)) <= width
        assert not any(line.endswith("…") for line in lines)  # nothing cut short


def test_group_moves_merges_kinds_with_the_same_hexes() -> None:
    state = load_game("babylonia", players=3).new_initial_state(seed=7)
    view = state.view(state.current_player)
    groups = dict(group_moves(view, [str(a) for a in state.legal_actions()]))
    land = [label for label in groups if label.endswith("on land")]
    assert len(land) == 1  # every kind on the stand may go on the same free land
    assert any(label.endswith("in the river (face down)") for label in groups)
    assert "end" not in groups.get("other", "")  # a turn cannot end before any token


def test_scoring_is_reported_in_the_log() -> None:
    """The log names what was scored and who took it, with the players' names, from the
    events the engine recorded (not from the points alone)."""
    game = load_game("babylonia", players=3)
    state = game.new_initial_state(seed=7)
    bots = [make_agent("greedy", s) for s in range(3)]
    names = ["Ann", "Bob", "Cy"]
    lines = []
    number = 0
    while not state.is_terminal():
        seat = state.current_player
        action = bots[seat].select_action(state, seat)
        before = state.clone()
        state.apply_action(action)
        number += 1
        note = move_note(before, state, seat, action, number)
        assert sum(note.deltas) == sum(state.scores()) - sum(before.scores())
        assert note.events_for(None) == tuple(
            game.describe_event(e, None) for e in state.events
        )
        lines.append(note_text(note, None, names).plain)
    cities = [line for line in lines if " · city " in line]
    assert cities and all(" scored: " in line for line in cities)
    assert any(re.search(r"scored: \d (Ann|Bob|Cy) takes it; ", line) for line in cities)
    assert any(" · ziggurat at " in line for line in lines)
    assert " · the game is over: " in lines[-1]
    won = state.winners()
    winners = " and ".join(f"{w} {names[w]}" for w in won)
    assert lines[-1].endswith(winners + (" wins" if len(won) == 1 else " share the win"))


def test_recent_placements_are_the_others_moves_since_my_turn() -> None:
    def note(number: int, seat: int, hex_: tuple[int, int] | None, ends: bool) -> MoveNote:
        return MoveNote(number, seat, "x", "x", (0, 0, 0), (), ends, hex_)

    notes = [
        note(1, 0, (1, 1), False),
        note(2, 0, (2, 2), True),
        note(3, 1, (3, 3), False),
        note(4, 1, None, True),  # e.g. "end"
        note(5, 2, (5, 5), False),
        note(6, 2, (6, 6), True),
        note(7, 0, (7, 7), False),  # seat 0's turn in progress
    ]
    assert recent_placements(notes, 0) == {(3, 3), (5, 5), (6, 6)}
    assert recent_placements(notes, 1) == {(5, 5), (6, 6), (7, 7)}
    assert recent_placements(notes, None) == {(5, 5), (6, 6)}
    assert recent_placements([], 0) == set()
    assert recent_placements([], None) == set()


def test_card_texts_come_from_the_view() -> None:
    """The cards table shows each card's printed name and the help screen its printed
    effect, both the data file's as the view gives them; the numbered list names the card."""
    game = load_game("babylonia", players=3)
    for seed in range(20):
        state = game.new_initial_state(seed=seed)
        bots = [make_agent("greedy", s) for s in range(3)]
        while not state.is_terminal() and state.view(None)["phase"] != "card":
            seat = state.current_player
            state.apply_action(bots[seat].select_action(state, seat))
        if not state.is_terminal():
            break
    else:
        pytest.fail("no ziggurat card won in 20 games")
    view = state.view(state.current_player)
    text = view_text(view)
    legal = [str(a) for a in state.legal_actions()]
    groups = dict(group_moves(view, legal))
    for card in view["cards"]:
        assert f"{card['number']}  {card['name']}" in text
        move = f"card {card['number']}"
        if move in legal:
            assert groups[f"{move} ({card['name']})"] == card["effect"]
            assert render.move_hint(view, move) == card["name"]
    assert "other" not in groups  # every choice is a card, each on its own line
