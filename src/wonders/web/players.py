"""Players: a name kept across tables, their ratings (``ratings.py``) and their games.

- **Who**: a visitor without a player gets one with their first request that names or seats
  them (their name in the lobby, a table created or joined, their seat named; never a mere
  page visit, which anyone could repeat without limit): an id and a secret in the cookie
  ``wonders_player`` (``ID.SECRET``; HttpOnly, SameSite=Lax, Secure over HTTPS, kept two
  years); only the secret's SHA-256 is stored, as a seat's token. ``Identity`` (pure ASGI
  middleware) reads it on the requests that need it and puts the player in
  ``request.state.player`` (None: none, or the database is away); a cookie that names no
  player, or whose secret is not that player's, counts as none (the next such request
  issues a fresh player: never someone else's). No password: the cookie is the player.
- **Name**: the lobby's name field sets it (``POST /api/players/me/name``).
- **Seats**: a seat is tied to the player who took it (creating the table, a Join, or the
  first opening of its link with the cookie); the ratings count those.
- **Another device**: ``POST /api/players/me/move`` makes a one-time link (``/#move=CODE``,
  ``MOVE_MINUTES`` minutes): the lobby opened with it asks, then ``POST /api/players/move``
  gives that browser the same cookie, and the link is spent. The code is in the fragment, so
  it never reaches the server's logs nor a Referer; the database keeps its SHA-256 and the
  secret masked with it (the code alone unmasks it). Whoever opens the link first plays as
  the player from then on, on every device (docs/web.md: the risks).
- **Pages**: ``/players`` (the leaderboard of each game) and ``/players/{id}`` (a player's
  ratings and finished games, each with its replay).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.datastructures import Headers
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from wonders.core.i18n import N_, _
from wonders.core.protocol import JSON
from wonders.core.registry import game_names, get_game
from wonders.web import ratings
from wonders.web.models import players
from wonders.web.seating import Name
from wonders.web.service import Forbidden, NotFound, WebError, parse, shown_name
from wonders.web.store import SeatRow, token_hash
from wonders.web.strings import options_text
from wonders.web.tables import Web

COOKIE = "wonders_player"
COOKIE_AGE = 2 * 365 * 24 * 3600  # two years
MOVE_MINUTES = 15  # a link to another device works this long, once
MAX_COOKIE = 200  # characters of a cookie worth looking up
DATABASE_FAULTS = (DBAPIError, PoolTimeout)

# the words of the players' pages and of the lobby's player box (``word``; the lobby's
# script gets them as ``window.PLAYER_WORDS``)
WORDS = [
    N_("Ratings"),
    N_("Player"),
    N_("Rating"),
    N_("Games"),
    N_("Rank"),
    N_("Game"),
    N_("When"),
    N_("Result"),
    N_("Players"),
    N_("Replay"),
    N_("unnamed player"),
    N_("won"),
    N_("place {rank} of {n}"),
    N_("not rated"),
    N_("rating {before} → {after}"),
    N_("Nobody is rated at this game yet."),
    N_("No finished games yet."),
    N_("Finished games"),
    N_("{name}: ratings and games"),
    N_("Rating: μ − 3σ (sure to be at least this good); μ ± σ: the estimate and its spread."),
    N_(
        "Finished games between players are rated with OpenSkill (Plackett-Luce), one rating "
        "for each game whatever the number of players. Games with a bot are not rated, nor "
        "those where a bot played a person's seat."
    ),
    # the lobby's player box
    N_("Your games and ratings"),
    N_("Move to another device"),
    N_(
        "Open this link on your other device within {minutes} minutes. It works once, and "
        "whoever opens it plays as you: send it only to yourself."
    ),
    N_("This link moves a player to this browser: from now on you play as them here."),
    N_("Play as this player here"),
    N_("You now play as {name} here."),
]
_WORDS = frozenset(WORDS)


def word(text: str, **fields: Any) -> str:
    """One of ``WORDS`` in the visitor's language (templates call it as ``w``)."""
    if text not in _WORDS:
        raise KeyError(f"{text!r} is not in wonders.web.players.WORDS")
    said = _(text)
    return said.format(**fields) if fields else said


