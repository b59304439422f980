"""Ishtar at the terminal: a bot game's final scoring, a whole game typed by a human, refused
moves, the layout flags, and what the screen shows (the map and its coordinates, the carpet,
the market, the players, the secrecy of another seat's tree cards, the final scoring). What
every game's command must do (a bot game's result and record, the flags, the refusals) is in
test_cli_every_game.py."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ziggurat import load_game
from ziggurat.agents import make_agent
from ziggurat.agents.greedy import GreedyAgent
from ziggurat.core.errors import ZigguratError
from ziggurat.games.ishtar import render
from ziggurat.games.ishtar.actions import PLACE, TAKE
from ziggurat.games.ishtar.state import IshtarState
from ziggurat.terminal import bot_seed

from .conftest import RunCli

ISHTAR = ["play", "ishtar"]


def _play(
    players: int, seed: int, stop: Callable[[IshtarState], bool], kinds: str = "greedy"
) -> tuple[IshtarState, list[render.MoveNote]]:
    """A bot game from ``seed`` until ``stop(state)`` (or the end), with its log notes."""
    game = load_game("ishtar", players=players)
    state = game.new_initial_state(seed=seed)
    bots = [make_agent(kinds, seed * 10 + s) for s in range(players)]
    notes: list[render.MoveNote] = []
    while not state.is_terminal() and not stop(state):
        before = state.clone()
        seat = state.current_player
        action = bots[seat].select_action(state, seat)
        state.apply_action(action)
        notes.append(render.move_note(before, state, seat, action, len(notes) + 1))
    return state, notes


def _tile_words(data: Any, tile: int) -> str:
    """``"I12 1* 2*[W] 1*"``: how the tables write a tile, from the component data."""
    spaces = []
    for i, flowers in enumerate(data.tile_flowers[tile]):
        word = f"{flowers}*" if flowers else ",,"
        if data.tile_icon[tile] and data.tile_icon_space[tile] == i:
            word += "[" + "-ASW"[data.tile_icon[tile]] + "]"
        spaces.append(word)
    return f"{data.tile_ids[tile]} {' '.join(spaces)}"


def _cost(cost: dict[str, int]) -> str:
    return " ".join(f"{c}{g[0]}" for g, c in cost.items() if c)


# --------------------------------------------------------------------------- bot games


@pytest.mark.parametrize(
    ("players", "seats"), [(2, "greedy,random"), (4, "random,greedy,random,greedy")]
)
def test_bot_game_finishes_with_final_scores(run_cli: RunCli, players: int, seats: str) -> None:
    run = run_cli(*ISHTAR, "--players", str(players), "--seats", seats, "--seed", "5")
    assert run.code == 0, run.err  # the result, seed and record: test_cli_every_game.py
    assert "Final scoring" in run.out
    assert "game over: final scoring" in run.out  # the log's last move


def test_default_player_count_is_a_valid_ishtar_game(run_cli: RunCli) -> None:
    run = run_cli(*ISHTAR, "--seed", "1", stdin="q\n")
    assert run.code == 0, run.err
    assert "Ishtar, 3 players (0 human, 1 greedy, 2 greedy). Seed 1" in run.out


# --------------------------------------------------------------------------- a human seat


def _human_script(seed: int, kinds: list[str], until_end: bool = True) -> list[str]:
    """The moves seat 0 types, found by playing the game with the table's own bot seeds and
    a greedy policy of its own for seat 0."""
    game = load_game("ishtar", players=len(kinds))
    state = game.new_initial_state(seed=seed)
    bots = {s: make_agent(k, bot_seed(seed, s)) for s, k in enumerate(kinds) if k != "human"}
    me = GreedyAgent(99)
    typed: list[str] = []
    while not state.is_terminal():
        seat = state.current_player
        if seat in bots:
            action = bots[seat].select_action(state, seat)
        else:
            action = me.select_action(state, seat)
            typed.append(str(action))
        state.apply_action(action)
    return typed


def test_human_plays_a_whole_game_by_typing_moves(run_cli: RunCli, tmp_path: Path) -> None:
    kinds = ["human", "greedy"]
    script = _human_script(2, kinds)
    kinds_typed = {m.split()[0] for m in script}
    assert {"take", "place", "buy", "plant"} <= kinds_typed  # the usual steps of a turn
    path = tmp_path / "human.json"
    run = run_cli(
        *ISHTAR, "--seats", ",".join(kinds), "--seed", "2", "--record", str(path),
        stdin="\n".join(["?", *script]) + "\n",
    )  # fmt: skip
    assert run.code == 0, run.err
    out = run.out
    for line in script:
        assert f"seat 0> {line}\n" in out
    assert "0 human (you)" in out
    assert "All " in out and " legal moves:" in out  # the help
    assert "Final scores: " in out and "Game over." in out
    record = json.loads(path.read_text())
    assert [a["action"] for a in record["actions"] if a["seat"] == 0] == script
    assert record["result"] is not None
    assert out.count("seat 0> ") == len(script) + 1  # nothing typed was refused


def test_illegal_moves_get_the_engines_reason_and_change_nothing(
    run_cli: RunCli, tmp_path: Path
) -> None:
    seed = 3
    kinds = ["human", "greedy"]
    game = load_game("ishtar", players=2)
    state = game.new_initial_state(seed=seed)
    bot = make_agent("greedy", bot_seed(seed, 1))
    bot_moves = 0
    while state.current_player != 0:
        state.apply_action(bot.select_action(state, 1))
        bot_moves += 1
    take = next(a for a in state.legal_actions() if a.kind == TAKE)
    buy = game.parse_action(state, "buy 0")
    buy_reason = state.why_illegal(buy)
    assert buy_reason
    with pytest.raises(ZigguratError) as off_map:
        game.parse_action(state, "place 99,99 r0")
    after_take = state.clone()
    after_take.apply_action(take)
    fountain = after_take.view(0)["map"]["fountains"][0]["hex"]
    bad_place = game.parse_action(after_take, f"place {fountain[0]},{fountain[1]} r0")
    place_reason = after_take.why_illegal(bad_place)
    assert place_reason and "fountain" in place_reason
    path = tmp_path / "refused.json"
    typed = ["place 99,99 r0", "buy 0", "take 9", str(take), str(bad_place), "q"]
    run = run_cli(
        *ISHTAR, "--seats", ",".join(kinds), "--seed", str(seed), "--record", str(path),
        stdin="\n".join(typed) + "\n",
    )  # fmt: skip
    assert run.code == 0, run.err
    assert str(off_map.value) in run.out  # 'place 99,99 r0': hex 99,99 is off the map
    assert buy_reason in run.out
    assert "stacks are numbered 0 to 5" in run.out
    assert place_reason in run.out
    actions = json.loads(path.read_text())["actions"]
    assert [a["action"] for a in actions if a["seat"] == 0] == [str(take)]
    assert len(actions) == bot_moves + 1


# --------------------------------------------------------------------------- the flags


def test_layout_and_touch_two_reach_the_game(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "layout.json"
    layout = "X0=B1A0 X1=B4B3 Y0 Y1"
    run = run_cli(
        *ISHTAR, "--seats", "random,random", "--seed", "4", "--record", str(path),
        "--layout", layout, "--touch-two",
    )  # fmt: skip
    assert run.code == 0, run.err
    options = json.loads(path.read_text())["options"]
    assert options["layout"] == layout and options["touch_two"] is True
    assert options["players"] == 2
    # B1 side A unturned on 0,0 puts its fountain on 0,0; B4's (local 0,0) on X1 = 7,-4
    assert re.search(r"~[VRW]~ +0,0 ", run.out)
    assert re.search(r"~[VRW]~ +7,-4 ", run.out)
    replayed = run_cli("replay", str(path), "--move", "3")
    assert replayed.code == 0, replayed.err
    assert "Tree market" in replayed.out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([*ISHTAR, "--seats", "random,random", "--layout", "nonsense"],
         "layout entry 'nonsense': a centre is a preset name"),
        ([*ISHTAR, "--seats", "random,random", "--layout", "X0 X1 Y0"],
         "3 boards, but this game uses 4"),
        ([*ISHTAR, "--seats", "random,random", "--layout", "X0 X1 X2 Y2", "--touch-two"],
         "touches fewer than two"),
    ],
)  # fmt: skip
def test_bad_layouts_are_refused(run_cli: RunCli, argv: list[str], message: str) -> None:
    run = run_cli(*argv)
    assert run.code == 2
    assert message in run.err
    assert "Traceback" not in run.err


# --------------------------------------------------------------------------- the screen


def _map_lines(text: str) -> list[str]:
    """The map's lines: from the first row label to the legend."""
    lines = text.split("\n")
    end = next(i for i, line in enumerate(lines) if line.startswith("Type a hex as q,r"))
    return lines[:end]


