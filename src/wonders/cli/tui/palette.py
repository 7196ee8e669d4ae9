"""The table's colours, and each card colour in words.

Every colour the table writes text in is an RGB colour chosen for a contrast of at least
4.5:1 (WCAG AA) against the backgrounds it is drawn on: the screen, the choice list and its
highlighted line (``CURSOR``, set in the app's CSS); tests/cli/test_table_screen.py checks
both the colours and what the screens really draw. Brown and grey cards differ in hue (brown
is a warm tan, grey a neutral grey), black cards are dark letters on a light chip, and the
card's colour is also written in words wherever the card is described
(``wonders.core.present.colour_card``), so
no colour is told by hue alone.
"""

from __future__ import annotations

# the highlighted choice's background (a dark blue, against which every colour below reads)
CURSOR = "#2a3b52"

CARD = {
    "brown": "#d99a5e",
    "grey": "#bebebe",
    "blue": "#7db3ff",
    "green": "#6cd46c",
    "yellow": "#ebd35b",
    "red": "#ff8080",
    "purple": "#d69cff",
    "black": "bold #101010 on #a8a8a8",
    "white": "bold #ffffff",
}
WONDER = "bold #5ed5d5"  # wonder names
BUILT = "#6cd46c"  # a wonder stage built
TOKEN = "#9be39b"  # progress tokens
WARNING = "#ffb347"  # why a card cannot be built
MUTED = "#aaaaaa"  # far decks, face-down cards, the structure's legend

# the other colours a view may name (an Architects card face, a Duel card's points at the end)
OTHER = {"wonder": WONDER, "token": TOKEN}


def card_style(colour: str) -> str:
    """The style of a card's name of ``colour`` (a wonder's or token's too; '' if none)."""
    return CARD.get(colour, OTHER.get(colour, ""))


def every_style() -> list[str]:
    """Every style of this palette that colours text (the tests check their contrast)."""
    return [*CARD.values(), WONDER, BUILT, TOKEN, WARNING, MUTED]
