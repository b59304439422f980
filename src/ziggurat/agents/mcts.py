"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration samples a world the searching seat cannot tell from the real one
(``state.determinize(seat, rng)``), so the search never uses another seat's secrets, and
walks one shared tree of the seat's information sets with it. Selection is UCB over the
children available in that world, counting availability (a child is only compared in the
worlds where it is legal). Values are kept per seat (2-4 players, not zero-sum): at each node
the player to move picks by their own mean reward. Rollouts follow the game's
:class:`~ziggurat.core.heuristics.Heuristics` (``rollout_action``: uniform random moves by
default); a rollout stops after ``rollout_depth`` moves and is scored by ``evaluate``
(rewards in [0, 1] per seat), or, without a depth, runs to the end and rewards a win (1,
shared on ties).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

from ziggurat.core.action import Action
from ziggurat.core.api import State
from ziggurat.core.heuristics import TUNABLE_SETTINGS, depth_at
from ziggurat.core.registry import heuristics_for
from ziggurat.core.rng import Rng

MIN_SPREAD_SAMPLES = 20  # leaves seen before their spread scales the exploration
MIN_SPREAD = 0.02  # the least spread assumed: evaluations alike so far may still differ


class Node:
    """Statistics of one action taken from an information set."""

    __slots__ = (
        "action",
        "available",
        "children",
        "complete_at",
        "order",
        "seat",
        "totals",
        "visits",
    )

    def __init__(self, action: Action | None, players: int, seat: int = -1) -> None:
        self.action = action
        self.seat = seat  # who took the action (-1 at the root), for the lines a search expects
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.available = 1
        self.totals = [0.0] * players
        self.order: list[Action] | None = None  # actions to try, most promising first
        self.complete_at = 0  # visits when every legal move was last found in the order


def terminal_rewards(state: State) -> list[float]:
    winners = state.winners()
    share = 1.0 / len(winners)
    return [share if seat in winners else 0.0 for seat in range(len(state.scores()))]


