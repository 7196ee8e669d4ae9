"""Cards and wonder boards of 7 Wonders, loaded from data/*.toml and validated.

The effect vocabulary (a card or wonder stage has a list of these):

- ``produce`` resources=[...]: fixed production, one unit per entry.
- ``produce_choice`` options=[...]: one unit of any one option each turn.
- ``trade_discount`` resources=[...], sides=[left|right]: buy those for 1 coin there.
- ``coins`` coins=n: coins from the bank once, when built.
- ``points`` points=n: victory points at the end.
- ``shields`` shields=n: military strength.
- ``science`` symbol=compass|gear|tablet|any (any: chosen at game end).
- ``coins_per`` / ``points_per`` coins|points=n, count=[what], whose=[self|left|right]:
  n per counted thing, once when built (coins) or at the end (points). ``what`` is a card
  colour, ``wonder_stages`` or ``defeat_tokens``.
- Wonder powers: ``free_build_per_age`` (Olympia A), ``play_last_card`` (Babylon B),
  ``build_from_discard`` (Halicarnassus), ``copy_guild`` (Olympia B).

Leaders (``data/leaders.toml``, used with the Leaders expansion only) add white cards costing
coins only, four guilds and Roma's board, with these further entries:

- ``points_per`` may also count ``white`` (recruited leaders) and ``victory_tokens``.
- ``points_per_set`` points=n, count=[colours]: n per complete set of one card of each colour.
- ``points_per_coins`` points=n: n per 3 coins in the treasury at the end (Midas, Gamers).
- ``science_set_bonus`` points=n: n more per set of three different science symbols.
- ``cost_discount`` target=colour|wonder: those cost one resource less (the player's pick).
- ``coins_on_build`` coins=n, count=[colour]: n coins per such card built later (Xenophon);
  ``coins_on_chain`` coins=n (Vitruvius); ``coins_on_victory`` coins=n (Nero).
- Named leader effects: ``free_leaders`` (Maecenas, Roma A's board), ``bank_resource``
  (Bilkis), ``trade_rebate`` (Hatshepsut), ``free_guilds`` (Ramses), ``build_from_discard``
  (Solomon), ``defeats_to_winner`` (Tomyris); ``copy_leader`` (Courtesans Guild).
- Roma: board ``leader_discount`` coins=n, whose=[self|left|right]; stage powers
  ``draw_leaders`` amount=n and ``recruit_leader``.

Cities (``data/cities.toml``, with the Cities expansion only) adds black cards (no copies:
drawn at random each Age), three guilds, six leaders (with Leaders on too), Petra and
Byzantium, and these entries:

- ``lose_coins`` coins=n: every other city loses n coins (paid or taken as debt at the end
  of the turn); ``lose_coins_per`` coins=n, count=[victory_tokens|wonder_stages]: n per such
  thing of the losing city's own.
- ``diplomacy``: a diplomacy token; ``mask``: copies a neighbour's green symbol at the end.
- ``neighbours_coins`` coins=n: each neighbour takes n coins from the bank (Gambling Den).
- ``first_trade_discount`` sides=[left|right]: the first purchase there each turn costs 1 less.
- ``produce_owned`` / ``produce_unowned``: one unit a turn of a resource the board and the
  brown and grey cards do (Secret Warehouse) / do not (Black Market) produce.
- ``free_stage_resources``: wonder stages cost no resources from now on (Architect Cabinet).
- Leaders: ``bank_bonus`` (Berenice), ``free_black_per_age`` (Caligula),
  ``defeats_as_shields`` (Semiramis); ``coins_on_build`` may count ``black`` (Diocletian).
- A wonder stage may cost coins (``cost = { coins = n }``, Petra).

Who may buy what is a rule, not data: a neighbour sells only what its board and its brown
and grey cards produce (never yellow cards or wonder stages).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from wonders.core.datafiles import load_toml
from wonders.core.errors import DataError

RESOURCES: tuple[str, ...] = ("wood", "stone", "clay", "ore", "glass", "loom", "papyrus")
RAW = (0, 1, 2, 3)
MANUFACTURED = (4, 5, 6)
RES_INDEX = {name: i for i, name in enumerate(RESOURCES)}
COLORS = ("brown", "grey", "blue", "green", "yellow", "red", "purple", "black")
SYMBOLS = ("compass", "gear", "tablet")
ANY_SYMBOL = -1
SIDES = ("left", "right")
COUNTABLES = (*COLORS, "wonder_stages", "defeat_tokens", "victory_tokens")
LEADER_COUNTABLES = (*COUNTABLES, "white")
LOSS_COUNTABLES = ("victory_tokens", "wonder_stages")
CITIES_POWERS = ("diplomacy", "mask", "produce_owned", "produce_unowned", "free_stage_resources")
CITIES_LEADER_POWERS = ("bank_bonus", "free_black_per_age", "defeats_as_shields")
WONDER_POWERS = ("free_build_per_age", "play_last_card", "build_from_discard", "copy_guild")
ROMA_POWERS = ("draw_leaders", "recruit_leader")
STAGE_POWERS = (*WONDER_POWERS, *ROMA_POWERS)
LEADER_POWERS = (
    "free_leaders",
    "bank_resource",
    "trade_rebate",
    "free_guilds",
    "build_from_discard",
    "defeats_to_winner",
)
DISCOUNT_TARGETS = ("brown", "grey", "blue", "green", "yellow", "red", "purple", "wonder")
LEADER = "white"
BLACK = "black"
EXPANSIONS = ("cities", "leaders")
MIN_PLAYERS, MAX_PLAYERS = 3, 7
CITIES_MAX_PLAYERS = 8  # 8 players only with Cities

Vector = tuple[int, ...]  # one count per resource, in RESOURCES order
ZERO: Vector = (0,) * 7
Choices = tuple[tuple[int, ...], ...]  # either/or sources: the resources of each option


@dataclass(frozen=True)
class Effect:
    """One entry of the effect vocabulary; unused fields keep their defaults."""

    type: str
    amount: int = 0  # coins / points / shields
    resources: tuple[int, ...] = ()  # produce units, choice options, discounted resources
    sides: tuple[str, ...] = ()
    symbol: int = 0
    count: tuple[str, ...] = ()
    whose: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        if self.type == "produce":
            out["resources"] = [RESOURCES[r] for r in self.resources]
        elif self.type in ("produce_choice", "trade_discount"):
            key = "options" if self.type == "produce_choice" else "resources"
            out[key] = [RESOURCES[r] for r in self.resources]
            if self.sides:
                out["sides"] = list(self.sides)
        elif self.type in ("coins", "points", "shields"):
            out[self.type] = self.amount
        elif self.type == "science":
            out["symbol"] = "any" if self.symbol == ANY_SYMBOL else SYMBOLS[self.symbol]
        elif self.type in ("coins_per", "points_per"):
            out["coins" if self.type == "coins_per" else "points"] = self.amount
            out["count"] = list(self.count)
            out["whose"] = list(self.whose)
        elif self.type in ("points_per_set", "points_per_coins", "science_set_bonus"):
            out["points"] = self.amount
            if self.count:
                out["count"] = list(self.count)
        elif self.type == "cost_discount":
            out["target"] = self.count[0]
        elif self.type in ("coins_on_build", "coins_on_chain", "coins_on_victory"):
            out["coins"] = self.amount
            if self.count:
                out["count"] = list(self.count)
        elif self.type == "leader_discount":
            out["coins"] = self.amount
            out["whose"] = list(self.whose)
        elif self.type == "draw_leaders":
            out["amount"] = self.amount
        elif self.type in ("lose_coins", "lose_coins_per", "neighbours_coins"):
            out["coins"] = self.amount
            if self.count:
                out["count"] = list(self.count)
        elif self.type == "first_trade_discount":
            out["sides"] = list(self.sides)
        return out


@dataclass(frozen=True)
class Card:
    """A card type (one name in one Age); physical copies are listed in ``copies``."""

    id: int
    name: str
    age: int
    color: str
    coins: int
    cost: Vector
    chains_from: tuple[str, ...]
    copies: tuple[int, ...]
    effects: tuple[Effect, ...]
    # Facts precomputed at load for the hot path:
    produce: Vector = ZERO
    choices: Choices = ()
    shields: int = 0
    points: int = 0
    science: int | None = None
    coins_now: int = 0
    name_id: int = 0
    chain_ids: frozenset[int] = field(default_factory=frozenset)  # name_ids that chain to it
    chain_mask: int = 0  # chain_ids as a bit mask (City.names)
    produces: bool = False  # any(produce)

    @property
    def is_guild(self) -> bool:
        return self.color == "purple"

    @property
    def tradable(self) -> bool:
        return self.color in ("brown", "grey")

    @property
    def free(self) -> bool:
        return self.coins == 0 and not any(self.cost)

    def to_json(self) -> dict[str, Any]:
        if self.color == LEADER:
            return {
                "name": self.name,
                "age": None,
                "color": LEADER,
                "cost": {"coins": self.coins, "resources": {}},
                "chains_from": [],
                "copies": [],
                "effect": [e.to_json() for e in self.effects],
            }
        return {
            "name": self.name,
            "age": self.age,
            "color": self.color,
            "cost": {
                "coins": self.coins,
                "resources": {RESOURCES[i]: n for i, n in enumerate(self.cost) if n},
            },
            "chains_from": list(self.chains_from),
            "copies": list(self.copies),
            "effect": [e.to_json() for e in self.effects],
        }


@dataclass(frozen=True)
class Stage:
    cost: Vector
    effects: tuple[Effect, ...]
    coins: int = 0  # Petra: a coin cost to the bank
    diplomacy: int = 0
    points: int = 0
    shields: int = 0
    coins_now: int = 0
    choices: tuple[tuple[int, ...], ...] = ()
    powers: tuple[str, ...] = ()
    science: int | None = None


@dataclass(frozen=True)
class Wonder:
    name: str
    wonder: str
    aliases: tuple[str, ...]
    produces: int  # -1: none (Roma)
    sides: dict[str, tuple[Stage, ...]]
    board: dict[str, tuple[Effect, ...]] = field(default_factory=dict)  # powers of a side

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "wonder": self.wonder,
            "produces": RESOURCES[self.produces] if self.produces >= 0 else None,
            "sides": {
                side: [
                    {
                        "cost": {
                            **({"coins": st.coins} if st.coins else {}),
                            **{RESOURCES[i]: n for i, n in enumerate(st.cost) if n},
                        },
                        "effect": [e.to_json() for e in st.effects],
                    }
                    for st in stages
                ]
                for side, stages in self.sides.items()
            },
        }


@dataclass(frozen=True)
class Catalog:
    cards: tuple[Card, ...]
    wonders: tuple[Wonder, ...]
    by_name: dict[str, tuple[Card, ...]]  # a name may exist in two Ages (Loom, Press...)
    name_ids: dict[str, int]
    leaders: tuple[Card, ...] = ()  # the Leaders expansion's white cards (age 0 inside)
    guilds: tuple[Card, ...] = ()  # the purple cards of ``cards``
    blacks: tuple[tuple[Card, ...], ...] = ()  # black cards of ``cards`` by Age (index 0: none)

    def card_named(self, name: str) -> Card:
        """The card of that name (case-insensitive); a clear error if there is none."""
        found = self.by_name.get(name.strip().lower())
        if not found:
            raise KeyError(name)
        return found[0]

    def wonder_named(self, name: str) -> Wonder:
        key = name.strip().lower()
        for w in self.wonders:
            if key == w.name.lower() or key == w.wonder.lower():
                return w
            if any(key == a.lower() for a in w.aliases):
                return w
        raise KeyError(name)


# ---------------------------------------------------------------- loading


def _res(name: Any, where: str) -> int:
    if name not in RES_INDEX:
        raise DataError(f"{where}: unknown resource {name!r}")
    return RES_INDEX[name]


def _int(value: Any, where: str, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise DataError(f"{where}: expected an integer >= {minimum}, got {value!r}")
    return value


def _effect(
    raw: Any, where: str, allow_powers: bool, leaders: bool = False, cities: bool = False
) -> Effect:
    if not isinstance(raw, dict) or "type" not in raw:
        raise DataError(f"{where}: an effect must be a table with a type")
    kind = raw["type"]
    if cities:
        found = _cities_effect(kind, raw, where, leaders)
        if found is not None:
            return found
    if leaders:
        found = _leader_effect(kind, raw, where)
        if found is not None:
            return found
    if kind == "produce":
        units = tuple(_res(r, where) for r in raw.get("resources", []))
        if not units:
            raise DataError(f"{where}: produce needs resources")
        return Effect(kind, resources=units)
    if kind == "produce_choice":
        opts = tuple(_res(r, where) for r in raw.get("options", []))
        if len(opts) < 2 or len(set(opts)) != len(opts):
            raise DataError(f"{where}: produce_choice needs two or more distinct options")
        return Effect(kind, resources=opts)
    if kind == "trade_discount":
        opts = tuple(_res(r, where) for r in raw.get("resources", []))
        sides = tuple(raw.get("sides", []))
        if not opts or not sides or any(s not in SIDES for s in sides):
            raise DataError(f"{where}: trade_discount needs resources and sides left/right")
        return Effect(kind, resources=opts, sides=sides)
    if kind in ("coins", "points", "shields"):
        return Effect(kind, amount=_int(raw.get(kind), f"{where} {kind}", 1))
    if kind == "science":
        symbol = raw.get("symbol")
        if symbol == "any":
            return Effect(kind, symbol=ANY_SYMBOL)
        if symbol not in SYMBOLS:
            raise DataError(f"{where}: unknown science symbol {symbol!r}")
        return Effect(kind, symbol=SYMBOLS.index(symbol))
    if kind in ("coins_per", "points_per"):
        key = "coins" if kind == "coins_per" else "points"
        count = tuple(raw.get("count", []))
        whose = tuple(raw.get("whose", []))
        if not count or any(c not in COUNTABLES for c in count):
            raise DataError(f"{where}: {kind} count must name {', '.join(COUNTABLES)}")
        if not whose or any(w not in ("self", "left", "right") for w in whose):
            raise DataError(f"{where}: {kind} whose must be self/left/right")
        return Effect(
            kind, amount=_int(raw.get(key), f"{where} {key}", 1), count=count, whose=whose
        )
    if kind in WONDER_POWERS and allow_powers:
        return Effect(kind)
    raise DataError(f"{where}: unknown effect type {kind!r}")


def _cities_effect(kind: str, raw: dict[str, Any], where: str, leaders: bool) -> Effect | None:
    """The Cities expansion's entries of the vocabulary (None: not one of them)."""
    if kind in ("lose_coins", "neighbours_coins"):
        return Effect(kind, amount=_int(raw.get("coins"), f"{where} coins", 1))
    if kind == "lose_coins_per":
        count = tuple(raw.get("count", []))
        if len(count) != 1 or count[0] not in LOSS_COUNTABLES:
            raise DataError(f"{where}: lose_coins_per counts one of {', '.join(LOSS_COUNTABLES)}")
        return Effect(kind, amount=_int(raw.get("coins"), f"{where} coins", 1), count=count)
    if kind == "first_trade_discount":
        sides = tuple(raw.get("sides", []))
        if len(sides) != 1 or sides[0] not in SIDES:
            raise DataError(f"{where}: first_trade_discount needs one side, left or right")
        return Effect(kind, sides=sides)
    if kind in CITIES_POWERS or (leaders and kind in CITIES_LEADER_POWERS):
        return Effect(kind)
    return None


