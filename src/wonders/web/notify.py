"""Several server processes on one PostgreSQL database: each listens on the store's NOTIFY
channel (in a thread) and, when another process stored a move, reloads that table from the
database and pushes the new views to its own connections. SQLite (one process) needs none."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

import psycopg
import sqlalchemy as sa

from wonders.web.store import CHANNEL


def conninfo(url: str) -> str:
    """libpq's URI for a SQLAlchemy PostgreSQL URL (``postgresql+psycopg://...``)."""
    parsed = sa.engine.make_url(url).set(drivername="postgresql")
    return parsed.render_as_string(hide_password=False)


class Listener:
    """Calls ``on_change(table_id)`` on ``loop`` for every NOTIFY on ``CHANNEL``."""

    def __init__(
        self, url: str, loop: asyncio.AbstractEventLoop, on_change: Callable[[str], object]
    ) -> None:
        self.url = conninfo(url)
        self.loop = loop
        self.on_change = on_change
        self.stopping = threading.Event()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name="wonders-listen", daemon=True)

    def start(self) -> None:
        self.thread.start()
        self.ready.wait(timeout=10)

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=5)

    def _run(self) -> None:
        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    while not self.stopping.is_set():
                        for note in conn.notifies(timeout=0.5):
                            self.loop.call_soon_threadsafe(self.on_change, note.payload)
            except psycopg.Error:
                self.stopping.wait(1.0)  # the database went away: listen again when it is back
