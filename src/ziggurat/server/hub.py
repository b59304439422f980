"""WebSocket connections by table: after every change each client gets its own payload.

No client can hold up another, nor the action that caused the change: ``push`` never waits
on a socket. Each connection has a slot for the newest payload not sent yet and a sender
task of its own; a push fills the slot (replacing an older payload the client has not taken
yet, so a client that falls behind skips to the newest position and its memory stays one
payload) and wakes the sender. A send that takes longer than ``SEND_TIMEOUT`` seconds
drops the connection; the timeout is ``asyncio.timeout``, not ``asyncio.wait_for``, whose
Python 3.11 version swallows a cancel that arrives as its send completes, and so left the
sender of a client that had gone waiting for ever (every departure leaked a sender, its
socket and its last payload). The hub holds every sender until it ends (the loop holds tasks
only weakly). Each distinct payload (one per seat, one for spectators) is made and
encoded once per change (:meth:`LiveTable.push`), however many connections show it; each
connection is sent its log only from the first entry it has not had (``log_from``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket

from .live import Answered, LiveTable, Push

TAKEN_OVER = {
    "resigned": "you resigned: a bot plays this seat now",
    "timed out": "your time ran out: a bot plays this seat now",
    "abandoned": "you left your turn too long: a bot plays this seat now",
}
"""What a seat's socket is told when a bot takes the seat over, by why (``took_over``)."""

SEND_TIMEOUT = 10.0
"""Seconds one send to one client may take before that client is dropped."""

log = logging.getLogger("ziggurat.server")


@dataclass(eq=False)
class Client:
    socket: WebSocket
    seat: int | None
    token_hash: str | None  # the seat's token when the client connected
    name: str | None = None  # the socket's own name, given by its client (``?socket=``)
    newest: Push | None = None  # the payload to send next, if any
    held_epoch: int = -1  # the log this client holds: its epoch and how many entries
    held_entries: int = 0
    farewell: dict[str, Any] | None = None  # an error to send, then close with 4403
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    sender: asyncio.Task[None] | None = None

    def offer(self, payload: Push) -> None:
        """Send ``payload`` next, instead of any payload still waiting (never blocks)."""
        self.newest = payload
        self.wake.set()

    def answered(self) -> None:
        """This client's own action POST carried the newest payload: send nothing for it,
        and drop an older payload still waiting (the client has a newer one)."""
        self.newest = None

    def dismiss(self, message: dict[str, Any]) -> None:
        """Send ``message`` and close the connection (its seat's token was replaced)."""
        self.farewell = message
        self.wake.set()

    def start(self, gone: Callable[[Client], None]) -> asyncio.Task[None]:
        self.sender = asyncio.create_task(self._send_forever(gone))
        return self.sender

    def stop(self) -> None:
        if self.sender is not None:
            self.sender.cancel()

    async def _send_forever(self, gone: Callable[[Client], None]) -> None:
        try:
            while True:
                await self.wake.wait()
                self.wake.clear()
                if self.farewell is not None:
                    async with asyncio.timeout(SEND_TIMEOUT):
                        await self.socket.send_json(self.farewell)
                    async with asyncio.timeout(SEND_TIMEOUT):
                        await self.socket.close(code=4403)
                    return
                payload, self.newest = self.newest, None
                if payload is not None:
                    # only the log entries this client has not had yet
                    text = payload.text(payload.log_from(self.held_epoch, self.held_entries))
                    async with asyncio.timeout(SEND_TIMEOUT):
                        await self.socket.send_text(text)
                    self.held_epoch, self.held_entries = payload.epoch, payload.log_length
        except asyncio.CancelledError:
            raise
        except TimeoutError:
            log.info("dropped a WebSocket client that read nothing for %s s", SEND_TIMEOUT)
            await self._close()
        except Exception:  # a closed socket
            await self._close()
        finally:
            gone(self)
            # the task's cancel keeps this frame, which holds this client, which held the
            # task: a cycle only a full collection would free, with the payload in it
            self.sender = self.newest = None

    async def _close(self) -> None:
        with contextlib.suppress(Exception):
            async with asyncio.timeout(1.0):
                await self.socket.close()


@dataclass
class Hub:
    clients: dict[str, set[Client]] = field(default_factory=dict)
    senders: set[asyncio.Task[None]] = field(default_factory=set)  # running, until they end

    def add(self, table_id: str, client: Client) -> None:
        """Serve ``client`` from now on; its sender runs until it leaves or is dropped."""
        self.clients.setdefault(table_id, set()).add(client)
        sender = client.start(lambda c: self.remove(table_id, c))
        self.senders.add(sender)
        sender.add_done_callback(self.senders.discard)

    def watching(self, table_id: str) -> bool:
        """Whether any client follows ``table_id`` (such a table stays in memory)."""
        return table_id in self.clients

    def remove(self, table_id: str, client: Client) -> None:
        clients = self.clients.get(table_id)
        if clients is not None:
            clients.discard(client)
            if not clients:
                del self.clients[table_id]

    def leave(self, table_id: str, client: Client) -> None:
        """The client went away: stop its sender and forget it."""
        client.stop()
        self.remove(table_id, client)

    async def push(self, table: LiveTable, answered: Answered | None = None) -> None:
        """Hand every client of ``table`` its newest payload; waits on no socket. The socket
        ``answered`` names (if the change is still the table's newest) gets nothing: its
        client has this payload already, as the reply to its own action."""
        if answered is not None and answered.revision != table.revision:
            answered = None
        for client in list(self.clients.get(table.id, ())):
            if table.deleted:
                client.dismiss(
                    {
                        "error": "no_such_table",
                        "message": f"table {table.id} was deleted by its creator",
                    }
                )
                self.remove(table.id, client)
                continue
            if client.seat is not None and table.seats[client.seat].token_hash != client.token_hash:
                # someone joined this seat, or a bot took it over: the invite sees nothing more
                why = table.seats[client.seat].took_over
                if why:
                    farewell = {
                        "error": "seat_taken_over",
                        "message": TAKEN_OVER.get(why, "a bot plays this seat now"),
                        "why": why,
                    }
                else:
                    farewell = {
                        "error": "wrong_token",
                        "message": "this seat's invite link was replaced",
                    }
                client.dismiss(farewell)
                self.remove(table.id, client)
                continue
            if (
                answered is not None
                and client.name == answered.socket
                and client.seat == answered.seat
            ):
                client.answered()
                continue
            client.offer(table.push(client.seat))
