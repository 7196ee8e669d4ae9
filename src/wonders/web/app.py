"""The FastAPI application: lobby, table pages, the JSON API and the WebSockets (the
routes; what runs the tables behind them, bots, clocks, pushes, catch-up, is
``tables.Web``).

Every route goes through ``TableService``; a ``WebError`` becomes ``{"error": "..."}`` with its
HTTP status (on a WebSocket: ``{"type": "error", "error": "..."}``, the connection stays).
On the play socket a page sends ``{"type": "act", "action": ..., "version": v, "id": "..."}``:
the action is refused if the table has stored actions since the state of version ``v`` (a
late or retried message never lands on another turn). The answer carries the same ``id``; an
acknowledgement says what it acknowledges: ``{"type": "ack", "id": ..., "judged": v2, "new":
{"version": v3, "seq": s}, "pending": ...}``, ``judged`` the version of the table's state the
action was judged on (newer than ``v`` only by other seats' choices of the same turn), ``new``
the version and seq of the state it led to (a state message of that seq or later shows it).
``{"type": "ping"}`` is answered ``{"type": "pong"}``. ``GET /api/health``: whether the
process reaches its database and hears the other processes (``Web.health``). ``GET
/api/play/TOKEN`` and ``/api/watch/TABLE`` answer the state message the WebSockets are
pushed (``Hub.view``: made once per version, seat and language). Until the database has been
reached and migrated, every other request gets the database fault's answer (a JSON 503 with
``Retry-After``; a WebSocket: an error, then 1013).

Every request and every WebSocket connection runs in its visitor's language
(``language.LanguageMiddleware``: the picker's cookie, else Accept-Language, else English);
``GET /language/CODE?next=/path`` is the picker: it sets the cookie and goes back.

The table chat and the rematch are ``chat.Extras``: its routes are included here, a socket
is sent the chat so far after its first state (and after a sync), and a play socket's
``{"type": "rematch"}`` is answered with the seat's own link at the rematch.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette import websockets as starlette_websockets
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketState

from wonders.bots import BOT_NAMES
from wonders.core.i18n import _, language
from wonders.core.protocol import JSON
from wonders.core.registry import game_names, get_game
from wonders.web import guard, players, strings
from wonders.web.chat import MAX_CHAT, Extras
from wonders.web.guard import Limits
from wonders.web.language import COOKIE, COOKIE_AGE, LanguageMiddleware, chosen, picker, safe_next
from wonders.web.live import TRY_AGAIN_LATER, Connection
from wonders.web.seating import MAX_NAME, errors_line, menu_at
from wonders.web.service import (
    LiveTable,
    TooLarge,
    WebError,
    default_name,
    shown_name,
    shown_names,
)
from wonders.web.tables import Web, first_line
from wonders.web.texts import texts

__all__ = ["MAX_MESSAGE", "PUBSUB_ENV", "Web", "create_app"]

HERE = Path(__file__).resolve().parent
PUBSUB_ENV = "WONDERS_PUBSUB"  # e.g. redis://127.0.0.1:6379/0: Redis pub/sub between processes
MAX_MESSAGE = 16 * 1024  # bytes: an action's JSON is far smaller
MAX_REF = 64  # characters of the id a page gives an action (echoed in the answer)
RETRY_AFTER = 5  # seconds a visitor is asked to wait when the database fails
# what answers while the database is away at start (the rest waits for it: 503)
UNGATED = ("/api/health", "/static/", "/language")
log = logging.getLogger(__name__)
# a socket the visitor closed: Starlette says so with either (the second since Starlette 1)
GONE = (
    WebSocketDisconnect,
    getattr(starlette_websockets, "WebSocketDisconnected", WebSocketDisconnect),
)


def _error(exc: WebError) -> JSONResponse:
    return JSONResponse({"error": str(exc)}, status_code=exc.status)


async def _body(request: Request) -> bytes:
    """The request's body, refused unread when it says it is too large."""
    too_large = TooLarge(_("message too large (at most {n} bytes)").format(n=MAX_MESSAGE))
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_MESSAGE):
        raise too_large
    body = b""
    async for chunk in request.stream():  # a body sent without its length: counted as it comes
        body += chunk
        if len(body) > MAX_MESSAGE:
            raise too_large
    return body


