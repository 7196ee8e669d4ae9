"""The final score tables' column headings: each score category in words when the terminal
has room, else a short form of at least three letters with a legend below the table (never
a word cut anywhere: "toke" for tokens)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wonders.core.i18n import _


def category_words() -> dict[str, tuple[str, str]]:
    """Each score category of every game: its short heading and its name."""
    return {
        "military": (_("mil"), _("military")),
        "treasury": (_("coin"), _("treasury")),
        "wonder": (_("won"), _("wonder")),
        "wonders": (_("won"), _("wonders")),
        "civilian": (_("civ"), _("civilian")),
        "science": (_("sci"), _("science")),
        "commerce": (_("com"), _("commerce")),
        "guilds": (_("gld"), _("guilds")),
        "leaders": (_("lea"), _("leaders")),
        "cities": (_("cit"), _("cities")),
        "debt": (_("debt"), _("debt")),
        "tokens": (_("tok"), _("progress tokens")),
        "progress": (_("prog"), _("progress tokens")),
        "cat": (_("cat"), _("the cat")),
        "blue": (_("blue"), _("blue cards")),
    }


def headings(
    categories: Sequence[str], full: bool, named: Callable[[str], str]
) -> tuple[list[str], str]:
    """The headings of ``categories`` (in words if ``full``) and the legend of the short
    ones ('' if none is short); a category without words here is the game's (``named``:
    its ``present.category_name``), never its identifier."""
    words = category_words()
    known = [words.get(c) or (named(c), named(c)) for c in categories]
    if full:
        return [name for _short, name in known], ""
    legend = " · ".join(
        _("{short}: {name}").format(short=short, name=name)
        for short, name in known
        if short != name
    )
    return [short for short, _name in known], legend
