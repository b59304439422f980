"""Babylonia's part of the property harness (``tests/test_registry_properties.py``): what must
hold at every position of a random Babylonia game, what each view may show, and what a move
may change. The harness reads the names below; it plays the games and runs the checks every
game shares (its docstring lists them)."""

from __future__ import annotations

from typing import Any

from ziggurat.core.action import Action
from ziggurat.core.hexgrid import bit_list
from ziggurat.games.babylonia.state import BabyloniaState

GAMES = 2000
"""Random games per player count unless ``ZIGGURAT_PROPERTY_GAMES`` says otherwise."""
MAX_ACTIONS = 2000
"""A game still running after this many actions fails."""
INVARIANTS_EVERY = 1
"""``check_invariants`` at every how many positions."""
CLONES_EVERY = 10
"""Moves on clones and an illegal move, at every how many positions."""
ROUND_TRIP_EVERY = 50
"""The JSON round trip, at every how many positions (and at the end)."""
VIEWS_EVERY = 25
"""Every seat's view, at every how many positions."""
WORLDS_EVERY = 50
"""A determinized world, at every how many positions."""
REPLAY_ONE_IN = 1
"""The replay of the seed and the notation, for the games whose seed this divides."""
EXAMPLES: tuple[int, ...] = ()
"""Seeds always played, at every player count, besides those Hypothesis draws."""
SCORES_NEVER_FALL = True
"""No seat's score ever goes down."""


def check_invariants(state: BabyloniaState) -> None:
    """Every token somewhere exactly once (board, stand or bag), the bitsets agree with each
    other, and every hex in play lies in exactly one of the hex sets."""
    supply = state.game.supply()
    board = state.board
    tokens = 0
    for seat in range(state.n):
        base = 4 * seat
        up = 0
        hidden = 0
        for kind in range(4):
            on_board = state.kind_up[base + kind] | state.hid[base + kind]
            total = on_board.bit_count() + state.stand[base + kind] + state.bag[base + kind]
            assert total == supply[kind], f"seat {seat} kind {kind}: {total} tokens"
            assert state.stand[base + kind] >= 0 and state.bag[base + kind] >= 0
            up |= state.kind_up[base + kind]
            hidden |= state.hid[base + kind]
        assert up == state.up[seat]
        assert up | hidden == state.tok[seat]
        assert not up & board.river_mask and hidden & ~board.river_mask == 0
        assert not tokens & state.tok[seat], "two tokens on one hex"
        tokens |= state.tok[seat]
        assert sum(state.stand_counts(seat)) <= state.stand_capacity(seat)
    parts = [
        tokens,
        state.free_land,
        state.free_river,
        state.fields,
        state.cities,
        board.ziggurat_mask,
    ]
    union = 0
    for part in parts:
        assert not union & part, "hex sets overlap"
        union |= part
    assert union == board.layout.all_mask, "a hex in play is in no set"


def check_position(state: BabyloniaState, legal: list[Action], step: int) -> None:
    """The free-hex lists the placement generator walks agree with their bitsets."""
    if step % CLONES_EVERY == 0:
        assert state.land_list == bit_list(state.free_land)
        assert state.river_list == bit_list(state.free_river)


def check_view(state: BabyloniaState, seat: int | None, view: dict[str, Any], text: str) -> None:
    """A view shows its own seat's stand only, the kind of a face-down token to its owner
    only, and neither a generator nor a bag."""
    for entry in view["players"]:
        assert ("stand" in entry) == (entry["seat"] == seat)
    for h in view["board"]:
        if h.get("face_down"):
            assert (h["kind"] is not None) == (h["player"] == seat)
    assert "rng" not in text and 'bag"' not in text


def check_world(state: BabyloniaState, world: BabyloniaState, seat: int) -> None:
    """Nothing beyond the harness's checks of a determinized world."""


def winner_key(state: BabyloniaState, seat: int) -> tuple[int, ...]:
    """Most points win; a tie goes to more cities in front of the seat."""
    return (state.scores()[seat], state.cities_won[seat])


class Watch:
    """What one game carries from position to position: a ziggurat is scored once, and the
    cities won and the cities left on the board never outnumber the cities at the start."""

    def __init__(self, state: BabyloniaState) -> None:
        self.zig_unscored = state.zig_unscored
        self.cities_total = state.cities.bit_count()

    def __enter__(self) -> Watch:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def moved(self, state: BabyloniaState) -> None:
        assert state.zig_unscored & ~self.zig_unscored == 0, "a ziggurat was scored twice"
        self.zig_unscored = state.zig_unscored
        won = sum(state.cities_won)
        assert won + state.cities.bit_count() <= self.cities_total

    def over(self, state: BabyloniaState) -> None:
        """The game ended on an empty stand, or with fewer than two cities left."""
        last = state.turn_player
        assert sum(state.stand_counts(last)) == 0 or state.cities.bit_count() < 2
