"""Which games a tournament plays: deals, seatings and the seeds of games and agents.

A tournament is a list of *deals* (one game seed each), and every deal is played once in
every distinct seating of the entrants, so that no agent profits from a lucky deal or a
favourable seat. Everything follows from the tournament seed, so any game can be replayed
alone from its seed and seating.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import permutations
from typing import Any

from ziggurat.agents import make_agent
from ziggurat.core.errors import InvalidOptions
from ziggurat.core.registry import load_game

Seating = tuple[int, ...]  # seat -> index into the plan's entrants


def entrant_labels(agents: list[str]) -> list[str]:
    """Names for the entrants: the agent specs, numbered where one is entered twice."""
    labels = []
    for i, spec in enumerate(agents):
        same = [j for j, other in enumerate(agents) if other == spec]
        labels.append(spec if len(same) == 1 else f"{spec}#{same.index(i) + 1}")
    return labels


def seatings(agents: list[str]) -> list[Seating]:
    """Every distinct way to seat the entrants (two copies of one agent are one agent, so
    ``greedy,greedy,random`` has three seatings, not six), in a fixed order."""
    seen: dict[tuple[str, ...], Seating] = {}
    for order in permutations(range(len(agents))):
        seen.setdefault(tuple(agents[i] for i in order), order)
    return list(seen.values())


def deal_seed(seed: int, deal: int) -> int:
    """The game seed of a deal: consecutive from the tournament seed, so ``ziggurat play
    --seed`` can deal the same game again."""
    return seed + deal


def agent_seed(game_seed: int, seat: int) -> int:
    """The seed of the agent in ``seat`` of a game: fixed by the deal and the seat, so the
    same deal in the same seating plays out the same way (budgets in iterations)."""
    return game_seed * 16 + seat


@dataclass(frozen=True)
class GameTask:
    """One game to play, small enough to send to a worker process or a Ray task."""

    index: int
    deal: int
    seed: int
    game: str
    options: dict[str, Any]
    agents: tuple[str, ...]  # agent spec per seat
    labels: tuple[str, ...]  # entrant label per seat
    record: bool = False


@dataclass(frozen=True)
class Plan:
    """A tournament: the game and its options, the entrants, the seed and how many games.

    ``games`` is rounded up to whole deals, so that each deal is played in every seating.
    """

    game: str
    agents: list[str]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.games < 1:
            raise InvalidOptions(f"a tournament needs at least 1 game, not {self.games}")
        if self.seed < 0:
            raise InvalidOptions(f"the seed must be 0 or more, not {self.seed}")
        game = load_game(self.game, **self.options)  # refuses unknown games and options
        if len(self.agents) != game.num_players:
            raise InvalidOptions(
                f"{len(self.agents)} agents ({', '.join(self.agents)}) for a "
                f"{game.num_players}-player game: name one agent per seat, repeating one "
                "to enter it twice"
            )
        for spec in self.agents:
            close = getattr(make_agent(spec), "close", None)  # refuses unknown agents
            if close is not None:
                close()
        object.__setattr__(self, "options", dict(game.options))

    @property
    def labels(self) -> list[str]:
        return entrant_labels(self.agents)

    @property
    def seatings(self) -> list[Seating]:
        return seatings(self.agents)

    @property
    def deals(self) -> int:
        return -(-self.games // len(self.seatings))

    @property
    def total(self) -> int:
        """The games actually played: whole deals times seatings."""
        return self.deals * len(self.seatings)

    def task(self, index: int, record: bool = False) -> GameTask:
        order = self.seatings
        deal, which = divmod(index, len(order))
        seating = order[which]
        labels = self.labels
        return GameTask(
            index=index,
            deal=deal,
            seed=deal_seed(self.seed, deal),
            game=self.game,
            options=self.options,
            agents=tuple(self.agents[e] for e in seating),
            labels=tuple(labels[e] for e in seating),
            record=record,
        )
