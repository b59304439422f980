"""Hints at casual tables: the bot's advice for a player's decision, from the bot workers.

A player asks for the seat to move (``POST /api/tables/{id}/hint``); the search of the
``advice_strength`` setting (``medium`` unless the operator chose another) answers from what
that seat sees (:func:`ziggurat.agents.advice.advise`), in a bot worker with the table's fair
share of the workers (:meth:`.bot_moves.BotMoves.run_job`), so a hint never blocks the table
or another table's bots. Rated tables have hints off.

Bounded: an answer is kept for the position it was asked in (table, version, seat), for at
most :data:`HINT_MEMORY` positions, so asking again costs nothing; while one is being worked
out, the same question waits for it instead of starting another search; and no new search
starts while as many decisions wait for a worker as the ``bot_queue_limit`` setting allows
(503: the tables' own bots come first).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from ziggurat.core.rng import Rng

from . import bots
from .errors import ApiError

if TYPE_CHECKING:
    from .accounts import Account
    from .service import TableService

HINT_MEMORY = 512
"""Answers kept, by position; the least recently asked are forgotten first."""

Key = tuple[str, int, int]  # table, version, seat


class Hints:
    """The hints of one server process."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.answers: OrderedDict[Key, dict[str, Any]] = OrderedDict()
        self.working: dict[Key, asyncio.Future[dict[str, Any]]] = {}
        self.counts = {"hints": 0, "hints_searched": 0}

    async def hint(
        self, table_id: str, seat: int, token: str | None, account: Account | None
    ) -> dict[str, Any]:
        """The advice for ``seat``'s decision now: ``{"version", "strength", "seat",
        "iterations", "moves": [{"action", "value", "visits", "line", "described"}]}``,
        the bot's choice first. Refused (and nothing changes) for another seat's token, a
        rated table, a finished game, or a seat that is not to move."""
        service = self.service
        if table_id not in service.tables:
            await service.known(table_id)
        async with service.lock(table_id):
            table = await service.load(table_id)
            service.check_token(table, seat, token, account)
            if table.rated:
                raise ApiError(
                    403, "hints_off", "hints are off at a rated table: the game is yours alone"
                )
            if table.finished:
                raise ApiError(409, "game_over", "the game is over: there is no decision left")
            if table.state.current_player != seat:
                raise ApiError(
                    409,
                    "not_your_turn",
                    f"seat {seat} is not to move: a hint is for your own decision, when it "
                    "is yours to make",
                )
            key = (table_id, table.version, seat)
            arguments = (
                table.game.name,
                dict(table.game.options),
                table.state.to_json(),
                seat,
                service.settings.advice_strength,
                Rng(table.seed ^ (table.version * 0x9E3779B97F4A7C15) ^ 0x41).next64(),
            )
        self.counts["hints"] += 1
        known = self.answers.get(key)
        if known is not None:
            self.answers.move_to_end(key)
            return known
        running = self.working.get(key)
        if running is None:
            if service.bots.queue.waiting >= service.settings.bot_queue_limit:
                raise ApiError(
                    503,
                    "workers_busy",
                    "the bot workers are busy with the tables' moves; ask again in a moment",
                )
            running = asyncio.get_running_loop().create_task(self._search(key, arguments))
            self.working[key] = running
            running.add_done_callback(lambda _done: self.working.pop(key, None))
        return await asyncio.shield(running)

    async def _search(self, key: Key, arguments: tuple[Any, ...]) -> dict[str, Any]:
        settings = self.service.settings
        budget = settings.bot_move_budget
        strength = arguments[4]
        expected = bots.agent_seconds(strength, budget) or 0.0
        advice = await self.service.bots.run_job(
            key[0],
            f"hint:{strength}",
            expected,
            budget + settings.bot_move_grace,
            bots.advise_json,
            *arguments,
            budget,
        )
        self.counts["hints_searched"] += 1
        answer = {"version": key[1], "strength": strength, **advice}
        self.answers[key] = answer
        while len(self.answers) > HINT_MEMORY:
            self.answers.popitem(last=False)
        return answer
