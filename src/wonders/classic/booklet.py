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
Card, wonder and leader names may be written in any of the game's languages (English,
Russian, Polish, Ukrainian: ``wonders.core.i18n.every_language``), in any case; a wonder also
by its other spellings ("Rhodos", "Hanging Gardens"); a side as A or B (Cyrillic А, В or Б
too). The keys stay English.

A malformed sheet is an ``InputError`` naming the player and the value at fault, in the
reader's language (an unknown name with the closest known ones).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass
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
from wonders.classic.describe import either, printed
from wonders.classic.scoring import (
    CATEGORIES,
    CITIES_CATEGORIES,
    LEADERS_CATEGORIES,
    score_city,
)
from wonders.classic.state import DEFEAT_TOKEN, TEAM_SIZES, VICTORY_TOKEN
from wonders.core.errors import InputError
from wonders.core.i18n import N_, _, every_language, ngettext
from wonders.core.present import listed
from wonders.core.protocol import rank_players
from wonders.core.sheets import check_unique_names

PLAYER_KEYS = ("name", "wonder", "side", "stages", "cards", "coins", "military")
FREE_CITY_KEY = "free_city"  # optional: the 2-player variant's Free City (one of three)
LEADER_KEYS = ("leaders", "courtesan")  # optional, with the Leaders expansion
CITIES_KEYS = ("debt",)  # optional, with the Cities expansion
SHEET_KEYS = ("game", "players", "expansions", "teams")
TOKEN_VALUES = (DEFEAT_TOKEN, *VICTORY_TOKEN.values())  # -1, 1, 3, 5
CONFLICTS = len(VICTORY_TOKEN) * 2  # one per neighbour per Age
EXPANSION_NAMES = {"cities": N_("Cities"), "leaders": N_("Leaders")}
# a board's side as a player may write it: the Latin letters, or Cyrillic А and В/Б
SIDE_LETTERS = {"A": "A", "B": "B", "\u0410": "A", "\u0412": "B", "\u0411": "B"}
CLOSE = 0.6  # how alike an unknown name must be to a known one to be offered instead


def _keys(keys: Any) -> str:
    """Sheet keys (identifiers, never translated) in a message: "'coins', 'military'"."""
    return ", ".join(repr(k) for k in keys)


def _expansion_name(expansion: str) -> str:
    word = EXPANSION_NAMES.get(expansion)
    return _(word) if word else expansion


@dataclass(frozen=True)
class Names:
    """The names a sheet may write, folded (``str.casefold``), in every language, to the
    English name of the data: ``cards`` (buildings and leaders) and ``wonders``."""

    cards: dict[str, str]
    wonders: dict[str, str]

    def card(self, written: str) -> str | None:
        return self.cards.get(written.strip().casefold())

    def wonder(self, written: str) -> str | None:
        return self.wonders.get(written.strip().casefold())


def names() -> Names:
    """Every card, leader and wonder name of every expansion, in every language."""
    full = catalog_for(list(EXPANSIONS))
    cards = every_language("classic", sorted({c.name for c in (*full.cards, *full.leaders)}))
    spelt: dict[str, str] = {}  # each spelling of a wonder -> its board's name
    for w in full.wonders:
        for spelling in (w.name, w.wonder, *w.aliases):
            spelt.setdefault(spelling, w.name)
    wonders = {k: spelt[v] for k, v in every_language("classic", list(spelt)).items()}
    return Names(cards, wonders)