def words() -> dict[str, str]:
    return {w: _(w) for w in WORDS}


@dataclass(frozen=True)
class Player:
    id: str
    name: str | None

    @property
    def shown(self) -> str:
        return self.name or _("unnamed player")


def _mask(code: str, size: int) -> bytes:
    return hashlib.sha512(b"wonders-move:" + code.encode()).digest()[:size]


class Book:
    """The players in the database."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    def new(self) -> tuple[Player, str]:
        """A new player and their cookie."""
        player_id, secret = secrets.token_urlsafe(9), secrets.token_urlsafe(32)
        with self.engine.begin() as conn:
            conn.execute(
                players.insert().values(
                    id=player_id, name=None, secret_hash=token_hash(secret), created_at=time.time()
                )
            )
        return Player(player_id, None), f"{player_id}.{secret}"

    def find(self, cookie: str) -> Player | None:
        """The player whose cookie this is (None: no such player, or not their secret)."""
        player_id, dot, secret = cookie.partition(".")
        if not dot or not secret or len(cookie) > MAX_COOKIE:
            return None
        query = sa.select(players.c.name, players.c.secret_hash).where(players.c.id == player_id)
        with self.engine.connect() as conn:
            r = conn.execute(query).first()
        if r is None or not hmac.compare_digest(str(r.secret_hash), token_hash(secret)):
            return None
        return Player(player_id, r.name)

    def get(self, player_id: str) -> Player | None:
        query = sa.select(players.c.name).where(players.c.id == player_id)
        with self.engine.connect() as conn:
            r = conn.execute(query).first()
        return None if r is None else Player(player_id, r.name)

    def set_name(self, player_id: str, name: str | None) -> None:
        with self.engine.begin() as conn:
            conn.execute(players.update().where(players.c.id == player_id).values(name=name))

    def name_if_none(self, player_id: str, name: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                players.update()
                .where(players.c.id == player_id, players.c.name.is_(None))
                .values(name=name)
            )

    def make_link(self, cookie: str) -> str:
        """A one-time code that gives another browser this cookie (``MOVE_MINUTES``): the
        database keeps its SHA-256 and the secret masked with it."""
        player_id, _dot, secret = cookie.partition(".")
        code = secrets.token_urlsafe(24)
        raw = secret.encode()
        masked = bytes(a ^ b for a, b in zip(raw, _mask(code, len(raw)), strict=True))
        with self.engine.begin() as conn:
            conn.execute(
                players.update()
                .where(players.c.id == player_id)
                .values(
                    link_hash=token_hash(code),
                    link_key=masked.hex(),
                    link_until=time.time() + MOVE_MINUTES * 60,
                )
            )
        return code

    def use_link(self, code: str) -> tuple[Player, str] | None:
        """The player and cookie a link's code gives (None: no such link, spent or late);
        the link is spent."""
        with self.engine.begin() as conn:
            r = conn.execute(
                sa.select(players).where(players.c.link_hash == token_hash(code)).with_for_update()
            ).first()
            if r is None:
                return None
            conn.execute(
                players.update()
                .where(players.c.id == r.id)
                .values(link_hash=None, link_key=None, link_until=None)
            )
        if r.link_until is None or r.link_until < time.time() or not r.link_key:
            return None
        masked = bytes.fromhex(r.link_key)
        secret = bytes(a ^ b for a, b in zip(masked, _mask(code, len(masked)), strict=True))
        text = secret.decode(errors="replace")
        if not hmac.compare_digest(token_hash(text), str(r.secret_hash)):
            return None  # the player's secret changed since: the link is worth nothing
        return Player(r.id, r.name), f"{r.id}.{text}"


def cookie_header(value: str, secure: bool) -> bytes:
    parts = [f"{COOKIE}={value}", f"Max-Age={COOKIE_AGE}", "Path=/", "HttpOnly", "SameSite=lax"]
    if secure:
        parts.append("Secure")
    return "; ".join(parts).encode("latin-1")


def _wanted(scope: Scope) -> bool:
    path = str(scope["path"])
    if path.startswith(("/api/play/", "/api/tables")):  # a creation, a Join, a seat's name
        return scope["method"] == "POST" and not path.endswith(("/action", "/back"))
    return path == "/" or path.startswith(("/play/", "/players", "/api/players"))


def _issues(scope: Scope) -> bool:
    """A visitor without a player gets one with their first request that names or seats
    them: setting their name, creating or joining a table, naming their seat. These are
    POSTs, which the guard's rate limits bound; a page visit never makes a player (anyone
    could repeat one without limit, each a row in the database)."""
    path = str(scope["path"])
    if scope["method"] != "POST" or path.endswith(("/action", "/back")):
        return False
    return path == "/api/players/me/name" or path.startswith(("/api/tables", "/api/play/"))


class Identity:
    """ASGI middleware: the visitor's player in ``request.state.player`` (issued on a first
    visit to the lobby or a seat's page, with its cookie)."""

    def __init__(self, app: ASGIApp, book: Book, ready: Callable[[], bool]) -> None:
        self.app, self.book, self.ready = app, book, ready

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not _wanted(scope) or not self.ready():
            await self.app(scope, receive, send)
            return
        cookie = cookie_parser(Headers(scope=scope).get("cookie", "")).get(COOKIE, "")
        player: Player | None = None
        issued: str | None = None
        try:
            if cookie:
                player = await asyncio.to_thread(self.book.find, cookie)
            if player is None and _issues(scope):
                player, issued = await asyncio.to_thread(self.book.new)
        except DATABASE_FAULTS:  # the route meets the fault itself and answers 503
            player = None
        state = scope.setdefault("state", {})
        state["player"] = player
        state["player_cookie"] = cookie if issued is None and player is not None else issued
        if issued is None:
            await self.app(scope, receive, send)
            return
        header = cookie_header(issued, scope.get("scheme") == "https")

        async def send_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {
                    **message,
                    "headers": [*message.get("headers", []), (b"set-cookie", header)],
                }
            await send(message)

        await self.app(scope, receive, send_cookie)


