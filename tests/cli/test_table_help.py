"""The help page of every game (issue 34): the table's keys, then how the game set up is
played, in the words of the game's own ``help`` module, asked of the registry."""

from __future__ import annotations

import asyncio
import importlib
import os
import re
from pathlib import Path
from typing import Any

import pytest

from wonders.cli.session import Session
from wonders.cli.tui import make_app
from wonders.core.registry import game_names, get_game

TUI = Path(__file__).resolve().parents[2] / "src" / "wonders" / "cli" / "tui"


def help_text(game: str, options: dict[str, Any]) -> str:
    """The help page's text as the table renders it, lines joined."""

    async def run() -> str:
        app = make_app(Session(game, options, 3, 0, "random"), Path(os.devnull))
        async with app.run_test(size=(80, 400)) as pilot:  # tall: the whole page shows
            await pilot.pause()
            await pilot.press("question_mark")
            await pilot.pause()
            return app.screen_text()

    return " ".join(asyncio.run(run()).replace("│", " ").split())


CASES = [
    (
        "classic",
        {"players": 3},
        ["hands pass", "sold for 3 coins", "chains from", "Brown cards", "grey cards"],
        ["Leaders", "black card", "debt"],
    ),
    (
        "classic",
        {"players": 3, "expansions": ["leaders"]},
        ["Leaders", "leaders are drafted", "recruitment", "paying its cost in coins"],
        ["debt"],
    ),
    (
        "classic",
        {"players": 4, "expansions": ["cities"], "teams": True},
        ["black cards", "debt token", "diplomacy token", "team of two", "sum of its two"],
        ["leaders are drafted"],
    ),
    (
        "classic",
        {"players": 8, "expansions": ["leaders", "cities"]},
        ["With eight players", "recruitment", "debt"],
        ["team of two"],
    ),
    ("classic", {"players": 2}, ["the Free City", "does not rank"], ["black cards"]),
    (
        "duel",
        {},
        ["structure", "no other card covers", "progress token", "capital", "drafted"],
        ["hand card", "hands pass", "your hand"],
    ),
    ("duel", {"first_game": True}, ["rulebook's four wonders", "structure"], ["drafted"]),
    (
        "architects",
        {"players": 4},
        ["central deck", "deck on your left", "gold coin", "progress token", "the cat"],
        ["hand card", "hands pass", "your hand"],
    ),
    ("architects", {"players": 2}, ["With two players", "twice as many"], ["hand card"]),
]


@pytest.mark.parametrize(("game", "options", "says", "never"), CASES)
def test_the_help_explains_the_game_as_it_is_set_up(
    game: str, options: dict[str, Any], says: list[str], never: list[str]
) -> None:
    """Report: help covered only the base game, and told Duel and Architects of "a hand
    card"."""
    page = help_text(game, options)
    assert "Keys" in page and "Esc" in page
    for words in says:
        assert words in page, words
    for words in never:
        assert words not in page, words
    for title, text in get_game(game).part("help")(options):  # the game's words, whole
        assert title in page and " ".join(text.split()) in page


def test_each_game_has_its_help_in_its_own_package() -> None:
    for name in game_names():
        part = get_game(name).part("help")
        assert part.__module__ == f"wonders.{name}.help"
        sections = part({})
        assert sections and all(title and text.endswith(".") for title, text in sections)


def test_the_help_sentences_go_through_gettext(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every sentence of each game's help comes out of ``_`` or ``ngettext``: with both
    marking what they return, nothing unmarked is left."""
    for name in game_names():
        module = importlib.import_module(f"wonders.{name}.help")
        monkeypatch.setattr(module, "_", lambda text: f"<{text}>")
        if hasattr(module, "ngettext"):
            monkeypatch.setattr(module, "ngettext", lambda s, p, n: f"<{s if n == 1 else p}>")
        options: dict[str, Any] = {"players": 2, "expansions": ["leaders", "cities"]}
        for title, text in module.help_sections({**options, "teams": True, "first_game": True}):
            for part in (title, text):
                outside = re.sub(r"<[^<>]*>", "", part).strip()
                assert outside == "", (name, part)


def test_the_table_never_names_a_game() -> None:
    """The table asks the registry for a game's parts (its view, its help): none of its
    modules branches on a game's name."""
    for path in TUI.glob("*.py"):
        source = path.read_text()
        for name in game_names():
            assert f'"{name}"' not in source and f"'{name}'" not in source, (path, name)
