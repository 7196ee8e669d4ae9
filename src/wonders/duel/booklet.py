"""The score booklet for a game of 7 Wonders Duel played at a real table.

Input: what each player has at the end of the game, and where the conflict pawn stands::

    {"game": "duel",
     "players": [{"name": "Ann", "cards": ["Baths", "Palace", "Apothecary"],
                  "counts": {"brown": 3, "grey": 1}, "wonders": ["The Pyramids"],
                  "tokens": ["Agriculture"], "coins": 9},
                 {"name": "Bob", ...}],
     "military": {"leader": "Ann", "spaces": 4}}

``cards`` names the player's buildings; ``counts`` may give, instead of names, how many
brown, grey or red cards the player has (those score no points of their own, but the guilds
count them). ``wonders`` are the wonders the player built, ``tokens`` their progress
tokens: every name, of a card, a wonder or a token, may be written in any of the game's
languages (English, Russian, Polish, Ukrainian), in any case. ``military`` is how many
spaces the conflict pawn stands from the centre towards the capital of the player who is
not ``leader`` (left out: the pawn is in the centre). Every key but ``name`` may be left
out (none).

A supremacy ends the game at once and wins it: the pawn in a capital (``spaces`` 9) is a
military supremacy, 6 different science symbols in a city (green cards and the Law token) a
scientific one. Otherwise the civilian count decides: the score pad's categories (military,
blue, green, yellow, purple, wonders, progress tokens, coins: 1 per 3), most points win,
a tie goes to the most blue points, and a tie on both is a shared victory.

Output (``score_sheet``): ``victory`` (civilian, military or science), ``winners`` (names)
and per player in input order name, total, rank and the pad's categories. A sheet that
cannot be (a card or wonder twice, more than 4 wonders a player or 7 in all, more cards of
a colour than the game has, a pawn beyond the capital) is an ``InputError`` naming it, in
the reader's language; an unknown name comes with the names closest to it.
"""

from __future__ import annotations

import difflib
from collections import Counter
from typing import Any

from wonders.core.errors import InputError
from wonders.core.i18n import LANGUAGES, N_, _, every_language, ngettext, use_language
from wonders.core.protocol import rank_players
from wonders.core.sheets import check_unique_names
from wonders.duel.cards import catalog
from wonders.duel.city import City
from wonders.duel.describe import printed
from wonders.duel.military import CAPITAL, MilitaryTrack
from wonders.duel.scoring import score_city
from wonders.duel.state import SUPREMACY_SYMBOLS

KEYS = ("name", "cards", "counts", "wonders", "tokens", "coins")
SHEET_KEYS = ("game", "players", "military")
COUNTED_COLOURS = ("brown", "grey", "red")  # no points of their own: a count is enough
WONDERS_EACH = 4  # each player drafts four wonders
WONDERS_BUILT = 7  # the seventh built wonder sends the last one back to the box
# the score pad's columns, and the engine's category for each
PAD = {
    "military": "military",
    "blue": "civilian",
    "green": "science",
    "yellow": "commerce",
    "purple": "guilds",
    "wonders": "wonders",
    "tokens": "tokens",
    "coins": "treasury",
}
# the pad's columns in words (the output's keys stay these identifiers)
PAD_NAMES = {
    "military": N_("military"),
    "blue": N_("blue"),
    "green": N_("green"),
    "yellow": N_("yellow"),
    "purple": N_("purple"),
    "wonders": N_("wonders"),
    "tokens": N_("tokens"),
    "coins": N_("coins"),
}
CLOSE = 3  # the close matches an unknown name's error offers


def column_name(column: str) -> str:
    """A column of the score pad (a key of ``breakdown``) in the reader's language."""
    return _(PAD_NAMES[column])


