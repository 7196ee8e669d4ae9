"""Each visitor's language: the picker's cookie, else the browser's Accept-Language, else
English. ``LanguageMiddleware`` (pure ASGI) runs every HTTP request and every WebSocket
connection inside ``wonders.core.i18n.use_language`` (a context variable: one server shows
each visitor their own language at once, never a process-wide setting); a WebSocket's
connection remembers its language, and every message pushed to it is made in that language
(``live.Hub``), whoever's move caused the push.
"""

from __future__ import annotations

from http.cookies import CookieError, SimpleCookie
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

from wonders.core.i18n import LANGUAGE_NAMES, LanguageError, accepted, known, use_language

COOKIE = "wonders_lang"
COOKIE_AGE = 365 * 24 * 3600  # a year: the picker's choice is kept
DEFAULT = "en"


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


def cookie_language(header: str | None) -> str | None:
    """The language the picker's cookie names, if it is a known one (else None: an unknown or
    damaged cookie is ignored, never an error)."""
    if not header:
        return None
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(header)
    except CookieError:
        return None
    morsel = jar.get(COOKIE)
    if morsel is None or not morsel.value:
        return None
    try:
        return known(morsel.value)
    except LanguageError:
        return None


def visitor_language(cookie: str | None, accept_language: str | None) -> str:
    """The cookie's language, else the first known one of Accept-Language, else English."""
    return cookie_language(cookie) or accepted(accept_language) or DEFAULT


def scope_language(scope: Scope) -> str:
    """The language of an HTTP request's or a WebSocket handshake's visitor."""
    return visitor_language(_header(scope, b"cookie"), _header(scope, b"accept-language"))


def chosen(code: str) -> str | None:
    """A picker's choice: one of the listed languages or the hidden pseudo-language (None:
    unknown)."""
    try:
        return known(code)
    except LanguageError:
        return None


def safe_next(target: str | None) -> str:
    """Where the picker goes back to: a path of this site only (never another host)."""
    if (
        not target
        or not target.startswith("/")
        or target.startswith(("//", "/\\"))
        or any(c in target for c in "\\\r\n\t")
    ):
        return "/"
    return target


def picker(current: str) -> list[dict[str, Any]]:
    """The picker's entries: each language by its own name, the current one marked."""
    return [
        {"code": code, "name": name, "current": code == current}
        for code, name in LANGUAGE_NAMES.items()
    ]


class LanguageMiddleware:
    """Runs each HTTP request and WebSocket connection in its visitor's language; the code is
    also left in ``scope["language"]``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        code = scope_language(scope)
        scope["language"] = code
        with use_language(code):
            await self.app(scope, receive, send)