class MCTSAgent:
    """ISMCTS with a budget of ``iterations`` and/or ``seconds`` per decision.

    With ``workers`` above one the search is root-parallel: that many processes each grow
    their own tree from their own seed (the iterations split between them, the time cap
    shared), and the root statistics are summed before choosing. Each process keeps its tree
    between decisions, so the rest of a turn reuses its subtrees as a single search does.
    Call :meth:`close` (or use the agent as a context manager) to stop the worker processes.

    ``policy_opponents`` lets the other seats play the rollout policy inside the tree rather
    than choose by statistics they gathered seeing this seat's sampled hands; ``None`` takes
    the game's advice (:attr:`~ziggurat.core.heuristics.Heuristics.policy_opponents`).

    ``strength``, a named strength (``hard``), lets the game being played tune the settings
    for it (:attr:`~ziggurat.core.heuristics.Heuristics.strengths`): the ones given here are
    the strength's own, and those named in ``given`` (the settings a spec wrote itself) are
    kept whatever the game says.
    """

    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int | None = 1000,
        seconds: float | None = None,
        exploration: float = 1.0,
        rollout_depth: int | Mapping[int, int] | None = None,
        widening: float = 2.0,
        workers: int = 1,
        policy_opponents: bool | None = None,
        strength: str | None = None,
        given: Iterable[str] = (),
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError("give the search a budget: iterations, seconds, or both")
        if workers < 1:
            raise ValueError(f"workers must be 1 or more, not {workers}")
        if policy_opponents not in (None, False, True):  # 0 and 1 are False and True here
            raise ValueError(
                f"policy_opponents must be True, False or None, not {policy_opponents!r}"
            )
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.widening = widening
        self.workers = workers
        # None: as the game's heuristics advise; a spec's ``policy_opponents=1`` arrives as 1.
        self.policy_opponents = None if policy_opponents is None else bool(policy_opponents)
        self.strength = strength
        self._given = frozenset(given)
        self._untuned = {key: getattr(self, key) for key in TUNABLE_SETTINGS}
        self._tuned_for: str | None = None  # the game whose strengths are applied
        self.last_iterations = 0
        # One single-process pool per worker: a worker's next share always reaches the
        # process that holds its tree, so its subtree can be reused.
        self._pools: list[ProcessPoolExecutor] = []
        self._kept: tuple[Node, Any] | None = None  # subtree and view for the next decision
        # Root-parallel: the move chosen and the view after it, when the seat moves again
        # at once (each worker keeps its own subtree under that move).
        self._kept_move: tuple[int, Any] | None = None
        self._search_actions: Callable[[State], list[Action] | None] = lambda _state: None

    def _tune(self, game_name: str) -> None:
        """Apply ``game_name``'s settings for this agent's strength, once per game (an agent
        moved to another game starts again from the strength's own settings)."""
        if self.strength is None or self._tuned_for == game_name:
            return
        tuned = heuristics_for(game_name).strengths.get(self.strength, {})
        for key, value in self._untuned.items():
            setattr(self, key, value if key in self._given else tuned.get(key, value))
        if self.policy_opponents is not None:
            self.policy_opponents = bool(self.policy_opponents)
        self._tuned_for = game_name

    def select_action(self, state: State, seat: int) -> Action:
        self._tune(state.game.name)
        legal = state.legal_actions()
        if len(legal) == 1 and not state.game.options_are_secret(state):
            self.last_iterations = 0
            return legal[0]  # a forced move everyone can see is forced: no need to think
        kept, self._kept = self._kept, None
        kept_move, self._kept_move = self._kept_move, None
        # The time budget is the whole decision's, counted from here (a spawned worker reads
        # the same monotonic clock), so setting up the search never makes the move late.
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        if self.workers > 1:
            reuse = None
            if kept_move is not None and self._same_position(kept_move[1], state, seat):
                reuse = kept_move[0]
            stats = self._parallel_root_stats(state, seat, deadline, reuse)
        else:
            root = self.search(state, seat, self._reusable(kept, state, seat), deadline=deadline)
            stats = root_stats(root, seat)
        by_id = {a.id: a for a in legal}
        if not any(key in by_id for key in stats):  # a kept tree that fits no legal move
            root = self.search(state, seat, deadline=deadline)
            stats = root_stats(root, seat)
        best = by_id[max((k for k in stats if k in by_id), key=lambda k: stats[k])]
        if self.workers == 1:
            self._keep(root, state, seat, best)
        else:
            view = self._view_after(state, seat, best)
            if view is not None:
                self._kept_move = (best.id, view)
        return best

    def _keep(self, root: Node, state: State, seat: int, action: Action) -> None:
        """Keep the subtree under ``action`` when this seat moves again at once (the rest of
        a Babylonia turn): the next search starts from its statistics instead of from
        nothing, and only tops it up to the budget."""
        child = root.children.get(action.id)
        if child is None:
            return
        view = self._view_after(state, seat, action)
        if view is not None:
            self._kept = (child, view)

    @staticmethod
    def _view_after(state: State, seat: int, action: Action) -> Any:
        """What ``seat`` sees after ``action`` if it is then to move again, else None."""
        after = state.clone()
        after.apply_action(action)
        if after.is_terminal() or after.current_player != seat:
            return None
        return after.view(seat)

    @staticmethod
    def _same_position(view: Any, state: State, seat: int) -> bool:
        """Is ``state`` the position a kept subtree was searched for: the same seat to move,
        seeing exactly what it saw then? Whatever the seat cannot see may differ, as in any
        search of that information set, so reuse reveals nothing new."""
        return state.current_player == seat and state.view(seat) == view

    @classmethod
    def _reusable(cls, kept: tuple[Node, Any] | None, state: State, seat: int) -> Node | None:
        """The kept subtree, if ``state`` is the position it was searched for."""
        if kept is None or not cls._same_position(kept[1], state, seat):
            return None
        return kept[0]

    def _parallel_root_stats(
        self, state: State, seat: int, deadline: float | None, reuse: int | None
    ) -> dict[int, tuple[int, float]]:
        """The workers' root statistics, summed; ``reuse``, the id of the move this seat just
        made, asks each worker to start from its own subtree under it."""
        if not self._pools:
            context = get_context("spawn")
            self._pools = [ProcessPoolExecutor(1, mp_context=context) for _ in range(self.workers)]
        shares = [None] * self.workers
        if self.iterations is not None:
            base, extra = divmod(self.iterations, self.workers)
            shares = [base + (i < extra) for i in range(self.workers)]  # type: ignore[misc]
        settings = {
            "seconds": self.seconds,
            "exploration": self.exploration,
            "rollout_depth": self.rollout_depth,
            "widening": self.widening,
            "policy_opponents": self.policy_opponents,
        }
        futures = [
            pool.submit(
                _worker_search, state, seat, self.rng.next64(), share, settings, deadline, reuse
            )
            for pool, share in zip(self._pools, shares, strict=True)
        ]
        merged: dict[int, tuple[int, float]] = {}
        self.last_iterations = 0
        for future in futures:
            stats, done = future.result()
            self.last_iterations += done
            for key, (visits, total) in stats.items():
                old = merged.get(key, (0, 0.0))
                merged[key] = (old[0] + visits, old[1] + total)
        return merged

    def close(self) -> None:
        """Stop the worker processes of a root-parallel agent (a no-op with one worker)."""
        pools, self._pools = self._pools, []
        for pool in pools:
            pool.shutdown(cancel_futures=True)

    def __enter__(self) -> MCTSAgent:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def search(
        self,
        state: State,
        seat: int,
        root: Node | None = None,
        first: Action | None = None,
        deadline: float | None = None,
    ) -> Node:
        """Grow the tree of ``seat``'s information set at ``state`` (``seat`` to move) until
        the root has been visited ``iterations`` times (a reused ``root`` starts with visits
        of its own) or the time is up; ``last_iterations`` counts the iterations this call
        ran. The root weighs every legal move, or only one of each set of moves that do
        the same where the game's heuristics give its ``distinct_actions``. ``first``, a
        legal action, is the root's first child whatever the priors say (an analysis must
        value the move that was played, copy or not). ``deadline``, a
        ``time.monotonic()`` instant, ends the search where ``seconds`` would end it later."""
        self._tune(state.game.name)
        heuristics = heuristics_for(state.game.name)
        self._search_actions = heuristics.search_actions
        rollout_action = heuristics.rollout_action
        evaluate = heuristics.evaluate
        priors = heuristics.action_priors
        # Where the other seats' moves are the rollout policy's, their nodes only record
        # what that policy played: the tree branches on the searching seat's own choices.
        policy_opponents = (
            heuristics.policy_opponents if self.policy_opponents is None else self.policy_opponents
        )
        # Rollouts stop after the agent's rollout_depth, or else after the depth the game's
        # heuristics suggest; with neither they run to the end and evaluate is not asked.
        players = len(state.scores())
        cutoff = (
            depth_at(self.rollout_depth, players)
            if self.rollout_depth is not None
            else heuristics.depth_for(players)
        )
        if root is None:
            root = Node(None, players)
        # The worlds and rollouts draw from Python's own generator (its draws are C code, and
        # a search makes millions), seeded from the agent's: still the same search every
        # time from the same seed.
        rng = random.Random(self.rng.next64())
        # The seat's own options are the same in every world it cannot tell from this one
        # (the conformance suite checks it), so the root's list and ranking are made once,
        # in a sampled world: the priors may read anything in the state they are given.
        sampled = state.determinize(seat, rng)
        distinct = heuristics.distinct_actions(sampled)
        root_legal = distinct if distinct is not None else sampled.legal_actions()
        if first is not None and first not in root_legal:
            root_legal = [*root_legal, first]
        self._rank(root, sampled, root_legal, priors)
        if first is not None and root.order is not None:
            root.order.remove(first)
            root.order.insert(0, first)
        root_ids = {a.id for a in root_legal}
        root_present = [c for key, c in root.children.items() if key in root_ids]
        exploration = self.exploration
        # Exploration in units of the spread of each seat's rewards in this search: a game
        # whose evaluations differ by hundredths gets the same balance of trying and trusting
        # as one whose evaluations span the whole range. ``spread`` starts at a half (the
        # widest a reward in 0..1 can spread) until the leaves have said more.
        reward_sum = [0.0] * players
        reward_squares = [0.0] * players
        spread = [0.5] * players
        widening = self.widening
        log, sqrt, ceil = math.log, math.sqrt, math.ceil
        if self.seconds is not None:
            own = time.monotonic() + self.seconds
            deadline = own if deadline is None else min(deadline, own)
        done = 0
        while True:
            if self.iterations is not None and root.visits >= self.iterations:
                break
            if deadline is not None and done and time.monotonic() >= deadline:
                break
            world = state.determinize(seat, rng)
            path = [root]
            node = root
            # Selection and expansion.
            while not world.is_terminal():
                children = node.children
                mover = world.current_player
                if policy_opponents and mover != seat:
                    action = rollout_action(world, rng)
                    child = children.get(action.id)
                    if child is None:
                        child = children[action.id] = Node(action, players, mover)
                    world.apply_legal(action)
                    path.append(child)
                    node = child
                    continue
                if node is root:
                    present = root_present
                else:
                    # The children this world offers, each checked alone: far cheaper than
                    # listing the hundreds of moves a position may have.
                    is_legal = world.is_legal
                    present = [c for c in children.values() if is_legal(c.action)]
                for c in present:
                    c.available += 1
                action = None
                if len(present) < max(1, ceil(widening * sqrt(node.visits + 1))):
                    action = self._next_untried(
                        node, world, priors, bool(present), closed=node is root
                    )
                if action is not None:
                    child = children[action.id] = Node(action, players, world.current_player)
                    if node is root:
                        root_present.append(child)
                    world.apply_legal(action)
                    path.append(child)
                    break
                scale = exploration * spread[mover]
                best_child = present[0]
                best_value = -math.inf
                for c in present:  # the first best in the order they were opened
                    value = c.totals[mover] / c.visits + scale * sqrt(log(c.available) / c.visits)
                    if value > best_value:
                        best_child, best_value = c, value
                world.apply_legal(best_child.action)
                node = best_child
                path.append(node)
            # Simulation.
            depth = 0
            while not world.is_terminal():
                if cutoff is not None and depth >= cutoff:
                    break
                world.apply_legal(rollout_action(world, rng))
                depth += 1
            rewards = terminal_rewards(world) if world.is_terminal() else evaluate(world)
            # Backpropagation.
            for n in path:
                n.visits += 1
                totals = n.totals
                for i, r in enumerate(rewards):
                    totals[i] += r
            done += 1
            for i, r in enumerate(rewards):
                reward_sum[i] += r
                reward_squares[i] += r * r
            if done >= MIN_SPREAD_SAMPLES:
                for i in range(players):
                    mean = reward_sum[i] / done
                    variance = reward_squares[i] / done - mean * mean
                    spread[i] = max(MIN_SPREAD, sqrt(variance) if variance > 0 else 0.0)
        self.last_iterations = done
        return root

    def _rank(
        self,
        node: Node,
        world: State,
        legal: list[Action],
        priors: Callable[[State, int, list[Action]], list[float] | None],
    ) -> None:
        """Set ``node.order``: ``legal`` most promising first by the game's priors (which
        score a whole list at once, so a game can share the work of ranking hundreds), in
        random order without them."""
        values = priors(world, world.current_player, legal)
        if values is not None:
            # Stable: equal priors keep the order of ``legal``.
            ranked = sorted(range(len(legal)), key=values.__getitem__, reverse=True)
            node.order = [legal[i] for i in ranked]
        else:
            order = list(legal)
            for i in range(len(order) - 1, 0, -1):
                j = self.rng.randrange(i + 1)
                order[i], order[j] = order[j], order[i]
            node.order = order

    def _candidates(self, world: State) -> list[Action]:
        """The moves a node may open in ``world``: the game's short list, else all."""
        short = self._search_actions(world)
        return short if short is not None else world.legal_actions()

    def _next_untried(
        self,
        node: Node,
        world: State,
        priors: Callable[[State, int, list[Action]], list[float] | None],
        has_present: bool = True,
        *,
        closed: bool = False,
    ) -> Action | None:
        """Progressive widening: the caller lets a node hold about ``widening *
        sqrt(visits)`` children; this opens the next, in the order the game's prior ranks
        the moves (:meth:`_rank`, made the first time the node is left by a new child). With
        a few hundred placements to choose from, this is what lets a search of a few
        thousand iterations look past the first move. A node below the root opens only the
        game's ``search_actions`` where it offers a short list (every legal move otherwise;
        the root always weighs every legal move); candidates of this world missing from the
        order (another world's draw or hand) join its end, best first, once it has nothing
        left to try here; they are looked for again only after the node's visits double,
        unless ``has_present`` is false (none of its children is legal in this world: then
        every legal move is a candidate). A ``closed`` node (the root, whose moves are the
        same in every world it searches) opens only what its order lists."""
        order = node.order
        if order is None:
            self._rank(node, world, self._candidates(world), priors)
            order = node.order
            assert order is not None
        children = node.children
        is_legal = world.is_legal
        for a in order:
            if a.id not in children and is_legal(a):
                return a
        if closed:
            return None
        if has_present and node.complete_at and node.visits < 2 * node.complete_at:
            return None  # all tried lately: look for another world's moves less often
        listed = {a.id for a in order}
        unseen = [a for a in self._candidates(world) if a.id not in listed]
        if not unseen and not has_present:  # nothing of the short list is legal here
            unseen = [a for a in world.legal_actions() if a.id not in listed]
        if not unseen:
            node.complete_at = node.visits or 1
            return None
        values = priors(world, world.current_player, unseen)
        if values is not None:  # the rest joins the order's end, best first
            ranked = sorted(range(len(unseen)), key=values.__getitem__, reverse=True)
            unseen = [unseen[i] for i in ranked]
        order.extend(unseen)
        return next((a for a in unseen if a.id not in children), None)


