"""A game-agnostic conformance suite, in the spirit of OpenSpiel's random simulation test.

Every game's tests call :func:`check_game`. It plays seeded random games through the public
interface only and checks, along the way, what every game must guarantee:

* a non-terminal state has legal actions, listed in a stable order, for a valid seat;
* every action has its own non-empty notation, which parses back to it, and its number maps
  back to it;
* ``to_json`` is JSON, and ``state_from_json`` rebuilds the same state (generator included);
* ``clone`` is independent: playing on the copy leaves the original unchanged;
* an illegal action raises ``IllegalAction`` (a ``ValueError``) and changes nothing;
  ``is_legal`` agrees with the list both ways, and ``apply_legal`` plays a listed action
  exactly as ``apply_action`` does;
* ``view(seat)`` is JSON and ``determinize(seat, rng)`` gives a state with the same view for
  that seat (so views depend on nothing the seat cannot see) and, on its turn, the same
  legal actions; determinizing that state again with the same generator gives the very
  same world (so a search sees nothing hidden, not even an order); and another seat's move,
  played in both, leaves the two views equal;
* in a simultaneous secret round collected one seat at a time (``secret_from``), what a seat
  still to decide sees, in its view and in the log, up to its own decision, is the same
  whichever secret decision an earlier seat made;
* whether the player to move has a single option or several is something every other seat
  can tell, unless the game says it may be secret (``options_are_secret``; bots then think
  even over a forced move), so a bot's instant answer betrays nothing;
* replaying the seed and the actions' notation reproduces the game exactly;
* every view starts with the envelope (``ENVELOPE``: game, seat, phase, current, over,
  winners, players with each seat's score as that viewer may see it, events), the same in
  every game, and the game's own fields never overwrite it;
* every event the last action recorded is described for every viewer with a sentence whose
  seats are seats, and survives the JSON round trip;
* a move that may be taken back (``can_undo``) leaves its player to decide and shows every
  seat the same in every world it cannot tell apart, and whether it may depends on nothing
  hidden;
* a finished game has no legal actions, ``current_player == TERMINAL``, and winners.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from ziggurat.core.api import TERMINAL, Game, State
from ziggurat.core.errors import IllegalAction
from ziggurat.core.kernel import ENVELOPE
from ziggurat.core.undo import UNDO


class ConformanceError(AssertionError):
    """A game broke a guarantee of the game interface."""


@dataclass
class ConformanceReport:
    games: int = 0
    actions: int = 0
    deep_checks: int = 0
    illegal_checked: int = 0
    lengths: list[int] = field(default_factory=list)


def _fail(game_index: int, step: int, message: str) -> ConformanceError:
    return ConformanceError(f"game {game_index}, step {step}: {message}")


def _dump(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def check_state(game: Game, state: State, rng: random.Random, where: tuple[int, int]) -> int:
    """The per-position checks; returns how many illegal actions were tried."""
    g, step = where
    n = game.num_players
    snapshot = _dump(state)
    legal = state.legal_actions()
    if legal != state.legal_actions():
        raise _fail(g, step, "legal_actions() is not stable between calls")
    if not 0 <= state.current_player < n:
        raise _fail(g, step, f"current_player {state.current_player} is not a seat")
    if not legal:
        raise _fail(g, step, "a non-terminal state has no legal actions")
    if len(set(legal)) != len(legal):
        raise _fail(g, step, "legal_actions() lists an action twice")
    for action in legal:
        text = str(action)
        if game.parse_action(state, text) != action:
            raise _fail(g, step, f"notation {text!r} does not parse back to the same action")
        number = game.action_to_int(action)
        if not 0 <= number < game.num_distinct_actions:
            raise _fail(g, step, f"{text}: action number {number} out of range")
        if game.int_to_action(state, number) != action:
            raise _fail(g, step, f"{text}: action number {number} does not map back")

    rebuilt = game.state_from_json(json.loads(snapshot))
    if _dump(rebuilt) != snapshot:
        raise _fail(g, step, "state_from_json(to_json()) is not the same state")

    for action in legal:
        if not state.is_legal(action):
            raise _fail(g, step, f"is_legal({action}) says no to a listed action")
    for action in rng.sample(legal, min(4, len(legal))):  # a game may answer without its list
        if not rebuilt.clone().is_legal(action):  # rebuilt never listed its moves
            raise _fail(g, step, f"is_legal({action}) says no to a listed action, unlisted")
    copy = state.clone()
    chosen = rng.choice(legal)
    copy.apply_action(chosen)
    if _dump(state) != snapshot:
        raise _fail(g, step, "playing on a clone changed the original")
    trusted = state.clone()
    trusted.apply_legal(chosen)
    if _dump(trusted) != _dump(copy) or trusted.events != copy.events:
        raise _fail(g, step, f"apply_legal({chosen}) does not play it as apply_action does")

    tried = 0
    legal_ids = {game.action_to_int(a) for a in legal}
    for _ in range(3):
        number = rng.randrange(game.num_distinct_actions)
        if number in legal_ids:
            continue
        bad = game.int_to_action(state, number)
        if state.is_legal(bad) or rebuilt.clone().is_legal(bad):
            raise _fail(g, step, f"is_legal({bad}) says yes to an action not listed")
        try:
            state.apply_action(bad)
        except IllegalAction as exc:
            if not str(exc):
                raise _fail(g, step, f"refusing {bad} gave no reason") from None
        else:
            raise _fail(g, step, f"illegal action {bad} was accepted")
        tried += 1
        if _dump(state) != snapshot:
            raise _fail(g, step, f"refusing {bad} changed the state")

    for seat in range(n):
        seen = state.view(seat)
        json.dumps(seen)
        check_envelope(state, seat, seen, (g, step))
        world = state.determinize(seat, rng)
        if world.view(seat) != seen:
            raise _fail(g, step, f"determinize({seat}) changed what seat {seat} sees")
        if seat == state.current_player and world.legal_actions() != legal:
            raise _fail(g, step, f"seat {seat}'s legal actions depend on what it cannot see")
        _check_observation(game, state, world, seat, (g, step))
        key = rng.randrange(1 << 30)
        if _dump(state.determinize(seat, random.Random(key))) != _dump(
            world.determinize(seat, random.Random(key))
        ):
            raise _fail(
                g, step, f"determinize({seat}) depends on what seat {seat} cannot see (an order)"
            )
        if seat != state.current_player:
            _check_choice_is_public(state, world, seat, legal, (g, step))
            _check_moves_reveal_nothing(state, world, seat, legal, rng, (g, step))
        _check_undo_shows_nothing(state, world, seat, legal, rng, (g, step))
    _check_secret_round(game, state, legal, rng, (g, step))
    json.dumps(state.view(None))
    check_envelope(state, None, state.view(None), (g, step))
    if _dump(state) != snapshot:
        raise _fail(g, step, "view or determinize changed the state")
    return tried


def _check_observation(
    game: Game, state: State, world: State, seat: int, where: tuple[int, int]
) -> None:
    """The seat's observation tensor has the layout's shape, keeps every value inside its
    section's range, and is the same in a world the seat cannot tell from this one."""
    g, step = where
    tensor = state.observation_tensor(seat)
    layout = game.observation_layout
    if tensor.shape != layout.shape:
        raise _fail(
            g, step, f"observation of seat {seat} has shape {tensor.shape}, not {layout.shape}"
        )
    for section in layout.sections:
        part = tensor[slice(*layout.span(section.name))]
        if part.min() < section.low or part.max() > section.high:
            raise _fail(
                g,
                step,
                f"observation section {section.name!r} of seat {seat} leaves its range "
                f"{section.low}..{section.high}: {part.min()}..{part.max()}",
            )
    if not (world.observation_tensor(seat) == tensor).all():
        changed = [
            name
            for name, part in layout.split(world.observation_tensor(seat)).items()
            if not (part == layout.split(tensor)[name]).all()
        ]
        raise _fail(g, step, f"seat {seat}'s observation depends on what it cannot see: {changed}")
    mask = state.legal_action_mask()
    if sorted(mask.nonzero()[0].tolist()) != sorted(
        game.action_to_int(a) for a in state.legal_actions()
    ):
        raise _fail(g, step, "legal_action_mask() is not the legal actions' numbers")


