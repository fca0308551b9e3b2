"""The HTTP and WebSocket routes, and the browser UI's static files.

Every route that shows or changes a table names its seat (or ``gamesmaster``) in the path
and proves it with a token in an ``Authorization: Bearer`` header (on a WebSocket, in the
first message): a token never travels in a URL, so no access log and no ``Referer`` header
ever holds one.  The gamesmaster's token is in its link's fragment
(``/play#table=...&seat=gamesmaster&token=...``), which browsers do not send.  A seat's link
holds an invitation instead (``#...&invite=...``): its page claims the seat with it
(``POST .../claim``) and gets the seat's credential, which it keeps (``claims``).  Opening a
table also gives a spectator link's token (``spectators``): ``/api/tables/{table}/spectators/``
``state`` and ``live`` show what every seat may see (nobody's seat's view), and nothing else.

Every refusal is a JSON object ``{"error": "...", "status": N}`` with that HTTP status,
and nothing is appended: 400 malformed, 401 no token, 403 wrong token or not yours, 404
unknown table or seat, 409 the request answered is not open for this seat (the same for
another seat's id as for an unknown one) or the invitation was claimed already, 410 the
invitation was replaced by a re-issued one, 413 body too large, 422 an illegal answer (the
rule broken), 429 too many requests or tables, 503 the table kept changing for too long or
its work did not finish in time, 507 the table reached the server's limit of entries.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib.resources import files
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from referee import GAMESMASTER, Registry

from . import collector
from .claims import Claims
from .disputes import entry_page
from .hub import Hub, Problem
from .limits import WORK_TIMEOUT, Limits
from .showing import SPECTATORS
from .updates import Ask

log = logging.getLogger("referee_web")

STATIC = files("referee_web") / "static"


class _Openings:
    """When each client address opened its tables in the last minute."""

    def __init__(self, per_minute: int) -> None:
        self.per_minute = per_minute
        self._opened: dict[str, list[float]] = {}

    def allow(self, client: str) -> bool:
        now = time.monotonic()
        recent = [t for t in self._opened.get(client, []) if now - t < 60]
        if len(recent) >= self.per_minute:
            self._opened[client] = recent
            return False
        self._opened[client] = [*recent, now]
        if len(self._opened) > 100_000:
            self._opened = {k: v for k, v in self._opened.items() if v and now - v[-1] < 60}
        return True


class _Buckets:
    """A token bucket per client address."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, client: str) -> bool:
        now = time.monotonic()
        tokens, last = self._buckets.get(client, (float(self.limits.burst), now))
        tokens = min(float(self.limits.burst), tokens + (now - last) * self.limits.rate)
        if tokens < 1:
            self._buckets[client] = (tokens, now)
            return False
        self._buckets[client] = (tokens - 1, now)
        if len(self._buckets) > 100_000:  # forget idle clients rather than grow without end
            self._buckets = {k: v for k, v in self._buckets.items() if now - v[1] < 60}
        return True


def _error(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message, "status": status}, status_code=status, headers=headers)


def _client(request: Request | WebSocket) -> str:
    return request.client.host if request.client else "unknown"


def _token(request: Request) -> str:
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.casefold() == "bearer" else ""


def _not_json(constant: str) -> Any:
    # NaN and Infinity are Python's extensions, not JSON.
    raise ValueError(f"{constant} is not JSON")


async def _json_body(request: Request, limit: int) -> dict[str, Any]:
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isdigit():
            raise Problem(400, "Content-Length is not a number")
        if int(declared) > limit:
            raise Problem(413, f"the body is {int(declared):,} bytes; at most {limit:,} are read")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise Problem(413, f"the body is more than {limit:,} bytes; at most {limit:,} are read")
        chunks.append(chunk)
    raw = b"".join(chunks)
    try:
        body = json.loads(raw.decode("utf-8"), parse_constant=_not_json) if raw.strip() else None
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise Problem(400, f"the body is not JSON ({type(exc).__name__})") from None
    if not isinstance(body, dict):
        raise Problem(400, "the body must be a JSON object")
    return body


MAX_AFTER = 2**53
"""Largest entry number a page may ask from (far beyond any log; JSON numbers stay exact)."""

