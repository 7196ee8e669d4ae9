"""How 7 Wonders Duel is played, in a few paragraphs for a help page: the structure of cards,
what a card taken can do, the wonders, the conflict pawn, science and the three victories.

Each section is a title and a paragraph of whole sentences through gettext, plain text. Front
ends ask for it through the registry (the ``help`` part) and show it as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wonders.core.i18n import _

Section = tuple[str, str]


def help_sections(options: Mapping[str, Any]) -> list[Section]:
    """The help for a Duel set up with ``options`` (the first-game wonders change the start)."""
    return [
        structure(),
        taking(),
        wonders(bool(options.get("first_game"))),
        military(),
        science(),
        ending(),
    ]


def wonders(first_game: bool) -> Section:
    if first_game:
        start = _(
            "In this first game each player is dealt the rulebook's four wonders, with no draft."
        )
    else:
        start = _(
            "Before Age I the wonders are drafted: of four wonders on offer the first player "
            "takes one, the other two, and the first player the last one; then the same with "
            "four more, the other player first."
        )
    rest = _(
        "Each of you then holds four wonders, built during the game with a card of the "
        "structure. Only seven wonders are built in all: when the seventh is built, the last "
        "one goes back to the box."
    )
    return (_("The wonders"), " ".join((start, rest)))


def structure() -> Section:
    return (
        _("The structure"),
        _(
            "There are no hands: each Age's cards are laid out on the table in a structure, "
            "some face up and some face down. On your turn you take one card that no other "
            "card covers. A face-down card is turned face up as soon as nothing covers it."
        ),
    )


def taking() -> Section:
    return (
        _("What a card can do"),
        _(
            "The card you take is built in your city, sold, or used to build one of your "
            "wonders. A card is built by paying the coins printed on it and buying every "
            "resource your city lacks from the bank: 2 coins each, plus 1 coin for each of "
            "that resource your rival's brown and grey cards produce. A card is free when your "
            "city already has the card it chains from. A card is sold for 2 coins, plus 1 coin "
            "for each yellow card of your city."
        ),
    )


def military() -> Section:
    return (
        _("The conflict pawn"),
        _(
            "Each shield moves the conflict pawn one space toward your rival's capital. When "
            "it enters a zone with a military token your rival loses 2 or 5 coins, and if it "
            "reaches the capital you win at once. At the end the player on whose side the "
            "pawn stands scores 2, 5 or 10 points."
        ),
    )


def science() -> Section:
    return (
        _("Science and progress tokens"),
        _(
            "Each pair of equal science symbols lets you take one of the progress tokens on "
            "the board; each token is a lasting advantage. Six different science symbols win "
            "the game at once."
        ),
    )


def ending() -> Section:
    return (
        _("Ages and the end"),
        _(
            "When an Age's structure is empty the next Age is laid out, and the player on whose "
            "side the pawn stands chooses who starts it (with the pawn in the centre, the "
            "player who took the last card chooses). Some wonders give another turn at once. "
            "Without a supremacy victory the game ends after Age III: the most points win, "
            "and a tie goes to the most points from blue cards."
        ),
    )
