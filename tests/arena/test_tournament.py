"""Tournaments end to end: result files, records, resume, the process pool and Ray."""

import json

import pytest

from ziggurat.arena import Plan, run_tournament
from ziggurat.arena.play import play_game
from ziggurat.arena.results import load_results
from ziggurat.core.errors import RecordError
from ziggurat.core.records import load_record, replay


def plan(games: int = 4, seed: int = 11) -> Plan:
    return Plan("babylonia", ["greedy", "random"], games=games, seed=seed, options={"players": 2})


def by_index(results) -> dict[int, tuple]:
    return {r.index: (r.seed, r.seats, r.scores, r.winners) for r in results.results}


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The 4-game tournament played in this process, one game after another."""
    out = tmp_path_factory.mktemp("reference") / "results.json"
    return run_tournament(plan(), out, jobs=1)


def test_every_game_is_stored_with_its_seed_seating_and_result(reference, tmp_path) -> None:
    games = reference.results
    assert [g.index for g in games] == [0, 1, 2, 3]
    assert [g.seed for g in games] == [11, 11, 12, 12]
    assert [g.seats for g in games] == [["greedy", "random"], ["random", "greedy"]] * 2
    for g in games:
        assert g.ranks == [1 if s in g.winners else 2 for s in range(2)]
        assert sum(g.decisions) > 20 and g.longest_decision[0] >= 0
    summary = reference.summary
    assert summary is not None and summary["games"] == 4
    assert [e["label"] for e in summary["entrants"]] == ["greedy", "random"]
    assert summary["entrants"][0]["wins"] == 4  # greedy against random, every time


def test_a_game_replays_alone_from_its_task(reference) -> None:
    again = play_game(plan().task(3))
    stored = reference.results[3]
    assert (again["scores"], again["winners"]) == (stored.scores, stored.winners)


def test_the_process_pool_plays_the_same_games(reference, tmp_path) -> None:
    pooled = run_tournament(plan(), tmp_path / "pooled.json", jobs=2)
    assert by_index(pooled) == by_index(reference)


def test_records_on_request_replay_to_the_stored_result(tmp_path) -> None:
    results = run_tournament(plan(games=2), tmp_path / "r.json", records=tmp_path / "records")
    for game in results.results:
        assert game.record == f"game-{game.index:05d}.json"
        record = load_record(tmp_path / "records" / game.record)
        assert record.seats == game.seats and record.seed == game.seed
        assert replay(record).scores() == game.scores


def test_an_interrupted_tournament_resumes_where_it_stopped(reference, tmp_path) -> None:
    out = tmp_path / "results.json"
    stored = []

    def stop_after_two(outcome) -> None:
        stored.append(outcome.index)
        if len(stored) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_tournament(plan(), out, on_game=stop_after_two)
    assert [r.index for r in load_results(out).results] == [0, 1]
    played = []
    resumed = run_tournament(plan(), out, resume=True, on_game=lambda o: played.append(o.index))
    assert played == [2, 3]  # only what was missing
    assert by_index(resumed) == by_index(reference)
    assert untimed(resumed.summary) == untimed(reference.summary)
    data = json.loads(out.read_text())
    data["updated"] = "2000-01-01T00:00:00+00:00"  # a stamp no run today can write
    out.write_text(json.dumps(data, indent=1) + "\n")
    finished = out.read_bytes()
    run_tournament(plan(), out, resume=True, on_game=lambda o: played.append(o.index))
    assert played == [2, 3] and out.read_bytes() == finished  # nothing left: file untouched


TIMINGS = ("mean_decision_seconds", "longest_decision_seconds")


def untimed(summary) -> list[dict]:
    """The summary's entrants without thinking times, which differ from run to run."""
    return [{k: v for k, v in e.items() if k not in TIMINGS} for e in summary["entrants"]]


def test_an_existing_file_is_not_overwritten_without_resume(reference, tmp_path) -> None:
    out = tmp_path / "results.json"
    run_tournament(plan(games=2), out)
    with pytest.raises(RecordError, match="exists; pass --resume"):
        run_tournament(plan(games=2), out)


def test_resume_refuses_another_tournament(tmp_path) -> None:
    out = tmp_path / "results.json"
    run_tournament(plan(games=2), out)
    with pytest.raises(RecordError, match="result file has seed 11 but this tournament has 12"):
        run_tournament(plan(games=2, seed=12), out, resume=True)
    other = Plan("babylonia", ["random", "greedy"], games=2, seed=11, options={"players": 2})
    with pytest.raises(RecordError, match="agents"):
        run_tournament(other, out, resume=True)


def test_a_damaged_result_file_is_named(tmp_path) -> None:
    out = tmp_path / "results.json"
    out.write_text("{not json")
    with pytest.raises(RecordError, match="is not a JSON result file"):
        run_tournament(plan(), out, resume=True)
    data = {"format": 1, "game": "babylonia", "options": {}, "agents": [], "seed": 0}
    out.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="field games"):
        run_tournament(plan(), out, resume=True)


def test_a_local_ray_instance_plays_the_same_games(reference, tmp_path) -> None:
    pytest.importorskip("ray")
    on_ray = run_tournament(plan(), tmp_path / "ray.json", jobs=2, backend="ray")
    assert by_index(on_ray) == by_index(reference)
