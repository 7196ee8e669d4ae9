"""The tables' runtime (``Web``): what a server process runs besides answering requests.

It holds the store, the cached games (``TableService``) and the live connections (``Hub``);
sets each table's bots and turn clocks going and pushes the new views after every change;
hears the other processes' changes (PostgreSQL NOTIFY or Redis pub/sub) and compares its
cached games with the store every few seconds (a lost note is caught up); drops the cached
games nobody uses; and says what the process reaches (``health``).

A database away when the process starts does not stop it: ``ready`` stays False (the routes
answer 503, ``/api/health`` says the database is down), the log says once what it waits
for, and ``start`` tries again every ``START_RETRY`` seconds; once the database answers, the
schema is migrated, the games in progress are resumed and the tables are served.
``app.py`` holds the routes around it.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from wonders.core.protocol import JSON
from wonders.web.live import Hub
from wonders.web.service import LiveTable, StaleTable, TableService, WebError
from wonders.web.store import Store, make_engine, migrate, read_note
from wonders.web.thinking import Thinkers

if TYPE_CHECKING:
    from wonders.web.listening import ListenerThread

ACT_TRIES = 10  # an action judged again after another process's write, at most this often
CATCH_UP_EVERY = 3.0  # seconds between two comparisons of the cached tables with the store
HEALTH_WAIT = 3.0  # seconds the health check waits for the database
DATABASE_WAIT = 2.0  # seconds the bots of a table wait before trying a failed database again
START_RETRY = 2.0  # seconds between two tries to reach a database that was away at start
BOT_THREADS = 8  # bots deciding at once (their own threads: requests never wait for them)
EVICT_IDLE = 600.0  # seconds: a cached game nobody used for this long is dropped
SWEEP_EVERY = 60.0  # seconds between two looks for cached games to drop
DATABASE_FAULTS = (DBAPIError, PoolTimeout)  # the database failed or did not answer in time
log = logging.getLogger(__name__)


def quiet_task(coro: Any) -> asyncio.Task[None]:
    """A background task (bots, clocks) in a context of its own: not in the language of the
    visitor whose request started it (each message it causes is made in its reader's)."""
    return asyncio.get_running_loop().create_task(coro, context=contextvars.Context())


def first_line(exc: BaseException) -> str:
    """An error in one line (a driver's message may run over several)."""
    return str(exc).strip().partition("\n")[0]


class Web:
    """The app's parts: the store, the tables, the live connections and the bot players.
    ``start`` and ``stop`` run and end its background work (the app's lifespan)."""

    def __init__(
        self,
        db: str | None,
        bot_delay: float,
        pubsub: str | None = None,
        bot_threads: int = BOT_THREADS,
    ) -> None:
        engine = make_engine(db)
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
        self.start_retry = START_RETRY  # seconds between two tries of a database away at start
        self.waiting = False  # the database was away (and the log said so)
        self.tasks: list[asyncio.Task[None]] = []  # the background loops, while it runs
        self.ready = False  # the database reached and migrated: the tables are served
        self.open_database()

    def where(self) -> str:
        """The database, for the log (without its password)."""
        return self.store.engine.url.render_as_string(hide_password=True)

    def open_database(self) -> bool:
        """Migrate the database, then serve the tables (``ready``); False if the database
        cannot be reached now (said once in the log, then once when it answers)."""
        try:
            migrate(self.store.engine)
        except DATABASE_FAULTS as exc:
            if not self.waiting:
                log.warning(
                    "waiting for the database %s (%s): requests get 503 until it answers; "
                    "trying again every %g s",
                    self.where(),
                    first_line(exc),
                    self.start_retry,
                )
            self.waiting = True
            return False
        if self.waiting:
            log.warning("the database %s answers: schema migrated, serving", self.where())
        self.waiting = False
        self.ready = True
        return True

    async def start(self) -> None:
        """Run: resume the games in progress (or wait for the database first), hear the
        other processes, and start the sweep and the periodic catch-up (the app's start)."""
        self.loop = asyncio.get_running_loop()  # reloads in any thread push their views here
        if self.ready:
            await self._resume()
        else:  # the routes answer 503 meanwhile
            self.tasks.append(quiet_task(self._wait_for_database()))
        self.tasks.append(quiet_task(self.keep_lean()))  # unused games leave the memory
        listener: ListenerThread | None = None
        if self.pubsub is not None:
            from wonders.web.pubsub import RedisListener

            listener = RedisListener(self.pubsub, self.loop, self.heard, self.resync)
        elif self.store.engine.dialect.name == "postgresql":
            from wonders.web.notify import Listener

            url = self.store.engine.url.render_as_string(hide_password=False)
            listener = Listener(url, self.loop, self.heard, self.resync)
        self.listener = listener
        if listener is not None:
            await asyncio.to_thread(listener.start)
        self.tasks.append(quiet_task(self.keep_up()))  # even a lost note reaches this process

    async def stop(self) -> None:
        """Stop promptly (the app's end): bots and clocks stop where they are, a decision
        being made is not awaited."""
        for task in [*self.tasks, *self.bot_tasks.values(), *self.clocks.values()]:
            task.cancel()
        self.tasks = []
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        if self.listener is not None:
            await asyncio.to_thread(self.listener.stop)
        if self.publisher is not None:
            self.publisher.close()
        await asyncio.to_thread(self.thinkers.close)

    async def _resume(self) -> None:
        """Load the games in progress and set their bots and clocks going."""
        await asyncio.to_thread(self.resume)
        for live in list(self.service.live_tables()):
            self.wake(live)

    async def _wait_for_database(self) -> None:
        """Try the database every ``start_retry`` seconds until it is migrated and the games
        in progress are resumed."""
        while True:
            if self.ready or await asyncio.to_thread(self.open_database):
                try:
                    await self._resume()
                    return
                except DATABASE_FAULTS as exc:  # away again already: resumed at the next try
                    log.warning("could not resume the games in progress: %s", first_line(exc))
            await asyncio.sleep(self.start_retry)

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
            self.bot_tasks[live.id] = quiet_task(self._bots(live))

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
            except DATABASE_FAULTS as exc:  # the database is away: the bots wait
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
                self.clocks[key] = quiet_task(self._clock(live, seat, live.count))

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
        busy = self.busy()
        dropped = self.service.evict(busy.__contains__, self.evict_idle)
        self.hub.keep_views({live.id for live in self.service.live_tables()} | busy)
        return dropped

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
        change: nothing to do when the copy holds its revision already; a chat message's
        note: the message is pushed to this process's sockets of its table)."""
        if self.hub.heard_chat(note):
            return
        table_id, revision = read_note(note)
        if self.service.holds(table_id, revision):
            return
        quiet_task(self._refresh(table_id, revision))

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
            quiet_task(self._pushed(live))

    async def _pushed(self, live: LiveTable) -> None:
        self.pushing.discard(live.id)  # a change from now on is pushed again
        await self.after_change(live)

    def resync(self) -> None:
        """A listener (re)connected: whatever it missed meanwhile is caught up now."""
        quiet_task(self.catch_up())

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
        process); ``tables``: the games it holds. The database is down until it has been
        reached and migrated (``ready``)."""
        database = "down"  # also while the database is not migrated yet
        if self.ready:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.to_thread(self.store.ping), HEALTH_WAIT)
                database = "ok"
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
