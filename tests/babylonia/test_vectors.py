"""The Babylonia test vectors (rules/babylonia.md, data/babylonia-vectors.json), one case each.

The vectors come from the Board Game Arena unit tests. Each one is run through the engine's own
code paths: positions are built with ``make_position`` on a ``BabyloniaGame.with_board`` test
map (or on the printed board), scoring goes through :mod:`ziggurat.games.babylonia.scoring`,
and legality is asked of ``legal_actions`` and ``why_illegal`` together, which must agree.

``ZIGGURAT_BABYLONIA_VECTORS=/path/to/file.json`` runs another vectors file instead. A vector
of a kind this runner does not know fails; it is never skipped.
"""

from __future__ import annotations

import copy
import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import ziggurat
from ziggurat.core.hexgrid import offset_neighbours
from ziggurat.games.babylonia import scoring
from ziggurat.games.babylonia.board import BoardHex
from ziggurat.games.babylonia.game import BabyloniaGame
from ziggurat.games.babylonia.pieces import TOKEN_BY_NAME, TOKEN_LETTERS, TOKEN_NAMES
from ziggurat.games.babylonia.position import make_position
from ziggurat.games.babylonia.state import PHASE_PLACE, BabyloniaState

DEFAULT_VECTORS = Path(__file__).parent / "data" / "babylonia-vectors.json"
VECTORS_PATH = Path(os.environ.get("ZIGGURAT_BABYLONIA_VECTORS") or DEFAULT_VECTORS)
DOCUMENT: dict[str, Any] = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
BOARDS: dict[str, Any] = DOCUMENT.get("boards", {})
VECTORS: list[dict[str, Any]] = DOCUMENT["vectors"]

Coord = tuple[int, int]


# --------------------------------------------------------------------------- helpers


def coord(value: Any) -> Coord:
    return (int(value[0]), int(value[1]))


def coords(values: Any) -> list[Coord]:
    return sorted(coord(v) for v in values)


def players_of(vector: dict[str, Any], board: dict[str, Any] | None = None) -> list[int]:
    """The vector's player ids in seat order (at least two seats)."""
    if "players" in vector:
        return list(vector["players"])
    ids = sorted(
        {h["player"] for h in (board or {}).get("hexes", []) if h.get("content") == "token"}
    )
    extra = max(ids, default=0) + 1
    while len(ids) < 2:
        ids.append(extra)
        extra += 1
    return ids


class VectorMap:
    """A vector's test board as a game and the arguments ``make_position`` needs."""

    def __init__(self, board: dict[str, Any], players: list[int]) -> None:
        self.players = players
        self.seat = {pid: i for i, pid in enumerate(players)}
        hexes = []
        self.tiles: dict[Coord, str] = {}
        self.tokens: list[tuple[Coord, int, str]] = []
        self.scored: list[Coord] = []
        for h in board["hexes"]:
            c = (h["row"], h["col"])
            content = h["content"]
            setup = {"ziggurat": "ziggurat", "city": "slot", "field": "slot"}.get(content, "empty")
            hexes.append(BoardHex(c, h["terrain"], h["landmass"], setup))
            if content == "city":
                self.tiles[c] = h["nobles"]
            elif content == "field":
                self.tiles[c] = str(h["value"])
            elif content == "token":
                # A face-down token's kind never matters (conventions); any kind will do.
                self.tokens.append((c, self.seat[h["player"]], h["token"] or "farmer"))
            elif content == "ziggurat" and h.get("scored"):
                self.scored.append(c)
        self.game = BabyloniaGame.with_board(hexes, players=len(players), start_player=0)

    def state(self, **kwargs: Any) -> BabyloniaState:
        kwargs.setdefault("tiles", self.tiles)
        kwargs.setdefault("tokens", self.tokens)
        kwargs.setdefault("scored_ziggurats", self.scored)
        return make_position(self.game, **kwargs)

    def pid(self, seat: int) -> int:
        return self.players[seat]


def card_owners(vector: dict[str, Any], seat: dict[int, int]) -> dict[int, int]:
    return {int(n): seat[pid] for n, pid in vector.get("ziggurat_card_owners", {}).items()}


def cities_won(vector: dict[str, Any], players: list[int]) -> list[int]:
    front = vector.get("cities_in_front", {})
    return [int(front.get(str(pid), 0)) for pid in players]


def action(state: BabyloniaState, token: str, where: Coord) -> Any:
    letter = TOKEN_LETTERS[TOKEN_BY_NAME[token]]
    return state.game.parse_action(state, f"{letter}{where[0]},{where[1]}")


