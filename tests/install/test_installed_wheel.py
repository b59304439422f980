"""The wheel, installed outside the checkout, has every game, the server and its web pages.

Why: the rest of the suite runs on the editable install, which reads every file straight from
``src/``, so a file that ``[tool.setuptools.package-data]`` leaves out of the wheel goes unseen
there. That hid issue 15: an installed ziggurat had Babylonia's component data only, and
``load_game`` failed for the three other games with "cannot read data file".

So this module builds the wheel with ``python -m build --wheel`` from a clean copy of the
checkout (its top-level files and ``src/``, without ``build/`` or ``*.egg-info``, whose stale
file lists could put a file in the wheel that the configuration leaves out, and without writing
into the checkout others work in), installs it with its dependencies into a fresh virtual
environment in a temporary folder, and then, from a folder outside the checkout with
``PYTHONPATH`` unset, checks that:

- the wheel holds every file under ``src/ziggurat``;
- every game of the registry loads and plays a seeded random game to the end at every player
  count it declares;
- the installed ``ziggurat serve`` serves the lobby, a table page of every game, their scripts
  and styles and each game's browser module, and stops on SIGTERM.

One wheel and one environment (``conftest.py``) serve the whole run; under pytest-xdist the
workers share them (the first builds while the others wait on a file lock). ``.ci/run`` runs
this module as part of the README test command.

The folder is named ``install`` and not ``packaging``: a test folder of that name would be
imported as ``packaging`` and hide the real library (which matplotlib, pip and build import).
"""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ziggurat.core.registry import game_names

from .conftest import CHECKOUT, SOURCE, Installed, _run

PLAY_TIMEOUT = 180
SERVER_START_TIMEOUT = 60
HTTP_TIMEOUT = 30
SEED = 15
MOVE_LIMIT = 20_000  # far above the longest random game; a game that runs past it is stuck


def test_the_wheel_holds_every_file_of_the_package(installed: Installed) -> None:
    """Everything under src/ziggurat is code or a file the code reads at run time (component
    data, web pages, migrations), so all of it ships."""
    with zipfile.ZipFile(installed.wheel) as wheel:
        shipped = set(wheel.namelist())
    source = {
        path.relative_to(SOURCE.parent).as_posix()
        for path in SOURCE.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }
    assert sorted(source - shipped) == []


PLAY_EVERY_GAME = """
import json, random, sys
import ziggurat
from ziggurat.core.registry import game_names, load_game

seed, limit = int(sys.argv[1]), int(sys.argv[2])
report = {"file": ziggurat.__file__, "games": [], "failures": []}
for name in game_names():
    try:
        counts = load_game(name).player_counts
    except Exception as exc:
        report["failures"].append(f"{name}: load_game: {type(exc).__name__}: {exc}")
        continue
    for players in counts:
        try:
            game = load_game(name, players=players)
            state = game.new_initial_state(seed=seed)
            rng = random.Random(seed)
            moves = 0
            while not state.is_terminal():
                if moves == limit:
                    raise RuntimeError(f"no end after {limit} moves")
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
            json.dumps(state.view(None))
            for seat in range(players):  # the observation encoders ship too (numpy is a dependency)
                if state.observation_tensor(seat).shape != game.observation_shape:
                    raise RuntimeError(f"seat {seat}'s observation is not {game.observation_shape}")
            report["games"].append(
                {"game": name, "players": players, "moves": moves, "winners": state.winners()}
            )
        except Exception as exc:
            report["failures"].append(f"{name}, {players} players: {type(exc).__name__}: {exc}")
print(json.dumps(report))
"""