def root_stats(root: Node, seat: int) -> dict[int, tuple[int, float]]:
    """Visits and the searching seat's summed reward per root action id: what a decision
    rests on, and all that root-parallel workers send back."""
    return {key: (c.visits, c.totals[seat]) for key, c in root.children.items()}


# The tree of this worker process's last share (a worker process serves one agent): the
# next share may start from its subtree under the move that was then chosen.
_worker_tree: Node | None = None


def _worker_search(
    state: State,
    seat: int,
    seed: int,
    iterations: int | None,
    settings: dict[str, Any],
    deadline: float | None = None,
    reuse: int | None = None,
) -> tuple[dict[int, tuple[int, float]], int]:
    """One root-parallel share of a search, run in a worker process, stopping at the
    decision's ``deadline`` (the monotonic clock is the machine's, shared by processes).
    ``reuse``: the move just made from the last share's position (the agent checked that
    this is the position after it), whose subtree this share tops up."""
    global _worker_tree
    kept = None
    if reuse is not None and _worker_tree is not None:
        kept = _worker_tree.children.get(reuse)
    _worker_tree = None  # the rest of the old tree goes now, before the new one grows
    agent = MCTSAgent(seed, iterations=iterations, **settings)
    root = agent.search(state, seat, kept, deadline=deadline)
    _worker_tree = root
    return root_stats(root, seat), agent.last_iterations