def is_legal(state: BabyloniaState, act: Any) -> bool:
    """Legal by both ``legal_actions`` and ``why_illegal``, which must agree."""
    listed = act in state.legal_actions()
    reason = state.why_illegal(act)
    assert listed == (reason is None), (
        f"{act}: legal_actions says {listed}, why_illegal says {reason!r}"
    )
    return listed


def counts(tokens: list[str]) -> list[int]:
    out = [0, 0, 0, 0]
    for t in tokens:
        out[TOKEN_BY_NAME[t]] += 1
    return out


# --------------------------------------------------------------------------- the kinds


def run_city_scoring(vector: dict[str, Any]) -> None:
    test_map = VectorMap(BOARDS[vector["board"]], players_of(vector))
    seat = test_map.seat
    state = test_map.state(
        cities_won=cities_won(vector, test_map.players),
        card_owners=card_owners(vector, seat),
    )
    board = state.board
    b = board.bit(coord(vector["city"]))
    assert state.cities >> b & 1, "the vector's city is not a city of the position"
    result = scoring.city_breakdown(state, b)
    expected = vector["expected"]
    winner = 0 if result.winner < 0 else test_map.pid(result.winner)
    assert winner == expected["winner"]
    for pid_text, want in expected["per_player"].items():
        s = seat[int(pid_text)]
        got = {
            "network_hexes": board.coords_of(result.network[s]),
            "scoring_hexes": board.coords_of(result.scoring[s]),
            "network_points": result.network_points[s],
            "capture_points": result.capture_points[s],
            "total": result.totals[s],
        }
        assert got["network_hexes"] == coords(want["network_hexes"]), f"player {pid_text}"
        assert got["scoring_hexes"] == coords(want["scoring_hexes"]), f"player {pid_text}"
        for key in ("network_points", "capture_points", "total"):
            assert got[key] == want[key], f"player {pid_text}: {key}"
        # the network is the engine's own network() as well
        assert scoring.network(state, s, b) == result.network[s]

    # Paying the city (a copy) pays exactly those totals and frees its hex.
    paid = state.clone()
    before = paid.scores()
    scoring.score_city(paid, b)
    assert [a - c for a, c in zip(paid.scores(), before, strict=True)] == list(result.totals)
    assert not paid.cities >> b & 1 and paid.free_land >> b & 1
    won = [c + (1 if s == result.winner else 0) for s, c in enumerate(state.cities_won)]
    assert paid.cities_won == won


def run_hex_winner(vector: dict[str, Any]) -> None:
    test_map = VectorMap(BOARDS[vector["board"]], players_of(vector))
    state = test_map.state()
    b = state.board.bit(coord(vector["hex"]))
    expected = vector["expected"]
    winner = scoring.majority_winner(state, b)
    assert (0 if winner < 0 else test_map.pid(winner)) == expected["winner"]
    adjacent = scoring.adjacent_counts(state, b)
    for pid_text, n in expected.get("adjacent_tokens", {}).items():
        assert adjacent[test_map.seat[int(pid_text)]] == n, f"player {pid_text}"


def run_requiring(vector: dict[str, Any]) -> None:
    expected = vector.get("expected", {})
    if "board_from_board_file" in vector:
        spec = vector["board_from_board_file"]
        game = ziggurat.load_game("babylonia", players=spec["player_count"])
        # "any random deal": a spread of seeds
        for seed in range(12):
            state = game.new_initial_state(seed=seed)
            assert state.board.coords_of(state.requiring_scoring()) == coords(expected["hexes"])
        return
    board = BOARDS[vector["board"]]
    test_map = VectorMap(board, players_of(vector, board))
    if "steps" in vector:
        tokens = list(test_map.tokens)
        scored = list(test_map.scored)
        for step in vector["steps"]:
            do = step["do"]
            if do == "nothing":
                pass
            elif do.startswith("put token directly"):
                tokens.append((coord(step["hex"]), test_map.seat[step["player"]], step["token"]))
            elif do.startswith("mark ziggurat as already scored"):
                scored.append(coord(step["hex"]))
            else:
                pytest.fail(f"unknown step {do!r} in {vector['id']}")
            state = test_map.state(tokens=tokens, scored_ziggurats=scored)
            got = state.board.coords_of(state.requiring_scoring())
            assert got == coords(step["expected_hexes"]), f"after step {do!r}"
        return
    state = test_map.state()
    got = state.board.coords_of(state.requiring_scoring())
    if "hexes" in expected:
        assert got == coords(expected["hexes"])
    if "hex" in expected:
        assert (coord(expected["hex"]) in got) == expected["requires_scoring"]
    if "all_hexes_derived" in expected:
        assert got == coords(expected["all_hexes_derived"]["hexes"])