def _close(written: str, table: dict[str, str], known: Callable[[str], bool]) -> list[str]:
    """The printed names closest to ``written`` among the names of ``table`` that ``known``
    accepts (the sheet's game), best first."""
    folded = {k: v for k, v in table.items() if known(v)}
    out: list[str] = []
    for match in difflib.get_close_matches(written.strip().casefold(), list(folded), 3, CLOSE):
        name = printed(folded[match])
        if name not in out:
            out.append(name)
    return out


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
    known = names()
    cities = [_city(p, cat, expansions, known) for p in players]
    owner: dict[str, str] = {}
    for p, city in zip(players, cities, strict=True):
        wonder = city.wonder.name
        if wonder in owner:
            raise InputError(
                _("{who}: {wonder} is already {owner}'s wonder").format(
                    who=p["name"], wonder=printed(wonder), owner=owner[wonder]
                )
            )
        owner[wonder] = p["name"]
    n = len(cities)
    _check_supply(players, cities, cat, free_city=free is not None)
    if leaders:
        for i, p in enumerate(players):
            _courtesan(p, cities[i], cities[(i + 1) % n], cities[(i - 1) % n], known)
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
            team = [players[i]["name"] for i in t]
            team_rows.append({"players": team, "total": k[0], "coins": k[1], "rank": rank})
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


def _table(cities: int, free_city: bool) -> str:
    """The table a game is played at: "3 players", "2 players and the Free City"."""
    if free_city:
        players = cities - 1
        return ngettext(
            "{n} player and the Free City", "{n} players and the Free City", players
        ).format(n=players)
    return ngettext("{n} player", "{n} players", cities).format(n=cities)


def _check_supply(
    players: list[dict[str, Any]], cities: list[City], cat: Catalog, free_city: bool
) -> None:
    """No card in more cities than the game deals copies of it, none that is not dealt at
    this player count, no leader in two cities (each leader exists once)."""
    n = len(cities)
    table = _table(n, free_city)
    holders: dict[str, list[str]] = {}
    for p, city in zip(players, cities, strict=True):
        for card in city.cards:
            holders.setdefault(card.name, []).append(p["name"])
    for name, who in holders.items():
        limit = _copies(cat, name, n)
        if limit == 0:
            least = min(m for c in cat.by_name[name.lower()] for m in c.copies)
            raise InputError(
                ngettext(
                    "{who}: {card} is not in the game at {table} (it is dealt from {least} player)",
                    "{who}: {card} is not in the game at {table} (it is dealt from {least} "
                    "players)",
                    least,
                ).format(who=who[0], card=printed(name), table=table, least=least)
            )
        if len(who) > limit:
            raise InputError(
                _("{card} is in {cities} ({who}), but a game at {table} has {copies} of it").format(
                    card=printed(name),
                    cities=ngettext("{n} city", "{n} cities", len(who)).format(n=len(who)),
                    who=", ".join(who),
                    table=table,
                    copies=ngettext("{n} copy", "{n} copies", limit).format(n=limit),
                )
            )
    recruited: dict[str, str] = {}
    for p, city in zip(players, cities, strict=True):
        for leader in city.leaders:
            if leader.name in recruited:
                raise InputError(
                    _(
                        "{who}: {leader} is already {owner}'s leader (each leader exists once)"
                    ).format(
                        who=p["name"], leader=printed(leader.name), owner=recruited[leader.name]
                    )
                )
            recruited[leader.name] = p["name"]


def _expansions(data: Any) -> list[str]:
    if not isinstance(data, dict):
        return []
    raw = data.get("expansions", [])
    if not isinstance(raw, list) or not all(isinstance(e, str) for e in raw):
        raise InputError(
            _("{key} must be a list of names, e.g. {example}").format(
                key="expansions", example='["leaders"]'
            )
        )
    for e in raw:
        if e not in EXPANSIONS:
            raise InputError(
                _("unknown expansion {name}; expansions: {known}").format(
                    name=repr(e), known=", ".join(EXPANSIONS)
                )
            )
    return list(raw)


