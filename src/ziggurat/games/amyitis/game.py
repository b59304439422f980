"""``AmyitisGame``: options, the card deck in use, the action table and setup.

Built by ``ziggurat.load_game("amyitis", players=3)``. A game is immutable and shared by all
of its states: the data file's values, the craft deck for the player count (cards with a
"3 players" or "4 players" sign removed below that count) and the numbering of actions.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ziggurat.core.action import action_by_number
from ziggurat.core.errors import InvalidOptions
from ziggurat.core.rng import Rng

from .actions import ActionTable, AmyitisAction
from .components import CRAFTS, AmyitisData, load_data
from .state import AmyitisState

OPTION_DEFAULTS: dict[str, Any] = {"players": 2}

OPTION_HELP = {"players": "2, 3 or 4"}


class AmyitisGame:
    """Amyitis for 2, 3 or 4 players."""

    name = "amyitis"
    title = "Amyitis"
    player_counts = (2, 3, 4)
    option_defaults = OPTION_DEFAULTS
    option_help = OPTION_HELP

    def __init__(self, data: Path | None = None, **options: Any) -> None:
        loaded, version = load_data(data)
        self.data: AmyitisData = loaded
        self.data_version = version
        self.options = self._validate(options)
        n = self.num_players = self.options["players"]
        self.craft_rows: int = loaded.craft_rows[n]
        counts = loaded.craft_counts[n]
        self.craft_deck: tuple[int, ...] = tuple(
            craft for craft in range(len(CRAFTS)) for _ in range(counts[craft])
        )
        empty = loaded.empty_squares[n]
        self.squares_in_use: tuple[int, ...] = tuple(
            s for s in range(len(loaded.square_ids)) if s not in empty
        )
        self.all_spaces = (1 << len(loaded.space_ids)) - 1
        self.actions = ActionTable(
            craft_rows=self.craft_rows,
            field_rows=len(loaded.fields),
            city_names=loaded.city_names,
            space_ids=loaded.space_ids,
            square_ids=loaded.square_ids,
            max_sell=loaded.babylon_max,
        )
        self.num_distinct_actions = len(self.actions.actions)

    def _validate(self, options: dict[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(options) - set(OPTION_DEFAULTS))
        if unknown:
            raise InvalidOptions(
                f"unknown Amyitis option {', '.join(map(repr, unknown))}; "
                f"the options are: {', '.join(OPTION_DEFAULTS)}"
            )
        merged = {**OPTION_DEFAULTS, **options}
        players = merged["players"]
        if type(players) is not int or players not in self.player_counts:
            raise InvalidOptions(f"players={players!r}: Amyitis is for {OPTION_HELP['players']}")
        return merged

    def seat_names(self) -> list[str]:
        return [f"seat {s}" for s in range(self.num_players)]

    @staticmethod
    def reveals_secrets(state: AmyitisState, action: AmyitisAction) -> bool:
        """May ``action`` turn a hidden thing face up by the rules? An action that ends the
        round deals the next round's craft rows. (Used by :mod:`ziggurat.testing`.)"""
        after = state.clone()
        after.apply_action(action)
        return after.round != state.round

    # ------------------------------------------------------------------ setup

    def new_initial_state(self, seed: int = 0) -> AmyitisState:
        """Setup (rules reference §5) and the first round's deal, drawn from ``seed``."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidOptions(f"seed must be an integer, not {seed!r}")
        state = AmyitisState(self)
        state.deal(Rng(seed))
        return state

    # ------------------------------------------------------------------ actions

    def parse_action(self, state: AmyitisState | None, text: str) -> AmyitisAction:
        """The action named by ``text`` (see :mod:`.actions`); legality is checked on apply."""
        return self.actions.parse(text)

    def action_to_int(self, action: AmyitisAction) -> int:
        return action.id

    def int_to_action(self, state: AmyitisState | None, action_id: int) -> AmyitisAction:
        return action_by_number(self.actions.actions, action_id)  # type: ignore[return-value]

    def describe_action(
        self, action: AmyitisAction, actor: int, viewer: int | None
    ) -> dict[str, Any]:
        from .describe import describe_action

        return describe_action(self, action, actor, viewer)

    def state_from_json(self, data: dict[str, Any]) -> AmyitisState:
        from .serialize import state_from_json

        return state_from_json(self, data)

    def __repr__(self) -> str:
        return f"<AmyitisGame {self.options}>"