HELLO = 'the first message must be JSON: {"token": ..., "after": N}'


async def _socket_message(socket: WebSocket, limit: int) -> Any:
    """One JSON message of a page, refused as a ``Problem`` when it is too long, not JSON,
    or nested too deep to parse (the parser's recursion limit is never reached here)."""
    text = await socket.receive_text()
    if len(text) > limit:
        raise Problem(400, f"a message is at most {limit:,} characters")
    try:
        return json.loads(text, parse_constant=_not_json)
    except (ValueError, RecursionError) as exc:
        raise Problem(400, f"{HELLO} ({type(exc).__name__})") from None


def _after(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_AFTER:
        raise Problem(400, "after: a whole number of entries")
    return value


def create_app(
    db: str | None = None,
    *,
    registry: Registry | None = None,
    limits: Limits | None = None,
    bot_pause: float = 0.0,
    tick: float = 0.25,
    workers: int | None = None,
    watch: float = 0.0,
    work_timeout: float = WORK_TIMEOUT,
    own_process: bool = False,
) -> Starlette:
    """The server for tables kept at ``db`` (as ``referee.Referee`` reads it: a SQLite file,
    ``:memory:``, or a ``postgresql://`` address shared by several processes).  ``bot_pause``,
    ``tick`` (how often deadlines are looked at), ``workers``, ``watch`` and ``work_timeout``: see ``Hub``.
    ``own_process``: the server is the process's only work (``referee serve``), so once
    started it settles Python's cycle collector for it (see ``collector``)."""
    limits = limits or Limits()
    hub = Hub(db, registry=registry, bot_pause=bot_pause, tick=tick, workers=workers, watch=watch, work_timeout=work_timeout)
    hub.max_entries, hub.max_bot_actions = limits.entries, limits.bot_actions
    claims = Claims(hub)
    buckets = _Buckets(limits)
    openings = _Openings(limits.tables_per_minute)
    body_limit = limits.body

    def limited(request: Request | WebSocket) -> None:
        if not buckets.allow(_client(request)):
            raise Problem(429, "too many requests from this address; wait a moment")

    async def authorized(request: Request) -> tuple[str, str]:
        limited(request)
        table_id, role = request.path_params["table"], request.path_params["role"]
        await hub.run(hub._w_authorize, table_id, role, _token(request))
        return table_id, role

    async def page(request: Request) -> Response:
        name = "table.html" if request.url.path == "/play" else "index.html"
        return FileResponse(str(STATIC / name), media_type="text/html")

    async def games(request: Request) -> Response:
        limited(request)
        return JSONResponse(await hub.run(hub._w_games))

    async def create(request: Request) -> Response:
        limited(request)
        body = await _json_body(request, body_limit)
        if not openings.allow(_client(request)):
            raise Problem(429, f"at most {openings.per_minute} tables a minute are opened from one address; wait a moment")
        created = await hub.run(hub._w_create, body)
        hub.changed(created["table"])
        return JSONResponse(created, status_code=201)

    async def state(request: Request) -> Response:
        table_id, role = await authorized(request)
        after = _int_param(request, "after", 0)
        return JSONResponse(await hub.run(hub._w_update, table_id, role, after))

    async def act(request: Request) -> Response:
        limited(request)
        table_id, role, token = request.path_params["table"], request.path_params["role"], _token(request)
        try:
            body = await _json_body(request, body_limit)
        except Problem:
            # Who asks is answered for before what they sent, as on every route.
            await hub.run(hub._w_authorize, table_id, role, token)
            raise
        # The credential is checked by the same job that decides (one hand-over to the worker);
        # the worker then wakes the table's pages with their updates (``Hub._w_changed``).
        return JSONResponse(await hub.run(hub._w_act, table_id, role, body, token))

    async def export(request: Request) -> Response:
        table_id, role = await authorized(request)
        return JSONResponse(await hub.run(hub._w_export, table_id, role))

    async def dispute(request: Request) -> Response:
        table_id, role = await authorized(request)
        body = await _json_body(request, body_limit)
        return JSONResponse(await hub.run(entry_page, table_id, role, body, hub))

    async def replay(request: Request) -> Response:
        table_id, role = await authorized(request)
        return JSONResponse(await hub.run(hub._w_replay, table_id, role, _int_param(request, "to", 1)))

    async def report(request: Request) -> Response:
        table_id, role = await authorized(request)
        publish = request.method == "POST"
        round_: int | None = None
        if publish:
            body = await _json_body(request, body_limit)
            given = body.get("round")
            if given is not None and (not isinstance(given, int) or isinstance(given, bool)):
                raise Problem(400, "round: a whole number")
            round_ = given
        elif "round" in request.query_params:
            round_ = _int_param(request, "round", 0)
        done = await hub.run(hub._w_report, table_id, round_, publish, role)
        if publish:
            hub.changed(table_id, drive=False)
        return JSONResponse(done)

    async def claim(request: Request) -> Response:
        """The first browser to open a seat's invitation claims the seat (the invitation in
        the ``Authorization`` header); the answer holds the seat's credential."""
        limited(request)
        table_id, role = request.path_params["table"], request.path_params["role"]
        invitation = _token(request)
        if not invitation:
            raise Problem(401, "claiming a seat needs its invitation (Authorization: Bearer ...), as the link's #invite= gives it")
        claimed = await hub.run(claims.w_claim, table_id, role, invitation)
        hub.changed(table_id)
        return JSONResponse(claimed)

    async def reissue(request: Request) -> Response:
        table_id, role = await authorized(request)
        body = await _json_body(request, body_limit)
        done = await hub.run(claims.w_reissue, table_id, role, body)
        hub.changed(table_id)
        return JSONResponse(done)

    async def spectate(request: Request) -> Response:
        """What every seat may see, for a spectator link (read-only: no route acts for it)."""
        limited(request)
        table_id, after = request.path_params["table"], _int_param(request, "after", 0)
        return JSONResponse(await hub.run(hub._w_spectator_update, table_id, _token(request), after, True))

    async def spectators_live(socket: WebSocket) -> None:
        """``live`` for a spectator link."""
        table_id = socket.path_params["table"]

        async def first(token: str) -> None:
            await hub.run(hub._w_authorize_spectator, table_id, token)

        await _pushed(socket, table_id, SPECTATORS, first)

    async def live(socket: WebSocket) -> None:
        """Pushes the seat's view and new entries whenever its table changes.  The first
        message says who is here and the last entry the page holds: ``{"token", "after"}``;
        a later ``{"after": N}`` asks again from entry N (after the game ends, hidden
        entries open, so a page reads the log again from 0).  At every change the token is
        checked again: a seat's credential revoked by a re-issue closes the socket, with why."""
        table_id, role = socket.path_params["table"], socket.path_params["role"]

        async def first(token: str) -> None:
            await hub.run(hub._w_authorize, table_id, role, token)

        await _pushed(socket, table_id, role, first)

    async def _pushed(socket: WebSocket, table_id: str, role: str, first: Callable[[str], Awaitable[None]]) -> None:
        """A live page of ``role`` (a seat, the gamesmaster or ``SPECTATORS``), whose
        credential ``first`` checks."""
        await socket.accept()
        try:
            limited(socket)
            hello = await asyncio.wait_for(_socket_message(socket, body_limit), timeout=30)
            if not isinstance(hello, dict) or not isinstance(hello.get("token"), str):
                raise Problem(401, 'send {"token": ..., "after": N} first')
            after = _after(hello.get("after", 0))
            await first(hello["token"])
        except (Problem, ValueError, TimeoutError, WebSocketDisconnect, KeyError) as exc:
            problem = exc if isinstance(exc, Problem) else Problem(400, HELLO)
            with contextlib.suppress(Exception):
                await socket.send_json({"error": problem.message, "status": problem.status})
                await socket.close(code=4000 + problem.status)
            return
        # The entries the page asked to be sent from, oldest first; what wakes the page (a
        # change of its table, a question, its socket closing) sets ``wake``: one future a
        # turn, no task per thing waited for.
        asked: list[int] = []
        wake: asyncio.Future[None] | None = None

        def woken(_: Any = None) -> None:
            if wake is not None and not wake.done():
                wake.set_result(None)

        async def listen() -> None:
            while True:
                message = await _socket_message(socket, body_limit)
                limited(socket)
                if isinstance(message, dict) and "after" in message:
                    asked.append(_after(message["after"]))
                    woken()

        reader = asyncio.ensure_future(listen())
        reader.add_done_callback(woken)
        try:
            send = True
            published: list[int] = []
            while True:
                changed = hub.waiter(table_id)
                # A page opening, or asking again from an entry of its choice, reads the
                # table's head; a page told of a change is answered from memory.
                update = await hub.page(table_id, Ask(role, hello["token"], after, send))
                if send or update.entries or update.published != published:
                    await socket.send_text(update.text)
                send, published, after = False, update.published, update.length
                if not asked and not reader.done():
                    wake = asyncio.get_running_loop().create_future()
                    # The table's waiter is every page's: this page stops listening to it, never cancels it.
                    changed.add_done_callback(woken)
                    # While it waits, its update is worked out on the worker right after each change.
                    hub.stand(table_id, wake, Ask(role, hello["token"], after, False))
                    try:
                        await wake
                    finally:
                        changed.remove_done_callback(woken)
                        hub.sit(table_id, wake)
                if reader.done():
                    failure = None if reader.cancelled() else reader.exception()
                    if isinstance(failure, Problem):
                        raise failure
                    return
                if asked:
                    after, send = asked.pop(0), True
        except (WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
            return
        except Problem as problem:
            with contextlib.suppress(Exception):
                await socket.send_json({"error": problem.message, "status": problem.status})
                await socket.close(code=4000 + problem.status)
        finally:
            reader.cancel()

    async def problem_handler(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Problem)
        headers = {"Retry-After": "1"} if exc.status == 429 else None
        return _error(exc.status, exc.message, headers)

    async def http_handler(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return _error(exc.status_code, str(exc.detail))

    async def crash_handler(request: Request, exc: Exception) -> Response:
        # The path names the table and seat, never the token (that is in a header).
        log.exception("internal error serving %s %s", request.method, request.url.path)
        return _error(500, f"internal error ({type(exc).__name__}); nothing was recorded by this request")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        if own_process:
            collector.settle()
        try:
            yield
        finally:
            await hub.stop()

    seat = "/api/tables/{table}/seats/{role}"
    app = Starlette(
        routes=[
            Route("/", page),
            Route("/play", page),
            Route("/api/games", games),
            Route("/api/tables", create, methods=["POST"]),
            Route(f"{seat}/state", state),
            Route(f"{seat}/act", act, methods=["POST"]),
            Route(f"{seat}/export", export),
            Route(f"{seat}/replay", replay),
            Route(f"{seat}/dispute", dispute, methods=["POST"]),
            Route(f"{seat}/report", report, methods=["GET", "POST"]),
            Route(f"{seat}/claim", claim, methods=["POST"]),
            Route(f"{seat}/reissue", reissue, methods=["POST"]),
            WebSocketRoute(f"{seat}/live", live),
            Route("/api/tables/{table}/spectators/state", spectate),
            WebSocketRoute("/api/tables/{table}/spectators/live", spectators_live),
            Mount("/static", app=StaticFiles(directory=str(STATIC)), name="static"),
        ],
        exception_handlers={Problem: problem_handler, HTTPException: http_handler, Exception: crash_handler},
        lifespan=lifespan,
        middleware=[Middleware(_Headers)],
    )
    app.state.hub = hub

    return app


class _Headers:
    """Headers on every response: the page runs only its own scripts, never tells another
    site where it was, and no API answer is cached."""

    POLICY = (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; "
        "frame-ancestors 'none'; form-action 'self'"
    )

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = scope["path"].startswith("/api/")

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                extra = [
                    (b"content-security-policy", self.POLICY.encode()),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-content-type-options", b"nosniff"),
                ]
                if api:
                    extra.append((b"cache-control", b"no-store"))
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)


def _int_param(request: Request, name: str, default: int) -> int:
    given = request.query_params.get(name)
    if given is None:
        return default
    if not given.isdigit() or len(given) > 9:
        raise Problem(400, f"{name}: a whole number")
    return int(given)


__all__ = ["GAMESMASTER", "Limits", "create_app"]
