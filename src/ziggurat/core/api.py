"""The game interface that every game implements and every caller relies on (DESIGN.md).

These are structural protocols: a game does not inherit from them, it simply has these
members. Bots, the terminal, the server, the arena and the RL wrappers use nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from .action import Action

TERMINAL = -4
"""``current_player`` of a finished game (OpenSpiel uses the same value)."""


@runtime_checkable
class State(Protocol):
    game: Game  # the game this state belongs to (its options, notation, action numbering)

    @property
    def current_player(self) -> int: ...

    def legal_actions(self) -> list[Action]: ...

    def apply_action(self, action: Action) -> None: ...

    def clone(self) -> State: ...

    def is_terminal(self) -> bool: ...

    def scores(self) -> list[int]: ...

    def winners(self) -> list[int]: ...

    def view(self, seat: int | None) -> dict[str, Any]: ...

    def determinize(self, seat: int, rng: Any) -> State: ...

    def to_json(self) -> dict[str, Any]: ...


def shown_scores(state: State, viewer: int | None) -> list[int]:
    """The scores as ``viewer`` (None: a spectator) may see them during play.

    A game whose running score holds a secret part (Ishtar: points of tree cards lying face
    down) gives a state method ``shown_scores(viewer)`` that leaves it out; for every other
    game this is ``state.scores()``. At the end of a game all is shown.
    """
    hook = getattr(state, "shown_scores", None)
    return hook(viewer) if hook is not None else state.scores()


def automatic_steps(state: State) -> list[tuple[int, Action]]:
    """``(seat, action)`` for each decision the engine took by itself (it had one option)
    while the last action was applied, in order, for logs.

    A game that takes single-option decisions on its own (Amyitis) gives a state method
    ``automatic_steps()``; for every other game the list is empty. Replaying the same
    actions gives the same steps, so a log rebuilt from stored actions shows them too.
    """
    hook = getattr(state, "automatic_steps", None)
    return hook() if hook is not None else []


def options_are_secret(state: State) -> bool:
    """May whether the player to move has one option or several depend on what others
    cannot see?

    Where it may, a bot searches even when it has a single legal move, so that how fast it
    answers tells nobody what it holds (Tower of Babel: a decision point that comes also to
    players without the card). A game says so with a game method
    ``options_are_secret(state)``; for every other game it is False, and bots answer a
    forced move at once.
    """
    hook = getattr(state.game, "options_are_secret", None)
    return bool(hook(state)) if hook is not None else False


def secret_from(state: State, action: Action) -> tuple[int, ...]:
    """The seats that must learn nothing of ``action`` (by the player to move) before the
    reveal: in a simultaneous secret round collected one seat at a time, those still to
    make their own decision in it.

    A game with such rounds (Tower of Babel's offers) gives a game method
    ``secret_from(state, action)``; for every other game it is empty. The conformance suite
    checks that those seats' views and logs do not depend on the action.
    """
    hook = getattr(state.game, "secret_from", None)
    return tuple(hook(state, action)) if hook is not None else ()


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

    def new_initial_state(self, seed: int = 0) -> State: ...

    def state_from_json(self, data: dict[str, Any]) -> State: ...

    def parse_action(self, state: State, text: str) -> Action: ...

    def action_to_int(self, action: Action) -> int: ...

    def int_to_action(self, state: State, action_id: int) -> Action: ...

    def seat_names(self) -> Sequence[str]: ...

    def describe_action(self, action: Action, actor: int, viewer: int | None) -> dict[str, Any]:
        """``{"type", "text", "words", ...}``: the action as ``viewer`` may see it, with the
        structured fields a board drawing needs (hexes, tokens, cards)."""
        ...
