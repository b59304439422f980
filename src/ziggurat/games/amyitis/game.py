"""``AmyitisGame``: what the game is (its declaration), the card deck in use, the action
table, and the kernel's hooks that need the modules above the state.

Built by ``ziggurat.load_game("amyitis", players=3)``. A game is immutable and shared by all
of its states: the data file's values, the craft deck for the player count (cards with a
"3 players" or "4 players" sign removed below that count) and the numbering of actions.
This module is the top of the package: it imports the state, views, serialize and describe
modules, so none of them needs to import another one upwards.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from ziggurat.core.events import Event
from ziggurat.core.kernel import BaseGame
from ziggurat.core.options import Option, players_option
from ziggurat.core.rng import Rng

from . import describe, events, observation, reveal, serialize, undo, views
from .actions import ActionTable, AmyitisAction
from .components import CRAFTS, PLAYER_COUNTS, AmyitisData, load_data
from .state import AmyitisState


class AmyitisGame(BaseGame):
    """Amyitis for 2, 3 or 4 players; its only option is the number of players (the rules
    questions the reference leaves open are values of the data file, not options)."""

    name = "amyitis"
    title = "Amyitis"
    player_counts = PLAYER_COUNTS
    options_declared: ClassVar[tuple[Option, ...]] = (players_option(PLAYER_COUNTS, 2),)
    conformance_option_sets: ClassVar[tuple[dict[str, Any], ...]] = tuple(
        {"players": n} for n in PLAYER_COUNTS
    )

    views_module = views
    observation_module = observation
    serialize_module = serialize
    data: AmyitisData
    actions: ActionTable

    def setup(self, data: Path | None) -> None:
        """The data file, the deck and the squares in use at this player count, the actions."""
        loaded, version = load_data(data)
        self.data = loaded
        self.data_version = version
        n = self.num_players
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

    def initial_state(self, seed: int) -> AmyitisState:
        """Setup (rules reference §5) and the first round's deal, drawn from ``seed``."""
        state = AmyitisState(self)
        state.setup(Rng(seed))
        return state

    # ------------------------------------------------------------------ optional hooks

    def describe_action(
        self, action: AmyitisAction, actor: int, viewer: int | None
    ) -> dict[str, Any]:
        return describe.describe_action(self, action, actor, viewer)

    def can_undo(self, before: AmyitisState, after: AmyitisState) -> bool:
        """May the move from ``before`` to ``after`` be taken back (:mod:`.undo`)?"""
        return undo.can_undo(before, after)

    def describe_event(self, event: Event, viewer: int | None) -> dict[str, Any]:
        """A card recruited, a caravan move, a field row completed, a garden tile planted, a
        temple's rewards, a new round, the final scoring and the end (:mod:`.events`)."""
        return events.describe_event(self, event, viewer)

    def reveals_secrets(self, state: AmyitisState, action: AmyitisAction) -> bool:
        """May ``action`` turn a hidden thing face up by the rules? An action that ends the
        round deals the next round's craft rows (the only hidden thing: their order)."""
        after = state.clone()
        after.apply_action(action)
        return after.round != state.round

    def state_reshuffled(self, state: AmyitisState, rng: Rng) -> AmyitisState:
        """Continue from here: the next rounds' craft deals drawn anew (:mod:`.reveal`)."""
        return reveal.reshuffled(state, rng)

    def revealed_at_end(self, state: AmyitisState) -> list[dict[str, Any]]:
        """The craft cards the last deal left in the deck, for the end screen
        (:mod:`.reveal`)."""
        return reveal.revealed_at_end(state)
