"""Why a card on offer cannot be built, in plain words, for the games whose ``advice`` module
can tell from the seat's view (7 Wonders' hand, Duel's structure): the table page shows it
under the card, where the build button would be."""

from __future__ import annotations

import importlib
from typing import Any

from wonders.core.protocol import JSON


def unbuildable(game: str, view: JSON, legal: list[JSON]) -> dict[str, str]:
    """Card name -> why no legal action builds it; empty for a game without the advice."""
    try:
        advice: Any = importlib.import_module(f"wonders.{game}.advice")
    except ImportError:
        return {}
    explain = getattr(advice, "unbuildable", None)
    return dict(explain(view, legal)) if explain is not None else {}
