"""A table in memory: its game, its current state (rebuilt from the stored record), its log.

Everything a client receives is made here through the game interface: ``view(seat)``,
``legal_actions()`` for the seat to act, ``describe_action`` and ``event_view`` for the log,
so a seat never receives another seat's secrets.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, overload

import orjson

from ziggurat.core.action import Action
from ziggurat.core.api import TERMINAL, Game, State
from ziggurat.core.errors import ZigguratError
from ziggurat.core.events import Event
from ziggurat.core.records import GameRecord, GameResult, RecordedAction
from ziggurat.core.undo import UNDO, UndoRefused, check_undo

from .chat import SHOWN as SHOWN_MESSAGES
from .chat import ChatMessage
from .clocks import Clock, TimeControl, clock
from .db import ActionRow, SeatRow, TableRow
from .result import final_result


def _json(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


DESCRIBED_ACTIONS_PER_GAME = 8192
"""How many described actions (JSON) one game keeps: the actions a seat is offered recur
move after move, and describing them was an eighth of the action path under load."""

_described_actions: weakref.WeakKeyDictionary[Game, dict[tuple[int, int], str]] = (
    weakref.WeakKeyDictionary()
)


def described_actions_json(game: Game, actions: list[Action], seat: int) -> str:
    """``game.describe_action(a, seat, seat)`` of each action as JSON, comma-separated; each
    made once per game, action and seat (a description depends on nothing else: the hook is
    given no state). At most :data:`DESCRIBED_ACTIONS_PER_GAME` are kept per game; past that
    the store starts again."""
    known = _described_actions.get(game)
    if known is None:
        known = _described_actions[game] = {}
    texts = []
    for action in actions:
        key = (action.id, seat)
        text = known.get(key)
        if text is None:
            if len(known) >= DESCRIBED_ACTIONS_PER_GAME:
                known.clear()
            text = known[key] = _json(game.describe_action(action, seat, seat))
        texts.append(text)
    return ",".join(texts)


def initial_state(game: Game, seed: int, start: dict[str, Any] | None) -> State:
    """A table's first position: ``start`` (a game continued from another's move), or the
    seed's new game."""
    return game.new_initial_state(seed=seed) if start is None else game.state_from_json(start)


def iso(moment: datetime) -> str:
    """ISO 8601 in UTC (SQLite hands stored times back without their zone)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.isoformat()


@dataclass
class SeatInfo:
    """A seat as stored (the fields are :class:`SeatRow`'s columns)."""

    seat: int
    kind: str
    name: str
    agent: str | None
    token_hash: str | None
    claimed: bool
    took_over: str | None = None  # why a bot plays a person's seat ("resigned", "timed out")
    took_over_at: int | None = None  # the moves standing when it took over
    account_id: int | None = None  # the account the seat is tied to (it bears its name)

    @classmethod
    def of(cls, row: SeatRow) -> SeatInfo:
        return cls(
            row.seat,
            row.kind,
            row.name,
            row.agent,
            row.token_hash,
            row.claimed,
            row.took_over,
            row.took_over_at,
            row.account_id,
        )

    @property
    def timed(self) -> bool:
        """Does a clock run for this seat (a person's, not handed to a bot)?"""
        return self.kind == "human" and not self.took_over

    @property
    def shown_name(self) -> str:
        """The name the log and the result use: a bot that took over is named as such."""
        return f"{self.name} (bot)" if self.took_over else self.name

    def public(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "name": self.name,
            "agent": self.agent,
            "claimed": self.claimed,
            "took_over": self.took_over,
            "account": self.name if self.account_id is not None else None,
        }


def branch_of(table_id: str | None, move: int | None) -> dict[str, Any] | None:
    """``{"table", "move"}``: the table and move a game was continued from, if it was."""
    return None if table_id is None else {"table": table_id, "move": move}


def summary_from_rows(row: TableRow, seats: list[SeatRow]) -> dict[str, Any]:
    """A table's summary from its stored row, the same as :meth:`LiveTable.summary`."""
    return {
        "id": row.id,
        "game": row.game,
        "options": dict(row.options),
        "status": row.status,
        "version": row.version,
        "current_player": None if row.current_player == TERMINAL else row.current_player,
        "seats": [SeatInfo.of(s).public() for s in sorted(seats, key=lambda s: s.seat)],
        "scores": list(row.scores),
        "winners": row.winners,
        "undo": row.undo,
        "rematch": row.rematch_id,
        "time_control": TimeControl.of(row.time_control).plain(),
        "deadline": None if row.deadline is None else iso(row.deadline),
        "branched_from": branch_of(row.branched_from, row.branched_at),
        "rated": row.rated,
        "spectator_chat": row.spectator_chat,
        "created_at": iso(row.created_at),
        "updated_at": iso(row.updated_at),
    }


class Standing(Sequence[tuple[int, datetime]]):
    """The moves standing as ``(seat, when)``, read from a log without copying it: with one
    move more (``extra``, being stored) or one fewer (``drop_last``, a take-back being
    stored). The clocks read it; without a clock or turn-based they read only its end."""

    __slots__ = ("_extra", "_length", "_log")

    def __init__(
        self,
        log: list[LogEntry],
        extra: tuple[int, datetime] | None = None,
        drop_last: bool = False,
    ) -> None:
        self._log = log
        self._length = len(log) - 1 if drop_last else len(log)
        self._extra = extra

    def __len__(self) -> int:
        return self._length + (self._extra is not None)

    def __iter__(self) -> Iterator[tuple[int, datetime]]:
        log = self._log
        for index in range(self._length):
            entry = log[index]
            yield entry.seat, entry.at
        if self._extra is not None:
            yield self._extra

    def __reversed__(self) -> Iterator[tuple[int, datetime]]:
        if self._extra is not None:
            yield self._extra
        log = self._log
        for index in range(self._length - 1, -1, -1):
            entry = log[index]
            yield entry.seat, entry.at

    @overload
    def __getitem__(self, index: int) -> tuple[int, datetime]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[int, datetime]]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(index)
        if index == self._length:
            assert self._extra is not None
            return self._extra
        entry = self._log[index]
        return entry.seat, entry.at


