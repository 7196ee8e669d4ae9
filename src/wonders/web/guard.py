"""The server's guard: limits and browser-safety rules around the app (``Guard``, a pure ASGI
middleware, put in place by ``install``), and the log filter that keeps secrets out of logs.

- Every HTTP response carries security headers: a Content-Security-Policy (scripts from this
  site only, and a page's own inline scripts by the nonce ``request.state.csp_nonce``; no
  inline styles; no framing), nosniff, no Referer (the URLs hold seat tokens), no frames.
  An unhandled error too: the guard answers it (a JSON 500) with them, then lets the error
  go on to the server, which logs it.
- Cross-site requests cannot act. A request that changes something (POST) is refused (403)
  when a browser says it comes from another site's page (its ``Origin`` names another host
  than ``Host``, unless the origin is allowed by configuration), and its body must be JSON:
  any other ``Content-Type`` is refused (415). A cross-site form always sends a form type, so
  it cannot act even with an empty body; a request without a type (an empty POST such as
  ``/back``, a join without body, or a non-browser client) is allowed, as a browser sends one
  cross-site only through ``fetch``, which always sends ``Origin``: refused by the first rule.
- Per client address (IPv4, or an IPv6 /64), token buckets bound table creations, joins, the
  other POSTs (429 with ``Retry-After``) and WebSocket messages (an error message for each
  refused one; after ``MAX_STRIKES`` in a row the connection is closed with 1008).
- WebSockets: a browser Origin that is not this site is refused at the handshake; an address
  holds at most ``Limits.sockets`` connections at once (more are closed with 1008 and a
  reason); a binary frame closes the connection with 1003 (RFC 6455: the app speaks JSON text).

Limits are per process: with several workers a client may get up to that many times more.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import logging
import math
import os
import re
import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields, replace
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from wonders.core.i18n import _, ngettext

LIMITS_ENV = "WONDERS_LIMITS"  # e.g. "create=10/60,sockets=32" or "off" (see parse_limits)
ORIGINS_ENV = "WONDERS_ORIGINS"  # more origins whose pages may use the server, comma-separated
CLOSE_UNSUPPORTED = 1003  # RFC 6455: a kind of data the endpoint cannot take (binary)
CLOSE_POLICY = 1008  # RFC 6455: a message against the server's policy
MAX_REASON = 123  # bytes of a close frame's reason (RFC 6455)
MAX_STRIKES = 10  # refused WebSocket messages in a row before the connection is closed
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
DEFAULT_PORTS = {"http": 80, "https": 443}
_JOIN = re.compile(r"^/api/tables/[^/]+/join/?$")


# ---- limits ----


@dataclass(frozen=True)
class Rate:
    """A token bucket: ``count`` at once, refilled at ``count`` every ``seconds``."""

    count: int
    seconds: float

    def __str__(self) -> str:
        return f"{self.count}/{self.seconds:g}"


@dataclass(frozen=True)
class Limits:
    """What one client address may do (None: no limit). The defaults are far above what
    people at one address do in play and far below a flood."""

    create: Rate | None = Rate(30, 600)  # tables: 30 at once, then one every 20 s
    join: Rate | None = Rate(60, 60)  # seats joined: 60 at once, then one a second
    post: Rate | None = Rate(600, 60)  # other POSTs (moves, names): 600, then 10 a second
    message: Rate | None = Rate(600, 60)  # WebSocket messages and connections opened: same
    sockets: int | None = 64  # WebSocket connections open at once

    def __str__(self) -> str:
        return ",".join(
            f"{f.name}={'off' if getattr(self, f.name) is None else getattr(self, f.name)}"
            for f in fields(self)
        )


OFF = Limits(None, None, None, None, None)
_KINDS = tuple(f.name for f in fields(Limits))


def _whole(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise ValueError(
            _("a limit's count must be a whole number above 0, got {text!r}").format(text=text)
        )
    return int(text)


def parse_limits(spec: str, base: Limits | None = None) -> Limits:
    """Limits from text: ``off`` (none), or comma-separated ``KIND=COUNT/SECONDS`` for create,
    join, post and message, ``sockets=COUNT``, ``KIND=off``; kinds not named keep ``base``'s
    (default: ``Limits()``). Raises ValueError with a one-line reason."""
    base = Limits() if base is None else base
    text = spec.strip()
    if text.lower() == "off":
        return OFF
    changes: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        kind, sep, value = (s.strip() for s in part.partition("="))
        if not sep or kind not in _KINDS:
            raise ValueError(
                _(
                    "unknown limit {part!r}: give KIND=COUNT/SECONDS (KIND: {kinds}), "
                    "sockets=COUNT, KIND=off or off"
                ).format(part=part, kinds="create, join, post, message")
            )
        if value.lower() == "off":
            changes[kind] = None
        elif kind == "sockets":
            changes[kind] = _whole(value)
        else:
            count, slash, seconds = value.partition("/")
            try:
                period = float(seconds)
            except ValueError:
                period = 0.0
            if not slash or not 0 < period < math.inf:
                raise ValueError(
                    _("the limit {part!r} must be COUNT/SECONDS, e.g. {kind}=30/60").format(
                        part=part, kind=kind
                    )
                )
            changes[kind] = Rate(_whole(count.strip()), period)
    return replace(base, **changes)


@dataclass
class _Bucket:
    tokens: float
    stamp: float


class RateLimiter:
    """One token bucket of ``rate`` per client address; a full bucket is forgotten when the
    table of addresses grows (a full one is the same as a new one)."""

    def __init__(
        self, rate: Rate, clock: Callable[[], float] = time.monotonic, max_keys: int = 10_000
    ) -> None:
        self.capacity = float(rate.count)
        self.refill = rate.count / rate.seconds  # tokens a second
        self.clock = clock
        self.max_keys = self.sweep_at = max_keys
        self.buckets: dict[str, _Bucket] = {}

    def take(self, key: str) -> float:
        """Take one of ``key``'s tokens: 0.0 if there was one, else the seconds until there
        will be (nothing taken)."""
        now = self.clock()
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.sweep_at:
                self._sweep(now)
            bucket = self.buckets[key] = _Bucket(self.capacity, now)
        else:
            bucket.tokens = min(self.capacity, bucket.tokens + (now - bucket.stamp) * self.refill)
            bucket.stamp = now
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            return 0.0
        return (1 - bucket.tokens) / self.refill

    def _sweep(self, now: float) -> None:
        for key, b in list(self.buckets.items()):
            if b.tokens + (now - b.stamp) * self.refill >= self.capacity:
                del self.buckets[key]
        self.sweep_at = max(self.max_keys, 2 * len(self.buckets))


def client_key(scope: Scope) -> str:
    """Whose limits a request counts against: its address (an IPv6 one by its /64, which
    one host usually holds whole)."""
    client = scope.get("client")
    host = str(client[0]) if client else ""
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def post_kind(path: str) -> str:
    """Which bucket a POST to ``path`` takes from: create, join or post."""
    if path.rstrip("/") == "/api/tables":
        return "create"
    return "join" if _JOIN.match(path) else "post"


def _seconds(wait: float) -> int:
    return max(1, math.ceil(wait))


def _too_many(kind: str, wait: float) -> str:
    """The one-line reason of a refusal by the ``kind`` bucket."""
    n = _seconds(wait)
    if kind == "create":
        text = ngettext(
            "too many tables created from your address: try again in {n} second",
            "too many tables created from your address: try again in {n} seconds",
            n,
        )
    elif kind == "join":
        text = ngettext(
            "too many seats joined from your address: try again in {n} second",
            "too many seats joined from your address: try again in {n} seconds",
            n,
        )
    elif kind == "message":
        text = ngettext(
            "too many messages from your address: wait {n} second",
            "too many messages from your address: wait {n} seconds",
            n,
        )
    else:
        text = ngettext(
            "too many requests from your address: try again in {n} second",
            "too many requests from your address: try again in {n} seconds",
            n,
        )
    return text.format(n=n)


# ---- origins ----


def _origin_parts(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of ``scheme://netloc`` (None: not an http(s) origin)."""
    if scheme not in DEFAULT_PORTS:
        return None
    try:
        parts = urlsplit(f"//{netloc}")
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname or parts.username is not None or parts.path:
        return None
    return scheme, parts.hostname, port or DEFAULT_PORTS[scheme]


