"""A 7 Wonders Duel city: its buildings, production, chains, science, wonders, tokens, coins.

Production is kept as vectors (wood, clay, stone, glass, papyrus) so that the trading rule
reads the opponent's brown and grey production directly. A city is copied field by field
(never deep-copied): clones are on the search bots' hot path.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from wonders.duel.cards import COLOR_CATEGORY, COLORS, RESOURCES, DuelCard, DuelWonder, catalog
from wonders.duel.views import CityFields

Vector = tuple[int, ...]


@dataclass(frozen=True)
class CardFacts:
    """A card's facts as the engine uses them (vectors and resource indices)."""

    card: DuelCard
    need: Vector
    produce: Vector
    choice: tuple[int, ...]
    fixed: frozenset[int]


@dataclass(frozen=True)
class WonderFacts:
    wonder: DuelWonder
    need: Vector
    choice: tuple[int, ...]


def _vector(names: dict[str, int] | tuple[str, ...]) -> Vector:
    counts = [0] * len(RESOURCES)
    if isinstance(names, dict):
        for name, n in names.items():
            counts[RESOURCES.index(name)] += n
    else:
        for name in names:
            counts[RESOURCES.index(name)] += 1
    return tuple(counts)


_card_facts: dict[str, CardFacts] | None = None
_wonder_facts: dict[str, WonderFacts] | None = None


def card_facts() -> dict[str, CardFacts]:
    """Every card's facts by name, built once (a module global, not ``functools.cache``:
    a cached call is a slow path in compiled code, and buildings read this)."""
    global _card_facts
    if _card_facts is None:
        _card_facts = _build_card_facts()
    return _card_facts


def wonder_facts() -> dict[str, WonderFacts]:
    """Every wonder's facts by name, built once (as ``card_facts``)."""
    global _wonder_facts
    if _wonder_facts is None:
        _wonder_facts = _build_wonder_facts()
    return _wonder_facts


def _build_card_facts() -> dict[str, CardFacts]:
    return {
        c.name: CardFacts(
            c,
            _vector(c.cost),
            _vector(c.produce),
            tuple(RESOURCES.index(r) for r in c.produce_choice),
            frozenset(RESOURCES.index(r) for r in c.trade_at_one),
        )
        for c in catalog().cards
    }


def _build_wonder_facts() -> dict[str, WonderFacts]:
    return {
        w.name: WonderFacts(
            w,
            _vector(w.cost),
            tuple(RESOURCES.index(r) for r in w.effects.get("produce_choice", ())),
        )
        for w in catalog().wonders
    }


_token_effects: dict[str, dict[str, object]] | None = None


def token_effects() -> dict[str, dict[str, object]]:
    """Every progress token's effects by name, as the data declares them (read once)."""
    global _token_effects
    if _token_effects is None:
        _token_effects = {t.name: dict(t.effects) for t in catalog().tokens}
    return _token_effects


@cache
def token_names() -> tuple[str, ...]:
    return tuple(t.name for t in catalog().tokens)


def _plus(a: Vector, b: Vector, sign: int) -> Vector:
    return tuple([x + sign * y for x, y in zip(a, b, strict=True)])


