"""The terminal table: play a game with humans and bots, and step through a record.

Game-agnostic: every rule comes from the game's state (legal actions, apply, scores, view),
and everything drawn comes from the game's *terminal front end*, the module
``ziggurat.games.<name>.render`` (see :func:`frontend_for`), which provides::

    render_view(view, *, seat_names, notes, log_lines, log_current, width) -> rich renderable
    move_note(before, after, seat, action, number) -> note   # what the log shows of a move
    note_text(note, viewer, seat_names) -> rich Text          # one log line, for a viewer
    group_moves(view, moves) -> [(label, "move move ...")]    # the help screen's move list
    move_hint(view, move) -> str | None                       # optional: words beside a move
    NOTATION_HELP, NOTATION_EXAMPLES

Whether a move may be taken back (``u``) is a rule of the game, not of its front end: the
kernel's hook ``game.can_undo(before, after)``.

``render_view`` and ``note_text`` are those of the game's :class:`ziggurat.render_kit.FrontEnd`,
the scaffold every game's screen is built on (seat labels, log, layout); the game draws its
own board and panels.

Who sees what: with one human, always that human's view; with several (hot-seat), the view of
the human about to act, with a "pass the screen" pause between different humans; with none,
the spectator view. The game record is saved after every action, so nothing is lost when a
game is interrupted.

Exit codes (returned, :mod:`ziggurat.cli` passes them on): 0 the game finished or the player
typed ``q``; 1 the input ended before the game did; 2 bad options or an unusable record
file; 130 interrupted with Ctrl-C.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.console import Console, RenderableType
from rich.text import Text

from ziggurat.agents.advice import Advice, advise
from ziggurat.agents.base import Agent
from ziggurat.agents.human import HumanAgent, QuitGame, UndoRequest
from ziggurat.core.api import Game, State
from ziggurat.core.records import GameRecord, game_of, load_record, replay_states
from ziggurat.core.undo import UndoRefused, check_undo
from ziggurat.render_kit import best_first, winners_label

EXIT_OK, EXIT_INPUT_ENDED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130

HINT_STRENGTH = "medium"
"""The search that answers ``hint``: strong enough to teach, quick enough to wait for."""

SEED_MASK = (1 << 64) - 1

ReadLine = Callable[[str], str]


def frontend_for(game_name: str) -> ModuleType:
    """The terminal front end of a game, found by name so this module imports no game."""
    return importlib.import_module(f"ziggurat.games.{game_name}.render")


def bot_seed(seed: int, seat: int) -> int:
    """Each bot's own seed, from the game seed and its seat: the same command line plays the
    same game, and two bots of one kind do not play in lockstep."""
    return seed * 16 + seat + 1


@dataclass
class Terminal:
    """Where the table talks to people: a rich console and a line reader.

    ``interactive`` is true when a person types at a terminal. When input is piped in, the
    lines read are echoed (so a transcript reads like a session), the screen is never cleared,
    and there is no "pass the screen" pause. ``reader`` replaces the console's own input
    (tests script it); it gets the prompt and returns one line or raises ``EOFError``.
    """

    console: Console
    interactive: bool
    reader: ReadLine | None = None

    @classmethod
    def standard(cls) -> Terminal:
        interactive = sys.stdin.isatty()
        if interactive:
            with contextlib.suppress(ImportError):  # not on every platform
                import readline  # noqa: F401 - line editing and history for input()
        return cls(Console(highlight=False), interactive)

    def read_line(self, prompt: str) -> str:
        """One line of input after ``prompt`` (rich markup); ``EOFError`` at the end."""
        if self.reader is not None:
            return self.reader(prompt)
        line = self.console.input(prompt)
        if not self.interactive:
            self.console.print(line, markup=False, highlight=False)
        return line

    @property
    def clears(self) -> bool:
        return self.interactive and self.console.is_terminal

    def clear(self) -> None:
        if self.clears:
            self.console.clear()

    def error(self, message: str) -> None:
        self.console.print(Text(message, style="bold red"), soft_wrap=True)


@dataclass
class SeatPlayer:
    """One seat at the table: ``kind`` is ``human`` or an agent name, ``name`` is shown."""

    kind: str
    name: str
    agent: Agent | None = None


class Table:
    """One game in progress at the terminal. :meth:`play` runs it to the end or a quit."""

    def __init__(
        self,
        game: Game,
        seed: int,
        seats: Sequence[SeatPlayer],
        terminal: Terminal,
        record_path: Path | None = None,
        frontend: ModuleType | None = None,
        *,
        hints: bool = True,
    ) -> None:
        self.game = game
        self.seed = seed
        self.seats = list(seats)
        self.names = [s.name for s in self.seats]
        self.term = terminal
        self.console = terminal.console
        self.frontend = frontend or frontend_for(game.name)
        self.state: State = game.new_initial_state(seed=seed)
        self.record = GameRecord.start(game, seed, self.names)
        self.record_path = record_path
        self.notes: list[Any] = []
        self.before: list[State] = []  # the position before each action, for undo
        self.humans = [i for i, s in enumerate(self.seats) if s.kind == "human"]
        self.screen_owner: int | None = None  # the human whose view was drawn last
        self.save_failed = False
        for seat in self.humans:
            self.seats[seat].agent = HumanAgent(
                self.console,
                terminal.read_line,
                self.frontend,  # type: ignore[arg-type]
                suggest_seed=bot_seed(seed, seat),
                redraw=self.draw,
                show_log=self.show_log,
                can_undo=self.can_undo,
                advise=self.advise if hints else None,
            )

    # ------------------------------------------------------------------ who sees what

    def viewer(self) -> int | None:
        """The seat whose view the screen shows now (None: spectator)."""
        if len(self.humans) == 1:
            return self.humans[0]
        current = self.state.current_player
        if current in self.humans:
            return current
        return None if not self.humans else self.screen_owner

    def screen(self, viewer: int | None) -> RenderableType:
        """The board as ``viewer`` (None: a spectator) sees it now, with the move log."""
        return self.frontend.render_view(
            self.state.view(viewer),
            seat_names=self.names,
            notes=self.notes,
            width=self.console.width,
        )

    def draw(self, viewer: int | None = None, *, final: bool = False) -> None:
        """Clear the screen (at a terminal) and draw the board for ``viewer``."""
        if viewer is None and not final:
            viewer = self.viewer()
        self.term.clear()
        self.console.print(self.screen(viewer))

    def show_log(self) -> None:
        viewer = self.viewer()
        self.console.print(Text("Moves so far:", style="bold"))
        for note in self.notes:
            self.console.print(self.frontend.note_text(note, viewer, self.names))

    def pass_screen(self, seat: int) -> None:
        """Between two different humans at one screen: hide the last view, wait for the next
        player (only at a terminal; piped input gets a heading instead)."""
        label = f"seat {seat} ({self.names[seat]})"
        if self.term.interactive:
            self.term.clear()
            self.console.print(
                Text(f"Pass the screen to {label}. ", style="bold"),
                Text("Press Enter when only they can see it.", style="grey50"),
            )
            try:
                self.term.read_line("")
            except EOFError:
                raise QuitGame(eof=True) from None
        else:
            self.console.rule(Text(f"{label} to play", style="bold"))

    # ------------------------------------------------------------------ the record

    def save(self) -> None:
        if self.record_path is None:
            return
        try:
            self.record.save(self.record_path)
        except OSError as exc:
            if not self.save_failed:
                self.term.error(f"cannot save the record to {self.record_path}: {exc}")
            self.save_failed = True

    # ------------------------------------------------------------------ hints

    def advise(self, state: State, seat: int) -> Advice:
        """The ``hint`` command: the medium bot's advice from what ``seat`` sees, seeded by
        the deal, the seat and the move, so the same position always gets the same hint."""
        seed = bot_seed(self.seed, seat) ^ (len(self.notes) * 0x9E3779B97F4A7C15 & SEED_MASK)
        return advise(state, seat, strength=HINT_STRENGTH, seed=seed)

    # ------------------------------------------------------------------ undo

    def can_undo(self) -> bool:
        """May the seat to act take back the last move (:func:`check_undo`)?"""
        try:
            check_undo(
                self.state.game,
                self.state.current_player,
                self.notes[-1].seat if self.notes else None,
                self.before[-1] if self.before else None,
                self.state,
            )
        except UndoRefused:
            return False
        return True

    def undo(self) -> None:
        """Take the last move back; the record keeps it, followed by the take-back."""
        seat = self.notes.pop().seat
        self.state = self.before.pop()
        self.record.add_undo(seat)
        self.save()

    # ------------------------------------------------------------------ playing

    def play(self) -> int:
        """Play to the end. Returns the exit code (see the module docstring)."""
        self.save()
        try:
            while not self.state.is_terminal():
                seat = self.state.current_player
                player = self.seats[seat]
                if player.kind == "human":
                    if len(self.humans) > 1 and seat != self.screen_owner:
                        self.pass_screen(seat)
                    self.screen_owner = seat
                    self.draw(seat)
                    try:
                        action = player.agent.select_action(self.state, seat)  # type: ignore[union-attr]
                    except UndoRequest:
                        self.undo()
                        continue
                else:
                    action = player.agent.select_action(self.state, seat)  # type: ignore[union-attr]
                self.apply(seat, action)
        except QuitGame as stop:
            return self.quit(stop.eof)
        except KeyboardInterrupt:
            self.console.print()
            self.console.print(
                Text("Interrupted.", style="bold"), self.saved_text(), soft_wrap=True
            )
            return EXIT_INTERRUPTED
        self.finish()
        return EXIT_OK

    def apply(self, seat: int, action: Any) -> None:
        before = self.state.clone()
        self.state.apply_action(action)
        note = self.frontend.move_note(before, self.state, seat, action, len(self.notes) + 1)
        self.before.append(before)
        self.notes.append(note)
        self.record.add(seat, action, self.state)
        self.save()
        if not self.humans:
            self.console.print(self.frontend.note_text(note, None, self.names))

    def saved_text(self) -> Text:
        if self.record_path is None:
            return Text("The game was not recorded (use --record FILE).", style="grey50")
        if self.save_failed:
            return Text(f"The record could not be saved to {self.record_path}.", style="bold red")
        return Text(
            f"The record is saved in {self.record_path} "
            f"(ziggurat replay {self.record_path} shows it).",
            style="grey50",
        )

    def quit(self, eof: bool) -> int:
        moves = len(self.notes)
        why = "Input ended" if eof else "You left the game"
        self.console.print(
            Text(
                f"{why} after {moves} move{'s' if moves != 1 else ''}; the game is not "
                f"finished. Seed {self.seed}.",
                style="bold",
            ),
            soft_wrap=True,
        )
        self.console.print(self.saved_text(), soft_wrap=True)
        return EXIT_INPUT_ENDED if eof else EXIT_OK

    def finish(self) -> None:
        viewer = self.humans[0] if len(self.humans) == 1 else None
        if self.humans:
            self.draw(viewer, final=True)
        else:
            self.console.print()
            self.console.print(self.screen(None))
        self.console.print()
        self.console.print(
            result_text(self.state, self.names, len(self.notes), self.seed), soft_wrap=True
        )
        self.console.print(self.saved_text(), soft_wrap=True)


def result_text(state: State, names: Sequence[str], moves: int, seed: int) -> Text:
    """``Final scores: 0 human 116, ...  Winner: 2 random. (82 moves, seed 7)``"""
    scores = state.scores()
    winners = state.winners()
    text = Text("Final scores: ", style="bold")
    text.append(", ".join(f"{s} {names[s]} {scores[s]}" for s in best_first(scores)))
    text.append(f"\n{winners_label(winners)}: ", style="bold")
    text.append(", ".join(f"{s} {names[s]}" for s in winners), style="bold green")
    text.append(f"  ({moves} moves, seed {seed})", style="grey50")
    return text


# ---------------------------------------------------------------------- replay


class Replay:
    """Step through a saved record: every position and the move list, computed up front."""

    def __init__(self, path: Path, terminal: Terminal, seat: int | None = None) -> None:
        self.path = path
        self.term = terminal
        self.console = terminal.console
        self.record = load_record(path)
        self.game = game_of(self.record)
        self.frontend = frontend_for(self.game.name)
        self.seat = seat
        self.states = list(replay_states(self.record))
        self.notes = []
        for i, entry in enumerate(self.record.moves()):
            before, after = self.states[i], self.states[i + 1]
            action = self.game.parse_action(before, entry.action)
            self.notes.append(self.frontend.move_note(before, after, entry.seat, action, i + 1))
        self.names = list(self.record.seats)

    @property
    def last(self) -> int:
        return len(self.states) - 1

    def show(self, index: int) -> None:
        state = self.states[index]
        self.console.print(
            self.frontend.render_view(
                state.view(self.seat),
                seat_names=self.names,
                notes=self.notes,
                log_lines=12,
                log_current=index,
                width=self.console.width,
            )
        )

    def summary(self) -> Text:
        final = self.states[-1]
        if final.is_terminal():
            text = result_text(final, self.names, self.last, self.record.seed)
            stored = self.record.result
            if stored is not None and stored.scores != final.scores():
                text.append(
                    f"\nwarning: the record's stored result {stored.scores} differs from the "
                    "replay",
                    style="bold red",
                )
            return text
        return Text(
            f"The game is not finished: {self.last} move{'s' if self.last != 1 else ''} "
            f"recorded (seed {self.record.seed}).",
            style="bold",
        )

    def run(self, move: int | None = None) -> int:
        """Interactive stepping at a terminal; otherwise print one position and the result."""
        if move is not None:
            if not 0 <= move <= self.last:
                self.term.error(f"--move {move}: the record has moves 0 to {self.last}")
                return EXIT_USAGE
            self.show(move)
            if move == self.last:
                self.console.print(self.summary(), soft_wrap=True)
            return EXIT_OK
        if not self.term.interactive:
            self.show(self.last)
            self.console.print(self.summary(), soft_wrap=True)
            return EXIT_OK
        return self.step()

    def step(self) -> int:
        index = 0
        message: Text | None = None
        while True:
            self.term.clear()
            self.show(index)
            header = Text(f"Replay of {self.path}: move {index} of {self.last}", style="bold")
            if index == self.last:
                header.append("  (end)", style="bold")
                self.console.print(self.summary(), soft_wrap=True)
            self.console.print(header)
            if message is not None:
                self.console.print(message)
                message = None
            try:
                line = (
                    self.term.read_line(
                        "[grey50]Enter next · b back · a number jumps to that move · q quit[/] > "
                    )
                    .strip()
                    .lower()
                )
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                return EXIT_OK
            if line in ("q", "quit", "exit"):
                return EXIT_OK
            if line in ("", "n", "next"):
                if index < self.last:
                    index += 1
                else:
                    message = Text("That was the last move. b goes back, q quits.", style="yellow")
            elif line in ("b", "back", "p"):
                if index > 0:
                    index -= 1
                else:
                    message = Text("This is the start of the game.", style="yellow")
            elif line.isdigit():
                number = int(line)
                if number > self.last:
                    message = Text(
                        f"The record has moves 0 to {self.last}; showing the last.",
                        style="yellow",
                    )
                index = min(number, self.last)
            else:
                message = Text(f"{line!r}: use Enter, b, a move number or q", style="yellow")
