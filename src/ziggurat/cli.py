"""The ``ziggurat`` command: ``play``, ``replay``, ``serve`` and ``arena``.

This module only reads the command line, builds the game and the seats, and hands over to
:mod:`ziggurat.terminal`, which runs the table. Every problem with the command line is an
argparse error (usage and message on stderr, exit code 2); the exit codes of a game are
described in :mod:`ziggurat.terminal`.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.text import Text

from ziggurat import __version__
from ziggurat.agents import AGENT_NAMES, MCTS_STRENGTHS, make_agent
from ziggurat.core.errors import InvalidOptions, RecordError, ZigguratError
from ziggurat.core.options import Option
from ziggurat.core.records import load_record
from ziggurat.core.registry import game_class, game_names, load_game
from ziggurat.terminal import (
    EXIT_OK,
    EXIT_USAGE,
    Replay,
    SeatPlayer,
    Table,
    Terminal,
    bot_seed,
)

SEAT_KINDS = ("human", *AGENT_NAMES)
DEFAULT_BOT = "greedy"
DEFAULT_PLAYERS = 3
SEED_LIMIT = 1_000_000  # random seeds stay short enough to read out and type again


def _seat_list(text: str) -> list[str]:
    """``"human, Greedy,random"`` -> ``["human", "greedy", "random"]``, refusing unknown kinds."""
    kinds = [part.strip().lower() for part in text.split(",")]
    for kind in kinds:
        if kind not in SEAT_KINDS:
            shown = repr(kind) if kind else "an empty seat"
            raise argparse.ArgumentTypeError(
                f"{shown} is not a seat kind; each seat is one of {', '.join(SEAT_KINDS)}"
            )
    return kinds


def _name_list(text: str) -> list[str]:
    names = [part.strip() for part in text.split(",")]
    if any(not name for name in names):
        raise argparse.ArgumentTypeError("names are separated by commas and may not be empty")
    return names


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ziggurat",
        description="Board games of ancient Babylon, in the terminal.",
        epilog="Playing guide: docs/terminal.md. Exit codes: 0 finished or quit with q, "
        "1 input ended before the game did, 2 bad options or record, 130 Ctrl-C.",
    )
    parser.add_argument("--version", action="version", version=f"ziggurat {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser(
        "play",
        help="play a game against bots or friends (hot-seat)",
        description="Play a game in the terminal. Humans type their moves; bots move at once.",
        epilog="Examples: "
        + "; ".join(
            f"ziggurat play {name} --players {game_class(name).player_counts[0]} --seats "
            + ",".join(["human", *["greedy"] * (game_class(name).player_counts[0] - 1)])
            for name in game_names()
        )
        + ". Each game's rules options are listed below; --seed 7 --record game.json "
        "replays a game.",
    )
    play.set_defaults(subparser=play)  # so that errors found later show this usage
    play.add_argument("game", choices=game_names(), help="the game to play")
    play.add_argument(
        "--players",
        type=int,
        metavar="N",
        help=f"number of players (default: the number of --seats, else {DEFAULT_PLAYERS})",
    )
    play.add_argument(
        "--seats",
        type=_seat_list,
        metavar="KIND,KIND,...",
        help=f"who plays each seat, in seat order: {', '.join(SEAT_KINDS)} "
        f"(default: human, then {DEFAULT_BOT} bots)",
    )
    play.add_argument(
        "--names", type=_name_list, metavar="NAME,NAME,...", help="names shown for the seats"
    )
    play.add_argument(
        "--seed",
        type=_non_negative,
        metavar="N",
        help="seed for the deal and the bots; the same seed and moves give the same game "
        "(default: random, printed)",
    )
    play.add_argument(
        "--record", type=Path, metavar="FILE", help="save the game record here after every move"
    )
    play.add_argument(
        "--no-hints",
        action="store_true",
        help="turn off the hint command (the medium bot's advice for your move)",
    )
    _add_rules_flags(play)

    replay = commands.add_parser(
        "replay",
        help="step through a recorded game",
        description="Step through a game record: Enter next, b back, a number jumps to that "
        "move, q quits. When input is not a terminal, print the final position and result.",
    )
    replay.add_argument("file", type=Path, metavar="FILE", help="a record saved by --record")
    replay.add_argument(
        "--seat",
        type=_non_negative,
        metavar="N",
        help="show the game as seat N saw it (its stand, its face-down tokens); "
        "default: as a spectator",
    )
    replay.add_argument(
        "--move",
        type=_non_negative,
        metavar="N",
        help="print the position after move N (0 is the start) and exit",
    )

    analyze = commands.add_parser(
        "analyze",
        help="find where a recorded game was lost",
        description="Search each decision of one seat in a game record again, from what that "
        "seat could see then, and show the decisions where the most winning chance was lost, "
        "with the better move and the line the bot expected, and the seat's chances over the "
        "game. The same record, seat, strength and seed always give the same analysis.",
    )
    analyze.add_argument("file", type=Path, metavar="RECORD", help="a record saved by --record")
    analyze.add_argument("--seat", type=_non_negative, required=True, metavar="N", help="the seat")
    analyze.add_argument(
        "--strength",
        choices=list(MCTS_STRENGTHS),
        default="medium",
        help="the search that judges (default %(default)s)",
    )
    analyze.add_argument(
        "--seed", type=_non_negative, default=0, metavar="N", help="search seed (default 0)"
    )
    analyze.add_argument("--json", type=Path, metavar="FILE", help="also write it as JSON here")
    analyze.add_argument(
        "--plot", type=Path, metavar="FILE", help="also plot the chances as a PNG here"
    )

    rules = commands.add_parser(
        "rules",
        help="read a game's rules summary",
        description="Print the players' summary of a game's rules (the browser's rules panel "
        "shows the same text).",
    )
    rules.add_argument("game", choices=game_names(), help="the game")

    serve = commands.add_parser(
        "serve",
        help="serve tables in the browser (lobby, bots, invite links)",
        description="Run the ziggurat server: open http://HOST:PORT/ in a browser to create a "
        "table, play against bots, or send invite links to friends. Games are stored in the "
        "database and survive a restart.",
    )
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default %(default)s)"
    )
    serve.add_argument("--port", type=int, default=8000, help="port (default %(default)s)")
    serve.add_argument(
        "--database-url",
        metavar="URL",
        help="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db (default: "
        "$ZIGGURAT_DATABASE_URL, else an SQLite file in your data folder)",
    )
    serve.add_argument(
        "--bot-delay",
        type=float,
        metavar="SECONDS",
        help="pause before each bot move so people can follow (default: $ZIGGURAT_BOT_DELAY, "
        "else 0.8)",
    )
    serve.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="server processes (above 1 needs PostgreSQL; default %(default)s)",
    )
    serve.add_argument(
        "--bot-workers",
        type=int,
        metavar="N",
        help="worker processes for bot moves: at most N bots think at once (default: "
        "$ZIGGURAT_BOT_WORKERS, else 1)",
    )
    serve.add_argument(
        "--bot-move-budget",
        type=float,
        metavar="SECONDS",
        help="the most a bot may think per move; search bots stop in time (default: "
        "$ZIGGURAT_BOT_MOVE_BUDGET, else 8, the cap of the hard bot)",
    )
    serve.add_argument(
        "--bot-move-grace",
        type=float,
        metavar="SECONDS",
        help="time past the budget before a worker counts as stuck: the table gets a greedy "
        "move and the workers are replaced (default: $ZIGGURAT_BOT_MOVE_GRACE, else 2)",
    )
    serve.add_argument(
        "--bot-queue-limit",
        type=int,
        metavar="N",
        help="bot decisions waiting for a worker beyond which search bots play a greedy move "
        "instead, so waits stay short (default: $ZIGGURAT_BOT_QUEUE_LIMIT, else 64)",
    )
    serve.add_argument(
        "--open-tables-per-creator",
        type=int,
        metavar="N",
        help="tables one address may keep waiting for players (default: "
        "$ZIGGURAT_OPEN_TABLES_PER_CREATOR, else 20)",
    )
    serve.add_argument(
        "--bot-tables-per-creator",
        type=int,
        metavar="N",
        help="games of bots only one address may keep running (default: "
        "$ZIGGURAT_BOT_TABLES_PER_CREATOR, else 10)",
    )
    serve.add_argument(
        "--tables-in-memory",
        type=int,
        metavar="N",
        help="tables each server process keeps in memory, besides those in use (default: "
        "$ZIGGURAT_TABLES_IN_MEMORY, else 500)",
    )
    serve.add_argument(
        "--abandon-after-days",
        type=float,
        metavar="DAYS",
        help="on a table without a clock, days a player may leave a turn untouched before a "
        "bot plays the seat; 0: never (default: $ZIGGURAT_ABANDON_AFTER_DAYS, else 30)",
    )
    serve.add_argument(
        "--clock-check-interval",
        type=float,
        metavar="SECONDS",
        help="seconds between two looks for a seat whose time ran out (default: "
        "$ZIGGURAT_CLOCK_CHECK_INTERVAL, else 1)",
    )
    serve.add_argument(
        "--session-days",
        type=float,
        metavar="DAYS",
        help="days a login lasts (default: $ZIGGURAT_SESSION_DAYS, else 30)",
    )
    serve.add_argument(
        "--registration",
        choices=("open", "closed"),
        help="may anyone make an account (open), or nobody (closed: the accounts made stay; "
        "default: $ZIGGURAT_REGISTRATION, else open)",
    )
    serve.add_argument(
        "--advice-strength",
        choices=("easy", "medium", "hard"),
        help="the search that gives hints and analyses finished games (default: "
        "$ZIGGURAT_ADVICE_STRENGTH, else medium)",
    )
    _add_arena(commands)
    return parser


def _option(text: str) -> tuple[str, object]:
    """``key=value`` for a game option; the value is read as JSON (``3``, ``true``,
    ``null``) and otherwise kept as text (``advanced``)."""
    key, eq, value = text.partition("=")
    if not eq or not key:
        raise argparse.ArgumentTypeError(f"{text!r} is not key=value")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def _add_arena(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from ziggurat.arena.backends import BACKENDS

    arena = commands.add_parser(
        "arena",
        help="play a seeded tournament between agents and report statistics",
        description="Play seeded games between agents, each deal in every seating, and report "
        "win rates with 95%% intervals, scores, margins, seat advantage, OpenSkill ratings and "
        "plots. Every game is stored as it ends; an interrupted tournament resumes with --resume.",
        epilog="Example: ziggurat arena babylonia --agents medium,greedy --games 200 --jobs 2 "
        "--seed 1. Agents: " + ", ".join(AGENT_NAMES) + ", or mcts:iterations=N[:seconds=S]"
        "[:workers=W] (settings may follow any search strength, e.g. medium:workers=2). "
        "Guide: docs/ai.md.",
    )
    arena.set_defaults(subparser=arena)
    arena.add_argument("game", choices=game_names(), help="the game to play")
    arena.add_argument(
        "--agents",
        type=_name_list,
        required=True,
        metavar="A,B,...",
        help="one agent per seat; name one twice to enter two copies",
    )
    arena.add_argument(
        "--players", type=int, metavar="N", help="player count (default: the number of agents)"
    )
    arena.add_argument(
        "--games",
        type=_non_negative,
        default=100,
        metavar="N",
        help="games to play, rounded up so each deal is played in every seating "
        "(default %(default)s)",
    )
    arena.add_argument(
        "--jobs", type=int, default=1, metavar="J", help="games played at once (default 1)"
    )
    arena.add_argument(
        "--seed", type=_non_negative, default=0, metavar="S", help="tournament seed (default 0)"
    )
    arena.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, e.g. --option ziggurat_cards=advanced (repeatable)",
    )
    arena.add_argument(
        "--out",
        type=Path,
        metavar="FILE",
        help="the JSON result file (default: arena-GAME-SEED.json); its plots go beside it",
    )
    arena.add_argument(
        "--resume", action="store_true", help="finish the tournament stored in --out"
    )
    arena.add_argument(
        "--records", type=Path, metavar="DIR", help="save each game's record in this folder"
    )
    arena.add_argument("--no-plots", action="store_true", help="write no PNG plots")
    arena.add_argument(
        "--backend", choices=BACKENDS, default="local", help="where games run (default local)"
    )
    arena.add_argument(
        "--address",
        metavar="ADDR",
        help="with --backend ray: the cluster to join (auto, host:6379 or ray://host:10001); "
        "without it a local Ray instance with --jobs CPUs is started",
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``ziggurat`` command; returns the exit code instead of exiting, for tests."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help(sys.stderr)
            return EXIT_USAGE
        if args.command == "play":
            return _play(args.subparser, args)
        if args.command == "serve":
            return _serve(args)
        if args.command == "arena":
            return _arena(args)
        if args.command == "rules":
            return _rules(args)
        if args.command == "analyze":
            return _analyze(args)
        return _replay(args)
    except SystemExit as stop:  # argparse: --help, --version, or a usage error
        return stop.code if isinstance(stop.code, int) else EXIT_USAGE


def _error(message: str) -> None:
    """One red line on stderr, never wrapped (it may hold a path to copy)."""
    Console(stderr=True, highlight=False).print(Text(message, style="bold red"), soft_wrap=True)


def _seats_for(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[str]:
    """The seat kinds, with ``--players`` and ``--seats`` checked against each other."""
    seats: list[str] | None = args.seats
    players: int | None = args.players
    if seats is None:
        count = DEFAULT_PLAYERS if players is None else players
        return ["human"] + [DEFAULT_BOT] * max(0, count - 1)
    if players is not None and len(seats) != players:
        parser.error(
            f"--seats names {len(seats)} seat{'s' if len(seats) != 1 else ''} "
            f"({', '.join(seats)}) but --players is {players}: give one seat per player, "
            f"each one of {', '.join(SEAT_KINDS)}"
        )
    return seats


# --------------------------------------------------------------------------- rules flags
# Generated from each game's declared options (``options_declared``), so no game and no
# option is named here: a yes/no option that is off by default is ``--name``, one that is on
# by default ``--no-name``; any other option is ``--name VALUE``.


def _flag(option: Option) -> str:
    dashed = option.name.replace("_", "-")
    return f"--no-{dashed}" if option.kind is bool and option.default else f"--{dashed}"


def _parse_value(option: Option) -> object:
    """An argparse ``type`` for ``option``: a whole number, or ``null`` where allowed."""

    def parse(text: str) -> object:
        if option.nullable and text.strip().lower() in ("null", "none", "default"):
            return None
        if option.kind is int:
            try:
                return int(text)
            except ValueError:
                raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        return text

    return parse


def _rules_options(name: str) -> list[Option]:
    return [o for o in game_class(name).options_declared if o.name != "players"]


def _add_rules_flags(play: argparse.ArgumentParser) -> None:
    """One argument group per game, each flag with the option's help for players. Two games
    may share a flag of the same form; the value then goes to whichever game is played."""
    seen: dict[str, Option] = {}
    for name in game_names():
        options = _rules_options(name)
        if not options:
            continue
        group = play.add_argument_group(f"{game_class(name).title} rules options")
        for option in options:
            flag = _flag(option)
            if flag in seen:
                if seen[flag].kind is not option.kind:
                    raise AssertionError(f"{flag}: two games declare it with different types")
                continue
            seen[flag] = option
            dest = f"rules__{option.name}"
            if option.kind is bool:
                group.add_argument(
                    flag, dest=dest, action="store_const", const=not option.default,
                    help=option.help,
                )  # fmt: skip
                continue
            extra: dict[str, object] = {}
            if option.choices is not None:
                extra["choices"] = list(option.choices)
            group.add_argument(
                flag,
                dest=dest,
                type=_parse_value(option),
                metavar="N" if option.kind is int else "TEXT" if not option.choices else None,
                help=option.help + (f" (default: {option.default})" if not option.nullable else ""),
                **extra,
            )


def _check_rules_flags(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse the rules options of another game (usage error, exit code 2)."""
    own = [_flag(o) for o in _rules_options(args.game)]
    for name in game_names():
        if name == args.game:
            continue
        given = [
            _flag(o)
            for o in _rules_options(name)
            if getattr(args, f"rules__{o.name}", None) is not None and _flag(o) not in own
        ]
        if given:
            title = game_class(name).short_title
            article = "an" if title[0] in "AEIOU" else "a"
            parser.error(
                f"{', '.join(given)} {'is ' + article if len(given) == 1 else 'are'} {title} rules "
                f"option{'s' if len(given) > 1 else ''}, not for "
                f"{game_class(args.game).short_title} (its rules options: "
                f"{', '.join(own) or 'none'})"
            )