def parse_origins(origins: str | Iterable[str]) -> frozenset[str]:
    """Origins (``scheme://host[:port]``) besides the site's own whose pages may use the
    server, from a list or comma-separated text. Raises ValueError with a one-line reason."""
    items = origins.split(",") if isinstance(origins, str) else list(origins)
    out = set()
    for item in filter(None, (o.strip() for o in items)):
        parts = urlsplit(item)
        if (
            parts.path not in ("", "/")
            or parts.query
            or _origin_parts(parts.scheme.lower(), parts.netloc) is None
        ):
            raise ValueError(
                _(
                    "{origin!r} is not an origin: give scheme://host or scheme://host:port, "
                    "e.g. https://example.org"
                ).format(origin=item)
            )
        out.add(_normal_origin(item))
    return frozenset(out)


def _normal_origin(origin: str) -> str:
    return origin.strip().rstrip("/").lower()


def origin_allowed(origin: str | None, host: str | None, allowed: frozenset[str]) -> bool:
    """Whether a request with these ``Origin`` and ``Host`` headers may use the server: no
    Origin (not a browser page), an allowed one, or the site's own (Origin is ``Host``)."""
    if origin is None or _normal_origin(origin) in allowed:
        return True
    parts = urlsplit(origin.strip())
    mine = _origin_parts(parts.scheme.lower(), parts.netloc)
    if mine is None or not host or parts.path not in ("", "/"):
        return False  # "null" (a sandboxed page, a file) or something that is no origin
    return _origin_parts(mine[0], host.strip()) == mine


