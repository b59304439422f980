"""Server settings, from the command line or the environment."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

DATABASE_ENV = "ZIGGURAT_DATABASE_URL"


def default_database_url() -> str:
    """An SQLite file in the user's data folder: embedded, nothing to set up."""
    folder = Path(platformdirs.user_data_dir("ziggurat"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'ziggurat.sqlite3'}"


BOT_DELAY_ENV = "ZIGGURAT_BOT_DELAY"
BOT_WORKERS_ENV = "ZIGGURAT_BOT_WORKERS"


@dataclass(frozen=True)
class Settings:
    database_url: str = field(
        default_factory=lambda: os.environ.get(DATABASE_ENV) or default_database_url()
    )
    bot_delay: float = 0.8  # seconds before a bot moves, so that people can follow
    bot_workers: int = 1  # worker processes for bot decisions

    @classmethod
    def from_env(cls) -> Settings:
        """Settings as ``ziggurat serve`` hands them to each server process."""
        return cls(
            bot_delay=float(os.environ.get(BOT_DELAY_ENV, "0.8")),
            bot_workers=int(os.environ.get(BOT_WORKERS_ENV, "1")),
        )

    def to_env(self) -> None:
        os.environ[DATABASE_ENV] = self.database_url
        os.environ[BOT_DELAY_ENV] = str(self.bot_delay)
        os.environ[BOT_WORKERS_ENV] = str(self.bot_workers)
