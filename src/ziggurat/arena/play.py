"""Play one tournament game: the function every backend runs, in whatever process it has.

It takes a :class:`~ziggurat.arena.schedule.GameTask` and returns plain JSON data, so that
it pickles to a process pool and to Ray alike, and the result file needs no conversion.
"""

from __future__ import annotations

import time
from typing import Any

from ziggurat.agents import make_agent
from ziggurat.core.records import GameRecord
from ziggurat.core.registry import load_game

from .schedule import GameTask, agent_seed


def ranks_of(scores: list[int], winners: list[int]) -> list[int]:
    """Finishing place per seat, 1 best: the game's winners (its tie-break included) first,
    then by score; seats still level share the better place."""
    key = [(seat in winners, score) for seat, score in enumerate(scores)]
    return [1 + sum(other > mine for other in key) for mine in key]


def play_game(task: GameTask) -> dict[str, Any]:
    """Play ``task`` to the end; the result holds scores, winners, places, and how long each
    seat thought (the most and the total seconds over the decisions it made)."""
    game = load_game(task.game, **task.options)
    state = game.new_initial_state(seed=task.seed)
    first_player = state.current_player
    agents = [
        make_agent(spec, agent_seed(task.seed, seat)) for seat, spec in enumerate(task.agents)
    ]
    record = GameRecord.start(game, task.seed, list(task.labels)) if task.record else None
    decisions = [0] * game.num_players
    thinking = [0.0] * game.num_players
    longest = [0.0] * game.num_players
    started = time.perf_counter()
    try:
        while not state.is_terminal():
            seat = state.current_player
            began = time.perf_counter()
            action = agents[seat].select_action(state.clone(), seat)
            took = time.perf_counter() - began
            decisions[seat] += 1
            thinking[seat] += took
            longest[seat] = max(longest[seat], took)
            state.apply_action(action)
            if record is not None:
                record.add(seat, action, state)
    finally:
        for agent in agents:
            close = getattr(agent, "close", None)
            if close is not None:
                close()
    scores = state.scores()
    winners = state.winners()
    return {
        "index": task.index,
        "deal": task.deal,
        "seed": task.seed,
        "seats": list(task.labels),
        "first_player": first_player,
        "scores": scores,
        "winners": winners,
        "ranks": ranks_of(scores, winners),
        "decisions": decisions,
        "think_seconds": [round(t, 4) for t in thinking],
        "longest_decision": [round(t, 4) for t in longest],
        "seconds": round(time.perf_counter() - started, 3),
        "record": record.to_json() if record is not None else None,
    }
