"""The scaffold of a game's terminal front end: what :mod:`ziggurat.terminal` calls, once.

A game's ``render.py`` draws its own board and panels; the rest is the same for all four and
lives here. :class:`FrontEnd` takes a game's seat colours and its ``compose`` (the board and
panels put together for one view) and provides what the terminal loop and the tests call:
``render_view`` (the seat names checked, the move log drawn, the width handed on),
``view_text`` and ``state_text`` (the same as plain text), ``note_text`` and
``log_table`` (the log's lines). :class:`LogNote` is one move as the log shows it, with
the mover's own wording apart from everybody else's. The pieces a screen is built of -
the game-over line, the winners, the points a move gave, the events the engine recorded
for it (:func:`events_seen`, worded with the seats' names), sections stacked with a blank
line between them, the moves of a help screen with their hints - are functions here, so
that the four screens say these things in the same words.

Nothing here knows a rule: every fact comes from the view or from the game's front end.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from rich.console import Group, RenderableType
from rich.text import Text

from .render_shared import DIM, Seats, last_moves, names_for, to_plain

if TYPE_CHECKING:
    from .core.api import State

View = dict[str, Any]
K = TypeVar("K")
V = TypeVar("V")


# --------------------------------------------------------------------------- the log


Described = tuple[dict[str, Any], ...]
"""The events of one move as one viewer may read them (``game.describe_event``)."""


@dataclass(frozen=True, slots=True)
class LogNote:
    """One action as the log shows it.

    ``private`` is the mover's own wording (the kind of a face-down token, the cards of an
    offer) and is shown to the mover only; everybody else reads ``public``. In a game where
    no move is secret the two are the same (:attr:`words`). ``deltas`` are the points the
    move gave each seat; ``seen`` the events the engine recorded for the move, as each seat
    and then a spectator may read them (:func:`events_seen`); ``ends_turn`` whether the turn
    passed on with it (what a screen marks as "since your last turn").
    """

    number: int
    seat: int
    private: str
    public: str
    deltas: tuple[int, ...]
    seen: tuple[Described, ...] = ()
    ends_turn: bool = False

    @property
    def words(self) -> str:
        """The move's words as everybody but the mover reads them."""
        return self.public

    def words_for(self, viewer: int | None) -> str:
        """The words ``viewer`` may read: the mover's own wording for the mover only."""
        return self.private if viewer == self.seat else self.public

    def events_for(self, viewer: int | None) -> Described:
        """The move's events as ``viewer`` (None: a spectator) may read them."""
        if not self.seen:
            return ()
        return self.seen[-1 if viewer is None else viewer]


def events_seen(after: State) -> tuple[Described, ...]:
    """The events ``after.events`` (what the last action caused), described for every seat
    and then for a spectator, for a :class:`LogNote`."""
    game = after.game
    out = []
    for viewer in (*range(len(after.scores())), None):
        described = (game.describe_event(e, viewer) for e in after.events)
        out.append(tuple(d for d in described if d is not None))
    return tuple(out)


def points_moved(before: Sequence[int], after: Sequence[int]) -> tuple[int, ...]:
    """Each seat's points after a move less those before it: what the log shows it gave."""
    return tuple(a - b for a, b in zip(after, before, strict=True))


def points_text(note: LogNote, seats: Seats, names: Sequence[str] | None = None) -> Text:
    """`` +6, 1 greedy +3``: the mover's points, then every other seat's that moved."""
    text = Text()
    own = note.deltas[note.seat]
    if own:
        text.append(f" {own:+d}", style="bold green" if own > 0 else "bold red")
    for s, d in enumerate(note.deltas):
        if s != note.seat and d:
            text.append(", ")
            text.append_text(seats.label(s, names))
            text.append(f" {d:+d}", style="green" if d > 0 else "red")
    return text