@dataclass(slots=True)
class LogEntry:
    """One stored action and what it did, kept for every move of every table in memory.

    Slotted, and its scores and automatic steps kept as tuples: tuples of plain values are
    left alone by the garbage collector, while the lists they replace were half of all the
    objects each full collection walked under load (three lists of scores and one of steps
    for every move of every table)."""

    number: int
    seat: int
    action: Action
    scores: tuple[tuple[int, ...], ...]  # after it, as each seat saw them; a spectator's last
    at: datetime
    then: tuple[tuple[int, Action], ...] = ()  # automatic steps after it
    events: tuple[Event, ...] = ()  # what it caused, worded per viewer when sent

    @classmethod
    def after(cls, number: int, seat: int, action: Action, state: State, at: datetime) -> LogEntry:
        """The entry of ``action``, just applied to ``state``."""
        steps = tuple(state.automatic_steps())
        return cls(number, seat, action, scores_seen(state), at, steps, state.events)

    def scores_for(self, viewer: int | None) -> tuple[int, ...]:
        return self.scores[-1 if viewer is None else viewer]


def scores_seen(state: State) -> tuple[tuple[int, ...], ...]:
    """The scores as each seat, then a spectator, may see them (see ``State.shown_scores``)."""
    seats = len(state.scores())
    return tuple(tuple(state.shown_scores(v)) for v in (*range(seats), None))


SOCKET_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")  # the whole name: fullmatch
"""A socket's own name, chosen by its client (``?socket=`` when it connects) and named again
in the client's action POSTs (:class:`Answered`)."""


@dataclass(frozen=True, slots=True)
class Answered:
    """A change one socket's client has already been given: the reply to its own action POST,
    which named the socket. The push of that same revision is not sent to that socket (the
    browser got every own move twice, and those sends were a third of the pushes); its next
    push carries the log from where that socket was, so the log it builds stays whole."""

    seat: int
    socket: str
    revision: int


class Push:
    """One viewer's payload of one revision, for sockets that already hold part of its log.

    A payload carries the whole log, which grows with every move and was, late in a game,
    half of every push and of the time spent compressing it. A socket is sent the log only
    from the first entry it has not had: ``{..., "log_from": N, "log": [entries N, N+1,
    ...]}``, the entries before N being those it received (see docs/server-api.md). What
    a socket holds is named by the log's epoch (a new wording, after a seat's name
    changed, starts a new one) and the number of entries it got."""

    __slots__ = ("_whole", "epoch", "head", "log", "log_length")

    def __init__(self, head: str, log: list[str], log_length: int, epoch: int) -> None:
        self.head = head  # the payload up to its log, without the closing brace
        self.log = log  # the viewer's described log; it may grow: only log_length count
        self.log_length = log_length
        self.epoch = epoch
        self._whole: str | None = None

    def log_from(self, epoch: int, held: int) -> int:
        """The first entry to send to a socket holding ``held`` entries of ``epoch``."""
        return held if epoch == self.epoch and held <= self.log_length else 0

    def text(self, start: int) -> str:
        """The payload as JSON with its log from entry ``start`` on; 0: the whole payload,
        exactly as REST gives it (no ``log_from``), made once."""
        if start == 0:
            if self._whole is None:
                log = ",".join(self.log[: self.log_length])
                self._whole = f'{self.head},"log":[{log}]}}'
            return self._whole
        log = ",".join(self.log[start : self.log_length])
        return f'{self.head},"log_from":{start},"log":[{log}]}}'


