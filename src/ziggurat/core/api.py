"""The game interface that every game offers and every caller relies on (DESIGN.md).

These are structural protocols, for type hints: every game implements them by subclassing
the kernel (:mod:`ziggurat.core.kernel`), which writes the public methods once and declares
each optional hook with its default. Bots, the terminal, the server, the arena and the RL
wrappers use nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from .action import Action
from .events import Event

TERMINAL = -4
"""``current_player`` of a finished game (OpenSpiel uses the same value)."""


@runtime_checkable
class State(Protocol):
    game: Game  # the game this state belongs to (its options, notation, action numbering)
    events: tuple[Event, ...]  # what the last action caused (ziggurat.core.events)

    @property
    def current_player(self) -> int: ...

    def legal_actions(self) -> list[Action]: ...

    def is_legal(self, action: Action) -> bool: ...  # one of the game's actions, legal now?

    def apply_action(self, action: Action) -> None: ...

    def apply_legal(self, action: Action) -> None: ...  # known legal: for searches, unchecked

    def clone(self) -> State: ...

    def is_terminal(self) -> bool: ...

    def scores(self) -> list[int]: ...

    def winners(self) -> list[int]: ...

    def view(self, seat: int | None) -> dict[str, Any]: ...

    def determinize(self, seat: int, rng: Any) -> State: ...

    def to_json(self) -> dict[str, Any]: ...

    def shown_scores(self, viewer: int | None) -> list[int]: ...

    def automatic_steps(self) -> list[tuple[int, Action]]: ...

    def reshuffled(self, seed: int) -> State: ...

    def revealed_at_end(self) -> list[dict[str, Any]]: ...

    def observation_tensor(self, seat: int) -> Any: ...  # numpy float32, the game's layout

    def legal_action_mask(self) -> Any: ...  # numpy int8 over num_distinct_actions


@runtime_checkable
class Game(Protocol):
    name: str
    title: str
    player_counts: tuple[int, ...]
    option_defaults: dict[str, Any]
    option_help: dict[str, str]
    num_players: int
    options: dict[str, Any]
    data_version: str
    num_distinct_actions: int
    observation_layout: Any  # ziggurat.core.observation.Layout: the tensor's named sections
    observation_shape: tuple[int]

    def new_initial_state(self, seed: int = 0) -> State: ...

    def state_from_json(self, data: dict[str, Any]) -> State: ...

    def parse_action(self, state: State, text: str) -> Action: ...

    def action_to_int(self, action: Action) -> int: ...

    def int_to_action(self, state: State, action_id: int) -> Action: ...

    def seat_names(self) -> Sequence[str]: ...

    @classmethod
    def rules_summary(cls) -> str: ...

    def reveals_secrets(self, state: State, action: Action) -> bool: ...

    def can_undo(self, before: State, after: State) -> bool: ...

    def without_draws(self, view: dict[str, Any]) -> dict[str, Any]: ...

    def secret_from(self, state: State, action: Action) -> tuple[int, ...]: ...

    def options_are_secret(self, state: State) -> bool: ...

    def describe_action(self, action: Action, actor: int, viewer: int | None) -> dict[str, Any]:
        """``{"type", "text", "words", ...}``: the action as ``viewer`` may see it, with the
        structured fields a board drawing needs (hexes, tokens, cards)."""
        ...

    def describe_event(self, event: Event, viewer: int | None) -> dict[str, Any] | None: ...

    def event_view(
        self, event: Event, viewer: int | None, names: Sequence[str] | None = None
    ) -> dict[str, Any] | None: ...
