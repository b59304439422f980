"""A human seat fed scripted input: numbers, notation, mistakes, help, undo, quit, hot-seat."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from ziggurat import load_game
from ziggurat.agents import make_agent
from ziggurat.agents.human import ALL_MOVES_LIMIT, HumanAgent, QuitGame
from ziggurat.core.records import load_record, replay
from ziggurat.terminal import frontend_for

from .conftest import RunCli

# Seat 0 starts with no first-round limit; its stand is M M P P F (checked below).
SOLO = ["play", "babylonia", "--seats", "human,greedy,random", "--seed", "7",
        "--start-player", "0", "--no-first-round-limit"]  # fmt: skip


def test_setup_assumptions() -> None:
    game = load_game("babylonia", players=3, start_player=0, first_round_limit=False)
    state = game.new_initial_state(seed=7)
    assert state.view(0)["players"][0]["stand"] == {
        "merchant": 2, "servant": 0, "priest": 2, "farmer": 1,
    }  # fmt: skip
    assert game.parse_action(state, "P13,7") in state.legal_actions()


def actions(path: Path) -> list[dict]:
    return json.loads(path.read_text())["actions"]


def test_scripted_moves_errors_and_quit(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    script = ["P13,7", "M13,7", "Z9,9", "M99,99", "0", "end", "1", "q"]
    run = run_cli(*SOLO, "--record", str(path), stdin="\n".join(script) + "\n")
    assert run.code == 0
    out = run.out
    # each bad line gets the engine's reason, then the prompt again
    assert "M13,7: hex 13,7 already holds a token of seat 0" in out
    assert "'Z9,9' is not an action" in out
    assert "'M99,99': there is no hex 99,99 in play on this board" in out
    assert "0 is not on the list: choose 1 to 9, or type a move" in out
    assert "end: a turn places at least two tokens" in out
    assert out.count("seat 0> ") >= len(script)
    for line in script:
        assert f"seat 0> {line}\n" in out  # piped input is echoed
    assert "You left the game after" in out
    assert "The record is saved in" in out
    moves = actions(path)
    assert moves[0]["action"] == "P13,7" and moves[0]["seat"] == 0
    assert moves[1]["seat"] == 0  # "1" picked the first suggestion


def test_first_screen_shows_own_view_and_suggestions(run_cli: RunCli) -> None:
    run = run_cli(*SOLO, stdin="q\n")
    assert "0 human (you) places tokens" in run.out
    assert "Your stand: M M P P F" in run.out
    assert "Suggested moves (best 9 of" in run.out
    assert " 9) " in run.out and "10) " not in run.out
    assert "Number or move (M7,3" in run.out


def _short_choice_state():
    """A position from a bot game where the player to act has at most 12 legal moves."""
    game = load_game("babylonia", players=3)
    state = game.new_initial_state(seed=7)
    bots = [make_agent("greedy", seat) for seat in range(3)]
    while not state.is_terminal():
        legal = state.legal_actions()
        if 1 < len(legal) <= ALL_MOVES_LIMIT:
            return state
        state.apply_action(bots[state.current_player].select_action(state, state.current_player))
    raise AssertionError("no short choice in this game")


def test_short_move_lists_are_shown_whole() -> None:
    state = _short_choice_state()
    seat = state.current_player
    legal = state.legal_actions()
    buffer = io.StringIO()
    lines = iter(["99", "2"])
    agent = HumanAgent(
        Console(file=buffer, width=120), lambda prompt: next(lines), frontend_for("babylonia")
    )
    assert agent.select_action(state, seat) == legal[1]
    out = buffer.getvalue()
    assert f"Your moves ({len(legal)}):" in out
    for number, action in enumerate(legal, start=1):
        assert f"{number}) {action}" in out
    assert f"99 is not on the list: choose 1 to {len(legal)}" in out


def test_quit_and_end_of_input_are_raised() -> None:
    state = _short_choice_state()
    frontend = frontend_for("babylonia")
    console = Console(file=io.StringIO())
    with pytest.raises(QuitGame) as quit_:
        HumanAgent(console, lambda prompt: "quit", frontend).select_action(
            state, state.current_player
        )
    assert not quit_.value.eof

    def eof(prompt: str) -> str:
        raise EOFError

    with pytest.raises(QuitGame) as ended:
        HumanAgent(console, eof, frontend).select_action(state, state.current_player)
    assert ended.value.eof


def test_help_lists_every_legal_move_grouped(run_cli: RunCli) -> None:
    run = run_cli(*SOLO, stdin="?\nq\n")
    assert "Notation:" in run.out
    assert "All " in run.out and " legal moves:" in run.out
    assert "M P F on land: " in run.out
    assert "M P F in the river (face down): " in run.out
    assert "Commands:" in run.out


def test_end_of_input_quits_with_code_1(run_cli: RunCli) -> None:
    run = run_cli(*SOLO, stdin="P13,7\n")
    assert run.code == 1
    assert "Input ended after 1 move; the game is not finished. Seed 7." in run.out


def test_undo_takes_back_own_placement(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "undo.json"
    run = run_cli(*SOLO, "--record", str(path), stdin="u\nP13,7\nu\nM13,7\nq\n")
    assert "nothing to undo" in run.out
    assert run.out.count("places tokens (1 placed)") >= 1
    # the record keeps the move taken back, then the take-back; what stands is M13,7
    assert [(m["action"], m["seat"]) for m in actions(path)] == [
        ("P13,7", 0),
        ("undo", 0),
        ("M13,7", 0),
    ]
    record = load_record(path)
    assert [m.action for m in record.moves()] == ["M13,7"]
    game = load_game("babylonia", players=3, start_player=0, first_round_limit=False)
    expected = game.new_initial_state(seed=7)
    expected.apply_action(game.parse_action(expected, "M13,7"))
    assert replay(record).to_json() == expected.to_json()


def test_undo_stops_at_the_end_of_the_turn(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "undo2.json"
    # two nobles end the turn (the stand is refilled): that cannot be taken back
    run = run_cli(*SOLO, "--record", str(path), stdin="P13,7\nM17,15\nu\nq\n")
    assert "nothing to undo" in run.out
    assert [m["action"] for m in actions(path)][:2] == ["P13,7", "M17,15"]


def test_hot_seat_shows_each_human_their_own_view(run_cli: RunCli) -> None:
    run = run_cli(
        "play", "babylonia", "--seats", "human,human", "--names", "Ann,Bob", "--seed", "3",
        "--start-player", "0", stdin="1\n1\nq\n",
    )  # fmt: skip
    assert run.code == 0
    ann, bob = run.out.split("seat 1 (Bob) to play")
    assert "seat 0 (Ann) to play" in ann
    assert "0 Ann (you) places tokens" in ann
    assert "First round: this turn places exactly 1 token" in ann
    assert "1 Bob (you) places tokens" in bob
    assert "(you)" not in bob.replace("1 Bob (you)", "")
    assert "seat 1> 1" in bob


def test_hint_gives_the_bots_advice_for_the_seat_to_move(run_cli: RunCli) -> None:
    result = run_cli(*SOLO, stdin="hint\nhint\nq\n")
    hints = [line for line in result.out.splitlines() if line.startswith("Hint: ")]
    assert len(hints) == 2 and hints[0] == hints[1]  # the same position, the same hint
    move = hints[0].removeprefix("Hint: ").split(" ")[0]
    game = load_game("babylonia", players=3, start_player=0, first_round_limit=False)
    state = game.new_initial_state(seed=7)
    assert game.parse_action(state, move) in state.legal_actions()
    assert "to win" in hints[0] and "Also: " in result.out


def test_hints_can_be_turned_off(run_cli: RunCli) -> None:
    result = run_cli(*SOLO, "--no-hints", stdin="hint\nq\n")
    assert "hints are off at this table" in result.out
    assert "Hint: " not in result.out
