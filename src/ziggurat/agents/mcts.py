"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration samples a world the searching seat cannot tell from the real one
(``state.determinize(seat, rng)``), so the search never uses another seat's secrets, and
walks one shared tree of the seat's information sets with it. Selection is UCB over the
children available in that world, counting availability (a child is only compared in the
worlds where it is legal). Values are kept per seat (2-4 players, not zero-sum): at each node
the player to move picks by their own mean reward. Rollouts follow the game's own policy when
its heuristics module provides ``rollout_action(state, rng)``, else uniform random moves; a
rollout may stop early and be scored by the game's ``evaluate(state)`` (rewards in [0, 1] per
seat), else it runs to the end and rewards a win (1, shared on ties).
"""

from __future__ import annotations

import math
import time
from typing import Any

from ziggurat.core.action import Action
from ziggurat.core.api import State
from ziggurat.core.registry import heuristics_for
from ziggurat.core.rng import Rng


class Node:
    """Statistics of one action taken from an information set."""

    __slots__ = ("action", "available", "children", "order", "totals", "visits")

    def __init__(self, action: Action | None, players: int) -> None:
        self.action = action
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.available = 1
        self.totals = [0.0] * players
        self.order: list[Action] | None = None  # actions to try, most promising first


def terminal_rewards(state: State) -> list[float]:
    winners = state.winners()
    share = 1.0 / len(winners)
    return [share if seat in winners else 0.0 for seat in range(len(state.scores()))]


class MCTSAgent:
    """ISMCTS with a budget of ``iterations`` and/or ``seconds`` per decision."""

    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int | None = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout_depth: int | None = None,
        widening: float = 2.0,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("give the search a budget: iterations, seconds, or both")
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.widening = widening
        self.last_iterations = 0

    def select_action(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = self.search(state, seat)
        best = max(
            (c for c in root.children.values() if c.action in legal),
            key=lambda c: (c.visits, c.totals[seat]),
        )
        assert best.action is not None
        return best.action

    def search(self, state: State, seat: int) -> Node:
        heuristics = _heuristics(state)
        rollout_action = getattr(heuristics, "rollout_action", None)
        evaluate = getattr(heuristics, "evaluate", None)
        prior = getattr(heuristics, "action_prior", None)
        players = len(state.scores())
        root = Node(None, players)
        rng = self.rng
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            world = state.determinize(seat, rng)
            path = [root]
            node = root
            # Selection and expansion.
            while not world.is_terminal():
                legal = world.legal_actions()
                mover = world.current_player
                action = self._next_untried(node, world, legal, mover, prior)
                if action is not None:
                    child = node.children[action.id] = Node(action, players)
                    for a in legal:
                        if a.id != action.id and a.id in node.children:
                            node.children[a.id].available += 1
                    world.apply_action(action)
                    path.append(child)
                    break
                log_scale = self.exploration
                best_child, best_value = None, -1.0
                for a in legal:
                    c = node.children.get(a.id)
                    if c is None:
                        continue
                    c.available += 1
                    value = c.totals[mover] / c.visits + log_scale * math.sqrt(
                        math.log(c.available) / c.visits
                    )
                    if value > best_value:
                        best_child, best_value = c, value
                assert best_child is not None and best_child.action is not None
                world.apply_action(best_child.action)
                node = best_child
                path.append(node)
            # Simulation.
            depth = 0
            while not world.is_terminal():
                if self.rollout_depth is not None and depth >= self.rollout_depth and evaluate:
                    break
                if rollout_action is not None:
                    world.apply_action(rollout_action(world, rng))
                else:
                    legal = world.legal_actions()
                    world.apply_action(legal[rng.randrange(len(legal))])
                depth += 1
            rewards = terminal_rewards(world) if world.is_terminal() else evaluate(world)
            # Backpropagation.
            for n in path:
                n.visits += 1
                totals = n.totals
                for s in range(players):
                    totals[s] += rewards[s]
            done += 1
        self.last_iterations = done
        return root

    def _next_untried(self, node, world, legal, mover, prior):  # type: ignore[no-untyped-def]
        """Progressive widening: a node may hold about ``widening * sqrt(visits)`` children,
        tried in the order the game's prior ranks them (random order without one). With a
        few hundred placements to choose from, this is what lets a search of a few thousand
        iterations look past the first move."""
        limit = max(1, math.ceil(self.widening * math.sqrt(node.visits + 1)))
        present = sum(1 for a in legal if a.id in node.children)
        if present >= limit and present:
            return None
        if node.order is None:
            if prior is not None:
                node.order = sorted(legal, key=lambda a: -prior(world, mover, a))
            else:
                node.order = list(legal)
                for i in range(len(node.order) - 1, 0, -1):
                    j = self.rng.randrange(i + 1)
                    node.order[i], node.order[j] = node.order[j], node.order[i]
        legal_ids = {a.id for a in legal}
        for a in node.order:
            if a.id in legal_ids and a.id not in node.children:
                return a
        for a in legal:  # legal here but unseen when the order was made (another world)
            if a.id not in node.children:
                node.order.append(a)
                return a
        return None


def _heuristics(state: State) -> Any:
    try:
        return heuristics_for(state.game.name)
    except ValueError:
        return None
