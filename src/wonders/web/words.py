"""The game log in plain words for the web page: each game's own narrator (its
``present.Log``, the same sentences as the terminal's), with the table's names for the
seats, made from the events of a seat's view only (already redacted by the engine: a card
sold or buried face down by another seat is not in them)."""

from __future__ import annotations

from wonders.core.present import Narrator
from wonders.core.protocol import View
from wonders.core.registry import get_game


def log(game: str, view: View, reader: int | None, names: list[str], last: int = 200) -> list[str]:
    """The last ``last`` lines of the log of ``view`` (its events) as ``reader`` (the view's
    seat; None: a spectator) reads it; seats are called by ``names``."""
    narrator: Narrator = get_game(game).part("narrator")({**view, "seat": reader}, names)
    return narrator.lines(view.get("events", []))[-last:]
