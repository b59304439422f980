"""``GET /metrics``: what an operator watches: the bot queue and workers, tables, sockets.

JSON rather than a text exposition format, like the rest of the API; every number is of this
server process (``ziggurat serve --workers N`` runs N of them, each with its own bots and
tables, and a request reaches one of them). It shows counts and times only: no table id, no
name, nothing a player could use. Everything it reads is bounded (the time statistics are of
the last :data:`~.bot_queue.WINDOW` decisions), so a request costs the same after a month as
after a minute. Fields: docs/server-api.md ("Bots: settings and /metrics").
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from .hub import Hub
from .service import TableService


def metrics(service: TableService, hub: Hub) -> dict[str, Any]:
    return {
        "bots": {**service.bots.metrics(), **service.hints.counts},
        "tables_in_memory": len(service.tables),
        "store_batches": service.store_batches.metrics(),
        "websocket_clients": sum(len(clients) for clients in hub.clients.values()),
        # sender tasks alive: the clients' and those of clients that left, still ending
        "websocket_senders": len(hub.senders),
    }


def add_metrics_route(app: FastAPI, service: TableService, hub: Hub) -> None:
    """Serve ``GET /metrics`` for ``service`` and the ``hub`` pushing its tables."""

    @app.get("/metrics")
    async def get_metrics() -> dict[str, Any]:
        return metrics(service, hub)
