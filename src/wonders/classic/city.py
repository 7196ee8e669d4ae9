"""A player's city: wonder board, buildings, coins, military tokens.

Production, discounts, shields and science are kept up to date as cards and stages are
added, so the hot path (legal actions) reads ready-made tuples and the payment solver's ids
(``market_key``).

Representation: the buildings' names are one bit mask of ``Card.name_id`` (``names``); the
production (``fixed``, ``choices`` and their tradable parts) is kept in tuples, and the
containers that change rarely (``colors``, ``powers``, ``lp``, the discounts) are replaced
when they change, never changed in place, so that ``clone`` shares all of them and copies
only the lists (cards, tokens, science).
"""

from __future__ import annotations

from wonders.classic.cards import (
    ANY_SYMBOL,
    CITIES_POWERS,
    Card,
    Choices,
    Effect,
    Stage,
    Vector,
    Wonder,
)
from wonders.classic.payments import Market, MarketKey, prices_id, source_id

STARTING_COINS = 3
CITY_EFFECTS = (*CITIES_POWERS, "first_trade_discount")  # kept by _cities_effect
TRADE_PRICE = 2
PRODUCTION_ORDER = frozenset(
    {"choices", "trade_choices", "own_key", "trade_key", "own_id", "trade_id"}
)
DISCOUNT_PRICE = 1


