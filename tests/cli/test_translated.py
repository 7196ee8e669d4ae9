"""Every line a player reads in ``--plain`` goes through gettext, names included: in the
pseudo-language (every translated letter an accented look-alike, docs/TRANSLATING.md) no
word of plain ASCII letters is left on the screen."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

from wonders.cli.session import Session
from wonders.core import i18n
from wonders.core.registry import get_game

ENGLISH = re.compile(r"(?<![\w{])(?![IVX]+\b)[A-Za-z]{2,}(?![\w}])")  # Ages: II, III


def english_words(out: str) -> list[str]:
    """The plain-ASCII words of ``out``, each with its line."""
    return [
        f"{word!r} in {line.strip()!r}"
        for line in out.splitlines()
        for word in ENGLISH.findall(line)
    ]


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("classic", {"players": 3}),
        ("classic", {"players": 2, "expansions": ["leaders", "cities"]}),
        ("classic", {"players": 4, "expansions": ["cities"], "teams": True}),
        ("duel", {}),
        ("architects", {"players": 3}),
    ],
)
def test_every_plain_line_is_translated(game: str, options: dict[str, Any]) -> None:
    console = Console(file=io.StringIO(), width=3000, color_system=None)
    with i18n.use_language(i18n.PSEUDO):
        front = get_game(game).part("plain")
        front.play(Session(game, options, 3, 0, "random"), console, lambda count: count)
    out: str = console.file.getvalue()  # type: ignore[attr-defined]
    assert "é" in out
    assert english_words(out)[:20] == []