def score_sheet(sheet: Any) -> dict[str, Any]:
    """Score a finished real-table Duel game (see the module doc for the format)."""
    players = _players(sheet)
    names = Names()
    owned, cities = [], []
    for p in players:  # each player's sheet checked in turn
        owned.append(_owned(p, names))
        cities.append(_city(p, owned[-1]))
    _check_supply(players, owned)
    leader, spaces = _military(sheet, players)
    pawn = MilitaryTrack(position=spaces if leader == 0 else -spaces)
    parts = [score_city(cities[i], cities, pawn.points(i)) for i in range(2)]
    breakdowns = [{pad: part[category] for pad, category in PAD.items()} for part in parts]
    totals = [sum(b.values()) for b in breakdowns]
    victory, winner = _supremacy(players, cities, leader, spaces)
    if winner is None:
        ranks = rank_players([(totals[i], breakdowns[i]["blue"]) for i in range(2)])
    else:
        ranks = [1 if i == winner else 2 for i in range(2)]
    return {
        "victory": victory,
        "winners": [p["name"] for i, p in enumerate(players) if ranks[i] == 1],
        "players": [
            {"name": p["name"], "total": totals[i], "rank": ranks[i], "breakdown": breakdowns[i]}
            for i, p in enumerate(players)
        ],
    }


def _players(sheet: Any) -> list[dict[str, Any]]:
    if not isinstance(sheet, dict):
        raise InputError(_("a score sheet must be a JSON object with 'game' and 'players'"))
    unknown = sorted(set(sheet) - set(SHEET_KEYS))
    if unknown:
        raise InputError(
            ngettext(
                "the score sheet has an unknown key {keys}; known: {known}",
                "the score sheet has unknown keys {keys}; known: {known}",
                len(unknown),
            ).format(keys=_quoted(unknown), known=", ".join(SHEET_KEYS))
        )
    if sheet.get("game") != "duel":
        raise InputError(_("game must be 'duel', got {game}").format(game=repr(sheet.get("game"))))
    players = sheet.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise InputError(_("players must be a list of the two players"))
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            raise InputError(_("player {n} must be a JSON object with a name").format(n=i + 1))
        name = p.get("name")
        if not isinstance(name, str) or not name.strip():
            raise InputError(
                _("player {n}: name must be a non-empty string, got {name}").format(
                    n=i + 1, name=repr(name)
                )
            )
        extra = sorted(set(p) - set(KEYS))
        if extra:
            raise InputError(
                ngettext(
                    "{who}: unknown key {keys}; known: {known}",
                    "{who}: unknown keys {keys}; known: {known}",
                    len(extra),
                ).format(who=name, keys=_quoted(extra), known=", ".join(KEYS))
            )
    check_unique_names(p["name"] for p in players)
    return players


def _quoted(keys: list[str]) -> str:
    return ", ".join(repr(k) for k in keys)


class Names:
    """The cards', wonders' and tokens' names a sheet may use: each in every language of
    the game, case-folded, to its English name (``every_language``)."""

    def __init__(self) -> None:
        cat = catalog()
        self.cards = every_language("duel", [c.name for c in cat.cards])
        self.wonders = every_language("duel", [w.name for w in cat.wonders])
        self.tokens = every_language("duel", [t.name for t in cat.tokens])


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _close(name: str, known: dict[str, str]) -> list[str]:
    """The known names closest to ``name``, as written in the language they match."""
    out: list[str] = []
    for key in difflib.get_close_matches(_key(name), list(known), n=CLOSE * 4):
        english = known[key]
        shown = english
        for code in LANGUAGES:
            with use_language(code):
                if printed(english).casefold() == key:
                    shown = printed(english)
                    break
        if shown not in out:
            out.append(shown)
    return out[:CLOSE]


def _unknown_card(who: str, name: str, known: dict[str, str]) -> InputError:
    close = _close(name, known)
    if close:
        text = _("{who}: unknown card {name}; did you mean {close}?")
    else:
        text = _("{who}: unknown card {name}")
    return InputError(text.format(who=who, name=repr(name), close=", ".join(close)))


def _unknown_wonder(who: str, name: str, known: dict[str, str]) -> InputError:
    close = _close(name, known)
    if close:
        text = _("{who}: unknown wonder {name}; did you mean {close}?")
    else:
        text = _("{who}: unknown wonder {name}; wonders: {every}")
    every = ", ".join(printed(w.name) for w in catalog().wonders)
    return InputError(text.format(who=who, name=repr(name), close=", ".join(close), every=every))


