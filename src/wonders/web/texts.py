"""Card, wonder and token descriptions for the pages: each game's ``texts`` part (its
``describe.page_texts``, from the one module the terminal, ``wonders cards`` and the web
share). Public data only."""

from __future__ import annotations

from functools import cache

from wonders.core.protocol import JSON
from wonders.core.registry import get_game


@cache
def texts(game: str) -> dict[str, JSON]:
    """Every name of ``game``'s data with its plain description (empty if none is known)."""
    info = get_game(game)
    return dict(info.part("texts")()) if info.has("texts") else {}
