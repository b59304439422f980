"""Amyitis's part of the property harness (``tests/test_registry_properties.py``): what must
hold at every position of a random game (cubes, camels, resources, court cards, gardeners and
tiles each somewhere exactly once), how rounds follow each other, the exact effect of every
procession, and the final scoring (rules reference §6.5, §7). The harness reads the names
below; it plays the games and runs the checks every game shares (its docstring lists them).

An Amyitis game is several hundred decisions long, so these games take a minute or two a
player count."""

from __future__ import annotations

from typing import Any
from unittest import mock

from ziggurat.games.amyitis import rules
from ziggurat.games.amyitis.components import EMPTY, NEUTRAL
from ziggurat.games.amyitis.phases import PHASE_ACTION, PHASE_OVER
from ziggurat.games.amyitis.scoring import AMYITIS, LEFTOVER, SOURCE_COUNT
from ziggurat.games.amyitis.state import AmyitisState

GAMES = 1000
"""Random games per player count unless ``ZIGGURAT_PROPERTY_GAMES`` says otherwise."""
MAX_ACTIONS = 20_000
"""Far above any game seen (the rules reference's §12: random games end within 50 rounds);
the rules have no round limit, so reaching it is a failure, not an end."""
INVARIANTS_EVERY = 2
"""``check_invariants`` at every how many positions."""
CLONES_EVERY = 250
"""Moves on clones and an illegal move, at every how many positions."""
ROUND_TRIP_EVERY = 61
"""The JSON round trip, at every how many positions (and at the end)."""
VIEWS_EVERY = 250
"""Every seat's view, at every how many positions."""
WORLDS_EVERY = 61
"""A determinized world, at every how many positions."""
REPLAY_ONE_IN = 10
"""The replay of the seed and the notation, for the games whose seed this divides (a replay
costs as much as the game itself, and an Amyitis game is long: one in ten is replayed)."""
EXAMPLES: tuple[int, ...] = (30, 200)
"""Seeds always played, at every player count. At two players their random games, when these
were picked, led a procession with an empty supply into a grey cube pushing the leader's own
cube home (issue 15): the case is rare (a few random games in a hundred), so it is always
played. The harness draws the moves from a generator of their own, so its checks do not move
the case; a change to the engine may, and the games stay valid examples."""
SCORES_NEVER_FALL = True
"""No seat's score ever goes down."""

AMYITIS_BONUS = {2: ((5, 5), (7, 10)), 3: ((4, 5), (6, 10)), 4: ((3, 5), (5, 10))}
END_THRESHOLD = {2: 3, 3: 4, 4: 4}
COPIES = {2: 1, 3: 2, 4: 3}


def tiles_left(state: AmyitisState) -> int:
    return sum(1 for t in state.square_tile if t >= 0)


def check_invariants(state: AmyitisState) -> None:
    n = state.n
    owners = state.space_owner
    # cubes: supply + fields + temples + irrigation spaces = 30 per player
    fields, temples = state.fields, state.temples
    for seat in range(n):
        placed = (
            fields[0].count(seat)
            + fields[1].count(seat)
            + temples[0].count(seat)
            + temples[1].count(seat)
            + temples[2].count(seat)
            + owners.count(seat)
        )
        assert state.cubes[seat] >= 0
        assert state.cubes[seat] + placed == 30, f"seat {seat}: cubes"
    assert len(fields[0]) < 5 and len(fields[1]) < 5
    # the score breakdown by source adds up to the score
    k = len(state.points) // n
    for seat in range(n):
        assert sum(state.points[seat * k : (seat + 1) * k]) == state.vp[seat]
    assert len(temples[0]) <= 4 and len(temples[1]) <= 4 and len(temples[2]) <= 4
    assert owners.count(EMPTY) + owners.count(NEUTRAL) + sum(map(owners.count, range(n))) == 32
    occupied = sum(1 << s for s, o in enumerate(owners) if o != EMPTY)
    assert occupied == state.occupied
    assert state.neutral_mask == sum(1 << s for s, o in enumerate(owners) if o == NEUTRAL)
    # camels and resources: held + stock, never negative
    assert min(state.camels) >= 0 and state.camel_stock >= 0
    assert sum(state.camels) + state.camel_stock == 14
    res = state.res
    assert min(res) >= 0 and min(state.res_stock) >= 0
    for r in range(5):
        assert sum(res[r::5]) + state.res_stock[r] == 7
    assert min(state.talents) >= 0
    # court cards: one level per type per seat; held + left = the copies in use
    levels = state.levels
    left = state.court_left
    copies = COPIES[n]
    assert min(left) >= 0
    for c in range(3):
        held = levels[c::3]
        for level in (1, 2, 3):
            assert held.count(level) + left[3 * c + level - 1] == copies
    assert min(state.gardeners) >= 0 and state.gardeners_left >= 0
    assert sum(state.gardeners) + state.gardeners_left == 4
    # garden tiles: on the board or owned, once; planted squares are their owners'
    owned = [t for tiles in state.tiles for t in tiles]
    on_board = [t for t in state.square_tile if t >= 0]
    assert len(set(owned + on_board)) == len(owned) + len(on_board)
    assert len(owned) + len(on_board) == len(state.game.squares_in_use)
    planted = state.planted_by
    for seat in range(n):
        assert planted.count(seat) == len(state.tiles[seat])
    assert all(state.square_tile[sq] < 0 for sq, p in enumerate(planted) if p >= 0)
    # whose turn
    if state.phase != PHASE_OVER:
        assert 0 <= state.current < n and state.current_player == state.current
    if state.phase == PHASE_ACTION:
        assert state.current not in state.passed and len(state.passed) < n


