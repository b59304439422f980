"""Positions for the Tower of Babel tests, built on a real initial state.

Every helper keeps the position a legal one: cards move between the draw pile and the
hands (each type stays at 25), discs are swapped between spaces or handed to an owner,
action cards come out of the action pile, and pieces on a wonder come out of the owner's
supply. So every position can also be saved, read back and played on.

Disc ids follow the game's catalogue: the six single-type discs of each type in the order
3, 4, 4, 5, 5, 6 (camel 0-5, crane 6-11, boat 12-17, stonemason 18-23), then the two-type
discs (24 camel 2 + stonemason 3, 25 stonemason 2 + crane 3, 26 crane 2 + boat 3, 27 boat 2
+ camel 3). Spaces are numbered wonder by wonder: giza 0-2, rhodes 3-5, ..., babel 21-23.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import ziggurat
from ziggurat.games.tower_of_babel.components import ACTION_KINDS, TYPES
from ziggurat.games.tower_of_babel.game import TowerOfBabelGame
from ziggurat.games.tower_of_babel.phases import NO_DISC
from ziggurat.games.tower_of_babel.state import TowerState

CAMEL, CRANE, BOAT, STONEMASON = range(4)
WONDERS = ("giza", "rhodes", "olympia", "gardens", "halicarnassus", "alexandria", "ephesus")
WONDERS += ("babel",)
VALUES = (3, 4, 4, 5, 5, 6)
TWO_TYPE = {
    "2 camel 3 stonemason": 24,
    "3 crane 2 stonemason": 25,
    "2 crane 3 boat": 26,
    "3 camel 2 boat": 27,
}


@cache
def new_game(players: int = 4, **options: Any) -> TowerOfBabelGame:
    return ziggurat.load_game("tower_of_babel", players=players, **options)  # type: ignore[return-value]


def disc_id(value: int, kind: int, copy: int = 0) -> int:
    """The id of a single-type disc: ``disc_id(5, BOAT)`` is the first "5 boat" disc."""
    indexes = [i for i, v in enumerate(VALUES) if v == value]
    return kind * len(VALUES) + indexes[copy]


def counts(text: str) -> tuple[int, int, int, int]:
    """``"2 boat 1 crane"`` -> (0, 1, 2, 0)."""
    out = [0, 0, 0, 0]
    words = text.split()
    for number, name in zip(words[::2], words[1::2], strict=True):
        out[TYPES.index(name.removesuffix("s"))] += int(number)
    return (out[0], out[1], out[2], out[3])


def fresh(state: TowerState) -> TowerState:
    """Forget the cached legal actions after fields were set by hand."""
    state._legal = None
    return state


def set_hands(state: TowerState, hands: dict[int, str]) -> None:
    """Exactly these building cards in these hands; every other seat's hand is emptied.
    Cards go back to / come from the draw pile."""
    n = state.n
    for seat in range(n):
        for t in range(4):
            state.pile.extend([t] * state.hand[4 * seat + t])
            state.hand[4 * seat + t] = 0
    for seat, text in hands.items():
        for t, c in enumerate(counts(text) if text else (0, 0, 0, 0)):
            for _ in range(c):
                state.pile.remove(t)
            state.hand[4 * seat + t] += c
    fresh(state)


def stack_pile(state: TowerState, draws: str) -> None:
    """The next cards drawn, in order, e.g. ``"crane crane boat"``."""
    wanted = [TYPES.index(w) for w in draws.split()]
    for t in wanted:
        state.pile.remove(t)
    state.pile.extend(reversed(wanted))


def place_disc(state: TowerState, space: int, disc: int) -> None:
    """Put ``disc`` (on the board) on ``space`` by swapping it with the disc there."""
    where = state.space_disc.index(disc)
    state.space_disc[where], state.space_disc[space] = state.space_disc[space], disc
    fresh(state)


def take_disc(state: TowerState, space: int, owner: int) -> None:
    """The disc on ``space`` was built earlier and went to ``owner``."""
    disc = state.space_disc[space]
    state.disc_owner[disc] = owner
    state.space_disc[space] = NO_DISC
    fresh(state)


def give_actions(state: TowerState, seat: int, *kinds: str) -> None:
    """Action cards from the action pile into ``seat``'s hand."""
    for name in kinds:
        kind = ACTION_KINDS.index(name)
        state.action_pile.remove(kind)
        state.actions_held[7 * seat + kind] += 1
    fresh(state)


def put_pieces(state: TowerState, wonder: int, values: dict[int, int]) -> None:
    """Piece value on an incomplete wonder, taken from each seat's supply."""
    n = state.n
    for seat, value in values.items():
        state.pieces[wonder * n + seat] += value
        state.supply[seat] -= value
    fresh(state)


def set_active(state: TowerState, seat: int) -> None:
    state.active = state.current = seat
    fresh(state)


def play(state: TowerState, *texts: str) -> None:
    for text in texts:
        state.apply_action(state.game.parse_action(state, text))


def legal(state: TowerState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def hand(state: TowerState, seat: int) -> tuple[int, ...]:
    return tuple(state.hand_of(seat))


def round_trip(state: TowerState) -> None:
    """The position is a consistent one: it survives the JSON round trip."""
    again = state.game.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()


def own_disc(state: TowerState, disc: int, owner: int) -> None:
    """``disc`` (on the board) was built earlier and went to ``owner``."""
    take_disc(state, state.space_disc.index(disc), owner)


def spaces_of(wonder: str) -> list[int]:
    w = WONDERS.index(wonder)
    return [3 * w, 3 * w + 1, 3 * w + 2]


def scene(
    players: int = 4,
    *,
    disc: int,
    hands: dict[int, str],
    actions: dict[int, list[str]] | None = None,
    space: int = 0,
    seed: int = 0,
    draws: str = "crane",
    **options: Any,
) -> TowerState:
    """Seat 0 to start a turn with ``disc`` on ``space`` (giza 1 unless told), exactly
    ``hands`` (every other hand empty), the action cards given, and the next end-of-turn
    draw known: every seat draws a ``draws`` card."""
    state = new_game(players, **options).new_initial_state(seed)
    set_hands(state, hands)
    place_disc(state, space, disc)
    for seat, kinds in (actions or {}).items():
        give_actions(state, seat, *kinds)
    stack_pile(state, " ".join([draws] * players))
    return fresh(state)