def run_placement_legality(vector: dict[str, Any]) -> None:
    board = BOARDS[vector["board"]]
    test_map = VectorMap(board, players_of(vector, board))
    seat = test_map.seat
    active = seat[vector["active_player"]]
    owners = card_owners(vector, seat)
    earlier = vector["placed_earlier_this_turn"]
    checks = vector["checks"]

    def build(owned: dict[int, int]) -> BabyloniaState:
        # Whether a token is still on the stand is not part of a check: the stand holds the
        # vector's stand (if any) or at least the earlier tokens plus one of each checked kind.
        need = counts([p["token"] for p in earlier])
        for kind in {c["token"] for c in checks}:
            need[TOKEN_BY_NAME[kind]] += 1
        given = counts(vector.get("stand", []))
        stand = [max(a, c) for a, c in zip(need, given, strict=True)]
        state = test_map.state(card_owners=owned, stands={active: stand}, turn_player=active)
        for p in earlier:
            act = action(state, p["token"], coord(p["hex"]))
            assert is_legal(state, act), f"earlier placement {act}: {state.why_illegal(act)}"
            state.apply_action(act)
        return state

    def allowed(state: BabyloniaState, token: str, where: Coord) -> bool:
        if state.phase != PHASE_PLACE or state.turn_player != active:
            return False  # the engine ended the turn: no further token may follow
        return is_legal(state, action(state, token, where))

    state = build(owners)
    for check in checks:
        where = coord(check["hex"])
        got = allowed(state, check["token"], where)
        assert got == check["allowed"], (
            f"{check['token']} on {where}: allowed={got}, reason: "
            f"{state.why_illegal(action(state, check['token'], where))}"
        )
        for card in check.get("cards_used", []):
            # the card is what makes it legal: without it, the placement is refused
            without = build({n: s for n, s in owners.items() if n != card})
            assert not allowed(without, check["token"], where), f"legal without card {card}"


def run_board_query(vector: dict[str, Any]) -> None:
    spec = vector["board_from_board_file"]
    game = ziggurat.load_game("babylonia", players=spec["player_count"])
    state = game.new_initial_state(seed=0)
    board = game.board
    expected = vector["expected"]
    m = re.fullmatch(r"flood fill over (.+) starting at \((\d+),\s*(\d+)\)", vector["query"])
    assert m, f"unknown query {vector['query']!r}"
    what, start = m.group(1), (int(m.group(2)), int(m.group(3)))
    if what == "river hexes":
        allowed = board.river_mask
    elif what.startswith("land hexes with nothing on them"):
        allowed = state.free_land  # land that is no slot and no ziggurat, before any token
        assert allowed == board.land_mask & ~board.slot_mask & ~board.ziggurat_mask
    else:
        pytest.fail(f"unknown query {vector['query']!r}")
    reach = board.layout.flood(board.mask_of([start]), allowed)
    assert reach.bit_count() == expected["count"]
    if expected.get("all_river"):
        assert reach & ~board.river_mask == 0
    if "hexes_derived" in expected:
        assert board.coords_of(reach) == coords(expected["hexes_derived"])


def run_neighbours(vector: dict[str, Any]) -> None:
    got = offset_neighbours(coord(vector["hex"]))
    assert got == {d: coord(c) for d, c in vector["expected"].items()}


def _hex_rule_map(vector: dict[str, Any]) -> tuple[VectorMap, Coord]:
    """A small map: the vector's hex at (0,0), free land at (2,0) and (4,0)."""
    spec = vector["hex"]
    here = {"row": 0, "col": 0, "terrain": spec["terrain"], "content": spec["content"]}
    here["landmass"] = "center" if spec["terrain"] == "land" else None
    for key in ("nobles", "value"):
        if key in spec:
            here[key] = spec[key]
    hexes = [here]
    for row in (2, 4):
        hexes.append(
            {"row": row, "col": 0, "terrain": "land", "landmass": "center", "content": "empty"}
        )
    play = vector.get("play", {})
    players = [play.get("player", 1)]
    players.append(players[0] + 1)
    return VectorMap({"hexes": hexes}, players), (0, 0)


