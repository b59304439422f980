"""Positions for the Ishtar tests, built on a real initial state.

The worked examples of the rules reference (§15.4-15.9) are set on a map of one or two
boards, which no real game uses (a game has players + 2 boards). :class:`ExampleIshtar` is
the game with that one check relaxed; everything else is the real engine. Tiles are handed
to the player by moving them from wherever they lie (a stack or the box) into the hand, so
every tile stays somewhere exactly once and each position can be saved, read back and
played on.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import ziggurat
from ziggurat.core.rng import Rng
from ziggurat.games.ishtar.components import GEMS
from ziggurat.games.ishtar.game import IshtarGame
from ziggurat.games.ishtar.phases import PHASE_CHOOSE, PHASE_PLACE
from ziggurat.games.ishtar.state import IshtarState, set_up

VIOLET, RED, WHITE = range(3)
ALICE, BOB = 0, 1


class ExampleIshtar(IshtarGame):
    """Ishtar on a layout of any number of boards (the rules reference's example maps)."""

    def boards_required(self) -> int:
        return len(self.options["layout"].split())


@cache
def new_game(players: int = 2, **options: Any) -> IshtarGame:
    return ziggurat.load_game("ishtar", players=players, **options)  # type: ignore[return-value]


@cache
def example_game(layout: str = "X0=B1A0", players: int = 2) -> ExampleIshtar:
    return ExampleIshtar(players=players, layout=layout)


def example_state(
    layout: str = "X0=B1A0", fountains: tuple[int, ...] = (VIOLET,), players: int = 2, seed: int = 1
) -> IshtarState:
    """A fresh game on an example map, fountains as given, Alice (seat 0) to start."""
    state = set_up(example_game(layout, players), Rng(seed), fountains=fountains)
    state.first = state.current = ALICE
    return state


def fresh(state: IshtarState) -> IshtarState:
    """Forget the cached legal actions and map facts after fields were set by hand."""
    state._legal = None
    state._map_context = None
    return state


def tile_id(state: IshtarState, name: str) -> int:
    return state.game.data.tile_ids.index(name)


def card_id(state: IshtarState, name: str) -> int:
    return state.game.data.card_ids.index(name)


def hand_tile(state: IshtarState, name: str) -> None:
    """Put tile ``name`` in the current player's hand, ready to place (step 2)."""
    assert state.phase == PHASE_CHOOSE, "a tile is handed out at the start of a turn"
    tile = tile_id(state, name)
    for stack in state.stacks:
        if tile in stack:
            stack.remove(tile)
            break
    else:
        state.box.remove(tile)
    state.tile = tile
    state.phase = PHASE_PLACE
    fresh(state)


def bit(state: IshtarState, q: int, r: int) -> int:
    return state.game.grid.bit((q, r))


def hexes(state: IshtarState, mask: int) -> set[tuple[int, int]]:
    return set(state.game.grid.coords_of(mask))


def act(state: IshtarState, text: str) -> None:
    state.apply_action(state.game.parse_action(state, text))


def play_turn(state: IshtarState, tile: str, place: str, special: str | None = None) -> None:
    """One turn: hand ``tile`` over, play ``place``, the special action if given (else
    decline it when offered), and end the turn without buying."""
    hand_tile(state, tile)
    act(state, place)
    if special is not None:
        act(state, special)
    elif state.phase != PHASE_CHOOSE and "no action" in map(str, state.legal_actions()):
        act(state, "no action")
    if state.phase != PHASE_CHOOSE and "end turn" in map(str, state.legal_actions()):
        act(state, "end turn")


def gems_of(state: IshtarState, seat: int) -> dict[str, int]:
    return {GEMS[c]: state.gems[3 * seat + c] for c in range(3)}


def finish_turn(state: IshtarState) -> None:
    """Decline whatever is left of the current turn (special action, trees)."""
    seat = state.current
    while state.current == seat and not state.is_terminal():
        names = [str(a) for a in state.legal_actions()]
        if "no action" in names:
            act(state, "no action")
        elif "stop blooming" in names:
            act(state, "stop blooming")
        elif "end turn" in names:
            act(state, "end turn")
        else:
            state.apply_action(state.legal_actions()[0])