# ---- security headers ----


def content_security_policy(nonce: str) -> str:
    """The pages' CSP: everything from this site; inline scripts only with ``nonce``."""
    return "; ".join(
        (
            "default-src 'self'",
            f"script-src 'self' 'nonce-{nonce}'",
            "style-src 'self'",
            "img-src 'self' data:",
            "connect-src 'self'",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        )
    )


def security_headers(nonce: str) -> list[tuple[bytes, bytes]]:
    """The headers every HTTP response carries."""
    return [
        (b"content-security-policy", content_security_policy(nonce).encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
        (b"x-frame-options", b"DENY"),
    ]


# ---- logs ----

# a seat token or an admin key in a path: /play/T, /api/play/T/..., /ws/play/T, /manage/A,
# /api/manage/A/...; also %2F-encoded, as in the language picker's ?next=
_SECRET = re.compile(
    r"((?:/|%2f)(?:(?:api|ws)(?:/|%2f))?(?:play|manage)(?:/|%2f))[^/?#&\s\"%]+", re.I
)
REDACTED = "***"


def redact(text: str) -> str:
    """``text`` with the seat tokens and manage keys of the paths in it replaced by ***."""
    return _SECRET.sub(lambda m: m.group(1) + REDACTED, text)


class SecretsFilter(logging.Filter):
    """Keeps seat tokens and manage keys out of log records (uvicorn's access log gives the
    path as an argument; its WebSocket lines too)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {
                k: redact(v) if isinstance(v, str) else v for k, v in record.args.items()
            }
        return True


LOGGERS = ("uvicorn.access", "uvicorn.error")


def hide_secrets_in_logs() -> None:
    """Put a ``SecretsFilter`` on uvicorn's loggers (once; logging's configuration keeps it)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, SecretsFilter) for f in logger.filters):
            logger.addFilter(SecretsFilter())


# ---- the middleware ----


def _reason(text: str) -> str:
    """A close frame's reason: ``text`` cut to ``MAX_REASON`` bytes of UTF-8."""
    return text.encode()[:MAX_REASON].decode(errors="ignore")