def _cell(view: dict[str, Any], lines: list[str], q: int, r: int) -> tuple[str, str]:
    """What the map shows on hex q,r (3 characters) and the label under it."""
    left = min(2 * h["hex"][0] + h["hex"][1] for h in view["map"]["hexes"])
    rows = sorted({h["hex"][1] for h in view["map"]["hexes"]})
    line = 2 * rows.index(r)
    assert lines[line].startswith(f"{r:>3} ")
    column = 4 + 2 * (2 * q + r - left)
    return lines[line][column : column + 3], lines[line + 1][column : column + 3]


def _mid_game() -> tuple[IshtarState, list[render.MoveNote]]:
    """Greedy bots until both seats own tree cards and seat 1 has one bought before the
    last two turns (so no turn record shows it any more)."""

    def ready(state: IshtarState) -> bool:
        view = state.view(None)
        recent = {c["id"] for t in (view["this_turn"], view["last_turn"]) if t for c in t["cards"]}
        ids = state.game.data.card_ids
        return (
            state.turn >= 12
            and bool(state.piles[0])
            and any(ids[c] not in recent for c in state.piles[1])
            and view["phase"] == "choose"
        )

    state, notes = _play(2, 8, ready)
    assert not state.is_terminal(), "the bots never bought the tree cards this test needs"
    return state, notes


