"""A bot's advice for one decision: its choice, the next best moves, and what it expects.

Hints at a casual table and the post-game analysis ask the search the same question: from
what this seat could see, which moves are best, and how good is each? The answer comes from
the same ISMCTS the bots play with (:class:`~.mcts.MCTSAgent`), so it never reads another
seat's secrets: every iteration searches a world drawn from the seat's view, and the root's
moves are ranked in such a world too. With its seed fixed and a budget of iterations only,
the advice is the same in every position the seat cannot tell apart.

A move's *value* is the search's mean reward for the seat after it, in 0..1: the game's
``evaluate`` where rollouts stop (its lead over the best other seat, squashed) and a share
of the win where they reach the end. It reads as an estimated chance of winning.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ziggurat.core.action import Action
from ziggurat.core.api import State
from ziggurat.core.errors import InvalidOptions
from ziggurat.core.registry import heuristics_for

from .base import MCTS_STRENGTHS
from .mcts import MCTSAgent, Node

LINE_LENGTH = 6
"""Moves of the line a search expects after a move, at most."""

LINE_VISITS = 4
"""Visits a move of that line needs: below it, the search barely looked there."""


@dataclass(frozen=True)
class Step:
    """One move of an expected line: who plays it, and what."""

    seat: int
    action: Action

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": str(self.action)}


@dataclass(frozen=True)
class Option:
    """One move the search weighed: its value for the seat (0..1), how often it was
    searched, and the line the search expected after it."""

    action: Action
    value: float
    visits: int
    line: tuple[Step, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "action": str(self.action),
            "value": round(self.value, 4),
            "visits": self.visits,
            "line": [step.to_json() for step in self.line],
        }


@dataclass(frozen=True)
class Advice:
    """The search's answer for ``seat``: ``options`` best first (the first is the bot's
    choice), ``iterations`` searched, and the move asked about (``asked``, when one was)."""

    seat: int
    options: tuple[Option, ...]
    iterations: int
    asked: Option | None = None

    @property
    def best(self) -> Option:
        return self.options[0]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": self.seat,
            "iterations": self.iterations,
            "moves": [option.to_json() for option in self.options],
        }
        if self.asked is not None:
            out["asked"] = self.asked.to_json()
        return out


def search_settings(
    strength: str, *, timed: bool = True, game: str | None = None
) -> dict[str, Any]:
    """The search budget of a named strength (``easy``, ``medium``, ``hard``), with the
    iterations ``game`` tunes it to (:attr:`~ziggurat.core.heuristics.Heuristics.strengths`)
    when one is named; without ``timed``, iterations only, so that the answer depends on the
    seed alone."""
    settings = MCTS_STRENGTHS.get(strength)
    if settings is None:
        raise InvalidOptions(
            f"unknown strength {strength!r}; choose one of {', '.join(MCTS_STRENGTHS)}"
        )
    iterations = settings["iterations"]
    if game is not None:
        iterations = heuristics_for(game).strengths.get(strength, {}).get("iterations", iterations)
    out = {"iterations": iterations, "seconds": settings["seconds"]}
    if not timed:
        out["seconds"] = None
    return out


def advise(
    state: State,
    seat: int,
    *,
    strength: str = "medium",
    seed: int = 0,
    alternatives: int = 2,
    asked: Action | None = None,
    timed: bool = True,
    seconds: float | None = None,
) -> Advice:
    """What the ``strength`` search advises ``seat``, the seat to move: its choice and up
    to ``alternatives`` more, each with its value and expected line. ``asked``, a legal
    move, is searched for certain and reported too (the move a player made). ``timed``
    keeps the strength's time cap, lowered to ``seconds`` if that is less (a server's
    budget); untimed, the iterations alone bound it."""
    if state.is_terminal():
        raise InvalidOptions("the game is over: there is no decision to advise on")
    if state.current_player != seat:
        raise InvalidOptions(
            f"seat {seat} is not to move; advice is for the seat to move "
            f"(seat {state.current_player})"
        )
    if asked is not None and not state.is_legal(asked):
        raise InvalidOptions(f"{asked} is not a legal move here")
    settings = search_settings(strength, timed=timed, game=state.game.name)
    if timed and seconds is not None:
        own = settings["seconds"]
        settings["seconds"] = seconds if own is None else min(own, seconds)
    agent = MCTSAgent(seed, **settings, strength=strength)  # the game's tuning of it
    root = agent.search(state, seat, first=asked)
    ranked = sorted(
        (c for c in root.children.values() if c.visits),
        key=lambda c: (c.visits, c.totals[seat]),
        reverse=True,
    )
    options = tuple(_option(c, seat) for c in ranked[: 1 + alternatives])
    asked_option = None
    if asked is not None:
        child = root.children.get(asked.id)
        if child is not None and child.visits:
            asked_option = _option(child, seat)
    return Advice(seat, options, agent.last_iterations, asked_option)


def _option(child: Node, seat: int) -> Option:
    assert child.action is not None
    return Option(child.action, child.totals[seat] / child.visits, child.visits, _line(child))


def _line(node: Node) -> tuple[Step, ...]:
    """The most searched continuation under ``node``: what the search expected next."""
    out: list[Step] = []
    while len(out) < LINE_LENGTH and node.children:
        node = max(node.children.values(), key=lambda c: c.visits)
        if node.visits < LINE_VISITS or node.action is None:
            break
        out.append(Step(node.seat, node.action))
    return tuple(out)
