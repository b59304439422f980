"""Game records: save, load, exact replay, and clear refusals of damaged records."""

import json
import random
from pathlib import Path

import pytest

import ziggurat
from ziggurat.agents import make_agent
from ziggurat.core.records import (
    GameRecord,
    GameResult,
    RecordedAction,
    load_record,
    record_from_json,
    replay,
    replay_states,
)
from ziggurat.core.registry import game_class, game_names
from ziggurat.core.undo import UndoRefused, check_undo


def play(players: int = 3, seed: int = 5) -> tuple[GameRecord, object]:
    game = ziggurat.load_game("babylonia", players=players)
    state = game.new_initial_state(seed=seed)
    agents = [make_agent("greedy" if s == 0 else "random", seed + s) for s in range(players)]
    record = GameRecord.start(game, seed, [a.name for a in agents])
    while not state.is_terminal():
        seat = state.current_player
        action = agents[seat].select_action(state, seat)
        state.apply_action(action)
        record.add(seat, action, state)
    return record, state


def test_record_round_trip_replays_exactly(tmp_path: Path) -> None:
    record, final = play()
    assert record.result is not None
    assert record.result.scores == final.scores()
    path = tmp_path / "game.json"
    record.save(path)
    loaded = load_record(path)
    assert loaded == record
    again = replay(loaded)
    assert again.to_json() == final.to_json()
    states = list(replay_states(loaded))
    assert len(states) == len(record.actions) + 1
    assert states[0].turn_number == 0


def test_a_tampered_action_is_named(tmp_path: Path) -> None:
    record, _ = play(players=2)
    data = record.to_json()
    data["actions"][3]["action"] = "M99,99"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ziggurat.RecordError, match=r"action 4 \(M99,99\) does not replay"):
        replay(load_record(path))


def test_an_action_recorded_for_the_wrong_seat_is_refused() -> None:
    record, _ = play(players=2)
    record.actions[0].seat = 1 - record.actions[0].seat
    with pytest.raises(ziggurat.RecordError, match=r"action 1 .* is recorded for seat"):
        replay(record)


def test_other_component_data_is_refused() -> None:
    record, _ = play(players=2)
    record.data_version = "0000000000000000"
    with pytest.raises(ziggurat.RecordError, match="component data version 0000000000000000"):
        replay(record)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not valid JSON"),
        ('{"game": "babylonia"}', "field options: Field required"),
        (
            '{"game": "babylonia", "options": {}, "data_version": "x", "seed": "s", "seats": []}',
            "field seed",
        ),
    ],
)
def test_corrupt_record_files(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "r.json"
    path.write_text(text)
    with pytest.raises(ziggurat.RecordError, match=message):
        load_record(path)


def test_seat_names_must_match_players() -> None:
    game = ziggurat.load_game("babylonia", players=2)
    with pytest.raises(ziggurat.RecordError, match="3 seat names given for 2 players"):
        GameRecord.start(game, 1, ["a", "b", "c"])


# --------------------------------------------------------------------------- take-backs


def undo_record(*entries: tuple[str, int]) -> GameRecord:
    """A record of seed 7 (3 players, seat 0 starts, no first-round limit; seat 0's stand is
    M M P P F) with ``entries`` as its actions."""
    game = ziggurat.load_game("babylonia", players=3, start_player=0, first_round_limit=False)
    record = GameRecord.start(game, 7, ["Ann", "Bob", "Cy"])
    for action, seat in entries:
        record.actions.append(RecordedAction(action=action, seat=seat))
    return record


def test_a_take_back_is_kept_and_replays_to_the_moves_left_standing() -> None:
    record = undo_record(("P13,7", 0), ("undo", 0), ("M13,7", 0), ("undo", 0), ("M13,7", 0))
    assert [m.action for m in record.moves()] == ["M13,7"]
    standing = undo_record(("M13,7", 0))
    assert replay(record).to_json() == replay(standing).to_json()
    # the states are those of the moves standing: the initial position, then after M13,7
    assert len(list(replay_states(record))) == 2
    loaded = record_from_json(json.loads(json.dumps(record.to_json())))
    assert [a.action for a in loaded.actions] == ["P13,7", "undo", "M13,7", "undo", "M13,7"]


def test_add_undo_keeps_the_move_and_clears_the_result() -> None:
    record = undo_record(("P13,7", 0))
    record.result = GameResult(scores=[0, 0, 0], winners=[0])
    record.add_undo(0)
    assert [(a.action, a.seat) for a in record.actions] == [("P13,7", 0), ("undo", 0)]
    assert record.result is None and record.moves() == []


@pytest.mark.parametrize(
    ("entries", "reason"),
    [
        ([("undo", 0)], r"entry 1 \(undo\) does not replay: seat 0 has no move to take back"),
        (
            [("P13,7", 0), ("undo", 1)],
            r"entry 2 \(undo\) does not replay: the last move was seat 0's: seat 1 may take "
            r"back only its own",
        ),
        (
            # two nobles end seat 0's turn: the stand is refilled from the bag
            [("P13,7", 0), ("M17,15", 0), ("undo", 0)],
            r"entry 3 \(undo\) does not replay: seat 0's last move cannot be taken back",
        ),
        (
            [("P13,7", 0), ("undo", 0), ("undo", 0)],
            r"entry 3 \(undo\) does not replay: seat 0 has no move to take back",
        ),
    ],
)
def test_a_take_back_the_rules_refuse_is_named(entries: list, reason: str) -> None:
    with pytest.raises(ziggurat.RecordError, match=reason):
        replay(undo_record(*entries))


@pytest.mark.parametrize("name", game_names())
def test_random_games_with_take_backs_replay_exactly(name: str) -> None:
    """Random games of every game in which each move the rules let be taken back is taken
    back half the time: the record, every entry kept, replays to the very position."""
    players = game_class(name).player_counts
    taken_back = 0
    for seed in range(3):
        game = ziggurat.load_game(name, players=players[seed % len(players)])
        rng = random.Random(seed)
        state = game.new_initial_state(seed=seed)
        record = GameRecord.start(game, seed, [f"P{s}" for s in range(game.num_players)])
        history: list[tuple[int, object]] = []  # (seat, state before) of each move standing
        while not state.is_terminal() and len(record.actions) < 400:
            seat = state.current_player
            if history and rng.random() < 0.5:
                last_seat, before = history[-1]
                try:
                    check_undo(game, seat, last_seat, before, state)
                except UndoRefused:
                    pass
                else:
                    state = before
                    history.pop()
                    record.add_undo(seat)
                    taken_back += 1
                    continue
            action = rng.choice(state.legal_actions())
            history.append((seat, state.clone()))
            state.apply_action(action)
            record.add(seat, action, state)
        again = record_from_json(json.loads(json.dumps(record.to_json())))
        assert replay(again).to_json() == state.to_json()
        assert len(list(replay_states(again))) == len(again.moves()) + 1
    if name != "tower_of_babel":  # its one move that may be taken back is rare
        assert taken_back > 3
