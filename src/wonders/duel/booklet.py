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
count them). ``wonders`` are the wonders the player built, ``tokens`` their progress tokens.
``military`` is how many spaces the conflict pawn stands from the centre towards the
capital of the player who is not ``leader`` (left out: the pawn is in the centre). Every key
but ``name`` may be left out (none).

A supremacy ends the game at once and wins it: the pawn in a capital (``spaces`` 9) is a
military supremacy, 6 different science symbols in a city (green cards and the Law token) a
scientific one. Otherwise the civilian count decides: the score pad's categories (military,
blue, green, yellow, purple, wonders, progress tokens, coins: 1 per 3), most points win,
a tie goes to the most blue points, and a tie on both is a shared victory.

Output (``score_sheet``): ``victory`` (civilian, military or science), ``winners`` (names)
and per player in input order name, total, rank and the pad's categories. A sheet that
cannot be (a card or wonder twice, more than 4 wonders a player or 7 in all, more cards of
a colour than the game has, a pawn beyond the capital) is an ``InputError`` naming it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from wonders.core.errors import InputError
from wonders.core.protocol import rank_players
from wonders.core.sheets import check_unique_names
from wonders.duel.cards import catalog
from wonders.duel.city import City
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


def score_sheet(sheet: Any) -> dict[str, Any]:
    """Score a finished real-table Duel game (see the module doc for the format)."""
    players = _players(sheet)
    cities = [_city(p) for p in players]
    _check_supply(players)
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
        raise InputError("a score sheet must be a JSON object with 'game' and 'players'")
    unknown = sorted(set(sheet) - set(SHEET_KEYS))
    if unknown:
        raise InputError(
            f"the score sheet has unknown key(s) {unknown}; known: {', '.join(SHEET_KEYS)}"
        )
    if sheet.get("game") != "duel":
        raise InputError(f"game must be 'duel', got {sheet.get('game')!r}")
    players = sheet.get("players")
    if not isinstance(players, list) or len(players) != 2:
        raise InputError("players must be a list of the two players")
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            raise InputError(f"player {i + 1} must be a JSON object with a name")
        name = p.get("name")
        if not isinstance(name, str) or not name.strip():
            raise InputError(f"player {i + 1}: name must be a non-empty string, got {name!r}")
        extra = sorted(set(p) - set(KEYS))
        if extra:
            raise InputError(f"{name}: unknown key(s) {extra}; known: {', '.join(KEYS)}")
    check_unique_names(p["name"] for p in players)
    return players


def _names(p: dict[str, Any], key: str) -> list[str]:
    value = p.get(key, [])
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise InputError(f"{p['name']}: {key} must be a list of names, got {value!r}")
    return value


def _city(p: dict[str, Any]) -> City:
    """The player's city from the sheet: names checked, each card once in it."""
    who, cat = p["name"], catalog()
    coins = p.get("coins", 0)
    if not isinstance(coins, int) or isinstance(coins, bool) or coins < 0:
        raise InputError(f"{who}: coins must be a whole number, 0 or more, got {coins!r}")
    city = City(coins)
    for name in _names(p, "cards"):
        try:
            card = cat.card_named(name)
        except KeyError:
            raise InputError(f"{who}: unknown card {name!r}") from None
        if card.name in city.cards:
            raise InputError(f"{who}: {card.name} is listed twice (there is one of each card)")
        city.add_card(card.name)
    counts = p.get("counts", {})
    if not isinstance(counts, dict):
        raise InputError(f"{who}: counts must map a colour to a number, got {counts!r}")
    for colour, n in counts.items():
        if colour not in COUNTED_COLOURS:
            raise InputError(
                f"{who}: counts are for {', '.join(COUNTED_COLOURS)} cards (no points of their "
                f"own); list {colour!r} cards by name"
            )
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise InputError(f"{who}: counts[{colour!r}] must be a whole number, got {n!r}")
        city.colors[colour] += n
    built = _names(p, "wonders")
    if len(built) > WONDERS_EACH:
        raise InputError(f"{who}: {len(built)} wonders, but each player has {WONDERS_EACH}")
    known = {w.name.lower(): w.name for w in cat.wonders}
    for name in built:
        wonder = known.get(name.strip().lower())
        if wonder is None:
            raise InputError(
                f"{who}: unknown wonder {name!r}; wonders: {', '.join(known.values())}"
            )
        if wonder in city.built:
            raise InputError(f"{who}: {wonder} is listed twice")
        city.add_wonder(wonder, "")
    tokens = {t.name.lower(): t.name for t in cat.tokens}
    for name in _names(p, "tokens"):
        token = tokens.get(name.strip().lower())
        if token is None:
            raise InputError(
                f"{who}: unknown progress token {name!r}; tokens: {', '.join(tokens.values())}"
            )
        if token in city.tokens:
            raise InputError(f"{who}: {token} is listed twice")
        city.add_token(token)
    return city


