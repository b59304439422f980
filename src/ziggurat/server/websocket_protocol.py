"""uvicorn's WebSocket protocol, compressing at zlib's fastest level.

Browsers negotiate per-message deflate, and uvicorn compresses every message at zlib's
default level (6). A payload is a position of some 10 to 30 kB of JSON sent to every socket
after every move, and compressing it on the event loop's thread was, under load, a fifth of
all the server's time. Level 1 takes half the time of level 6 for some 20 % more bytes on
these payloads (measured on whole Babylonia games: 3.1 against 2.6 kB a message); the
window and memory stay uvicorn's (4 kB windows, ``memLevel`` 5: some 32 kB a connection).

``ziggurat serve`` gives uvicorn this class by its import path (``WEBSOCKET_PROTOCOL``), so
that every worker process imports it.
"""

from __future__ import annotations

import logging
from typing import Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

WEBSOCKET_PROTOCOL = "ziggurat.server.websocket_protocol:FastDeflateWebSocketProtocol"
DEFLATE_LEVEL = 1
WINDOW_BITS = 12  # uvicorn's own choice, both ways
MEMORY_LEVEL = 5  # uvicorn's own choice


class FastDeflateWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol with per-message deflate at
    :data:`DEFLATE_LEVEL` (or without it, when ``--ws-per-message-deflate`` is off)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not self.config.ws_per_message_deflate:
            return
        # the connection uvicorn made, made again with the one setting changed; it has
        # received nothing yet (the handshake comes with the first data)
        self.conn = ServerProtocol(
            extensions=[
                ServerPerMessageDeflateFactory(
                    server_max_window_bits=WINDOW_BITS,
                    client_max_window_bits=WINDOW_BITS,
                    compress_settings={"memLevel": MEMORY_LEVEL, "level": DEFLATE_LEVEL},
                )
            ],
            max_size=self.config.ws_max_size,
            logger=logging.getLogger("uvicorn.error"),
        )
