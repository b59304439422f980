"""WebSocket connections by table: after every change each client gets its own payload."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field

from fastapi import WebSocket

from .live import LiveTable


@dataclass(eq=False)
class Client:
    socket: WebSocket
    seat: int | None
    token_hash: str | None  # the seat's token when the client connected


@dataclass
class Hub:
    clients: dict[str, set[Client]] = field(default_factory=dict)

    def add(self, table_id: str, client: Client) -> None:
        self.clients.setdefault(table_id, set()).add(client)

    def remove(self, table_id: str, client: Client) -> None:
        self.clients.get(table_id, set()).discard(client)

    async def push(self, table: LiveTable) -> None:
        for client in list(self.clients.get(table.id, ())):
            try:
                if client.seat is not None and (
                    table.seats[client.seat].token_hash != client.token_hash
                ):  # someone joined this seat: the old invite sees nothing more
                    self.remove(table.id, client)
                    await client.socket.send_json(
                        {"error": "wrong_token", "message": "this seat's invite link was replaced"}
                    )
                    await client.socket.close(code=4403)
                    continue
                await client.socket.send_json(table.payload(client.seat))
            except Exception:  # a closed socket: forget it
                self.remove(table.id, client)
                with contextlib.suppress(Exception):
                    await client.socket.close()