def _leader_effect(kind: str, raw: dict[str, Any], where: str) -> Effect | None:
    """The Leaders expansion's entries of the vocabulary (None: not one of them)."""
    if kind == "points_per":
        count = tuple(raw.get("count", []))
        whose = tuple(raw.get("whose", []))
        if not count or any(c not in LEADER_COUNTABLES for c in count):
            raise DataError(f"{where}: points_per count must name {', '.join(LEADER_COUNTABLES)}")
        if not whose or any(w not in ("self", "left", "right") for w in whose):
            raise DataError(f"{where}: points_per whose must be self/left/right")
        return Effect(kind, amount=_int(raw.get("points"), where, 1), count=count, whose=whose)
    if kind in ("points_per_set", "points_per_coins", "science_set_bonus"):
        count = tuple(raw.get("count", []))
        if kind == "points_per_set" and (len(count) < 2 or any(c not in COLORS for c in count)):
            raise DataError(f"{where}: points_per_set needs two or more colours")
        return Effect(kind, amount=_int(raw.get("points"), where, 1), count=count)
    if kind == "cost_discount":
        target = raw.get("target")
        if target not in DISCOUNT_TARGETS:
            raise DataError(f"{where}: cost_discount target must be a colour or wonder")
        return Effect(kind, amount=1, count=(target,))
    if kind in ("coins_on_build", "coins_on_chain", "coins_on_victory"):
        count = tuple(raw.get("count", []))
        if (kind == "coins_on_build") != bool(count) or any(c not in COLORS for c in count):
            raise DataError(f"{where}: only coins_on_build counts colours, and must")
        return Effect(kind, amount=_int(raw.get("coins"), where, 1), count=count)
    if kind in LEADER_POWERS or kind == "copy_leader":
        return Effect(kind)
    if kind == "leader_discount":
        whose = tuple(raw.get("whose", []))
        if not whose or any(w not in ("self", "left", "right") for w in whose):
            raise DataError(f"{where}: leader_discount whose must be self/left/right")
        return Effect(kind, amount=_int(raw.get("coins"), where, 1), whose=whose)
    if kind == "draw_leaders":
        return Effect(kind, amount=_int(raw.get("amount"), where, 1))
    if kind == "recruit_leader":
        return Effect(kind)
    return None


