"""What a game tells the game-agnostic bots, as one class with every hook declared here.

The greedy agent and the search (``ziggurat.agents``) know no game: they ask the game's
``heuristics.py`` for a :class:`Heuristics` (its module attribute ``HEURISTICS``). Every hook
has a default, so a game without heuristics is still played: ties broken at random, legal
moves tried in random order, rollouts of random moves played to the end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .action import Action

TUNABLE_SETTINGS = ("iterations", "rollout_depth", "exploration", "widening", "policy_opponents")
"""The search settings a game may tune per strength (:attr:`Heuristics.strengths`). The time
cap and the number of trees are not among them: they are the players' promise of how long a
bot thinks and how many cores it takes, the same in every game."""


def depth_at(depth: int | Mapping[int, int] | None, players: int) -> int | None:
    """A rollout depth given as one number or by player count, at ``players`` players: the
    game's own (:attr:`Heuristics.rollout_depth`) and a strength's tuned one take either."""
    if depth is None or isinstance(depth, int):
        return depth
    if players not in depth:
        counts = ", ".join(str(n) for n in sorted(depth))
        raise ValueError(f"no rollout depth for {players} players: it is given for {counts}")
    return depth[players]


class Heuristics:
    """A game's advice to the bots. A game's ``heuristics.py`` sets ``HEURISTICS`` to one,
    built from its own functions (``Heuristics(ROLLOUT_DEPTH, tiebreak=..., evaluate=...)``)
    or from a subclass; what it does not give keeps the default below."""

    rollout_depth: int | Mapping[int, int] | None = None
    """Actions a search rollout plays before :meth:`evaluate` scores the position, or such
    a number by player count (more players, more moves to a round: a game may cut rollouts
    shorter to keep its search as quick); ``None`` plays every rollout to the end of the
    game (then ``evaluate`` is never asked)."""

    policy_opponents: bool = False
    """Should a search let the other seats play :meth:`rollout_action` inside its tree
    instead of choosing for them by their statistics? Those statistics are gathered in
    worlds sampled by the searching seat, so in a game of hidden hands they are the choices
    of opponents who see the searcher's hand; a game where that misleads the search (Tower of
    Babel's secret offers) says so here."""

    strengths: Mapping[str, Mapping[str, Any]] = {}
    """Search settings this game sets for a named strength, in place of the strength's own
    (``{"hard": {"iterations": 12000}}``; a ``rollout_depth`` may be given by player count,
    as :attr:`rollout_depth` is): a strength is a promise of how long a bot thinks,
    and what a game makes of that time differs (a game of few moves a decision gains from
    more iterations, one whose rollouts misjudge from shorter ones). Keys are among
    :data:`TUNABLE_SETTINGS`; a setting an agent's spec gives itself still wins. Default:
    none, every strength as defined in :mod:`ziggurat.agents.base`."""

    def __init__(
        self,
        rollout_depth: int | Mapping[int, int] | None = None,
        *,
        tiebreak: Callable[[Any, int, Any], float] | None = None,
        action_priors: Callable[[Any, int, Sequence[Any]], list[float] | None] | None = None,
        rollout_action: Callable[[Any, Any], Any] | None = None,
        evaluate: Callable[[Any], list[float]] | None = None,
        search_actions: Callable[[Any], list[Any] | None] | None = None,
        distinct_actions: Callable[[Any], list[Any] | None] | None = None,
        policy_opponents: bool | None = None,
        strengths: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        if rollout_depth is not None:
            self.rollout_depth = rollout_depth
        if strengths is not None:
            for strength, settings in strengths.items():
                unknown = sorted(set(settings) - set(TUNABLE_SETTINGS))
                if unknown:
                    raise ValueError(
                        f"strength {strength!r}: {', '.join(unknown)} cannot be tuned per game; "
                        f"the settings a game may tune are {', '.join(TUNABLE_SETTINGS)}"
                    )
            self.strengths = {name: dict(settings) for name, settings in strengths.items()}
        if policy_opponents is not None:
            self.policy_opponents = policy_opponents
        given = {
            "tiebreak": tiebreak,
            "action_priors": action_priors,
            "rollout_action": rollout_action,
            "evaluate": evaluate,
            "search_actions": search_actions,
            "distinct_actions": distinct_actions,
        }
        for hook, function in given.items():
            if function is not None:
                setattr(self, hook, function)  # the game's function in place of the default

    def depth_for(self, players: int) -> int | None:
        """The rollout depth at ``players`` players (see :attr:`rollout_depth`)."""
        return depth_at(self.rollout_depth, players)

    def tiebreak(self, state: Any, seat: int, action: Action) -> float:
        """Among moves that gain ``seat`` the same points now, the greater value is better.
        Default: all alike (the greedy agent then draws at random)."""
        return 0.0

    def action_priors(self, state: Any, seat: int, actions: Sequence[Action]) -> list[float] | None:
        """A value per action of ``actions``, for the order in which the search tries them
        (greater first); ``None``: no preference, tried in random order. Default: ``None``."""
        return None

    def search_actions(self, state: Any) -> list[Action] | None:
        """The legal moves a search node below the root considers, where listing every
        legal move costs more than the search can afford at each new node (hundreds of
        offers) and most of them are never worth a try: a short list of the sensible ones,
        each legal, which the search ranks by the priors. The root still weighs every legal
        move (or every :meth:`distinct_actions`, where the game gives them): this shapes how
        the search expects play to go on, as ``rollout_action`` does.
        Default: ``None``, every legal move."""
        return None

    def distinct_actions(self, state: Any) -> list[Action] | None:
        """One legal move for each thing the player to move can do, where several legal
        moves do exactly the same (an offer padded with bluff cards, which go back unread,
        does what the offer without them does): the search's root weighs only these, so
        that its visits are not spread over copies of one move, and a hint never names a
        padded copy. Every legal move must do what one of them does, and the list may
        depend only on what the player to move can see. Default: ``None``, every legal
        move is distinct."""
        return None

    def rollout_action(self, state: Any, rng: Any) -> Action:
        """The move a search rollout plays. Default: a legal move drawn uniformly."""
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]

    def evaluate(self, state: Any) -> list[float]:
        """Each seat's expected share of the victory at a position where a rollout stopped
        (summing to 1). Default: the seats leading now share it."""
        winners = state.winners() or list(range(len(state.scores())))
        share = 1.0 / len(winners)
        return [share if seat in winners else 0.0 for seat in range(len(state.scores()))]


DEFAULT = Heuristics()
"""The heuristics of a game that has none of its own."""
