"""Who is asking: the session a request carries, and the guard against cross-site requests.

A browser presents its session with the cookie :data:`SESSION_COOKIE` (HttpOnly, so no
script reads it; SameSite=Lax, so other sites' pages do not send it with their requests);
an API client with the header :data:`SESSION_HEADER`.

Cross-site request forgery: a cookie is sent by the browser whoever's page asks, so a
request that changes something (any method but GET, HEAD and OPTIONS) and carries the cookie
must come from one of the server's own pages: its ``Origin`` (or, where a browser sends
none, its ``Referer``) must name the host the request was sent to. Any such request whose
``Origin`` names another host is refused even without a cookie (a forged login would log
the victim in as the attacker). A WebSocket that carries the cookie is held to the same
``Origin`` (:class:`CrossSiteGuard`). Clients that send no cookie (API clients with tokens
or the session header) are not concerned: another site's page cannot set those headers on
a request to this server without the server's leave (there is no CORS), so they cannot be
forged.
"""

from __future__ import annotations

import json
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlsplit

from fastapi import Request, Response

SESSION_COOKIE = "ziggurat_session"
SESSION_HEADER = "x-session"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

Scope = dict[str, Any]


def _headers(scope: Scope) -> dict[bytes, bytes]:
    return {name.lower(): value for name, value in scope.get("headers") or []}


def cookie_session(cookie_header: str | None) -> str | None:
    """The session token in a ``Cookie`` header, if any."""
    if not cookie_header or SESSION_COOKIE not in cookie_header:
        return None
    cookies: SimpleCookie = SimpleCookie()
    try:
        cookies.load(cookie_header)
    except Exception:  # a malformed cookie header carries no session
        return None
    morsel = cookies.get(SESSION_COOKIE)
    return morsel.value if morsel is not None and morsel.value else None


def session_token(request: Request) -> str | None:
    """The session a request carries: the header's, else the cookie's."""
    return request.headers.get(SESSION_HEADER) or cookie_session(request.headers.get("cookie"))


def _host_of(url: str) -> str | None:
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    return parts.netloc.lower() if parts.scheme in ("http", "https") and parts.netloc else None


def _same_host(url: str, host: str | None) -> bool:
    """Does ``url`` (an Origin or a Referer) name ``host`` (the request's Host header)?
    Default ports are left out of both by browsers, so they compare as written."""
    named = _host_of(url)
    return named is not None and host is not None and named == host.lower()


def cross_site_problem(scope: Scope) -> str | None:
    """Why a request must be refused as possibly forged by another site, or None."""
    headers = _headers(scope)
    host = headers.get(b"host", b"").decode("latin-1") or None
    origin = headers.get(b"origin", b"").decode("latin-1")
    has_cookie = cookie_session(headers.get(b"cookie", b"").decode("latin-1")) is not None
    if scope["type"] == "websocket":
        if has_cookie and origin and not _same_host(origin, host):
            return "a socket with this server's session cookie must come from its own pages"
        return None
    if scope.get("method", "GET") in SAFE_METHODS:
        return None
    if origin:
        if origin != "null" and _same_host(origin, host):
            return None
        return "a change asked for by another site's page is refused"
    if not has_cookie:
        return None
    referer = headers.get(b"referer", b"").decode("latin-1")
    if referer and _same_host(referer, host):
        return None
    return (
        "a change made with the session cookie must come from this server's own pages (with "
        "an Origin or Referer header naming it); API clients send the X-Session header instead"
    )


class CrossSiteGuard:
    """ASGI middleware: refuse possible cross-site forgeries (see the module's docstring)
    with 403 ``csrf_refused`` (a WebSocket: closed with 4403) before any route sees them."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        problem = cross_site_problem(scope)
        if problem is None:
            await self.app(scope, receive, send)
            return
        body = json.dumps({"error": "csrf_refused", "message": problem}).encode()
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 4403, "reason": "csrf_refused"})
            return
        await send(
            {
                "type": "http.response.start",
                "status": 403,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def set_session_cookie(response: Response, request: Request, token: str, days: float) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=int(days * 86400),
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def clear_session_cookie(response: Response, request: Request) -> None:
    response.delete_cookie(
        SESSION_COOKIE,
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )
