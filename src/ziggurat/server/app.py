"""The FastAPI application: REST routes, the WebSocket, static files (docs/server-api.md)."""

from __future__ import annotations

import functools
import gc
import logging
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from markdown_it import MarkdownIt
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from ziggurat.agents import AGENT_NAMES
from ziggurat.core.registry import game_class, game_names

from . import ratings
from .accounts import Account
from .auth import (
    CrossSiteGuard,
    clear_session_cookie,
    cookie_session,
    session_token,
    set_session_cookie,
)
from .chat import TEXT_LENGTH
from .clocks import HOURS_RANGE, INCREMENT_RANGE, MINUTES_RANGE, TimeControl
from .errors import ApiError
from .headers import RevalidatePages
from .hub import Client, Hub
from .limits import BodyLimit
from .live import SOCKET_ID
from .metrics import add_metrics_route
from .service import TableService
from .settings import Settings

Name = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[^\x00-\x1f\x7f]+$")]
Text = Annotated[str, Field(max_length=64, pattern=r"^[^\x00-\x1f\x7f]*$")]
SeatNumber = Annotated[int, Field(strict=True, ge=0, le=16)]
SocketName = Annotated[str, Field(pattern=f"^{SOCKET_ID.pattern}$")]


log = logging.getLogger("ziggurat.server")


@functools.cache  # one text per registered game: bounded by the registry
def rules_html(name: str) -> str:
    """A game's rules summary (Markdown) as HTML: CommonMark with tables, raw HTML in the
    text escaped rather than passed on."""
    renderer = MarkdownIt("commonmark", {"html": False}).enable("table")
    return renderer.render(game_class(name).rules_summary())


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Literal["human", "bot"]
    name: Name | None = None
    agent: Text | None = None


class NoClock(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Literal["none"]


class RealTimeClock(BaseModel):
    """A clock per seat: ``minutes`` in all, plus ``increment`` seconds each turn."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["realtime"]
    minutes: Annotated[int, Field(strict=True, ge=MINUTES_RANGE[0], le=MINUTES_RANGE[1])]
    increment: Annotated[int, Field(strict=True, ge=INCREMENT_RANGE[0], le=INCREMENT_RANGE[1])] = 0


class TurnBasedClock(BaseModel):
    """``hours`` for each turn."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["turn"]
    hours: Annotated[int, Field(strict=True, ge=HOURS_RANGE[0], le=HOURS_RANGE[1])]


TimeControlRequest = Annotated[
    NoClock | RealTimeClock | TurnBasedClock, Field(discriminator="kind")
]


class CreateTable(BaseModel):
    """No seed: the server draws a secret one (whoever knows it can compute every stand).
    ``undo``: may a seat take back its own last move where the rules allow it (the table's
    setting, not the game's: it is no option of the rules). ``time_control``: none,
    real-time or turn-based (see clocks.py)."""

    model_config = ConfigDict(extra="forbid")

    game: Text
    options: dict[str, Any] = {}
    seats: Annotated[list[SeatSpec], Field(min_length=1, max_length=8)]
    undo: Annotated[bool, Field(strict=True)] = True
    time_control: TimeControlRequest = NoClock(kind="none")
    rated: Annotated[bool, Field(strict=True)] = False
    spectator_chat: Annotated[bool, Field(strict=True)] = False


class Credentials(BaseModel):
    """A name and a password (their rules are checked by accounts.py, which names them)."""

    model_config = ConfigDict(extra="forbid")

    name: Annotated[str, Field(max_length=200)]
    password: Annotated[str, Field(max_length=1000)]


class ChatRequest(BaseModel):
    """A message; ``seat``: the seat it is written as (with its token or its account's
    session), none: as the session's account."""

    model_config = ConfigDict(extra="forbid")

    text: Annotated[str, Field(max_length=4 * TEXT_LENGTH)]
    seat: SeatNumber | None = None


class JoinRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: Name | None = None
    seat: SeatNumber | None = None


class ActionRequest(BaseModel):
    """``socket``: the name the client gave its own socket (``?socket=``), which is then not
    pushed the payload this request's reply carries."""

    model_config = ConfigDict(extra="forbid")

    seat: SeatNumber
    action: Text
    version: Annotated[int, Field(strict=True, ge=0)]
    socket: SocketName | None = None


class UndoRequest(BaseModel):
    """A take-back of ``seat``'s last move, made on ``version`` (see :class:`ActionRequest`
    for ``socket``)."""

    model_config = ConfigDict(extra="forbid")

    seat: SeatNumber
    version: Annotated[int, Field(strict=True, ge=0)]
    socket: SocketName | None = None


class BranchRequest(BaseModel):
    """Continue a finished game from the position after ``move`` moves."""

    model_config = ConfigDict(extra="forbid")

    move: Annotated[int, Field(strict=True, ge=0, le=100_000)]


class SeatRequest(BaseModel):
    """A request made for one seat (with its token)."""

    model_config = ConfigDict(extra="forbid")

    seat: SeatNumber


BEARER_TOKEN = {
    "parameters": [
        {
            "name": "Authorization",
            "in": "header",
            "required": False,
            "schema": {"type": "string"},
            "description": "Bearer <seat token>: the seat's invite token",
        }
    ]
}
"""The seat token's header, as the API's description shows it for the routes that read it
from the request themselves (see :func:`bearer`)."""

ACTION_ROUTE_DOCS = {
    **BEARER_TOKEN,
    "requestBody": {
        "required": True,
        "content": {"application/json": {"schema": ActionRequest.model_json_schema()}},
    },
}
"""The action route reads its body itself (see :func:`action_request`); this is the body
the API's description shows for it."""


async def action_request(request: Request) -> ActionRequest:
    """The body of an action POST, parsed and checked by pydantic straight from its bytes.

    FastAPI's own body parameter decodes the JSON with the standard library, then validates
    the objects, then resolves the parameter as a dependency: with the reading of the body,
    that was about a tenth of Python's lock time per action under load, on the route every
    move takes. A body that does not fit is refused as FastAPI refuses one (400,
    ``bad_request``, each problem named)."""
    try:
        return ActionRequest.model_validate_json(await request.body())
    except ValidationError as exc:
        raise RequestValidationError(
            [{**error, "loc": ("body", *error["loc"])} for error in exc.errors()]
        ) from None


def bearer(request: Request) -> str | None:
    """The seat token of ``Authorization: Bearer <token>``. Read here rather than declared
    as a FastAPI header parameter: resolving that parameter on every request was a sixth
    of the framework's work for an action under load."""
    authorization = request.headers.get("authorization")
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


YOUNG_COLLECTION_THRESHOLD = 5000
"""Objects allocated (less those freed) between two collections of the youngest generation,
while serving; Python's default is 700. Every action allocates a few hundred containers
(two views, the request), so at 700 the collector ran after nearly every action, and every
tenth and hundredth run walked the older generations too: 12.5 % of the event loop's time
at saturation. At 5,000, 6.3 %, with memory as flat as before (265 MB over 150 s at 200
tables; 2,000 gave 8.3 %). Raising the older generations' thresholds as well made full
collections so rare that memory kept growing (docs/operations.md)."""


def web_dir() -> Path:
    return Path(str(resources.files("ziggurat") / "web"))


def create_app_from_env() -> FastAPI:
    """The app of one server process started by ``ziggurat serve`` (settings in the env)."""
    return create_app(Settings.from_env())


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    service = TableService(settings)
    hub = Hub()
    service.listeners.append(hub.push)
    service.tables.watched = hub.watching

    @asynccontextmanager
    async def lifespan(_app: FastAPI):  # type: ignore[no-untyped-def]
        """``finally``: a second Ctrl-C makes uvicorn skip the shutdown event and cancel this
        instead, and the bot workers must be stopped then too.

        Once started, everything loaded so far (the code, every game's data, the tables
        served at start) is frozen out of the garbage collector's reach: it lives as long as
        the process, and each full collection walked all of it, pausing every table. The
        youngest generation is collected less often (:data:`YOUNG_COLLECTION_THRESHOLD`)
        while serving."""
        await service.start()
        gc.collect()
        gc.freeze()
        thresholds = gc.get_threshold()
        gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, *thresholds[1:])
        try:
            yield
        finally:
            gc.set_threshold(*thresholds)
            await service.stop()

    app = FastAPI(title="ziggurat", lifespan=lifespan)
    app.state.service = service
    app.add_middleware(RevalidatePages)
    app.add_middleware(CrossSiteGuard)
    app.add_middleware(BodyLimit)

    async def who(request: Request) -> Account | None:
        """The account of the session the request carries, if any (and still open)."""
        token = session_token(request)
        return None if token is None else await service.accounts.by_session(token)

    async def logged_in(request: Request) -> Account:
        account = await who(request)
        if account is None:
            raise ApiError(401, "login_required", "log in first (your session ended, or none)")
        return account

    def address(request: Request) -> str:
        return request.client.host if request.client else "unknown"

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        """A refusal that says when to try again says it in ``Retry-After`` too."""
        wait = exc.extra.get("retry_after")
        headers = None if wait is None else {"Retry-After": str(wait)}
        return JSONResponse(exc.body(), status_code=exc.status, headers=headers)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        codes = {400: "bad_request", 404: "not_found", 405: "method_not_allowed"}
        return JSONResponse(
            {"error": codes.get(exc.status_code, "http_error"), "message": str(exc.detail)},
            status_code=exc.status_code,
            headers=getattr(exc, "headers", None),
        )

    @app.exception_handler(Exception)
    async def internal_error(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=exc)
        return JSONResponse(
            {"error": "internal_error", "message": "the server failed; nothing was changed"},
            status_code=500,
        )

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [
            {"loc": [p for p in e["loc"] if p != "body"], "msg": e["msg"]} for e in exc.errors()
        ]
        lines = []
        for problem in problems[:5]:
            where = ".".join(str(p) for p in problem["loc"]) or "body"
            lines.append(f"{where}: {problem['msg']}")
        return JSONResponse({"error": "bad_request", "message": "; ".join(lines)}, status_code=400)

    @app.get("/healthz")
    async def healthz() -> dict[str, str]:
        return {"status": "ok", "database": service.database_kind}

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        """Every game with its declared options (type, default, label, help, choices or
        seat range): the lobby builds its form from this, knowing no game."""
        out = []
        for name in game_names():
            cls = game_class(name)
            out.append(
                {
                    "name": name,
                    "title": cls.title,
                    "players": list(cls.player_counts),
                    "options": {o.name: o.as_json(cls.player_counts) for o in cls.options_declared},
                    "agents": list(AGENT_NAMES),
                }
            )
        return out

    @app.get("/api/games/{name}/rules")
    async def rules(name: str) -> dict[str, Any]:
        """The players' summary of a game's rules, as HTML for the table's rules panel."""
        if name not in game_names():
            raise ApiError(
                404,
                "no_such_game",
                f"there is no game {name[:40]!r}; the games are: {', '.join(game_names())}",
            )
        return {"game": name, "title": game_class(name).title, "html": rules_html(name)}

    # ------------------------------------------------------------------ accounts

    @app.post("/api/accounts", status_code=201)
    async def register(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        """A new account, logged in (the reply carries its session, and sets the cookie)."""
        account, token = await service.accounts.register(body.name, body.password, address(request))
        set_session_cookie(response, request, token, service.settings.session_days)
        return {"account": account.public(), "session": token}

    @app.post("/api/session")
    async def login(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        account, token = await service.accounts.login(body.name, body.password, address(request))
        set_session_cookie(response, request, token, service.settings.session_days)
        return {"account": account.public(), "session": token}

    @app.delete("/api/session", status_code=204)
    async def logout(request: Request) -> Response:
        """Ends the session the request carries, on every server process; 204 also when
        there was none (logging out twice is no error)."""
        token = session_token(request)
        if token:
            await service.accounts.logout(token)
        response = Response(status_code=204)
        clear_session_cookie(response, request)
        return response

    @app.get("/api/me")
    async def me(request: Request) -> dict[str, Any]:
        account = await logged_in(request)
        return {"account": account.public(), "tables": await service.my_tables(account)}

    @app.get("/api/ratings/{game}")
    async def leaderboard(
        game: str, players: Annotated[int, Query(ge=1, le=16)]
    ) -> dict[str, Any]:
        if game not in game_names():
            raise ApiError(
                404,
                "no_such_game",
                f"there is no game {game[:40]!r}; the games are: {', '.join(game_names())}",
            )
        cls = game_class(game)
        if players not in cls.player_counts:
            counts = ", ".join(str(n) for n in cls.player_counts)
            raise ApiError(
                400,
                "bad_request",
                f"players: {cls.title} is played by {counts} players, not {players}",
            )
        board = await service.database(ratings.leaderboard, service.sessions, game, players)
        return {"game": game, "title": cls.title, "players": players, "ratings": board}

    @app.get("/api/players/{name}")
    async def player(name: str) -> dict[str, Any]:
        page = await service.database(ratings.player_page, service.sessions, name[:60])
        if page is None:
            raise ApiError(404, "no_such_player", f"there is no player {name[:40]!r}")
        return page

    # ------------------------------------------------------------------ tables

    @app.post("/api/tables", status_code=201)
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        """The creator is the client's address (behind a proxy, the one it forwards: see
        uvicorn's ``--forwarded-allow-ips``), held to the limits of tables per creator."""
        creator = address(request)
        table, invites, creator_token = await service.create(
            body.game,
            body.options,
            [s.model_dump() for s in body.seats],
            creator,
            body.undo,
            time_control=TimeControl.of(body.time_control.model_dump()),
            rated=body.rated,
            spectator_chat=body.spectator_chat,
            account=await who(request) if body.rated else None,
        )
        return {"table": table.summary(), "invites": invites, "creator_token": creator_token}

    @app.get("/api/tables")
    async def list_tables(
        status: Literal["open", "running", "finished"] | None = None,
    ) -> dict[str, Any]:
        return {"tables": await service.list_tables(status)}

    @app.get("/api/tables/{table_id}")
    async def get_table(table_id: str) -> dict[str, Any]:
        return (await service.known(table_id)).summary()

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: JoinRequest, request: Request) -> dict[str, Any]:
        """With a session, the seat is the account's (and bears its name)."""
        return await service.join(table_id, body.seat, body.name, await who(request))

    @app.get("/api/tables/{table_id}/view", openapi_extra=BEARER_TOKEN)
    async def view(
        table_id: str,
        request: Request,
        seat: Annotated[int, Query(ge=0, le=16)] | None = None,
    ) -> Response:
        account = None if seat is None else await who(request)
        _table, payload = await service.payload(table_id, seat, bearer(request), account)
        return Response(payload, media_type="application/json")

    @app.post("/api/tables/{table_id}/actions", openapi_extra=ACTION_ROUTE_DOCS)
    async def act(table_id: str, request: Request) -> Response:
        body = await action_request(request)
        payload = await service.act(
            table_id,
            body.seat,
            bearer(request),
            body.action,
            body.version,
            body.socket,
            await who(request),
        )
        return Response(payload, media_type="application/json")

    @app.post("/api/tables/{table_id}/undo", openapi_extra=BEARER_TOKEN)
    async def undo(table_id: str, body: UndoRequest, request: Request) -> Response:
        payload = await service.undo(
            table_id, body.seat, bearer(request), body.version, body.socket, await who(request)
        )
        return Response(payload, media_type="application/json")

    @app.post("/api/tables/{table_id}/hint", openapi_extra=BEARER_TOKEN)
    async def hint(table_id: str, body: SeatRequest, request: Request) -> dict[str, Any]:
        """The medium bot's advice for the seat to move, from what that seat sees: its
        choice and the two best alternatives, each with its estimated value (0..1) and the
        line it expects. Casual tables only; the same position gets the same answer."""
        return await service.hints.hint(table_id, body.seat, bearer(request), await who(request))

    @app.post("/api/tables/{table_id}/analysis")
    async def analyse(table_id: str, body: SeatRequest, response: Response) -> dict[str, Any]:
        """Analyse a seat of a finished game (see GET); asking again reports progress."""
        status = await service.analyses.start(table_id, body.seat)
        response.status_code = 200 if status["status"] == "done" else 202
        return status

    @app.get("/api/tables/{table_id}/analysis")
    async def analysis(
        table_id: str, seat: Annotated[int, Query(ge=0, le=16)]
    ) -> dict[str, Any]:
        """The analysis of a seat: its progress, and once done the decisions where the most
        winning chance was lost, with the better moves and the chart."""
        return await service.analyses.status(table_id, seat)

    @app.post("/api/tables/{table_id}/rematch", openapi_extra=BEARER_TOKEN)
    async def rematch(table_id: str, request: Request) -> dict[str, Any]:
        """With a seat's token or the creator's; the same table for every later asking."""
        return await service.rematch(table_id, bearer(request), await who(request))

    @app.post("/api/tables/{table_id}/branch", status_code=201)
    async def branch(table_id: str, body: BranchRequest, request: Request) -> dict[str, Any]:
        """A new table going on from a finished one's move: its creator is the client's
        address, held to the limits of tables per creator as for any new table."""
        return await service.branch(table_id, body.move, address(request))

    @app.post("/api/tables/{table_id}/resign", openapi_extra=BEARER_TOKEN)
    async def resign(table_id: str, body: SeatRequest, request: Request) -> dict[str, Any]:
        account = await who(request)
        return {"table": await service.resign(table_id, body.seat, bearer(request), account)}

    @app.delete("/api/tables/{table_id}", status_code=204, openapi_extra=BEARER_TOKEN)
    async def delete_table(table_id: str, request: Request) -> Response:
        """With the creator's token (``creator_token`` of the creation's answer)."""
        await service.delete(table_id, bearer(request))
        return Response(status_code=204)

    @app.get("/api/tables/{table_id}/replay", openapi_extra=BEARER_TOKEN)
    async def replay(
        table_id: str,
        request: Request,
        move: Annotated[int, Query(ge=0, le=100_000)] | None = None,
        seat: Annotated[int, Query(ge=0, le=16)] | None = None,
    ) -> Response:
        account = None if seat is None else await who(request)
        payload = await service.replay(table_id, move, seat, bearer(request), account)
        return Response(payload, media_type="application/json")

    @app.post("/api/tables/{table_id}/chat", status_code=201, openapi_extra=BEARER_TOKEN)
    async def write(table_id: str, body: ChatRequest, request: Request) -> dict[str, Any]:
        message = await service.chat(
            table_id, body.seat, bearer(request), await who(request), body.text
        )
        return {"message": message}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> dict[str, Any]:
        return await service.record(table_id)

    @app.websocket("/ws/tables/{table_id}")
    async def socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        seat_text = websocket.query_params.get("seat")
        token = websocket.query_params.get("token")
        name = websocket.query_params.get("socket") or None
        try:
            if name is not None and not SOCKET_ID.fullmatch(name):
                shown = name[:8] + ("..." if len(name) > 8 else "")
                raise ApiError(
                    400,
                    "bad_request",
                    f"socket: {shown!r} is not a socket name (1 to 32 of A-Z, a-z, 0-9, _ and -)",
                )
            seat = None
            if seat_text not in (None, ""):
                if not (len(seat_text) <= 2 and seat_text.isascii() and seat_text.isdigit()):
                    shown = seat_text[:8] + ("..." if len(seat_text) > 8 else "")
                    raise ApiError(400, "bad_request", f"seat: {shown!r} is not a seat number")
                if int(seat_text) > 16:
                    raise ApiError(400, "bad_request", f"seat: {seat_text} is not a seat number")
                seat = int(seat_text)
            account = None
            if seat is not None:  # as over REST: a token opens the seat, a session ties it
                session = websocket.headers.get("x-session") or cookie_session(
                    websocket.headers.get("cookie")
                )
                account = await service.accounts.by_session(session) if session else None
            table, _payload = await service.payload(table_id, seat, token, account)
        except ApiError as exc:
            await websocket.send_json(exc.body())
            await websocket.close(code=4000 + exc.status)
            return
        client = Client(
            websocket, seat, table.seats[seat].token_hash if seat is not None else None, name
        )
        client.offer(table.push(seat))  # sent by its own sender, like every push
        hub.add(table_id, client)
        try:
            while True:  # actions go through REST; anything the client sends is ignored
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
        except (WebSocketDisconnect, RuntimeError):  # RuntimeError: closed by its sender
            pass
        finally:
            hub.leave(table_id, client)

    web = web_dir()

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(web / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(web / "table.html")

    app.mount("/static", StaticFiles(directory=web, check_dir=False), name="static")
    add_metrics_route(app, service, hub)
    return app


__all__ = ["create_app"]
