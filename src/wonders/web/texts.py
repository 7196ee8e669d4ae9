"""Card, wonder and token descriptions for the pages: each game's ``texts`` part (its
``describe.page_texts``, from the one module the terminal, ``wonders cards`` and the web
share), in the visitor's language. Public data only.

Each entry is keyed by the data's English identifier (what views and actions carry) and has
``name``: the printed name in the visitor's language (a card face's ``label`` where the game
gives one, as Architects' cards), besides its ``text`` and what else the game gives."""

from __future__ import annotations

from functools import cache

from wonders.core.i18n import language, name, use_language
from wonders.core.protocol import JSON
from wonders.core.registry import get_game


def texts(game: str, lang: str | None = None) -> dict[str, JSON]:
    """Every name of ``game``'s data with its printed name and plain description, in
    ``lang`` (None: the language of the current context)."""
    return _texts(game, lang or language())


@cache
def _texts(game: str, lang: str) -> dict[str, JSON]:
    info = get_game(game)
    if not info.has("texts"):
        return {}
    with use_language(lang):
        out: dict[str, JSON] = {}
        for key, entry in dict(info.part("texts")()).items():
            shown = dict(entry)
            shown["name"] = str(entry.get("label") or name(game, key))
            out[key] = shown
        return out