def check_position(state: AmyitisState, legal: list, step: int) -> None:
    """A decision with a single option is taken by the engine, never asked; in the action
    phase a seat may always pass."""
    assert len(legal) >= 2, "a decision with a single option is taken automatically"
    if state.phase == PHASE_ACTION:
        assert "pass" in map(str, legal)


def check_view(state: AmyitisState, seat: int | None, view: dict[str, Any], text: str) -> None:
    """Nothing beyond the harness's checks of a view."""


def check_world(state: AmyitisState, world: AmyitisState, seat: int) -> None:
    """What a seat cannot see (the future deals) never changes what may be done now, whoever
    decides."""
    assert world.legal_actions() == state.legal_actions()


def winner_key(state: AmyitisState, seat: int) -> tuple[int, ...]:
    """Most points win; ties go to more garden tiles, then to more talents (§7)."""
    return (state.vp[seat], len(state.tiles[seat]), state.talents[seat])


class Watch:
    """What one game carries from position to position: a new round only while enough tiles
    are left; every procession checked against its exact effect; the scores just before the
    final scoring, to check what it adds."""

    def __init__(self, state: AmyitisState) -> None:
        self.state = state
        self.rounds = state.round
        self.before_final: list[int] | None = None
        self._patches = (
            mock.patch.object(rules, "_finish", self._recording_finish),
            mock.patch.object(rules, "_procession", self._checked_procession),
        )
        self._real_finish = rules._finish
        self._real_procession = rules._procession

    def __enter__(self) -> Watch:
        for patch in self._patches:
            patch.start()
        return self

    def __exit__(self, *exc: object) -> None:
        for patch in reversed(self._patches):
            patch.stop()

    def _recording_finish(self, state: AmyitisState) -> None:
        """The engine's final scoring, noting the scores of the game watched just before."""
        if state is self.state:
            self.before_final = state.vp[:]
        self._real_finish(state)

    def _checked_procession(self, state: AmyitisState, seat: int, temple: int) -> None:
        """The engine's procession, checked against its exact effect (§6.4, §3.6; issue 15).

        The leader's own cube is decided from his supply as it is before any cube moves: with
        a cube, it enters ``temple``; without, ``temple`` gets nothing, even if a grey cube
        then pushes one of his cubes home, since no cube is both sent home and placed in one
        procession. Each other temple gets a grey cube. So, from the position before: every
        temple's line, and each supply = before − the cube placed + his cubes pushed out. The
        temples are independent, so the order of the grey cubes cannot matter. Checked right
        after the call: the rewards that follow move no cube (the Tammouz field cube is a
        decision taken later)."""
        n = state.n
        placed = state.cubes[seat] > 0
        temples = []
        cubes = state.cubes[:]
        if placed:
            cubes[seat] -= 1
        for t, line in enumerate(state.temples):
            line = list(line)
            if t != temple:
                line.insert(0, NEUTRAL)
            elif placed:
                line.insert(0, seat)
            if len(line) > 4:
                out = line.pop()
                if out < n:
                    cubes[out] += 1
            temples.append(line)
        self._real_procession(state, seat, temple)
        assert state.temples == temples, "procession: temples"
        assert state.cubes == cubes, "procession: a cube sent home was placed again"

    def moved(self, state: AmyitisState) -> None:
        if state.round != self.rounds:  # a new round only while enough tiles are left
            assert state.round == self.rounds + 1
            assert tiles_left(state) > END_THRESHOLD[state.n]
            self.rounds = state.round

    def over(self, state: AmyitisState) -> None:
        """The end (§6.5) and the final scoring (§7): the Amyitis bonus for the tiles owned
        and a point per resource left, within the storage limit."""
        players = state.n
        assert tiles_left(state) <= END_THRESHOLD[players]
        before = self.before_final
        assert before is not None, "the game ended without the final scoring"
        for seat in range(players):
            owned = len(state.tiles[seat])
            bonus = max([vp for least, vp in AMYITIS_BONUS[players] if owned >= least], default=0)
            leftover = sum(state.res[5 * seat : 5 * seat + 5])
            assert leftover <= (4 if state.levels[3 * seat + 1] >= 2 else 2)
            assert state.end_bonus[seat] == (bonus, leftover)
            points = state.points[seat * SOURCE_COUNT : (seat + 1) * SOURCE_COUNT]
            assert (points[AMYITIS], points[LEFTOVER]) == (bonus, leftover)  # the breakdown
            assert state.scores()[seat] == before[seat] + bonus + leftover
