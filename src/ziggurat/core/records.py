"""Game records: ``{game, options, data_version, seed, seats, actions, result}`` as JSON.

Everything random comes from the state's own seeded generator, so a record holds only the
seed and the actions in canonical notation; :func:`replay` rebuilds every position exactly.
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


def replay_states(record: GameRecord, data: str | Path | None = None) -> Iterator[State]:
    """The initial position, then the position after each recorded action."""
    game = game_of(record, data)
    state = game.new_initial_state(seed=record.seed)
    yield state.clone()
    for number, entry in enumerate(record.actions, start=1):
        if state.current_player != entry.seat:
            raise RecordError(
                f"action {number} ({entry.action}) is recorded for seat {entry.seat}, "
                f"but seat {state.current_player} is to act"
            )
        try:
            state.apply_action(game.parse_action(state, entry.action))
        except ZigguratError as exc:
            raise RecordError(f"action {number} ({entry.action}) does not replay: {exc}") from None
        yield state.clone()


def replay(record: GameRecord, data: str | Path | None = None) -> State:
    """The position after all recorded actions."""
    states = replay_states(record, data)
    last = next(states)
    for last in states:  # noqa: B007 - we want the final position
        pass
    return last
