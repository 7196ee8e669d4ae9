"""7 Wonders on the shared protocol: the game a table's options ask for.

The rules live in one module each, and this one composes them:

- ``turn.py``: the base game's turn (3-7 players), with the hooks the variants' parts plug
  into (``Part``) and the base payments (``Trade``);
- ``free_city.py``: the 2-player variant (``{"players": 2}``), the Free City;
- ``leaders.py``: the Leaders expansion (``{"expansions": ["leaders"]}``);
- ``cities.py``: the Cities expansion and its team game (``{"expansions": ["cities"]}``,
  ``{"teams": true}`` at 4, 6 or 8 players);
- ``trade.py``: the payments of a game with either expansion;
- ``sampling.py``: the worlds a player cannot tell apart (``sample_world``).

``setup`` checks the options, deals the wonders and the three Ages' hands from the seed and
starts the game; ``from_json`` reads a saved state back with the parts of its options.
"""

from __future__ import annotations

import random
from typing import Any

from wonders.classic import sampling
from wonders.classic.cards import (
    CITIES_MAX_PLAYERS,
    EXPANSIONS,
    MAX_PLAYERS,
    Card,
    Catalog,
    age_deck,
    black_cards,
    catalog_for,
)
from wonders.classic.cities import CITIES_HAND_SIZE, TEAM_SIZES, Cities
from wonders.classic.city import STARTING_COINS, City
from wonders.classic.free_city import FREE_CITY, FREE_CITY_PLAYERS, FreeCity
from wonders.classic.leaders import LEADERS_COINS, Leaders
from wonders.classic.trade import ExpansionTrade
from wonders.classic.turn import (
    DEFEAT_TOKEN,
    HAND_SIZE,
    SELL_COINS,
    TURNS_PER_AGE,
    VICTORY_TOKEN,
    ClassicState,
    Part,
    Trade,
)
from wonders.core.draws import sample, shuffle
from wonders.core.errors import OptionsError
from wonders.core.i18n import _, every_language, ngettext
from wonders.core.protocol import JSON

__all__ = [
    "DEFEAT_TOKEN",
    "FREE_CITY",
    "FREE_CITY_PLAYERS",
    "SELL_COINS",
    "TEAM_SIZES",
    "TURNS_PER_AGE",
    "VICTORY_TOKEN",
    "ClassicState",
    "from_json",
    "hand_size",
    "normalize_options",
    "setup",
]

MAX_GUILDS = 9  # players + 2, and 9 at 8 players


def normalize_options(options: JSON) -> JSON:
    """Check the options and fill in defaults; an impossible option is an OptionsError."""
    known = {"players", "sides", "wonders", "expansions", "teams"}
    unknown = set(options) - known
    if unknown:
        raise OptionsError(
            ngettext(
                "unknown option {unknown}; known: {known}",
                "unknown options {unknown}; known: {known}",
                len(unknown),
            ).format(unknown=", ".join(sorted(unknown)), known=", ".join(sorted(known)))
        )
    expansions = _expansions(options.get("expansions", []))
    players = options.get("players", 3)
    most = CITIES_MAX_PLAYERS if "cities" in expansions else MAX_PLAYERS
    if not isinstance(players, int) or isinstance(players, bool):
        raise OptionsError(
            _("players must be a whole number, got {players}").format(players=repr(players))
        )
    if players == CITIES_MAX_PLAYERS and most == MAX_PLAYERS:
        raise OptionsError(_("8 players need the Cities expansion"))
    if not FREE_CITY_PLAYERS <= players <= most:
        raise OptionsError(
            _("players must be {free_city_players} to {most}, got {players}").format(
                free_city_players=FREE_CITY_PLAYERS, most=most, players=repr(players)
            )
        )
    teams = options.get("teams", False)
    if not isinstance(teams, bool):
        raise OptionsError(_("teams must be true or false"))
    if teams and "cities" not in expansions:
        raise OptionsError(_("the team game needs the Cities expansion"))
    if teams and players not in TEAM_SIZES:
        raise OptionsError(
            _("the team game is for 4, 6 or 8 players, not {players}").format(players=players)
        )
    cities = players + 1 if players == FREE_CITY_PLAYERS else players
    sides = options.get("sides", "random")
    side_list = [sides] * cities if isinstance(sides, str) else sides
    if isinstance(side_list, list) and len(side_list) == players < cities:
        side_list = [*side_list, "random"]  # the Free City's side
    if not isinstance(side_list, list) or len(side_list) != cities:
        raise OptionsError(_("sides must be A, B, random, or one of those per seat"))
    for s in side_list:
        if s not in ("A", "B", "random"):
            raise OptionsError(_("a side must be A, B or random, got {s}").format(s=repr(s)))
    wonders = options.get("wonders")
    cat = catalog_for(expansions)
    names: list[str | None] = [None] * cities
    if wonders is not None:
        if isinstance(wonders, list) and len(wonders) == players < cities:
            wonders = [*wonders, None]  # the Free City's wonder is dealt at random
        if not isinstance(wonders, list) or len(wonders) != cities:
            raise OptionsError(_("wonders must list one wonder (or null for random) per seat"))
        for i, w in enumerate(wonders):
            if w is None or w == "random":
                continue
            if not isinstance(w, str):
                raise OptionsError(_("seat {i}: a wonder must be a name").format(i=i))
            try:
                names[i] = cat.wonder_named(_english_wonder(cat, w)).name
            except KeyError:
                known_w = ", ".join(x.name for x in cat.wonders)
                raise OptionsError(
                    _("unknown wonder {w}; wonders: {known_w}").format(w=repr(w), known_w=known_w)
                ) from None
        chosen = [n for n in names if n]
        if len(set(chosen)) != len(chosen):
            raise OptionsError(_("two seats cannot have the same wonder"))
    out: JSON = {"players": players, "sides": side_list, "wonders": names}
    if expansions:
        out["expansions"] = expansions
    if teams:
        out["teams"] = True
    return out