def _act_fields(msg: dict[str, Any]) -> tuple[str | None, int | None]:
    """An act message's optional ``id`` (the page's name for the action, echoed in the
    answer) and ``version`` (of the state message the choice was made on)."""
    ref, version = msg.get("id"), msg.get("version")
    if ref is not None and (not isinstance(ref, str) or not 0 < len(ref) <= MAX_REF):
        raise WebError(_("an action's id is text of 1 to {n} characters").format(n=MAX_REF))
    if version is not None and (
        isinstance(version, bool) or not isinstance(version, int) or version < 0
    ):
        raise WebError(_("version must be the whole number of a state message"))
    return ref, version


def _name_asked(live: LiveTable, seat: int) -> dict[str, str]:
    """What a seat's page offers in its name field: the name the creator gave the seat, if
    any (else empty, with the seat's default name as the hint)."""
    row = live.row.seats[seat]
    return {"value": "" if row.name == default_name(row) else row.name, "hint": shown_name(row)}


def _parse(raw: bytes | str) -> Any:
    if len(raw) > MAX_MESSAGE:
        raise TooLarge(_("message too large (at most {n} bytes)").format(n=MAX_MESSAGE))
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise WebError(_("the message is not valid JSON")) from None


async def _unavailable(conn: Request | WebSocket) -> Response | None:
    """The database is away: a JSON 503 the visitor may retry (``Retry-After``); on a
    WebSocket, an error message then close code 1013 (try again later), and None: the page
    reconnects and resyncs once the database is back."""
    error = _("the game server cannot reach its database just now: try again in a moment")
    if isinstance(conn, WebSocket):
        with contextlib.suppress(Exception):  # the socket may be gone already
            if conn.application_state == WebSocketState.CONNECTED:
                await conn.send_json({"type": "error", "error": error})
            await conn.close(code=TRY_AGAIN_LATER)
        return None
    return JSONResponse({"error": error}, 503, headers={"Retry-After": str(RETRY_AFTER)})


class WaitForDatabase:
    """ASGI middleware: until the database has been reached and migrated (``Web.ready``),
    every request but ``UNGATED`` ones gets ``_unavailable``'s answer (a WebSocket is
    accepted first, so its page hears why and reconnects later)."""

    def __init__(self, app: ASGIApp, web: Web) -> None:
        self.app = app
        self.web = web

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            self.web.ready
            or scope["type"] not in ("http", "websocket")
            or scope["path"].startswith(UNGATED)
        ):
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            ws = WebSocket(scope, receive, send)
            with contextlib.suppress(Exception):  # the visitor may be gone already
                await ws.accept()
            await _unavailable(ws)
        else:
            answer = await _unavailable(Request(scope, receive))
            if answer is not None:
                await answer(scope, receive, send)