def event_line(event: dict[str, Any], seats: Seats, names: Sequence[str] | None) -> Text:
    """One event's sentence, each seat it names in the seat's colour."""
    text = Text(style="italic")
    for part in event["parts"]:
        if isinstance(part, str):
            text.append(part)
        else:
            text.append_text(seats.label(part["seat"], names))
    return text


def events_text(
    events: Iterable[dict[str, Any]], seats: Seats, names: Sequence[str] | None
) -> Text:
    """`` · MS at 12,4 scored: 1 greedy takes it · the game is over``: what a move brought
    about (:func:`event_line`), each after a dot."""
    text = Text()
    for event in events:
        text.append(" · ", style=DIM)
        text.append_text(event_line(event, seats, names))
    return text


# --------------------------------------------------------------------------- screen pieces


def stacked(*parts: RenderableType | None) -> Group:
    """The parts one under another with a blank line between two; ``None`` (a panel with
    nothing to show now) is left out, blank line and all."""
    shown: list[RenderableType] = []
    for part in parts:
        if part is None:
            continue
        if shown:
            shown.append(Text())
        shown.append(part)
    return Group(*shown)


def turn_heading(
    heading: str, seat: int, seats: Seats, names: Sequence[str] | None, viewer: int | None
) -> Text:
    """``Turn 4: 1 greedy (you)``: how every status line starts, the turn in bold and then
    the seat to act; the game appends what that seat decides."""
    text = Text()
    text.append(heading, style="bold")
    text.append_text(seats.label(seat, names, viewer))
    return text


def game_over_text(
    winners: Sequence[int], seats: Seats, names: Sequence[str] | None, viewer: int | None
) -> Text:
    """``Game over. 1 greedy wins.`` / ``... 0 ann and 2 bob share the win.``: the status line
    once the game is over."""
    text = Text()
    text.append("Game over. ", style="bold")
    text.append_text(seats.labels(winners, names, viewer, " and "))
    text.append(" wins." if len(winners) == 1 else " share the win.")
    return text


def winners_label(winners: Sequence[int]) -> str:
    """``Winner`` or ``Shared win``: the same word on the final table and the result line."""
    return "Winner" if len(winners) == 1 else "Shared win"


def winners_line(winners: Sequence[int], seats: Seats, names: Sequence[str] | None) -> Text:
    """``Winner: 1 greedy`` / ``Shared win: 0 ann, 2 bob``, under a final scoring table."""
    text = Text()
    text.append(f"{winners_label(winners)}: ", style="bold")
    text.append_text(seats.labels(winners, names))
    return text


def best_first(totals: Sequence[int]) -> list[int]:
    """The seats by their totals, the most first (the table order of a final scoring; ties
    keep the seat order)."""
    return sorted(range(len(totals)), key=lambda s: -totals[s])


def by_match(
    moves: Iterable[str],
    pattern: re.Pattern[str],
    key: Callable[[re.Match[str]], K],
    value: Callable[[re.Match[str]], V],
) -> dict[K, list[V]]:
    """The moves ``pattern`` matches, grouped by ``key`` of the match, each as ``value`` of
    it, in the order of the legal moves: how a help screen folds a hundred placements into
    a line per rotation, or offers into a line per type."""
    groups: dict[K, list[V]] = {}
    for move in moves:
        m = pattern.match(move)
        if m:
            groups.setdefault(key(m), []).append(value(m))
    return groups


def with_hints(
    view: View, moves: Iterable[str], hint: Callable[[View, str], str | None], sep: str = ", "
) -> str:
    """``"caravan ur (3 camels, plant q1), pass"``: moves for a help screen, each with the
    words its numbered-list hint gives."""
    return sep.join(f"{m} ({words})" if (words := hint(view, m)) else m for m in moves)


# --------------------------------------------------------------------------- the front end


@dataclass(frozen=True, slots=True)
class Frame:
    """What a drawing of the screen knows besides the view: the seat names (``None`` unless
    they name every seat), the width, the "Last moves" list (``None`` when none is asked
    for) and the moves made up to the position drawn (a replay draws an earlier one)."""

    names: list[str] | None
    width: int
    log: Group | None
    played: Sequence[Any]