def _vector(raw: Any, where: str) -> Vector:
    if not isinstance(raw, dict):
        raise DataError(f"{where}: resources must be a table")
    vec = [0] * 7
    for name, n in raw.items():
        vec[_res(name, where)] += _int(n, f"{where} {name}", 1)
    return tuple(vec)


def _facts(effects: tuple[Effect, ...]) -> dict[str, Any]:
    produce = [0] * 7
    choices: list[tuple[int, ...]] = []
    facts: dict[str, Any] = {"shields": 0, "points": 0, "science": None, "coins_now": 0}
    for e in effects:
        if e.type == "produce":
            for r in e.resources:
                produce[r] += 1
        elif e.type == "produce_choice":
            choices.append(e.resources)
        elif e.type == "shields":
            facts["shields"] += e.amount
        elif e.type == "points":
            facts["points"] += e.amount
        elif e.type == "science":
            facts["science"] = e.symbol
        elif e.type == "coins":
            facts["coins_now"] += e.amount
    facts["produce"] = tuple(produce)
    facts["produces"] = any(produce)
    facts["choices"] = tuple(choices)
    return facts


def parse_catalog(
    card_doc: dict[str, Any],
    wonder_doc: dict[str, Any],
    leader_doc: dict[str, Any] | None = None,
    cities_doc: dict[str, Any] | None = None,
) -> Catalog:
    """Build and validate a catalogue from parsed TOML documents (with Leaders' and Cities'
    if given; Cities' leaders join only when Leaders' are there too)."""
    raw_cards = card_doc.get("card")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise DataError("cards data has no [[card]] entries")
    ext = leader_doc is not None
    cities = cities_doc is not None
    if leader_doc is not None:
        guilds = leader_doc.get("guild")
        if not isinstance(guilds, list) or not guilds:
            raise DataError("leaders data has no [[guild]] entries")
        raw_cards = [*raw_cards, *guilds]
    if cities_doc is not None:
        black = cities_doc.get("card")
        if not isinstance(black, list) or not black:
            raise DataError("cities data has no [[card]] entries")
        raw_cards = [*raw_cards, *black]
    name_ids: dict[str, int] = {}
    staged: list[dict[str, Any]] = []
    seen: set[tuple[str, int]] = set()
    for i, raw in enumerate(raw_cards):
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
            raise DataError(f"card #{i} has no name")
        name = raw["name"]
        where = f"card {name!r}"
        age = _int(raw.get("age"), f"{where} age", 1)
        if age > 3:
            raise DataError(f"{where}: age must be 1, 2 or 3")
        if (name, age) in seen:
            raise DataError(f"{where}: listed twice in Age {age}")
        seen.add((name, age))
        color = raw.get("color")
        if color not in COLORS:
            raise DataError(f"{where}: unknown colour {color!r}")
        cost = raw.get("cost", {})
        if not isinstance(cost, dict) or set(cost) - {"coins", "resources"}:
            raise DataError(f"{where}: cost must have only coins and resources")
        coins = _int(cost.get("coins", 0), f"{where} cost")
        vec = _vector(cost.get("resources", {}), where)
        copies = raw.get("copies", [])
        if color == "purple":
            if copies or age != 3:
                raise DataError(f"{where}: guilds are Age III cards drawn at random, no copies")
        elif color == BLACK:
            if copies or raw.get("chains_from"):
                raise DataError(f"{where}: black cards are drawn at random: no copies, no chains")
        elif not copies:
            raise DataError(f"{where}: needs copies (minimum player count per copy)")
        copies_t = tuple(_int(c, f"{where} copies", MIN_PLAYERS) for c in copies)
        if any(c > MAX_PLAYERS for c in copies_t):
            raise DataError(f"{where}: copies must be between {MIN_PLAYERS} and {MAX_PLAYERS}")
        effects_raw = raw.get("effects")
        if not isinstance(effects_raw, list) or not effects_raw:
            raise DataError(f"{where}: needs effects")
        effects = tuple(
            _effect(e, where, allow_powers=False, leaders=ext, cities=cities) for e in effects_raw
        )
        chains = raw.get("chains_from", [])
        if not isinstance(chains, list) or not all(isinstance(c, str) for c in chains):
            raise DataError(f"{where}: chains_from must be a list of names")
        name_ids.setdefault(name, len(name_ids))
        staged.append(
            dict(
                name=name,
                age=age,
                color=color,
                coins=coins,
                cost=vec,
                chains_from=tuple(chains),
                copies=copies_t,
                effects=effects,
            )
        )
    ages_of: dict[str, set[int]] = {}
    for s in staged:
        ages_of.setdefault(s["name"], set()).add(s["age"])
    cards: list[Card] = []
    for i, s in enumerate(staged):
        for target in s["chains_from"]:
            if target not in ages_of:
                raise DataError(f"card {s['name']!r}: chains from unknown card {target!r}")
            if min(ages_of[target]) >= s["age"]:
                raise DataError(f"card {s['name']!r}: chains from a card of a later Age")
        chain_ids = frozenset(name_ids[t] for t in s["chains_from"])
        chain_mask = sum(1 << t for t in chain_ids)
        cards.append(
            Card(
                id=i,
                name_id=name_ids[s["name"]],
                chain_ids=chain_ids,
                chain_mask=chain_mask,
                **s,
                **_facts(s["effects"]),
            )
        )
    by_name: dict[str, tuple[Card, ...]] = {}
    for c in cards:
        by_name[c.name.lower()] = (*by_name.get(c.name.lower(), ()), c)
    _check_counts(cards)
    if sum(1 for c in cards if c.color == BLACK) not in (0, 27):
        raise DataError("the Cities expansion has 27 black cards (9 an Age)")
    for age in (1, 2, 3):
        if cities and sum(1 for c in cards if c.color == BLACK and c.age == age) != 9:
            raise DataError(f"the Cities expansion has 9 black cards in Age {age}")
    wonders = _parse_wonders(wonder_doc)
    leaders: tuple[Card, ...] = ()
    if leader_doc is not None:
        wonders += _parse_wonders({"wonder": leader_doc.get("wonder")}, leaders=True)
        docs = [leader_doc]
        if cities_doc is not None:
            docs.append(cities_doc)
        leaders = _parse_leaders(docs, len(cards), name_ids, cities)
        for c in leaders:
            by_name[c.name.lower()] = (c,)
    if cities_doc is not None:
        wonders += _parse_wonders({"wonder": cities_doc.get("wonder")}, cities=True)
    guilds = tuple(c for c in cards if c.is_guild)
    blacks = tuple(tuple(c for c in cards if c.age == age and c.color == BLACK) for age in range(4))
    return Catalog(tuple(cards), wonders, by_name, name_ids, leaders, guilds, blacks)