def create_app(
    db: str | None = None,
    bot_delay: float = 0.7,
    pubsub: str | None = None,
    limits: Limits | None = None,
    origins: Iterable[str] | None = None,
) -> FastAPI:
    """The web table on database ``db`` (a SQLAlchemy URL; None: the default SQLite file).
    Processes tell each other of changes by Redis pub/sub when ``pubsub`` (default:
    ``$WONDERS_PUBSUB``) is a ``redis://`` URL, else by PostgreSQL NOTIFY (SQLite: none).
    ``limits`` bound what one client address may do (default: ``$WONDERS_LIMITS``, else
    ``guard.Limits()``); ``origins`` are other sites whose pages may use the server (default:
    ``$WONDERS_ORIGINS``): see ``wonders.web.guard``."""
    web = Web(db, bot_delay, pubsub or os.environ.get(PUBSUB_ENV) or None)
    service = web.service
    extras = Extras(web)  # the chat and the rematch (chat.py)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await web.start()
        yield
        await web.stop()

    app = FastAPI(
        title="wonders", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan
    )
    players.identify(app, web)  # inside the guard: a refused request makes no player
    app.add_middleware(WaitForDatabase, web=web)  # inside the guard: its headers, its limits
    guard.install(app, limits, origins)  # inside LanguageMiddleware: its errors are translated
    app.add_middleware(LanguageMiddleware)
    app.state.web = web
    app.state.extras = extras
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    pages = Jinja2Templates(directory=HERE / "templates")

    @app.exception_handler(WebError)
    async def web_error(_request: Request, exc: WebError) -> JSONResponse:
        return _error(exc)

    @app.exception_handler(DBAPIError)
    @app.exception_handler(PoolTimeout)
    async def database_fault(conn: Request | WebSocket, exc: Exception) -> Response | None:
        """The database failed or did not answer in time: a JSON 503 the visitor may retry
        (``Retry-After``); on a WebSocket, an error message then close code 1013 (try again
        later): the page reconnects and resyncs once the database is back."""
        where = guard.redact(conn.url.path)  # no seat token in the log
        log.warning("database fault at %s: %s", where, first_line(exc))
        return await _unavailable(conn)

    @app.exception_handler(RequestValidationError)
    async def bad_parameter(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": errors_line(list(exc.errors()), skip=1)}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def no_such_thing(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 404:
            error = _("nothing is at {path}").format(path=request.url.path)
        elif exc.status_code == 405:
            error = _("{method} is not taken at {path}").format(
                method=request.method, path=request.url.path
            )
        else:
            error = _("this request cannot be served (HTTP {status})").format(
                status=exc.status_code
            )
        return JSONResponse({"error": error}, exc.status_code, headers=exc.headers)

    def page(request: Request, name: str, **context: Any) -> HTMLResponse:
        """A page in the visitor's language (the templates' ``t``: ``strings.phrase``)."""
        code = language()
        context["strings"] = strings.strings()
        context["icon_words"] = strings.icon_words()
        context["t"] = strings.phrase
        context["bot_word"] = strings.bot_word
        context["language"] = code
        context["languages"] = picker(code)
        context["here"] = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        context["max_name"] = MAX_NAME
        context["max_chat"] = MAX_CHAT
        return pages.TemplateResponse(request, name, context)

    players.install(app, web, pages, page)  # players, ratings, their pages (players.py)

    def title(game: str) -> str:
        return get_game(game).titled()

    # ---- the language picker ----

    @app.get("/language")
    @app.get("/language/{code}")
    async def choose_language(code: str = "", next: str | None = None) -> Response:
        """The picker: keep the visitor's language in the cookie and go back where they were
        (``next``, a path of this site; an unknown code changes nothing)."""
        back = RedirectResponse(safe_next(next), status_code=303)
        picked = chosen(code) if code else None
        if picked is not None:
            back.set_cookie(COOKIE, picked, max_age=COOKIE_AGE, path="/", samesite="lax")
        return back

    # ---- pages ----

    @app.get("/", response_class=HTMLResponse)
    async def lobby_page(request: Request) -> HTMLResponse:
        return page(request, "lobby.html", bots=BOT_NAMES, forms=strings.game_forms())

    @app.get("/play/{token}", response_class=HTMLResponse)
    async def play_page(request: Request, token: str) -> HTMLResponse:
        try:
            live, seat = await asyncio.to_thread(service.seat_for_token, token)
        except WebError as exc:
            return page(request, "error.html", error=str(exc))
        if await asyncio.to_thread(service.tie, live, seat, players.player_id(request)):
            await web.hub.publish(live)  # the seat's player and rating
        await web.hub.publish_lobby()
        mine = live.row.seats[seat]
        return page(
            request,
            "table.html",
            table=live.id,
            game=live.row.game,
            seat=seat,
            token=token,
            # the player has not chosen their name yet: the page asks for it
            game_title=title(live.row.game),
            ask_name=None if mine.named or live.finished else _name_asked(live, seat),
        )

    @app.get("/watch/{table_id}", response_class=HTMLResponse)
    async def watch_page(request: Request, table_id: str) -> HTMLResponse:
        try:
            live = await asyncio.to_thread(service.get, table_id)
        except WebError as exc:
            return page(request, "error.html", error=str(exc))
        return page(
            request,
            "table.html",
            table=live.id,
            game=live.row.game,
            game_title=title(live.row.game),
            seat=None,
            token="",
        )

    # ---- the JSON API ----

    @app.get("/api/health")
    async def health() -> JSONResponse:
        """Whether this process serves (200; 503 while its database is down, so a load
        balancer sends no one here) and hears the other processes (``pubsub``)."""
        report = await web.health()
        status = 200 if report["database"] == "ok" else 503
        return JSONResponse(report, status, headers={"Cache-Control": "no-store"})

    @app.get("/api/tables")
    async def list_tables() -> JSON:
        return await asyncio.to_thread(service.lobby)

    @app.post("/api/tables")
    async def create_table(request: Request) -> JSON:
        body = _parse(await _body(request))
        if not isinstance(body, dict):
            raise WebError(_("a table is a JSON object: game, options, seats"))
        created = await asyncio.to_thread(
            service.create_from, body, player=players.player_id(request)
        )
        live = await asyncio.to_thread(service.get, created.table_id)
        web.wake(live)
        await web.hub.publish_lobby()
        links = {
            s: {"seat": s, "token": t, "link": f"/play/{t}"} for s, t in created.tokens.items()
        }
        return {
            "table": created.table_id,
            "watch": f"/watch/{created.table_id}",
            "admin": created.admin,
            "manage": f"/manage/{created.admin}",
            # the creator's own seat, already theirs (None: they do not play)
            "creator": None if created.creator is None else links[created.creator],
            # every seat with a link: the creator's and each invited seat's, to send its player
            "seats": [
                {**link, "access": created.access[s], "creator": s == created.creator}
                for s, link in sorted(links.items())
            ],
            "open": sorted(s for s, a in created.access.items() if a == "open" and s not in links),
        }

    @app.post("/api/tables/{table_id}/join")
    async def join_table(table_id: str, request: Request) -> JSON:
        raw = await _body(request)
        body = _parse(raw) if raw.strip() else None
        seat, token = await asyncio.to_thread(
            service.join, table_id, body, players.player_id(request)
        )
        live = await asyncio.to_thread(service.get, table_id)
        await web.hub.publish_lobby()
        await web.hub.publish(live)
        return {
            "table": table_id,
            "seat": seat,
            "token": token,
            "link": f"/play/{token}",
            "name": shown_name(live.row.seats[seat]),
        }

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> JSON:
        live = await asyncio.to_thread(service.get, table_id)
        return await asyncio.to_thread(service.record, live)

    @app.get("/api/tables/{table_id}/replay")
    async def replay_step(table_id: str, step: int = 0, seat: int | None = None) -> JSON:
        live = await asyncio.to_thread(service.get, table_id)
        return await asyncio.to_thread(service.replay_step, live, seat, step)

    @app.get("/replay/{table_id}", response_class=HTMLResponse)
    async def replay_page(request: Request, table_id: str) -> HTMLResponse:
        try:
            live = await asyncio.to_thread(service.get, table_id)
        except WebError as exc:
            return page(request, "error.html", error=str(exc))
        return page(
            request,
            "replay.html",
            table=live.id,
            game=live.row.game,
            game_title=title(live.row.game),
            seats=shown_names(live.row.seats),
            steps=live.count,
        )

    async def state_of(live: LiveTable, seat: int | None) -> Response:
        """The seat's state message: the one the WebSocket pushes share (``Hub.view``, made
        once for each version of the table, seat and language), its clock counted now."""
        made = await web.hub.view(live, seat, language())
        return Response(made.encoded(), media_type="application/json")

    @app.get("/api/watch/{table_id}")
    async def watch_state(table_id: str) -> Response:
        live = await asyncio.to_thread(service.get, table_id)
        return await state_of(live, None)

    @app.get("/api/play/{token}")
    async def play_state(token: str) -> Response:
        live, seat = await asyncio.to_thread(service.seat_for_token, token)
        return await state_of(live, seat)

    @app.post("/api/play/{token}/action")
    async def play_action(token: str, request: Request) -> JSON:
        raw = await _body(request)
        live, seat = await asyncio.to_thread(service.seat_for_token, token)
        return await web.act(live, seat, _parse(raw))

    @app.post("/api/play/{token}/name")
    async def choose_name(token: str, request: Request) -> JSON:
        raw = await _body(request)
        live, seat = await asyncio.to_thread(service.seat_for_token, token)
        name = await asyncio.to_thread(service.set_name, live, seat, _parse(raw))
        await asyncio.to_thread(players.adopt_name, request, name)  # an unnamed player's too
        # naming the seat may have made this browser a player: the seat is theirs then
        await asyncio.to_thread(service.tie, live, seat, players.player_id(request))
        await web.hub.publish(live)
        await web.hub.publish_lobby()
        return {"type": "ack", "seat": seat, "name": name}

    @app.post("/api/play/{token}/back")
    async def take_seat_back(token: str) -> JSON:
        live, seat = await asyncio.to_thread(service.seat_for_token, token)
        await asyncio.to_thread(service.set_stand_in, live, seat, None)
        await web.after_change(live)
        return {"type": "ack", "seat": seat}

    @app.post("/api/manage/{admin}/seats/{seat}")
    async def stand_in(admin: str, seat: int, request: Request) -> JSON:
        body = _parse(await _body(request))
        if not isinstance(body, dict) or "bot" not in body:
            raise WebError(_('give {"bot": NAME} to seat a bot, {"bot": null} to give it back'))
        live = await asyncio.to_thread(service.admin_table, admin)
        await asyncio.to_thread(service.set_stand_in, live, seat, body["bot"])
        await web.after_change(live)
        return {"type": "ack", "seat": seat, "stand_in": body["bot"]}

    @app.post("/api/manage/{admin}/seats/{seat}/invite")
    async def reinvite(admin: str, seat: int, request: Request) -> JSON:
        _parse(await _body(request))  # a JSON body, as every POST
        live = await asyncio.to_thread(service.admin_table, admin)
        token = await asyncio.to_thread(service.reinvite, live, seat)
        await web.after_change(live)
        return {"type": "ack", "seat": seat, "link": f"/play/{token}"}

    @app.get("/manage/{admin}", response_class=HTMLResponse)
    async def manage_page(request: Request, admin: str) -> HTMLResponse:
        try:
            live = await asyncio.to_thread(service.admin_table, admin)
        except WebError as exc:
            return page(request, "error.html", error=str(exc))
        return page(
            request,
            "manage.html",
            table=live.id,
            admin=admin,
            seats=live.row.seats,
            names=shown_names(live.row.seats),
            bots=menu_at(live.row.game, len(live.row.seats)),
        )

    @app.get("/api/texts/{game}")
    async def game_texts(game: str, lang: str | None = None) -> Response:
        """Every name of the game's data with its printed name and text, in ``lang`` (the
        page asks in its own language, so the answer may be cached) or the visitor's."""
        if game not in game_names():
            error = _("unknown game {game!r}; known games: {names}").format(
                game=game, names=", ".join(game_names())
            )
            return JSONResponse({"error": error}, status_code=404)
        code = (chosen(lang) if lang else None) or language()
        found = await asyncio.to_thread(texts, game, code)
        return JSONResponse(
            found,
            headers={
                "Cache-Control": "max-age=3600",
                "Content-Language": code,
                "Vary": "Cookie, Accept-Language",
            },
        )

    async def read_json(request: Request) -> Any:
        return _parse(await _body(request))

    app.include_router(extras.router(read_json))  # the chat and the rematch

    # ---- WebSockets ----

    async def serve_socket(ws: WebSocket, live: LiveTable, seat: int | None, token: str) -> None:
        conn = Connection(ws, seat)
        web.hub.join(live.id, conn)
        try:
            await web.hub.send_state(conn, live)
            await web.hub.send_chat(conn, live.id)
            while True:
                raw = await ws.receive_text()
                answer: JSON = {}  # an act's id, echoed in its acknowledgement or error
                try:
                    msg = _parse(raw.encode())
                    if not isinstance(msg, dict):
                        raise WebError(_("a message is a JSON object with a type"))
                    if msg.get("type") == "sync":
                        live = await asyncio.to_thread(service.get, live.id)
                        await web.hub.send_state(conn, live)
                        await web.hub.send_chat(conn, live.id)
                    elif msg.get("type") == "ping":  # the page checks the connection is alive
                        await conn.send({"type": "pong"})
                    elif msg.get("type") == "act":
                        ref, version = _act_fields(msg)
                        if ref is not None:
                            answer["id"] = ref
                        if seat is None:
                            raise WebError(_("a spectator cannot act"))
                        live, acting = await asyncio.to_thread(service.seat_for_token, token)
                        ack = await web.act(live, acting, msg.get("action"), version, ref)
                        await conn.send({**ack, **answer})
                    elif not await extras.on_socket(conn, seat, token, msg):
                        raise WebError(_("unknown message type {t!r}").format(t=msg.get("type")))
                except WebError as exc:
                    await conn.send({"type": "error", "error": str(exc), **answer})
        except GONE:
            pass
        finally:
            web.hub.leave(live.id, conn)

    @app.websocket("/ws/play/{token}")
    async def play_socket(ws: WebSocket, token: str) -> None:
        await ws.accept()
        try:
            live, seat = await asyncio.to_thread(service.seat_for_token, token)
        except WebError as exc:
            await ws.send_json({"type": "error", "error": str(exc)})
            await ws.close(code=4403)
            return
        web.wake(live)
        await serve_socket(ws, live, seat, token)

    @app.websocket("/ws/watch/{table_id}")
    async def watch_socket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        try:
            live = await asyncio.to_thread(service.get, table_id)
        except WebError as exc:
            await ws.send_json({"type": "error", "error": str(exc)})
            await ws.close(code=4404)
            return
        web.wake(live)
        await serve_socket(ws, live, None, "")

    @app.websocket("/ws/lobby")
    async def lobby_socket(ws: WebSocket) -> None:
        await ws.accept()
        conn = Connection(ws, None)
        web.hub.join_lobby(conn)
        try:
            await web.hub.send_lobby(conn)
            while True:
                await ws.receive_text()
        except GONE:
            pass
        finally:
            web.hub.leave_lobby(conn)

    return app
