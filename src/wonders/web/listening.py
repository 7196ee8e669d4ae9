"""What a listener for other server processes' changes shares, whatever carries them
(PostgreSQL NOTIFY in ``notify.py``, Redis pub/sub in ``pubsub.py``): a daemon thread that
calls ``on_change(table_id)`` on the server's event loop for each change heard."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable


class ListenerThread:
    """Runs ``listen`` in a daemon thread until ``stop``; ``listen`` sets ``ready`` once it
    hears, calls ``heard`` for each change and returns when ``stopping`` is set."""

    name = "wonders-listen"

    def __init__(self, loop: asyncio.AbstractEventLoop, on_change: Callable[[str], object]) -> None:
        self.loop = loop
        self.on_change = on_change
        self.stopping = threading.Event()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self.listen, name=self.name, daemon=True)

    def start(self) -> None:
        self.thread.start()
        self.ready.wait(timeout=10)

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(timeout=5)

    def heard(self, table_id: str) -> None:
        """Hand a change to the event loop (called from the listening thread)."""
        self.loop.call_soon_threadsafe(self.on_change, table_id)

    def listen(self) -> None:
        raise NotImplementedError