class City:
    """A player's city. The production vectors and the either/or choices are tuples,
    replaced (never changed in place) when a card adds to them, so copies share them.

    ``points`` sums the printed points of its scoring cards (``COLOR_CATEGORY``) and built
    wonders, and ``counted`` names those that score per counted thing (the guilds), so that
    its score (``scoring.total_points``, read at every decision by the learning
    environments) does not go over every card."""

    __slots__ = (
        "blue_waive",
        "brown_grey",
        "built",
        "cards",
        "chain_coins",
        "chains",
        "choices",
        "coins",
        "colors",
        "counted",
        "extra_shields",
        "fixed",
        "points",
        "produce",
        "science",
        "tokens",
        "trade_income",
        "wonder_replay",
        "wonder_waive",
        "wonders",
    )

    def __init__(self, coins: int = 7, source: City | None = None) -> None:
        """A new city with ``coins``, or a copy of ``source`` (a copy constructor: clones are
        on the search bots' hot path, and compiled classes have no cheap ``__new__``)."""
        if source is not None:
            self.cards: list[str] = list(source.cards)
            self.colors: dict[str, int] = dict(source.colors)
            self.produce: Vector = source.produce
            self.brown_grey: Vector = source.brown_grey
            self.choices: tuple[tuple[int, ...], ...] = source.choices
            self.fixed: frozenset[int] = source.fixed
            self.chains: set[str] = set(source.chains)
            self.science: dict[str, int] = dict(source.science)
            self.wonders: list[str] = list(source.wonders)
            self.built: dict[str, str] = dict(source.built)
            self.tokens: list[str] = list(source.tokens)
            self.coins: int = source.coins
            self.points: int = source.points
            self.counted: tuple[str, ...] = source.counted
            self.wonder_waive: int = source.wonder_waive
            self.blue_waive: int = source.blue_waive
            self.chain_coins: int = source.chain_coins
            self.extra_shields: int = source.extra_shields
            self.trade_income: bool = source.trade_income
            self.wonder_replay: bool = source.wonder_replay
            return
        self.cards = []
        self.colors = dict.fromkeys(COLORS, 0)
        self.produce = (0,) * len(RESOURCES)
        self.brown_grey = (0,) * len(RESOURCES)  # what sets the opponent's prices
        self.choices = ()
        self.fixed = frozenset()  # resources bought for 1 coin
        self.chains = set()
        self.science = {}
        self.wonders = []  # the wonders this player drafted, in draft order
        self.built = {}  # built wonder -> the Age card under it
        self.tokens = []
        self.coins = coins
        self.points = 0
        self.counted = ()
        # the progress tokens' lasting effects, summed from the data as tokens are taken
        self.wonder_waive = 0  # resources of the player's choice waived on a wonder
        self.blue_waive = 0  # ... on a blue card
        self.chain_coins = 0  # coins for each card built by its chain
        self.extra_shields = 0  # more shields on each red card built from now on
        self.trade_income = False  # the opponent's coins paid to the bank for resources
        self.wonder_replay = False  # every wonder built gives another turn

    def copy(self) -> City:
        return City(self.coins, self)

    def add_card(self, name: str) -> CardFacts:
        """Put a building in the city (its production, chain and colour); returns its facts."""
        f = card_facts()[name]
        card = f.card
        self.cards.append(name)
        self.colors[card.color] += 1
        if any(f.produce):
            self.produce = _plus(self.produce, f.produce, 1)
            if card.color in ("brown", "grey"):
                self.brown_grey = _plus(self.brown_grey, f.produce, 1)
        if f.choice:
            self.choices = (*self.choices, f.choice)
        if f.fixed:
            self.fixed = self.fixed | f.fixed
        if card.chain_out:
            self.chains.add(card.chain_out)
        if card.science:
            self.science[card.science] = self.science.get(card.science, 0) + 1
        if card.color in COLOR_CATEGORY:
            self.points += card.points
            if card.points_per:
                self.counted = (*self.counted, name)
        return f

    def remove_card(self, name: str) -> None:
        """A brown or grey card destroyed by the opponent's wonder leaves the city."""
        f = card_facts()[name]
        self.cards.remove(name)
        self.colors[f.card.color] -= 1
        self.produce = _plus(self.produce, f.produce, -1)
        self.brown_grey = _plus(self.brown_grey, f.produce, -1)
        if f.card.color in COLOR_CATEGORY:
            self.points -= f.card.points
        if name in self.counted:
            self.counted = tuple([n for n in self.counted if n != name])

    def add_wonder(self, wonder: str, under: str) -> None:
        self.built[wonder] = under
        facts = wonder_facts()[wonder]
        self.points += int(facts.wonder.effects.get("points", 0))
        choice = facts.choice
        if choice:
            self.choices = (*self.choices, choice)

    def add_token(self, token: str) -> None:
        """A progress token joins the city: its lasting effects, as the data declares them
        (its coins once and its points are the turn's and the score's)."""
        self.tokens.append(token)
        effects = token_effects()[token]
        self.wonder_waive += int(effects.get("wonder_discount", 0))  # type: ignore[call-overload]
        self.blue_waive += int(effects.get("blue_discount", 0))  # type: ignore[call-overload]
        self.chain_coins += int(effects.get("chain_coins", 0))  # type: ignore[call-overload]
        self.extra_shields += int(effects.get("extra_shield", 0))  # type: ignore[call-overload]
        self.trade_income = self.trade_income or bool(effects.get("trade_income"))
        self.wonder_replay = self.wonder_replay or bool(effects.get("wonder_replay"))
        symbol = effects.get("science")
        if isinstance(symbol, str):
            self.science[symbol] = self.science.get(symbol, 0) + 1

    def symbols(self) -> int:
        """Different science symbols (Law's token counts)."""
        return len(self.science)

    def count(self, what: str) -> int:
        """A guild's or yellow card's countable: a colour, built wonders or sets of 3 coins."""
        if what == "wonders":
            return len(self.built)
        if what == "coin_sets":
            return self.coins // 3
        return self.colors[what]

    def derived_fields(self) -> frozenset[str]:
        """The either/or production, in the order the city gained it (a city read back
        from JSON gains its cards' and wonders' in another): the same production."""
        return frozenset({"choices"})

    def to_json(self) -> CityFields:
        return {
            "coins": self.coins,
            "cards": list(self.cards),
            "wonders": list(self.wonders),
            "built": dict(self.built),
            "tokens": list(self.tokens),
        }

    @classmethod
    def from_json(cls, data: CityFields) -> City:
        """Rebuild a city from its JSON (production and symbols follow from its cards)."""
        city = cls()
        for name in data["cards"]:
            city.add_card(name)
        city.wonders = list(data["wonders"])
        for wonder, under in data["built"].items():
            city.add_wonder(wonder, under)
        for token in data["tokens"]:
            city.add_token(token)
        city.coins = int(data["coins"])
        return city