def _unknown_token(who: str, name: str, known: dict[str, str]) -> InputError:
    close = _close(name, known)
    if close:
        text = _("{who}: unknown progress token {name}; did you mean {close}?")
    else:
        text = _("{who}: unknown progress token {name}; tokens: {every}")
    every = ", ".join(printed(t.name) for t in catalog().tokens)
    return InputError(text.format(who=who, name=repr(name), close=", ".join(close), every=every))


def _names(p: dict[str, Any], key: str) -> list[str]:
    value = p.get(key, [])
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise InputError(
            _("{who}: {key} must be a list of names, got {value}").format(
                who=p["name"], key=key, value=repr(value)
            )
        )
    return value


def _owned(p: dict[str, Any], names: Names) -> dict[str, list[str]]:
    """The player's cards, wonders and tokens by their English names, each known and once."""
    who = p["name"]
    coins = p.get("coins", 0)
    if not isinstance(coins, int) or isinstance(coins, bool) or coins < 0:
        raise InputError(
            _("{who}: coins must be a whole number, 0 or more, got {coins}").format(
                who=who, coins=repr(coins)
            )
        )
    cards: list[str] = []
    for name in _names(p, "cards"):
        card = names.cards.get(_key(name))
        if card is None:
            raise _unknown_card(who, name, names.cards)
        if card in cards:
            raise InputError(
                _("{who}: {card} is listed twice (there is one of each card)").format(
                    who=who, card=printed(card)
                )
            )
        cards.append(card)
    built = _names(p, "wonders")
    if len(built) > WONDERS_EACH:
        raise InputError(
            ngettext(
                "{who}: {n} wonder, but each player has {most}",
                "{who}: {n} wonders, but each player has {most}",
                len(built),
            ).format(who=who, n=len(built), most=WONDERS_EACH)
        )
    wonders: list[str] = []
    for name in built:
        wonder = names.wonders.get(_key(name))
        if wonder is None:
            raise _unknown_wonder(who, name, names.wonders)
        if wonder in wonders:
            raise InputError(
                _("{who}: {wonder} is listed twice").format(who=who, wonder=printed(wonder))
            )
        wonders.append(wonder)
    tokens: list[str] = []
    for name in _names(p, "tokens"):
        token = names.tokens.get(_key(name))
        if token is None:
            raise _unknown_token(who, name, names.tokens)
        if token in tokens:
            raise InputError(
                _("{who}: {token} is listed twice").format(who=who, token=printed(token))
            )
        tokens.append(token)
    return {"cards": cards, "wonders": wonders, "tokens": tokens}


def _city(p: dict[str, Any], owned: dict[str, list[str]]) -> City:
    """The player's city from the sheet (its names already checked by ``_owned``)."""
    who = p["name"]
    city = City(p.get("coins", 0))
    for card in owned["cards"]:
        city.add_card(card)
    counts = p.get("counts", {})
    if not isinstance(counts, dict):
        raise InputError(
            _("{who}: counts must map a colour to a number, got {counts}").format(
                who=who, counts=repr(counts)
            )
        )
    for colour, n in counts.items():
        if colour not in COUNTED_COLOURS:
            raise InputError(
                _(
                    "{who}: counts take {keys} cards only (they score no points of their own); "
                    "list {colour} cards by name"
                ).format(who=who, keys=_quoted(list(COUNTED_COLOURS)), colour=repr(colour))
            )
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise InputError(
                _("{who}: counts[{colour}] must be a whole number, got {n}").format(
                    who=who, colour=repr(colour), n=repr(n)
                )
            )
        city.colors[colour] += n
    for wonder in owned["wonders"]:
        city.add_wonder(wonder, "")
    for token in owned["tokens"]:
        city.add_token(token)
    return city


def _also(kind: str, who: str, name: str, other: str) -> InputError:
    """A card, wonder or token in both cities (a sentence per kind: the languages' nouns
    differ in gender)."""
    if kind == "cards":
        text = _("{who}: the card {name} is also {other}'s (there is one of each card)")
    elif kind == "wonders":
        text = _("{who}: the wonder {name} is also {other}'s (there is one of each wonder)")
    else:
        text = _(
            "{who}: the progress token {name} is also {other}'s (there is one of each progress "
            "token)"
        )
    return InputError(text.format(who=who, name=printed(name), other=other))


