"""``ziggurat play`` for every game of the registry: a bot game at every player count finishes
with the result and the seed, and its record replays to the same scores; the rules flags reach
the game; a flag of another game's rules, a player count the game is not for and a seat
number out of range are refused, naming what is allowed.

The flags are read from each game's declared options (``options_declared``) by the rule the
command builds them with: a yes/no option off by default is ``--name``, one on by default
``--no-name``, any other ``--name VALUE``. What only one game prints is in its own CLI tests.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from ziggurat.core.options import Option
from ziggurat.core.records import load_record, replay
from ziggurat.core.registry import game_class, game_names

from .conftest import RunCli
from .test_cli_play import final_scores

NAMES = game_names()
CASES = [(name, n) for name in NAMES for n in game_class(name).player_counts]


def flag(option: Option) -> str:
    dashed = option.name.replace("_", "-")
    return f"--no-{dashed}" if option.kind is bool and option.default else f"--{dashed}"


def rules_options(name: str) -> list[Option]:
    return [o for o in game_class(name).options_declared if o.name != "players"]


def flag_args(option: Option, value: Any = None) -> list[str]:
    """The command-line words that set ``option`` (to ``value``; by default to any value the
    command's parser accepts: a choice, or the default, or seat 0)."""
    if option.kind is bool:
        return [flag(option)]
    if value is None:
        value = option.choices[0] if option.choices else option.default
    return [flag(option), "0" if value is None else str(value)]


def words(values: list[Any]) -> str:
    shown = [str(v) for v in values]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


def seats(players: int) -> list[str]:
    return [("greedy", "random")[s % 2] for s in range(players)]


# --------------------------------------------------------------------------- bot games


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{n}-{p}p" for n, p in CASES])
def test_a_bot_game_finishes_with_the_result_the_seed_and_a_record(
    run_cli: RunCli, tmp_path: Path, name: str, players: int
) -> None:
    kinds = seats(players)
    path = tmp_path / "game.json"
    run = run_cli(
        "play", name, "--players", str(players), "--seats", ",".join(kinds), "--seed", "5",
        "--record", str(path),
    )  # fmt: skip
    assert run.code == 0, run.err
    table = ", ".join(f"{s} {k}" for s, k in enumerate(kinds))
    assert f"{game_class(name).short_title}, {players} players ({table}). Seed 5" in run.out
    assert "seed 5)" in run.out  # repeated in the result line
    assert "Game over." in run.out
    scores = final_scores(run.out)
    assert sorted(scores) == list(range(players))
    assert re.search(r"(Winner|Shared win): ", run.out)
    assert "\x1b[" not in run.out  # piped output carries no escape codes
    # the record: complete, and it replays to the same result
    record = load_record(path)
    assert record.seed == 5 and record.seats == kinds
    assert record.result is not None
    assert dict(enumerate(record.result.scores)) == scores
    assert replay(record).scores() == record.result.scores
    assert f"ziggurat replay {path}" in run.out
    replayed = run_cli("replay", str(path))
    assert replayed.code == 0, replayed.err
    assert final_scores(replayed.out) == scores
    assert "warning" not in replayed.out


# --------------------------------------------------------------------------- the flags


def _off_default(option: Option) -> Any:
    """A value of ``option`` other than its default, which its flag can give."""
    if option.kind is bool:
        return not option.default
    if option.seat:
        return 1
    if option.choices is not None:
        return next(c for c in option.choices if c != option.default)
    return option.default  # a free text: its default, given explicitly


@pytest.mark.parametrize("name", NAMES)
def test_rules_flags_reach_the_game_and_the_rest_keep_their_defaults(
    run_cli: RunCli, tmp_path: Path, name: str
) -> None:
    cls = game_class(name)
    players = cls.player_counts[0]
    table = ",".join(["random"] * players)
    plain = tmp_path / "defaults.json"
    run = run_cli("play", name, "--seats", table, "--seed", "2", "--record", str(plain))
    assert run.code == 0, run.err
    defaults = {o.name: o.default for o in cls.options_declared}
    assert json.loads(plain.read_text())["options"] == {**defaults, "players": players}
    changed = {o.name: _off_default(o) for o in rules_options(name)}
    given = [word for o in rules_options(name) for word in flag_args(o, changed[o.name])]
    path = tmp_path / "flags.json"
    run = run_cli("play", name, "--seats", table, "--seed", "2", "--record", str(path), *given)
    assert run.code == 0, run.err
    assert json.loads(path.read_text())["options"] == {**defaults, **changed, "players": players}


FOREIGN = [
    (name, other)
    for name in NAMES
    for other in NAMES
    if other != name
    and any(flag(o) not in map(flag, rules_options(name)) for o in rules_options(other))
]


@pytest.mark.parametrize(("name", "other"), FOREIGN, ids=[f"{o}-on-{n}" for n, o in FOREIGN])
def test_another_games_rules_flags_are_refused_naming_this_games(
    run_cli: RunCli, name: str, other: str
) -> None:
    own = [flag(o) for o in rules_options(name)]
    foreign = [o for o in rules_options(other) if flag(o) not in own]
    title = game_class(other).short_title
    article = "an" if title[0] in "AEIOU" else "a"
    listed = ", ".join(own) or "none"
    not_for = f"not for {game_class(name).short_title} (its rules options: {listed})"
    table = ["--seats", ",".join(["random"] * game_class(name).player_counts[0])]
    for option in foreign:
        run = run_cli("play", name, *table, *flag_args(option))
        assert run.code == 2
        assert f"{flag(option)} is {article} {title} rules option, {not_for}" in run.err
        assert "Traceback" not in run.err
    if len(foreign) > 1:
        two = foreign[:2]
        run = run_cli("play", name, *table, *flag_args(two[0]), *flag_args(two[1]))
        assert run.code == 2
        names = ", ".join(flag(o) for o in two)
        assert f"{names} are {title} rules options, {not_for}" in run.err


@pytest.mark.parametrize("name", NAMES)
def test_a_player_count_the_game_is_not_for_is_refused(run_cli: RunCli, name: str) -> None:
    cls = game_class(name)
    message = f"{cls.title} is for {words(list(cls.player_counts))}"
    too_many = max(cls.player_counts) + 1
    too_few = min(cls.player_counts) - 1
    for argv in (
        ["--players", str(too_many)],
        ["--players", str(too_many), "--seats", ",".join(["random"] * too_many)],
        ["--seats", ",".join(["random"] * too_few)],
    ):
        run = run_cli("play", name, *argv)
        assert run.code == 2
        assert message in run.err
        assert "Traceback" not in run.err


SEAT_OPTIONS = [(name, o.name) for name in NAMES for o in rules_options(name) if o.seat]


@pytest.mark.parametrize(("name", "option_name"), SEAT_OPTIONS)
def test_a_seat_number_out_of_range_is_refused(
    run_cli: RunCli, name: str, option_name: str
) -> None:
    option = next(o for o in rules_options(name) if o.name == option_name)
    players = game_class(name).player_counts[0]
    table = ["--seats", ",".join(["random"] * players)]
    run = run_cli("play", name, *table, *flag_args(option, players))
    assert run.code == 2
    null = "null or " if option.nullable else ""
    assert f"{option_name}={players}: {null}a seat number from 0 to {players - 1}" in run.err
    assert "Traceback" not in run.err
