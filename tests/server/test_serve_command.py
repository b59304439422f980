"""``ziggurat serve`` runs the real server (uvicorn) and serves the API and the pages."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_starts_and_answers(tmp_path) -> None:
    port = free_port()
    url = f"sqlite:///{tmp_path / 'z.sqlite3'}"
    server = subprocess.Popen(
        [sys.executable, "-m", "ziggurat", "serve", "--port", str(port), "--database-url", url],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz") as response:
                    assert json.load(response) == {"status": "ok", "database": "sqlite"}
                    break
            except OSError:
                assert server.poll() is None, server.stdout.read() if server.stdout else ""
                assert time.monotonic() < deadline, "the server did not come up"
                time.sleep(0.2)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games") as response:
            assert json.load(response)[0]["name"] == "babylonia"
    finally:
        server.terminate()
        server.wait(timeout=20)
    assert server.stdout is not None
    assert f"serving on http://127.0.0.1:{port}/" in server.stdout.read()


def test_serve_refuses_bad_settings() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ziggurat", "serve", "--bot-workers", "0"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2
    assert "--bot-workers must be at least 1" in done.stderr
