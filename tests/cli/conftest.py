"""Run ``ziggurat.cli.main`` in-process with scripted stdin, as a person or a script would."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from ziggurat.cli import main


@dataclass
class Run:
    code: int
    out: str
    err: str


RunCli = Callable[..., Run]


@pytest.fixture
def run_cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> RunCli:
    """``run_cli("play", "babylonia", ..., stdin="1\\nq\\n")`` -> exit code, stdout, stderr.

    stdin is a StringIO, so the command sees piped (non-TTY) input exactly as from a script.
    """
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.delenv("FORCE_COLOR", raising=False)

    def run(*argv: str, stdin: str = "") -> Run:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        code = main(list(argv))
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run
