"""A small gettext catalogue (.mo) written for a test, from {msgid: msgstr}; a key
"context\\x04msgid" is an entry with a context, as gettext stores them; the "" key (a
header) is ignored: Babel writes its own, in UTF-8."""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo as babel_write_mo


def write_mo(path: Path, catalogue: dict[str, str]) -> None:
    made = Catalog(charset="utf-8")
    for key, text in catalogue.items():
        if not key:
            continue
        context, _sep, msgid = key.rpartition("\x04")
        made.add(msgid, text, context=context or None)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        babel_write_mo(out, made)
