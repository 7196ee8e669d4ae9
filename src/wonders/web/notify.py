"""Several server processes on one PostgreSQL database: each listens on the store's NOTIFY
channel (in a thread) and, when another process stored a change, reloads that table from the
database and pushes the new views to its own connections. SQLite (one process) needs none."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import psycopg
import sqlalchemy as sa

from wonders.web.listening import ListenerThread
from wonders.web.store import CHANNEL


def conninfo(url: str) -> str:
    """libpq's URI for a SQLAlchemy PostgreSQL URL (``postgresql+psycopg://...``)."""
    parsed = sa.engine.make_url(url).set(drivername="postgresql")
    return parsed.render_as_string(hide_password=False)


class Listener(ListenerThread):
    """Calls ``on_change(note)`` on ``loop`` for every NOTIFY on ``CHANNEL``, ``on_resync()``
    after every (re)connection."""

    name = "wonders-notify"
    what = "PostgreSQL LISTEN"

    def __init__(
        self,
        url: str,
        loop: asyncio.AbstractEventLoop,
        on_change: Callable[[str], object],
        on_resync: Callable[[], object] | None = None,
    ) -> None:
        super().__init__(loop, on_change, on_resync)
        self.url = conninfo(url)

    def listen(self) -> None:
        while not self.stopping.is_set():
            try:
                with psycopg.connect(
                    self.url,
                    autocommit=True,
                    connect_timeout=5,
                    # a server gone from the network is noticed, not waited for
                    keepalives=1,
                    keepalives_idle=5,
                    keepalives_interval=2,
                    keepalives_count=3,
                ) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.connected()
                    while not self.stopping.is_set():
                        for note in conn.notifies(timeout=0.5):
                            self.heard(note.payload)
            except psycopg.Error as exc:  # the database went away: listen again when it is back
                self.lost(exc)
                self.stopping.wait(1.0)
