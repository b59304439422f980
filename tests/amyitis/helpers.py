"""Positions for the Amyitis tests, built by hand on a real initial state.

:func:`position` starts from ``game.new_initial_state(seed)`` and puts seat 0 to act in a
plain action phase. The other helpers change one thing at a time and keep every component
somewhere exactly once (rules reference §3.6): a resource or camel given to a seat comes
out of the stock, a cube put on the board comes out of its owner's supply, a court card
taken leaves the court supply, a tile handed to a planter leaves its square. So every
position can be saved, read back (:func:`check_conservation`, :func:`round_trip`) and
played on with the real engine. :func:`act` applies an action by its text.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

import ziggurat
from ziggurat.games.amyitis.components import (
    COURTS,
    CRAFTS,
    EMPTY,
    NEUTRAL,
    RESOURCES,
    TEMPLES,
)
from ziggurat.games.amyitis.game import AmyitisGame
from ziggurat.games.amyitis.phases import PHASE_ACTION
from ziggurat.games.amyitis.state import AmyitisState

A, B, C, D = range(4)
N = "N"
"""A grey (neutral) cube, in the helpers' owner lists."""

DEFAULT_ROWS = {
    2: ["merchant merchant priest", "peasant engineer priest"],
    3: ["merchant merchant merchant", "priest priest priest", "peasant engineer engineer"],
    4: [
        "merchant merchant merchant",
        "merchant priest priest",
        "peasant peasant engineer",
        "engineer priest priest",
    ],
}
"""Craft rows each deck in use can deal (2 players: 2 of each kind; 3: 3 of each; 4: five
peasants, five engineers, four priests, four merchants)."""


@cache
def new_game(players: int = 3) -> AmyitisGame:
    return ziggurat.load_game("amyitis", players=players)  # type: ignore[return-value]


def fresh(state: AmyitisState) -> AmyitisState:
    """Forget the cached legal actions and irrigable spaces after fields were set by hand."""
    state._legal = None
    state._irrigable = -1
    state._irrigated = -1
    return state


def position(
    players: int = 3,
    seed: int = 1,
    rows: Sequence[str] | None = None,
    game: AmyitisGame | None = None,
) -> AmyitisState:
    """A first-round action phase with seat 0 to start and to act.

    ``rows`` sets the craft rows, one string of three card names per row, e.g.
    ``["peasant priest engineer", "merchant merchant merchant"]`` (a test may lay out rows
    the deck in use could not deal; such a position is refused by ``state_from_json``). The
    default, :data:`DEFAULT_ROWS`, is a deal the deck can give, merchants first. ``game``
    plays another game than the standard one (e.g. with an alternative ruling).
    """
    game = game or new_game(players)
    players = game.num_players
    state = game.new_initial_state(seed)
    state.start = state.current = A
    state.phase = PHASE_ACTION
    state.passed = []
    state.automatic = ()
    set_rows(state, DEFAULT_ROWS[players] if rows is None else rows)
    return fresh(state)


# ------------------------------------------------------------------ names


def square(state: AmyitisState, name: str) -> int:
    return state.game.data.square_ids.index(name)


def space(state: AmyitisState, name: str) -> int:
    return state.game.data.space_ids.index(name)


def city(state: AmyitisState, name: str) -> int:
    return state.game.data.city_names.index(name)


def tile(state: AmyitisState, name: str) -> int:
    return state.game.data.tile_ids.index(name)


def plant_card(state: AmyitisState, name: str) -> int:
    return state.game.data.plant_ids.index(name)


def _owner(owner: int | str) -> int:
    return NEUTRAL if owner == N else int(owner)


# ------------------------------------------------------------------ setting things


def set_rows(state: AmyitisState, rows: Sequence[str]) -> None:
    """The craft rows, face up (none taken)."""
    cards = [CRAFTS.index(w) for row in rows for w in row.split()]
    size = state.game.craft_rows * state.game.data.cards_per_row
    assert len(cards) == size, f"{len(cards)} cards for {size} places"
    state.row_cards = cards
    state.row_taken = [False] * size
    fresh(state)


