"""Redis pub/sub between server processes, instead of PostgreSQL LISTEN/NOTIFY: after every
stored change the store publishes the table's id on ``CHANNEL``; every process subscribes (in a
thread), reloads that table from the database and pushes the new views to its connections.
Configured by ``WONDERS_PUBSUB=redis://host:port/db`` (any database; SQLite too, for one
machine's processes)."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable

import redis

from wonders.core.i18n import _
from wonders.web.store import CHANNEL

log = logging.getLogger(__name__)
SCHEMES = ("redis://", "rediss://", "unix://")


def check_url(url: str) -> str:
    """``url`` if it names a Redis server, else a ValueError with one plain line."""
    if not url.startswith(SCHEMES):
        raise ValueError(
            _("pub/sub URL {url!r}: use redis://host:port/db").format(url=url.split("@")[-1])
        )
    return url


class Publisher:
    """Announces a changed table; a Redis failure is logged, never raised: the change is
    stored already, and the other processes' clients resync on their next message."""

    def __init__(self, url: str) -> None:
        self.client = redis.Redis.from_url(check_url(url), socket_timeout=2)

    def __call__(self, table_id: str) -> None:
        try:
            self.client.publish(CHANNEL, table_id)
        except redis.RedisError as exc:
            log.warning("could not publish a change of table %s: %s", table_id, exc)

    def close(self) -> None:
        self.client.close()


class RedisListener:
    """Calls ``on_change(table_id)`` on ``loop`` for every message on ``CHANNEL``."""

    def __init__(
        self, url: str, loop: asyncio.AbstractEventLoop, on_change: Callable[[str], object]
    ) -> None:
        self.url = check_url(url)
        self.loop = loop
        self.on_change = on_change
        self.stopping = threading.Event()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name="wonders-redis", daemon=True)

    def start(self) -> None:
        self.thread.start()
        self.ready.wait(timeout=10)

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=5)

    def _run(self) -> None:
        while not self.stopping.is_set():
            try:
                client = redis.Redis.from_url(self.url)
                with client.pubsub(ignore_subscribe_messages=True) as sub:  # type: ignore[no-untyped-call]
                    sub.subscribe(CHANNEL)
                    self.ready.set()
                    while not self.stopping.is_set():
                        message = sub.get_message(timeout=0.5)
                        if message is not None and message["type"] == "message":
                            table_id = message["data"].decode()
                            self.loop.call_soon_threadsafe(self.on_change, table_id)
                client.close()
            except redis.RedisError as exc:  # Redis went away: subscribe again when it is back
                log.warning("Redis pub/sub: %s", exc)
                self.stopping.wait(1.0)
