"""What a listener for other server processes' changes shares, whatever carries them
(PostgreSQL NOTIFY in ``notify.py``, Redis pub/sub in ``pubsub.py``): a daemon thread that
calls ``on_change(note)`` on the server's event loop for each change heard (``note``: the
table's id and revision, ``store.read_note``), and ``on_resync()`` after every (re)connection:
a change announced while the listener was away is never heard, so the server then compares
every table it holds with the store. An outage is logged once, and its end once."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)


class ListenerThread:
    """Runs ``listen`` in a daemon thread until ``stop``; ``listen`` calls ``connected`` each
    time it hears again, ``heard`` for each change, ``lost`` when the connection fails, and
    returns when ``stopping`` is set."""

    name = "wonders-listen"
    what = "change notifications"  # in the log

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        on_change: Callable[[str], object],
        on_resync: Callable[[], object] | None = None,
    ) -> None:
        self.loop = loop
        self.on_change = on_change
        self.on_resync = on_resync
        self.stopping = threading.Event()
        self.ready = threading.Event()  # it heard at least once
        self.settled = threading.Event()  # it heard, or its first try failed
        self.up = False  # hearing now
        self.outage = False  # lost, and logged so
        self.thread = threading.Thread(target=self.listen, name=self.name, daemon=True)

    def start(self) -> None:
        """Start listening; returns once it hears (or could not, then it keeps trying)."""
        self.thread.start()
        self.settled.wait(timeout=10)

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=5)

    def _call(self, callback: Callable[..., object], *args: Any) -> None:
        with contextlib.suppress(RuntimeError):  # a closed loop: the server is stopping
            self.loop.call_soon_threadsafe(callback, *args)

    def heard(self, note: str) -> None:
        """Hand a change to the event loop (called from the listening thread)."""
        self._call(self.on_change, note)

    def connected(self) -> None:
        """Hearing (again): whatever was announced meanwhile is caught up by a resync."""
        self.up = True
        if self.outage:
            self.outage = False
            log.warning("%s: connected again; catching up with the store", self.what)
        self.ready.set()
        self.settled.set()
        if self.on_resync is not None:
            self._call(self.on_resync)

    def lost(self, exc: BaseException) -> None:
        """The connection failed (logged once until it is back)."""
        self.up = False
        if not self.outage:
            self.outage = True
            log.warning(
                "%s unreachable (%s): trying again every second; until then the periodic "
                "check catches other processes' changes",
                self.what,
                exc,
            )
        self.settled.set()

    def listen(self) -> None:
        raise NotImplementedError
