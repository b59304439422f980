"""``TowerOfBabelGame``: options, setup, notation and the action numbering of one game.

Built by ``ziggurat.load_game("tower_of_babel", players=4, ...)``. A game is immutable and
shared by all of its states: the data file, the disc catalogue, the action table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ziggurat.core.action import action_by_number
from ziggurat.core.errors import InvalidOptions
from ziggurat.core.rng import Rng

from .actions import (
    OFFER,
    ActionTable,
    TowerAction,
    cards_text,
    cards_words,
)
from .components import JOKER, TYPES, TowerData, load_data
from .state import PHASE_OFFER, TowerState

OPTION_DEFAULTS: dict[str, Any] = {
    "players": 4,
    "two_type_discs": False,
    "action_cards": True,
}

OPTION_HELP = {
    "players": "3, 4 or 5",
    "two_type_discs": "true: the variant that swaps one 5-disc of each type for the four "
    "two-type discs; false: the base game",
    "action_cards": "true: completing a wonder draws an action card; false: the action cards "
    "stay in the box (the community 'Knizia variant')",
}


class TowerOfBabelGame:
    """Tower of Babel for 3, 4 or 5 players with validated options."""

    name = "tower_of_babel"
    title = "Tower of Babel"
    player_counts = (3, 4, 5)
    option_defaults = OPTION_DEFAULTS
    option_help = OPTION_HELP

    def __init__(self, data: Path | None = None, **options: Any) -> None:
        self.options = self._validate(options)
        self.num_players: int = self.options["players"]
        self.two_type_discs: bool = self.options["two_type_discs"]
        self.action_cards: bool = self.options["action_cards"]
        loaded, version = load_data(data)
        self.data: TowerData = loaded
        self.data_version = version
        self.wonder_ids = loaded.wonder_ids
        self.num_wonders = len(loaded.wonder_ids)
        self.spaces_per_wonder = loaded.spaces_per_wonder
        self.num_spaces = self.num_wonders * self.spaces_per_wonder
        # The disc catalogue: every single-type disc (type by type, values as printed), then
        # the two-type discs. A disc's id is its index here.
        needs: list[tuple[int, int, int, int]] = []
        for t in range(4):
            for value in loaded.single_values:
                need = [0, 0, 0, 0]
                need[t] = value
                needs.append((need[0], need[1], need[2], need[3]))
        self.first_two_type = len(needs)
        for need2 in loaded.two_type_needs:
            needs.append((need2[0], need2[1], need2[2], need2[3]))
        self.disc_needs: tuple[tuple[int, int, int, int], ...] = tuple(needs)
        self.actions = ActionTable(
            self.wonder_ids,
            self.spaces_per_wonder,
            self.num_players,
            max_offer=max(sum(need) for need in needs),
            max_jokers=loaded.action_counts[JOKER],
            joker_units=loaded.joker_units,
            trade_max=loaded.card_trade_max,
        )
        self.num_distinct_actions = len(self.actions.actions)

    @staticmethod
    def _validate(options: dict[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(options) - set(OPTION_DEFAULTS))
        if unknown:
            raise InvalidOptions(
                f"unknown Tower of Babel option {', '.join(map(repr, unknown))}; "
                f"the options are: {', '.join(OPTION_DEFAULTS)}"
            )
        merged = {**OPTION_DEFAULTS, **options}
        players = merged["players"]
        if type(players) is not int or players not in (3, 4, 5):
            raise InvalidOptions(
                f"players={players!r}: Tower of Babel is for {OPTION_HELP['players']}"
            )
        for flag in ("two_type_discs", "action_cards"):
            if not isinstance(merged[flag], bool):
                raise InvalidOptions(f"{flag}={merged[flag]!r}: must be true or false")
        return merged

    def seat_names(self) -> list[str]:
        return [f"seat {s}" for s in range(self.num_players)]

    @staticmethod
    def without_draws(view: dict[str, Any]) -> dict[str, Any]:
        """``view`` with the own building cards reduced to their number: every turn ends
        with every seat drawing, so after another seat's move two worlds that seat cannot
        tell apart differ in the cards it drew (used by :mod:`ziggurat.testing`)."""
        hand = view.get("hand")
        if hand is None:
            return view
        return {**view, "hand": {**hand, "cards": sum(hand["cards"].values())}}

    @staticmethod
    def reveals_secrets(state: TowerState, action: TowerAction) -> bool:
        """May ``action`` show others a secret by the rules? (Used by :mod:`ziggurat.testing`.)

        The last offer of a round reveals all offers. Nothing else does: decision points T
        and D come from public facts only (rulings T17).
        """
        return action.kind == OFFER and (state.current + 1) % state.n == state.active

    @staticmethod
    def secret_from(state: TowerState, action: TowerAction) -> tuple[int, ...]:
        """The seats that must learn nothing of ``action`` until the reveal: for an offer,
        those still to make theirs in the same round (offers are simultaneous, rulings T18).
        (Used by :mod:`ziggurat.testing`.)"""
        if action.kind != OFFER or state.phase != PHASE_OFFER:
            return ()
        n, active = state.n, state.active
        return tuple(
            seat
            for seat in ((state.current + i) % n for i in range(1, n))
            if seat != active and (seat - active) % n > (state.current - active) % n
        )

    @staticmethod
    def options_are_secret(state: TowerState) -> bool:
        """Whether the player to move has a choice at all can hang on his hidden cards at
        every point (a held action card, the cards he could offer or add), so a bot thinks
        even with one legal move: an instant answer would tell the table what he lacks."""
        return not state.is_terminal()

    # ------------------------------------------------------------------ discs

    def disc_text(self, disc: int) -> str:
        """``"5 boat"`` or ``"2 camel 3 stonemason"``."""
        return cards_text(self.disc_needs[disc])

    def disc_words(self, disc: int) -> str:
        return cards_words(self.disc_needs[disc])

    def disc_types(self, disc: int) -> list[str]:
        return [TYPES[t] for t in range(4) if self.disc_needs[disc][t]]

    def discs_in_play(self) -> list[int]:
        """The disc ids a game with these options lays out (rules §3, §10.1)."""
        if not self.two_type_discs:
            return list(range(self.first_two_type))
        out = []
        per_type = len(self.data.single_values)
        for t in range(4):
            removed = False
            for i, value in enumerate(self.data.single_values):
                if value == self.data.variant_removes and not removed:
                    removed = True
                    continue
                out.append(t * per_type + i)
        out += list(range(self.first_two_type, len(self.disc_needs)))
        return out

    # ------------------------------------------------------------------ setup

    def new_initial_state(self, seed: int = 0) -> TowerState:
        """Setup (rules §3) drawn from ``seed``: discs on the wonders, the shuffled decks and
        the starting hands, dealt one card at a time from seat 0, who starts."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidOptions(f"seed must be an integer, not {seed!r}")
        state = TowerState(self)
        rng = state.rng = Rng(seed)
        discs = self.discs_in_play()
        rng.shuffle(discs)
        state.space_disc = discs
        if self.action_cards:
            pile = [k for k, count in enumerate(self.data.action_counts) for _ in range(count)]
            rng.shuffle(pile)
            state.action_pile = pile
        cards = [t for t in range(4) for _ in range(self.data.cards_per_type)]
        rng.shuffle(cards)
        state.pile = cards
        for _ in range(self.data.starting_hand):
            for seat in range(self.num_players):
                state.draw(seat)
        return state

    # ------------------------------------------------------------------ actions

    def parse_action(self, state: TowerState | None, text: str) -> TowerAction:
        """The action named by ``text`` (see :mod:`.actions`); legality is checked on apply."""
        return self.actions.parse(text)

    def action_to_int(self, action: TowerAction) -> int:
        return action.id

    def int_to_action(self, state: TowerState | None, action_id: int) -> TowerAction:
        return action_by_number(self.actions.actions, action_id)  # type: ignore[return-value]

    def describe_action(
        self, action: TowerAction, actor: int, viewer: int | None
    ) -> dict[str, Any]:
        """The action as ``viewer`` may see it; another seat's offer shows no cards."""
        from .describe import describe_action

        return describe_action(self, action, actor, viewer)

    def state_from_json(self, data: dict[str, Any]) -> TowerState:
        from .serialize import state_from_json

        return state_from_json(self, data)

    def __repr__(self) -> str:
        return f"<TowerOfBabelGame {self.options}>"
