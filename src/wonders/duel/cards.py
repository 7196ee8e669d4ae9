"""7 Wonders Duel: cards, wonders and progress tokens, loaded from data/*.toml and validated.

The rules engine (state.py) reads these through city.py's per-card facts.
A card's effects are fields of its table (see the comment at the top of data/cards.toml);
chains link cards by symbol: a card with ``chain_in`` S is free for a city holding the card
whose ``chain_out`` is S.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from wonders.core.datafiles import load_toml
from wonders.core.errors import DataError

RESOURCES = ("wood", "clay", "stone", "glass", "papyrus")
COLORS = ("brown", "grey", "blue", "green", "yellow", "red", "purple")
# the colours whose cards score, by the score pad's category (the others' points are none)
COLOR_CATEGORY = {"blue": "civilian", "green": "science", "yellow": "commerce", "purple": "guilds"}
SCIENCE = ("globe", "wheel", "sundial", "mortar", "plumb", "quill", "law")
COUNTABLES = (*COLORS, "wonders", "coin_sets")
AGE_SIZES = {1: 23, 2: 23, 3: 20}
GUILDS, WONDERS, TOKENS = 7, 12, 10

CARD_FIELDS = {
    "name", "age", "color", "cost", "chain_in", "chain_out", "produce", "produce_choice",
    "trade_at_one", "coins", "coins_per", "points", "points_per", "shields", "science",
}  # fmt: skip
WONDER_FIELDS = {
    "name", "cost", "coins", "opponent_loses", "replay", "points", "shields", "destroy",
    "produce_choice", "build_from_discard", "progress_from_box",
}  # fmt: skip
TOKEN_FIELDS = {
    "name", "coins", "points", "science", "wonder_discount", "blue_discount", "trade_income",
    "points_per_token", "extra_shield", "wonder_replay", "chain_coins",
}  # fmt: skip
# the token fields that count (whole numbers, 0 or more) and those that are on or off
TOKEN_COUNTS = (
    "coins", "points", "wonder_discount", "blue_discount", "points_per_token", "extra_shield",
    "chain_coins",
)  # fmt: skip
TOKEN_SWITCHES = ("trade_income", "wonder_replay")


@dataclass(frozen=True)
class Counted:
    """coins_per / points_per: ``amount`` per counted thing in ``whose`` (self or most)."""

    amount: int
    count: tuple[str, ...]
    whose: str


@dataclass(frozen=True)
class DuelCard:
    name: str
    age: int
    color: str
    coins_cost: int
    cost: dict[str, int]
    chain_in: str | None = None
    chain_out: str | None = None
    produce: tuple[str, ...] = ()
    produce_choice: tuple[str, ...] = ()
    trade_at_one: tuple[str, ...] = ()
    coins: int = 0
    coins_per: Counted | None = None
    points: int = 0
    points_per: tuple[Counted, ...] = ()
    shields: int = 0
    science: str | None = None
    chains_from: tuple[str, ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        effect: list[dict[str, Any]] = []
        if self.produce:
            effect.append({"type": "produce", "resources": list(self.produce)})
        if self.produce_choice:
            effect.append({"type": "produce_choice", "options": list(self.produce_choice)})
        if self.trade_at_one:
            effect.append({"type": "trade_at_one", "resources": list(self.trade_at_one)})
        if self.coins:
            effect.append({"type": "coins", "coins": self.coins})
        if self.coins_per:
            c = self.coins_per
            effect.append(
                {"type": "coins_per", "coins": c.amount, "count": list(c.count), "whose": c.whose}
            )
        for p in self.points_per:
            effect.append(
                {"type": "points_per", "points": p.amount, "count": list(p.count), "whose": p.whose}
            )
        return {
            "name": self.name,
            "age": self.age,
            "color": self.color,
            "cost": {"coins": self.coins_cost, "resources": dict(self.cost)},
            "chains_from": list(self.chains_from),
            "copies": [2],
            "effect": effect,
            "chain_in": self.chain_in,
            "chain_out": self.chain_out,
            "science": self.science,
            "shields": self.shields,
            "points": self.points,
        }


@dataclass(frozen=True)
class DuelWonder:
    name: str
    cost: dict[str, int]
    effects: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "cost": dict(self.cost), "effect": dict(self.effects)}


@dataclass(frozen=True)
class ProgressToken:
    name: str
    effects: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "effect": dict(self.effects)}


@dataclass(frozen=True)
class DuelCatalog:
    cards: tuple[DuelCard, ...]
    wonders: tuple[DuelWonder, ...]
    tokens: tuple[ProgressToken, ...]

    def card_named(self, name: str) -> DuelCard:
        key = name.strip().lower()
        for c in self.cards:
            if c.name.lower() == key:
                return c
        raise KeyError(name)


def _int(value: Any, where: str, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise DataError(f"{where}: expected an integer >= {minimum}, got {value!r}")
    return value


def _resources(raw: Any, where: str) -> dict[str, int]:
    if not isinstance(raw, dict):
        raise DataError(f"{where}: resources must be a table")
    for name, n in raw.items():
        if name not in RESOURCES:
            raise DataError(f"{where}: unknown resource {name!r}")
        _int(n, f"{where} {name}", 1)
    return dict(raw)


def _names(raw: Any, allowed: tuple[str, ...], where: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not raw or any(x not in allowed for x in raw):
        raise DataError(f"{where}: expected a list of {', '.join(allowed)}, got {raw!r}")
    return tuple(raw)


def _counted(raw: Any, key: str, where: str) -> Counted:
    if not isinstance(raw, dict) or raw.get("whose") not in ("self", "most"):
        raise DataError(f"{where}: needs {key}, count and whose = self|most")
    count = _names(raw.get("count"), COUNTABLES, where)
    return Counted(_int(raw.get(key), f"{where} {key}", 1), count, raw["whose"])


def _unknown(raw: dict[str, Any], allowed: set[str], where: str) -> None:
    extra = set(raw) - allowed
    if extra:
        raise DataError(f"{where}: unknown field(s) {sorted(extra)}")


def _card(raw: Any) -> DuelCard:
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        raise DataError("a Duel card has no name")
    where = f"Duel card {raw['name']!r}"
    _unknown(raw, CARD_FIELDS, where)
    age = _int(raw.get("age"), f"{where} age", 1)
    if age not in AGE_SIZES:
        raise DataError(f"{where}: age must be 1, 2 or 3")
    color = raw.get("color")
    if color not in COLORS:
        raise DataError(f"{where}: unknown colour {color!r}")
    cost = raw.get("cost", {})
    if not isinstance(cost, dict) or set(cost) - {"coins", "resources"}:
        raise DataError(f"{where}: cost must have only coins and resources")
    science = raw.get("science")
    if science is not None and science not in SCIENCE[:-1]:
        raise DataError(f"{where}: unknown science symbol {science!r}")
    points_per = raw.get("points_per", [])
    if isinstance(points_per, dict):
        points_per = [points_per]
    return DuelCard(
        name=raw["name"],
        age=age,
        color=color,
        coins_cost=_int(cost.get("coins", 0), f"{where} cost"),
        cost=_resources(cost.get("resources", {}), where),
        chain_in=raw.get("chain_in"),
        chain_out=raw.get("chain_out"),
        produce=_names(raw["produce"], RESOURCES, where) if "produce" in raw else (),
        produce_choice=(
            _names(raw["produce_choice"], RESOURCES, where) if "produce_choice" in raw else ()
        ),
        trade_at_one=_names(raw["trade_at_one"], RESOURCES, where) if "trade_at_one" in raw else (),
        coins=_int(raw.get("coins", 0), f"{where} coins"),
        coins_per=_counted(raw["coins_per"], "coins", where) if "coins_per" in raw else None,
        points=_int(raw.get("points", 0), f"{where} points"),
        points_per=tuple(_counted(p, "points", where) for p in points_per),
        shields=_int(raw.get("shields", 0), f"{where} shields"),
        science=science,
    )


def parse_catalog(
    cards: dict[str, Any], wonders: dict[str, Any], tokens: dict[str, Any]
) -> DuelCatalog:
    raw_cards = cards.get("card")
    if not isinstance(raw_cards, list):
        raise DataError("Duel cards data has no [[card]] entries")
    parsed = [_card(raw) for raw in raw_cards]
    names = [c.name for c in parsed]
    if len(set(names)) != len(names):
        raise DataError("a Duel card name is listed twice")
    for age, size in AGE_SIZES.items():
        count = sum(1 for c in parsed if c.age == age and c.color != "purple")
        if count != size:
            raise DataError(f"Duel Age {age} has {count} cards, not {size}")
    guilds = sum(1 for c in parsed if c.color == "purple")
    if guilds != GUILDS or any(c.age != 3 for c in parsed if c.color == "purple"):
        raise DataError(f"Duel needs {GUILDS} guilds in Age III, found {guilds}")
    givers = {c.chain_out: c for c in parsed if c.chain_out}
    if len(givers) != sum(1 for c in parsed if c.chain_out):
        raise DataError("two Duel cards give the same chain symbol")
    linked = []
    for c in parsed:
        chains_from: tuple[str, ...] = ()
        if c.chain_in:
            giver = givers.get(c.chain_in)
            if giver is None or giver.age >= c.age:
                raise DataError(f"Duel card {c.name!r}: no earlier card gives {c.chain_in!r}")
            chains_from = (giver.name,)
        linked.append(replace(c, chains_from=chains_from))
    used = {c.chain_in for c in parsed if c.chain_in}
    for symbol, giver in givers.items():
        if symbol not in used:
            raise DataError(f"Duel card {giver.name!r}: no later card uses {symbol!r}")
    symbols = [c.science for c in parsed if c.science]
    for s in SCIENCE[:-1]:
        if symbols.count(s) != 2:
            raise DataError(f"Duel science symbol {s!r} must be on exactly 2 cards")
    return DuelCatalog(tuple(linked), _wonders(wonders), _tokens(tokens))


def _wonders(doc: dict[str, Any]) -> tuple[DuelWonder, ...]:
    raw = doc.get("wonder")
    if not isinstance(raw, list) or len(raw) != WONDERS:
        raise DataError(f"Duel needs {WONDERS} wonders")
    out = []
    for w in raw:
        where = f"Duel wonder {w.get('name')!r}"
        _unknown(w, WONDER_FIELDS, where)
        cost = _resources(w.get("cost"), where)
        if not cost:
            raise DataError(f"{where}: a wonder always costs resources")
        if "destroy" in w and w["destroy"] not in ("brown", "grey"):
            raise DataError(f"{where}: destroys brown or grey cards only")
        if "produce_choice" in w:
            _names(w["produce_choice"], RESOURCES, where)
        effects = {k: v for k, v in w.items() if k not in ("name", "cost")}
        out.append(DuelWonder(str(w["name"]), cost, effects))
    return tuple(out)


def _tokens(doc: dict[str, Any]) -> tuple[ProgressToken, ...]:
    raw = doc.get("token")
    if not isinstance(raw, list) or len(raw) != TOKENS:
        raise DataError(f"Duel needs {TOKENS} progress tokens")
    out = []
    for t in raw:
        where = f"Duel token {t.get('name')!r}"
        _unknown(t, TOKEN_FIELDS, where)
        if "science" in t and t["science"] != "law":
            raise DataError(f"{where}: only Law's symbol is on a token")
        for key in TOKEN_COUNTS:
            if key in t:
                _int(t[key], f"{where} {key}")
        for key in TOKEN_SWITCHES:
            if key in t and not isinstance(t[key], bool):
                raise DataError(f"{where}: {key} must be true or false, got {t[key]!r}")
        out.append(ProgressToken(str(t["name"]), {k: v for k, v in t.items() if k != "name"}))
    return tuple(out)


def load_documents() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    cards, wonders, tokens = load_toml("wonders.duel", "cards.toml", "wonders.toml", "tokens.toml")
    return cards, wonders, tokens


@cache
def catalog() -> DuelCatalog:
    """Duel's catalogue, loaded once."""
    return parse_catalog(*load_documents())