def check_envelope(
    state: State, seat: int | None, seen: dict[str, Any], where: tuple[int, int]
) -> None:
    """``seen`` (``state.view(seat)``) starts with the envelope every game's view carries,
    each field what the state says, and its events are worded with real seats."""
    g, step = where
    n = len(state.scores())
    if tuple(seen)[: len(ENVELOPE)] != ENVELOPE:
        raise _fail(g, step, f"view({seat}) does not start with the envelope {ENVELOPE}")
    own = state.game.state_view(state, seat)  # type: ignore[attr-defined]
    clash = sorted(k for k in own if k in ENVELOPE and k != "players")
    if clash:
        raise _fail(g, step, f"the game's own view writes envelope fields {clash}")
    over = state.is_terminal()
    expected = {
        "game": state.game.name,
        "seat": seat,
        "phase": state.phase_name(),  # type: ignore[attr-defined]
        "current": None if over else state.current_player,
        "over": over,
        "winners": state.winners() if over else None,
    }
    for key, value in expected.items():
        if seen[key] != value:
            raise _fail(g, step, f"view({seat})[{key!r}] is {seen[key]!r}, not {value!r}")
    shown = state.shown_scores(seat)
    players = seen["players"]
    if [(p["seat"], p["score"]) for p in players] != list(zip(range(n), shown, strict=True)):
        raise _fail(g, step, f"view({seat})['players'] do not give each seat its shown score")
    for event in seen["events"]:
        if not isinstance(event.get("type"), str) or not isinstance(event.get("text"), str):
            raise _fail(g, step, f"event {event} has no type or text")
        for part in event["parts"]:
            if not isinstance(part, str) and not 0 <= part["seat"] < n:
                raise _fail(g, step, f"event {event['text']!r} names seat {part['seat']}")


