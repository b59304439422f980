"""A person at the terminal as an agent: shows the choices, reads a line, returns the action.

It plays by the same rules as every bot: the state's legal actions, parsed with the game's
own notation (``game.parse_action``), and ``state.why_illegal`` for the message when a move is
refused. Nothing here knows a rule of any game; what is game-specific (grouping moves for the
help screen, the notation help) comes from the game's terminal front end, handed in by the
caller (:mod:`ziggurat.terminal`), so this module imports no game.

Leaving the game is not an action, so it is raised: :class:`QuitGame` for ``q`` or the end of
input, :class:`UndoRequest` for ``u``; the terminal loop handles both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import KW_ONLY, dataclass
from typing import Any, ClassVar, Protocol

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ziggurat.core.action import Action
from ziggurat.core.api import State
from ziggurat.core.errors import ZigguratError
from ziggurat.core.rng import Rng

from .advice import Advice
from .greedy import GreedyAgent

ALL_MOVES_LIMIT = 12  # at most this many legal moves: list them all
SUGGESTIONS = 9  # otherwise: this many, best first, by the greedy agent's ranking


def hint_text(advice: Advice) -> str:
    """``Hint: F4,6 (estimated 41% to win), then seat 1 M13,3. Also: ...``"""
    best, *others = advice.options
    text = f"Hint: {best.action} (estimated {best.value:.0%} to win)"
    if best.line:
        text += ", then " + ", ".join(f"seat {s.seat} {s.action}" for s in best.line[:3])
    text += "."
    if others:
        text += " Also: " + "; ".join(f"{o.action} ({o.value:.0%})" for o in others) + "."
    return text


class QuitGame(Exception):
    """The player asked to leave (``q``) or the input ended (``eof`` is then true)."""

    def __init__(self, eof: bool = False) -> None:
        super().__init__("end of input" if eof else "quit")
        self.eof = eof


class UndoRequest(Exception):
    """The player asked to take back their last move of this turn."""


class Frontend(Protocol):
    """What the human agent needs from a game's terminal front end."""

    NOTATION_HELP: str
    NOTATION_EXAMPLES: str

    def group_moves(self, view: dict[str, Any], moves: Sequence[str]) -> list[tuple[str, str]]: ...

    # optional: ``move_hint(view, move) -> str | None``, a few words shown beside a move


ReadLine = Callable[[str], str]


