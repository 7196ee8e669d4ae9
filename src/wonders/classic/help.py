"""How 7 Wonders is played, in a few paragraphs for a help page: the base game, then the
2-player Free City, Leaders, Cities and the team game when the setup options include them.

Each section is a title and a paragraph of whole sentences through gettext (counts through
``ngettext``), plain text. Front ends ask for it through the registry (the ``help`` part)
and show it as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wonders.classic.cities import CITIES_HAND_SIZE
from wonders.classic.leaders import LEADER_SELL_COINS, LEADERS_COINS, LEADERS_DEALT
from wonders.classic.turn import HAND_SIZE, SELL_COINS, TURNS_PER_AGE
from wonders.core.i18n import _, ngettext

Section = tuple[str, str]


def help_sections(options: Mapping[str, Any]) -> list[Section]:
    """The help for a game set up with ``options`` (players, expansions, teams)."""
    expansions = options.get("expansions") or []
    players = int(options.get("players", 3))
    sections = [turn(), building(), colours(), ending()]
    if players == 2:
        sections.append(free_city())
    if "leaders" in expansions:
        sections.append(leaders())
    if "cities" in expansions:
        sections += [cities(players), debt()]
    if options.get("teams"):
        sections.append(teams())
    return sections


def turn() -> Section:
    return (
        _("A turn"),
        _(
            "7 Wonders is played in three Ages of {turns} turns. Each player starts an Age "
            "with a hand of {cards} cards. Every turn everyone chooses one card of their hand "
            "at the same time, then the hands pass: to the left in Ages I and III, to the "
            "right in Age II. The last card of each hand is discarded at the end of the Age."
        ).format(turns=TURNS_PER_AGE, cards=HAND_SIZE),
    )


def building() -> Section:
    return (
        _("What a card can do"),
        ngettext(
            "The card you choose is built in your city, used to build the next stage of your "
            "wonder (paying the stage's cost), or sold for {n} coin. A card is built by paying "
            "its cost: its coins go to the bank, and each resource comes from your city or is "
            "bought from a neighbour who produces it, for 2 coins (1 coin with a trading post "
            "or the Marketplace). A card is free when your city already has the card it chains "
            "from. A city never builds two cards of the same name.",
            "The card you choose is built in your city, used to build the next stage of your "
            "wonder (paying the stage's cost), or sold for {n} coins. A card is built by paying "
            "its cost: its coins go to the bank, and each resource comes from your city or is "
            "bought from a neighbour who produces it, for 2 coins (1 coin with a trading post "
            "or the Marketplace). A card is free when your city already has the card it chains "
            "from. A city never builds two cards of the same name.",
            SELL_COINS,
        ).format(n=SELL_COINS),
    )


def colours() -> Section:
    return (
        _("The colours of the cards"),
        _(
            "Brown cards produce raw materials (wood, stone, clay, ore) and grey cards "
            "manufactured goods (glass, loom, papyrus). Blue cards are victory points. Yellow "
            "cards bring coins, cheaper trade or, in Age III, points. Red cards are shields. "
            "Green cards are science symbols. Purple cards, the guilds of Age III, score for "
            "what you or your neighbours built."
        ),
    )


def ending() -> Section:
    return (
        _("Conflicts and the end"),
        _(
            "At the end of each Age your shields are compared with each neighbour's: more "
            "shields win 1, 3 or 5 points in Ages I, II and III, fewer shields lose 1 point, "
            "a tie gives nothing. After Age III each city scores its conflicts, 1 point for "
            "every 3 coins, its wonder stages, its blue, yellow and purple cards, and its "
            "science: each kind of symbol scores the square of its count, and each set of "
            "three different symbols 7 more points. The most points win; a tie goes to the "
            "most coins."
        ),
    )


def free_city() -> Section:
    return (
        _("Two players: the Free City"),
        _(
            "With two players a third city, the Free City, sits between you and your rival. "
            "Each turn one of you, in turn, adds the top card of its deck to their hand, plays "
            "their own card, then chooses the Free City's card from the rest of that hand. "
            "The Free City trades and fights like any city and scores, but it does not rank."
        ),
    )


def leaders() -> Section:
    return (
        _("Leaders"),
        ngettext(
            "Everyone starts with {coins} coins and {dealt} leaders. Before Age I the leaders "
            "are drafted: keep one and pass the others to your right, until the last one left "
            "joins your hand. Each Age begins with one more turn, the recruitment: play one "
            "leader of your hand by paying its cost in coins to the bank (the leader then acts "
            "from now on, or scores at the end), by building your next wonder stage with it, or "
            "by selling it for {sell} coin. In Age III the leader you do not play goes back to "
            "the box.",
            "Everyone starts with {coins} coins and {dealt} leaders. Before Age I the leaders "
            "are drafted: keep one and pass the others to your right, until the last one left "
            "joins your hand. Each Age begins with one more turn, the recruitment: play one "
            "leader of your hand by paying its cost in coins to the bank (the leader then acts "
            "from now on, or scores at the end), by building your next wonder stage with it, or "
            "by selling it for {sell} coins. In Age III the leader you do not play goes back "
            "to the box.",
            LEADER_SELL_COINS,
        ).format(coins=LEADERS_COINS, dealt=LEADERS_DEALT, sell=LEADER_SELL_COINS),
    )


def cities(players: int) -> Section:
    if players >= 8:
        hands = _(
            "With eight players hands keep 7 cards and an Age 6 turns, from the base game's "
            "cards for seven players."
        )
    else:
        hands = ngettext(
            "Hands have {n} card, and an Age lasts one turn more; the last card of each hand "
            "is discarded.",
            "Hands have {n} cards, and an Age lasts one turn more; the last card of each hand "
            "is discarded.",
            CITIES_HAND_SIZE,
        ).format(n=CITIES_HAND_SIZE)
    cards = _(
        "Black cards bring coins, points, shields, diplomacy and masks (a mask copies the "
        "symbol of a neighbour's green card at the end), and some make every other city lose "
        "coins. A diplomacy token keeps your city out of the next conflicts: the cities beside "
        "it fight each other instead."
    )
    return (
        _("Cities: the black cards"),
        " ".join((_("Each Age adds black cards to the deck."), hands, cards)),
    )


def debt() -> Section:
    return (
        _("Cities: debt"),
        _(
            "When a card makes your city lose coins you choose how many of them to pay. Each "
            "coin you do not pay is a debt token: 1 point less at the end, never repaid. A "
            "city without coins takes the whole loss as debt."
        ),
    )


def teams() -> Section:
    return (
        _("The team game"),
        _(
            "You play in a team of two with one of your neighbours. Teammates see each other's "
            "hands and leaders, and the cards the other sold or buried. You fight only your "
            "other neighbour, and the tokens of that conflict count twice. A team's score is "
            "the sum of its two players' scores; teams rank by that total, then by their coins."
        ),
    )