def run_hex_rule(vector: dict[str, Any]) -> None:
    test_map, here = _hex_rule_map(vector)
    ok = vector["expected"] == "ok"
    assert vector["expected"] in ("ok", "error")
    if "put" in vector:
        put = vector["put"]
        tile = put["nobles"] if put["tile"] == "city" else str(put["value"])
        if vector["hex"]["content"] != "empty":
            # A hex never takes a second tile: a position maps each hex to one tile, a deal
            # puts exactly one tile on each slot (the JSON reader: see the xfail test below).
            assert not ok
            state = test_map.state()
            assert len(state.tile_at) == len(test_map.tiles) == 1
            game = ziggurat.load_game("babylonia", players=2)
            dealt = game.new_initial_state(seed=3)
            assert sorted(dealt.tile_at) == sorted(game.board.slot_bits)
            return
        if ok:
            state = test_map.state(tiles={here: tile})
            entry = _view_entry(state, None, here)
            assert entry["content"] == ("city" if put["tile"] == "city" else "field")
            assert entry["tile"] == tile
        else:
            with pytest.raises(ziggurat.InvalidOptions):
                test_map.state(tiles={here: tile})
        return
    play = vector["play"]
    seat = test_map.seat[play["player"]]
    kinds = [play["token"]] if play.get("token") else list(TOKEN_NAMES)
    for kind in kinds:
        # An own face-up token next to the hex, so that a field may be taken (rules §4.1).
        state = test_map.state(
            tokens=[((2, 0), seat, "servant")],
            stands={seat: [1, 1, 1, 2]},
            turn_player=seat,
        )
        act = action(state, kind, here)
        before = state.to_json()
        river = vector["hex"]["terrain"] == "river"
        if play.get("face_down") is False and river:
            # A face-up token never lies on a river hex: played there it is turned face down.
            assert not ok
            assert is_legal(state, act)
            state.apply_action(act)
            entry = _view_entry(state, seat, here)
            assert entry["face_down"] is True
            assert state.up[seat] & state.board.river_mask == 0
            assert all(state.kind_up[4 * seat + k] & state.board.river_mask == 0 for k in range(4))
            continue
        if not ok:
            assert not is_legal(state, act)
            with pytest.raises(ziggurat.IllegalAction):
                state.apply_action(act)
            assert state.to_json() == before
            continue
        assert is_legal(state, act), state.why_illegal(act)
        score = state.scores()[seat]
        state.apply_action(act)
        result = vector.get("result", {})
        entry = _view_entry(state, seat, here)
        assert entry["content"] == result.get("content", "token")
        assert entry["player"] == seat
        assert entry["face_down"] is result.get("face_down", river)
        assert entry["kind"] == kind  # the owner sees the kind, face down or not
        if "token" in result:
            assert entry["kind"] == result["token"]
        other = _view_entry(state, 1 - seat, here)
        assert other["kind"] == (None if river else kind)
        if vector["hex"]["content"] == "field":
            assert state.scores()[seat] == score + int(vector["hex"]["value"])
            assert not state.fields


def _view_entry(state: BabyloniaState, seat: int | None, where: Coord) -> dict[str, Any]:
    return next(h for h in state.view(seat)["board"] if tuple(h["hex"]) == where)


def _printed_position(players: int = 2) -> BabyloniaState:
    game = ziggurat.load_game("babylonia", players=players, start_player=0)
    return make_position(game, stands={0: ""}, seed=5)


def _set_bag(state: BabyloniaState, seat: int, tokens: list[str]) -> None:
    state.bag[4 * seat : 4 * seat + 4] = counts(tokens)


def _play_out_stand(state: BabyloniaState, seat: int) -> None:
    """Play seat's stand empty through the actions, turn by turn (the other seat plays too)."""
    board = state.board
    for _ in range(200):
        if state.is_terminal() or (
            state.turn_player == seat and sum(state.stand_counts(seat)) == 0
        ):
            return
        legal = state.legal_actions()
        land = [a for a in legal if a.coord is not None and (1 << a.bit) & state.free_land]
        land = [a for a in land if not (1 << a.bit) & board.zig_touch_mask]
        state.apply_action((land or legal)[0])
    pytest.fail("the stand was not played out")