def test_mid_game_screen_shows_the_table_and_hides_others_tree_cards() -> None:
    state, notes = _mid_game()
    data = state.game.data
    view = state.view(0)
    text = render.view_text(view, notes=notes, width=120)
    assert max(len(line) for line in text.split("\n")) <= 120
    # the carpet: every stack's top tile with its flowers and icon, the can
    for stack in state.stacks:
        if stack:
            assert _tile_words(data, stack[-1]) in text
    assert f"(▶ the watering can: {state.can})" in text
    # the market: card, cost, points
    for slot in view["market"]:
        card = slot["card"]
        if card is not None:
            assert re.search(
                rf"{slot['slot']}\s+{card['id']}\s+{_cost(card['cost'])}\s+{card['vp']}\s", text
            )
    assert f"Tree market (deck {len(state.deck)}, trees in stock {state.tree_stock})" in text
    # the fountains with their colours and who controls them
    for fountain in view["map"]["fountains"]:
        q, r = fountain["hex"]
        assert re.search(rf"~{fountain['colour'][0].upper()}~\s+{q},{r}\s+{fountain['vp']}\s", text)
    # the players: points and their parts; seat 1's face-down cards are a "?"
    me, other = view["players"]
    score = me["points"]
    assert re.search(
        rf"seat 0 \(you\)\s+{score['total']}\s+{score['trees']}\s+{score['flowers']}\s+"
        rf"{score['fountains']}\s+{score['skills']}\s",
        text,
    )
    assert re.search(rf"seat 1\s+{other['points']['total']}\+\?\s+\?\s", text)
    assert f"tree cards {len(state.piles[1])} face down" in text
    # own tree cards by id; another seat's never (except as bought in the turns shown)
    for card in state.piles[0]:
        assert f"{data.card_ids[card]} ({data.card_vp[card]})" in text
    recent = {c["id"] for t in (view["this_turn"], view["last_turn"]) if t for c in t["cards"]}
    hidden = [data.card_ids[c] for c in state.piles[1] if data.card_ids[c] not in recent]
    assert hidden
    screen = render.view_text(view, width=120)  # without the log, which holds purchases
    own_screen = render.view_text(state.view(1), width=120)  # ... but seat 1 sees them
    for card_id in hidden:
        assert card_id not in screen
        assert card_id in own_screen
    # the status comes last, right above the prompt
    assert re.search(r"\nRound \d+, turn \d+: seat \d", text.split("Last moves")[-1])


