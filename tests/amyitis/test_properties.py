"""Property tests: random Amyitis games for every player count.

Hypothesis draws the seed; each game is played to its end by random legal choices, checking
the invariants below after every action (a saved copy and the views every few dozen). The
number of games per player count is ``ZIGGURAT_PROPERTY_GAMES`` (default 1000, as for Tower
of Babel and Ishtar; an Amyitis game is several hundred decisions long, so this file takes
a minute or two a player count).
"""

from __future__ import annotations

import json
import os
import random
from unittest import mock

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import ziggurat
from ziggurat.games.amyitis import rules
from ziggurat.games.amyitis.components import EMPTY, NEUTRAL
from ziggurat.games.amyitis.phases import PHASE_ACTION, PHASE_OVER
from ziggurat.games.amyitis.state import AmyitisState

from .helpers import new_game

GAMES = int(os.environ.get("ZIGGURAT_PROPERTY_GAMES", "1000"))
MAX_ACTIONS = 20_000
"""Far above any game seen (the rules reference's §12: random games end within 50 rounds);
the rules have no round limit, so reaching it is a failure, not an end."""

AMYITIS_BONUS = {2: ((5, 5), (7, 10)), 3: ((4, 5), (6, 10)), 4: ((3, 5), (5, 10))}
END_THRESHOLD = {2: 3, 3: 4, 4: 4}
COPIES = {2: 1, 3: 2, 4: 3}

_vp_before_final: dict[int, list[int]] = {}
_real_finish = rules._finish


def _recording_finish(state: AmyitisState) -> None:
    """The engine's final scoring, noting the scores just before it."""
    _vp_before_final[id(state)] = state.vp[:]
    _real_finish(state)


_real_procession = rules._procession


def _checked_procession(state: AmyitisState, seat: int, temple: int) -> None:
    """The engine's procession, checked against its exact effect (§6.4, §3.6; issue 15).

    The leader's own cube is decided from his supply as it is before any cube moves: with a
    cube, it enters ``temple``; without, ``temple`` gets nothing, even if a grey cube then
    pushes one of his cubes home, since no cube is both sent home and placed in one
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
    _real_procession(state, seat, temple)
    assert state.temples == temples, "procession: temples"
    assert state.cubes == cubes, "procession: a cube sent home was placed again"


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


def check_files_and_views(state: AmyitisState, rng: random.Random) -> None:
    saved = state.to_json()
    again = state.game.state_from_json(json.loads(json.dumps(saved)))
    assert again.to_json() == saved
    seat = rng.randrange(state.n)
    world = state.determinize(seat, rng)
    assert world.view(seat) == state.view(seat)
    assert world.legal_actions() == state.legal_actions()
    check_invariants(world)


@settings(
    max_examples=GAMES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors],
)
@given(seed=st.integers(min_value=0, max_value=2**63 - 1))
# Two-player seeds whose random game, when these were picked, led a procession with an empty
# supply into a grey cube pushing the leader's own cube home (issue 15): the case is rare
# (about 1 random game in 50-100), so it is always played. A change to the engine may move
# the case elsewhere; the games stay valid examples.
@example(seed=59)
@example(seed=100)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players: int, seed: int) -> None:
    game = new_game(players)
    rng = random.Random(seed)
    with (
        mock.patch.object(rules, "_finish", _recording_finish),
        mock.patch.object(rules, "_procession", _checked_procession),
    ):
        state = game.new_initial_state(seed=seed % (1 << 32))
        check_invariants(state)
        steps = 0
        rounds = state.round
        scores = state.scores()
        while not state.is_terminal():
            assert steps < MAX_ACTIONS, "the game did not end"
            legal = state.legal_actions()
            assert len(legal) >= 2, "a decision with a single option is taken automatically"
            assert len(set(legal)) == len(legal)
            if state.phase == PHASE_ACTION:
                assert "pass" in map(str, legal)
            if steps % 61 == 0:
                check_files_and_views(state, rng)
            state.apply_action(rng.choice(legal))
            steps += 1
            check_invariants(state)
            now = state.scores()
            assert all(a >= b for a, b in zip(now, scores, strict=True)), "a score went down"
            scores = now
            if state.round != rounds:  # a new round only while enough tiles are left
                assert state.round == rounds + 1
                assert tiles_left(state) > END_THRESHOLD[players]
                rounds = state.round
    # the end (§6.5) and the final scoring (§7)
    assert tiles_left(state) <= END_THRESHOLD[players]
    assert state.legal_actions() == [] and state.current_player == ziggurat.TERMINAL
    before = _vp_before_final.pop(id(state))
    for seat in range(players):
        owned = len(state.tiles[seat])
        bonus = max([vp for least, vp in AMYITIS_BONUS[players] if owned >= least], default=0)
        leftover = sum(state.res[5 * seat : 5 * seat + 5])
        assert leftover <= (4 if state.levels[3 * seat + 1] >= 2 else 2)
        assert state.end_bonus[seat] == (bonus, leftover)
        breakdown = state.view(None)["player_info"][seat]["points"]
        assert (breakdown["amyitis"], breakdown["leftover"]) == (bonus, leftover)
        assert state.scores()[seat] == before[seat] + bonus + leftover
    keys = [(state.vp[s], len(state.tiles[s]), state.talents[s]) for s in range(players)]
    assert state.winners() == [s for s in range(players) if keys[s] == max(keys)]