def _player_count(view: View) -> int:
    return len(view["players"])


@dataclass(frozen=True)
class FrontEnd:
    """A game's terminal front end around its ``compose``.

    ``compose(view, frame)`` puts the game's board and panels together with the frame's log.
    ``players(view)`` is the number of seats (the view's ``players`` by default);
    ``words`` draws a note's words (Tower of Babel colours the card types in them);
    ``points_last`` puts the points a move gave after its events, drawn by ``points``.
    A game's module binds the methods to its names
    (``render_view, view_text, state_text, note_text = FRONT_END.functions()``), which is
    what :mod:`ziggurat.terminal` looks up.
    """

    seats: Seats
    compose: Callable[[View, Frame], RenderableType]
    players: Callable[[View], int] = _player_count
    words: Callable[[str], Text] = Text
    points: Callable[[LogNote, Seats, Sequence[str] | None], Text] = points_text
    points_last: bool = False

    def render_view(
        self,
        view: View,
        *,
        seat_names: Sequence[str] | None = None,
        notes: Sequence[Any] = (),
        log_lines: int = 8,
        log_current: int | None = None,
        width: int = 120,
    ) -> RenderableType:
        """The whole screen for ``view``, with the last ``log_lines`` moves of ``notes`` (in a
        replay: those up to move ``log_current``), in ``width`` columns."""
        names = names_for(seat_names, self.players(view))
        log = None
        if notes or log_lines:
            log = self.log_table(notes, view["seat"], names, log_lines, log_current)
        played = notes if log_current is None else notes[:log_current]
        return self.compose(view, Frame(names, width, log, played))

    def view_text(self, view: View, *, width: int = 120, **options: Any) -> str:
        """Plain-text rendering of ``view`` (what :meth:`render_view` draws with the same
        ``options``, without colour)."""
        return to_plain(self.render_view(view, width=width, **options), width)

    def state_text(self, state: State) -> str:
        """The spectator's view of ``state`` as plain text, as the terminal draws it
        (``str(state)`` is the kernel's one-line summary: the engine never draws)."""
        return self.view_text(state.view(None))

    def note_text(
        self, note: LogNote, viewer: int | None, seat_names: Sequence[str] | None = None
    ) -> Text:
        """``" 23 1 greedy: score 12,4 +6 · city MS 12,4 won by seat 1"``: one log line as
        ``viewer`` may read it (the mover's own wording for the mover only)."""
        text = Text(f"{note.number:>3} ", style=DIM)
        text.append_text(self.seats.label(note.seat, seat_names))
        text.append(": ")
        text.append_text(self.words(note.words_for(viewer)))
        tail = [
            self.points(note, self.seats, seat_names),
            events_text(note.events_for(viewer), self.seats, seat_names),
        ]
        for part in reversed(tail) if self.points_last else tail:
            text.append_text(part)
        return text

    def log_table(
        self,
        notes: Sequence[Any],
        viewer: int | None,
        seat_names: Sequence[str] | None = None,
        lines: int = 8,
        current: int | None = None,
    ) -> Group:
        """The last ``lines`` moves (or the ``lines`` up to move ``current`` in a replay)."""

        def line_of(note: LogNote) -> Text:
            return self.note_text(note, viewer, seat_names)

        return last_moves(notes, line_of, lines, current)

    def functions(self) -> Functions:
        """The functions a game's ``render`` module names for :mod:`ziggurat.terminal` and
        its tests, bound to this front end."""
        return Functions(self.render_view, self.view_text, self.state_text, self.note_text)


class Functions(NamedTuple):
    """What a game's ``render`` module exports of its :class:`FrontEnd`, in the order of
    ``render_view, view_text, state_text, note_text = FRONT_END.functions()``."""

    render_view: Callable[..., RenderableType]
    view_text: Callable[..., str]
    state_text: Callable[[State], str]
    note_text: Callable[..., Text]