def test_the_map_puts_each_hex_above_its_q_in_the_row_of_its_r() -> None:
    state, _ = _mid_game()
    view = state.view(0)
    lines = _map_lines(render.view_text(view, width=120))
    m = view["map"]
    helpers = {tuple(a["hex"]): a["seat"] for a in m["assistants"]}
    checked = 0
    for tile in m["tiles"]:
        for space in tile["spaces"]:
            q, r = space["hex"]
            shown, label = _cell(view, lines, q, r)
            assert label.strip() == str(q)
            flowers = next(
                (s["flowers"] for t in m["tokens"] for s in t["spaces"] if s["hex"] == [q, r]),
                space["flowers"],
            )
            if (q, r) in helpers:
                assert shown == f"{flowers}A{helpers[q, r]}"
            elif flowers:
                assert shown.startswith(str(flowers))
            else:
                assert shown in (",,,", " ♣ ")
            checked += 1
    for fountain in m["fountains"]:
        shown, label = _cell(view, lines, *fountain["hex"])
        assert shown == f"~{fountain['colour'][0].upper()}~"
    for h in m["hexes"]:
        if h["kind"] == "rock" and h["gem"]:
            assert _cell(view, lines, *h["hex"])[0] == f"[{h['rock'][0]}]"
        elif h["kind"] == "tablet":
            assert _cell(view, lines, *h["hex"])[0] == "###"
    assert checked >= 15


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_screen_fits_120_columns(players: int) -> None:
    state, notes = _play(players, 1, lambda s: s.turn >= 3 * players, kinds="random")
    for seat in (None, 0):
        text = render.view_text(state.view(seat), notes=notes, width=120)
        assert max(len(line) for line in text.split("\n")) <= 120
        hexes = 148 if players == 2 else 185 if players == 3 else 222
        assert len(state.view(seat)["map"]["hexes"]) == hexes


def test_finished_game_shows_the_final_scoring_and_every_tree_card() -> None:
    state, notes = _play(2, 5, lambda s: False)
    assert state.is_terminal()
    data = state.game.data
    view = state.view(0)
    text = render.view_text(view, notes=notes, width=120)
    assert text.rstrip().split("\n")[-1].startswith("Game over. ")
    assert "Final scoring" in text
    for p in view["players"]:
        score = p["points"]
        assert re.search(
            rf"seat {p['seat']}(?: \(you\))?\s+{score['trees']}\s+{score['flowers']}\s+"
            rf"{score['fountains']}\s+{score['skills']}\s+{score['total']}\n",
            text,
        )
        for card in state.piles[p["seat"]]:
            assert data.card_ids[card] in text  # everybody's cards, once it is over
    label = "Winner: " if len(state.winners()) == 1 else "Shared win: "
    assert label + ", ".join(f"seat {s}" for s in state.winners()) in text
    assert "game over: final scoring" in text
    spectator = render.state_text(state)  # the terminal's drawing; str(state) is the kernel's
    assert "Final scoring" in spectator
    assert "(you)" not in spectator
    assert str(state).startswith("Ishtar: Gardens of Babylon, 2 players: over; scores ")


# --------------------------------------------------------------------------- log, help, undo


