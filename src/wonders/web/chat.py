"""A table's extras besides its game: the chat and the rematch (``Extras``: its routes and
its socket messages; ``app.py`` includes them).

The chat: the players of a table write, everyone who may watch it reads (spectators too).
A message is one line of at most ``MAX_CHAT`` characters (control characters become spaces,
the bidi overrides are dropped);
each seat may write ``CHAT_RATE`` (a ``guard`` token bucket per table and seat, besides the
guard's own per address). It is stored (``wonders_chat``) before it is pushed, as
``{"type": "chat", "messages": [...]}``, to the table's sockets in this process (``Hub``) and,
through the store's note on the processes' channel (PostgreSQL NOTIFY or Redis), in every
other; a socket is sent the chat so far when it connects or resyncs (``"all": true``). A
message names its writer's seat only: each page shows that seat's name from its own state
(in its reader's language), and always as text, never as HTML.

The rematch: once the game is over, any seated player proposes it; it is a new table of the
same game, options and clock with a new seed and the same seats (bots stay; each person's
seat keeps its name and is reached by its own new secret link only, which the seat's page
asks for on its connection). A table has one rematch: a second proposal gets the first one.
Every page of the finished table is pushed its state with ``rematch`` (the new table's id):
a player's page then asks for its own link (``{"type": "rematch"}`` on its socket, answered
``{"type": "rematch", "link": ...}``), a spectator's shows the new table's watch link.

Routes:

- ``GET /api/tables/{table}/chat``: the chat so far (the newest ``HISTORY`` messages);
- ``POST /api/play/{token}/chat`` with ``{"text": ...}``: the seat's player writes;
- ``POST /api/play/{token}/rematch``: propose the rematch, or get it: the seat's place at it.
"""

from __future__ import annotations

import asyncio
import unicodedata
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request

from wonders.core.i18n import _, ngettext
from wonders.core.protocol import JSON
from wonders.web.guard import Rate, RateLimiter
from wonders.web.live import Connection
from wonders.web.service import LiveTable, WebError

if TYPE_CHECKING:
    from wonders.web.tables import Web

MAX_CHAT = 300  # characters of a chat message
HISTORY = 100  # chat messages a page is sent when it connects
CHAT_RATE = Rate(5, 20)  # one seat's messages: 5 at once, then one every 4 seconds


# the bidi embeddings, overrides and isolates: a message may not reorder how it reads
# (dropped; right-to-left writing needs none of them)
_REORDERING = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


class TooFast(WebError):
    status = 429


def chat_text(raw: Any) -> str:
    """A chat message as it is stored: one line (control characters become spaces), without
    spaces at its ends, 1 to ``MAX_CHAT`` characters; else a ``WebError`` in one line."""
    if not isinstance(raw, str):
        raise WebError(_('a chat message is text: give {"text": "..."}'))
    text = "".join(
        " " if unicodedata.category(c) == "Cc" else "" if c in _REORDERING else c for c in raw
    ).strip()
    if not text:
        raise WebError(_("a chat message cannot be empty"))
    if len(text) > MAX_CHAT:
        raise WebError(
            _("a chat message is at most {n} characters (this one has {count})").format(
                n=MAX_CHAT, count=len(text)
            )
        )
    return text


def _too_fast(wait: float) -> str:
    n = max(1, round(wait + 0.499))
    return ngettext(
        "you are writing too fast: wait {n} second",
        "you are writing too fast: wait {n} seconds",
        n,
    ).format(n=n)


class Extras:
    """The chat and the rematch of the tables ``web`` serves; ``rate``: what one seat may
    write (None: no limit)."""

    def __init__(self, web: Web, rate: Rate | None = CHAT_RATE) -> None:
        self.web = web
        self.limiter = RateLimiter(rate) if rate is not None else None

    # ---- the chat ----

    async def say(self, live: LiveTable, seat: int | None, raw: Any) -> JSON:
        """``seat``'s player writes ``raw`` at the table: stored, then pushed everywhere.
        The stored message (``ChatRow.to_json``)."""
        if seat is None:
            raise WebError(_("only the players write in the chat: a spectator reads it"))
        text = chat_text(raw)
        if self.limiter is not None:
            wait = self.limiter.take(f"{live.id}:{seat}")
            if wait:
                raise TooFast(_too_fast(wait))
        row = await asyncio.to_thread(self.web.store.add_chat, live.id, seat, text)
        message = row.to_json()
        self.web.hub.publish_chat(live.id, [message])
        return message

    async def history(self, table_id: str) -> JSON:
        """The table's chat so far (everyone who may watch the table may read it)."""
        live = await asyncio.to_thread(self.web.service.get, table_id)
        rows = await asyncio.to_thread(self.web.store.chat, live.id, 0, HISTORY)
        return {"table": live.id, "messages": [r.to_json() for r in rows]}

    # ---- the rematch ----

    async def rematch(self, token: Any) -> JSON:
        """Propose the rematch of the finished table of the seat ``token`` holds (or get the
        one there is): the seat's place at it, its link in it. The finished table's pages
        are pushed their state (it names the rematch), the lobby its lists."""
        old, made = await asyncio.to_thread(self.web.service.rematch, token)
        new = await asyncio.to_thread(self.web.service.get, made.table_id)
        self.web.wake(new)
        await self.web.hub.publish(old)
        await self.web.hub.publish(new)
        if made.created:
            await self.web.hub.publish_lobby()
        answer: JSON = {
            "type": "rematch",
            "table": made.table_id,
            "seat": made.seat,
            "token": made.token,
            "link": f"/play/{made.token}",
            "watch": f"/watch/{made.table_id}",
            "created": made.created,
        }
        if made.admin:  # the proposer: the rematch's manage link is theirs
            answer["admin"] = made.admin
            answer["manage"] = f"/manage/{made.admin}"
        return answer

    # ---- routes and socket messages ----

    async def on_socket(
        self, conn: Connection, seat: int | None, token: str, msg: dict[str, Any]
    ) -> bool:
        """Answer a socket's message of the extras (``rematch``); False for another type.
        A refusal is answered ``{"type": "error", "about": "rematch", ...}``."""
        if msg.get("type") != "rematch":
            return False
        try:
            if seat is None:
                raise WebError(_("a spectator cannot propose a rematch"))
            await conn.send(await self.rematch(token))
        except WebError as exc:
            await conn.send({"type": "error", "error": str(exc), "about": "rematch"})
        return True

    def router(self, read_json: Callable[[Request], Awaitable[Any]]) -> APIRouter:
        """The routes (``read_json``: the app's reader of a request's JSON body, with its
        size limit)."""
        routes = APIRouter()
        service = self.web.service

        @routes.get("/api/tables/{table_id}/chat")
        async def chat_history(table_id: str) -> JSON:
            return await self.history(table_id)

        @routes.post("/api/play/{token}/chat")
        async def write(token: str, request: Request) -> JSON:
            body = await read_json(request)
            live, seat = await asyncio.to_thread(service.seat_for_token, token)
            if not isinstance(body, dict):
                raise WebError(_('a chat message is text: give {"text": "..."}'))
            return {"type": "chat", "message": await self.say(live, seat, body.get("text"))}

        @routes.post("/api/play/{token}/rematch")
        async def rematch(token: str) -> JSON:
            return await self.rematch(token)

        return routes