class City:
    __slots__ = (
        "black_market",
        "buried",
        "caligula_age",
        "cards",
        "choices",
        "coins",
        "colors",
        "copied",
        "debt",
        "diplomacy",
        "discount_left",
        "discount_right",
        "docks",
        "fixed",
        "free_build_age",
        "leaders",
        "lp",
        "masks",
        "names",
        "own_id",
        "own_key",
        "powers",
        "price_left",
        "price_right",
        "prices_id",
        "science",
        "shields",
        "side",
        "stages",
        "stages_def",
        "tokens",
        "trade_choices",
        "trade_fixed",
        "trade_id",
        "trade_key",
        "trade_used",
        "warehouse",
        "wilds",
        "wonder",
    )

    def __init__(
        self, wonder: Wonder, side: str, coins: int = STARTING_COINS, copy_of: City | None = None
    ) -> None:
        if copy_of is not None:  # clone(): compiled classes have no bare __new__
            self._copy(copy_of)
            return
        self.wonder = wonder
        self.side = side
        self.stages_def: tuple[Stage, ...] = wonder.sides[side]
        self.stages = 0
        self.cards: list[Card] = []
        self.names = 0  # bit mask of the buildings' Card.name_id
        self.coins = coins
        self.tokens: list[int] = []
        self.buried: list[Card] = []  # cards under built stages (face down)
        fixed = [0] * 7
        if wonder.produces >= 0:  # Roma produces nothing
            fixed[wonder.produces] = 1
        self.fixed: Vector = tuple(fixed)
        self.choices: Choices = ()
        self.trade_fixed: Vector = self.fixed
        self.trade_choices: Choices = ()
        self.shields = 0
        # replaced, never changed in place (clones share them)
        self.discount_left: frozenset[int] = frozenset()
        self.discount_right: frozenset[int] = frozenset()
        self.colors: dict[str, int] = {}
        self.science = [0, 0, 0]
        self.wilds = 0
        self.powers: frozenset[str] = frozenset()
        self.free_build_age = 0  # the Age in which Olympia A's free build was used
        self.leaders: list[Card] = []  # recruited leaders (face up)
        self.copied: Card | None = None  # the leader the Courtesans Guild copies
        self.lp: dict[str, int] = {}  # leader powers and amounts (see add_leader)
        # Cities
        self.debt = 0  # debt tokens (-1 VP each), never repaid
        self.diplomacy = 0  # diplomacy tokens held
        self.masks = 0
        self.docks = (0, 0)  # Clandestine Docks: first purchase left / right costs 1 less
        # once-a-turn powers used this turn: the docks (bit 1 left, 2 right), Bilkis and
        # Hatshepsut's coins (the other bits: state.BILKIS_USED, HATSHEPSUT_LEFT/RIGHT)
        self.trade_used = 0
        self.warehouse = 0  # Secret Warehouse cards
        self.black_market = 0  # Black Market cards
        self.caligula_age = 0  # the Age in which Caligula's free black card was built
        for e in wonder.board.get(side, ()):
            if e.type == "leader_discount":
                key = "leader_discount" if "self" in e.whose else "neighbour_leader_discount"
                self.lp[key] = self.lp.get(key, 0) + e.amount
            else:
                self.lp[e.type] = self.lp.get(e.type, 0) + 1
        self._refresh_prices()
        self._refresh()

    # ------------------------------------------------------------ changes

    def add_card(self, card: Card) -> None:
        self.cards.append(card)
        self.names |= 1 << card.name_id
        colors = dict(self.colors)
        colors[card.color] = colors.get(card.color, 0) + 1
        self.colors = colors
        produces = False
        if card.produces:
            produces = True
            self.fixed = _plus(self.fixed, card.produce)
            if card.tradable:
                self.trade_fixed = _plus(self.trade_fixed, card.produce)
        if card.choices:
            produces = True
            self.choices = self.choices + card.choices
            if card.tradable:
                self.trade_choices = self.trade_choices + card.choices
        self.shields += card.shields
        if card.science is not None:
            self._add_science(card.science)
        for e in card.effects:
            if e.type == "trade_discount":
                self._discount(e)
            elif e.type in CITY_EFFECTS:
                self._cities_effect(e)
                produces = True
        if produces:
            self._refresh()

    def _cities_effect(self, e: Effect) -> None:
        """A Cities effect that lasts (diplomacy, masks, docks, production, the Cabinet)."""
        if e.type == "diplomacy":
            self.diplomacy += 1
        elif e.type == "mask":
            self.masks += 1
        elif e.type == "first_trade_discount":
            left, right = self.docks
            self.docks = (left + 1, right) if e.sides[0] == "left" else (left, right + 1)
        elif e.type == "produce_owned":
            self.warehouse += 1
        elif e.type == "produce_unowned":
            self.black_market += 1
        else:  # free_stage_resources
            self.powers = self.powers | {e.type}

    def add_leader(self, leader: Card, copy: bool = False) -> None:
        """A recruited leader (or the Courtesans Guild's copy of one): its lasting effects.

        ``lp`` keys: ``discount:<colour|wonder>`` (resources less), the named powers
        (``free_leaders``, ``bank_resource``...), and coin amounts (``coins_on_build``...)."""
        if copy:
            self.copied = leader
        else:
            self.leaders.append(leader)
        self.shields += leader.shields
        if leader.science is not None:
            self._add_science(leader.science)
        lp = dict(self.lp)  # replaced, not changed in place: clones share it
        self.lp = lp
        for e in leader.effects:
            if e.type == "cost_discount":
                key = "discount:" + e.count[0]
                lp[key] = lp.get(key, 0) + 1
            elif e.type == "coins_on_build":  # Xenophon (yellow), Diocletian (black)
                for colour in e.count:
                    key = "coins_on_build:" + colour
                    lp[key] = lp.get(key, 0) + e.amount
            elif e.type == "diplomacy":  # Aspasia
                self.diplomacy += 1
            elif e.type in (
                "coins_on_chain",
                "coins_on_victory",
                "science_set_bonus",
            ):
                lp[e.type] = lp.get(e.type, 0) + e.amount
            elif e.type not in ("points", "shields", "science", "coins", "points_per"):
                lp[e.type] = lp.get(e.type, 0) + 1

    def has_leader(self, name: str) -> bool:
        return any(c.name == name for c in self.leaders)

    def build_stage(self, marker: Card | None) -> Stage:
        """Build the next stage, ``marker`` being the card buried under it."""
        stage = self.stages_def[self.stages]
        self.stages += 1
        if marker is not None:
            self.buried.append(marker)
        self.choices = self.choices + stage.choices  # stage production is never tradable
        self.shields += stage.shields
        self.diplomacy += stage.diplomacy
        if stage.science is not None:
            self._add_science(stage.science)
        for e in stage.effects:
            if e.type == "trade_discount":
                self._discount(e)
        if stage.powers:
            self.powers = self.powers | frozenset(stage.powers)
        self._refresh()
        return stage

    def _add_science(self, symbol: int) -> None:
        if symbol == ANY_SYMBOL:
            self.wilds += 1
        else:
            self.science[symbol] += 1

    def _discount(self, effect: Effect) -> None:
        for side in effect.sides:
            if side == "left":
                self.discount_left = self.discount_left | frozenset(effect.resources)
            else:
                self.discount_right = self.discount_right | frozenset(effect.resources)
        self._refresh_prices()

    def _refresh(self) -> None:
        """The production's keys, after it changed."""
        choices = self.choices
        if self.warehouse or self.black_market:  # Secret Warehouse, Black Market
            owned = {r for r in range(7) if self.trade_fixed[r]}
            owned.update(r for opts in self.trade_choices for r in opts)
            unowned = tuple(r for r in range(7) if r not in owned)
            extra = [tuple(sorted(owned))] * self.warehouse + [unowned] * self.black_market
            choices = (*choices, *(c for c in extra if c))
        self.own_key = (self.fixed, choices)
        self.trade_key = (self.trade_fixed, self.trade_choices)
        self.own_id = source_id(self.own_key)
        self.trade_id = source_id(self.trade_key)

    def _refresh_prices(self) -> None:
        """The prices on each side, after a discount."""
        self.price_left = _prices(self.discount_left)
        self.price_right = _prices(self.discount_right)
        self.prices_id = prices_id(self.price_left, self.price_right)

    # ------------------------------------------------------------ facts

    @property
    def next_stage(self) -> Stage | None:
        return self.stages_def[self.stages] if self.stages < len(self.stages_def) else None

    def market(self, left: City, right: City) -> Market:
        """What the payment solver needs: own production, the neighbours' tradable
        production and this city's prices on each side."""
        return (self.own_key, left.trade_key, right.trade_key, self.price_left, self.price_right)

    def market_key(self, left: City, right: City) -> MarketKey:
        """The same market as ``market``, as ids (``payments.market_options``)."""
        return (self.own_id, left.trade_id, right.trade_id, self.prices_id)

    def has_name(self, card: Card) -> bool:
        return self.names >> card.name_id & 1 == 1

    def chain_free(self, card: Card) -> bool:
        return self.names & card.chain_mask != 0

    @property
    def defeats(self) -> int:
        return sum(1 for t in self.tokens if t < 0)

    @property
    def victories(self) -> int:
        return sum(1 for t in self.tokens if t > 0)

    def strength(self) -> int:
        """Military strength in a conflict: shields, and defeats with Semiramis."""
        return self.shields + (self.defeats if self.lp.get("defeats_as_shields") else 0)

    def derived_fields(self) -> frozenset[str]:
        """The either/or production and its memo keys, in the order the city gained them
        (a city read back from JSON gains its stages' first): the same production."""
        return PRODUCTION_ORDER

    def clone(self) -> City:
        return City(self.wonder, self.side, copy_of=self)

    def _copy(self, o: City) -> None:
        """Every field of ``o``; the lists (changed in place) are copied, the rest shared."""
        self.wonder, self.side, self.stages_def, self.stages = (
            o.wonder,
            o.side,
            o.stages_def,
            o.stages,
        )
        self.cards, self.names, self.coins = list(o.cards), o.names, o.coins
        self.tokens, self.buried = list(o.tokens), list(o.buried)
        self.fixed, self.choices = o.fixed, o.choices
        self.trade_fixed, self.trade_choices = o.trade_fixed, o.trade_choices
        self.shields, self.science, self.wilds = o.shields, list(o.science), o.wilds
        self.discount_left, self.discount_right = o.discount_left, o.discount_right
        self.colors, self.powers = o.colors, o.powers
        self.free_build_age, self.leaders, self.copied = o.free_build_age, list(o.leaders), o.copied
        self.lp, self.debt, self.diplomacy, self.masks = o.lp, o.debt, o.diplomacy, o.masks
        self.docks, self.trade_used, self.warehouse = o.docks, o.trade_used, o.warehouse
        self.black_market, self.caligula_age = o.black_market, o.caligula_age
        self.own_key, self.trade_key = o.own_key, o.trade_key
        self.own_id, self.trade_id = o.own_id, o.trade_id
        self.price_left, self.price_right = o.price_left, o.price_right
        self.prices_id = o.prices_id


def _prices(discounted: frozenset[int]) -> Vector:
    return tuple(DISCOUNT_PRICE if r in discounted else TRADE_PRICE for r in range(7))


def _plus(a: Vector, b: Vector) -> Vector:
    return tuple(x + y for x, y in zip(a, b, strict=True))
