"""Amyitis at the terminal: a bot game's final scoring and automatic steps, a whole game typed
by a human, refused moves, hot-seat, replay, and what the screen shows (the gardens and their
irrigation spaces, the temples and fields, the Mesopotamia route, the craft rows, the players,
the final scoring, the log with the engine's automatic steps). What every game's command must
do (a bot game's result and record, the flags, the refusals) is in test_cli_every_game.py."""

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
from ziggurat.games.amyitis import render
from ziggurat.games.amyitis.state import AmyitisState
from ziggurat.terminal import bot_seed

from .conftest import RunCli

AMYITIS = ["play", "amyitis"]


def _play(
    players: int, seed: int, stop: Callable[[AmyitisState], bool], kinds: str = "random"
) -> tuple[AmyitisState, list[render.MoveNote]]:
    """A bot game from ``seed`` until ``stop(state)`` (or the end), with its log notes."""
    game = load_game("amyitis", players=players)
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


def _widest(text: str) -> int:
    return max(len(line) for line in text.split("\n"))


# --------------------------------------------------------------------------- bot games


@pytest.mark.parametrize(("players", "seats"), [(2, "greedy,random"), (3, "random,random,random")])
def test_bot_game_finishes_with_final_scores(run_cli: RunCli, players: int, seats: str) -> None:
    run = run_cli(*AMYITIS, "--players", str(players), "--seats", seats, "--seed", "5")
    assert run.code == 0, run.err  # the result, seed and record: test_cli_every_game.py
    assert "Final scoring" in run.out
    assert "game is over: only " in " ".join(run.out.split())  # the log's last move
    assert "(the only option)" in run.out or "(nothing else possible)" in run.out


def test_default_player_count_is_a_valid_amyitis_game(run_cli: RunCli) -> None:
    run = run_cli(*AMYITIS, "--seed", "1", stdin="q\n")
    assert run.code == 0, run.err
    assert "Amyitis, 3 players (0 human, 1 greedy, 2 greedy). Seed 1" in run.out


# --------------------------------------------------------------------------- a human seat


def _human_script(seed: int, kinds: list[str]) -> list[str]:
    """The moves seat 0 types, found by playing the game with the table's own bot seeds and
    a greedy policy of its own for seat 0 (the engine's automatic steps are never typed)."""
    game = load_game("amyitis", players=len(kinds))
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
    script = _human_script(1, kinds)
    kinds_typed = {m.split()[0] for m in script}
    assert {"recruit", "caravan", "pass"} <= kinds_typed
    path = tmp_path / "human.json"
    run = run_cli(
        *AMYITIS, "--seats", ",".join(kinds), "--seed", "1", "--record", str(path),
        stdin="\n".join(["?", *script]) + "\n",
    )  # fmt: skip
    assert run.code == 0, run.err
    out = run.out
    for line in script:
        assert f"seat 0> {line}\n" in out
    assert "0 human (you)" in out
    assert "All " in out and " legal moves:" in out  # the help
    assert "recruit <row> <craftsman>: row 1 (" in out  # grouped by kind
    assert "Final scores: " in out and "Game over." in out
    record = json.loads(path.read_text())
    assert [a["action"] for a in record["actions"] if a["seat"] == 0] == script
    assert record["result"] is not None
    assert out.count("seat 0> ") == len(script) + 1  # nothing typed was refused


