"""The score booklet for a game played at a real table.

Input: what each player has at the end of the game, listed clockwise (player ``i``'s left
neighbour is ``i + 1``, the right one ``i - 1``, wrapping)::

    {"game": "classic",
     "players": [{"name": "Ann", "wonder": "Rhodos", "side": "A", "stages": 2,
                  "cards": ["Baths", "Workshop", ...], "coins": 7, "military": [1, 3, -1]},
                 ...]}

With the Leaders expansion the sheet says ``"expansions": ["leaders"]`` and each player may
list ``"leaders"`` (recruited leaders' names) and ``"courtesan"`` (the leader the Courtesans
Guild copies, recruited by a neighbour); the breakdown gains ``leaders`` (the points leaders
give) and leaders' science symbols count in ``science``.

Output, per player in input order: name, total, rank and the booklet's seven categories.
Science wildcards and Olympia B's guild copy are chosen for the best score (``scoring``).
Ties on points go to the player with more coins; a tie on both shares the rank (1, 1, 3).
A malformed sheet is an ``InputError`` naming the player and the value at fault.
"""

from __future__ import annotations

from typing import Any

from wonders.classic.cards import EXPANSIONS, MAX_PLAYERS, MIN_PLAYERS, Catalog, catalog_for
from wonders.classic.city import City
from wonders.classic.scoring import CATEGORIES, LEADERS_CATEGORIES, score_city
from wonders.classic.state import DEFEAT_TOKEN, VICTORY_TOKEN
from wonders.core.errors import InputError
from wonders.core.protocol import rank_players

PLAYER_KEYS = ("name", "wonder", "side", "stages", "cards", "coins", "military")
LEADER_KEYS = ("leaders", "courtesan")  # optional, with the Leaders expansion
TOKEN_VALUES = (DEFEAT_TOKEN, *VICTORY_TOKEN.values())  # -1, 1, 3, 5
CONFLICTS = len(VICTORY_TOKEN) * 2  # one per neighbour per Age


def score_table(data: Any) -> list[dict[str, Any]]:
    """Score a finished real-table game (see the module doc for the format)."""
    expansions = _expansions(data)
    leaders = "leaders" in expansions
    cat = catalog_for(expansions)
    players = _players(data, leaders)
    cities = [_city(p, cat) for p in players]
    owner: dict[str, str] = {}
    for p, city in zip(players, cities, strict=True):
        wonder = city.wonder.name
        if wonder in owner:
            raise InputError(f"{p['name']}: {wonder} is already {owner[wonder]}'s wonder")
        owner[wonder] = p["name"]
    n = len(cities)
    if leaders:
        for i, p in enumerate(players):
            _courtesan(p, cities[i], cities[(i + 1) % n], cities[(i - 1) % n], cat)
    breakdowns = [
        score_city(cities[i], cities[(i + 1) % n], cities[(i - 1) % n], leaders=leaders)
        for i in range(n)
    ]
    categories = LEADERS_CATEGORIES if leaders else CATEGORIES
    totals = [sum(b.values()) for b in breakdowns]
    ranks = rank_players([(t, c.coins) for t, c in zip(totals, cities, strict=True)])
    return [
        {
            "name": p["name"],
            "total": totals[i],
            "rank": ranks[i],
            "breakdown": {k: breakdowns[i][k] for k in categories},
        }
        for i, p in enumerate(players)
    ]


def _expansions(data: Any) -> list[str]:
    if not isinstance(data, dict):
        return []
    raw = data.get("expansions", [])
    if not isinstance(raw, list) or not all(isinstance(e, str) for e in raw):
        raise InputError('expansions must be a list of names, e.g. ["leaders"]')
    for e in raw:
        if e not in EXPANSIONS:
            raise InputError(f"unknown expansion {e!r}; expansions: {', '.join(EXPANSIONS)}")
    return list(raw)


def _courtesan(p: dict[str, Any], city: City, left: City, right: City, cat: Catalog) -> None:
    name = p.get("courtesan")
    if name is None:
        return
    who = p["name"]
    if not any(c.name == "Courtesans Guild" for c in city.cards):
        raise InputError(f"{who}: a courtesan needs the Courtesans Guild")
    if not isinstance(name, str):
        raise InputError(f"{who}: courtesan must be a leader's name, got {name!r}")
    for c in (*left.leaders, *right.leaders):
        if c.name.lower() == name.strip().lower():
            city.add_leader(c, copy=True)
            return
    raise InputError(f"{who}: the courtesan {name!r} is not a leader recruited by a neighbour")