def test_log_words_are_the_games_own_with_the_public_facts() -> None:
    _, notes = _mid_game()
    lines = [render.note_text(n, None).plain for n in notes]
    takes = [line for line in lines if "moves the watering can to stack" in line]
    assert takes and all(re.search(r" · seat \d takes \w+ \(.*\) from stack \d", x) for x in takes)
    assert any(" now shows " in line for line in takes)
    # a purchase was seen at the table: every viewer reads the card (rulings I18)
    assert any(re.search(r"seat \d buys TC\d\d \(\d+ VP\) from market slot \d", x) for x in lines)
    assert any("comes to market slot" in line for line in lines)
    assert any("collects " in line for line in lines)
    # a purchase moves no public points: the card lies face down
    for note in notes:
        if note.words.startswith("buys"):
            assert note.deltas[note.seat] == 0
    # the same words for every viewer: nothing in an Ishtar move is secret
    assert all(n.words_for(0) == n.words_for(1) for n in notes)
    assert all(
        render.note_text(n, 0).plain == render.note_text(n, 1).plain
        for n in notes
    )


def _place_position() -> IshtarState:
    state, _ = _play(2, 6, lambda s: s.view(None)["phase"] == "place" and s.turn >= 4)
    assert not state.is_terminal()
    return state


def test_help_groups_a_hundred_placements_by_rotation() -> None:
    state = _place_position()
    legal = [str(a) for a in state.legal_actions()]
    assert len(legal) > 100
    view = state.view(state.current_player)
    groups = render.group_moves(view, legal)
    assert len(groups) <= 7
    by_label = dict(groups)
    for move in legal:
        q_r, k = move.removeprefix("place ").split(" r")
        label = next(lbl for lbl in by_label if lbl.startswith(f"place <q>,<r> r{k} "))
        assert q_r in by_label[label].split()
    assert sum(len(label) + len(items) for label, items in groups) < 8 * len(legal)


def test_placement_hint_names_the_engines_hexes() -> None:
    state = _place_position()
    game = state.game
    view = state.view(state.current_player)
    for action in state.legal_actions()[:40]:
        assert action.kind == PLACE
        cells = [
            game.grid.coord(b)
            for b in game.footprint_cells(state.tile, action.cell, action.rotation)
        ]
        assert render.placement_hexes(view, cells[0], action.rotation) == cells
        assert render.move_hint(view, str(action)) == " ".join(f"{q},{r}" for q, r in cells[1:])


def test_tile_in_hand_is_drawn_in_its_six_rotations() -> None:
    state = _place_position()
    view = state.view(state.current_player)
    text = render.view_text(view, width=120)
    tile = view["tile"]
    assert "Tile in hand: " + render.tile_plain(tile) in text
    assert re.search(r"r0\s+r1\s+r2\s+r3\s+r4\s+r5", text)
    markers = [line for line in text.split("\n") if line.strip() and not line.strip(" ^")]
    assert sum(line.count("^") for line in markers) == 6  # space 0 in each rotation


def test_undo_only_for_moves_that_reveal_nothing() -> None:
    state = _place_position()
    game = state.game
    before = state.clone()
    place = state.legal_actions()[0]
    state.apply_action(place)
    assert before.game.can_undo(before, state) == (state.current_player == before.current_player)
    taking, _ = _play(2, 6, lambda s: s.view(None)["phase"] == "choose" and s.turn >= 2)
    before = taking.clone()
    taking.apply_action(next(a for a in taking.legal_actions() if a.kind == TAKE))
    assert not before.game.can_undo(before, taking)  # the stack's next tile is face up now
    ending, _ = _play(2, 6, lambda s: s.view(None)["phase"] == "trees" and s.turn >= 2)
    before = ending.clone()
    ending.apply_action(game.parse_action(ending, "end turn"))
    assert not before.game.can_undo(before, ending)


def test_last_round_names_the_empty_stacks_the_view_shows() -> None:
    state, notes = _play(2, 3, lambda s: s.end_triggered, kinds="random")
    assert state.end_triggered and not state.is_terminal()
    view = state.view(None)
    empty = sum(1 for stack in view["stacks"] if not stack["size"])
    assert empty == state.game.data.end_empty_stacks  # what the engine ends the game on
    words = f"{empty} stacks are empty"
    assert f"Last round: {words}; the game ends after the turn of " in render.view_text(view)
    line = render.note_text(notes[-1], None).plain
    assert re.search(
        r" · stacks \d and \d are empty: this round is the last, the game ends after the turn "
        r"of seat \d$",
        line,
    ), line