def _english_wonder(cat: Catalog, name: str) -> str:
    """A wonder's name as the catalogue knows it, from its name in any of the languages
    (``name`` itself when no translation matches)."""
    every = [w.name for w in cat.wonders] + [w.wonder for w in cat.wonders]
    return every_language("classic", every).get(name.strip().casefold(), name)


def _expansions(raw: Any) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(e, str) for e in raw):
        raise OptionsError(_("expansions must be a list of names"))
    out = []
    for name in raw:
        key = name.strip().lower()
        if key not in EXPANSIONS:
            raise OptionsError(
                _("unknown expansion {name}; expansions: {expansions}").format(
                    name=repr(name), expansions=", ".join(EXPANSIONS)
                )
            )
        if key not in out:
            out.append(key)
    return sorted(out)


def setup(options: JSON, seed: int) -> ClassicState:
    """A new game: wonders and sides dealt, the three Ages' hands dealt from the seed."""
    opts = normalize_options(options)
    players = opts["players"]
    expansions = opts.get("expansions", [])
    n = len(opts["sides"])  # cities: the players, and the Free City at 2 players
    cat = catalog_for(expansions)
    rng = random.Random(seed)
    free = [w for w in cat.wonders if w.name not in opts["wonders"]]
    shuffle(rng, free)
    cities = []
    for seat in range(n):
        name = opts["wonders"][seat]
        wonder = cat.wonder_named(name) if name else free.pop()
        side = opts["sides"][seat]
        if side == "random":
            side = rng.choice(("A", "B"))
        leaders = "leaders" in expansions and seat < players
        cities.append(City(wonder, side, LEADERS_COINS if leaders else STARTING_COINS))
    ages: list[list[list[Card]]] = []
    size = hand_size(opts)
    for age in (1, 2, 3):
        deck = age_deck(cat, age, n)
        if "cities" in expansions:
            deck += sample(rng, black_cards(cat, age), min(n, MAX_PLAYERS))
        if age == 3:
            deck += sample(rng, list(cat.guilds), min(n + 2, MAX_GUILDS))
        shuffle(rng, deck)
        ages.append([deck[i * size : (i + 1) * size] for i in range(n)])
    parts, trade = variant_parts(opts)
    state = ClassicGame(cat, opts, seed, cities, ages, size, parts, trade)
    state.start(rng)
    return state


def variant_parts(options: JSON) -> tuple[list[Part], Trade]:
    """The parts a game's (normalized) options turn on, in the order the base turn asks
    them (the Free City, Leaders, Cities), and its payments (the expansions' with either
    expansion)."""
    players = options["players"]
    n = len(options["sides"])
    expansions = options.get("expansions", [])
    parts: list[Part] = []
    if n > players:
        parts.append(FreeCity(n))
    if "leaders" in expansions:
        parts.append(Leaders(players))
    if "cities" in expansions:
        parts.append(Cities(bool(options.get("teams")), n))
    return parts, ExpansionTrade() if expansions else Trade()


def hand_size(options: JSON) -> int:
    """Cards dealt a hand: 7, 8 with Cities, 7 again at 8 players (one turn fewer)."""
    if "cities" in options.get("expansions", []) and options["players"] < CITIES_MAX_PLAYERS:
        return CITIES_HAND_SIZE
    return HAND_SIZE


class ClassicGame(ClassicState):
    """Every 7 Wonders game: the base turn with the parts its options turn on, and the
    search's sampling of the worlds a player cannot tell apart."""

    def sample_world(self, player: int, rng: random.Random) -> ClassicState:
        return sampling.sample_world(self, player, rng)

    @classmethod
    def from_json(cls, data: JSON) -> ClassicState:
        parts, trade = variant_parts(data["options"])
        return cls.load(data, hand_size(data["options"]), parts, trade)


def from_json(data: JSON) -> ClassicState:
    """A state saved by ``to_json``."""
    return ClassicGame.from_json(data)
