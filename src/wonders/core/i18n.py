"""The gettext functions for every string a player reads, in the player's language.

Code writes ``_("text")``, ``ngettext(singular, plural, n)`` for counts and
``pgettext(context, text)`` where a word is ambiguous; a string defined before any language is
known is marked ``N_("text")`` and translated where it is shown. Card, wonder, leader and token
names come from the data files, translated with ``name(game, text)`` (their context is the
game's name). Catalogues are ``wonders/locale/<lang>/LC_MESSAGES/wonders.po``, extracted with
``make messages`` (Babel) and compiled to ``.mo`` by the build; docs/TRANSLATING.md says how.

The language is per context, never process-wide for a server: ``use_language("pl")`` is a
``with`` block (a context variable, so each web request or connection has its own), and
``set_language`` sets the default for a command-line process: ``--lang``, then
``WONDERS_LANG``, then the system locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from wonders.core.errors import OptionsError

DOMAIN = "wonders"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
# The languages of the rulebooks this project follows; English is the source language.
LANGUAGES = ("en", "ru", "pl", "uk")
LANGUAGE_NAMES = {"en": "English", "ru": "Русский", "pl": "Polski", "uk": "Українська"}


# A pseudo-language for developers and tests: every translated text has its letters swapped
# for accented look-alikes, so any English left on a screen is text that escaped gettext.
PSEUDO = "pseudo"
_PSEUDO_LETTERS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçđéƒĝĥíĵķłɱñöþʠŕšťüʋŵ×ýžÀßÇĐÉƑĜĤÍĴĶĿṀÑÖÞǪŔŠŤÜṼŴ×ÝŽ",
)


def pseudo(text: str) -> str:
    """``text`` with the letters outside ``{fields}`` and ``[markup]`` made look-alikes."""
    out, depth = [], 0
    for ch in text:
        if ch in "{[":
            depth += 1
        elif ch in "}]" and depth:
            depth -= 1
            out.append(ch)
            continue
        out.append(ch if depth else ch.translate(_PSEUDO_LETTERS))
    return "".join(out)


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo-language's catalogue: every message, translated by ``pseudo``."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


class LanguageError(OptionsError):
    """An unknown language was asked for by name."""


@cache
def translation(language: str, localedir: Path = LOCALE_DIR) -> gettext.NullTranslations:
    """The catalogue of ``language`` (English: none), loaded once."""
    if language == "en":
        return gettext.NullTranslations()
    if language == PSEUDO:
        return PseudoTranslations()
    return gettext.translation(DOMAIN, localedir=localedir, languages=[language], fallback=True)


def known(language: str) -> str:
    """``language`` checked against the known codes (case and region ignored: ``ru_RU`` is
    ``ru``); an unknown one raises LanguageError with a one-line message."""
    code = language.strip().replace("-", "_").split("_")[0].split(".")[0].lower()
    if code not in LANGUAGES and code != PSEUDO:
        raise LanguageError(f"unknown language {language!r}; known: {', '.join(LANGUAGES)}")
    return code


def system_language() -> str:
    """The first known language of the system locale's variables, else English."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in os.environ.get(var, "").split(":"):
            if part and part not in ("C", "POSIX"):
                try:
                    return known(part)
                except LanguageError:
                    continue
    return "en"


def choose(language: str | None = None) -> str:
    """``language`` if given, else ``WONDERS_LANG``, else the system's; the first two must
    be known (LanguageError otherwise)."""
    if language:
        return known(language)
    env = os.environ.get("WONDERS_LANG")
    if env:
        return known(env)
    return system_language()


def accepted(header: str | None) -> str | None:
    """The first known language of an HTTP Accept-Language header, by its q weights."""
    ranked: list[tuple[float, int, str]] = []
    for i, item in enumerate((header or "").split(",")):
        tag, _sep, params = item.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        ranked.append((-weight, i, tag))
    for _w, _i, tag in sorted(ranked):
        try:
            return known(tag)
        except LanguageError:
            continue
    return None


_default = "en"
_localedir: Path = LOCALE_DIR
_current: ContextVar[str | None] = ContextVar("wonders_language", default=None)


def set_language(language: str | None = None, localedir: Path | None = None) -> str:
    """Make ``language`` (chosen as ``choose`` does) this process's default; returns it."""
    global _default, _localedir
    _default = choose(language)
    _localedir = localedir or LOCALE_DIR
    return _default


def language() -> str:
    """The language text is shown in here and now."""
    return _current.get() or _default


@contextmanager
def use_language(language: str | None) -> Iterator[str]:
    """Show text in ``language`` (None: the default) inside the block, in this context only."""
    code = known(language) if language else _default
    token = _current.set(code)
    try:
        yield code
    finally:
        _current.reset(token)


def _translation() -> gettext.NullTranslations:
    return translation(language(), _localedir)


def _(message: str) -> str:
    """``message`` in the player's language."""
    return _translation().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a sentence for ``count``, in the player's language (which may have three)."""
    return _translation().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the player's language, where ``context`` tells which sense it has."""
    return _translation().pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction where it is defined; translate it where it is shown."""
    return message


def every_language(game: str, names: Iterable[str]) -> dict[str, str]:
    """Each of ``game``'s ``names`` in every language, case-folded, to its English name:
    what input (score sheets, ``--wonder``) accepts."""
    out: dict[str, str] = {}
    for code in LANGUAGES:
        table = translation(code, _localedir)
        for english in names:
            out.setdefault(table.pgettext(game, english).casefold(), english)
            out.setdefault(english.casefold(), english)
    return out


def name(game: str, text: str) -> str:
    """A card's, wonder's, leader's or token's printed name in ``game``, in the player's
    language (the catalogues' context for them is the game's name)."""
    return _translation().pgettext(game, text)


with suppress(LanguageError):  # a bad WONDERS_LANG is reported by the commands that read it
    set_language()
