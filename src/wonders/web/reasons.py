"""Why something on offer cannot be done, in plain words, from the game's ``advice`` part
(its ``advice.py``: pure functions of the seat's view): why a card cannot be built (7 Wonders'
hand, Duel's structure), shown under the card where the build button would be, and the notes
a decision needs besides (7 Wonders: why the next wonder stage cannot be built)."""

from __future__ import annotations

from typing import Any

from wonders.core.protocol import JSON, View
from wonders.core.registry import get_game


def _advice(game: str) -> Any:
    info = get_game(game)
    return info.part("advice") if info.has("advice") else None


def unbuildable(game: str, view: View, legal: list[JSON]) -> dict[str, str]:
    """Card name -> why no legal action builds it; empty for a game without the advice."""
    explain = getattr(_advice(game), "unbuildable", None)
    return dict(explain(view, legal)) if explain is not None else {}


def notes(game: str, view: View, legal: list[JSON]) -> list[str]:
    """What the seat cannot do now besides its cards (its next wonder stage), in sentences."""
    stage = getattr(_advice(game), "stage_why_not", None)
    text = stage(view, legal) if stage is not None else ""
    return [text] if text else []
