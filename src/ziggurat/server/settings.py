"""Server settings, from the command line or the environment.

Every setting is checked when a :class:`Settings` is made, so a bad value is refused when the
server starts (``ziggurat serve`` reports it as a usage error, exit code 2) rather than found
later at a table. :meth:`Settings.from_env` and :meth:`Settings.to_env` hand the settings to
the server processes of ``ziggurat serve --workers N``; they read and write every field.
"""

from __future__ import annotations

import math
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
BOT_MOVE_BUDGET_ENV = "ZIGGURAT_BOT_MOVE_BUDGET"
BOT_MOVE_GRACE_ENV = "ZIGGURAT_BOT_MOVE_GRACE"
BOT_QUEUE_LIMIT_ENV = "ZIGGURAT_BOT_QUEUE_LIMIT"
OPEN_TABLES_ENV = "ZIGGURAT_OPEN_TABLES_PER_CREATOR"
BOT_TABLES_ENV = "ZIGGURAT_BOT_TABLES_PER_CREATOR"
TABLES_IN_MEMORY_ENV = "ZIGGURAT_TABLES_IN_MEMORY"
ABANDON_AFTER_ENV = "ZIGGURAT_ABANDON_AFTER_DAYS"
CLOCK_CHECK_ENV = "ZIGGURAT_CLOCK_CHECK_INTERVAL"
SESSION_DAYS_ENV = "ZIGGURAT_SESSION_DAYS"
REGISTRATION_ENV = "ZIGGURAT_REGISTRATION"
REGISTRATION_CHOICES = ("open", "closed")
ADVICE_STRENGTH_ENV = "ZIGGURAT_ADVICE_STRENGTH"
ADVICE_STRENGTHS = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Bound:
    """The values a numeric setting allows: ``low`` to ``high``; ``low`` itself only when
    ``low_allowed`` (a time budget of 0 would leave no time to think at all)."""

    low: float
    high: float
    unit: str
    low_allowed: bool = True

    def problem(self, value: float) -> str | None:
        """Why ``value`` is refused, or None when it is allowed."""
        low_ok = value >= self.low if self.low_allowed else value > self.low
        if math.isfinite(value) and low_ok and value <= self.high:
            return None
        low, high = _number(self.low), _number(self.high)
        least = f"at least {low}" if self.low_allowed else f"more than {low}"
        return f"must be {least} and at most {high}{self.unit}, not {_number(value)}"


def _number(value: float) -> str:
    """``1000000`` rather than ``1e+06``; ``0.5`` as it is."""
    return str(int(value)) if math.isfinite(value) and float(value).is_integer() else f"{value:g}"


# The ranges of the numeric settings, by field name. The upper ends only stop values that are
# surely typing mistakes (a budget of an hour per move, a million worker processes).
BOUNDS: dict[str, Bound] = {
    "bot_delay": Bound(0, 3600, " seconds"),
    "bot_workers": Bound(1, 256, " worker processes"),
    "bot_move_budget": Bound(0, 600, " seconds", low_allowed=False),
    "bot_move_grace": Bound(0, 600, " seconds"),
    "bot_queue_limit": Bound(1, 100_000, " decisions"),
    "open_tables_per_creator": Bound(1, 100_000, " tables"),
    "bot_tables_per_creator": Bound(0, 100_000, " tables"),
    "tables_in_memory": Bound(10, 1_000_000, " tables"),
    "abandon_after_days": Bound(0, 3650, " days"),
    "clock_check_interval": Bound(0.01, 60, " seconds"),
    "session_days": Bound(0.01, 3650, " days"),
}

ENV_NAMES: dict[str, str] = {
    "bot_delay": BOT_DELAY_ENV,
    "bot_workers": BOT_WORKERS_ENV,
    "bot_move_budget": BOT_MOVE_BUDGET_ENV,
    "bot_move_grace": BOT_MOVE_GRACE_ENV,
    "bot_queue_limit": BOT_QUEUE_LIMIT_ENV,
    "open_tables_per_creator": OPEN_TABLES_ENV,
    "bot_tables_per_creator": BOT_TABLES_ENV,
    "tables_in_memory": TABLES_IN_MEMORY_ENV,
    "abandon_after_days": ABANDON_AFTER_ENV,
    "clock_check_interval": CLOCK_CHECK_ENV,
    "session_days": SESSION_DAYS_ENV,
}


WHOLE_NUMBERS = (
    "bot_workers",
    "bot_queue_limit",
    "open_tables_per_creator",
    "bot_tables_per_creator",
    "tables_in_memory",
)


class SettingsError(ValueError):
    """A setting that is refused. ``name`` is the :class:`Settings` field and ``source`` the
    environment variable it was read from, if it was, so that a caller can name it the way
    its user gave it (``--bot-move-budget``, ``$ZIGGURAT_BOT_MOVE_BUDGET``); ``problem`` says
    what was wrong and what is allowed."""

    def __init__(self, name: str, problem: str, source: str | None = None) -> None:
        super().__init__(f"{source or name} {problem}")
        self.name = name
        self.problem = problem
        self.source = source