def _check_choice_is_public(
    state: State, world: State, seat: int, legal: list, where: tuple[int, int]
) -> None:
    """Whether the player to move has a choice must not hang on what ``seat`` cannot see,
    unless the game declares it may (then bots think over a forced move too)."""
    secret = state.game.options_are_secret(state)
    if world.game.options_are_secret(world) != secret:
        raise _fail(*where, f"options_are_secret depends on what seat {seat} cannot see")
    if not secret and (len(world.legal_actions()) > 1) != (len(legal) > 1):
        raise _fail(
            *where,
            f"whether the player to move has a choice depends on what seat {seat} cannot see "
            "(a bot's instant answer would tell it); declare options_are_secret",
        )


def _check_secret_round(
    game: Game, state: State, legal: list, rng: random.Random, where: tuple[int, int]
) -> None:
    """Two different secret decisions of the player to move, in a simultaneous round: every
    seat still to decide in it sees the same views and log lines after either one, up to and
    at its own decision (its legal actions included)."""
    secret = [a for a in legal if game.secret_from(state, a)]
    if len(secret) < 2:
        return
    first, second = rng.sample(secret, 2)
    waiting = list(game.secret_from(state, first))
    if list(game.secret_from(state, second)) != waiting:
        raise _fail(*where, f"{first} and {second} keep different seats waiting (secret_from)")
    actor = state.current_player
    for seat in waiting:
        if game.describe_action(first, actor, seat) != game.describe_action(second, actor, seat):
            raise _fail(*where, f"the log tells seat {seat} which secret decision was made")
    a, b = state.clone(), state.clone()
    a.apply_action(first)
    b.apply_action(second)
    for _ in range(4 * game.num_players * (len(waiting) + 1)):
        for seat in waiting:
            if a.view(seat) != b.view(seat):
                raise _fail(
                    *where,
                    f"seat {seat} still to decide sees whether {first} or {second} was made",
                )
        if a.is_terminal() or b.is_terminal() or not waiting:
            return
        mover = a.current_player
        moves = a.legal_actions()
        if mover in waiting:
            if moves != b.legal_actions():
                raise _fail(*where, f"seat {mover}'s options depend on an earlier secret decision")
            waiting.remove(mover)
        other = {x.id for x in b.legal_actions()}
        common = [x for x in moves if x.id in other]
        if not common:
            return
        move = rng.choice(common)  # the same move in both: its log line is the same too
        a.apply_action(move)
        b.apply_action(move)


def _check_undo_shows_nothing(
    state: State,
    world: State,
    seat: int,
    legal: list,
    rng: random.Random,
    where: tuple[int, int],
) -> None:
    """A move the game lets its player take back (``can_undo``) leaves that player to decide,
    and shows ``seat`` the same in ``world`` (which ``seat`` cannot tell from ``state``): so
    taking it back hides nothing that anyone saw. Whether a move may be taken back must not
    hang on what ``seat`` cannot see either (every seat sees the Undo offered or not)."""
    can_undo = state.game.can_undo
    world_legal = set(world.legal_actions())
    for action in rng.sample(legal, min(3, len(legal))):
        if action not in world_legal:
            continue
        after, world_after = state.clone(), world.clone()
        after.apply_action(action)
        world_after.apply_action(action)
        undoable = bool(can_undo(state, after))
        if bool(can_undo(world, world_after)) != undoable:
            raise _fail(
                *where, f"whether {action} may be taken back hangs on what seat {seat} cannot see"
            )
        if not undoable:
            continue
        if after.is_terminal() or after.current_player != state.current_player:
            raise _fail(*where, f"{action} may be taken back, but its player no longer decides")
        if after.view(seat) != world_after.view(seat):
            raise _fail(
                *where, f"{action} may be taken back, but it showed seat {seat} something hidden"
            )