def give(state: AmyitisState, seat: int, *names: str) -> None:
    """Resource tokens from the stock to ``seat`` (e.g. ``give(s, A, "salt", "wine")``)."""
    for name in names:
        r = RESOURCES.index(name)
        assert state.res_stock[r] > 0, f"no {name} left in the stock"
        state.res_stock[r] -= 1
        state.res[5 * seat + r] += 1
    fresh(state)


def take_back(state: AmyitisState, seat: int, *names: str) -> None:
    """Resource tokens from ``seat`` back to the stock."""
    for name in names:
        r = RESOURCES.index(name)
        assert state.res[5 * seat + r] > 0
        state.res[5 * seat + r] -= 1
        state.res_stock[r] += 1
    fresh(state)


def empty_stock(state: AmyitisState, name: str, seat: int) -> None:
    """Every token of ``name`` left in the stock goes to ``seat``."""
    r = RESOURCES.index(name)
    give(state, seat, *[name] * state.res_stock[r])


def give_camels(state: AmyitisState, seat: int, count: int) -> None:
    assert state.camel_stock >= count
    state.camel_stock -= count
    state.camels[seat] += count
    fresh(state)


def set_court(state: AmyitisState, seat: int, court: str, level: int) -> None:
    """``seat`` holds level ``level`` (0: none) of ``court``; the supply gives the card."""
    c = COURTS.index(court)
    index = 3 * seat + c
    old = state.levels[index]
    if old:
        state.court_left[3 * c + old - 1] += 1
    if level:
        assert state.court_left[3 * c + level - 1] > 0, f"no {court} {level} left"
        state.court_left[3 * c + level - 1] -= 1
    state.levels[index] = level
    fresh(state)


def give_gardeners(state: AmyitisState, seat: int, count: int = 1) -> None:
    assert state.gardeners_left >= count
    state.gardeners_left -= count
    state.gardeners[seat] += count
    fresh(state)


def put(state: AmyitisState, name: str, owner: int | str) -> None:
    """A cube of ``owner`` (a seat or :data:`N`) on irrigation space ``name``."""
    s = space(state, name)
    assert state.space_owner[s] == EMPTY, f"{name} is taken"
    o = _owner(owner)
    state.space_owner[s] = o
    state.occupied |= 1 << s
    if o == NEUTRAL:
        state.neutral_mask |= 1 << s
    else:
        assert state.cubes[o] > 0
        state.cubes[o] -= 1
    fresh(state)


def put_all(state: AmyitisState, cubes: dict[str, int | str]) -> None:
    for name, owner in cubes.items():
        put(state, name, owner)


def use_up_cubes(state: AmyitisState, seat: int) -> None:
    """Every cube left in ``seat``'s supply goes onto free irrigation spaces (in the data's
    order), so his supply is empty with all his cubes still on the board (§3.6)."""
    owners = state.space_owner
    free = [name for s, name in enumerate(state.game.data.space_ids) if owners[s] == EMPTY]
    assert len(free) >= state.cubes[seat], "not enough free irrigation spaces"
    for name in free[: state.cubes[seat]]:
        put(state, name, seat)
    assert state.cubes[seat] == 0


def set_temple(state: AmyitisState, temple: str, owners: Iterable[int | str]) -> None:
    """Temple ``temple`` holds ``owners`` from position 1 (the entrance) on."""
    t = TEMPLES.index(temple)
    for o in state.temples[t]:
        if o != NEUTRAL:
            state.cubes[o] += 1
    line = [_owner(o) for o in owners]
    for o in line:
        if o != NEUTRAL:
            assert state.cubes[o] > 0
            state.cubes[o] -= 1
    state.temples[t] = line
    fresh(state)


def set_field(state: AmyitisState, row: int, owners: Iterable[int]) -> None:
    """Field row ``row`` (0 for F1, 1 for F2) holds ``owners`` from space 1 on."""
    for o in state.fields[row]:
        state.cubes[o] += 1
    line = list(owners)
    assert len(line) < state.game.data.field_length
    for o in line:
        assert state.cubes[o] > 0
        state.cubes[o] -= 1
    state.fields[row] = line
    fresh(state)