def run_stand(vector: dict[str, Any]) -> None:
    state = _printed_position()
    seat = 0
    for step in vector["steps"]:
        do = step["do"]
        want = step["expected"]
        before = state.stand_counts(seat)
        if do.startswith("new stand"):
            assert sum(state.stand_counts(seat)) == 0
            before = [0, 0, 0, 0]
        if "add" in do or do.startswith("refill"):
            # The stand is filled only by a refill from the bag: give the bag exactly these.
            _set_bag(state, seat, step["tokens"])
            state._refill(seat)
            if want == "error: stand full":
                assert state.stand_counts(seat) == before
                assert state.bag_counts(seat) == counts(step["tokens"])
                continue
            added = [a - c for a, c in zip(state.stand_counts(seat), before, strict=True)]
            assert added == counts(step["tokens"])
            _set_bag(state, seat, [])
        elif do.startswith("play all"):
            _play_out_stand(state, seat)
            assert state.is_terminal()  # empty stand after refilling, bag empty (§11)
        elif do.startswith("play two tokens"):
            for _ in range(2):
                legal = [
                    a
                    for a in state.legal_actions()
                    if a.coord is not None and (1 << a.bit) & state.free_land
                ]
                state.apply_action(legal[0])
            assert state.turn_player != seat  # the turn ended; the empty bag refilled nothing
        elif m := re.match(r"take ziggurat card (\d+)", do):
            state._take_card(seat, int(m.group(1)))
        elif not do.startswith("new stand"):
            pytest.fail(f"unknown step {do!r} in {vector['id']}")
        assert state.stand_capacity(seat) == want["capacity"], do
        assert sum(state.stand_counts(seat)) == want["tokens"], do


def run_token_supply(vector: dict[str, Any]) -> None:
    expected = vector["expected"]
    stands = set()
    for players in (2, 3, 4):
        game = ziggurat.load_game("babylonia", players=players)
        supply = game.supply()
        assert dict(zip(TOKEN_NAMES, supply, strict=True)) == {k: expected[k] for k in TOKEN_NAMES}
        assert sum(supply) == expected["total"]
        for seed in range(4):
            state = game.new_initial_state(seed=seed)
            for s in range(players):
                stand, bag = state.stand_counts(s), state.bag_counts(s)
                assert sum(stand) == expected["initial_stand"]
                assert sum(bag) == expected["left_in_bag_after_setup"]
                assert [a + c for a, c in zip(stand, bag, strict=True)] == supply
                stands.add(tuple(stand))
    if expected.get("drawn_in_random_order"):
        assert len(stands) > 1


def run_ziggurat_cards(vector: dict[str, Any]) -> None:
    advanced = vector["setup"]["advanced_cards"]
    game = ziggurat.load_game(
        "babylonia", players=2, ziggurat_cards="advanced" if advanced else "standard"
    )
    state = game.new_initial_state(seed=1)
    seat = {1: 0, 2: 1}

    def available() -> list[int]:
        return [c for c in range(1, 10) if state.card_available(c)]

    for step in vector["steps"]:
        do = step["do"]
        if do != "new game":
            takes = re.findall(r"player (\d+) takes card (\d+)", do)
            if not takes:
                pytest.fail(f"unknown step {do!r} in {vector['id']}")
            for pid, number in takes:
                state._take_card(seat[int(pid)], int(number))
        want = step["expected"]
        if "available" in want:
            assert available() == want["available"], do
        if "owned_by_player_1" in want:
            assert [c for c in range(1, 10) if state.card_owner[c] == 0] == want[
                "owned_by_player_1"
            ]
        if "card" in want:
            card = want["card"]
            shown = next(c for c in state.view(None)["cards"] if c["number"] == card["number"])
            assert shown["owner"] == seat[card["owner"]]
            assert shown["spent"] is card["spent"]


RUNNERS: dict[str, Callable[[dict[str, Any]], None]] = {
    "city_scoring": run_city_scoring,
    "hex_winner": run_hex_winner,
    "hexes_requiring_scoring": run_requiring,
    "placement_legality": run_placement_legality,
    "board_query": run_board_query,
    "neighbours": run_neighbours,
    "hex_rule": run_hex_rule,
    "stand": run_stand,
    "token_supply": run_token_supply,
    "ziggurat_cards": run_ziggurat_cards,
}


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector(vector: dict[str, Any]) -> None:
    runner = RUNNERS.get(vector["kind"])
    if runner is None:
        pytest.fail(f"vector {vector['id']}: unknown kind {vector['kind']!r}")
    runner(copy.deepcopy(vector))


def test_vector_ids_are_unique() -> None:
    ids = [v["id"] for v in VECTORS]
    assert len(ids) == len(set(ids))


@pytest.mark.skipif(VECTORS_PATH != DEFAULT_VECTORS, reason="another vectors file was named")
def test_the_shipped_file_has_all_43_vectors() -> None:
    assert len(VECTORS) == 43
    assert {v["kind"] for v in VECTORS} == set(RUNNERS)


def test_an_unknown_kind_fails() -> None:
    with pytest.raises(pytest.fail.Exception, match="unknown kind 'teleport'"):
        test_vector({"id": "made.up", "kind": "teleport"})
