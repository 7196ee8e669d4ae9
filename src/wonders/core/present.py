"""What every game's presentation module (``wonders.<game>.present``) builds on: the log
narrator's base, headings, and the few phrases all games share (coins, Ages).

Rules for every word a player reads (docs/ARCHITECTURE.md, "Presentation"):
- whole sentences through gettext, never glued from fragments that a translation could not
  reorder; counts through ``ngettext`` (``coins``), never "(s)";
- the reader is addressed in sentences of their own ("You built {card}", "{who} built
  {card}"), never by putting "you" into a third-person sentence ("you builds");
- Ages as the rulebooks write them: I, II, III (``age_name``);
- plain text: no markup. A line that opens a section of the log (an Age, a draft round) is
  a ``Heading``, which a front end may set apart (the terminal prints it bold).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wonders.core.i18n import _, ngettext
from wonders.core.protocol import JSON, View

ROMAN = {1: "I", 2: "II", 3: "III"}


class Heading(str):
    """A log line that opens a section (an Age, a round): still a plain ``str``."""

    __slots__ = ()


def coins(n: int) -> str:
    """ "1 coin", "2 coins": the one coin count of every game."""
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def age_name(age: Any) -> str:
    """An Age as the rulebooks write it: I, II, III (other values as they are)."""
    return ROMAN.get(age, str(age)) if isinstance(age, int) else str(age)


def upper_first(text: str) -> str:
    """``text`` with its first letter in capitals: a sentence that begins with a name."""
    return text[:1].upper() + text[1:]


def listed(parts: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c": names or things in a sentence."""
    if len(parts) < 2:
        return "".join(parts)
    return _("{first} and {last}").format(first=", ".join(parts[:-1]), last=parts[-1])


def phase_words(phases: Mapping[str, str], phase: Any) -> str:
    """A view's phase in words from a game's ``phases`` (identifier -> ``N_`` words): "" for
    none, an unknown one as its identifier."""
    if not phase:
        return ""
    word = phases.get(str(phase))
    return _(word) if word else str(phase)


def called(seat: int, names: Sequence[str]) -> str:
    """A seat by its name at the table, else "Player N"."""
    return names[seat] if 0 <= seat < len(names) else _("Player {n}").format(n=seat + 1)


def seat_view(seat: int | None) -> View:
    """A view holding only its reader: what a narrator needs to name the seats (a verdict
    told apart from any game's view)."""
    return {"game": "", "seat": seat, "to_move": [], "events": []}


class Narrator:
    """A reader's log in whole sentences; call ``lines`` with the new events each time (a
    narrator may keep what earlier events told it, e.g. who already played this turn).

    ``view`` is the reader's view when the narrator is made (``view["seat"]``: the reader,
    None for a spectator); ``names`` the seats' names at the table (the web's players) or
    None, where each game names seats its own way (the terminal: "Rhodes (your left)",
    "your rival"). The reader's own seat is always addressed as "you"."""

    def __init__(self, view: View, names: Sequence[str] | None = None) -> None:
        self.seat: int | None = view["seat"]
        self.names = list(names) if names is not None else None

    def line(self, event: JSON) -> str | None:
        """One event in words; None for the bookkeeping events a reader need not read."""
        raise NotImplementedError

    def lines(self, events: Sequence[JSON]) -> list[str]:
        out: list[str] = []
        for event in events:
            line = self.line(event)
            if line:
                first = upper_first(line)
                out.append(Heading(first) if isinstance(line, Heading) else first)
        return out

    def name(self, seat: int) -> str:
        """A seat in a third-person sentence: its name at the table, else "player N" (games
        override this to name seats by their wonder or where they sit)."""
        if self.names is not None and 0 <= seat < len(self.names):
            return self.names[seat]
        return _("player {n}").format(n=seat + 1)


def colour_card(colour: str) -> str:
    """A card of ``colour`` in words, for the line that describes it ("brown card")."""
    words = {
        "brown": _("brown card"),
        "grey": _("grey card"),
        "blue": _("blue card"),
        "green": _("green card"),
        "yellow": _("yellow card"),
        "red": _("red card"),
        "purple": _("purple card"),
        "black": _("black card"),
        "white": _("leader (white card)"),
    }
    return words.get(colour, "")