def _check_supply(players: list[dict[str, Any]]) -> None:
    """Each card, wonder and token exists once; 7 wonders at most are built; no more cards
    of a colour than the game has."""
    cat = catalog()
    for key, what in (("cards", "card"), ("wonders", "wonder"), ("tokens", "progress token")):
        seen: dict[str, str] = {}
        for p in players:
            for name in _names(p, key):
                if name.strip().lower() in seen:
                    other = seen[name.strip().lower()]
                    raise InputError(
                        f"{p['name']}: the {what} {name.strip()} is also {other}'s "
                        f"(there is one of each {what})"
                    )
                seen[name.strip().lower()] = p["name"]
    built = sum(len(_names(p, "wonders")) for p in players)
    if built > WONDERS_BUILT:
        raise InputError(f"{built} wonders built, but at most {WONDERS_BUILT} can be")
    in_game = Counter(c.color for c in cat.cards)
    for colour in COUNTED_COLOURS:
        named = sum(
            1 for p in players for n in _names(p, "cards") if cat.card_named(n).color == colour
        )
        total = named + sum(p.get("counts", {}).get(colour, 0) for p in players)
        if total > in_game[colour]:
            raise InputError(
                f"{total} {colour} cards in the two cities, but the game has {in_game[colour]}"
            )


def _military(sheet: dict[str, Any], players: list[dict[str, Any]]) -> tuple[int | None, int]:
    """The conflict pawn: the index of the player it leads for (None in the centre) and how
    many spaces from the centre."""
    raw = sheet.get("military", {"spaces": 0})
    if not isinstance(raw, dict) or set(raw) - {"leader", "spaces"}:
        raise InputError('military must be {"leader": name, "spaces": n}')
    spaces = raw.get("spaces", 0)
    if not isinstance(spaces, int) or isinstance(spaces, bool) or spaces < 0:
        raise InputError(f"military spaces must be a whole number, 0 or more, got {spaces!r}")
    if spaces > CAPITAL:
        raise InputError(
            f"the conflict pawn cannot stand {spaces} spaces from the centre: the capital is "
            f"{CAPITAL} away"
        )
    names = [p["name"] for p in players]
    leader = raw.get("leader")
    if spaces == 0:
        if leader is not None:
            raise InputError("the conflict pawn is in the centre (0 spaces): it leads for nobody")
        return None, 0
    if leader not in names:
        raise InputError(f"military leader must be one of the players ({', '.join(names)})")
    return names.index(leader), spaces


def _supremacy(
    players: list[dict[str, Any]], cities: list[City], leader: int | None, spaces: int
) -> tuple[str, int | None]:
    """The kind of victory and the supremacy's winner (None for a civilian victory)."""
    science = [i for i in range(2) if cities[i].symbols() >= SUPREMACY_SYMBOLS]
    if len(science) == 2:
        raise InputError(
            f"both players have {SUPREMACY_SYMBOLS} science symbols, but the first to reach "
            "them ends the game"
        )
    if spaces == CAPITAL and science:
        raise InputError(
            "a military and a scientific supremacy in one game: the first one ends the game"
        )
    if spaces == CAPITAL:
        return "military", leader
    if science:
        return "science", science[0]
    return "civilian", None
