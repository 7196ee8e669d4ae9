"""What the full-screen table and ``--plain`` show of 7 Wonders Duel beside the words of
``wonders.duel.present`` (the log, each decision and each action, shared with the web): the
descriptions of cards, wonders and tokens at hand, the seats, the structure's short names."""

from __future__ import annotations

from wonders.core.i18n import _, language
from wonders.duel import describe
from wonders.duel.city import card_facts
from wonders.duel.present import seat_name

_TEXTS: dict[str, dict[str, str]] = {}


def texts() -> dict[str, str]:
    """Every card, wonder and progress token's plain description, by name, in the reader's
    language (made once per language)."""
    code = language()
    if code not in _TEXTS:
        _TEXTS[code] = describe.texts()
    return _TEXTS[code]


def who(p: int, seat: int) -> str:
    """A seat in the terminal's tables: "you" or as the log names it ("your rival")."""
    return _("you") if p == seat else seat_name(p, seat, None)


def short_names(width: int) -> dict[str, str]:
    """Each Duel card's printed name (by its English name) in at most ``width`` characters,
    all different: the name itself when it fits, else its first word cut, a space and the
    other words' initials ("Lumber Y"), or the cut word and a dot ("Brickya.")."""
    out: dict[str, str] = {}
    for english in sorted(card_facts()):
        name = describe.printed(english)
        words = name.split()
        if len(name) <= width:
            short = name
        elif len(words) > 1:
            rest = "".join(w[0].upper() for w in words[1:])
            short = words[0][: width - len(rest) - 1] + " " + rest
        else:
            short = name[: width - 1] + "."
        n = 2
        base = short
        while short in out.values():
            short = base[: width - len(str(n))] + str(n)
            n += 1
        out[english] = short
    return out
