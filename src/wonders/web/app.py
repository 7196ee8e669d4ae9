"""The FastAPI application: lobby, table pages, the JSON API and the WebSockets.

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
process reaches its database and hears the other processes (``Web.health``).

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
import logging
import os
import time
from collections.abc import AsyncIterator, Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette import websockets as starlette_websockets
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketState

from wonders.bots import BOT_NAMES
from wonders.core.i18n import _, language
from wonders.core.protocol import JSON
from wonders.core.registry import game_names, get_game
from wonders.web import guard, strings
from wonders.web.guard import Limits
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
from wonders.web.store import Store, make_engine, migrate, read_note
from wonders.web.texts import texts
from wonders.web.thinking import Thinkers

if TYPE_CHECKING:
    from wonders.web.listening import ListenerThread
    from wonders.web.notify import Listener
    from wonders.web.pubsub import RedisListener

HERE = Path(__file__).resolve().parent
PUBSUB_ENV = "WONDERS_PUBSUB"  # e.g. redis://127.0.0.1:6379/0: Redis pub/sub between processes
MAX_MESSAGE = 16 * 1024  # bytes: an action's JSON is far smaller
MAX_REF = 64  # characters of the id a page gives an action (echoed in the answer)
ACT_TRIES = 10  # an action judged again after another process's write, at most this often
CATCH_UP_EVERY = 3.0  # seconds between two comparisons of the cached tables with the store
HEALTH_WAIT = 3.0  # seconds the health check waits for the database
RETRY_AFTER = 5  # seconds a visitor is asked to wait when the database fails
DATABASE_WAIT = 2.0  # seconds the bots of a table wait before trying a failed database again
BOT_THREADS = 8  # bots deciding at once (their own threads: requests never wait for them)
EVICT_IDLE = 600.0  # seconds: a cached game nobody used for this long is dropped
SWEEP_EVERY = 60.0  # seconds between two looks for cached games to drop
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

    def __init__(
        self,
        db: str | None,
        bot_delay: float,
        pubsub: str | None = None,
        bot_threads: int = BOT_THREADS,
    ) -> None:
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
        # bots and turn clocks decide in threads of their own: a bot waiting for its search
        # never holds a thread a request needs (those use the event loop's default pool)
        self.bot_pool = ThreadPoolExecutor(bot_threads, thread_name_prefix="wonders-bot")
        self.evict_idle = EVICT_IDLE  # the sweep drops cached games idle this long (seconds)
        self.sweep_every = SWEEP_EVERY
        self.catch_up_every = CATCH_UP_EVERY  # ``keep_up``: lost notes are caught up so
        self.loop: asyncio.AbstractEventLoop | None = None  # the server's, while it runs
        self.listener: ListenerThread | None = None  # hears the other processes' changes
        self.pushing: set[str] = set()  # tables whose views are about to be pushed
        self.catch_up_failed = False  # the last catch-up failed (and was logged)
        self.service.on_reload = self._reloaded

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

    async def _decide(self, live: LiveTable, seat: int, clock_count: int | None = None) -> bool:
        """``service.play_bot`` in the bots' own threads (``bot_pool``)."""
        play = functools.partial(self.service.play_bot, live, seat, clock_count)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.bot_pool, contextvars.copy_context().run, play)

    async def _bots(self, live: LiveTable) -> None:
        while True:
            owing = self.service.bot_owing(live)
            if not owing:
                return
            await asyncio.sleep(self.bot_delay)
            played = False
            try:
                for seat in owing:
                    try:
                        moved = await self._decide(live, seat)
                    except WebError:
                        moved = False
                    if moved:
                        played = True
                        await self.after_change(live, kick=False)
                if not played:  # another process holds the decision: look again in a while
                    await asyncio.sleep(max(self.bot_delay, 0.5))
                    await asyncio.to_thread(self.service.refresh, live.id)
                live = await asyncio.to_thread(self.service.get, live.id)  # rebuilt if moved on
            except (DBAPIError, PoolTimeout) as exc:  # the database is away: the bots wait
                log.warning("bots of table %s wait for the database: %s", live.id, exc)
                await asyncio.sleep(DATABASE_WAIT)

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
                moved = await self._decide(live, seat, count)
            except WebError:
                moved = False
            if moved:
                await self.after_change(live)
        finally:
            self.clocks.pop((live.id, seat, count), None)

    def busy(self) -> set[str]:
        """The tables this process keeps cached whatever their age: with a WebSocket
        connection, a bot at work or a turn clock running (on the event loop)."""
        for table_id, task in list(self.bot_tasks.items()):
            if task.done():  # the bots are done: their task no longer keeps the table
                del self.bot_tasks[table_id]
        busy = {table_id for table_id, conns in self.hub.tables.items() if conns}
        busy.update(self.bot_tasks)
        busy.update(key[0] for key, task in self.clocks.items() if not task.done())
        return busy

    def evict(self) -> int:
        """Drop the cached games not ``busy`` that are finished or unused for ``evict_idle``
        seconds (a later visit rebuilds them from the store); how many were dropped."""
        return self.service.evict(self.busy().__contains__, self.evict_idle)

    async def keep_lean(self) -> None:
        """``evict`` every ``sweep_every`` seconds: the cache holds the games in use, not
        every game ever visited."""
        while True:
            await asyncio.sleep(self.sweep_every)
            try:
                dropped = self.evict()
            except Exception:  # the next sweep tries again
                log.exception("the sweep of cached games failed")
            else:
                if dropped:
                    log.info("dropped %d cached games", dropped)

    async def act(
        self,
        live: LiveTable,
        seat: int,
        action: Any,
        version: int | None = None,
        ref: str | None = None,
    ) -> JSON:
        """Play ``seat``'s action (``service.act``) and push the new views. If another
        process wrote first, the table is reloaded (its views pushed) and the action judged
        again on it, up to ``ACT_TRIES`` times; a refusal is first checked against the store
        (this copy may lag behind it), so a legal move is never refused for another's write."""
        play = functools.partial(self.service.act, version=version, ref=ref)
        for attempt in range(1, ACT_TRIES + 1):
            try:
                ack = await asyncio.to_thread(play, live, seat, action)
                break
            except StaleTable:  # reloaded: judged again on the fresh game
                if attempt == ACT_TRIES:
                    raise
            except WebError:  # refused on its merits, unless the copy was behind the store
                try:
                    catch_up = self.service.catch_up
                    behind = attempt < ACT_TRIES and await asyncio.to_thread(catch_up, live)
                except Exception:  # the store cannot tell: the refusal stands
                    behind = False
                if not behind:
                    raise
            if attempt > 1:  # writers racing for one table: give the others a moment
                await asyncio.sleep(0.005 * attempt)
        await self.after_change(live)
        return ack

    def heard(self, note: str) -> None:
        """A table changed in the database (a listener's note, maybe of this process's own
        change: nothing to do when the copy holds its revision already)."""
        table_id, revision = read_note(note)
        if self.service.holds(table_id, revision):
            return
        _quiet_task(self._refresh(table_id, revision))

    async def _refresh(self, table_id: str, revision: int | None = None) -> None:
        try:  # a change is pushed by ``_reloaded``
            await asyncio.to_thread(self.service.refresh, table_id, revision)
        except Exception as exc:  # the database failed: the periodic catch-up tries again
            log.debug("could not reload table %s: %s", table_id, exc)

    def _reloaded(self, live: LiveTable) -> None:
        """``service.on_reload``, in whatever thread reloaded a table another process
        changed (a note, a catch-up, a bot or an action that met the other's write): its
        views are pushed, so no reload leaves a page behind."""
        loop = self.loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):  # a closed loop: the server is stopping
                loop.call_soon_threadsafe(self._push, live)

    def _push(self, live: LiveTable) -> None:
        """Push the table's views soon: once for however many changes come meanwhile."""
        if live.id not in self.pushing:
            self.pushing.add(live.id)
            _quiet_task(self._pushed(live))

    async def _pushed(self, live: LiveTable) -> None:
        self.pushing.discard(live.id)  # a change from now on is pushed again
        await self.after_change(live)

    def resync(self) -> None:
        """A listener (re)connected: whatever it missed meanwhile is caught up now."""
        _quiet_task(self.catch_up())

    async def catch_up(self) -> int:
        """Reload every cached table whose stored revision is not its copy's (their views are
        pushed); how many. A failure is logged once until a catch-up works again."""
        try:
            changed = await asyncio.to_thread(self.service.sweep)
        except Exception as exc:
            if not self.catch_up_failed:
                log.warning("could not compare the cached tables with the store: %s", exc)
            self.catch_up_failed = True
            return 0
        if self.catch_up_failed:
            log.warning("the cached tables are compared with the store again")
        self.catch_up_failed = False
        if changed:
            log.info("caught up with %d tables changed elsewhere", len(changed))
        return len(changed)

    async def keep_up(self) -> None:
        """``catch_up`` every ``catch_up_every`` seconds: even a change whose note was lost
        (the messenger away, a note dropped) reaches every process."""
        while True:
            await asyncio.sleep(self.catch_up_every)
            await self.catch_up()

    async def health(self) -> JSON:
        """What this process reaches: ``database`` ok / down; ``pubsub``, how it hears the
        other processes' changes (Redis or PostgreSQL NOTIFY): ok / down, or none (one
        process); ``tables``: the games it holds."""
        try:
            await asyncio.wait_for(asyncio.to_thread(self.store.ping), HEALTH_WAIT)
            database = "ok"
        except Exception:
            database = "down"
        pubsub = "none"
        if self.listener is not None:
            up = self.listener.up
            if up and self.publisher is not None:  # the same Redis: asked only after a failure
                try:
                    check = asyncio.to_thread(self.publisher.check)
                    up = await asyncio.wait_for(check, HEALTH_WAIT)
                except Exception:
                    up = False
            pubsub = "ok" if up else "down"
        return {"database": database, "pubsub": pubsub, "tables": len(self.service.live_tables())}


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

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        web.loop = asyncio.get_running_loop()  # reloads in any thread push their views here
        await asyncio.to_thread(web.resume)  # load the games in progress: their bots play on
        for live in list(service.live_tables()):
            web.wake(live)
        sweeper = _quiet_task(web.keep_lean())  # cached games nobody uses leave the memory
        listener: RedisListener | Listener | None = None
        if web.pubsub is not None:
            from wonders.web.pubsub import RedisListener

            listener = RedisListener(web.pubsub, web.loop, web.heard, web.resync)
        elif web.store.engine.dialect.name == "postgresql":
            from wonders.web.notify import Listener

            url = web.store.engine.url.render_as_string(hide_password=False)
            listener = Listener(url, web.loop, web.heard, web.resync)
        web.listener = listener
        if listener is not None:
            await asyncio.to_thread(listener.start)
        catcher = _quiet_task(web.keep_up())  # even a lost note reaches this process
        yield
        # promptly: bots and clocks stop where they are, a decision being made is not awaited
        for task in [sweeper, catcher, *web.bot_tasks.values(), *web.clocks.values()]:
            task.cancel()
        web.bot_pool.shutdown(wait=False, cancel_futures=True)
        if listener is not None:
            await asyncio.to_thread(listener.stop)
        if web.publisher is not None:
            web.publisher.close()
        await asyncio.to_thread(web.thinkers.close)

    app = FastAPI(
        title="wonders", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan
    )
    guard.install(app, limits, origins)  # inside LanguageMiddleware: its errors are translated
    app.add_middleware(LanguageMiddleware)
    app.state.web = web
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
        log.warning("database fault at %s: %s", where, str(exc).partition("\n")[0])
        error = _("the game server cannot reach its database just now: try again in a moment")
        if isinstance(conn, WebSocket):
            with contextlib.suppress(Exception):  # the socket may be gone already
                if conn.application_state == WebSocketState.CONNECTED:
                    await conn.send_json({"type": "error", "error": error})
                await conn.close(code=1013)
            return None
        return JSONResponse({"error": error}, 503, headers={"Retry-After": str(RETRY_AFTER)})

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
            await web.hub.send_state(conn, live)
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
