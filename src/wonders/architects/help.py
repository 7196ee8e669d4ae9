"""How 7 Wonders Architects is played, in a few paragraphs for a help page: the decks, what
each kind of card does, the wonder's stages, progress tokens, the conflict and the end.

Each section is a title and a paragraph of whole sentences through gettext (counts through
``ngettext``), plain text. Front ends ask for it through the registry (the ``help`` part)
and show it as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wonders.architects.scoring import CAT_POINTS, VICTORY_POINTS
from wonders.core.i18n import _, ngettext

Section = tuple[str, str]


def help_sections(options: Mapping[str, Any]) -> list[Section]:
    """The help for a game set up with ``options`` (two players fight differently)."""
    players = int(options.get("players", 3))
    return [decks(players), stages(), science(), conflict(players), ending()]


def decks(players: int) -> Section:
    if players == 2:
        where = _(
            "With two players the two wonders' decks lie between you: both are your left "
            "and your right deck."
        )
    else:
        where = _(
            "Each wonder's deck lies face up between its player and their left neighbour: "
            "the deck on your left is your own wonder's, the one on your right your right "
            "neighbour's."
        )
    turn = _(
        "There are no hands. On your turn you take one card: the top card of the deck on your "
        "left or on your right, which everyone sees, or the top card of the central deck, "
        "face down. The cards you take stay in front of you until you spend them."
    )
    return (_("The decks"), " ".join((turn, where)))


def stages() -> Section:
    return (
        _("Your wonder"),
        _(
            "Grey cards are resources and a yellow card, a gold coin, stands for any "
            "resource. Each stage of your wonder asks for a pattern of resources: 2 "
            "different, 2 equal, 3 different, 3 equal, then 4 different. As soon as your "
            "cards pay for a stage you can build next you must build it, and the cards are "
            "discarded. A stage scores points, and some give an effect at once."
        ),
    )


def science() -> Section:
    return (
        _("Science and progress tokens"),
        _(
            "Green cards are science symbols: 2 equal or 3 different symbols are spent at "
            "once to take a progress token, one of those face up or the top of the stack. A "
            "token is a lasting advantage or points at the end."
        ),
    )


def conflict(players: int) -> Section:
    if players == 2:
        battle = _(
            "In the battle the player with more shields takes a victory token, or two with "
            "at least twice as many shields (and at least 2)."
        )
    else:
        battle = _(
            "In the battle you take a victory token from each neighbour who has fewer "
            "shields than you."
        )
    horns = _(
        "Red cards are shields, and the horns on some of them turn conflict tokens to their "
        "battle side. When the last token turns, a battle is fought at the end of that turn."
    )
    after = _(
        "Then everyone discards their red cards with horns and the tokens turn back to peace."
    )
    worth = ngettext(
        "A victory token is worth {n} point.",
        "A victory token is worth {n} points.",
        VICTORY_POINTS,
    ).format(n=VICTORY_POINTS)
    return (_("The conflict"), " ".join((horns, battle, after, worth)))


def ending() -> Section:
    cat = ngettext(
        "Blue cards are points. A blue card with a cat brings you the cat: while you hold it "
        "you see the top card of the central deck at the start of your turn, and at the end "
        "it is worth {n} point.",
        "Blue cards are points. A blue card with a cat brings you the cat: while you hold it "
        "you see the top card of the central deck at the start of your turn, and at the end "
        "it is worth {n} points.",
        CAT_POINTS,
    ).format(n=CAT_POINTS)
    end = _(
        "The game ends at the end of the turn in which a player completes their wonder. "
        "The most points win; a tie goes to the player with the most stages built."
    )
    return (_("Points and the end"), " ".join((cat, end)))
