"""The installed wheel the tests here share: built once from a clean copy of the checkout,
installed with its dependencies into a fresh virtual environment outside it (see
``test_installed_wheel.py`` for why)."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import pytest

CHECKOUT = Path(__file__).resolve().parents[2]
SOURCE = CHECKOUT / "src" / "ziggurat"
BUILD_TIMEOUT = 300  # seconds: the isolated build installs the pinned setuptools first
INSTALL_TIMEOUT = 600  # the wheel's dependencies, from pip's cache or PyPI


@dataclass(frozen=True)
class Installed:
    wheel: Path
    venv: Path
    work: Path  # the folder outside the checkout that the installed programs run in

    @property
    def python(self) -> Path:
        return self.venv / "bin" / "python"

    @property
    def ziggurat(self) -> Path:
        return self.venv / "bin" / "ziggurat"

    def env(self) -> dict[str, str]:
        """The environment of the installed programs: nothing points back at the checkout
        (no PYTHONPATH, no active virtual environment, no ziggurat settings of the caller), and
        the user data folder is a temporary one."""
        env = {
            key: value
            for key, value in os.environ.items()
            if key not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP"}
            and not key.startswith("ZIGGURAT_")
        }
        env["PATH"] = f"{self.venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
        env["XDG_DATA_HOME"] = str(self.work / "data")
        return env


def _run(command: list[str | Path], *, timeout: float, **kwargs: Any) -> str:
    """Run ``command``; fail the test with its output if it fails or runs out of time."""
    try:
        done = subprocess.run(
            [str(part) for part in command],
            capture_output=True,
            text=True,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
            **kwargs,
        )
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"{command} did not finish in {timeout} s:\n{exc.stdout}\n{exc.stderr}")
    if done.returncode != 0:
        pytest.fail(f"{command} exited {done.returncode}:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def _copy_sources(target: Path) -> None:
    """What the build reads: the top-level files (pyproject.toml, README.md, any licence or
    manifest) and ``src/``, without caches and without earlier build output."""
    target.mkdir()
    for path in CHECKOUT.iterdir():
        if path.is_file():
            shutil.copy2(path, target / path.name)
    shutil.copytree(
        CHECKOUT / "src",
        target / "src",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build", "dist"),
    )


def _build_and_install(root: Path) -> Installed:
    assert not root.resolve().is_relative_to(CHECKOUT), f"{root} is inside the checkout"
    _copy_sources(root / "source")
    dist = root / "dist"
    _run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", dist, root / "source"],
        timeout=BUILD_TIMEOUT,
        cwd=root,
    )
    (wheel,) = dist.glob("ziggurat-*.whl")
    venv = root / "venv"
    _run([sys.executable, "-m", "venv", venv], timeout=120, cwd=root)
    work = root / "work"
    (work / "data").mkdir(parents=True)
    installed = Installed(wheel=wheel, venv=venv, work=work)
    pip_env = {k: v for k, v in installed.env().items() if k != "XDG_DATA_HOME"}
    _run(
        [installed.python, "-m", "pip", "install", "-q", "--disable-pip-version-check", wheel],
        timeout=INSTALL_TIMEOUT,
        cwd=work,
        env=pip_env,
    )
    return installed


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None:
        yield _build_and_install(tmp_path_factory.mktemp("installed-wheel"))
        return
    # Under xdist every worker has its own basetemp inside one folder of this run: the first
    # worker here builds and installs, the others wait for it and use the same environment.
    shared = tmp_path_factory.getbasetemp().parent / "installed-wheel"
    lock = tmp_path_factory.getbasetemp().parent / "installed-wheel.lock"
    with lock.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            record = shared / "installed.json"
            if record.exists():
                result = Installed(
                    **{k: Path(v) for k, v in json.loads(record.read_text()).items()}
                )
            else:
                shutil.rmtree(shared, ignore_errors=True)  # a worker's failed attempt
                shared.mkdir()
                result = _build_and_install(shared)
                record.write_text(json.dumps(asdict(result), default=str))
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
    yield result


