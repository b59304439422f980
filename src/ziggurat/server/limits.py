"""Size limits on what a client sends, checked before anything reads it (docs/server-api.md).

A request body larger than :data:`MAX_BODY_BYTES` is refused with 413 as soon as its
``Content-Length`` says so, or as soon as that many bytes have arrived when it gives none
(a chunked body is read here, before the app sees it): the server never holds more than the
limit of one request in memory, and never echoes it.
"""

from __future__ import annotations

import json
from typing import Any

MAX_BODY_BYTES = 64 * 1024
"""The largest request body accepted; the largest real one (a table with a custom Ishtar
layout and eight named seats) is a few kilobytes."""

Scope = dict[str, Any]
Message = dict[str, Any]


def _refusal() -> bytes:
    return json.dumps(
        {
            "error": "too_large",
            "message": f"the request body is larger than the limit of {MAX_BODY_BYTES} bytes",
            "limit": MAX_BODY_BYTES,
        }
    ).encode()


class BodyLimit:
    """ASGI middleware: refuse HTTP request bodies over :data:`MAX_BODY_BYTES` with 413."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None:
            if len(declared) > 12 or not declared.isdigit() or int(declared) > MAX_BODY_BYTES:
                await self._refuse(send)
                return
            # the HTTP parser ends the body where its declared length says: nothing more can
            # arrive, so the app reads it as it comes (one wrapper less on every request)
            await self.app(scope, receive, send)
            return
        # read the body here, at most the limit of it, then hand it on as one message
        chunks: list[bytes] = []
        seen = 0
        while True:
            message: Message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > MAX_BODY_BYTES:
                await self._refuse(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        handed = False

        async def replay() -> Message:
            nonlocal handed
            if not handed:
                handed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # after the body: a disconnect, when it comes

        await self.app(scope, replay, send)

    @staticmethod
    async def _refuse(send: Any) -> None:
        body = _refusal()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