def test_bad_input_gets_a_clear_message_and_changes_nothing(
    run_cli: RunCli, tmp_path: Path
) -> None:
    seed = 3
    kinds = ["human", "random"]
    game = load_game("amyitis", players=2)
    state = game.new_initial_state(seed=seed)
    bot = make_agent("random", bot_seed(seed, 1))
    bot_moves = 0
    while state.current_player != 0:
        state.apply_action(bot.select_action(state, 1))
        bot_moves += 1
    assert state.view(0)["phase"] == "action"
    with pytest.raises(ZigguratError) as bad_row:
        game.parse_action(state, "recruit 9 priest")
    with pytest.raises(ZigguratError) as bad_square:
        game.parse_action(state, "plant G99 pay salt")
    caravan = game.parse_action(state, "caravan ur")
    caravan_reason = state.why_illegal(caravan)
    assert caravan_reason and "camels" in caravan_reason
    irrigate = game.parse_action(state, "irrigate G00-G10")
    irrigate_reason = state.why_illegal(irrigate)
    assert irrigate_reason and "must now pass, recruit a craftsman" in irrigate_reason
    legal = str(state.legal_actions()[0])
    path = tmp_path / "refused.json"
    typed = ["recruit 9 priest", "plant G99 pay salt", "caravan ur", "irrigate G00-G10",
             "fly away", "99", legal, "q"]  # fmt: skip
    run = run_cli(
        *AMYITIS, "--seats", ",".join(kinds), "--seed", str(seed), "--record", str(path),
        stdin="\n".join(typed) + "\n",
    )  # fmt: skip
    assert run.code == 0, run.err
    assert str(bad_row.value) in run.out  # 'recruit 9 priest' is not an action: write ...
    assert str(bad_square.value) in run.out  # ... G99 is not a garden square (G00 to G33)
    assert caravan_reason in run.out
    assert irrigate_reason in run.out
    assert "'fly away' is not an action" in run.out
    assert "99 is not on the list" in run.out
    actions = json.loads(path.read_text())["actions"]
    assert [a["action"] for a in actions if a["seat"] == 0] == [legal]
    assert len(actions) >= bot_moves + 1


def test_hot_seat_shows_each_human_their_own_seat(run_cli: RunCli) -> None:
    game = load_game("amyitis", players=2)
    state = game.new_initial_state(seed=2)
    first = state.current_player
    typed = []
    for _ in range(3):  # three decisions, whoever takes them
        action = state.legal_actions()[-1]
        typed.append(str(action))
        state.apply_action(action)
    run = run_cli(
        *AMYITIS, "--seats", "human,human", "--names", "Ann,Bob", "--seed", "2",
        stdin="\n".join([*typed, "q"]) + "\n",
    )  # fmt: skip
    assert run.code == 0, run.err
    name = ("Ann", "Bob")[first]
    assert f"seat {first} ({name}) to play" in run.out
    assert f"{first} {name} (you)" in run.out
    for move in typed:
        assert f"> {move}\n" in run.out
    later = state.current_player
    assert f"{later} {('Ann', 'Bob')[later]} (you)" in run.out.split(f"> {typed[-1]}")[-1]


# --------------------------------------------------------------------------- records and replay


