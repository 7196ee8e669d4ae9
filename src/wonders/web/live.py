"""Live updates: the WebSocket connections of each table (and of the lobby) in this process,
each sent only what its seat may know (``TableService.message``), in the connection's own
language (the visitor's when it connected): two connections of one table in two languages
each get their own sentences, whichever of them caused the push.

Nothing a client does delays another. Publishing only puts a message in each connection's
queue, which the connection's own writer sends, in order; a state (or lobby list) still
waiting when a newer one comes is replaced by it in its place. A connection that falls behind
(more than ``MAX_QUEUE`` messages waiting, or a send not done in ``SEND_TIMEOUT`` seconds) is
dropped: its queue is emptied and its socket closed with code 1013, "try again later", in the
background; its page reconnects and is sent a fresh state.

Each distinct state message (table, version, seat, language) is made once, with its JSON, and
shared between the pushes, the connections' first states, their syncs and the ``GET`` of a
seat's or a spectator's state; only the table's newest version is kept, until the table's
last connection leaves or the table leaves the cache. Its ``clock_left`` is counted anew
when it is sent."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import time
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket

from wonders.core.i18n import language
from wonders.web.service import LiveTable, TableService
from wonders.web.store import read_chat_note

SEND_TIMEOUT = 5.0  # seconds one send may take: a client that reads no faster is dropped
MAX_QUEUE = 100  # messages waiting for one connection: a client this far behind is dropped
CLOSE_WAIT = 60.0  # seconds a dropped connection's close frame may wait for the client to read
TRY_AGAIN_LATER = 1013  # the close code of a dropped connection (RFC 6455: try again later)
SUPERSEDED = ("state", "lobby")  # message types of which only the newest waiting one is sent
CHAT_KEPT = 500  # chat message ids remembered per table as pushed (a note of one is not resent)

_now = time.time  # the clock of ``clock_left`` (tests move it)
_ORDER = itertools.count(1)  # lobby lists by when they were asked for: the newest one wins
_background: set[asyncio.Task[None]] = set()  # the closing sockets' tasks (kept referenced)
log = logging.getLogger(__name__)


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def _spawn(coro: Coroutine[Any, Any, None]) -> None:
    task = asyncio.get_running_loop().create_task(coro)
    _background.add(task)
    task.add_done_callback(_background.discard)


@dataclass(frozen=True, eq=False)
class Made:
    """A message made once, with its JSON text, for every connection that is sent it.
    ``kind``: "state" or "lobby", of which a newer one (by ``order``: a state's ``seq``)
    replaces an older one not sent yet; "" for one always sent (acknowledgements, errors,
    pongs). ``deadline``: when the reader's turn clock runs out: ``clock_left`` is counted
    from it when the message is sent."""

    data: Any
    text: str
    kind: str = ""
    order: int = 0
    deadline: float | None = None

    @classmethod
    def of(cls, data: Any, deadline: float | None = None, order: int | None = None) -> Made:
        kind, rank = "", 0
        if isinstance(data, dict) and data.get("type") in SUPERSEDED:
            kind = data["type"]
            rank = order if order is not None else data.get("seq") or 0
            if kind == "lobby" and not rank:
                rank = next(_ORDER)
            if not isinstance(rank, int) or not rank:  # a state with no seq: always sent
                kind, rank = "", 0
        return cls(data, _dumps(data), kind, rank, deadline)

    def encoded(self) -> str:
        """The JSON to send now."""
        if self.deadline is None:
            return self.text
        left = round(max(0.0, self.deadline - _now()), 1)
        return _dumps({**self.data, "clock_left": left})


@dataclass(eq=False)
class Connection:
    """One WebSocket: its seat (None: a spectator or the lobby), its language, and what is
    waiting to be sent to it (see the module's docstring)."""

    ws: WebSocket
    seat: int | None
    language: str = field(default_factory=language)  # the context's when it connected
    dropped: bool = False
    on_drop: Callable[[Connection], None] | None = None  # the hub forgets it
    queue: deque[Made] = field(default_factory=deque)
    newest: dict[str, int] = field(default_factory=dict)  # kind -> the newest order queued
    writer: asyncio.Task[None] | None = None

    async def send(self, data: Any) -> bool:
        """Queue ``data`` (a message or a ``Made``) without waiting for the socket; False if
        the connection is gone."""
        return self.put(data if isinstance(data, Made) else Made.of(data))

    def put(self, made: Made) -> bool:
        if self.dropped:
            return False
        if made.kind:
            if made.order < self.newest.get(made.kind, 0):  # an older one made meanwhile
                return True
            self.newest[made.kind] = made.order
            for i, waiting in enumerate(self.queue):  # one of its kind waits at most
                if waiting.kind == made.kind:
                    self.queue[i] = made
                    return True
        if len(self.queue) >= MAX_QUEUE:
            self.drop(TRY_AGAIN_LATER)
            return False
        self.queue.append(made)
        if self.writer is None:
            self.writer = asyncio.get_running_loop().create_task(self._write())
        return True

    async def _write(self) -> None:
        """Send what waits, in order; runs while anything does."""
        me = asyncio.current_task()
        try:
            while self.queue and not self.dropped:
                made = self.queue.popleft()
                try:
                    async with asyncio.timeout(SEND_TIMEOUT):
                        await self.ws.send_text(made.encoded())
                except TimeoutError:  # the client does not read: it is dropped
                    self.drop(TRY_AGAIN_LATER)
                except Exception:  # a closed socket: the connection is gone
                    self.drop(None)
        finally:
            if self.writer is me:
                self.writer = None

    def drop(self, code: int | None = TRY_AGAIN_LATER) -> None:
        """Send nothing more: the queue is emptied, the writer stopped, the hub forgets the
        connection and, with ``code``, the socket is closed with it in the background."""
        if self.dropped:
            return
        self.dropped = True
        self.queue.clear()
        writer, self.writer = self.writer, None
        if writer is not None and writer is not asyncio.current_task():
            writer.cancel()
        if self.on_drop is not None:
            self.on_drop(self)
        if code is not None:
            _spawn(self._close(code))

    async def _close(self, code: int) -> None:
        """Close the socket, with no one waiting for it. ASGI's own close, not ``ws.close``:
        Starlette would refuse the handler's next receive at once, while the close frame may
        wait for the client to read; the handler ends when the server's disconnect comes."""
        message = {"type": "websocket.close", "code": code, "reason": ""}
        send = getattr(self.ws, "_send", None)
        with contextlib.suppress(Exception):
            async with asyncio.timeout(CLOSE_WAIT):
                await (send(message) if send is not None else self.ws.close(code))


@dataclass
class _Views:
    """The state messages made for a table at ``stamp``: (seat, language) -> its message
    (being made or made)."""

    stamp: tuple[int, int]
    made: dict[tuple[int | None, str], asyncio.Future[Made]] = field(default_factory=dict)


def _stamp(live: LiveTable) -> tuple[int, int]:
    """What a table's state messages are made at: its version, and its seats taken (a seat
    taken by its token keeps the version)."""
    return live.version, sum(1 for s in live.row.seats if s.claimed)


def _retrieved(future: asyncio.Future[Made]) -> None:
    if not future.cancelled():
        future.exception()  # (a failure nobody waited for is not reported as lost)


class Hub:
    """This process's connections: each table's, the lobby's, and the state messages made
    for the tables that have some (the newest version of each)."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.tables: dict[str, set[Connection]] = {}
        self.lobby: set[Connection] = set()
        self.views: dict[str, _Views] = {}  # table id -> its newest state messages
        self.chatted: dict[str, set[int]] = {}  # table id -> the chat messages pushed here

    def join(self, table_id: str, conn: Connection) -> None:
        conn.on_drop = lambda c: self.leave(table_id, c)
        self.tables.setdefault(table_id, set()).add(conn)

    def leave(self, table_id: str, conn: Connection) -> None:
        """Forget the connection (and, with the table's last, its messages) and stop it."""
        conns = self.tables.get(table_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.tables[table_id]
                self.views.pop(table_id, None)
                self.chatted.pop(table_id, None)
        conn.drop(None)

    def keep_views(self, table_ids: set[str]) -> None:
        """Forget the state messages of the tables not in ``table_ids`` (those this process
        no longer caches: see ``Web.evict``)."""
        for table_id in [t for t in self.views if t not in table_ids]:
            del self.views[table_id]

    def join_lobby(self, conn: Connection) -> None:
        conn.on_drop = self.lobby.discard
        self.lobby.add(conn)

    def leave_lobby(self, conn: Connection) -> None:
        self.lobby.discard(conn)
        conn.drop(None)

    async def view(self, live: LiveTable, seat: int | None, code: str) -> Made:
        """The table's state message for ``seat`` in language ``code``, made once for each
        version of the table (and shared while it is being made), for the WebSockets and
        the ``GET`` of a state alike. A copy older than the newest one asked about (a
        reloaded table's old copy) has its message made for it alone."""
        stamp = _stamp(live)
        views = self.views.get(live.id)
        if views is not None and stamp < views.stamp:
            return await asyncio.to_thread(self._make, live, seat, code)
        if views is None or views.stamp < stamp:
            views = self.views[live.id] = _Views(stamp)
        key = (seat, code)
        made = views.made.get(key)
        if made is None:
            made = views.made[key] = asyncio.ensure_future(
                asyncio.to_thread(self._make, live, seat, code)
            )
            made.add_done_callback(_retrieved)
        try:
            return await asyncio.shield(made)
        except Exception:
            if views.made.get(key) is made:  # made again next time
                del views.made[key]
            raise

    def _make(self, live: LiveTable, seat: int | None, code: str) -> Made:
        with live.lock:
            msg = self.service.message(live, seat, code)
            deadline = None
            if seat is not None and msg.get("clock_left") is not None:  # counted when sent
                deadline = self.service.deadline(live, seat)
        return Made.of(msg, deadline)

    async def send_state(self, conn: Connection, live: LiveTable) -> bool:
        """Send the connection the table's state (when it connects or asks to sync)."""
        return conn.put(await self.view(live, conn.seat, conn.language))

    async def publish(self, live: LiveTable) -> None:
        """Queue every connection of the table its seat's fresh state, in its language."""
        groups: dict[tuple[int | None, str], list[Connection]] = {}
        for conn in self.tables.get(live.id, ()):
            groups.setdefault((conn.seat, conn.language), []).append(conn)
        for (seat, code), conns in groups.items():  # views are made off the event loop
            made = await self.view(live, seat, code)
            for conn in conns:
                conn.put(made)

    def _lobby(self, code: str, order: int) -> Made:
        return Made.of({"type": "lobby", **self.service.lobby(code)}, order=order)

    async def send_lobby(self, conn: Connection) -> bool:
        """Send the connection the lobby's lists (when it connects)."""
        order = next(_ORDER)
        return conn.put(await asyncio.to_thread(self._lobby, conn.language, order))

    async def publish_lobby(self) -> None:
        """Queue every lobby its fresh lists, in its language."""
        order = next(_ORDER)  # lists asked for later than these replace them
        made: dict[str, Made] = {}
        for conn in list(self.lobby):
            if conn.language not in made:
                made[conn.language] = await asyncio.to_thread(self._lobby, conn.language, order)
            if not conn.put(made[conn.language]):
                self.lobby.discard(conn)

    # ---- the chat ----

    def publish_chat(self, table_id: str, messages: list[Any]) -> None:
        """Queue every connection of the table the chat ``messages`` (``ChatRow.to_json``)
        not pushed here yet: one message, the same for everyone (a seat's name is looked up
        by each page in its own state)."""
        if table_id not in self.tables:
            return
        seen = self.chatted.setdefault(table_id, set())
        fresh = [m for m in messages if m["id"] not in seen]
        if not fresh:
            return
        seen.update(m["id"] for m in fresh)
        if len(seen) > CHAT_KEPT:  # the newest half is kept
            for old in sorted(seen)[: len(seen) - CHAT_KEPT // 2]:
                seen.discard(old)
        made = Made.of({"type": "chat", "table": table_id, "messages": fresh})
        for conn in list(self.tables.get(table_id, ())):
            conn.put(made)

    async def send_chat(self, conn: Connection, table_id: str) -> bool:
        """Send the connection the table's chat so far (when it connects or resyncs), if
        anything was written: the page replaces what it shows with it."""
        rows = await asyncio.to_thread(self.service.store.chat, table_id)
        if not rows:  # nothing to show (and nothing a page showed is ever taken back)
            return True
        messages = [r.to_json() for r in rows]
        return conn.put(
            Made.of({"type": "chat", "table": table_id, "messages": messages, "all": True})
        )

    def heard_chat(self, note: str) -> bool:
        """A note of the store's channel: if it is a chat message's (``store.chat_note``),
        it is pushed to this process's connections of its table (unless pushed already)
        and True; False for any other note."""
        found = read_chat_note(note)
        if found is None:
            return False
        table_id, message_id = found
        if table_id in self.tables and message_id not in self.chatted.get(table_id, ()):
            _spawn(self._heard_chat(table_id, message_id))
        return True

    async def _heard_chat(self, table_id: str, message_id: int) -> None:
        try:  # the message and any after it (a note may come before an earlier one's)
            rows = await asyncio.to_thread(self.service.store.chat, table_id, message_id - 1)
        except Exception as exc:  # the database failed: the page gets it at its next sync
            log.debug("could not read the chat of table %s: %s", table_id, exc)
            return
        self.publish_chat(table_id, [r.to_json() for r in rows])