def _parse_leaders(
    docs: list[dict[str, Any]], first_id: int, name_ids: dict[str, int], cities: bool
) -> tuple[Card, ...]:
    raw_leaders = []
    for doc in docs:
        found = doc.get("leader")
        if not isinstance(found, list) or not found:
            raise DataError("leaders data has no [[leader]] entries")
        raw_leaders += found
    out: list[Card] = []
    for i, raw in enumerate(raw_leaders):
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
            raise DataError(f"leader #{i} has no name")
        name = raw["name"]
        where = f"leader {name!r}"
        if name in name_ids:
            raise DataError(f"{where}: the name is already a card's or a leader's")
        if set(raw) - {"name", "cost", "effects"}:
            raise DataError(f"{where}: a leader has only name, cost (coins) and effects")
        effects_raw = raw.get("effects")
        if not isinstance(effects_raw, list) or not effects_raw:
            raise DataError(f"{where}: needs effects")
        effects = tuple(
            _effect(e, where, allow_powers=False, leaders=True, cities=cities) for e in effects_raw
        )
        name_ids[name] = len(name_ids)
        out.append(
            Card(
                id=first_id + i,
                name=name,
                age=0,
                color=LEADER,
                coins=_int(raw.get("cost"), f"{where} cost"),
                cost=ZERO,
                chains_from=(),
                copies=(),
                effects=effects,
                name_id=name_ids[name],
                **_facts(effects),
            )
        )
    return tuple(out)