def test_every_game_plays_at_every_player_count_from_the_wheel(installed: Installed) -> None:
    out = _run(
        [installed.python, "-c", PLAY_EVERY_GAME, str(SEED), str(MOVE_LIMIT)],
        timeout=PLAY_TIMEOUT,
        cwd=installed.work,
        env=installed.env(),
    )
    report = json.loads(out)
    module = Path(report["file"]).resolve()
    assert module.is_relative_to(installed.venv.resolve()), module
    assert not module.is_relative_to(CHECKOUT), module
    assert report["failures"] == []
    played = [entry["game"] for entry in report["games"]]
    assert sorted(set(played)) == sorted(game_names())
    for entry in report["games"]:
        assert entry["moves"] > 0 and entry["winners"], entry


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    """Plain HTTP to the server under test, on the loopback address only."""

    def __init__(self, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}"

    def get(self, path: str, token: str | None = None) -> tuple[int, str, str]:
        """``(status, content type, body)``."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        request = urllib.request.Request(urllib.parse.urljoin(self.base, path), headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=HTTP_TIMEOUT) as response:
                body = response.read().decode()
                return response.status, response.headers.get("Content-Type", ""), body
        except urllib.error.HTTPError as exc:
            return exc.code, exc.headers.get("Content-Type", ""), exc.read().decode()

    def post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            urllib.parse.urljoin(self.base, path),
            method="POST",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=HTTP_TIMEOUT) as response:
                assert response.status == 201, path
                return json.load(response)
        except urllib.error.HTTPError as exc:
            pytest.fail(f"POST {path} {body}: {exc.code} {exc.read().decode()}")


@pytest.fixture
def server(installed: Installed, tmp_path: Path) -> Iterator[Client]:
    """The installed ``ziggurat serve`` on a free loopback port, with a database of its own."""
    port = _free_port()
    log_path = tmp_path / "server.log"
    database = f"sqlite:///{tmp_path / 'ziggurat.sqlite3'}"
    command = [
        installed.ziggurat,
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--database-url",
        database,
        "--bot-delay",
        "0",
    ]
    with log_path.open("w") as log:
        process = subprocess.Popen(
            [str(part) for part in command],
            cwd=installed.work,
            env=installed.env(),
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    client = Client(port)
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while True:
            try:
                status, _, body = client.get("/healthz")
                if status == 200:
                    assert json.loads(body) == {"status": "ok", "database": "sqlite"}
                    break
            except OSError:
                pass
            assert process.poll() is None, f"the server exited:\n{log_path.read_text()}"
            assert time.monotonic() < deadline, f"no /healthz:\n{log_path.read_text()}"
            time.sleep(0.2)
        yield client
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
        try:
            code = process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
            pytest.fail(f"the server did not stop on SIGTERM:\n{log_path.read_text()}")
    output = log_path.read_text()
    # uvicorn shuts down gracefully on SIGTERM, then raises the signal again with its default
    # handler, so that the exit status tells how the server was stopped
    assert code in (0, -signal.SIGTERM), output
    assert "Traceback" not in output, output


ASSET = re.compile(r'(?:src|href)="(/static/[^"]+)"')
JS_IMPORT = re.compile(r"""\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']""")
TYPES = {".js": "javascript", ".css": "text/css", ".svg": "image/svg+xml"}


def _check_page(client: Client, path: str, marker: str, token: str | None = None) -> None:
    """The page is HTML with ``marker``, and each script, style and icon it names loads,
    with every module those scripts import."""
    status, kind, body = client.get(path, token)
    assert status == 200 and kind.startswith("text/html"), (path, status, body[:300])
    assert marker in body, path
    assets = ASSET.findall(body)
    assert any(a.endswith(".js") for a in assets) and any(a.endswith(".css") for a in assets)
    _check_assets(client, assets)


def _check_assets(client: Client, paths: list[str]) -> None:
    seen: set[str] = set()
    todo = list(paths)
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        status, kind, body = client.get(path)
        assert status == 200, (path, status, body[:300])
        suffix = Path(urllib.parse.urlparse(path).path).suffix
        assert TYPES.get(suffix, "") in kind, (path, kind)
        if suffix == ".js":
            for match in JS_IMPORT.finditer(body):
                target = match.group(1) or match.group(2)
                todo.append(urllib.parse.urlparse(urllib.parse.urljoin(path, target)).path)


def test_the_installed_server_serves_the_lobby_and_every_game(server: Client) -> None:
    _check_page(server, "/", "<title>ziggurat · lobby</title>")
    status, _, body = server.get("/api/games")
    assert status == 200, body
    games = json.loads(body)
    assert [game["name"] for game in games] == game_names()
    for game in games:
        players = game["players"][0]
        seats = [{"kind": "human", "name": "Ann"}] + [
            {"kind": "bot", "agent": "random"} for _ in range(players - 1)
        ]
        made = server.post(
            "/api/tables",
            {"game": game["name"], "options": {"players": players}, "seats": seats},
        )
        (invite,) = made["invites"]
        table_id = made["table"]["id"]
        assert invite["url"].startswith(f"/table/{table_id}?")
        _check_page(server, invite["url"], 'src="/static/table.js"')
        status, _, body = server.get(f"/api/tables/{table_id}/view?seat=0", invite["token"])
        assert status == 200, body
        assert json.loads(body)["table"]["game"] == game["name"]
        # table.js imports the game's board drawing as ./games/<name>.js
        _check_assets(server, [f"/static/games/{game['name']}.js"])
