"""The words around each game's board on the page: ``static/games.js`` draws the board from
the view's numbers and identifiers and shows only these (it holds no word of a game).

``board_words(game, view, reader, names)`` is made with every state message, from the
reader's view only (so it tells nothing the view does not), in the reader's language:
whole sentences and headings through gettext, counts through ``ngettext``, printed names
(``wonders.core.i18n.name``); a ``{field}`` left in a phrase is where the page puts
elements (a row of card chips, a drawn cost). The seats are called by their names at the
table, the reader "you" in phrases of their own. ``names``: the words of identifiers an
action may carry that are no card of the data (Architects' token stack).

The words are each game's, in its ``board`` part (``wonders.<game>.board``: ``PHASES``
and ``board_words(view, reader, names)``); a game without one gets ``{}``
and the page shows its view bare.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wonders.core.present import phase_words
from wonders.core.protocol import JSON, View
from wonders.core.registry import get_game, registered


def phases() -> dict[str, str]:
    """Every game's phases, "game:phase" to its (untranslated) words."""
    out: dict[str, str] = {}
    for game in registered():
        if game.has("board"):
            out.update({f"{game.name}:{k}": v for k, v in game.part("board").PHASES.items()})
    return out


def phase_name(game: str, phase: Any) -> str:
    """A phase of ``game`` in words ("" for none; an unknown one: its identifier)."""
    info = get_game(game)
    return phase_words(info.part("board").PHASES if info.has("board") else {}, phase)


def category_names(game: str, categories: Sequence[str]) -> dict[str, str]:
    """Each score category's heading, from the game's presentation module."""
    present = get_game(game).part("present")
    named = getattr(present, "category_name", None)
    return {c: str(named(c)) if named is not None else c for c in categories}


def board_words(game: str, view: View, reader: int | None, names: Sequence[str]) -> JSON:
    """The words of ``game``'s board for ``reader`` (None: a spectator), from ``view``."""
    info = get_game(game)
    if not info.has("board"):
        return {}
    words: JSON = info.part("board").board_words(view, reader, names)
    return words
