"""Redis pub/sub between server processes, instead of PostgreSQL LISTEN/NOTIFY: after every
stored change the store publishes the table's id on ``CHANNEL``; every process subscribes (in a
thread), reloads that table from the database and pushes the new views to its connections.
Configured by ``WONDERS_PUBSUB=redis://host:port/db`` (any database; SQLite too, for one
machine's processes)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

import redis

from wonders.core.i18n import _
from wonders.web.listening import ListenerThread
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


class RedisListener(ListenerThread):
    """Calls ``on_change(table_id)`` on ``loop`` for every message on ``CHANNEL``."""

    name = "wonders-redis"

    def __init__(
        self, url: str, loop: asyncio.AbstractEventLoop, on_change: Callable[[str], object]
    ) -> None:
        super().__init__(loop, on_change)
        self.url = check_url(url)

    def listen(self) -> None:
        while not self.stopping.is_set():
            try:
                client = redis.Redis.from_url(self.url)
                with client.pubsub(ignore_subscribe_messages=True) as sub:  # type: ignore[no-untyped-call]
                    sub.subscribe(CHANNEL)
                    self.ready.set()
                    while not self.stopping.is_set():
                        message = sub.get_message(timeout=0.5)
                        if message is not None and message["type"] == "message":
                            self.heard(message["data"].decode())
                client.close()
            except redis.RedisError as exc:  # Redis went away: subscribe again when it is back
                log.warning("Redis pub/sub: %s", exc)
                self.stopping.wait(1.0)
