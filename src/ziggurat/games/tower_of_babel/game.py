"""``TowerOfBabelGame``: the game's facts and options, setup, and the kernel's hooks.

Built by ``ziggurat.load_game("tower_of_babel", players=4, ...)``. A game is immutable and
shared by all of its states: the data file, the disc catalogue, the action table. This module
is the top of the package: the kernel asks the game for a view, a determinized world, the
saved fields and the log's words, and the game hands the state to :mod:`.views`,
:mod:`.serialize` and :mod:`.describe`. So the state module never imports those, and
nothing in the package imports upwards (no import circle).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ziggurat.core.events import Event
from ziggurat.core.kernel import BaseGame
from ziggurat.core.options import Option, players_option
from ziggurat.core.rng import Rng

from . import describe, events, observation, reveal, serialize, undo, views
from .actions import OFFER, TowerAction, TowerActionTable, cards_text, cards_words
from .components import ACTION_KINDS, JOKER, TYPES, TowerData, load_data
from .phases import PHASE_OFFER
from .state import TowerState


class TowerOfBabelGame(BaseGame):
    """Tower of Babel for 3, 4 or 5 players with validated options."""

    name = "tower_of_babel"
    title = "Tower of Babel"
    player_counts = (3, 4, 5)
    options_declared = (
        players_option(player_counts, 4),
        Option(
            "two_type_discs",
            bool,
            False,
            "play the variant with the four two-type discs, each replacing one 5-disc of its type",
        ),
        Option(
            "action_cards",
            bool,
            True,
            "completing a wonder earns an action card; without them the cards stay in the "
            "box (the community's 'Knizia variant')",
        ),
    )
    conformance_option_sets = (
        {},
        {"two_type_discs": True},
        {"action_cards": False},
    )

    views_module = views
    observation_module = observation
    serialize_module = serialize

    data: TowerData
    actions: TowerActionTable

    def setup(self, data: Path | None) -> None:
        """The data file, the disc catalogue and the action table: everything the options
        decide (each is a plain true/false, so the declarations check them all)."""
        self.two_type_discs: bool = self.options["two_type_discs"]
        self.action_cards: bool = self.options["action_cards"]
        loaded, version = load_data(data)
        self.data = loaded
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
        self.actions = TowerActionTable(
            self.wonder_ids,
            self.spaces_per_wonder,
            self.num_players,
            max_offer=max(sum(need) for need in needs),
            max_jokers=loaded.action_counts[JOKER],
            joker_units=loaded.joker_units,
            trade_max=loaded.card_trade_max,
        )
        # The rule numbers and card texts the front ends word their controls with (the
        # view's ``rules`` and ``action_cards_info``), built once: none is written in JS.
        self.rules_view: dict[str, int] = {
            "pass_extra_draw": loaded.pass_extra_draw,
            "end_of_turn_draw": loaded.end_of_turn_draw,
            "rejected_vp_per_card": loaded.rejected_vp,
            "triple_bonus_vp_per_card": loaded.triple_vp,
            "card_trade_max": loaded.card_trade_max,
            "draw_three_count": loaded.draw_three_count,
            "joker_units": loaded.joker_units,
            "five_points_vp": loaded.five_points_vp,
            "disc_bonus_vp_per_disc": loaded.disc_bonus_vp,
            "action_cards_per_completion": loaded.action_per_completion,
        }
        self.action_cards_info: dict[str, dict[str, str]] = {
            kind: {"name": name, "text": text}
            for kind, (name, text) in zip(ACTION_KINDS, loaded.action_texts, strict=True)
        }

    def initial_state(self, seed: int) -> TowerState:
        """Setup (rules §3) drawn from ``seed``: discs on the wonders, the shuffled decks and
        the starting hands, dealt one card at a time from seat 0, who starts."""
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

    # ------------------------------------------------------------------ the kernel's hooks

    def describe_action(
        self, action: TowerAction, actor: int, viewer: int | None
    ) -> dict[str, Any]:
        """The action as ``viewer`` may see it; another seat's offer shows no cards."""
        return describe.describe_action(self, action, actor, viewer)

    def can_undo(self, before: TowerState, after: TowerState) -> bool:
        """May the move from ``before`` to ``after`` be taken back (:mod:`.undo`)?"""
        return undo.can_undo(before, after)

    def describe_event(self, event: Event, viewer: int | None) -> dict[str, Any] | None:
        """The words and fields of one event the rules recorded (:mod:`.events`)."""
        return events.describe_event(self, event, viewer)

    def without_draws(self, view: dict[str, Any]) -> dict[str, Any]:
        """``view`` with the own building cards reduced to their number: every turn ends
        with every seat drawing, so after another seat's move two worlds that seat cannot
        tell apart differ in the cards it drew."""
        hand = view.get("hand")
        if hand is None:
            return view
        return {**view, "hand": {**hand, "cards": sum(hand["cards"].values())}}

    def reveals_secrets(self, state: TowerState, action: TowerAction) -> bool:
        """The last offer of a round reveals all offers. Nothing else does: decision points
        T and D come from public facts only (rulings T17)."""
        return action.kind == OFFER and (state.current + 1) % state.n == state.active

    def secret_from(self, state: TowerState, action: TowerAction) -> tuple[int, ...]:
        """For an offer, the seats still to make theirs in the same round (offers are
        simultaneous, rulings T18)."""
        if action.kind != OFFER or state.phase != PHASE_OFFER:
            return ()
        n, active = state.n, state.active
        return tuple(
            seat
            for seat in ((state.current + i) % n for i in range(1, n))
            if seat != active and (seat - active) % n > (state.current - active) % n
        )

    def options_are_secret(self, state: TowerState) -> bool:
        """Whether the player to move has a choice at all can hang on his hidden cards at
        every point (a held action card, the cards he could offer or add), so a bot thinks
        even with one legal move: an instant answer would tell the table what he lacks."""
        return not state.is_terminal()

    def state_reshuffled(self, state: TowerState, rng: Rng) -> TowerState:
        """Continue from here: both piles shuffled anew, every hand and offer kept
        (:mod:`.reveal`)."""
        return reveal.reshuffled(state, rng)

    def revealed_at_end(self, state: TowerState) -> list[dict[str, Any]]:
        """Each seat's hand and action cards, then what is left in both piles, for the end
        screen (:mod:`.reveal`)."""
        return reveal.revealed_at_end(state)