def _free_city(players: list[dict[str, Any]]) -> int | None:
    """The index of the Free City (2-player variant), None when every city is a player's."""
    marked = [i for i, p in enumerate(players) if p.get(FREE_CITY_KEY, False) is not False]
    for i in marked:
        if players[i][FREE_CITY_KEY] is not True:
            raise InputError(
                _("{who}: {key} must be true or left out").format(
                    who=players[i]["name"], key=FREE_CITY_KEY
                )
            )
    if not marked:
        return None
    if len(players) != MIN_PLAYERS or len(marked) != 1:
        raise InputError(
            _(
                "the 2-player variant lists three cities, one of them the Free City ({key}: true); "
                "got {cities}, {marked}"
            ).format(
                key=FREE_CITY_KEY,
                cities=ngettext("{n} city", "{n} cities", len(players)).format(n=len(players)),
                marked=ngettext("{n} marked", "{n} marked", len(marked)).format(n=len(marked)),
            )
        )
    free = marked[0]
    if players[free].get("leaders"):
        raise InputError(_("{who}: the Free City has no leaders").format(who=players[free]["name"]))
    return free


def _needs(expansions: list[str], found: Callable[[Catalog], bool]) -> str | None:
    """The expansion the sheet does not list whose catalogue knows a name unknown in the
    sheet's (else None)."""
    for e in EXPANSIONS:
        if e not in expansions and found(catalog_for([*expansions, e])):
            return e
    return None


def _courtesan(p: dict[str, Any], city: City, left: City, right: City, known: Names) -> None:
    name = p.get("courtesan")
    if name is None:
        return
    who = p["name"]
    if not any(c.name == "Courtesans Guild" for c in city.cards):
        raise InputError(
            _("{who}: {key} needs {guild} in {cards}").format(
                who=who, key="'courtesan'", guild=printed("Courtesans Guild"), cards="'cards'"
            )
        )
    if not isinstance(name, str):
        raise InputError(
            _("{who}: {key} must be a leader's name, got {value}").format(
                who=who, key="courtesan", value=repr(name)
            )
        )
    english = known.card(name)
    for c in (*left.leaders, *right.leaders):
        if c.name == english:
            city.add_leader(c, copy=True)
            return
    raise InputError(
        _("{who}: the courtesan {name} is not a leader recruited by a neighbour").format(
            who=who, name=repr(name)
        )
    )


def _players(data: Any, expansions: list[str]) -> list[dict[str, Any]]:
    if not isinstance(data, dict):
        raise InputError(
            _("a score sheet must be a JSON object with {keys}").format(
                keys=listed(["'game'", "'players'"])
            )
        )
    missing = [k for k in ("game", "players") if k not in data]
    if missing:
        raise InputError(
            ngettext(
                "the score sheet has no {keys}", "the score sheet has no {keys}", len(missing)
            ).format(keys=_keys(missing))
        )
    unknown = sorted(set(data) - set(SHEET_KEYS))
    if unknown:
        raise InputError(
            ngettext(
                "the score sheet has unknown key {keys}; known: {known}",
                "the score sheet has unknown keys {keys}; known: {known}",
                len(unknown),
            ).format(keys=_keys(unknown), known=", ".join(SHEET_KEYS))
        )
    keys = (*PLAYER_KEYS, FREE_CITY_KEY) + LEADER_KEYS * ("leaders" in expansions)
    keys += CITIES_KEYS * ("cities" in expansions)
    if data["game"] != "classic":
        raise InputError(
            _("{key} must be {game} (7 Wonders base game), got {value}").format(
                key="game", game="'classic'", value=repr(data["game"])
            )
        )
    players = data["players"]
    if not isinstance(players, list):
        raise InputError(
            _("{key} must be a list, clockwise around the table").format(key="players")
        )
    most = CITIES_MAX_PLAYERS if "cities" in expansions else MAX_PLAYERS
    if not MIN_PLAYERS <= len(players) <= most:
        fields = {"least": MIN_PLAYERS, "most": most, "n": len(players)}
        if len(players) == CITIES_MAX_PLAYERS:
            said = ngettext(
                "7 Wonders is played by {least} to {most} player, got {n} (8 with the Cities "
                "expansion)",
                "7 Wonders is played by {least} to {most} players, got {n} (8 with the Cities "
                "expansion)",
                most,
            )
        else:
            said = ngettext(
                "7 Wonders is played by {least} to {most} player, got {n}",
                "7 Wonders is played by {least} to {most} players, got {n}",
                most,
            )
        raise InputError(said.format(**fields))
    for i, p in enumerate(players):
        who = _("player {n}").format(n=i + 1)
        if not isinstance(p, dict):
            raise InputError(
                _("{who} must be a JSON object with {keys}").format(
                    who=who, keys=", ".join(PLAYER_KEYS)
                )
            )
        name = p.get("name")
        if isinstance(name, str) and name.strip():
            who = name
        missing = [k for k in PLAYER_KEYS if k not in p]
        if missing:
            raise InputError(
                ngettext("{who}: missing {keys}", "{who}: missing {keys}", len(missing)).format(
                    who=who, keys=_keys(missing)
                )
            )
        unknown = sorted(set(p) - set(keys))
        if unknown:
            raise InputError(_unknown_keys(who, unknown, keys))
        if not isinstance(name, str) or not name.strip():
            raise InputError(
                _("{who}: {key} must be a non-empty string, got {value}").format(
                    who=who, key="name", value=repr(name)
                )
            )
    check_unique_names(p["name"] for p in players)
    return players