def set_tile(state: AmyitisState, square_name: str, tile_name: str) -> None:
    """Garden tile ``tile_name`` on square ``square_name``: swapped with the square holding
    it, or taken from the box (the square's old tile goes to the box)."""
    sq = square(state, square_name)
    t = tile(state, tile_name)
    assert state.square_tile[sq] >= 0, f"{square_name} holds no tile"
    assert all(t not in owned for owned in state.tiles), f"{tile_name} is owned"
    if t in state.square_tile:
        other = state.square_tile.index(t)
        state.square_tile[other] = state.square_tile[sq]
    state.square_tile[sq] = t
    fresh(state)


def plant(state: AmyitisState, square_name: str, seat: int) -> None:
    """``seat`` has planted ``square_name`` earlier: its tile is his."""
    sq = square(state, square_name)
    t = state.square_tile[sq]
    assert t >= 0, f"{square_name} holds no tile"
    state.square_tile[sq] = -1
    state.planted_by[sq] = seat
    state.tiles[seat].append(t)
    fresh(state)


def set_plant(state: AmyitisState, city_name: str, card: str, face: int) -> None:
    """Plant card ``card`` on ``city_name``, face ``face`` (0 or 1) up; cards are swapped
    between cities so each card lies on one city (PK stays on Khorsabad)."""
    c = city(state, city_name)
    k = plant_card(state, card)
    cards = list(state.city_card)
    other = cards.index(k)
    cards[other], cards[c] = cards[c], cards[other]
    state.city_card = cards
    state.card_face[k] = face
    fresh(state)


def tiles_left(state: AmyitisState) -> int:
    return sum(1 for t in state.square_tile if t >= 0)


def plant_until(
    state: AmyitisState, left: int, seats: Sequence[int] = (A,), keep: Sequence[str] = ()
) -> None:
    """Plant squares (lowest floors first, never those in ``keep``) for ``seats`` in turn
    until ``left`` tiles stay on the board."""
    data = state.game.data
    kept = {square(state, name) for name in keep}
    order = sorted(
        (s for s in range(len(state.square_tile)) if state.square_tile[s] >= 0 and s not in kept),
        key=lambda s: (data.square_floor[s], s),
    )
    i = 0
    while tiles_left(state) > left:
        plant(state, data.square_ids[order[i]], seats[i % len(seats)])
        i += 1


# ------------------------------------------------------------------ playing


def act(state: AmyitisState, text: str) -> None:
    state.apply_action(state.game.parse_action(state, text))


def acts(state: AmyitisState, *texts: str) -> None:
    for text in texts:
        act(state, text)


def act_or_auto(state: AmyitisState, text: str) -> None:
    """Play ``text``, unless the engine has just taken it on its own (a single option)."""
    if text in automatic(state) and text not in legal(state):
        return
    act(state, text)


def alternative_game(players: int, **values: Any) -> AmyitisGame:
    """A game whose data takes another reading of §9 (e.g. ``field_tie_rightmost=False``)."""
    game = AmyitisGame(players=players)
    for key, value in values.items():
        assert hasattr(game.data, key), key
        setattr(game.data, key, value)
    return game


