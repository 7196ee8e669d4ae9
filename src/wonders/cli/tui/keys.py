"""The help page: the table's keys, then how the game is played (the game's own ``help``
part, asked of the registry: the table never names a game), then what the game's panels show
(its ``GameView.help``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from wonders.core.i18n import _
from wonders.core.registry import get_game


def keys() -> list[tuple[str, str]]:
    """Each key of the table and what it does."""
    return [
        (_("Up, Down, mouse"), _("move in your choices (each is described beside)")),
        (_("Enter, click"), _("choose (a card first opens the ways to play it)")),
        (_("Esc"), _("back from a card's ways to the list, on the same card")),
        (_("d"), _("the highlighted choice described in full")),
        (_("c"), _("your city in full")),
        (_("o"), _("every city in full")),
        (_("l"), _("the whole log")),
        (_("?"), _("this help")),
        (_("u"), _("take back your last decision (the bots replay theirs)")),
        (_("f"), _("the final scores (once the game is over)")),
        (_("q, Ctrl+C"), _("quit (press it twice mid-game: the game is saved)")),
    ]


def rules(game: str, options: Mapping[str, Any]) -> list[tuple[str, str]]:
    """How ``game`` set up with ``options`` is played, section by section (none if the game
    has no ``help`` part)."""
    info = get_game(game)
    if not info.has("help"):
        return []
    sections: list[tuple[str, str]] = info.part("help")(options)
    return sections


def help_page(game: str, options: Mapping[str, Any], notes: str) -> RenderableType:
    """The whole help page: keys, rules, then the notes on the game's panels."""
    table = Table(box=None, padding=(0, 2, 0, 0), show_header=False)
    table.add_column(no_wrap=True, style="bold")
    table.add_column()
    for key, what in keys():
        table.add_row(key, what)
    parts: list[RenderableType] = [Text(_("Keys"), style="bold underline"), table]
    for title, text in rules(game, options):
        parts += [Text(""), Text(title, style="bold underline"), Text(text)]
    if notes:
        parts += [Text(""), Text(_("On this screen"), style="bold underline"), Text(notes)]
    return Group(*parts)
