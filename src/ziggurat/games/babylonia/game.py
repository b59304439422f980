"""``BabyloniaGame``: options, setup, notation and the action numbering of one game.

Built by ``ziggurat.load_game("babylonia", players=3, ...)``. A game is immutable and shared
by all of its states: the board for the player count, the data file, the action table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ziggurat.core.action import action_by_number
from ziggurat.core.errors import InvalidOptions
from ziggurat.core.rng import Rng

from .actions import ActionTable, BabyloniaAction, describe_action
from .board import Board, BoardHex
from .components import BabyloniaData, load_data
from .pieces import CARD_AVAILABLE, CARD_NOT_IN_PLAY, CITY_CODES, FIELD_CODES
from .state import PHASE_PLACE, BabyloniaState

OPTION_DEFAULTS: dict[str, Any] = {
    "players": 3,
    "ziggurat_cards": "standard",
    "first_round_limit": True,
    "start_player": None,
    "tied_city_scores": False,
    "face_down_field_access": False,
}

OPTION_HELP = {
    "players": "2, 3 or 4",
    "ziggurat_cards": "'standard' (cards 1-7) or 'advanced' (7 of the 9 cards at random)",
    "first_round_limit": "true: the start player's first turn places 1 token, the second "
    "player's exactly 2 (printed rule); false: no limit (as Board Game Arena)",
    "start_player": "null (drawn at random from the seed) or a seat number",
    "tied_city_scores": "false: a tied city pays no city counts (Board Game Arena); true: "
    "every player still scores the cities in front of them",
    "face_down_field_access": "false: only a face-up own token lets a farmer take a crop field "
    "(Board Game Arena); true: a face-down river token does too",
}


class BabyloniaGame:
    """Babylonia for 2, 3 or 4 players with validated options."""

    name = "babylonia"
    title = "Babylonia"
    player_counts = (2, 3, 4)
    option_defaults = OPTION_DEFAULTS
    option_help = OPTION_HELP

    def __init__(self, data: Path | None = None, **options: Any) -> None:
        self.options = self._validate(options)
        self.num_players: int = self.options["players"]
        self.ziggurat_cards: str = self.options["ziggurat_cards"]
        self.first_round_limit: bool = self.options["first_round_limit"]
        self.start_player: int | None = self.options["start_player"]
        self.tied_city_scores: bool = self.options["tied_city_scores"]
        self.face_down_field_access: bool = self.options["face_down_field_access"]
        loaded, version = load_data(data)
        self.data: BabyloniaData = loaded
        self.data_version = version
        self.board = Board.for_players(self.data, self.num_players)
        self.actions = ActionTable(self.board)
        self.num_distinct_actions = len(self.actions.actions)

    @staticmethod
    def _validate(options: dict[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(options) - set(OPTION_DEFAULTS))
        if unknown:
            raise InvalidOptions(
                f"unknown Babylonia option {', '.join(map(repr, unknown))}; "
                f"the options are: {', '.join(OPTION_DEFAULTS)}"
            )
        merged = {**OPTION_DEFAULTS, **options}
        players = merged["players"]
        if type(players) is not int or players not in (2, 3, 4):
            raise InvalidOptions(f"players={players!r}: Babylonia is for {OPTION_HELP['players']}")
        if merged["ziggurat_cards"] not in ("standard", "advanced"):
            raise InvalidOptions(
                f"ziggurat_cards={merged['ziggurat_cards']!r}: use {OPTION_HELP['ziggurat_cards']}"
            )
        for flag in ("first_round_limit", "tied_city_scores", "face_down_field_access"):
            if not isinstance(merged[flag], bool):
                raise InvalidOptions(f"{flag}={merged[flag]!r}: must be true or false")
        start = merged["start_player"]
        if start is not None and (
            isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < players
        ):
            raise InvalidOptions(
                f"start_player={start!r}: null or a seat number from 0 to {players - 1}"
            )
        return merged

    @classmethod
    def with_board(
        cls, hexes: list[BoardHex], data: Path | None = None, **options: Any
    ) -> BabyloniaGame:
        """The game on another map, e.g. a small test board; tiles go on with ``position``."""
        game = cls(data=data, **options)
        game.board = Board(hexes)
        game.actions = ActionTable(game.board)
        game.num_distinct_actions = len(game.actions.actions)
        game.data_version += "+custom-board"
        return game

    def seat_names(self) -> list[str]:
        return [f"seat {s}" for s in range(self.num_players)]

    @staticmethod
    def options_are_secret(state: BabyloniaState) -> bool:
        """While tokens are placed, what the player can still place hangs on his hidden stand:
        with no farmer left after two tokens, ``end`` may be his only move, which the table
        must not learn from a bot's instant answer (the engine ends placement by itself only
        where the stand's size alone rules out another token)."""
        return state.phase == PHASE_PLACE

    # ------------------------------------------------------------------ setup

    def new_initial_state(self, seed: int = 0) -> BabyloniaState:
        """Setup (rules §2) drawn from ``seed``: cards in play, tiles, stands, start player."""
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidOptions(f"seed must be an integer, not {seed!r}")
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

        per_player = self.data.tokens.per_player
        supply = [per_player.merchant, per_player.servant, per_player.priest, per_player.farmer]
        for seat in range(self.num_players):
            state.bag[4 * seat : 4 * seat + 4] = supply
            state._refill(seat)
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

    # ------------------------------------------------------------------ actions

    def parse_action(self, state: BabyloniaState | None, text: str) -> BabyloniaAction:
        """The action named by ``text`` (see :mod:`.actions`); legality is checked on apply."""
        return self.actions.parse(text, self.board)

    def action_to_int(self, action: BabyloniaAction) -> int:
        return action.id

    def int_to_action(self, state: BabyloniaState | None, action_id: int) -> BabyloniaAction:
        return action_by_number(self.actions.actions, action_id)  # type: ignore[return-value]

    def describe_action(
        self, action: BabyloniaAction, actor: int, viewer: int | None
    ) -> dict[str, Any]:
        """The action as ``viewer`` may see it: notation, words, and structured fields.

        Another seat's token placed in the river lies face down, so its kind is left out.
        """
        return describe_action(self.board, action, actor, viewer)

    def state_from_json(self, data: dict[str, Any]) -> BabyloniaState:
        from .serialize import state_from_json

        return state_from_json(self, data)

    def __repr__(self) -> str:
        return f"<BabyloniaGame {self.options}>"