def _check_counts(cards: list[Card]) -> None:
    """Every player count must deal exactly 7 cards a player in every Age."""
    guilds = sum(1 for c in cards if c.is_guild)
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        for age in (1, 2, 3):
            count = sum(1 for c in cards if c.age == age for m in c.copies if m <= n)
            if age == 3:
                count += n + 2
            if count != 7 * n:
                raise DataError(f"Age {age} deals {count} cards for {n} players, not {7 * n}")
    if guilds < MAX_PLAYERS + 2:
        raise DataError(f"need at least {MAX_PLAYERS + 2} guilds, found {guilds}")


def _parse_wonders(
    doc: dict[str, Any], leaders: bool = False, cities: bool = False
) -> tuple[Wonder, ...]:
    raw_wonders = doc.get("wonder")
    if not isinstance(raw_wonders, list) or not raw_wonders:
        raise DataError("wonders data has no [[wonder]] entries")
    out = []
    for raw in raw_wonders:
        name = raw.get("name")
        if not isinstance(name, str):
            raise DataError("a wonder has no name")
        where = f"wonder {name!r}"
        sides: dict[str, tuple[Stage, ...]] = {}
        board: dict[str, tuple[Effect, ...]] = {}
        for side in ("A", "B"):
            powers_raw = raw.get(f"board_{side}", [])
            if powers_raw and not leaders:
                raise DataError(f"{where}: board powers belong to the Leaders expansion")
            board[side] = tuple(_effect(e, f"{where} {side}", False, leaders) for e in powers_raw)
            stages_raw = raw.get(side)
            if not isinstance(stages_raw, list) or not 2 <= len(stages_raw) <= 4:
                raise DataError(f"{where} side {side}: needs 2 to 4 stages")
            stages = []
            for k, st in enumerate(stages_raw, 1):
                w = f"{where} {side}{k}"
                raw_cost = dict(st.get("cost", {}))
                coins = _int(raw_cost.pop("coins", 0), f"{w} coins") if cities else 0
                cost = _vector(raw_cost, w)
                if not any(cost) and not coins:
                    raise DataError(f"{w}: a wonder stage always costs resources (or coins)")
                effects = tuple(
                    _effect(e, w, allow_powers=True, leaders=leaders, cities=cities)
                    for e in st.get("effects", [])
                )
                if not effects:
                    raise DataError(f"{w}: needs effects")
                f = _facts(effects)
                stages.append(
                    Stage(
                        cost=cost,
                        effects=effects,
                        coins=coins,
                        diplomacy=sum(1 for e in effects if e.type == "diplomacy"),
                        points=f["points"],
                        shields=f["shields"],
                        coins_now=f["coins_now"],
                        choices=f["choices"],
                        powers=tuple(e.type for e in effects if e.type in STAGE_POWERS),
                        science=f["science"],
                    )
                )
            sides[side] = tuple(stages)
        out.append(
            Wonder(
                name=name,
                wonder=str(raw.get("wonder", name)),
                aliases=tuple(raw.get("aliases", [])),
                produces=-1
                if leaders and raw.get("produces") == "none"
                else _res(raw.get("produces"), where),
                sides=sides,
                board=board if any(board.values()) else {},
            )
        )
    return tuple(out)


def catalog() -> Catalog:
    """The base game's catalogue, loaded once."""
    return _catalog(False, False)


def leaders_catalog() -> Catalog:
    """The catalogue with the Leaders expansion: its guilds, Roma and the 36 leaders."""
    return _catalog(True, False)


@cache
def _catalog(leaders: bool, cities: bool) -> Catalog:
    files = ["cards.toml", "wonders.toml"]
    files += ["leaders.toml"] * leaders + ["cities.toml"] * cities
    docs = load_toml("wonders.classic", *files)
    return parse_catalog(
        docs[0], docs[1], docs[2] if leaders else None, docs[-1] if cities else None
    )


def catalog_for(expansions: list[str] | tuple[str, ...]) -> Catalog:
    return _catalog("leaders" in expansions, "cities" in expansions)


def age_deck(cat: Catalog, age: int, players: int) -> list[Card]:
    """The base cards of one Age for a player count (one entry per physical copy; no guild,
    no black card: those are drawn at random)."""
    return [
        c for c in cat.cards if c.age == age and not c.is_guild for m in c.copies if m <= players
    ]


def black_cards(cat: Catalog, age: int) -> list[Card]:
    """The Cities expansion's nine black cards of one Age (none without Cities)."""
    return list(cat.blacks[age])
