"""Refused requests leave nothing behind (issue 17, problem 2): the real ``ziggurat serve``
answers 10,000 refused requests of every kind, and its memory stays flat.

Before, every distinct option spelling built and kept a whole game before the request was
known to be valid: 3,000 Ishtar layouts of "preset" plus spaces took a server from 96 MB to
4.6 GB.
"""

from __future__ import annotations

import itertools
import json

import httpx2

from .test_serve_command import create_table, start_server

REFUSED = 10_000
GROWTH_LIMIT = 30 * 2**20  # bytes of resident memory the server may gain meanwhile


def rss(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def refused_requests(table_id: str, token: str):
    """An endless mix of requests that must all be refused, each one different."""
    for n in itertools.count():
        kind = n % 8
        if kind == 0:  # an option spelling never seen (normalised to one game, then refused)
            layout = "preset" + " " * (n % 1500)
            yield "POST", "/api/tables", {
                "game": "ishtar",
                "options": {"players": 2, "layout": layout},
                "seats": [{"kind": "human"}],
            }, None, 422
        elif kind == 1:  # a custom layout that is not one
            yield "POST", "/api/tables", {
                "game": "ishtar",
                "options": {"layout": f"X0=B1A{n + 6} X1 Y0 Y1"},
                "seats": [{"kind": "human"}, {"kind": "human"}],
            }, None, 422
        elif kind == 2:
            yield "POST", f"/api/tables/nope{n}/actions", {
                "seat": 0, "action": "end", "version": 0,
            }, None, 404  # fmt: skip
        elif kind == 3:
            yield "GET", f"/api/tables/{'x' * (n % 40)}{n}/view?seat=0", None, None, 404
        elif kind == 4:
            yield "POST", f"/api/tables/{table_id}/actions", {
                "seat": 0, "action": f"M{n + 90},{n}", "version": 0,
            }, token, 422  # fmt: skip
        elif kind == 5:
            yield "POST", f"/api/tables/{table_id}/actions", {
                "seat": 0, "action": "end", "version": n,
            }, token, 409  # fmt: skip
        elif kind == 6:
            yield "POST", f"/api/tables/{table_id}/actions", {
                "seat": 0, "action": "end", "version": 0,
            }, f"wrong{n}", 403  # fmt: skip
        else:
            yield "POST", "/api/tables", "x" * (70_000 + n), None, 413


def send(http: httpx2.Client, request) -> None:
    method, path, body, token, status = request
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if isinstance(body, str):
        response = http.request(method, path, content=body.encode(), headers=headers)
    else:
        response = http.request(method, path, json=body, headers=headers)
    assert response.status_code == status, (path, response.text[:200])
    assert len(response.content) < 1000, "an error quotes a short prefix of the input"


def test_memory_stays_flat_under_ten_thousand_refused_requests(database_url) -> None:
    server, port = start_server("--database-url", database_url, "--bot-delay", "0")
    try:
        made = create_table(port, [{"kind": "human"}, {"kind": "human"}])
        table_id, token = made["table"]["id"], made["invites"][0]["token"]
        requests = refused_requests(table_id, token)
        with httpx2.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
            for _ in range(800):  # warm up: every code path and cache in use
                send(http, next(requests))
            before = rss(server.pid)
            for _ in range(REFUSED):
                send(http, next(requests))
            after = rss(server.pid)
            listing = http.get("/api/tables").json()["tables"]
        assert [t["id"] for t in listing] == [table_id]  # nothing was created
        assert json.dumps(listing).count("preset") == 0
        assert after - before < GROWTH_LIMIT, f"grew by {(after - before) / 2**20:.1f} MB"
    finally:
        server.terminate()
        server.wait(timeout=30)
