"""Redis pub/sub between server processes, instead of PostgreSQL LISTEN/NOTIFY: after every
stored change the store publishes a note (the table's id and revision) on ``CHANNEL``; every
process subscribes (in a thread), reloads that table from the database and pushes the new
views to its connections. Configured by ``WONDERS_PUBSUB=redis://host:port/db`` (any
database; SQLite too, for one machine's processes).

Redis is a messenger, never the record: while it is away the moves are stored and
acknowledged as ever, notes are lost, and every process catches up by its periodic check and
by a resync when its subscription is back. An outage is logged once, and its end once."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import queue
import threading
import time
from collections.abc import Callable

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from wonders.core.i18n import _
from wonders.web.listening import ListenerThread
from wonders.web.store import CHANNEL

log = logging.getLogger(__name__)
SCHEMES = ("redis://", "rediss://", "unix://")
TIMEOUT = 2.0  # seconds to connect to Redis or to get its answer
RETRY = 1.0  # seconds between tries while Redis is away


def check_url(url: str) -> str:
    """``url`` if it names a Redis server, else a ValueError with one plain line."""
    if not url.startswith(SCHEMES):
        raise ValueError(
            _("pub/sub URL {url!r}: use redis://host:port/db").format(url=url.split("@")[-1])
        )
    return url


class Publisher:
    """Announces a changed table; a Redis failure is logged (once for an outage), never
    raised: the change is stored already, and the other processes catch up. The notes are
    sent by a thread of their own, so that no write (and no acknowledgement after it) ever
    waits on Redis, even one that holds its connections without answering; while Redis is
    away it is tried once a second, and the notes meanwhile are dropped (as when more than
    ``QUEUE`` wait)."""

    QUEUE = 10_000

    def __init__(self, url: str) -> None:
        self.client = redis.Redis.from_url(
            check_url(url),
            socket_timeout=TIMEOUT,
            socket_connect_timeout=TIMEOUT,
            retry=Retry(NoBackoff(), 1),  # once more at once: a pooled connection Redis closed
        )
        self.up = True
        self.retry_at = 0.0
        self.lock = threading.Lock()
        self.notes: queue.Queue[str | None] = queue.Queue(self.QUEUE)
        self.sender: threading.Thread | None = None

    def __call__(self, note: str) -> None:
        """Queue ``note`` for sending; never waits."""
        if not self.up and time.monotonic() < self.retry_at:
            return  # away: the others catch up by their checks
        with self.lock:
            if self.sender is None:
                self.sender = threading.Thread(target=self._send, name="redis-publisher")
                self.sender.daemon = True
                self.sender.start()
        with contextlib.suppress(queue.Full):  # a backlog: the others catch up by their checks
            self.notes.put_nowait(note)

    def _send(self) -> None:
        while (note := self.notes.get()) is not None:
            if not self.up and time.monotonic() < self.retry_at:
                continue
            self.publish(note)

    def publish(self, note: str) -> None:
        """Send ``note`` now (the sender thread's work)."""
        try:
            self.client.publish(CHANNEL, note)
        except redis.RedisError as exc:
            self._went(False, exc)
        else:
            if not self.up:
                self._went(True)

    def check(self) -> bool:
        """Whether it can publish: known when it last worked, else asked of Redis (PING)."""
        if self.up:
            return True
        try:
            self.client.ping()
        except redis.RedisError as exc:
            self._went(False, exc)
            return False
        self._went(True)
        return True

    def _went(self, up: bool, exc: BaseException | None = None) -> None:
        with self.lock:
            if not up:
                self.retry_at = time.monotonic() + RETRY
            if self.up == up:
                return
            self.up = up
        if up:
            log.warning("Redis pub/sub: publishing again")
        else:
            log.warning(
                "Redis pub/sub: cannot publish changes (%s); the other processes catch up "
                "by their periodic check until it is back",
                exc,
            )

    def close(self) -> None:
        with contextlib.suppress(queue.Full):
            self.notes.put_nowait(None)  # the sender stops after what is queued
        if self.sender is not None:
            self.sender.join(timeout=2 * TIMEOUT)
        self.client.close()


class RedisListener(ListenerThread):
    """Calls ``on_change(note)`` on ``loop`` for every message on ``CHANNEL``, ``on_resync()``
    after every (re)subscription. Its Redis connection is named ``client_name``."""

    name = "wonders-redis"
    what = "Redis pub/sub"

    def __init__(
        self,
        url: str,
        loop: asyncio.AbstractEventLoop,
        on_change: Callable[[str], object],
        on_resync: Callable[[], object] | None = None,
    ) -> None:
        super().__init__(loop, on_change, on_resync)
        self.url = check_url(url)
        self.client_name = f"wonders-listen-{os.getpid()}-{id(self):x}"

    def listen(self) -> None:
        while not self.stopping.is_set():
            client = redis.Redis.from_url(
                self.url,
                socket_connect_timeout=TIMEOUT,
                health_check_interval=10,  # a silent connection is found out
                retry=Retry(NoBackoff(), 0),  # a failure comes here: subscribe and resync
                client_name=self.client_name,
            )
            try:
                with client.pubsub(ignore_subscribe_messages=True) as sub:  # type: ignore[no-untyped-call]
                    sub.subscribe(CHANNEL)
                    self.connected()
                    while not self.stopping.is_set():
                        message = sub.get_message(timeout=0.5)
                        if message is not None and message["type"] == "message":
                            self.heard(message["data"].decode())
            except redis.RedisError as exc:
                was_up = self.up
                self.lost(exc)
                if not was_up:  # a cut connection is tried again at once, then every second
                    self.stopping.wait(RETRY)
            finally:
                client.close()
