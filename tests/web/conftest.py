"""Browser tests: the real server as a subprocess, Debian's Chromium driven by Playwright.

The server runs ``python -m ziggurat serve`` on a free port with an SQLite file in a temporary
folder and ``--bot-delay 0``; the fixtures wait for ``/healthz``. Chromium is the system's
``/usr/bin/chromium`` (never ``playwright install``); the test modules are skipped, with the
reason, only when it is missing.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
ARTIFACTS = Path(os.environ.get("ZIGGURAT_ARTIFACTS") or Path(__file__).parent / "artifacts")

needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason=f"the browser tests need Chromium at {CHROMIUM} (apt install chromium)",
)


def free_port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``ziggurat serve`` in a subprocess; ``restart`` keeps the port and the database."""

    def __init__(self, folder: Path, *flags: str) -> None:
        self.folder = folder
        self.flags = list(flags)  # more ``ziggurat serve`` flags
        self.port = free_port()
        self.database = folder / "z.sqlite3"
        self.log_path = folder / "server.log"
        self.process: subprocess.Popen[bytes] | None = None
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [
            sys.executable,
            "-m",
            "ziggurat",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--database-url",
            f"sqlite:///{self.database}",
            "--bot-delay",
            "0",
            *self.flags,
        ]
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped at start:\n{self.log()}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1) as answer:
                    if json.load(answer).get("status") == "ok":
                        return
            except (OSError, ValueError):
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not answer /healthz within 30 s:\n{self.log()}")

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return "(no log)"

    # A tiny REST client for setting up tables and checking what the pages show.
    def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, json.load(answer)
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def api(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        status, answer = self.request(method, path, body, token)
        assert status < 400, f"{method} {path} -> {status}: {answer!r}"
        return answer

    def create_table(self, seats: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
        """A Babylonia table; the server deals from a secret seed of its own (none is sent)."""
        body = {"game": "babylonia", "options": {"players": len(seats), **options}, "seats": seats}
        return self.api("POST", "/api/tables", body)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the tests that do not restart it."""
    srv = Server(tmp_path_factory.mktemp("server"))
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own, which the test may stop and start again."""
    srv = Server(tmp_path)
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call":
        item.failed_call = report.failed  # type: ignore[attr-defined]
    return report


@pytest.fixture
def new_page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """``new_page(viewport)``: a page in a fresh context (own localStorage), closed after.

    When the test fails, every page's screenshot and text go to the artifacts folder.
    """
    contexts = []

    def make(viewport: dict[str, int] | None = None, **options: Any) -> Any:
        context = browser.new_context(viewport=viewport or LAPTOP, **options)
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        page.errors = []  # type: ignore[attr-defined]
        page.on("pageerror", lambda e: page.errors.append(str(e)))  # type: ignore[attr-defined]
        return page

    yield make
    if getattr(request.node, "failed_call", False):
        from .helpers import dump

        for i, context in enumerate(contexts):
            for j, page in enumerate(context.pages):
                dump(page, f"failed-{request.node.name}-{i}-{j}")
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