def _unknown_keys(who: str, unknown: list[str], keys: tuple[str, ...]) -> str:
    """A player's unknown keys, and the expansion a known one of an expansion needs."""
    fields = {"who": who, "keys": _keys(unknown), "known": ", ".join(keys)}
    for key, expansion in (*((k, "leaders") for k in LEADER_KEYS), ("debt", "cities")):
        if key in unknown:
            return ngettext(
                "{who}: unknown key {keys}; known: {known} ({key} needs {expansion} in {field})",
                "{who}: unknown keys {keys}; known: {known} ({key} needs {expansion} in {field})",
                len(unknown),
            ).format(key=repr(key), expansion=f'"{expansion}"', field='"expansions"', **fields)
    return ngettext(
        "{who}: unknown key {keys}; known: {known}",
        "{who}: unknown keys {keys}; known: {known}",
        len(unknown),
    ).format(**fields)


def _teams(
    data: dict[str, Any], players: list[dict[str, Any]], cities: bool
) -> list[list[int]] | None:
    """The teams as pairs of player indices (None without a team game)."""
    raw = data.get("teams")
    if raw is None:
        return None
    if not cities:
        raise InputError(
            _("{key} need the {expansion} expansion: add {name} to {field}").format(
                key="teams",
                expansion=_expansion_name("cities"),
                name='"cities"',
                field='"expansions"',
            )
        )
    n = len(players)
    if n not in TEAM_SIZES:
        raise InputError(
            ngettext(
                "the team game is for {sizes} player, got {n}",
                "the team game is for {sizes} players, got {n}",
                TEAM_SIZES[-1],
            ).format(sizes=either([str(s) for s in TEAM_SIZES]), n=n)
        )
    player_names = [p["name"] for p in players]
    if not isinstance(raw, list):
        raise InputError(
            _("{key} must be a list of pairs of names, e.g. {example}").format(
                key="teams", example='[["Ann", "Bob"], ...]'
            )
        )
    teams: list[list[int]] = []
    seen: set[str] = set()
    for pair in raw:
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(isinstance(x, str) for x in pair)
        ):
            raise InputError(
                _("a team must be a pair of player names, got {value}").format(value=repr(pair))
            )
        for x in pair:
            if x not in player_names:
                raise InputError(
                    _("the team {pair} names {name}, who is not a player").format(
                        pair=repr(pair), name=repr(x)
                    )
                )
            if x in seen:
                raise InputError(_("{name} is in two teams").format(name=x))
            seen.add(x)
        first, second = player_names.index(pair[0]), player_names.index(pair[1])
        if second != (first + 1) % n:
            raise InputError(
                _(
                    "the team {pair}: {second} must sit on {first}'s left (the next player in "
                    "the list; teammates sit side by side)"
                ).format(pair=repr(pair), first=pair[0], second=pair[1])
            )
        teams.append([first, second])
    alone = [x for x in player_names if x not in seen]
    if alone:
        raise InputError(
            _("{name} is in no team (every player is in one pair)").format(name=alone[0])
        )
    return teams