@dataclass
class HumanAgent:
    """Asks a person for each decision of their seat.

    ``read_line(prompt)`` returns one line of input and raises ``EOFError`` at the end of
    input; ``redraw()`` draws the board again (the ``board`` command); ``show_log()`` prints
    the whole move log; ``can_undo()`` says whether ``u`` may take a move back now;
    ``advise(state, seat)`` answers ``hint`` (None: hints are off). ``suggest_seed`` seeds
    the greedy ranking used for suggestions, so a replayed session suggests the same moves.
    """

    name: ClassVar[str] = "human"

    console: Console
    read_line: ReadLine
    frontend: Frontend
    _: KW_ONLY
    suggest_seed: int = 0
    redraw: Callable[[], None] | None = None
    show_log: Callable[[], None] | None = None
    can_undo: Callable[[], bool] | None = None
    advise: Callable[[State, int], Advice] | None = None

    # ------------------------------------------------------------------ choosing

    def select_action(self, state: State, seat: int) -> Action:
        """Show the numbered choices and read until a legal move, ``q`` or ``u`` is given."""
        legal = state.legal_actions()
        shown = self.choices(state, seat, legal)
        self.show_choices(state, seat, shown, len(legal))
        while True:
            try:
                line = self.read_line(f"[bold]seat {seat}>[/] ")
            except EOFError:
                raise QuitGame(eof=True) from None
            text = line.strip()
            if not text:
                continue
            command = text.lower()
            if command in ("q", "quit", "exit"):
                raise QuitGame()
            if command in ("?", "h", "help"):
                self.show_help(state, legal)
                continue
            if command in ("b", "board"):
                if self.redraw is not None:
                    self.redraw()
                self.show_choices(state, seat, shown, len(legal))
                continue
            if command in ("l", "log", "moves"):
                if self.show_log is not None:
                    self.show_log()
                continue
            if command in ("hint", "hints"):
                self.show_hint(state, seat)
                continue
            if command in ("u", "undo"):
                if self.can_undo is not None and self.can_undo():
                    raise UndoRequest()
                self.say_error(
                    "nothing to undo: only your own last move can be taken back, while the "
                    "turn is still yours and nothing was drawn or revealed since"
                )
                continue
            action = self.interpret(state, text, shown, legal)
            if action is not None:
                return action

    def choices(self, state: State, seat: int, legal: list[Action]) -> list[Action]:
        """All legal moves when they are few, else the best few by the greedy ranking."""
        if len(legal) <= ALL_MOVES_LIMIT:
            return legal
        # A fresh ranker each time: the same position always gets the same suggestions
        # (after an undo, or when the board is redrawn).
        return GreedyAgent(self.suggest_seed).rank(state, seat, legal)[:SUGGESTIONS]

    def interpret(
        self, state: State, text: str, shown: list[Action], legal: list[Action]
    ) -> Action | None:
        """The action meant by ``text`` (a list number or notation), or None after saying why
        it was refused."""
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(shown):
                return shown[number - 1]
            self.say_error(f"{number} is not on the list: choose 1 to {len(shown)}, or type a move")
            return None
        game = state.game  # type: ignore[attr-defined]
        try:
            action = game.parse_action(state, text)
        except ZigguratError as exc:
            self.say_error(str(exc))
            self.console.print(Text("? lists every legal move", style="grey50"))
            return None
        if action in legal:
            return action
        why = state.why_illegal(action)  # type: ignore[attr-defined]
        self.say_error(why or f"{action} is not legal now")
        return None

    # ------------------------------------------------------------------ output

    def say_error(self, message: str) -> None:
        self.console.print(Text(message, style="bold red"))

    def gains(self, state: State, seat: int, actions: Sequence[Action]) -> list[int]:
        """Points ``seat`` gains at once by each action, played out on copies of a world drawn
        from what the seat may see (like every agent, it never reads another's secrets)."""
        world = state.determinize(seat, Rng(0))
        before = world.scores()[seat]
        out = []
        for action in actions:
            child = world.clone()
            child.apply_action(action)
            out.append(child.scores()[seat] - before)
        return out

    def show_choices(self, state: State, seat: int, shown: list[Action], total: int) -> None:
        gains = self.gains(state, seat, shown)
        title = (
            f"Your moves ({total}):"
            if len(shown) == total
            else f"Suggested moves (best {len(shown)} of {total} by immediate points):"
        )
        self.console.print(Text(title, style="bold"))
        grid = Table.grid(padding=(0, 3))
        columns = 3 if len(shown) > 4 else len(shown) or 1
        rows = (len(shown) + columns - 1) // columns
        for _ in range(columns):
            grid.add_column(no_wrap=True)
        hint = getattr(self.frontend, "move_hint", None)
        view = state.view(seat) if hint is not None else None
        cells: list[Text] = []
        for i, (action, gain) in enumerate(zip(shown, gains, strict=True), start=1):
            cell = Text(f"{i:>2}) ", style="bold cyan")
            cell.append(str(action))
            if gain:
                cell.append(f" {gain:+d}", style="bold green" if gain > 0 else "bold red")
            words = hint(view, str(action)) if hint is not None else None
            if words:
                cell.append(f" ({words})", style="grey50")
            cells.append(cell)
        for r in range(rows):
            grid.add_row(
                *[
                    cells[c * rows + r] if c * rows + r < len(cells) else Text()
                    for c in range(columns)
                ]
            )
        self.console.print(grid)
        usage = Text("Number or move (", style="grey50")
        usage.append(self.frontend.NOTATION_EXAMPLES, style="grey50 italic")
        usage.append(
            ")  ? help  hint  u undo  q quit" if self.advise else ")  ? help  u undo  q quit",
            style="grey50",
        )
        self.console.print(usage)

    def show_hint(self, state: State, seat: int) -> None:
        """The bot's choice for this decision and the two best alternatives, each with the
        search's estimate of the seat's winning chances and the line it expects."""
        if self.advise is None:
            self.say_error("hints are off at this table")
            return
        self.console.print(Text("Thinking...", style="grey50"))
        advice = self.advise(state, seat)
        self.console.print(Text(hint_text(advice), style="cyan"))

    def show_help(self, state: State, legal: list[Action]) -> None:
        seat = state.current_player
        view = state.view(seat)
        self.console.print(Text("Notation: ", style="bold"), Text(self.frontend.NOTATION_HELP))
        self.console.print(Text(f"All {len(legal)} legal moves:", style="bold"))
        for label, items in self.frontend.group_moves(view, [str(a) for a in legal]):
            line = Text(f"  {label}: ", style="bold")
            line.append(items)
            self.console.print(line)
        self.console.print(
            Text(
                "Commands: a number picks from the list; ? this help; b redraw the board; "
                "l the whole move log; hint the bot's advice; u undo your last move (while it "
                "is still your turn); q quit "
                "(a --record file is saved after every move)",
                style="grey50",
            )
        )
