"""Game records: ``{game, options, data_version, seed, seats, actions, result}`` as JSON
(and ``start_state``, the position a game continued from another's move started from).

Everything random comes from the state's own seeded generator, so a record holds only the
seed and the actions in canonical notation; :func:`replay` rebuilds every position exactly.
A move taken back stays in ``actions``, followed later by an entry ``"undo"`` of its seat
(:mod:`.undo`): the record keeps all that was played, and its moves (:meth:`GameRecord.moves`)
are those left standing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from .api import Game, State
from .components import describe_validation_error
from .errors import RecordError, ZigguratError
from .registry import load_game
from .undo import UNDO, UndoRefused, check_undo

RECORD_FORMAT = 1


class RecordedAction(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: str
    seat: int
    t: str | None = None


class GameResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    scores: list[int]
    winners: list[int]


class GameRecord(BaseModel):
    """A whole game, finished or not. ``seats`` names who played each seat."""

    model_config = ConfigDict(extra="forbid")

    format: int = RECORD_FORMAT
    game: str
    options: dict[str, Any]
    data_version: str
    seed: int
    seats: list[str]
    actions: list[RecordedAction] = []
    result: GameResult | None = None
    # the position the game started from (a state's JSON), for a game continued from a move
    # of another (the seed then dealt afresh what nobody had seen); None: the seed's new game
    start_state: dict[str, Any] | None = None

    @classmethod
    def start(cls, game: Game, seed: int, seats: list[str]) -> GameRecord:
        if len(seats) != game.num_players:
            raise RecordError(f"{len(seats)} seat names given for {game.num_players} players")
        return cls(
            game=game.name,
            options=dict(game.options),
            data_version=game.data_version,
            seed=seed,
            seats=list(seats),
        )

    def add(self, seat: int, action: object, state_after: State | None = None) -> None:
        """Append one action; when ``state_after`` is terminal, store the result too."""
        stamp = datetime.now(UTC).isoformat(timespec="seconds")
        self.actions.append(RecordedAction(action=str(action), seat=seat, t=stamp))
        if state_after is not None and state_after.is_terminal():
            self.result = GameResult(scores=state_after.scores(), winners=state_after.winners())

    def add_undo(self, seat: int) -> None:
        """Record that ``seat`` took back its last move (the caller checked that it may)."""
        stamp = datetime.now(UTC).isoformat(timespec="seconds")
        self.actions.append(RecordedAction(action=UNDO, seat=seat, t=stamp))
        self.result = None

    def moves(self) -> list[RecordedAction]:
        """The moves left standing: ``actions`` without those taken back and the take-backs
        (a take-back with no move before it is left out; :func:`replay_states` refuses it)."""
        standing: list[RecordedAction] = []
        for entry in self.actions:
            if entry.action != UNDO:
                standing.append(entry)
            elif standing:
                standing.pop()
        return standing

    def to_json(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")


def load_record(path: str | Path) -> GameRecord:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"{path}: cannot read record: {exc.strerror or exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path}: not valid JSON: {exc}") from None
    return record_from_json(data, source=str(path))


def record_from_json(data: object, source: str = "record") -> GameRecord:
    try:
        record = GameRecord.model_validate(data)
    except ValidationError as err:
        raise RecordError(describe_validation_error(source, err)) from None
    if record.format != RECORD_FORMAT:
        raise RecordError(f"{source}: record format {record.format} is not {RECORD_FORMAT}")
    return record


def game_of(record: GameRecord, data: str | Path | None = None) -> Game:
    """The game a record was played with; refuses a record made with other component data."""
    try:
        game = load_game(record.game, data=data, **record.options)
    except ZigguratError as exc:
        raise RecordError(f"record's game cannot be loaded: {exc}") from None
    if game.data_version != record.data_version:
        raise RecordError(
            f"record was played with component data version {record.data_version}, "
            f"but the loaded data is version {game.data_version}; pass the same data file"
        )
    return game


def initial_state(game: Game, record: GameRecord) -> State:
    """The position the record starts from: its ``start_state``, or the seed's new game."""
    if record.start_state is None:
        return game.new_initial_state(seed=record.seed)
    try:
        return game.state_from_json(record.start_state)
    except ZigguratError as exc:
        raise RecordError(f"the record's start position does not load: {exc}") from None


def replay_states(record: GameRecord, data: str | Path | None = None) -> Iterator[State]:
    """The initial position, then the position after each of the record's moves left
    standing (:meth:`GameRecord.moves`); each take-back is checked against the rules of
    undo (:func:`.undo.check_undo`) at the point where it was made."""
    game = game_of(record, data)
    states = [initial_state(game, record)]  # before each move standing, and now
    seats: list[int] = []  # who made each move standing
    for number, entry in enumerate(record.actions, start=1):
        state = states[-1]
        if entry.action == UNDO:
            try:
                check_undo(
                    game,
                    entry.seat,
                    seats[-1] if seats else None,
                    states[-2] if len(states) > 1 else None,
                    state,
                )
            except UndoRefused as exc:
                raise RecordError(f"entry {number} (undo) does not replay: {exc}") from None
            states.pop()
            seats.pop()
            continue
        if state.current_player != entry.seat:
            raise RecordError(
                f"action {number} ({entry.action}) is recorded for seat {entry.seat}, "
                f"but seat {state.current_player} is to act"
            )
        try:
            action = game.parse_action(state, entry.action)
            after = state.clone()
            after.apply_action(action)
        except ZigguratError as exc:
            raise RecordError(f"action {number} ({entry.action}) does not replay: {exc}") from None
        states.append(after)
        seats.append(entry.seat)
    yield from states  # each its own copy, changed by nothing after


def replay(record: GameRecord, data: str | Path | None = None) -> State:
    """The position after all recorded actions."""
    states = replay_states(record, data)
    last = next(states)
    for last in states:  # noqa: B007 - we want the final position
        pass
    return last