def _players(data: Any, leaders: bool = False) -> list[dict[str, Any]]:
    if not isinstance(data, dict):
        raise InputError("a score sheet must be a JSON object with 'game' and 'players'")
    missing = [k for k in ("game", "players") if k not in data]
    if missing:
        raise InputError(f"the score sheet has no {', '.join(map(repr, missing))}")
    unknown = sorted(set(data) - {"game", "players", "expansions"})
    if unknown:
        raise InputError(
            f"the score sheet has unknown key(s) {unknown}; known: game, players, expansions"
        )
    keys = (*PLAYER_KEYS, *LEADER_KEYS) if leaders else PLAYER_KEYS
    if data["game"] != "classic":
        raise InputError(f"game must be 'classic' (7 Wonders base game), got {data['game']!r}")
    players = data["players"]
    if not isinstance(players, list):
        raise InputError("players must be a list, clockwise around the table")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise InputError(
            f"7 Wonders is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(players)}"
        )
    for i, p in enumerate(players):
        who = f"player {i + 1}"
        if not isinstance(p, dict):
            raise InputError(f"{who} must be a JSON object with {', '.join(PLAYER_KEYS)}")
        name = p.get("name")
        if isinstance(name, str) and name.strip():
            who = name
        missing = [k for k in PLAYER_KEYS if k not in p]
        if missing:
            raise InputError(f"{who}: missing {', '.join(map(repr, missing))}")
        unknown = sorted(set(p) - set(keys))
        if unknown:
            raise InputError(f"{who}: unknown key(s) {unknown}; known: {', '.join(keys)}")
        if not isinstance(name, str) or not name.strip():
            raise InputError(f"{who}: name must be a non-empty string, got {name!r}")
    return players


def _int(who: str, key: str, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(f"{who}: {key} must be a whole number, got {value!r}")
    return value


def _city(p: dict[str, Any], cat: Catalog) -> City:
    """The player's city, built from the sheet and checked against the game's facts."""
    who = p["name"]
    wonder_name = p["wonder"]
    if not isinstance(wonder_name, str):
        raise InputError(f"{who}: wonder must be a name, got {wonder_name!r}")
    try:
        wonder = cat.wonder_named(wonder_name)
    except KeyError:
        known = ", ".join(w.name for w in cat.wonders)
        raise InputError(f"{who}: unknown wonder {wonder_name!r}; wonders: {known}") from None
    side = p["side"]
    if not isinstance(side, str) or side.strip().upper() not in wonder.sides:
        raise InputError(f"{who}: side must be A or B, got {side!r}")
    city = City(wonder, side.strip().upper())
    stages = _int(who, "stages", p["stages"])
    most = len(city.stages_def)
    if not 0 <= stages <= most:
        raise InputError(
            f"{who}: stages must be 0 to {most} for {wonder.name} {city.side}, got {stages}"
        )
    for _ in range(stages):
        city.build_stage(None)
    cards = p["cards"]
    if not isinstance(cards, list):
        raise InputError(f"{who}: cards must be a list of card names, got {cards!r}")
    for name in cards:
        if not isinstance(name, str):
            raise InputError(f"{who}: a card must be a name, got {name!r}")
        try:
            card = cat.card_named(name)
        except KeyError:
            raise InputError(f"{who}: unknown card {name!r}") from None
        if card.color == "white":
            raise InputError(f"{who}: {card.name} is a leader: list it under 'leaders'")
        if city.has_name(card):
            raise InputError(f"{who}: {card.name} is listed twice (a city has one of each)")
        city.add_card(card)
    coins = _int(who, "coins", p["coins"])
    if coins < 0:
        raise InputError(f"{who}: coins cannot be negative, got {coins}")
    city.coins = coins
    military = p["military"]
    if not isinstance(military, list):
        raise InputError(f"{who}: military must be a list of token values, got {military!r}")
    for token in military:
        if _int(who, "a military token", token) not in TOKEN_VALUES:
            allowed = ", ".join(map(str, TOKEN_VALUES))
            raise InputError(f"{who}: there is no military token {token}; tokens: {allowed}")
    if len(military) > CONFLICTS:
        raise InputError(
            f"{who}: {len(military)} military tokens, but a game has only {CONFLICTS} conflicts"
        )
    for value in VICTORY_TOKEN.values():
        if military.count(value) > 2:
            raise InputError(f"{who}: more than two victory tokens of {value} (two neighbours)")
    city.tokens = list(military)
    recruited = p.get("leaders", [])
    if not isinstance(recruited, list):
        raise InputError(f"{who}: leaders must be a list of leader names, got {recruited!r}")
    for name in recruited:
        found = cat.by_name.get(name.strip().lower()) if isinstance(name, str) else None
        if not found or found[0].color != "white":
            raise InputError(f"{who}: unknown leader {name!r}")
        if city.has_leader(found[0].name):
            raise InputError(f"{who}: {found[0].name} is listed twice")
        city.add_leader(found[0])
    return city