def _too_many(colour: str, n: int, most: int) -> InputError:
    """More cards of a counted colour than the game has (a sentence per colour)."""
    if colour == "brown":
        text = ngettext(
            "{n} brown card in the two cities, but the game has {most}",
            "{n} brown cards in the two cities, but the game has {most}",
            n,
        )
    elif colour == "grey":
        text = ngettext(
            "{n} grey card in the two cities, but the game has {most}",
            "{n} grey cards in the two cities, but the game has {most}",
            n,
        )
    else:
        text = ngettext(
            "{n} red card in the two cities, but the game has {most}",
            "{n} red cards in the two cities, but the game has {most}",
            n,
        )
    return InputError(text.format(n=n, most=most))


def _check_supply(players: list[dict[str, Any]], owned: list[dict[str, list[str]]]) -> None:
    """Each card, wonder and token exists once; 7 wonders at most are built; no more cards
    of a colour than the game has."""
    cat = catalog()
    for kind in ("cards", "wonders", "tokens"):
        seen: dict[str, str] = {}
        for p, mine in zip(players, owned, strict=True):
            for name in mine[kind]:
                if name in seen:
                    raise _also(kind, p["name"], name, seen[name])
                seen[name] = p["name"]
    built = sum(len(mine["wonders"]) for mine in owned)
    if built > WONDERS_BUILT:
        raise InputError(
            ngettext(
                "{n} wonder built, but at most {most} can be",
                "{n} wonders built, but at most {most} can be",
                built,
            ).format(n=built, most=WONDERS_BUILT)
        )
    in_game = Counter(c.color for c in cat.cards)
    colour_of = {c.name: c.color for c in cat.cards}
    for colour in COUNTED_COLOURS:
        named = sum(1 for mine in owned for n in mine["cards"] if colour_of[n] == colour)
        total = named + sum(p.get("counts", {}).get(colour, 0) for p in players)
        if total > in_game[colour]:
            raise _too_many(colour, total, in_game[colour])


def _military(sheet: dict[str, Any], players: list[dict[str, Any]]) -> tuple[int | None, int]:
    """The conflict pawn: the index of the player it leads for (None in the centre) and how
    many spaces from the centre."""
    raw = sheet.get("military", {"spaces": 0})
    if not isinstance(raw, dict) or set(raw) - {"leader", "spaces"}:
        raise InputError(_("military must be {form}").format(form='{"leader": name, "spaces": n}'))
    spaces = raw.get("spaces", 0)
    if not isinstance(spaces, int) or isinstance(spaces, bool) or spaces < 0:
        raise InputError(
            _("military spaces must be a whole number, 0 or more, got {spaces}").format(
                spaces=repr(spaces)
            )
        )
    if spaces > CAPITAL:
        raise InputError(
            ngettext(
                "the conflict pawn cannot stand {n} space from the centre: the capital is "
                "{capital} away",
                "the conflict pawn cannot stand {n} spaces from the centre: the capital is "
                "{capital} away",
                spaces,
            ).format(n=spaces, capital=CAPITAL)
        )
    names = [p["name"] for p in players]
    leader = raw.get("leader")
    if spaces == 0:
        if leader is not None:
            raise InputError(
                _("the conflict pawn is in the centre (0 spaces): it leads for nobody")
            )
        return None, 0
    if leader not in names:
        raise InputError(
            _("military leader must be one of the players ({names})").format(names=", ".join(names))
        )
    return names.index(leader), spaces


def _supremacy(
    players: list[dict[str, Any]], cities: list[City], leader: int | None, spaces: int
) -> tuple[str, int | None]:
    """The kind of victory and the supremacy's winner (None for a civilian victory)."""
    science = [i for i in range(2) if cities[i].symbols() >= SUPREMACY_SYMBOLS]
    if len(science) == 2:
        raise InputError(
            ngettext(
                "both players have {n} science symbol, but the first to reach it ends the game",
                "both players have {n} science symbols, but the first to reach them ends the game",
                SUPREMACY_SYMBOLS,
            ).format(n=SUPREMACY_SYMBOLS)
        )
    if spaces == CAPITAL and science:
        raise InputError(
            _("a military and a scientific supremacy in one game: the first one ends the game")
        )
    if spaces == CAPITAL:
        return "military", leader
    if science:
        return "science", science[0]
    return "civilian", None