def _int(who: str, key: str, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(
            _("{who}: {key} must be a whole number, got {value}").format(
                who=who, key=key, value=repr(value)
            )
        )
    return value


def _wonder(who: str, name: Any, cat: Catalog, expansions: list[str], known: Names) -> Wonder:
    if not isinstance(name, str):
        raise InputError(
            _("{who}: {key} must be a name, got {value}").format(
                who=who, key="wonder", value=repr(name)
            )
        )
    english = known.wonder(name)
    if english is not None:
        try:
            return cat.wonder_named(english)
        except KeyError:
            pass

    def knows(other: Catalog) -> bool:
        try:
            return english is not None and bool(other.wonder_named(english))
        except KeyError:
            return False

    needed = _needs(expansions, knows)
    if needed:
        raise InputError(
            _(
                "{who}: {name} is not a wonder of this game (a name of the {expansion} "
                "expansion: add {key} to {field})"
            ).format(
                who=who,
                name=repr(name),
                expansion=_expansion_name(needed),
                key=f'"{needed}"',
                field='"expansions"',
            )
        )
    in_game = {w.name for w in cat.wonders}
    close = _close(name, known.wonders, in_game.__contains__)
    if close:
        raise InputError(
            _("{who}: unknown wonder {name}; did you mean {names}?").format(
                who=who, name=repr(name), names=either(close)
            )
        )
    raise InputError(
        _("{who}: unknown wonder {name}; wonders: {known}").format(
            who=who, name=repr(name), known=", ".join(printed(w.name) for w in cat.wonders)
        )
    )


def _card(
    who: str, name: Any, cat: Catalog, expansions: list[str], known: Names, leader: bool
) -> Card:
    """A building (or, ``leader``, a leader) by name, in any language, with a clear error."""
    if not isinstance(name, str):
        said = (
            _("{who}: a leader must be a name, got {value}")
            if leader
            else _("{who}: a card must be a name, got {value}")
        )
        raise InputError(said.format(who=who, value=repr(name)))
    english = known.card(name)
    found = cat.by_name.get(english.lower()) if english else None
    if found and (found[0].color == LEADER) == leader:
        return found[0]
    if found and leader:
        raise InputError(
            _("{who}: unknown leader {name} ({card} is a card)").format(
                who=who, name=repr(name), card=printed(found[0].name)
            )
        )
    if found:
        raise InputError(
            _("{who}: {card} is a leader: list it under {key}").format(
                who=who, card=printed(found[0].name), key="'leaders'"
            )
        )

    def knows(other: Catalog) -> bool:
        return english is not None and english.lower() in other.by_name

    fields = {"who": who, "name": repr(name), "field": '"expansions"'}
    needed = _needs(expansions, knows)
    if needed:
        said = (
            _(
                "{who}: unknown leader {name} (a name of the {expansion} expansion: add {key} "
                "to {field})"
            )
            if leader
            else _(
                "{who}: unknown card {name} (a name of the {expansion} expansion: add {key} "
                "to {field})"
            )
        )
        raise InputError(
            said.format(expansion=_expansion_name(needed), key=f'"{needed}"', **fields)
        )

    def in_game(english: str) -> bool:
        cards = cat.by_name.get(english.lower())
        return cards is not None and (cards[0].color == LEADER) == leader

    close = _close(name, known.cards, in_game)
    if close:
        said = (
            _("{who}: unknown leader {name}; did you mean {names}?")
            if leader
            else _("{who}: unknown card {name}; did you mean {names}?")
        )
        raise InputError(said.format(names=either(close), **fields))
    said = _("{who}: unknown leader {name}") if leader else _("{who}: unknown card {name}")
    raise InputError(said.format(**fields))


def _city(p: dict[str, Any], cat: Catalog, expansions: list[str], known: Names) -> City:
    """The player's city, built from the sheet and checked against the game's facts."""
    who = p["name"]
    wonder = _wonder(who, p["wonder"], cat, expansions, known)
    side = p["side"]
    letter = SIDE_LETTERS.get(side.strip().upper()) if isinstance(side, str) else None
    if letter is None or letter not in wonder.sides:
        raise InputError(
            _("{who}: {key} must be A or B, got {value}").format(
                who=who, key="side", value=repr(side)
            )
        )
    city = City(wonder, letter)
    stages = _int(who, "stages", p["stages"])
    most = len(city.stages_def)
    if not 0 <= stages <= most:
        raise InputError(
            _("{who}: {key} must be 0 to {most} for {wonder} {side}, got {n}").format(
                who=who,
                key="stages",
                most=most,
                wonder=printed(wonder.name),
                side=city.side,
                n=stages,
            )
        )
    for _stage in range(stages):
        city.build_stage(None)
    cards = p["cards"]
    if not isinstance(cards, list):
        raise InputError(
            _("{who}: {key} must be a list of card names, got {value}").format(
                who=who, key="cards", value=repr(cards)
            )
        )
    for name in cards:
        card = _card(who, name, cat, expansions, known, leader=False)
        if city.has_name(card):
            raise InputError(
                _("{who}: {card} is listed twice (a city has one of each)").format(
                    who=who, card=printed(card.name)
                )
            )
        city.add_card(card)
    coins = _int(who, "coins", p["coins"])
    if coins < 0:
        raise InputError(
            _("{who}: {key} cannot be negative, got {n}").format(who=who, key="coins", n=coins)
        )
    city.coins = coins
    city.tokens = _military(who, p["military"], tomyris="leaders" in expansions)
    recruited = p.get("leaders", [])
    if not isinstance(recruited, list):
        raise InputError(
            _("{who}: {key} must be a list of leader names, got {value}").format(
                who=who, key="leaders", value=repr(recruited)
            )
        )
    for name in recruited:
        leader = _card(who, name, cat, expansions, known, leader=True)
        if city.has_leader(leader.name):
            raise InputError(
                _("{who}: {leader} is listed twice").format(who=who, leader=printed(leader.name))
            )
        city.add_leader(leader)
    debt = _int(who, "debt", p.get("debt", 0))
    if debt < 0:
        raise InputError(
            _("{who}: {key} (debt tokens held) cannot be negative, got {n}").format(
                who=who, key="debt", n=debt
            )
        )
    city.debt = debt
    return city


def _military(who: str, military: Any, tomyris: bool = False) -> list[int]:
    """The conflict tokens: at most one a conflict, but with Leaders Tomyris' defeat tokens
    may come on top of a winner's victory tokens (one more for each such win)."""
    if not isinstance(military, list):
        raise InputError(
            _("{who}: {key} must be a list of token values, got {value}").format(
                who=who, key="military", value=repr(military)
            )
        )
    for token in military:
        if not isinstance(token, int) or isinstance(token, bool):
            raise InputError(
                _("{who}: a military token must be a whole number, got {value}").format(
                    who=who, value=repr(token)
                )
            )
        if token not in TOKEN_VALUES:
            raise InputError(
                _("{who}: there is no military token {token}; tokens: {allowed}").format(
                    who=who, token=token, allowed=", ".join(map(str, TOKEN_VALUES))
                )
            )
    wins = sum(1 for t in military if t > 0)
    if len(military) > CONFLICTS + (wins if tomyris else 0):
        raise InputError(
            _("{who}: {tokens}, but a game has only {conflicts}").format(
                who=who,
                tokens=ngettext("{n} military token", "{n} military tokens", len(military)).format(
                    n=len(military)
                ),
                conflicts=ngettext("{n} conflict", "{n} conflicts", CONFLICTS).format(n=CONFLICTS),
            )
        )
    for value in VICTORY_TOKEN.values():
        if military.count(value) > 2:
            raise InputError(
                _("{who}: more than two victory tokens of {value} (two neighbours)").format(
                    who=who, value=value
                )
            )
    return list(military)
