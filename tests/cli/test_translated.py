"""Every line a player reads in ``--plain`` goes through the gettext function: under a test
translation that brackets each translated string, nothing is left outside the brackets but
names from the data (cards, wonders, leaders, tokens, resources, symbols) and numbers."""

from __future__ import annotations

import gettext
import importlib
import io
import re
from typing import Any

import pytest
from rich.console import Console

from wonders.architects.cards import catalog as architects_catalog
from wonders.architects.describe import kind_name
from wonders.classic.cards import RESOURCES, SYMBOLS, catalog_for
from wonders.cli import architects_words, duel_words
from wonders.cli.duel_words import short_names
from wonders.cli.session import Session
from wonders.core import i18n
from wonders.duel.cards import RESOURCES as DUEL_RESOURCES
from wonders.duel.cards import catalog as duel_catalog
from wonders.duel.city import card_facts

INNERMOST = re.compile(r"⟦[^⟦⟧]*⟧")
LAYOUT = re.compile(r"[\s\d│┃┏┓┗┛┡┩━─┳┻╇┼╋┣┫└┘┌┐├┤┬┴╭╮╯╰═║·•✓→◆\-+=:;,.()/*?#%≈\[\]'…]+")


class Marking(gettext.NullTranslations):
    """Brackets every translated string."""

    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"⟦{msgid1 if n == 1 else msgid2}⟧"


def data_names() -> list[str]:
    """Every name that comes from the data files, longest first."""
    classic = catalog_for(["leaders", "cities"])
    names = {c.name for c in (*classic.cards, *classic.leaders)}
    names |= {w.name for w in classic.wonders} | set(RESOURCES) | set(SYMBOLS)
    duel = duel_catalog()
    names |= set(card_facts()) | {w.name for w in duel.wonders} | {t.name for t in duel.tokens}
    names |= set(DUEL_RESOURCES) | {"law"}
    for width in (7, 8, 11, 12):  # the structure's shortened names
        names |= set(short_names(width).values())
    arch = architects_catalog()
    names |= {w.name for w in arch.wonders} | {t.name for t in arch.tokens}
    names |= {kind_name(k) for k in arch.kinds.values()} | set(arch.kinds)
    return sorted(names, key=len, reverse=True)


def untranslated(out: str) -> list[str]:
    """What is left of each line outside the brackets, data names and numbers."""
    names = data_names()
    left = []
    for line in out.splitlines():
        while INNERMOST.search(line):
            line = INNERMOST.sub(" ", line)
        for name in names:
            line = line.replace(name, " ")
        line = LAYOUT.sub(" ", line).strip()
        for side in ("A", "B", "x", "c", "sh"):  # board sides, "x2" counts, "3c 2sh"
            line = re.sub(rf"(?<!\w){side}(?!\w)", " ", line).strip()
        if line:
            left.append(line)
    return left


def clear_text_caches() -> None:
    """Forget the descriptions cached in the player's language (it changes only here)."""
    for module in (architects_words, duel_words):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()


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
def test_every_plain_line_is_translated(
    game: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    monkeypatch.setattr(i18n, "_translation", Marking())
    clear_text_caches()  # texts made under the other language
    console = Console(file=io.StringIO(), width=3000, color_system=None)
    front = importlib.import_module(f"wonders.cli.{game}_front")
    front.play(Session(game, options, 3, 0, "random"), console, lambda count: count)
    out: str = console.file.getvalue()  # type: ignore[attr-defined]
    assert "⟦" in out
    clear_text_caches()
    assert sorted(set(untranslated(out))) == []
