"""Tower of Babel at the terminal: a bot game's log and final scoring, a human's offers and
acceptances, hot-seat secrecy of face-down offers, the rules flags, and what the screen
shows. What every game's command must do (a bot game's result and record, the flags, the
refusals) is in test_cli_every_game.py."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ziggurat import load_game
from ziggurat.agents import make_agent
from ziggurat.games.tower_of_babel import render
from ziggurat.games.tower_of_babel.actions import ACCEPT, BUILD, OFFER
from ziggurat.games.tower_of_babel.components import DOUBLE_TURN, TYPES
from ziggurat.terminal import bot_seed

from .conftest import RunCli

TOWER = ["play", "tower_of_babel"]


def _words(counts: tuple[int, ...]) -> str:
    """``"2 boats"``, ``"1 crane and 2 boats"``: how the log words an offer."""
    parts = [f"{c} {TYPES[t]}{'s' if c != 1 else ''}" for t, c in enumerate(counts) if c]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


# --------------------------------------------------------------------------- bot games


def test_bot_game_finishes_with_final_scores(run_cli: RunCli) -> None:
    run = run_cli(*TOWER, "--players", "3", "--seats", "greedy,random,random", "--seed", "5")
    assert run.code == 0, run.err  # the result, seed and record: test_cli_every_game.py
    assert "Final scoring (added to the points before)" in run.out
    assert "▶final:22/11" in run.out  # the marker stands on the final row
    assert "makes a face-down offer" in run.out  # the spectator log hides offers
    assert "face-down offer of" not in run.out  # ... and their sizes
    assert "offers revealed: " in run.out


# --------------------------------------------------------------------------- a human seat


def _human_choice(state, legal):
    """Seat 0's scripted policy: build a disc its own hand completes, offer its matching
    cards, accept at least one offer; anything else: the first legal move."""
    game = state.game
    kinds = {a.kind for a in legal}
    if BUILD in kinds:
        hand = state.hand_of(0)
        for a in legal:
            if a.kind == BUILD:
                need = game.disc_needs[state.space_disc[a.space]]
                if all(hand[t] >= need[t] for t in range(4)):
                    return a
        return legal[0]  # pass
    if OFFER in kinds:
        need = state.need()
        plain = [a for a in legal if a.kind == OFFER and not a.exchange]
        return max(plain, key=lambda a: sum(c for t, c in enumerate(a.cards) if need[t]))
    if ACCEPT in kinds:
        return next((a for a in legal if a.kind == ACCEPT and a.seats), legal[0])
    return legal[0]


def _human_script(seed: int, kinds: list[str]) -> list[str]:
    """The moves seat 0 types, found by playing the game with the table's own bot seeds
    until seat 0 has built, made a matching offer and accepted an offer."""
    game = load_game("tower_of_babel", players=len(kinds))
    state = game.new_initial_state(seed=seed)
    bots = {s: make_agent(k, bot_seed(seed, s)) for s, k in enumerate(kinds) if k != "human"}
    typed: list[str] = []
    done: set[int] = set()
    while {BUILD, OFFER, ACCEPT} - done:
        assert not state.is_terminal(), "the script never got to all three moves"
        seat = state.current_player
        legal = state.legal_actions()
        if seat in bots:
            action = bots[seat].select_action(state, seat)
        else:
            action = _human_choice(state, legal)
            typed.append(str(action))
            if action.kind == OFFER and any(
                c for t, c in enumerate(action.cards) if state.need()[t]
            ):
                done.add(OFFER)
            elif action.kind == ACCEPT and action.seats:
                done.add(ACCEPT)
            elif action.kind == BUILD:
                done.add(BUILD)
        state.apply_action(action)
    return typed


def test_human_builds_offers_and_accepts(run_cli: RunCli, tmp_path: Path) -> None:
    kinds = ["human", "random", "random"]
    script = _human_script(3, kinds)
    path = tmp_path / "human.json"
    run = run_cli(
        *TOWER, "--seats", ",".join(kinds), "--seed", "3", "--record", str(path),
        stdin="\n".join(["?", *script, "q"]) + "\n",
    )  # fmt: skip
    assert run.code == 0, run.err
    out = run.out
    for line in script:
        assert f"seat 0> {line}\n" in out
    assert "0 human (you) passes or picks a disc to build" in out
    assert "Your hand: " in out and "Your action cards: none" in out
    assert "0 human (you) makes a face-down offer" in out
    assert " and chooses the offers to accept" in out
    # the help lists the moves grouped, and the log shows the human's own offer in words
    assert "  build on giza: build giza 1 (" in out
    offer = next(m for m in script if m.startswith("offer "))
    counts = load_game("tower_of_babel", players=3).parse_action(None, offer).cards
    assert f"0 human: offers {_words(counts)}" in out
    assert "0 human: accepts the offer" in out
    assert "You left the game after" in out
    record = json.loads(path.read_text())
    mine = [a["action"] for a in record["actions"] if a["seat"] == 0]
    assert mine == script


def test_hot_seat_offer_stays_face_down_for_the_next_human(run_cli: RunCli) -> None:
    game = load_game("tower_of_babel", players=3)
    seed = 2
    state = game.new_initial_state(seed=seed)
    hand1 = state.hand_of(1)
    # seat 0 builds a disc seat 1 holds cards for; seat 1 offers those cards
    build = next(
        a for a in state.legal_actions()
        if a.kind == BUILD and any(
            hand1[t] and n for t, n in enumerate(game.disc_needs[state.space_disc[a.space]])
        )
    )  # fmt: skip
    state.apply_action(build)
    need = state.need()
    counts = tuple(min(hand1[t], need[t]) for t in range(4))
    offer = game.parse_action(state, "offer " + " ".join(
        f"{c} {TYPES[t]}" for t, c in enumerate(counts) if c
    ))  # fmt: skip
    assert offer in state.legal_actions()
    run = run_cli(
        *TOWER, "--seats", "human,human,human", "--seed", str(seed),
        stdin=f"{build}\n{offer}\nq\n",
    )  # fmt: skip
    assert run.code == 0, run.err
    first, rest = run.out.split("seat 1 (human) to play", 1)
    second_human, third = rest.split("seat 2 (human) to play", 1)
    assert "0 human (you) passes or picks a disc to build" in first
    assert "1 human (you) makes a face-down offer" in second_human
    assert f"seat 1> {offer}" in second_human
    # seat 2, still to offer, sees that seat 1 offered, and nothing more: not how many cards
    assert "2 human (you) makes a face-down offer" in third
    assert "1 human: makes a face-down offer\n" in third
    assert re.search(r"1 human\s+offer made, face down *\n", third)
    assert not re.search(r"face down, \d+ cards?", third)
    assert f"offers {_words(counts)}" not in third
    assert "your offer" not in third
    assert str(offer) not in third


# --------------------------------------------------------------------------- the flags


def test_rules_flags_reach_the_game_options(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "variant.json"
    run = run_cli(
        *TOWER, "--seats", "random,random,random,random", "--seed", "4", "--record", str(path),
        "--two-type-discs", "--no-action-cards",
    )  # fmt: skip
    assert run.code == 0, run.err
    options = json.loads(path.read_text())["options"]
    assert options["two_type_discs"] is True
    assert options["action_cards"] is False
    assert options["players"] == 4
    assert "no action cards (variant)" in run.out
    replayed = run_cli("replay", str(path), "--move", "3")
    assert replayed.code == 0, replayed.err
    assert "Turn " in replayed.out and "Wonder scoring" in replayed.out


# --------------------------------------------------------------------------- the screen


def _offer_position():
    """Seat 0 builds a disc, seat 1 has offered the matching cards it holds (face down)."""
    game = load_game("tower_of_babel", players=4)
    state = game.new_initial_state(seed=6)
    before_build = state.clone()
    build = next(a for a in state.legal_actions() if a.kind == BUILD)
    state.apply_action(build)
    need = state.need()
    hand = state.hand_of(1)
    counts = tuple(min(hand[t], need[t]) for t in range(4))
    if not any(counts):
        counts = tuple(1 if t == hand.index(max(hand)) else 0 for t in range(4))
    offer = game.actions.offer[counts, False]
    before_offer = state.clone()
    state.apply_action(offer)
    return before_build, build, before_offer, offer, state


def test_mid_game_screen_shows_disc_offers_and_hand() -> None:
    _, build, _, offer, state = _offer_position()
    game = state.game
    w, k = divmod(build.space, 3)
    disc = game.disc_text(state.disc)
    size = sum(offer.cards)
    view2 = state.view(2)
    text = render.view_text(view2, width=120)
    assert (
        f"Turn 1: seat 0 builds {disc} on {game.wonder_ids[w]} {k + 1}; seat 2 (you) makes" in text
    )
    assert f"Build in progress: seat 0 builds {disc} on {game.wonder_ids[w]} {k + 1} (" in text
    assert f"▶{disc}" in text  # the disc being built, on its wonder's row
    assert re.search(r"seat 1\s+offer made, face down\n", text)  # seat 2 is still to offer
    active = render.view_text(state.view(0), width=120)
    assert re.search(rf"seat 1\s+face down, {size} cards?\n", active)  # the stack, as at a table
    assert re.search(r"seat 3\s+waiting\n", text)
    assert "seat 2 (you)  deciding..." in text
    assert "Wonder scoring (most/second, others with pieces 3): ▶1:8/4 2:10/5" in text
    assert "Disc sets (discs of one type → points): 1→0 2→5 3→10 4→20" in text
    hand = view2["hand"]["cards"]
    cards = " ".join(f"{c} {t}" for t, c in hand.items() if c)
    total = sum(hand.values())
    assert f"Your hand: {cards} ({total} building cards) · exchange card" in text
    assert "Your action cards: none" in text
    assert (
        f"Draw pile {view2['draw_pile']} · discard pile empty · action cards 15 face down" in text
    )
    for wonder in game.wonder_ids:
        assert wonder in text
    assert "Pyramids of Giza" in text  # wide: the full names too
    assert "Pyramids of Giza" not in render.view_text(view2, width=80).split("Build")[0]
    # the offerer sees its own cards; nobody else does
    own = render.view_text(state.view(1), width=120)
    assert f"your offer: {render.cards_rich(dict(zip(TYPES, offer.cards, strict=True)))}" in own
    assert "your offer" not in render.view_text(state.view(None), width=120)


def test_log_hides_an_offer_from_everyone_but_its_author() -> None:
    _, _, before, offer, state = _offer_position()
    note = render.move_note(before, state, 1, offer, 2)
    size = sum(offer.cards)
    mine = note_plain(note, 1)
    assert mine == f"  2 seat 1: offers {_words(offer.cards)}"
    assert size  # the log reads the same whatever the offer holds
    for viewer in (0, 2, 3, None):
        assert note_plain(note, viewer) == "  2 seat 1: makes a face-down offer"


def note_plain(note: render.MoveNote, viewer: int | None) -> str:
    return render.note_text(note, viewer).plain


def test_reveal_and_resolution_are_logged_for_everyone() -> None:
    game = load_game("tower_of_babel", players=3)
    state = game.new_initial_state(seed=9)
    bots = [make_agent("greedy", s) for s in range(3)]
    notes = []
    while not state.is_terminal() and len(notes) < 400:
        before = state.clone()
        seat = state.current_player
        action = bots[seat].select_action(state, seat)
        state.apply_action(action)
        notes.append(render.move_note(before, state, seat, action, len(notes) + 1))
    assert state.is_terminal()
    lines = [render.note_text(n, None).plain for n in notes]
    assert any("· offers revealed: seat " in line for line in lines)
    assert any(re.search(r" built \d+ \w+.* on [\w ]+, space \d", line) for line in lines)
    assert any(re.search(r"\w+ completed, scored on row 1 \(8/4\)", line) for line in lines)
    assert "game over: final scoring" in lines[-1]
    # finished: the final scoring breakdown and the final row
    view = state.view(None)
    text = render.view_text(view, notes=notes, width=120)
    assert "Game over. " in text
    assert "Final scoring (added to the points before)" in text
    assert "wonders (22/11)  disc sets  five points  disc bonus  total" in text
    assert "▶final:22/11" in text
    assert "Last build: " in text
    assert "Build in progress" not in text
    for s, part in enumerate(view["final"]):
        row = (
            rf"seat {s}\s+\+{part['wonders']}\s+\+{part['set_bonus']}\s+"
            rf"\+{part['five_points']}\s+\+{part['disc_bonus']}\s+{view['players'][s]['score']}\n"
        )
        assert re.search(row, text), row
    assert render.state_text(state).startswith("Game over. ")
    assert str(state) == f"Tower of Babel, 3 players: over; scores {state.scores()}"


def test_help_groups_hundreds_of_offers_into_a_few_lines() -> None:
    game = load_game("tower_of_babel", players=3)
    for seed in range(40):
        state = game.new_initial_state(seed=seed)
        bots = [make_agent("random", s) for s in range(3)]
        while not state.is_terminal():
            legal = state.legal_actions()
            if sum(a.kind == OFFER for a in legal) > 100:
                break
            seat = state.current_player
            state.apply_action(bots[seat].select_action(state, seat))
        else:
            continue
        break
    else:
        pytest.fail("no position with over 100 offers")
    moves = [str(a) for a in legal]
    groups = dict(render.group_moves(state.view(state.current_player), moves))
    assert len(groups) <= 8
    disc = game.disc_text(state.disc)
    assert groups["offer"].endswith(f"({len(moves)} legal offers for {disc})")
    # The limits are read off the legal offers: the largest in all and in matching cards.
    offers = [a.cards for a in legal if a.kind == OFFER]
    need = state.need()
    most = max(map(sum, offers))
    matching = max(sum(c for c, n in zip(cards, need, strict=True) if n) for cards in offers)
    assert most <= sum(need)
    assert groups["offer limits"].startswith(f"at most {most} building cards in all")
    if matching == 0:
        assert ", no matching card;" in groups["offer limits"]
    elif matching < most:
        assert f", at most {matching} matching card" in groups["offer limits"]
    else:
        assert "matching" not in groups["offer limits"]
    assert groups["no offer"] == "offer nothing"
    assert "in all)" in groups["offer with other cards"]
    assert sum(len(v) for v in groups.values()) < 1200


def test_undo_only_for_a_move_that_reveals_nothing() -> None:
    game = load_game("tower_of_babel", players=3)
    state = game.new_initial_state(seed=1)
    state.action_pile.remove(DOUBLE_TURN)  # seat 0 holds a double turn card
    state.actions_held[DOUBLE_TURN] += 1
    before = state.clone()
    state.apply_action(game.parse_action(state, "pass"))
    assert state.view(0)["phase"] == "double"
    assert not before.game.can_undo(before, state)  # a card was drawn
    before = state.clone()
    state.apply_action(game.parse_action(state, "double turn"))
    assert before.game.can_undo(before, state)
    before = state.clone()
    build = next(a for a in state.legal_actions() if a.kind == BUILD)
    state.apply_action(build)
    assert not before.game.can_undo(before, state)
    before = state.clone()
    state.apply_action(state.legal_actions()[0])  # an offer
    assert not before.game.can_undo(before, state)