class Guard:
    """The pure ASGI middleware of the module's rules (``install`` puts it in place)."""

    def __init__(
        self,
        app: ASGIApp,
        limits: Limits | None = None,
        origins: frozenset[str] = frozenset(),
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.app = app
        self.limits = Limits() if limits is None else limits
        self.origins = origins
        self.rates: dict[str, RateLimiter] = {}
        for kind in ("create", "join", "post", "message"):
            rate = getattr(self.limits, kind)
            if rate is not None:
                self.rates[kind] = RateLimiter(rate, clock)
        self.sockets: dict[str, int] = {}  # open WebSocket connections of each address

    def take(self, kind: str, key: str) -> float:
        """A token of ``kind`` for ``key``: 0.0, or the seconds to wait (refused)."""
        limiter = self.rates.get(kind)
        return 0.0 if limiter is None else limiter.take(key)

    def _same_site(self, scope: Scope) -> bool:
        headers = Headers(scope=scope)
        return origin_allowed(headers.get("origin"), headers.get("host"), self.origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._socket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        nonce = secrets.token_urlsafe(16)
        scope.setdefault("state", {})["csp_nonce"] = nonce  # the templates' request.state
        extra = security_headers(nonce)

        started = False

        async def send_headed(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                present = {bytes(k).lower() for k, _v in headers}
                headers += [(k, v) for k, v in extra if k not in present]
                message = {**message, "headers": headers}
            await send(message)

        refusal = self._refusal(scope)
        if refusal is not None:
            await refusal(scope, receive, send_headed)
            return
        try:
            await self.app(scope, receive, send_headed)
        except Exception:
            if not started:  # answered here, with the headers; the server logs the error
                error = _("the server failed to answer this request: please try again later")
                with contextlib.suppress(Exception):  # the client may be gone already
                    await JSONResponse({"error": error}, 500)(scope, receive, send_headed)
            raise

    def _refusal(self, scope: Scope) -> JSONResponse | None:
        """The answer to a request the rules refuse (None: it goes on to the app)."""
        if scope["method"] not in UNSAFE:
            return None
        if not self._same_site(scope):
            error = _("requests from another site's pages are refused")
            return JSONResponse({"error": error}, 403)
        content_type = Headers(scope=scope).get("content-type")
        if content_type is not None and (
            content_type.split(";")[0].strip().lower() != "application/json"
        ):
            error = _("the body must be JSON, sent with Content-Type: application/json")
            return JSONResponse({"error": error}, 415)
        kind = post_kind(scope["path"])
        wait = self.take(kind, client_key(scope))
        if wait:
            headers = {"Retry-After": str(_seconds(wait))}
            return JSONResponse({"error": _too_many(kind, wait)}, 429, headers=headers)
        return None

    async def _socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not self._same_site(scope):
            await receive()  # websocket.connect
            error = _("connections from another site's pages are refused")
            if "websocket.http.response" in scope.get("extensions", {}):
                await JSONResponse({"error": error}, 403)(scope, receive, send)
            else:  # the server answers 403
                await send({"type": "websocket.close", "code": CLOSE_POLICY, "reason": ""})
            return
        key = client_key(scope)
        cap = self.limits.sockets
        if cap is not None and self.sockets.get(key, 0) >= cap:
            reason = _("too many connections from your address: close some pages")
            await _turn_away(receive, send, reason)
            return
        wait = self.take("message", key)
        if wait:
            await _turn_away(receive, send, _too_many("message", wait))
            return
        self.sockets[key] = self.sockets.get(key, 0) + 1
        try:
            guarded = _GuardedSocket(self, key, receive, send)
            await self.app(scope, guarded.receive, guarded.send)
        finally:
            left = self.sockets[key] - 1
            if left:
                self.sockets[key] = left
            else:
                del self.sockets[key]


async def _turn_away(receive: Receive, send: Send, reason: str) -> None:
    """Accept a WebSocket and close it at once, with 1008 and ``reason`` (a page sees both;
    a refused handshake would show it neither)."""
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    await send({"type": "websocket.close", "code": CLOSE_POLICY, "reason": _reason(reason)})


class _GuardedSocket:
    """One WebSocket's ``receive`` and ``send`` through the guard: a binary frame or too many
    refused messages close the connection (the app then receives a disconnect, and what it
    sends afterwards is dropped)."""

    def __init__(self, guard: Guard, key: str, receive: Receive, send: Send) -> None:
        self.guard, self.key = guard, key
        self._receive, self._send = receive, send
        self.closed = False
        self.strikes = 0

    async def send(self, message: Message) -> None:
        if not self.closed:
            await self._send(message)

    async def receive(self) -> Message:
        while True:
            message = await self._receive()
            if message["type"] != "websocket.receive":
                return message
            if message.get("text") is None:
                reason = _("messages are JSON text: binary frames are refused")
                return await self._close(CLOSE_UNSUPPORTED, reason)
            wait = self.guard.take("message", self.key)
            if not wait:
                self.strikes = 0
                return message
            self.strikes += 1
            if self.strikes >= MAX_STRIKES:
                return await self._close(CLOSE_POLICY, _too_many("message", wait))
            error = json.dumps({"type": "error", "error": _too_many("message", wait)})
            with contextlib.suppress(OSError, RuntimeError):  # the socket may be closing
                await self._send({"type": "websocket.send", "text": error})

    async def _close(self, code: int, reason: str) -> Message:
        self.closed = True
        with contextlib.suppress(OSError, RuntimeError):
            await self._send({"type": "websocket.close", "code": code, "reason": _reason(reason)})
        return {"type": "websocket.disconnect", "code": code}


def install(
    app: Starlette, limits: Limits | None = None, origins: Iterable[str] | None = None
) -> None:
    """Put the guard around ``app`` (a Starlette or FastAPI app), with ``limits`` (None:
    ``$WONDERS_LIMITS``, else the defaults) and the extra allowed ``origins`` (None:
    ``$WONDERS_ORIGINS``), and keep secrets out of uvicorn's logs."""
    if limits is None:
        limits = parse_limits(os.environ.get(LIMITS_ENV, ""))
    allowed = parse_origins(os.environ.get(ORIGINS_ENV, "") if origins is None else origins)
    app.add_middleware(Guard, limits=limits, origins=allowed)
    hide_secrets_in_logs()
