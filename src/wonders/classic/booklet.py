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

With the Cities expansion (``"expansions": ["cities"]``, with or without ``"leaders"``) the
cards may include black cards, Cities guilds and leaders, the wonders Petra and Byzantium,
8 players may sit at the table, and each player may give ``"debt"`` (debt tokens held). The
breakdown gains ``cities`` (black cards' points, Secret Society and Slave Market counted) and
``debt`` (-1 per token); masks copy the neighbours' green symbols in ``science``. A team game
adds ``"teams": [["Ann", "Bob"], ["Cy", "Dee"]]``: pairs of players sitting side by side (the
second on the first's left, next in the list), everyone in one pair, at 4, 6 or 8 players;
``score_sheet`` then also gives each team's total, coins and rank, and each player's rank is
their team's.

The 2-player variant lists the three cities, the Free City marked ``"free_city": true``
(no leaders, no debt decisions of its own: its tokens and debt are listed like a player's);
the Free City is scored (``score_sheet`` gives it as ``"free_city"``) but not ranked.

Output (``score_table``), per player in input order: name, total, rank and the booklet's
categories (seven in the base game). Science wildcards, masks and Olympia B's guild copy are
chosen for the best score (``scoring``). Ties on points go to the player with more coins; a
tie on both shares the rank (1, 1, 3).
A malformed sheet is an ``InputError`` naming the player and the value at fault.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wonders.classic.cards import (
    CITIES_MAX_PLAYERS,
    EXPANSIONS,
    LEADER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Card,
    Catalog,
    Wonder,
    catalog_for,
)
from wonders.classic.city import City
from wonders.classic.scoring import (
    CATEGORIES,
    CITIES_CATEGORIES,
    LEADERS_CATEGORIES,
    score_city,
)
from wonders.classic.state import DEFEAT_TOKEN, TEAM_SIZES, VICTORY_TOKEN
from wonders.core.errors import InputError
from wonders.core.protocol import rank_players
from wonders.core.sheets import check_unique_names

PLAYER_KEYS = ("name", "wonder", "side", "stages", "cards", "coins", "military")
FREE_CITY_KEY = "free_city"  # optional: the 2-player variant's Free City (one of three)
LEADER_KEYS = ("leaders", "courtesan")  # optional, with the Leaders expansion
CITIES_KEYS = ("debt",)  # optional, with the Cities expansion
SHEET_KEYS = ("game", "players", "expansions", "teams")
TOKEN_VALUES = (DEFEAT_TOKEN, *VICTORY_TOKEN.values())  # -1, 1, 3, 5
CONFLICTS = len(VICTORY_TOKEN) * 2  # one per neighbour per Age


def score_table(data: Any) -> list[dict[str, Any]]:
    """Score a finished real-table game (see the module doc for the format): the players."""
    players: list[dict[str, Any]] = score_sheet(data)["players"]
    return players


def score_sheet(data: Any) -> dict[str, Any]:
    """Score a finished real-table game: ``{"players": [...]}``, and ``"teams"`` (each
    team's players, total, coins and rank, in the sheet's order) for a team game."""
    expansions = _expansions(data)
    leaders, cities_on = "leaders" in expansions, "cities" in expansions
    cat = catalog_for(expansions)
    players = _players(data, expansions)
    free = _free_city(players)
    teams = _teams(data, players, cities_on)
    cities = [_city(p, cat, expansions) for p in players]
    owner: dict[str, str] = {}
    for p, city in zip(players, cities, strict=True):
        wonder = city.wonder.name
        if wonder in owner:
            raise InputError(f"{p['name']}: {wonder} is already {owner[wonder]}'s wonder")
        owner[wonder] = p["name"]
    n = len(cities)
    _check_supply(players, cities, cat, free_city=free is not None)
    if leaders:
        for i, p in enumerate(players):
            _courtesan(p, cities[i], cities[(i + 1) % n], cities[(i - 1) % n], cat)
    breakdowns = [
        score_city(
            cities[i], cities[(i + 1) % n], cities[(i - 1) % n], leaders=leaders, cities=cities_on
        )
        for i in range(n)
    ]
    categories = LEADERS_CATEGORIES if leaders else CATEGORIES
    if cities_on:
        categories = (*categories, *CITIES_CATEGORIES)
    totals = [sum(b.values()) for b in breakdowns]
    coins = [c.coins for c in cities]
    ranked = [i for i in range(n) if i != free]
    ranks = [0] * n
    for i, rank in zip(ranked, rank_players([(totals[i], coins[i]) for i in ranked]), strict=True):
        ranks[i] = rank
    team_rows = []
    if teams is not None:  # a team's total and coins are its players'; players take its rank
        keys = [(sum(totals[i] for i in t), sum(coins[i] for i in t)) for t in teams]
        for t, k, rank in zip(teams, keys, rank_players(keys), strict=True):
            ranks[t[0]] = ranks[t[1]] = rank
            names = [players[i]["name"] for i in t]
            team_rows.append({"players": names, "total": k[0], "coins": k[1], "rank": rank})
    out: dict[str, Any] = {
        "players": [
            {
                "name": p["name"],
                "total": totals[i],
                "rank": ranks[i],
                "breakdown": {k: breakdowns[i][k] for k in categories},
            }
            for i, p in enumerate(players)
            if i != free
        ]
    }
    if free is not None:
        out["free_city"] = {
            "name": players[free]["name"],
            "total": totals[free],
            "breakdown": {k: breakdowns[free][k] for k in categories},
        }
    if teams is not None:
        out["teams"] = team_rows
    return out


def _copies(cat: Catalog, name: str, cities: int) -> int:
    """How many cards of this name a game of ``cities`` cities can deal: its copies at that
    count over every Age it is in; one for a guild or a black card (drawn at random)."""
    return sum(
        1 if not c.copies else sum(1 for m in c.copies if m <= cities)
        for c in cat.by_name[name.lower()]
    )


def _check_supply(
    players: list[dict[str, Any]], cities: list[City], cat: Catalog, free_city: bool
) -> None:
    """No card in more cities than the game deals copies of it, none that is not dealt at
    this player count, no leader in two cities (each leader exists once)."""
    n = len(cities)
    table = f"{n - 1} players and the Free City" if free_city else f"{n} players"
    holders: dict[str, list[str]] = {}
    for p, city in zip(players, cities, strict=True):
        for card in city.cards:
            holders.setdefault(card.name, []).append(p["name"])
    for name, who in holders.items():
        limit = _copies(cat, name, n)
        if limit == 0:
            least = min(m for c in cat.by_name[name.lower()] for m in c.copies)
            raise InputError(
                f"{who[0]}: {name} is not in the game at {table} (it is dealt from {least})"
            )
        if len(who) > limit:
            raise InputError(
                f"{name} is in {len(who)} cities ({', '.join(who)}), but a game at {table} "
                f"has {limit} {'copy' if limit == 1 else 'copies'} of it"
            )
    recruited: dict[str, str] = {}
    for p, city in zip(players, cities, strict=True):
        for leader in city.leaders:
            if leader.name in recruited:
                raise InputError(
                    f"{p['name']}: {leader.name} is already {recruited[leader.name]}'s leader "
                    "(each leader exists once)"
                )
            recruited[leader.name] = p["name"]


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


def _free_city(players: list[dict[str, Any]]) -> int | None:
    """The index of the Free City (2-player variant), None when every city is a player's."""
    marked = [i for i, p in enumerate(players) if p.get(FREE_CITY_KEY, False) is not False]
    for i in marked:
        if players[i][FREE_CITY_KEY] is not True:
            raise InputError(f"{players[i]['name']}: free_city must be true or left out")
    if not marked:
        return None
    if len(players) != MIN_PLAYERS or len(marked) != 1:
        raise InputError(
            "the 2-player variant lists three cities, one of them the Free City "
            f"(free_city: true); got {len(players)} cities, {len(marked)} marked"
        )
    free = marked[0]
    if players[free].get("leaders"):
        raise InputError(f"{players[free]['name']}: the Free City has no leaders")
    return free


def _needs(expansions: list[str], found: Callable[[Catalog], bool]) -> str:
    """`` (a card of the X expansion: add "X" to expansions)`` when a name unknown in the
    sheet's catalogue is one of an expansion the sheet does not list (else "")."""
    for e in EXPANSIONS:
        if e not in expansions and found(catalog_for([*expansions, e])):
            return f' (a name of the {e.capitalize()} expansion: add "{e}" to "expansions")'
    return ""


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


def _players(data: Any, expansions: list[str]) -> list[dict[str, Any]]:
    if not isinstance(data, dict):
        raise InputError("a score sheet must be a JSON object with 'game' and 'players'")
    missing = [k for k in ("game", "players") if k not in data]
    if missing:
        raise InputError(f"the score sheet has no {', '.join(map(repr, missing))}")
    unknown = sorted(set(data) - set(SHEET_KEYS))
    if unknown:
        raise InputError(
            f"the score sheet has unknown key(s) {unknown}; known: {', '.join(SHEET_KEYS)}"
        )
    keys = (*PLAYER_KEYS, FREE_CITY_KEY) + LEADER_KEYS * ("leaders" in expansions)
    keys += CITIES_KEYS * ("cities" in expansions)
    if data["game"] != "classic":
        raise InputError(f"game must be 'classic' (7 Wonders base game), got {data['game']!r}")
    players = data["players"]
    if not isinstance(players, list):
        raise InputError("players must be a list, clockwise around the table")
    most = CITIES_MAX_PLAYERS if "cities" in expansions else MAX_PLAYERS
    if not MIN_PLAYERS <= len(players) <= most:
        hint = " (8 with the Cities expansion)" if len(players) == CITIES_MAX_PLAYERS else ""
        raise InputError(
            f"7 Wonders is played by {MIN_PLAYERS} to {most} players, got {len(players)}{hint}"
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
            hint = _key_hint(unknown)
            raise InputError(f"{who}: unknown key(s) {unknown}; known: {', '.join(keys)}{hint}")
        if not isinstance(name, str) or not name.strip():
            raise InputError(f"{who}: name must be a non-empty string, got {name!r}")
    check_unique_names(p["name"] for p in players)
    return players


def _key_hint(unknown: list[str]) -> str:
    for key, expansion in (*((k, "leaders") for k in LEADER_KEYS), ("debt", "cities")):
        if key in unknown:
            return f' ({key!r} needs "{expansion}" in "expansions")'
    return ""


def _teams(
    data: dict[str, Any], players: list[dict[str, Any]], cities: bool
) -> list[list[int]] | None:
    """The teams as pairs of player indices (None without a team game)."""
    raw = data.get("teams")
    if raw is None:
        return None
    if not cities:
        raise InputError('teams need the Cities expansion: add "cities" to "expansions"')
    n = len(players)
    if n not in TEAM_SIZES:
        raise InputError(f"the team game is for 4, 6 or 8 players, got {n}")
    names = [p["name"] for p in players]
    if not isinstance(raw, list):
        raise InputError('teams must be a list of pairs of names, e.g. [["Ann", "Bob"], ...]')
    teams: list[list[int]] = []
    seen: set[str] = set()
    for pair in raw:
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(isinstance(x, str) for x in pair)
        ):
            raise InputError(f"a team must be a pair of player names, got {pair!r}")
        for x in pair:
            if x not in names:
                raise InputError(f"the team {pair!r} names {x!r}, who is not a player")
            if x in seen:
                raise InputError(f"{x} is in two teams")
            seen.add(x)
        first, second = names.index(pair[0]), names.index(pair[1])
        if second != (first + 1) % n:
            raise InputError(
                f"the team {pair!r}: {pair[1]} must sit on {pair[0]}'s left (the next player "
                "in the list; teammates sit side by side)"
            )
        teams.append([first, second])
    alone = [x for x in names if x not in seen]
    if alone:
        raise InputError(f"{alone[0]} is in no team (every player is in one pair)")
    return teams


def _int(who: str, key: str, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(f"{who}: {key} must be a whole number, got {value!r}")
    return value


def _wonder(who: str, name: Any, cat: Catalog, expansions: list[str]) -> Wonder:
    if not isinstance(name, str):
        raise InputError(f"{who}: wonder must be a name, got {name!r}")
    try:
        return cat.wonder_named(name)
    except KeyError:
        pass

    def knows(other: Catalog) -> bool:
        try:
            return bool(other.wonder_named(name))
        except KeyError:
            return False

    hint = _needs(expansions, knows)
    if hint:
        raise InputError(f"{who}: {name!r} is not a wonder of this game{hint}")
    known = ", ".join(w.name for w in cat.wonders)
    raise InputError(f"{who}: unknown wonder {name!r}; wonders: {known}")


def _card(who: str, name: Any, cat: Catalog, expansions: list[str], leader: bool) -> Card:
    """A building (or, ``leader``, a leader) by name, with a clear error."""
    what = "leader" if leader else "card"
    if not isinstance(name, str):
        raise InputError(f"{who}: a {what} must be a name, got {name!r}")
    found = cat.by_name.get(name.strip().lower())
    if found and (found[0].color == LEADER) == leader:
        return found[0]
    if found and leader:
        raise InputError(f"{who}: unknown leader {name!r} ({found[0].name} is a card)")
    if found:
        raise InputError(f"{who}: {found[0].name} is a leader: list it under 'leaders'")

    def knows(other: Catalog) -> bool:
        return name.strip().lower() in other.by_name

    raise InputError(f"{who}: unknown {what} {name!r}{_needs(expansions, knows)}")


def _city(p: dict[str, Any], cat: Catalog, expansions: list[str]) -> City:
    """The player's city, built from the sheet and checked against the game's facts."""
    who = p["name"]
    wonder = _wonder(who, p["wonder"], cat, expansions)
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
        card = _card(who, name, cat, expansions, leader=False)
        if city.has_name(card):
            raise InputError(f"{who}: {card.name} is listed twice (a city has one of each)")
        city.add_card(card)
    coins = _int(who, "coins", p["coins"])
    if coins < 0:
        raise InputError(f"{who}: coins cannot be negative, got {coins}")
    city.coins = coins
    city.tokens = _military(who, p["military"], tomyris="leaders" in expansions)
    recruited = p.get("leaders", [])
    if not isinstance(recruited, list):
        raise InputError(f"{who}: leaders must be a list of leader names, got {recruited!r}")
    for name in recruited:
        leader = _card(who, name, cat, expansions, leader=True)
        if city.has_leader(leader.name):
            raise InputError(f"{who}: {leader.name} is listed twice")
        city.add_leader(leader)
    debt = _int(who, "debt", p.get("debt", 0))
    if debt < 0:
        raise InputError(f"{who}: debt (debt tokens held) cannot be negative, got {debt}")
    city.debt = debt
    return city


def _military(who: str, military: Any, tomyris: bool = False) -> list[int]:
    """The conflict tokens: at most one a conflict, but with Leaders Tomyris' defeat tokens
    may come on top of a winner's victory tokens (one more for each such win)."""
    if not isinstance(military, list):
        raise InputError(f"{who}: military must be a list of token values, got {military!r}")
    for token in military:
        if _int(who, "a military token", token) not in TOKEN_VALUES:
            allowed = ", ".join(map(str, TOKEN_VALUES))
            raise InputError(f"{who}: there is no military token {token}; tokens: {allowed}")
    wins = sum(1 for t in military if t > 0)
    if len(military) > CONFLICTS + (wins if tomyris else 0):
        raise InputError(
            f"{who}: {len(military)} military tokens, but a game has only {CONFLICTS} conflicts"
        )
    for value in VICTORY_TOKEN.values():
        if military.count(value) > 2:
            raise InputError(f"{who}: more than two victory tokens of {value} (two neighbours)")
    return list(military)