def _game_options(args: argparse.Namespace) -> dict[str, object]:
    """The game options that the rules flags given stand for (the rest keep their
    defaults)."""
    out: dict[str, object] = {}
    for option in _rules_options(args.game):
        value = getattr(args, f"rules__{option.name}", None)
        if value is not None:
            out[option.name] = value
    return out


def _play(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    _check_rules_flags(parser, args)
    kinds = _seats_for(parser, args)
    names: list[str] = args.names or list(kinds)
    if len(names) != len(kinds):
        parser.error(f"--names gives {len(names)} names for {len(kinds)} seats")
    try:
        game = load_game(
            args.game,
            players=len(kinds) if args.players is None else args.players,
            **_game_options(args),
        )
    except InvalidOptions as exc:
        _error(f"ziggurat play: {exc}")
        return EXIT_USAGE
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(SEED_LIMIT)
    seats = [
        SeatPlayer(kind, name, None if kind == "human" else make_agent(kind, bot_seed(seed, s)))
        for s, (kind, name) in enumerate(zip(kinds, names, strict=True))
    ]
    terminal = Terminal.standard()
    if args.record is not None:
        try:
            args.record.touch()
        except OSError as exc:
            _error(f"ziggurat play: cannot write the record {args.record}: {exc}")
            return EXIT_USAGE
    table = Table(game, seed, seats, terminal, args.record, hints=not args.no_hints)
    who = ", ".join(f"{s} {seat.name}" for s, seat in enumerate(seats))
    terminal.console.print(
        Text.assemble(
            (game.short_title, "bold"),
            f", {len(kinds)} players ({who}). ",
            ("Seed ", "bold"),
            (str(seed), "bold cyan"),
            f" (play this deal again with --seed {seed}).",
        ),
        soft_wrap=True,
    )
    return table.play()


SERVE_SETTINGS = (
    "bot_delay",
    "bot_workers",
    "bot_move_budget",
    "bot_move_grace",
    "bot_queue_limit",
    "open_tables_per_creator",
    "bot_tables_per_creator",
    "tables_in_memory",
    "abandon_after_days",
    "clock_check_interval",
    "session_days",
    "registration",
    "advice_strength",
)
"""The ``serve`` flags that set a :class:`~ziggurat.server.settings.Settings` field of the same
name; one not given keeps the value from the environment, else the default."""


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from ziggurat.server.settings import Settings, SettingsError

    if (
        (args.bot_workers is not None and args.bot_workers < 1)
        or (args.bot_delay is not None and args.bot_delay < 0)
        or args.workers < 1
    ):
        _error(
            "ziggurat serve: --workers and --bot-workers must be at least 1, --bot-delay at least 0"
        )
        return EXIT_USAGE
    given = {name: getattr(args, name) for name in SERVE_SETTINGS}
    try:
        settings = Settings.from_env()  # a bad variable is named as such (source)
        settings = dataclasses.replace(
            settings,
            database_url=args.database_url or settings.database_url,
            **{name: value for name, value in given.items() if value is not None},
        )
    except SettingsError as exc:
        where = exc.source or "--" + exc.name.replace("_", "-")
        _error(f"ziggurat serve: {where} {exc.problem}")
        return EXIT_USAGE
    if args.workers > 1 and not settings.database_url.startswith("postgres"):
        _error(
            "ziggurat serve: --workers above 1 needs PostgreSQL (--database-url "
            "postgresql+psycopg://...), which carries changes between the processes"
        )
        return EXIT_USAGE
    settings.to_env()  # each server process reads its settings from the environment
    Console(highlight=False).print(
        Text.assemble(
            ("ziggurat", "bold"),
            f" serving on http://{args.host}:{args.port}/ with {args.workers} process"
            f"{'es' if args.workers > 1 else ''} (database: ",
            settings.database_url.split("@")[-1],
            ")",
        ),
        soft_wrap=True,
    )
    from ziggurat.server.websocket_protocol import WEBSOCKET_PROTOCOL

    uvicorn.run(
        "ziggurat.server.app:create_app_from_env",
        factory=True,
        ws=WEBSOCKET_PROTOCOL,
        host=args.host,
        port=args.port,
        workers=args.workers,
        log_level="warning",
    )
    return EXIT_OK


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _arena(args: argparse.Namespace) -> int:
    from ziggurat.arena import Plan, run_tournament, summarize
    from ziggurat.arena.plots import write_plots
    from ziggurat.arena.report import print_summary

    options = dict(args.option)
    if args.players is not None:
        options["players"] = args.players
    options.setdefault("players", len(args.agents))
    if args.address is not None and args.backend != "ray":
        _error("ziggurat arena: --address is for --backend ray")
        return EXIT_USAGE
    try:
        plan = Plan(args.game, args.agents, args.games, args.seed, options)
    except ZigguratError as exc:
        _error(f"ziggurat arena: {exc}")
        return EXIT_USAGE
    out: Path = args.out or Path(f"arena-{args.game}-{args.seed}.json")
    console = Console(highlight=False)
    if not console.is_terminal:  # a log file: room for the whole table rather than 80 columns
        console = Console(highlight=False, width=132)
    seatings = len(plan.seatings)
    console.print(
        f"{plan.game}, {options['players']} players: {', '.join(plan.labels)}; "
        f"{plan.total} games ({plan.deals} deals x {seatings} seatings), seed {plan.seed}, "
        f"{args.jobs} at once ({args.backend}); results in {out}",
        soft_wrap=True,
    )
    signal.signal(signal.SIGTERM, _interrupt)  # a stopped job saves like Ctrl-C does
    try:
        results = run_tournament(
            plan,
            out,
            jobs=args.jobs,
            backend=args.backend,
            address=args.address,
            records=args.records,
            resume=args.resume,
            console=console,
        )
    except ZigguratError as exc:
        _error(f"ziggurat arena: {exc}")
        return EXIT_USAGE
    except KeyboardInterrupt:
        _error(
            f"ziggurat arena: stopped; the finished games are in {out}; run the same command "
            "with --resume to play the rest"
        )
        return 130
    summary = summarize(plan.labels, results.results)
    title = f"{plan.game} {options['players']}p"
    print_summary(console, summary, title)
    if not args.no_plots:
        paths = write_plots(summary, out, title)
        console.print("Plots: " + ", ".join(str(p) for p in paths.values()), soft_wrap=True)
    console.print(f"Results: {out}", soft_wrap=True)
    return EXIT_OK


def _rules(args: argparse.Namespace) -> int:
    from rich.markdown import Markdown

    cls = game_class(args.game)
    terminal = Terminal.standard()
    terminal.console.print(Text(cls.title, style="bold"))
    terminal.console.print(Markdown(cls.rules_summary()))
    return 0


def _replay(args: argparse.Namespace) -> int:
    terminal = Terminal.standard()
    try:
        replay = Replay(args.file, terminal, args.seat)
        if args.seat is not None and args.seat >= replay.game.num_players:
            raise RecordError(
                f"--seat {args.seat}: the record has seats 0 to {replay.game.num_players - 1}"
            )
    except ZigguratError as exc:
        _error(f"ziggurat replay: {exc}")
        return EXIT_USAGE
    return replay.run(args.move)


def _analyze(args: argparse.Namespace) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from ziggurat import analysis_report
    from ziggurat.agents.analysis import analyze

    console = Console(highlight=False)
    try:
        record = load_record(args.file)
        if args.seat >= len(record.seats):
            raise RecordError(
                f"--seat {args.seat}: the record has seats 0 to {len(record.seats) - 1}"
            )
        with Progress(
            "[bold]searching[/]",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        ) as bar:
            task = bar.add_task("decisions", total=None)
            result = analyze(
                record,
                args.seat,
                strength=args.strength,
                seed=args.seed,
                progress=lambda done, total: bar.update(task, completed=done, total=total),
            )
    except ZigguratError as exc:
        _error(f"ziggurat analyze: {exc}")
        return EXIT_USAGE
    name = f"seat {args.seat} ({record.seats[args.seat]})"
    console.print(analysis_report.render(result, name))
    try:
        if args.json is not None:
            args.json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        if args.plot is not None:
            analysis_report.plot(result, name, args.plot)
    except OSError as exc:
        _error(f"ziggurat analyze: cannot write {exc.filename}: {exc.strerror}")
        return EXIT_USAGE
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