@dataclass
class LiveTable:
    """A table as this process holds it. ``log`` holds the moves standing (those not taken
    back), numbered from 1; ``version`` counts every stored entry, moves and take-backs
    alike, so that a take-back is versioned like a move."""

    id: str
    game: Game
    seed: int
    seats: list[SeatInfo]
    state: State
    created_at: datetime
    updated_at: datetime
    revision: int = 0  # the stored revision this copy reflects
    version: int = 0  # entries stored: moves and take-backs
    undo: bool = True  # may a seat take back its own last move (the table's setting)?
    creator_token_hash: str | None = field(default=None, repr=False)  # deletes the table
    deleted: bool = False  # by its creator: its sockets are told so and closed
    rematch_id: str | None = None  # the table that plays this finished one again
    time_control: TimeControl = field(default_factory=TimeControl)
    started_at: datetime | None = None  # when every seat was taken (the clocks started)
    abandon_after: timedelta | None = None  # no clock: a seat idle this long goes to a bot
    start: dict[str, Any] | None = None  # the start position of a game continued from another
    branched_from: str | None = None  # that other table
    branched_at: int | None = None  # and the move it was continued from
    rated: bool = False  # its players' ratings change when it ends
    spectator_chat: bool = False  # may spectators with an account write in its chat?
    chat: list[ChatMessage] = field(default_factory=list)  # the last chat.SHOWN messages
    log: list[LogEntry] = field(default_factory=list)
    # the position before the last move standing, when known (kept from the move itself;
    # else replayed when a take-back is asked about)
    _before: State | None = field(default=None, repr=False)
    # the last position a replay asked for, (moves, state): stepping on from it applies only
    # the moves in between (one position per table, whoever asked)
    _replayed: tuple[int, State] | None = field(default=None, repr=False)
    # What was sent, made once and kept as JSON text (a string is one object the garbage
    # collector never visits; the dicts it was made of were millions under load, and each
    # full collection walked them all): the log entries as each viewer reads them (they
    # never change, but for the seats' names), and each viewer's payload of this revision.
    _described: dict[int | None, list[str]] = field(default_factory=dict, repr=False)
    _described_names: list[str] = field(default_factory=list, repr=False)
    _payloads: dict[int | None, Push] = field(default_factory=dict, repr=False)
    _payloads_revision: int = field(default=-1, repr=False)
    _summary_json: str | None = field(default=None, repr=False)  # of _payloads_revision
    _clock_json: str = field(default="null", repr=False)  # made with _summary_json
    _chat_json: str = field(default="[]", repr=False)  # made with _summary_json
    _clock: tuple[tuple[Any, ...], Clock] | None = field(default=None, repr=False)  # clock()
    _log_epoch: int = field(default=0, repr=False)  # one per wording of the log
    _result: tuple[list[str], str] | None = field(default=None, repr=False)  # names, JSON

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    @property
    def status(self) -> str:
        if self.finished:
            return "finished"
        if self.version == 0 and any(s.kind == "human" and not s.claimed for s in self.seats):
            return "open"
        return "running"

    @classmethod
    def rebuild(
        cls, game: Game, row: TableRow, seats: list[SeatRow], actions: list[ActionRow]
    ) -> LiveTable:
        """Replay the stored record: the state after every move standing, exactly (the
        take-backs were checked when they were stored; each removes the move before it)."""
        table = cls(
            id=row.id,
            game=game,
            seed=row.seed,
            seats=[],
            state=initial_state(game, row.seed, row.start_state),
            created_at=row.created_at,
            updated_at=row.updated_at,
            revision=row.revision,
            undo=row.undo,
            creator_token_hash=row.creator_token_hash,
            rematch_id=row.rematch_id,
            time_control=TimeControl.of(row.time_control),
            started_at=row.started_at,
            start=row.start_state,
            branched_from=row.branched_from,
            branched_at=row.branched_at,
            rated=row.rated,
            spectator_chat=row.spectator_chat,
        )
        table.update_seats(seats)
        standing: list[ActionRow] = []
        for entry in sorted(actions, key=lambda a: a.number):
            if entry.action != UNDO:
                standing.append(entry)
            elif standing:
                standing.pop()
            else:
                raise ZigguratError(f"entry {entry.number} takes back a move, but none stands")
        for entry in standing:
            table.apply(entry.seat, game.parse_action(table.state, entry.action), entry.created_at)
        table.version = len(actions)
        table.updated_at = row.updated_at
        return table

    def take_chat(self, messages: list[ChatMessage]) -> None:
        """Keep the newest messages (the ones a payload carries)."""
        known = self.chat[-1].number if self.chat else 0
        self.chat.extend(m for m in messages if m.number > known)
        del self.chat[: -SHOWN_MESSAGES]

    @property
    def chat_count(self) -> int:
        """The number of the last message (messages are numbered from 1)."""
        return self.chat[-1].number if self.chat else 0

    def update_seats(self, seats: list[SeatRow]) -> None:
        """Take the stored seats (names, tokens and claims change as people join)."""
        self.seats = [SeatInfo.of(s) for s in sorted(seats, key=lambda s: s.seat)]

    def apply(self, seat: int, action: Action, at: datetime) -> None:
        """Play ``action`` on the state in place (the position before it is not kept)."""
        self.state.apply_action(action)
        self._moved(seat, action, None, at)

    def advance(self, seat: int, action: Action, after: State, at: datetime) -> None:
        """Take ``after`` (the state once ``action`` was applied to a copy) as the state; the
        state before it is kept, should the move be taken back."""
        before, self.state = self.state, after
        self._moved(seat, action, before, at)

    def _moved(self, seat: int, action: Action, before: State | None, at: datetime) -> None:
        if at.tzinfo is None:
            at = at.replace(tzinfo=UTC)  # SQLite hands stored times back without their zone
        self.log.append(LogEntry.after(len(self.log) + 1, seat, action, self.state, at))
        self.version += 1
        self._before = before
        self.updated_at = at

    def apply_stored(self, seat: int, text: str, at: datetime) -> None:
        """Apply one stored entry another process made: a move (on a copy, so the position
        before it is kept, as for a move made here: else every payload of a seat deciding
        on would replay the game to know whether it may take its move back), or a
        take-back (:data:`UNDO`)."""
        if text == UNDO:
            self.take_back(at)
            return
        action = self.game.parse_action(self.state, text)
        after = self.state.clone()
        after.apply_action(action)
        self.advance(seat, action, after, at)

    def state_before_last(self) -> State | None:
        """The position before the last move standing (None before the first): kept from
        that move when this process made it, else replayed from the seed once."""
        if not self.log:
            return None
        if self._before is None:
            state = initial_state(self.game, self.seed, self.start)
            for entry in self.log[:-1]:
                state.apply_action(entry.action)
            self._before = state
        return self._before

    def check_undo(self, seat: int) -> State:
        """The position ``seat`` would go back to by taking back the last move; raises
        :class:`UndoRefused` (saying why) when the rules do not let it."""
        last = self.log[-1].seat if self.log else None
        before = self.state_before_last()
        check_undo(self.game, seat, last, before, self.state)
        assert before is not None  # check_undo refuses when no move stands
        return before

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back the last move now (the table allows it and the
        rules do); asked for every payload of the seat to act, so the common answers come
        from the log before the rules are asked."""
        if not self.undo or not self.log or self.log[-1].seat != seat:
            return False
        if self.state.current_player != seat:
            return False
        try:
            self.check_undo(seat)
        except UndoRefused:
            return False
        return True

    def take_back(self, at: datetime, before: State | None = None) -> None:
        """Remove the last move standing: the state goes back to the position before it
        (``before``, or replayed). The log's wording starts anew, so every socket is sent
        the whole shorter log (see :class:`Push`)."""
        if before is None:
            before = self.state_before_last()
            if before is None:
                raise ZigguratError("a take-back with no move standing before it")
        self.state = before
        self.log.pop()
        if self._replayed is not None and self._replayed[0] > len(self.log):
            self._replayed = None  # it held the move taken back
        self.version += 1
        self._before = None
        self.updated_at = at
        self._reword_log()

    def clock(
        self,
        standing: Sequence[tuple[int, datetime]] | None = None,
        after: State | None = None,
        started: datetime | None = None,
    ) -> Clock:
        """The clocks now (see :func:`.clocks.clock`), or as they would be with the moves
        ``standing`` (seat, when) leading to ``after``, or with the clocks ``started``: what
        is stored with a change is worked out before the change is made in memory."""
        now = standing is None and after is None and started is None
        key = (self.revision, self.version, len(self.log), self.started_at)
        if now and self._clock is not None and self._clock[0] == key:
            return self._clock[1]  # asked by the move's check and by its payloads
        if standing is None:
            standing = Standing(self.log)
        state = self.state if after is None else after
        current = None if state.is_terminal() else state.current_player
        made = clock(
            self.time_control,
            started or self.started_at,
            standing,
            current,
            [s.seat for s in self.seats if s.timed],
            len(self.seats),
            self.abandon_after,
        )
        if now:
            self._clock = (key, made)
        return made

    @property
    def names(self) -> list[str]:
        """The seats' names as shown now (a bot that took over a seat named as such)."""
        return [s.shown_name for s in self.seats]

    def names_at(self, number: int) -> list[str]:
        """The seats' names as of move ``number``: a seat a bot took over is named as a bot
        only in the moves made after it did."""
        return [
            s.shown_name if s.took_over_at is not None and number > s.took_over_at else s.name
            for s in self.seats
        ]

    def events_for(self, entry: LogEntry, viewer: int | None) -> list[dict[str, Any]]:
        """What ``entry``'s action caused, as ``viewer`` may read it, worded with the
        seats' names as of that move (``text``; ``parts`` name the seats for a front end's
        own drawing)."""
        game, names = self.game, self.names_at(entry.number)
        described = (game.event_view(e, viewer, names) for e in entry.events)
        return [d for d in described if d is not None]

    def summary(self, clocks: Clock | None = None) -> dict[str, Any]:
        """The table as the lobby lists it (``clocks``: :meth:`clock`, if made already)."""
        state = self.state
        deadline = (clocks or self.clock()).deadline
        return {
            "id": self.id,
            "game": self.game.name,
            "options": dict(self.game.options),
            "status": self.status,
            "version": self.version,
            "current_player": None if state.current_player == TERMINAL else state.current_player,
            "seats": [s.public() for s in self.seats],
            "scores": state.shown_scores(None),
            "winners": state.winners() if self.finished else None,
            "undo": self.undo,
            "rematch": self.rematch_id,
            "time_control": self.time_control.plain(),
            "deadline": None if deadline is None else iso(deadline),
            "branched_from": branch_of(self.branched_from, self.branched_at),
            "rated": self.rated,
            "spectator_chat": self.spectator_chat,
            "created_at": iso(self.created_at),
            "updated_at": iso(self.updated_at),
        }

    def payload(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) receives: view, its legal actions, the log."""
        return orjson.loads(self.payload_json(seat))  # type: ignore[no-any-return]

    def payload_json(self, seat: int | None) -> str:
        """:meth:`payload` as JSON text, made once per revision and viewer however many
        requests ask (encoded with orjson: the standard library's encoder took a fifth of
        the action path under load)."""
        return self.push(seat).text(0)

    def push(self, seat: int | None) -> Push:
        """What a socket of ``seat`` is sent after this revision: the payload, whose log
        each socket gets only from the entries it has not had (see :class:`Push`). Made once
        per revision and viewer however many sockets and requests ask."""
        if self._payloads_revision != self.revision:
            self._payloads.clear()
            self._summary_json = None
            self._payloads_revision = self.revision
        push = self._payloads.get(seat)
        if push is None:
            push = self._payloads[seat] = self._make_push(seat)
        return push

    def _make_push(self, seat: int | None) -> Push:
        state, game = self.state, self.game
        legal, undo, result = "", "false", self.result_json()
        if seat is not None and not self.finished and state.current_player == seat:
            legal = described_actions_json(game, state.legal_actions(), seat)
            undo = "true" if self.can_undo(seat) else "false"
        if self._summary_json is None:  # the same in every viewer's payload
            clocks = self.clock()
            self._summary_json = _json(self.summary(clocks))
            self._clock_json = _json(clocks.plain(self.time_control, iso))
            self._chat_json = _json([m.public() for m in self.chat])
        view = _json(state.view(seat))
        seat_json = "null" if seat is None else str(seat)
        # the legal actions and the log go last, spliced in from texts encoded once
        head = (
            f'{{"table":{self._summary_json},"version":{self.version},"seat":{seat_json},'
            f'"view":{view},"can_undo":{undo},"result":{result},"clock":{self._clock_json},'
            f'"chat":{self._chat_json},"legal_actions":[{legal}]'
        )
        log = self.described_log(seat)
        return Push(head, log, len(log), self._log_epoch)

    def result_json(self) -> str:
        """The end as the end screen shows it (:func:`.result.final_result`: the winners,
        why the game ended, every seat's points by source; then everything that was hidden,
        ``revealed``, and the seats bots played on, ``took_over``), JSON; ``null`` before
        the end.
        Made once (again only if a seat's name changed, the sentences naming the seats)."""
        if not self.finished:
            return "null"
        names = self.names
        if self._result is None or self._result[0] != names:
            events = [e for entry in self.log for e in self.events_for(entry, None)]
            state = self.state
            made = final_result(events, state.scores(), state.winners())
            made["revealed"] = state.revealed_at_end()
            made["took_over"] = [
                {"seat": s.seat, "why": s.took_over, "after_move": s.took_over_at}
                for s in self.seats
                if s.took_over
            ]
            self._result = (names, _json(made))
        return self._result[1]

    def described_log(self, viewer: int | None) -> list[str]:
        """The log as ``viewer`` reads it, each entry as JSON; each is worded and encoded
        once (again only when a seat's name changes, the events naming the seats: a new
        wording starts a new :attr:`_log_epoch`, and the lists of the old one stay as
        they were for pushes still holding them)."""
        if self._described_names != self.names:
            self._reword_log()
        described = self._described.setdefault(viewer, [])
        for entry in self.log[len(described) :]:
            described.append(_json(self.describe_entry(entry, viewer)))
        return described

    def position(self, moves: int) -> State:
        """The position after the first ``moves`` moves standing (0: the start), replayed
        from the seed, or on from the last position asked for when that comes before it.
        The caller must neither change it nor keep it past its own step (it is stepped on
        in place by the next call)."""
        if not 0 <= moves <= len(self.log):
            raise ValueError(f"moves {moves} is not in 0..{len(self.log)}")
        if moves == len(self.log):
            return self.state
        replayed = self._replayed
        if replayed is not None and replayed[0] <= moves:
            done, state = replayed  # stepped on in place: no caller keeps a position
        else:
            done, state = 0, initial_state(self.game, self.seed, self.start)
        for entry in self.log[done:moves]:
            state.apply_action(entry.action)
        self._replayed = (moves, state)
        return state

    def replay_json(self, moves: int, viewer: int | None) -> str:
        """What ``viewer`` (None: a spectator) saw after the first ``moves`` moves standing:
        the table now, the move, the view then and the log up to then (JSON)."""
        view = _json(self.position(moves).view(viewer))
        log = ",".join(self.described_log(viewer)[:moves])
        viewer_json = "null" if viewer is None else str(viewer)
        return (
            f'{{"table":{_json(self.summary())},"move":{moves},"moves":{len(self.log)},'
            f'"seat":{viewer_json},"view":{view},"log":[{log}]}}'
        )

    def _reword_log(self) -> None:
        """Start a new wording of the log (after a take-back, or a seat's name changed)."""
        self._described = {}
        self._described_names = self.names
        self._log_epoch += 1

    def describe_entry(self, entry: LogEntry, viewer: int | None) -> dict[str, Any]:
        describe = self.game.describe_action
        return {
            "number": entry.number,
            "seat": entry.seat,
            **describe(entry.action, entry.seat, viewer),
            "scores": entry.scores_for(viewer),
            "then": [{"seat": s, **describe(a, s, viewer)} for s, a in entry.then],
            "events": self.events_for(entry, viewer),
        }

    def record(self, stored: list[ActionRow]) -> GameRecord:
        """The game record, from every ``stored`` entry (moves taken back and take-backs
        included: the log holds only the moves standing)."""
        record = GameRecord(
            game=self.game.name,
            options=dict(self.game.options),
            data_version=self.game.data_version,
            seed=self.seed,
            seats=[s.name for s in self.seats],
            start_state=self.start,
            actions=[
                RecordedAction(action=a.action, seat=a.seat, t=iso(a.created_at))
                for a in sorted(stored, key=lambda a: a.number)
            ],
        )
        if self.finished:
            record.result = GameResult(scores=self.state.scores(), winners=self.state.winners())
        return record
