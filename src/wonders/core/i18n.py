"""The one gettext function for every string a player reads.

Front ends, booklets and messages write ``_("text")`` (and ``ngettext`` for counts); card,
wonder and token names come from the data files. Translations into the rulebooks' languages
(ru, pl, uk) go in ``wonders/locale/<lang>/LC_MESSAGES/wonders.mo``, extracted with the
keywords ``_`` and ``ngettext``. With no catalogue for the language, text comes back as written.
The language is ``WONDERS_LANG`` if set, else gettext's usual LANGUAGE / LC_ALL / LANG.
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path

DOMAIN = "wonders"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_translation: gettext.NullTranslations = gettext.NullTranslations()


def set_language(language: str | None = None, localedir: Path | None = None) -> None:
    """Use ``language`` (None: the environment's); an unknown language leaves English."""
    global _translation
    wanted = language or os.environ.get("WONDERS_LANG")
    _translation = gettext.translation(
        DOMAIN,
        localedir=localedir or LOCALE_DIR,
        languages=[wanted] if wanted else None,
        fallback=True,
    )


def _(message: str) -> str:
    """``message`` in the player's language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for ``count``, in the player's language."""
    return _translation.ngettext(singular, plural, count)


set_language()
