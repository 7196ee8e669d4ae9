"""The FastAPI application: lobby, table pages, the JSON API and the WebSockets.

Every route goes through ``TableService``; a ``WebError`` becomes ``{"error": "..."}`` with its
HTTP status (on a WebSocket: ``{"type": "error", "error": "..."}``, the connection stays).
On the play socket a page sends ``{"type": "act", "action": ..., "version": v, "id": "..."}``:
the answer (ack or error) carries the same ``id``, and the action is refused if the table has
moved on since the state of version ``v``; ``{"type": "ping"}`` is answered ``{"type": "pong"}``.

Every request and every WebSocket connection runs in its visitor's language
(``language.LanguageMiddleware``: the picker's cookie, else Accept-Language, else English);
``GET /language/CODE?next=/path`` is the picker: it sets the cookie and goes back.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import json
import os
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException as StarletteHTTPException

from wonders.bots import BOT_NAMES
from wonders.core.i18n import _, language
from wonders.core.protocol import JSON
from wonders.core.registry import game_names, get_game
from wonders.web import strings
from wonders.web.language import COOKIE, COOKIE_AGE, LanguageMiddleware, chosen, picker, safe_next
from wonders.web.live import Connection, Hub
from wonders.web.seating import MAX_NAME, errors_line
from wonders.web.service import (
    LiveTable,
    StaleTable,
    TableService,
    TooLarge,
    WebError,
    default_name,
    shown_name,
    shown_names,
)
from wonders.web.store import Store, make_engine, migrate
from wonders.web.texts import texts
from wonders.web.thinking import Thinkers

if TYPE_CHECKING:
    from wonders.web.notify import Listener
    from wonders.web.pubsub import RedisListener

HERE = Path(__file__).resolve().parent
PUBSUB_ENV = "WONDERS_PUBSUB"  # e.g. redis://127.0.0.1:6379/0: Redis pub/sub between processes
MAX_MESSAGE = 16 * 1024  # bytes: an action's JSON is far smaller
MAX_REF = 64  # characters of the id a page gives an action (echoed in the answer)


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


def _quiet_task(coro: Any) -> asyncio.Task[None]:
    """A background task (bots, clocks) in a context of its own: not in the language of the
    visitor whose request started it (each message it causes is made in its reader's)."""
    return asyncio.get_running_loop().create_task(coro, context=contextvars.Context())


def _parse(raw: bytes | str) -> Any:
    if len(raw) > MAX_MESSAGE:
        raise TooLarge(_("message too large (at most {n} bytes)").format(n=MAX_MESSAGE))
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise WebError(_("the message is not valid JSON")) from None


class Web:
    """The app's parts: the store, the tables, the live connections and the bot players."""

    def __init__(self, db: str | None, bot_delay: float, pubsub: str | None = None) -> None:
        engine = make_engine(db)
        migrate(engine)
        self.pubsub = pubsub
        self.publisher = None
        if pubsub is not None:
            from wonders.web.pubsub import Publisher

            self.publisher = Publisher(pubsub)
        self.store = Store(engine, self.publisher)
        self.thinkers = Thinkers()
        self.service = TableService(self.store, self.thinkers)
        self.hub = Hub(self.service)
        self.bot_delay = bot_delay
        self.bot_tasks: dict[str, asyncio.Task[None]] = {}
        self.clocks: dict[tuple[str, int, int], asyncio.Task[None]] = {}

    def resume(self) -> None:
        """Rebuild every game in progress from its record (at start-up)."""
        for row in self.store.list_tables(limit=1000):
            if row.status == "playing":
                self.service.get(row.id)

    def wake(self, live: LiveTable) -> None:
        """Set the table's bots and turn clocks going (after start-up, creation, a visit)."""
        self.kick_bots(live)
        self.start_clocks(live)

    def kick_bots(self, live: LiveTable) -> None:
        """Start the table's bot player unless it runs already (bots think in a thread)."""
        task = self.bot_tasks.get(live.id)
        if task is None or task.done():
            self.bot_tasks[live.id] = _quiet_task(self._bots(live))

    async def _bots(self, live: LiveTable) -> None:
        while True:
            owing = self.service.bot_owing(live)
            if not owing:
                return
            await asyncio.sleep(self.bot_delay)
            played = False
            for seat in owing:
                try:
                    moved = await asyncio.to_thread(self.service.play_bot, live, seat)
                except WebError:
                    moved = False
                if moved:
                    played = True
                    await self.after_change(live, kick=False)
            if not played:  # another process holds the decision: look again in a while
                await asyncio.sleep(max(self.bot_delay, 0.5))
                await asyncio.to_thread(self.service.refresh, live.id)
            live = self.service.get(live.id)  # rebuilt if the store moved on

    async def after_change(self, live: LiveTable, kick: bool = True) -> None:
        await self.hub.publish(live)
        if live.finished:
            await self.hub.publish_lobby()
        if kick:
            self.kick_bots(live)
        self.start_clocks(live)

    def start_clocks(self, live: LiveTable) -> None:
        """The turn clock: a person who has not decided in time has a bot decide for them
        (that decision only; their seat stays theirs)."""
        if live.row.clock is None:
            return
        for seat in self.service.clock_owing(live):
            key = (live.id, seat, live.count)
            if key not in self.clocks:
                self.clocks[key] = _quiet_task(self._clock(live, seat, live.count))

    async def _clock(self, live: LiveTable, seat: int, count: int) -> None:
        try:  # the stored deadline: a restart or another process resumes the same clock
            while (left := (self.service.deadline(live, seat) or 0.0) - time.time()) > 0:
                await asyncio.sleep(left)  # again if it moved meanwhile (the seat taken back)
            try:
                moved = await asyncio.to_thread(self.service.play_bot, live, seat, count)
            except WebError:
                moved = False
            if moved:
                await self.after_change(live)
        finally:
            self.clocks.pop((live.id, seat, count), None)

    async def act(
        self,
        live: LiveTable,
        seat: int,
        action: Any,
        version: int | None = None,
        ref: str | None = None,
    ) -> JSON:
        play = functools.partial(self.service.act, version=version, ref=ref)
        try:
            ack = await asyncio.to_thread(play, live, seat, action)
        except StaleTable:  # another process moved first: judge it on the reloaded game
            ack = await asyncio.to_thread(play, live, seat, action)
        await self.after_change(live)
        return ack

    def heard(self, table_id: str) -> None:
        """A table changed in the database (PostgreSQL NOTIFY, maybe from another process)."""
        _quiet_task(self._refresh(table_id))

    async def _refresh(self, table_id: str) -> None:
        live = await asyncio.to_thread(self.service.refresh, table_id)
        if live is not None:
            await self.after_change(live)


def create_app(db: str | None = None, bot_delay: float = 0.7, pubsub: str | None = None) -> FastAPI:
    """The web table on database ``db`` (a SQLAlchemy URL; None: the default SQLite file).
    Processes tell each other of changes by Redis pub/sub when ``pubsub`` (default:
    ``$WONDERS_PUBSUB``) is a ``redis://`` URL, else by PostgreSQL NOTIFY (SQLite: none)."""
    web = Web(db, bot_delay, pubsub or os.environ.get(PUBSUB_ENV) or None)
    service = web.service

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(web.resume)  # load the games in progress: their bots play on
        for live in list(service.live_tables()):
            web.wake(live)
        listener: RedisListener | Listener | None = None
        if web.pubsub is not None:
            from wonders.web.pubsub import RedisListener

            listener = RedisListener(web.pubsub, asyncio.get_running_loop(), web.heard)
        elif web.store.engine.dialect.name == "postgresql":
            from wonders.web.notify import Listener

            url = web.store.engine.url.render_as_string(hide_password=False)
            listener = Listener(url, asyncio.get_running_loop(), web.heard)
        if listener is not None:
            await asyncio.to_thread(listener.start)
        yield
        if listener is not None:
            await asyncio.to_thread(listener.stop)
        if web.publisher is not None:
            web.publisher.close()
        for task in web.bot_tasks.values():
            task.cancel()
        await asyncio.to_thread(web.thinkers.close)

    app = FastAPI(title="wonders", docs_url=None, redoc_url=None, lifespan=lifespan)
    app.add_middleware(LanguageMiddleware)
    app.state.web = web
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    pages = Jinja2Templates(directory=HERE / "templates")

    @app.exception_handler(WebError)
    async def web_error(_request: Request, exc: WebError) -> JSONResponse:
        return _error(exc)

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
        return pages.TemplateResponse(request, name, context)

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

    @app.get("/api/tables")
    async def list_tables() -> JSON:
        return await asyncio.to_thread(service.lobby)

    @app.post("/api/tables")
    async def create_table(request: Request) -> JSON:
        body = _parse(await _body(request))
        if not isinstance(body, dict):
            raise WebError(_("a table is a JSON object: game, options, seats"))
        created = await asyncio.to_thread(service.create_from, body)
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
        seat, token = await asyncio.to_thread(service.join, table_id, body)
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

    @app.get("/api/watch/{table_id}")
    async def watch_state(table_id: str) -> JSON:
        live = await asyncio.to_thread(service.get, table_id)
        return await asyncio.to_thread(service.message, live, None)

    @app.get("/api/play/{token}")
    async def play_state(token: str) -> JSON:
        live, seat = await asyncio.to_thread(service.seat_for_token, token)
        return await asyncio.to_thread(service.message, live, seat)

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
            bots=BOT_NAMES,
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

    # ---- WebSockets ----

    async def serve_socket(ws: WebSocket, live: LiveTable, seat: int | None, token: str) -> None:
        conn = Connection(ws, seat)
        web.hub.join(live.id, conn)
        try:
            await conn.send(await asyncio.to_thread(service.message, live, seat))
            while True:
                raw = await ws.receive_text()
                answer: JSON = {}  # an act's id, echoed in its acknowledgement or error
                try:
                    msg = _parse(raw.encode())
                    if not isinstance(msg, dict):
                        raise WebError(_("a message is a JSON object with a type"))
                    if msg.get("type") == "sync":
                        live = await asyncio.to_thread(service.get, live.id)
                        await conn.send(await asyncio.to_thread(service.message, live, seat))
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
                    else:
                        raise WebError(_("unknown message type {t!r}").format(t=msg.get("type")))
                except WebError as exc:
                    await conn.send({"type": "error", "error": str(exc), **answer})
        except WebSocketDisconnect:
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
        web.hub.lobby.add(conn)
        try:
            await conn.send({"type": "lobby", **await asyncio.to_thread(service.lobby)})
            while True:
                await ws.receive_text()
        except WebSocketDisconnect:
            pass
        finally:
            web.hub.lobby.discard(conn)

    return app