def test_record_is_saved_and_replays(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "amyitis.json"
    run = run_cli(*AMYITIS, "--seats", "greedy,random", "--seed", "4", "--record", str(path))
    assert run.code == 0, run.err  # the record and its replay: test_cli_every_game.py
    replayed = run_cli("replay", str(path))
    assert replayed.code == 0, replayed.err
    assert "Final scoring" in replayed.out
    middle = run_cli("replay", str(path), "--move", "40", "--seat", "1")
    assert middle.code == 0, middle.err
    assert "1 random (you)" in middle.out
    assert re.search(r"^ *40 \d \w+: ", middle.out, re.MULTILINE)  # the log up to move 40
    assert not re.search(r"^ *41 \d \w+: ", middle.out, re.MULTILINE)
    assert "Final scores" not in middle.out


# --------------------------------------------------------------------------- the screen


def _mark(space: dict[str, Any]) -> str:
    owner = space["owner"]
    if owner is None:
        return "+" if space["open"] else "·"
    return "N" if owner == "neutral" else str(owner)


def _garden_lines(text: str) -> list[str]:
    """The garden's lines: the first line after its title, one per line of the drawing."""
    lines = text.split("\n")
    top = next(i for i, line in enumerate(lines) if line.startswith("The hanging gardens"))
    return lines[top + 1 : top + 22]


def _check_garden(view: dict[str, Any], text: str) -> int:
    """Every square at its place of the diamond (column x - y, height x + y) with its tile or
    planter, every boundary's cubes between its two squares, the river below floor 1."""
    lines = _garden_lines(text)
    checked = 0
    for sq in view["garden"]["squares"]:
        x, y = int(sq["id"][1]), int(sq["id"][2])
        line = 3 * (6 - x - y)
        left = render.MARGIN + render.STEP * (x - y + 3) - render.CELL // 2
        head = lines[line][left : left + render.CELL]
        body = lines[line + 1][left : left + render.CELL]
        assert sq["id"] in head
        if not sq["in_use"]:
            assert "(not in use)" in body
        elif sq["planted_by"] is not None:
            assert f"planted by {sq['planted_by']}" in body
        else:
            assert render.tile_plain(sq["tile"]) in body
            assert ("f" + str(sq["floor"])) in head
        assert ("≈" in head) == sq["irrigated"]
        if x == 0:
            centre = render.MARGIN + render.STEP * (x - y + 3)
            assert lines[line + 2][centre - 5 : centre - 2] == "╲≈╲"
        checked += 1
    edges: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for space in view["garden"]["spaces"]:
        edges.setdefault(tuple(space["squares"]), []).append(space)
    for (a, b), spaces in edges.items():
        xa, ya, xb, yb = int(a[1]), int(a[2]), int(b[1]), int(b[2])
        mid = render.MARGIN + render.STEP * ((xa - ya) + (xb - yb) + 6) // 2
        line = 3 * (6 - min(xa + ya, xb + yb)) - 1
        slant = "╲" if xa != xb else "╱"
        label = slant + "".join(_mark(s) for s in sorted(spaces, key=lambda s: s["id"])) + slant
        column = mid - len(label) // 2
        assert lines[line][column : column + len(label)] == label, (a, b)
        checked += 1
    return checked


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_position_shows_the_whole_table(players: int) -> None:
    game = load_game("amyitis", players=players)
    state = game.new_initial_state(seed=4)
    view = state.view(0)
    names = ["human"] + ["greedy"] * (players - 1)
    text = render.view_text(view, seat_names=names, width=100)
    assert _widest(text) <= 100
    assert _check_garden(view, text) == 16 + 24
    in_use = [sq for sq in view["garden"]["squares"] if sq["in_use"]]
    assert len(in_use) == (12 if players == 2 else 16)
    assert f"Garden tiles left {len(in_use)} (ends at ≤ {view['end_threshold']})" in text
    assert "Out of the game: " + view["box"][0] in text
    assert all(tile in text for tile in view["box"])
    # the route: every city, the caravan on Babylon, the plant cards' faces and backs
    assert re.search(r"▶\s+0\s+Babylon\s+babylon\s+1-2 any", text)
    for city in view["track"]["cities"][1:]:
        plant = city.get("plant")
        if plant:
            shown = f"plant {plant['card']} {render.face_text(plant['up'])} "
            shown += f"(back {render.face_text(plant['back'])})"
        else:
            shown = " or ".join(city["offer"])
        cost = city["position"]  # from Babylon, without a Caravaneer
        assert re.search(
            rf"\s{city['position']}\s+{city['name'].title()}\s+{city['kind']}\s+"
            rf"{city['demand']}\S*\s+{re.escape(shown)}\s+{cost}\n",
            text,
        ), city["name"]
    # the craft rows, all free and face up
    rows = [line for line in text.split("\n") if re.match(r"row \d  free  ", line)]
    assert len(rows) == {2: 2, 3: 3, 4: 4}[players]
    assert "(" not in "".join(rows)
    # the temples and fields, empty; the stock
    for temple in ("ishtar", "marduk", "tammouz"):
        assert re.search(rf"{temple}\s+· · · ·", text)
    assert "Leading: F1 nobody, F2 nobody" in text
    assert "Stock barley 7 dates 7 salt 7" in text and "camels 14" in text
    # the players: 3 talents, 30 cubes each; the status names the start player's task
    start = view["start"]
    for p in view["players"]:
        assert re.search(rf"{p['seat']} \w+(?: \(you\))?\s+0\s+3\s+0\s+- \(0/2\)\s+30\s", text)
    assert f"Start player {start} {names[start]}" in text
    assert text.rstrip().split("\n")[-1] == (
        f"Round 1 (action): {start} {names[start]}{' (you)' if start == 0 else ''} must pass, "
        "recruit a craftsman or move the caravan"
    )


def _mid_game() -> tuple[AmyitisState, list[render.MoveNote]]:
    """Random bots until the gardens hold cubes of every kind and a few plantings."""

    def ready(state: AmyitisState) -> bool:
        view = state.view(None)
        owners = [s["owner"] for s in view["garden"]["spaces"]]
        planted = sum(sq["planted_by"] is not None for sq in view["garden"]["squares"])
        return (
            planted >= 3
            and "neutral" in owners
            and view["phase"] == "action"
            and any(t for t in view["temples"].values())
            and view["track"]["caravan"] != 0
        )

    state, notes = _play(3, 8, ready)
    assert not state.is_terminal(), "the bots never reached the position this test needs"
    return state, notes


def test_mid_game_screen_shows_gardens_route_rows_and_holdings() -> None:
    state, notes = _mid_game()
    view = state.view(1)
    text = render.view_text(view, seat_names=["a", "b", "c"], notes=notes, width=100)
    assert _widest(text) <= 100
    assert _check_garden(view, text) == 40
    # the caravan's city is marked, the camels column is for the seat to decide
    track = view["track"]
    here = track["cities"][track["caravan"]]
    assert re.search(rf"▶\s+{here['position']}\s+{here['name'].title()}\s", text)
    current = view["current"]
    assert f"camels for {current}" in text
    # the craft rows: taken cards in brackets, the row cost
    for row in view["craft_rows"]:
        cards = [f"({c['kind']})" if c["taken"] else c["kind"] for c in row["cards"]]
        cost = row["cost"]
        shown = "empty" if cost is None else "free" if cost == 0 else f"{cost} talent"
        assert re.search(rf"row {row['row']}\s+{shown}s?\s+" + r"\s+".join(map(re.escape, cards)),
                         text)  # fmt: skip
    # temples and fields with their cubes, and who stands 1st and 2nd / leads (the view's)
    for name, owners in view["temples"].items():
        marks = [("N" if o == "neutral" else str(o)) for o in owners]
        marks += ["·"] * (view["temple_length"] - len(marks))
        places = zip(("1st", "2nd"), view["temple_places"][name], strict=True)
        standing = " ".join(f"{p} {s}" for p, s in places if s is not None)
        assert re.search(rf"{name}\s+{' '.join(marks)}\s*{standing}\n", text)
    leads = [f"{f['row']} " + ("nobody" if s is None else f"seat {s}")
             for f, s in zip(view["fields"], view["field_leaders"], strict=True)]  # fmt: skip
    assert "Leading: " + ", ".join(leads) in text
    # the camels column: what the view says the seat deciding would pay
    for city in track["cities"]:
        cost = view["caravan_costs"][city["name"]]
        assert re.search(rf"\s{city['name'].title()}\s.*\s{'-' if cost is None else cost}\n", text)
    for field in view["fields"]:
        resources = r"\s+".join(s["resource"] for s in field["spaces"])
        assert re.search(rf"{field['row']}\s+{resources}", text)
    # the players: points, talents, camels, cubes, court levels, gardeners, tiles
    for p in view["players"]:
        court = " ".join(str(p["court"][c]) for c in ("banker", "caravaneer", "palace"))
        held = sum(p["resources"].values())
        assert re.search(
            rf"{p['seat']} [abc](?: \(you\))?\s+{p['score']}\s+{p['talents']}\s+{p['camels']}\s+"
            rf".*\({held}/{p['storage_limit']}\)\s+{p['cubes']}\s+{court}\s+{p['gardeners']}\s+"
            rf"{len(p['tiles'])}\n",
            text,
        ), p
        for tile in p["tiles"]:
            assert tile["id"] in text
    assert "1 b (you)" in text
    # the status comes last, right above the prompt, with the task of the seat deciding
    assert text.rstrip().split("\n")[-1].startswith(f"Round {view['round']} (action): ")
    assert view["task"] in text.rstrip().split("\n")[-1]


def test_finished_game_shows_the_final_scoring_and_the_winners() -> None:
    state, notes = _play(2, 5, lambda s: False)
    assert state.is_terminal()
    view = state.view(0)
    text = render.view_text(view, notes=notes, width=100)
    assert _widest(text) <= 100
    assert text.rstrip().split("\n")[-1].startswith("Game over. ")
    assert "Final scoring" in text
    # the points of each seat by source (the view's breakdown), the total and the tie-breaks
    sources = list(view["players"][0]["points"])
    header = r"\s+".join(
        ["seat", *(render.POINT_SHORT[k] for k in sources), "total", "tiles", "tal"]
    )
    assert re.search(rf"^{header}$", text, re.MULTILINE)
    for p in view["players"]:
        points = [p["points"][k] for k in sources]
        total = p["score"]
        assert sum(points) == total
        assert (p["points"]["amyitis"], p["points"]["leftover"]) == tuple(
            view["final"][p["seat"]].values()
        )
        numbers = r"\s+".join(map(str, [*points, total, len(p["tiles"]), p["talents"]]))
        assert re.search(rf"^seat {p['seat']}(?: \(you\))?\s+{numbers}$", text, re.MULTILINE)
    steps = ", ".join(f"{t}+ tiles {vp} VP" for t, vp in view["rules"]["amyitis_bonus"])
    assert f"Amy Amyitis card ({steps})" in " ".join(text.split())
    label = "Winner: " if len(view["winners"]) == 1 else "Shared win: "
    assert label + ", ".join(f"seat {s}" for s in view["winners"]) in text
    assert "game is over: only " in " ".join(text.split())
    # the terminal drawing of a state is the renderer's, asked for explicitly; str(state) is
    # the kernel's short plain line
    drawn = render.state_text(state)
    assert drawn == render.view_text(state.view(None))
    assert "(you)" not in drawn and "Final scoring" in drawn
    assert str(state) == f"Amyitis, {state.n} players: over; scores {state.scores()}"


def test_narrow_screen_puts_the_temples_under_the_gardens() -> None:
    state, notes = _mid_game()
    text = render.view_text(state.view(None), notes=notes, width=80)
    assert _widest(text) <= 80
    lines = text.split("\n")
    temples = next(i for i, line in enumerate(lines) if line.startswith("Temples"))
    assert temples > 21


# --------------------------------------------------------------------------- log, help, undo


def _true_automatic_seats(before: AmyitisState, action: Any) -> list[int]:
    """Who took each automatic step, found by stepping the engine itself."""
    state = before.clone()
    state._play(action)  # the move alone, without the engine's single-option steps
    seats = []
    while not state.is_terminal():
        state._legal = None
        legal = state.legal_actions()
        if len(legal) != 1:
            break
        seats.append(state.current_player)
        state._play(legal[0])
    return seats


def test_log_shows_the_automatic_steps_with_their_seats() -> None:
    """Every step the engine took as the only option is in the log with the seat that took it
    (checked against stepping the engine itself): the mover's follow-up joined to its move,
    any other step named with its seat."""
    game = load_game("amyitis", players=3)
    seen = {"joined": 0, "pass": 0, "discard": 0, "other seat": 0}
    for seed in range(4):
        state = game.new_initial_state(seed=seed)
        bots = [make_agent("random", seed * 10 + s) for s in range(3)]
        number = 0
        while not state.is_terminal():
            seat = state.current_player
            action = bots[seat].select_action(state, seat)
            before = state.clone()
            state.apply_action(action)
            number += 1
            automatic = state.view(None)["automatic_moves"]
            if not automatic:
                continue
            note = render.move_note(before, state, seat, action, number)
            truth = _true_automatic_seats(before, action)
            assert [step["seat"] for step in automatic] == truth
            for step, who in zip(automatic, truth, strict=True):
                kind, words = step["action"].split()[0], step["words"]
                if who == seat and f"then {words} (the only option)" in note.words:
                    seen["joined"] += 1
                    continue
                why = "nothing else possible" if kind == "pass" else "the only option"
                assert f"seat {who} {words} ({why})" in render.note_text(note, None).plain
                seen["other seat"] += who != seat
                if kind in ("pass", "discard"):
                    seen[kind] += 1
    assert all(seen.values()), seen


def test_log_takes_the_seat_of_an_automatic_step_from_the_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The seat beside an automatic step is the view's ``automatic_moves``, not a guess from
    the views before and after: relabel it in the view and the log follows."""

    game = load_game("amyitis", players=3)
    state = game.new_initial_state(seed=0)
    bots = [make_agent("random", s) for s in range(3)]
    while True:
        seat = state.current_player
        action = bots[seat].select_action(state, seat)
        before = state.clone()
        state.apply_action(action)
        assert not state.is_terminal(), "no automatic step by another seat in this game"
        step = next((m for m in state.view(None)["automatic_moves"] if m["seat"] != seat), None)
        if step is not None:
            break
    true_seat = step["seat"]
    note = render.move_note(before, state, seat, action, 1)
    assert f"seat {true_seat} {step['words']} (" in render.note_text(note, None).plain
    stand_in = ({0, 1, 2} - {seat, true_seat}).pop()
    real_view = AmyitisState.view

    def relabelled(self: AmyitisState, viewer: int | None) -> dict[str, Any]:
        out = real_view(self, viewer)
        for move in out["automatic_moves"]:
            if move["seat"] == true_seat:
                move["seat"] = stand_in
        return out

    monkeypatch.setattr(AmyitisState, "view", relabelled)
    note = render.move_note(before, state, seat, action, 1)
    line = render.note_text(note, None).plain
    assert f"seat {stand_in} {step['words']} (" in line
    assert f"seat {true_seat} {step['words']} (" not in line


def test_log_words_carry_costs_tiles_and_rounds() -> None:
    _, notes = _play(3, 1, lambda s: s.round >= 8)
    lines = [render.note_text(n, None).plain for n in notes]
    patterns = [
        r"moves the caravan to \w+ · the caravan moves \d steps? from \w+ to \w+: "
        r"seat \d pays \d camels?",
        r"plants G\d\d, paying .* · seat \d takes garden tile T\d\d from G\d\d \(paid .*\): ",
        r"plant card P\w turns over: now quality \d",
        r"puts a cube on field row F\d · seat \d takes \w+ from field row F\d",
        r"round \d+ begins: seat \d starts",
        r"the procession: seat \d's cube enters the temple of \w+; a grey cube enters \w+ "
        r"and \w+",
        r"Marduk: seat \d \(1st\) \+\d",  # points by source
    ]
    for pattern in patterns:
        assert any(re.search(pattern, x) for x in lines), pattern
    assert all(" a engineer" not in x for x in lines)
    # the same words for every viewer: nothing in an Amyitis move is secret
    assert all(render.note_text(n, 0).plain == render.note_text(n, 1).plain for n in notes)


def test_help_groups_every_legal_move_by_kind() -> None:
    checked = set()
    for seed in range(4):
        game = load_game("amyitis", players=3)
        state = game.new_initial_state(seed=seed)
        bots = [make_agent("random", seed * 10 + s) for s in range(3)]
        while not state.is_terminal():
            view = state.view(state.current_player)
            legal = [str(a) for a in state.legal_actions()]
            groups = render.group_moves(view, legal)
            by_label = dict(groups)
            for move in legal:
                words = move.split()
                if words[0] == "recruit":
                    items = by_label["recruit <row> <craftsman>"]
                    row = re.search(rf"row {words[1]} \([^)]*\): ([a-z, ]+)", items)
                    assert row and words[2] in row.group(1).split(", ")
                elif words[0] == "plant":
                    square, pay = words[1], " ".join(words[3:])
                    assert square in by_label[f"plant <square> pay {pay}"].split()
                elif words[0] == "irrigate":
                    assert words[1] in by_label["irrigate <space>"].split()
                else:
                    assert any(move in items for _, items in groups), move
                checked.add(words[0])
            seat = state.current_player
            state.apply_action(bots[seat].select_action(state, seat))
    assert {"pass", "recruit", "caravan", "field", "temple", "irrigate", "plant"} <= checked


def test_move_hints_name_costs_resources_and_tiles() -> None:
    game = load_game("amyitis", players=2)
    state = game.new_initial_state(seed=0)
    view = state.view(state.current_player)
    assert render.move_hint(view, "recruit 1 priest") == "free"
    assert render.move_hint(view, "caravan ur") == "3 camels, plant q1"
    assert render.move_hint(view, "caravan susa") == "2 camels, banker/caravaneer"
    assert render.move_hint(view, "field F1") == "barley"
    assert render.move_hint(view, "irrigate G00-G10") == "waters G00 G10"
    assert render.move_hint(view, "irrigate G12-G22.1") is None  # half a double side
    square = next(sq for sq in view["garden"]["squares"] if sq["id"] == "G10")
    assert render.move_hint(view, "plant G10 pay salt") == render.tile_plain(square["tile"])


def test_undo_only_within_the_same_turn() -> None:
    game = load_game("amyitis", players=3)
    state = game.new_initial_state(seed=1)
    recruit = next(
        a
        for a in state.legal_actions()
        if str(a).startswith("recruit") and "merchant" not in str(a)
    )
    before = state.clone()
    state.apply_action(recruit)
    assert before.game.can_undo(before, state)  # the peasant, priest or engineer's step follows
    follow = state.legal_actions()[0]
    before = state.clone()
    state.apply_action(follow)
    assert not before.game.can_undo(before, state)  # the turn has passed on
    ending, _ = _play(3, 1, lambda s: s.view(None)["phase"] == "storage" and s.round >= 2)
    while ending.view(None)["phase"] not in ("action", "over"):
        before = ending.clone()
        ending.apply_action(ending.legal_actions()[0])
    assert ending.round != before.round
    assert not before.game.can_undo(before, ending)  # a new round deals the craft rows


def test_plant_city_marks_the_squares_the_plant_may_go_on() -> None:
    state, _ = _play(3, 0, lambda s: s.view(None)["phase"] == "plant city")
    assert not state.is_terminal()
    view = state.view(state.current_player)
    squares = sorted({str(a).split()[1] for a in state.legal_actions()})
    text = render.view_text(view, width=100)
    assert f"Reversed: {' '.join(squares)} may be planted now" in text
    city = view["track"]["cities"][view["track"]["caravan"]]
    status = text.rstrip().split("Round ")[-1]
    assert f"must plant a garden square ({city['name'].title()}: a quality " in status


def test_log_reads_what_the_2nd_took_of_ishtars_reward_off_the_views() -> None:
    def ishtar_with_a_2nd(state: AmyitisState) -> bool:
        view = state.view(None)
        return view["phase"] == "ishtar" and view["pending"]["second"] is not None

    for seed in range(40):
        state, _ = _play(3, seed, ishtar_with_a_2nd)
        if not state.is_terminal():
            break
    else:
        pytest.fail("no Ishtar reward with a 2nd in 40 games")
    seat = state.current_player
    second = state.view(None)["pending"]["second"]
    talent = next(a for a in state.legal_actions() if str(a) == "ishtar talent")
    for camels, words in ((5, "takes the camel"), (0, "takes nothing")):
        before = state.clone()
        before.camel_stock = camels  # with no camel left, the 2nd gets nothing
        after = before.clone()
        after.apply_action(talent)
        note = render.move_note(before, after, seat, talent, 1)
        assert f"seat {second} (2nd) {words}" in render.note_text(note, None).plain
