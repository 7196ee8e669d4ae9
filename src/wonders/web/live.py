"""Live updates: the WebSocket connections of each table (and of the lobby) in this process,
each sent only what its seat may know (``TableService.message``), in the connection's own
language (the visitor's when it connected): two connections of one table in two languages
each get their own sentences, whichever of them caused the push."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket

from wonders.core.i18n import language
from wonders.web.service import LiveTable, TableService


@dataclass(eq=False)
class Connection:
    ws: WebSocket
    seat: int | None
    language: str = field(default_factory=language)  # the context's when it connected
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    seq: int = 0  # the newest state sent: an older one made meanwhile is not sent after it

    async def send(self, data: Any) -> bool:
        try:
            async with self.lock:
                seq = data.get("seq", 0) if isinstance(data, dict) else 0
                if seq and seq < self.seq:
                    return True
                self.seq = max(self.seq, seq)
                await self.ws.send_json(data)
            return True
        except Exception:  # a closed socket: the connection is dropped
            return False


class Hub:
    def __init__(self, service: TableService) -> None:
        self.service = service
        self.tables: dict[str, set[Connection]] = {}
        self.lobby: set[Connection] = set()

    def join(self, table_id: str, conn: Connection) -> None:
        self.tables.setdefault(table_id, set()).add(conn)

    def leave(self, table_id: str, conn: Connection) -> None:
        with contextlib.suppress(KeyError):
            self.tables[table_id].discard(conn)

    async def publish(self, live: LiveTable) -> None:
        """Send every connection of the table its seat's fresh state, in its language (made
        once for each seat and language)."""
        made: dict[tuple[int | None, str], Any] = {}
        for conn in list(self.tables.get(live.id, ())):  # views are made off the event loop
            key = (conn.seat, conn.language)
            if key not in made:
                made[key] = await asyncio.to_thread(
                    self.service.message, live, conn.seat, conn.language
                )
            if not await conn.send(made[key]):
                self.leave(live.id, conn)

    async def publish_lobby(self) -> None:
        """Send every lobby its fresh lists, in its language."""
        made: dict[str, Any] = {}
        for conn in list(self.lobby):
            if conn.language not in made:
                lists = await asyncio.to_thread(self.service.lobby, conn.language)
                made[conn.language] = {"type": "lobby", **lists}
            if not await conn.send(made[conn.language]):
                self.lobby.discard(conn)