def legal(state: AmyitisState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def legal_of(state: AmyitisState, kind: str) -> set[str]:
    """The legal actions whose text starts with ``kind`` (e.g. ``"irrigate"``)."""
    return {t for t in legal(state) if t.split()[0] == kind}


def automatic(state: AmyitisState) -> list[str]:
    return [str(a) for a in state.automatic]


def end_action_phase(state: AmyitisState, last: int, before: Sequence[int] = ()) -> None:
    """Every seat has passed, ``last`` last: the others (``before`` order, default seat
    order) are marked passed and ``last`` plays ``pass``; maintenance begins."""
    others = list(before) or [s for s in range(state.n) if s != last]
    state.passed = others
    state.current = last
    state.phase = PHASE_ACTION
    fresh(state)
    act(state, "pass")


def holdings(state: AmyitisState, seat: int) -> dict[str, Any]:
    """What ``seat`` holds, by name (zero counts left out of the resources)."""
    data = state.game.data
    return {
        "talents": state.talents[seat],
        "camels": state.camels[seat],
        "resources": {
            RESOURCES[r]: state.res[5 * seat + r] for r in range(5) if state.res[5 * seat + r]
        },
        "vp": state.vp[seat],
        "cubes": state.cubes[seat],
        "court": {COURTS[c]: state.levels[3 * seat + c] for c in range(3)},
        "gardeners": state.gardeners[seat],
        "tiles": [data.tile_ids[t] for t in state.tiles[seat]],
    }


def resources(state: AmyitisState, seat: int) -> dict[str, int]:
    return holdings(state, seat)["resources"]


def temple(state: AmyitisState, name: str) -> list[int | str]:
    return [N if o == NEUTRAL else o for o in state.temples[TEMPLES.index(name)]]


def owner_of(state: AmyitisState, name: str) -> int | str | None:
    o = state.space_owner[space(state, name)]
    if o == EMPTY:
        return None
    return N if o == NEUTRAL else o


# ------------------------------------------------------------------ checks


def check_conservation(state: AmyitisState) -> None:
    """Every component somewhere exactly once (§3.6); nothing negative."""
    game = state.game
    data = game.data
    n = state.n
    for seat in range(n):
        placed = (
            sum(row.count(seat) for row in state.fields)
            + sum(t.count(seat) for t in state.temples)
            + state.space_owner.count(seat)
        )
        assert state.cubes[seat] >= 0
        assert state.cubes[seat] + placed == data.cubes_per_player, f"seat {seat} cubes"
    assert min(state.camels) >= 0 and state.camel_stock >= 0
    assert sum(state.camels) + state.camel_stock == data.camel_tokens
    assert min(state.res) >= 0 and min(state.res_stock) >= 0
    for r in range(5):
        held = sum(state.res[5 * s + r] for s in range(n))
        assert held + state.res_stock[r] == data.tokens_per_resource, RESOURCES[r]
    copies = data.court_copies[n]
    for c in range(3):
        for level in range(3):
            held = sum(1 for s in range(n) if state.levels[3 * s + c] == level + 1)
            assert held + state.court_left[3 * c + level] == copies[c], (COURTS[c], level)
    assert min(state.court_left) >= 0
    assert sum(state.gardeners) + state.gardeners_left == data.gardeners
    assert min(state.gardeners) >= 0 and state.gardeners_left >= 0
    owned = [t for tiles in state.tiles for t in tiles]
    on_board = [t for t in state.square_tile if t >= 0]
    assert len(set(owned + on_board)) == len(owned) + len(on_board)
    assert len(owned) + len(on_board) == len(game.squares_in_use)
    for seat in range(n):
        assert state.planted_by.count(seat) == len(state.tiles[seat])
    mask = 0
    neutral = 0
    for s, o in enumerate(state.space_owner):
        if o != EMPTY:
            mask |= 1 << s
        if o == NEUTRAL:
            neutral |= 1 << s
    assert mask == state.occupied and neutral == state.neutral_mask
    assert min(state.talents) >= 0


def round_trip(state: AmyitisState) -> AmyitisState:
    """Save and read back (the reader checks conservation); the copy must save the same."""
    saved = state.to_json()
    again = state.game.state_from_json(json.loads(json.dumps(saved)))
    assert again.to_json() == saved
    return again


def plant_many(state: AmyitisState, counts: dict[int, int], keep: Sequence[str] = ()) -> None:
    """Seat ``s`` has planted ``counts[s]`` squares (lowest floors first, not ``keep``)."""
    data = state.game.data
    kept = {square(state, name) for name in keep}
    order = sorted(
        (s for s in range(len(state.square_tile)) if state.square_tile[s] >= 0 and s not in kept),
        key=lambda s: (data.square_floor[s], s),
    )
    i = 0
    for seat, count in counts.items():
        for _ in range(count):
            plant(state, data.square_ids[order[i]], seat)
            i += 1
