"""``BabyloniaGame``: the game's facts and options, setup, and the hooks the kernel calls.

Built by ``ziggurat.load_game("babylonia", players=3, ...)``. A game is immutable and shared
by all of its states: the board for the player count, the data file, the action table. The
public interface is the kernel's (:class:`~ziggurat.core.kernel.BaseGame`); this module sits
above the state, views and serialize modules and connects them to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ziggurat.core.events import Event
from ziggurat.core.kernel import BaseGame
from ziggurat.core.options import Option, players_option
from ziggurat.core.rng import Rng

from . import events, observation, reveal, rules, serialize, undo, views
from .actions import BabyloniaActionTable, describe_action
from .board import Board
from .cards import CARD_AVAILABLE, CARD_NOT_IN_PLAY
from .components import load_data
from .phases import PHASE_PLACE
from .pieces import CITY_CODES, FIELD_CODES
from .state import BabyloniaState

if TYPE_CHECKING:
    from pathlib import Path

    from .actions import BabyloniaAction
    from .board import BoardHex
    from .components import BabyloniaData


class BabyloniaGame(BaseGame):
    """Babylonia for 2, 3 or 4 players with validated options."""

    name = "babylonia"
    title = "Babylonia"
    player_counts = (2, 3, 4)
    options_declared: ClassVar[tuple[Option, ...]] = (
        players_option(player_counts, 3),
        Option(
            "ziggurat_cards",
            str,
            "standard",
            "which ziggurat cards are in play: 'standard' (cards 1 to 7) or 'advanced' "
            "(7 of the 9 cards, drawn at random)",
            choices=("standard", "advanced"),
        ),
        Option(
            "first_round_limit",
            bool,
            True,
            "in the first round the start player places 1 token and the second player "
            "exactly 2 (printed rule); off: no limit, as on Board Game Arena",
        ),
        Option(
            "start_player",
            int,
            None,
            "the seat that plays first, counting from 0; by default drawn at random",
            nullable=True,
            seat=True,
            null_label="at random",
        ),
        Option(
            "tied_city_scores",
            bool,
            False,
            "a tied city still pays every player the cities in front of them; off: a tied "
            "city pays no city counts, as on Board Game Arena",
        ),
        Option(
            "face_down_field_access",
            bool,
            False,
            "a face-down river token of yours also lets a farmer take the crop field next "
            "to it; off: only a face-up token does, as on Board Game Arena",
        ),
    )
    conformance_option_sets: ClassVar[tuple[dict[str, Any], ...]] = (
        {},
        {"ziggurat_cards": "advanced"},
        {"first_round_limit": False, "tied_city_scores": True, "face_down_field_access": True},
    )
    conformance_depth: ClassVar[tuple[int, int]] = (3, 2)  # games per set, deep-check spacing

    views_module = views
    observation_module = observation
    serialize_module = serialize
    data: BabyloniaData
    actions: BabyloniaActionTable

    def setup(self, data: Path | None) -> None:
        """The data file, the board for the player count and its action table. The options
        the rules read on every move become plain attributes (no dict lookup there)."""
        self.ziggurat_cards: str = self.options["ziggurat_cards"]
        self.first_round_limit: bool = self.options["first_round_limit"]
        self.start_player: int | None = self.options["start_player"]
        self.tied_city_scores: bool = self.options["tied_city_scores"]
        self.face_down_field_access: bool = self.options["face_down_field_access"]
        self.data, self.data_version = load_data(data)
        self.board = Board.for_players(self.data, self.num_players)
        self.card_names = {c.number: c.name for c in self.data.ziggurat_cards.cards}
        self.actions = BabyloniaActionTable(self.board)

    @classmethod
    def with_board(
        cls, hexes: list[BoardHex], data: Path | None = None, **options: Any
    ) -> BabyloniaGame:
        """The game on another map, e.g. a small test board; tiles go on with ``position``."""
        game = cls(data=data, **options)
        game.board = Board(hexes)
        game.actions = BabyloniaActionTable(game.board)
        game.num_distinct_actions = len(game.actions.actions)
        game.data_version += "+custom-board"
        return game

    # ------------------------------------------------------------------ setup (rules §2)

    def initial_state(self, seed: int) -> BabyloniaState:
        """Setup drawn from ``seed``: the cards in play, the tiles on their slots, each
        stand filled from its bag, the start player."""
        state = BabyloniaState(self)
        rng = state.rng = Rng(seed)
        self.deal_cards(state, rng)
        pool = next(p for p in self.data.location_tiles.pools if p.players == self.num_players)
        tiles = [CITY_CODES[c] for c, n in pool.cities.items() for _ in range(n)]
        tiles += [FIELD_CODES[f] for f, n in pool.fields.items() for _ in range(n)]
        rng.shuffle(tiles)
        for b, tile in zip(self.board.slot_bits, tiles, strict=True):
            state.tile_at[b] = tile
            if tile < 10:
                state.cities |= 1 << b
            else:
                state.fields |= 1 << b
        supply = self.supply()
        for seat in range(self.num_players):
            state.bag[4 * seat : 4 * seat + 4] = supply
            rules.refill(state, seat)
        start = self.start_player
        if start is None:
            start = rng.randrange(self.num_players)
        state.turn_player = state.current = start
        return state

    def deal_cards(self, state: BabyloniaState, rng: Rng) -> None:
        """Lay out the cards in play: 1-7, or 7 of the 9 drawn at random (advanced)."""
        cards = self.data.ziggurat_cards
        if self.ziggurat_cards == "advanced":
            in_play = list(range(1, 10))
            while len(in_play) > cards.advanced_cards_in_play:
                in_play.pop(rng.randrange(len(in_play)))
        else:
            in_play = list(cards.standard_set)
        state.card_owner = [CARD_NOT_IN_PLAY] * 10
        for number in in_play:
            state.card_owner[number] = CARD_AVAILABLE

    def supply(self) -> list[int]:
        """Tokens per player by kind (M, S, P, F)."""
        t = self.data.tokens.per_player
        return [t.merchant, t.servant, t.priest, t.farmer]

    # ------------------------------------------------------------------ the kernel's hooks

    def describe_action(
        self, action: BabyloniaAction, actor: int, viewer: int | None
    ) -> dict[str, Any]:
        """The action as ``viewer`` may see it: notation, words, and structured fields.

        Another seat's token placed in the river lies face down, so its kind is left out.
        """
        return describe_action(self.board, action, actor, viewer)

    def can_undo(self, before: BabyloniaState, after: BabyloniaState) -> bool:
        """May the move from ``before`` to ``after`` be taken back (:mod:`.undo`)?"""
        return undo.can_undo(before, after)

    def describe_event(self, event: Event, viewer: int | None) -> dict[str, Any]:
        """A field, a city or a ziggurat scored, a card taken, the end and why
        (:mod:`.events`)."""
        return events.describe_event(self, event, viewer)

    def without_draws(self, view: dict[str, Any]) -> dict[str, Any]:
        """``view`` with the viewer's stand given by its size only (``stand_size``).

        The refill at the end of a turn draws the turn player's tokens from his bag at
        random. When another seat's decision ends that turn (a ziggurat winner taking a
        card), two worlds the turn player cannot tell apart draw him different tokens: by
        chance, not by a leak (the conformance suite compares views with this)."""
        players = [{k: v for k, v in p.items() if k != "stand"} for p in view["players"]]
        return {**view, "players": players}

    def options_are_secret(self, state: BabyloniaState) -> bool:
        """While tokens are placed, what the player can still place hangs on his hidden stand:
        with no farmer left after two tokens, ``end`` may be his only move, which the table
        must not learn from a bot's instant answer (the engine ends placement by itself only
        where the stand's size alone rules out another token)."""
        return state.phase == PHASE_PLACE

    def state_reshuffled(self, state: BabyloniaState, rng: Rng) -> BabyloniaState:
        """Continue from here: the bags' future draws dealt anew, every count kept
        (:mod:`.reveal`)."""
        return reveal.reshuffled(state, rng)

    def revealed_at_end(self, state: BabyloniaState) -> list[dict[str, Any]]:
        """Each seat's stand, face-down river tokens and bag, for the end screen
        (:mod:`.reveal`)."""
        return reveal.revealed_at_end(state)