def of(request: Request) -> Player | None:
    """The request's player (None: none)."""
    return getattr(request.state, "player", None)


def player_id(request: Request) -> str | None:
    player = of(request)
    return None if player is None else player.id


def adopt_name(request: Request, name: str) -> None:
    """A name chosen at a seat names its player too, if they have no name yet."""
    player = of(request)
    if player is not None and player.name is None:
        book: Book = request.app.state.players
        book.name_if_none(player.id, name)


class NameBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: Name = None


class MoveBody(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: str = Field(strict=True, min_length=1, max_length=100)


def _me(request: Request) -> Player:
    player = of(request)
    if player is None:
        raise Forbidden(_("this browser is no player yet: give your name in the lobby first"))
    return player


def _result_words(played: ratings.Played) -> str:
    result = played.result
    if result is None:
        return ""
    if played.seat in result["winners"]:
        return word("won")
    ranks = {p["seat"]: p["rank"] for p in result["players"]}
    return word("place {rank} of {n}", rank=ranks.get(played.seat, "?"), n=len(played.names))


def identify(app: FastAPI, web: Web) -> None:
    """The ``Identity`` middleware and the players' ``Book`` (``app.state.players``). Added
    before the guard, so inside it: a request the guard refuses (too many, from another
    site) makes no player."""
    book = Book(web.store.engine)
    app.state.players = book
    app.add_middleware(Identity, book=book, ready=lambda: web.ready)


def install(
    app: FastAPI, web: Web, pages: Jinja2Templates, page: Callable[..., HTMLResponse]
) -> None:
    """The players' routes, and ``w`` and ``player_words`` for every template (the
    ``Identity`` middleware is put in place by ``identify``)."""
    book: Book = app.state.players
    pages.env.globals["w"] = word
    pages.env.globals["player_words"] = words
    router = APIRouter()

    def title(game: str) -> str:
        return get_game(game).titled()

    @router.get("/players", response_class=HTMLResponse)
    async def leaderboard_page(request: Request, game: str = "") -> HTMLResponse:
        rated = await asyncio.to_thread(ratings.games_rated, book.engine)
        known = game_names()
        if game not in known:
            game = rated[0] if rated else ("classic" if "classic" in known else known[0])
        board = await asyncio.to_thread(ratings.leaderboard, book.engine, game)
        return page(
            request,
            "leaderboard.html",
            game=game,
            games=[(g, title(g)) for g in known],
            board=board,
            unnamed=_("unnamed player"),
        )

    @router.get("/players/{wanted}", response_class=HTMLResponse)
    async def player_page(request: Request, wanted: str) -> HTMLResponse:
        player = await asyncio.to_thread(book.get, wanted)
        if player is None:
            return page(request, "error.html", error=_("no player {id}").format(id=wanted))
        standings = await asyncio.to_thread(ratings.player_ratings, book.engine, player.id)
        played = await asyncio.to_thread(ratings.history, book.engine, player.id)
        games = []
        for p in played:
            seat_rows = [
                SeatRow(i, kind, bot, name, None, True, player=who)
                for i, (name, kind, bot, who) in enumerate(p.names)
            ]
            games.append(
                {
                    "table": p.table_id,
                    "title": title(p.game) if p.game in game_names() else p.game,
                    "about": options_text(p.options),
                    "when": time.strftime("%Y-%m-%d %H:%M", time.gmtime(p.at)),
                    "result": _result_words(p),
                    "names": [(shown_name(s), s.player) for s in seat_rows],
                    "seat": p.seat,
                    "change": p.change,
                }
            )
        return page(
            request,
            "player.html",
            player=player,
            standings=[(title(s.game) if s.game in game_names() else s.game, s) for s in standings],
            games=games,
        )

    @router.post("/api/players/me/name")
    async def set_name(request: Request) -> JSON:
        player = _me(request)
        spec = parse(NameBody, await _json(request))
        await asyncio.to_thread(book.set_name, player.id, spec.name)
        return {"id": player.id, "name": spec.name}

    @router.post("/api/players/me/move")
    async def make_link(request: Request) -> JSON:
        _me(request)
        cookie = str(request.state.player_cookie)
        code = await asyncio.to_thread(book.make_link, cookie)
        return {"link": f"/#move={code}", "minutes": MOVE_MINUTES}

    @router.post("/api/players/move")
    async def use_link(request: Request) -> Response:
        spec = parse(MoveBody, await _json(request))
        found = await asyncio.to_thread(book.use_link, spec.code)
        if found is None:
            raise NotFound(_("this link has expired or was used already"))
        player, cookie = found
        answer = JSONResponse(
            {
                "id": player.id,
                "name": player.name,
                "text": word("You now play as {name} here.", name=player.shown),
            }
        )
        answer.raw_headers.append(
            (b"set-cookie", cookie_header(cookie, request.url.scheme == "https"))
        )
        return answer

    app.include_router(router)


async def _json(request: Request) -> Any:
    import json

    raw = await request.body()
    if len(raw) > 4096:
        raise WebError(_("message too large (at most {n} bytes)").format(n=4096))
    try:
        return json.loads(raw or b"{}")
    except (ValueError, RecursionError):
        raise WebError(_("the message is not valid JSON")) from None
