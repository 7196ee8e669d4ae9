"""A golden ``--plain`` screen per language (docs/TRANSLATING.md): the first decisions of a
seeded game in each rulebook's language, 80 columns wide, each with its question, as stored
under snapshots/ (regenerated on purpose with ``WONDERS_REGEN_SNAPSHOTS=1``, then read and
reviewed). Every line is printed whole: at 80 columns a long line is longer, never cut."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import wonders
from tests.cli.pilot import assert_snapshot
from wonders.cli.plain import Question
from wonders.cli.session import Session
from wonders.core import i18n
from wonders.core.registry import get_game

LOCALE = Path(wonders.__file__).resolve().parent / "locale"
DECISIONS = 2


class Enough(Exception):
    """The screens wanted are printed."""


def plain_screens(
    game: str, options: dict[str, Any], language: str, decisions: int = DECISIONS
) -> str:
    console = Console(file=io.StringIO(), width=80, color_system=None)
    asked = 0

    def ask(count: int, question: Question | None = None) -> int:
        nonlocal asked
        asked += 1
        if asked > decisions:
            raise Enough
        assert question is not None
        console.print(question.prompt(count) + "1", soft_wrap=True, highlight=False, markup=False)
        return 1

    with i18n.use_language(language), contextlib.suppress(Enough):
        get_game(game).part("plain").play(Session(game, options, 5, 0, "greedy"), console, ask)
    return console.file.getvalue().rstrip("\n")  # type: ignore[attr-defined,no-any-return]


@pytest.mark.parametrize(
    ("language", "game", "options", "decisions"),
    [
        ("en", "classic", {"players": 3}, DECISIONS),
        # the Russian rulebooks: 7 Wonders, Cities, Duel (its wonder draft, then a turn)
        ("ru", "duel", {}, 3),
        ("pl", "classic", {"players": 3, "expansions": ["leaders"]}, DECISIONS),  # Leaders
        ("uk", "architects", {"players": 3}, DECISIONS),  # the Ukrainian Architects
    ],
)
def test_a_plain_screen_in_each_language(
    language: str, game: str, options: dict[str, Any], decisions: int
) -> None:
    if language != "en":
        compiled = LOCALE / language / "LC_MESSAGES" / "wonders.mo"
        assert compiled.exists(), f"{compiled} is missing: `make build` compiles the catalogues"
    assert_snapshot(f"plain-{game}-{language}", plain_screens(game, options, language, decisions))