def _check_moves_reveal_nothing(
    state: State,
    world: State,
    seat: int,
    legal: list,
    rng: random.Random,
    where: tuple[int, int],
) -> None:
    """The same move in two worlds that ``seat`` cannot tell apart leaves them so.

    Catches leaks through the flow of play, e.g. a step taken automatically or not depending
    on a hidden stand. Only moves legal in both worlds are compared.
    """
    # A game whose moves deal cards to every seat (Tower of Babel: everyone draws after each
    # turn) names the parts of a view that such a draw fills in; those differ between worlds
    # by chance, not by a leak, and are compared by their size only.
    # And a move that turns secrets face up by the rules (the last offer, which reveals all
    # offers) shows each world its own secrets; the game says which moves do.
    strip = state.game.without_draws
    reveals = state.game.reveals_secrets
    world_legal = set(world.legal_actions())
    # Every other move leaves the same player to decide in both worlds (a pause that came
    # only to the holder of a card would show who holds it), with a choice in both or in
    # neither, and ends the game in both or in neither.
    for action in rng.sample(legal, min(2, len(legal))):
        if action not in world_legal or reveals(state, action):
            continue
        after, world_after = state.clone(), world.clone()
        after.apply_action(action)
        world_after.apply_action(action)
        if after.current_player != world_after.current_player:
            raise _fail(*where, f"who decides after {action} hangs on what seat {seat} cannot see")
        if after.is_terminal():
            continue  # the final scoring shows every hand
        if after.current_player != seat:
            _check_choice_is_public(after, world_after, seat, after.legal_actions(), where)
        if strip(after.view(seat)) != strip(world_after.view(seat)):
            raise _fail(*where, f"playing {action} tells seat {seat} something it cannot see")


def check_game(
    game: Game,
    *,
    games: int = 10,
    seed: int = 0,
    deep_every: int = 1,
    max_actions: int = 100_000,
) -> ConformanceReport:
    """Play ``games`` random games and check every guarantee; raises ConformanceError.

    ``deep_every`` spaces out the expensive per-position checks (1: at every position).
    """
    report = ConformanceReport()
    _check_notation_table(game)
    for g in range(games):
        rng = random.Random(seed * 1_000_003 + g)
        state = game.new_initial_state(seed=seed + g)
        if _dump(state) != _dump(game.new_initial_state(seed=seed + g)):
            raise _fail(g, 0, "the same seed gave two different initial states")
        texts: list[str] = []
        step = 0
        while not state.is_terminal():
            if step >= max_actions:
                raise _fail(g, step, f"no end after {max_actions} actions")
            if step % deep_every == 0:
                report.illegal_checked += check_state(game, state, rng, (g, step))
                report.deep_checks += 1
            legal = state.legal_actions()
            if not legal:
                raise _fail(g, step, "a non-terminal state has no legal actions")
            action = rng.choice(legal)
            texts.append(str(action))
            state.apply_action(action)
            step += 1
        _check_terminal(game, state, g, step)
        replayed = game.new_initial_state(seed=seed + g)
        for text in texts:
            replayed.apply_action(game.parse_action(replayed, text))
        if _dump(replayed) != _dump(state):
            raise _fail(g, step, "replaying the seed and the actions gave another game")
        report.games += 1
        report.actions += step
        report.lengths.append(step)
    return report


def _check_notation_table(game: Game) -> None:
    """Every action number has its own non-empty notation, none of them a record's word for
    a take-back (:data:`ziggurat.core.undo.UNDO`)."""
    state = game.new_initial_state(seed=0)
    texts = [str(game.int_to_action(state, i)) for i in range(game.num_distinct_actions)]
    if not all(texts):
        raise ConformanceError("an action has empty notation")
    if len(set(texts)) != len(texts):
        raise ConformanceError("two action numbers share one notation")
    if UNDO in texts:
        raise ConformanceError(f"an action is spelled {UNDO!r}, which records keep for take-backs")


def _check_terminal(game: Game, state: State, g: int, step: int) -> None:
    if state.current_player != TERMINAL:
        raise _fail(g, step, f"terminal state has current_player {state.current_player}")
    if state.legal_actions():
        raise _fail(g, step, "terminal state still has legal actions")
    winners = state.winners()
    if not winners or not set(winners) <= set(range(game.num_players)):
        raise _fail(g, step, f"terminal winners {winners} are not seats")
    if len(state.scores()) != game.num_players:
        raise _fail(g, step, "scores() does not give one score per seat")
    for seat in (*range(game.num_players), None):
        check_envelope(state, seat, state.view(seat), (g, step))
    rebuilt = game.state_from_json(json.loads(_dump(state)))
    if _dump(rebuilt) != _dump(state) or not rebuilt.is_terminal():
        raise _fail(g, step, "a finished game does not survive the JSON round trip")


def random_position(game: Game, seed: int, steps: int) -> State:
    """The position after ``steps`` random actions from the deal of ``seed`` (fewer if the
    game ends first): a seeded mid-game position for tests."""
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def play_random_game(game: Game, seed: int) -> tuple[State, list[str]]:
    """A random game from ``seed``; returns the final state and the actions' notation."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    texts = []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        texts.append(str(action))
        state.apply_action(action)
    return state, texts


__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "check_game",
    "check_state",
    "play_random_game",
    "random_position",
]
