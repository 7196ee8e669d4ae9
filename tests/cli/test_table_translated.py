"""Every word of the full-screen table goes through gettext, names included: in the
pseudo-language (every translated letter an accented look-alike, docs/TRANSLATING.md) no
word of plain ASCII letters is left on any screen of a whole game played by keys, on any
page (``?``, ``c``, ``o``, ``l``, ``d``, the final scores), nor in what a roomy terminal
shows more."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console, RenderableType

from tests.cli.pilot import play_by_keys
from tests.cli.test_translated import english_words
from wonders.cli.tui.app import TableApp
from wonders.cli.tui.layout import layout
from wonders.cli.tui.widgets import TextScreen
from wonders.core import i18n

# The footer and the pages' border name keys as the keyboard prints them (Textual writes the
# footer's, and a key's name is the same in every language): "Esc", "Enter", "Tab", "Page
# Up/Down", "Ctrl"; single letters ("c", "q") are no words for ``english_words`` anyway.
KEY_NAMES = {"Esc", "Enter", "Tab", "Page", "Up", "Down", "Ctrl"}

# the steps at which every page is opened (each page key opens its page in place of the one
# open), the quit question asked, then withdrawn by the next choice: the first decision and
# one in the middle of the game; the final scores are the last screen
PAGE_STEPS = (1, 20)
PAGES: list[list[str]] = [
    ["u"],  # nothing to take back yet at the first step: the message says so
    ["question_mark"],
    ["c"],
    ["o"],
    ["l"],
    ["d"],
    ["escape", "q"],
]


@pytest.fixture
def pseudo() -> Iterator[None]:
    # set_language, not use_language: Textual may run the views' code in other threads
    i18n.set_language(i18n.PSEUDO)
    try:
        yield
    finally:
        i18n.set_language("en")


def rendered(body: RenderableType, width: int = 80) -> str:
    """A page's body in full (the screen shows only what fits), as plain text."""
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(body)
    out: str = console.file.getvalue()  # type: ignore[attr-defined]
    return out


def roomy(app: TableApp) -> list[str]:
    """What the panels, pages and final scores show in a 160x50 terminal (wider cells,
    every city, the categories in words)."""
    game = app.game
    room = game.room
    game.room = layout(160, 50, game.top_height)
    try:
        parts: list[RenderableType] = [game.status(), game.city(), game.table(), game.everyone()]
        parts.append(game.city_full())
        if app.table.is_over():
            parts.append(game.final())
        return [rendered(part, 160) for part in parts]
    finally:
        game.room = room


def play(game: str, options: dict[str, Any], seed: int, folder: Path) -> list[str]:
    """Every screen of a whole game played by keys, every page in full at a few steps,
    the final scores in full, then what a roomy terminal shows of the end."""
    shots: list[str] = []
    pending: list[list[str]] = []
    step = 0

    def chooser(app: TableApp) -> list[str]:
        nonlocal step
        step += 1
        if isinstance(app.screen, TextScreen):  # the page open, in full
            shots.append(app.screen.page_title)
            shots.append(rendered(app.screen.body))
        if step in PAGE_STEPS:
            pending.extend(PAGES)
            shots.extend(roomy(app))
        return pending.pop(0) if pending else ["enter"]

    played = play_by_keys(game, options, seed, folder, chooser=chooser)
    shots.append(rendered(played.app.game.final()))  # the final scores in full, 80 columns
    shots.extend(roomy(played.app))
    return played.screens + shots


def leaks(screens: list[str]) -> list[str]:
    """The plain English words of ``screens`` (each with its line, once), but for the keys'
    names."""
    found = (hit for screen in screens for hit in english_words(screen))
    return list(dict.fromkeys(h for h in found if h.split("'")[1] not in KEY_NAMES))


@pytest.mark.parametrize(
    ("game", "options", "seed"),
    [
        ("classic", {"players": 3, "expansions": ["leaders", "cities"]}, 5),
        ("classic", {"players": 2}, 3),
        ("duel", {}, 3),
        ("architects", {"players": 3}, 3),
    ],
    ids=["classic-leaders-cities", "classic-free-city", "duel", "architects"],
)
def test_every_word_of_the_table_is_translated(
    game: str, options: dict[str, Any], seed: int, tmp_path: Path, pseudo: None
) -> None:
    screens = play(game, options, seed, tmp_path)
    assert any("é" in s for s in screens)
    assert leaks(screens)[:40] == []
