"""Post-game analysis at the server: searched in the bot workers, the very result the
library gives for the record, stored with the table, resumed after a restart, and refused
where it must be."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

from ziggurat.agents.analysis import analyze
from ziggurat.core.records import record_from_json
from ziggurat.server import analyses

from .conftest import create, make_client, wait_for


def quick(url: str):
    """The easy search judges here: the same code as medium, five times fewer iterations."""
    return make_client(url, advice_strength="easy")


def finished_table(client) -> str:
    made = create(
        client, [{"kind": "bot", "agent": "greedy"}, {"kind": "bot", "agent": "random"}]
    )
    table_id = made["table"]["id"]
    wait_for(client, table_id, lambda p: p["table"]["status"] == "finished")
    return table_id


def wait_done(client, table_id: str, seat: int, timeout: float = 180.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        status = client.get(f"/api/tables/{table_id}/analysis?seat={seat}").json()
        if status["status"] != "running":
            return status
        assert time.monotonic() < deadline, status
        time.sleep(0.2)


def test_an_analysis_is_the_librarys_for_the_record_and_is_kept(database_url) -> None:
    with quick(database_url) as client:
        table_id = finished_table(client)
        started = client.post(f"/api/tables/{table_id}/analysis", json={"seat": 1})
        assert started.status_code == 202, started.text
        first = started.json()
        assert first["status"] == "running" and first["strength"] == "easy"
        assert 0 <= first["done"] <= first["total"] and first["total"] > 5
        done = wait_done(client, table_id, 1)
        assert done["status"] == "done" and done["done"] == done["total"]
        result = done["result"]
        record = record_from_json(client.get(f"/api/tables/{table_id}/record").json())
        assert result == analyze(record, 1, strength="easy", seed=result["seed"])
        assert result["worst"]  # random lost somewhere
        again = client.post(f"/api/tables/{table_id}/analysis", json={"seat": 1})
        assert again.status_code == 200 and again.json() == done
    with quick(database_url) as client:  # stored with the table
        assert client.get(f"/api/tables/{table_id}/analysis?seat=1").json() == done


def test_an_analysis_cut_short_goes_on_after_a_restart(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'z.sqlite3'}"
    with quick(url) as client:
        table_id = finished_table(client)
        client.post(f"/api/tables/{table_id}/analysis", json={"seat": 0})
        deadline = time.monotonic() + 120
        while client.get(f"/api/tables/{table_id}/analysis?seat=0").json()["done"] < 2:
            assert time.monotonic() < deadline
            time.sleep(0.1)
    with quick(url) as client:
        partial = client.get(f"/api/tables/{table_id}/analysis?seat=0").json()
        assert partial["done"] >= 2
        done = wait_done(client, table_id, 0)
        record = record_from_json(client.get(f"/api/tables/{table_id}/record").json())
        seed = done["result"]["seed"]
        assert done["result"] == analyze(record, 0, strength="easy", seed=seed)


def test_what_cannot_be_analysed_is_refused(database_url, monkeypatch) -> None:
    with quick(database_url) as client:
        refusals(client, monkeypatch)


def refusals(client, monkeypatch) -> None:
    running = create(client, [{"kind": "human"}, {"kind": "human"}])["table"]["id"]
    table_id = finished_table(client)
    cases = [
        (client.post(f"/api/tables/{running}/analysis", json={"seat": 0}), 409, "game_not_over"),
        (client.post(f"/api/tables/{table_id}/analysis", json={"seat": 5}), 404, "no_such_seat"),
        (client.post("/api/tables/nosuch/analysis", json={"seat": 0}), 404, "no_such_table"),
        (client.post(f"/api/tables/{table_id}/analysis", json={}), 400, "bad_request"),
        (client.get(f"/api/tables/{table_id}/analysis?seat=0"), 404, "no_analysis"),
        (client.get(f"/api/tables/{table_id}/analysis"), 400, "bad_request"),
    ]
    for response, status, code in cases:
        assert response.status_code == status, response.text
        assert response.json()["error"] == code and response.json()["message"]
    monkeypatch.setattr(analyses, "ANALYSES_AT_ONCE", 1)
    assert client.post(f"/api/tables/{table_id}/analysis", json={"seat": 0}).status_code == 202
    crowded = client.post(f"/api/tables/{table_id}/analysis", json={"seat": 1})
    assert crowded.status_code == 429 and crowded.json()["error"] == "too_many_analyses"


def test_two_requests_racing_to_start_one_analysis_start_it_once(tmp_path, monkeypatch) -> None:
    """Both requests pass the "is it running?" check before either has started the work
    (a barrier holds each inside the listing of the decisions until the other arrives): the
    second still finds the first's task, and the analysis runs once."""
    listing = analyses.decisions
    both_in = threading.Barrier(2, timeout=30)

    def held(record, seat):
        both_in.wait()
        return listing(record, seat)

    runs = []
    run = analyses.Analyses._run

    def counted(self, key, row, record, todo):
        runs.append(key)
        run(self, key, row, record, todo)

    with quick(f"sqlite:///{tmp_path / 'z.sqlite3'}") as client:
        table_id = finished_table(client)
        monkeypatch.setattr(analyses, "decisions", held)
        monkeypatch.setattr(analyses.Analyses, "_run", counted)

        def ask():
            return client.post(f"/api/tables/{table_id}/analysis", json={"seat": 1})

        with ThreadPoolExecutor(2) as pool:
            answers = [f.result() for f in [pool.submit(ask), pool.submit(ask)]]
        assert [a.status_code for a in answers] == [202, 202], [a.text for a in answers]
        assert runs == [(table_id, 1)]
        assert wait_done(client, table_id, 1)["status"] == "done"
