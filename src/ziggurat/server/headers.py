"""Response headers the pages need, set by a plain ASGI middleware.

Pages and scripts are checked on every load (``Cache-Control: no-cache``), so an upgrade is
seen at once. A plain ASGI wrapper rather than Starlette's ``BaseHTTPMiddleware``: that one
runs every request, API calls included, through an extra task and memory stream, which
cost the action path about a tenth of its time under load.
"""

from __future__ import annotations

from typing import Any

PAGE_PREFIXES = ("/table/", "/static/")


def is_page(path: str) -> bool:
    return path == "/" or path.startswith(PAGE_PREFIXES)


class RevalidatePages:
    """ASGI middleware: ``Cache-Control: no-cache`` on pages and static files, unless the
    response sets its own."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or not is_page(scope["path"]):
            await self.app(scope, receive, send)
            return

        async def send_with_header(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or [])
                if not any(name.lower() == b"cache-control" for name, _ in headers):
                    headers.append((b"cache-control", b"no-cache"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_header)