@dataclass(frozen=True)
class Settings:
    """One server process's settings; docs/server-api.md ("Bots: settings and /metrics")
    says what the bot settings mean for the tables."""

    database_url: str = field(
        default_factory=lambda: os.environ.get(DATABASE_ENV) or default_database_url()
    )
    bot_delay: float = 0.8  # seconds before a bot moves, so that people can follow
    bot_workers: int = 1  # worker processes for bot decisions: at most this many think at once
    # Seconds one bot decision may think. 8 s is the cap of the slowest built-in bot (``hard``),
    # so by default no bot plays differently than it would unbudgeted; lower it to trade the
    # strength of the search bots for shorter waits at every table.
    bot_move_budget: float = 8.0
    # Seconds past the budget before a worker counts as stuck: the table then gets the quick
    # bot's move and the workers are replaced.
    bot_move_grace: float = 2.0
    # Decisions waiting for a worker beyond which a search bot's decision is made by the quick
    # bot instead, so that the queue drains in milliseconds per table (bots.QUICK_AGENT).
    bot_queue_limit: int = 64
    # Tables one creator (a client address) may keep waiting for players, and games of bots
    # only it may keep running (each keeps the bot workers busy); 429 beyond them.
    open_tables_per_creator: int = 20
    bot_tables_per_creator: int = 10
    # Tables one process keeps in memory besides those locked or watched (table_cache.py).
    tables_in_memory: int = 500
    # On a table without a clock, days a person may leave their turn untouched before a bot
    # plays their seat (0: never), so that an abandoned game still ends for the others.
    abandon_after_days: float = 30.0
    # Seconds between two looks for a seat whose time ran out (clocks.py); a real-time clock
    # is held to its deadline within this.
    clock_check_interval: float = 1.0
    # Days a login lasts before its player logs in again.
    session_days: float = 30.0
    # "open": anyone may make an account; "closed": nobody (the accounts made stay), for a
    # server among friends once they all have one.
    registration: str = "open"
    # The search that gives hints and analyses games (its iterations per decision): the
    # players' teacher, and what each hint or analysed decision costs the bot workers.
    advice_strength: str = "medium"

    def __post_init__(self) -> None:
        if self.registration not in REGISTRATION_CHOICES:
            raise SettingsError(
                "registration",
                f"must be one of {', '.join(REGISTRATION_CHOICES)}, not {self.registration!r}",
            )
        if self.advice_strength not in ADVICE_STRENGTHS:
            raise SettingsError(
                "advice_strength",
                f"must be one of {', '.join(ADVICE_STRENGTHS)}, not {self.advice_strength!r}",
            )
        for name, bound in BOUNDS.items():
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise SettingsError(name, f"must be a number, not {value!r}")
            if name in WHOLE_NUMBERS and not float(value).is_integer():
                raise SettingsError(name, f"must be a whole number, not {value!r}")
            problem = bound.problem(float(value))
            if problem is not None:
                raise SettingsError(name, problem)
            # 2.0 workers is 2 workers, a delay of 1 is 1.0 s: each field has its one type
            object.__setattr__(self, name, int(value) if name in WHOLE_NUMBERS else float(value))

    @classmethod
    def from_env(cls) -> Settings:
        """Settings as ``ziggurat serve`` hands them to each server process; a variable that
        is not set keeps the default, one that does not read as a number is refused with a
        :class:`SettingsError` naming the variable."""
        given: dict[str, int | float] = {}
        for name, env in ENV_NAMES.items():
            text = os.environ.get(env)
            if text is None or not text.strip():
                continue
            whole = name in WHOLE_NUMBERS
            try:
                given[name] = int(text) if whole else float(text)
            except ValueError:
                kind = "a whole number" if whole else "a number of seconds"
                shown = text.strip()[:20]
                raise SettingsError(name, f"must be {kind}, not {shown!r}", f"${env}") from None
        registration = (os.environ.get(REGISTRATION_ENV) or "").strip()
        advice = (os.environ.get(ADVICE_STRENGTH_ENV) or "").strip()
        try:
            return cls(
                **given, registration=registration or "open", advice_strength=advice or "medium"
            )
        except SettingsError as exc:
            texts = {"registration": REGISTRATION_ENV, "advice_strength": ADVICE_STRENGTH_ENV}
            env = texts.get(exc.name) or ENV_NAMES[exc.name]
            raise SettingsError(exc.name, exc.problem, f"${env}") from None

    @property
    def registration_open(self) -> bool:
        return self.registration == "open"

    def to_env(self) -> None:
        os.environ[DATABASE_ENV] = self.database_url
        for name, env in ENV_NAMES.items():
            os.environ[env] = str(getattr(self, name))
        os.environ[REGISTRATION_ENV] = self.registration
        os.environ[ADVICE_STRENGTH_ENV] = self.advice_strength
