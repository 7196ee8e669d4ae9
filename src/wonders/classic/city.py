"""A player's city: wonder board, buildings, coins, military tokens.

Production, discounts, shields and science are kept up to date as cards and stages are
added, so the hot path (legal actions) reads ready-made tuples.
"""

from __future__ import annotations

from wonders.classic.cards import (
    ANY_SYMBOL,
    CITIES_POWERS,
    Card,
    Effect,
    Stage,
    Vector,
    Wonder,
)
from wonders.classic.payments import Market

STARTING_COINS = 3
CITY_EFFECTS = (*CITIES_POWERS, "first_trade_discount")  # kept by _cities_effect
TRADE_PRICE = 2
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
        "own_key",
        "powers",
        "price_left",
        "price_right",
        "science",
        "shields",
        "side",
        "stages",
        "stages_def",
        "tokens",
        "trade_choices",
        "trade_fixed",
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
        self.names: set[int] = set()
        self.coins = coins
        self.tokens: list[int] = []
        self.buried: list[Card] = []  # cards under built stages (face down)
        fixed = [0] * 7
        if wonder.produces >= 0:  # Roma produces nothing
            fixed[wonder.produces] = 1
        self.fixed = fixed
        self.choices: list[tuple[int, ...]] = []
        self.trade_fixed = list(fixed)
        self.trade_choices: list[tuple[int, ...]] = []
        self.shields = 0
        self.discount_left: set[int] = set()
        self.discount_right: set[int] = set()
        self.colors: dict[str, int] = {}
        self.science = [0, 0, 0]
        self.wilds = 0
        self.powers: set[str] = set()
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
        self._refresh()

    # ------------------------------------------------------------ changes

    def add_card(self, card: Card) -> None:
        self.cards.append(card)
        self.names.add(card.name_id)
        self.colors[card.color] = self.colors.get(card.color, 0) + 1
        if any(card.produce):
            for i, n in enumerate(card.produce):
                self.fixed[i] += n
                if card.tradable:
                    self.trade_fixed[i] += n
        for opts in card.choices:
            self.choices.append(opts)
            if card.tradable:
                self.trade_choices.append(opts)
        self.shields += card.shields
        if card.science is not None:
            self._add_science(card.science)
        for e in card.effects:
            if e.type == "trade_discount":
                self._discount(e)
            elif e.type in CITY_EFFECTS:
                self._cities_effect(e)
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
            self.powers.add(e.type)

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
        lp = self.lp
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
        self.choices.extend(stage.choices)  # stage production is never tradable
        self.shields += stage.shields
        self.diplomacy += stage.diplomacy
        if stage.science is not None:
            self._add_science(stage.science)
        for e in stage.effects:
            if e.type == "trade_discount":
                self._discount(e)
        self.powers.update(stage.powers)
        self._refresh()
        return stage

    def _add_science(self, symbol: int) -> None:
        if symbol == ANY_SYMBOL:
            self.wilds += 1
        else:
            self.science[symbol] += 1

    def _discount(self, effect: Effect) -> None:
        for side in effect.sides:
            target = self.discount_left if side == "left" else self.discount_right
            target.update(effect.resources)

    def _refresh(self) -> None:
        choices = self.choices
        if self.warehouse or self.black_market:  # Secret Warehouse, Black Market
            owned = {r for r in range(7) if self.trade_fixed[r]}
            owned.update(r for opts in self.trade_choices for r in opts)
            unowned = tuple(r for r in range(7) if r not in owned)
            extra = [tuple(sorted(owned))] * self.warehouse + [unowned] * self.black_market
            choices = [*choices, *(c for c in extra if c)]
        self.own_key = (tuple(self.fixed), tuple(choices))
        self.trade_key = (tuple(self.trade_fixed), tuple(self.trade_choices))
        self.price_left = _prices(self.discount_left)
        self.price_right = _prices(self.discount_right)

    # ------------------------------------------------------------ facts

    @property
    def next_stage(self) -> Stage | None:
        return self.stages_def[self.stages] if self.stages < len(self.stages_def) else None

    def market(self, left: City, right: City) -> Market:
        """What the payment solver needs: own production, the neighbours' tradable
        production and this city's prices on each side."""
        return (self.own_key, left.trade_key, right.trade_key, self.price_left, self.price_right)

    def has_name(self, card: Card) -> bool:
        return card.name_id in self.names

    def chain_free(self, card: Card) -> bool:
        return not card.chain_ids.isdisjoint(self.names)

    @property
    def defeats(self) -> int:
        return sum(1 for t in self.tokens if t < 0)

    @property
    def victories(self) -> int:
        return sum(1 for t in self.tokens if t > 0)

    def strength(self) -> int:
        """Military strength in a conflict: shields, and defeats with Semiramis."""
        return self.shields + (self.defeats if self.lp.get("defeats_as_shields") else 0)

    def clone(self) -> City:
        return City(self.wonder, self.side, copy_of=self)

    def _copy(self, o: City) -> None:
        """Every field of ``o``; containers changed in place are copied."""
        self.wonder, self.side, self.stages_def, self.stages = (
            o.wonder,
            o.side,
            o.stages_def,
            o.stages,
        )
        self.cards, self.names, self.coins = list(o.cards), set(o.names), o.coins
        self.tokens, self.buried = list(o.tokens), list(o.buried)
        self.fixed, self.choices = list(o.fixed), list(o.choices)
        self.trade_fixed, self.trade_choices = list(o.trade_fixed), list(o.trade_choices)
        self.shields, self.science, self.wilds = o.shields, list(o.science), o.wilds
        self.discount_left, self.discount_right = set(o.discount_left), set(o.discount_right)
        self.colors, self.powers = dict(o.colors), set(o.powers)
        self.free_build_age, self.leaders, self.copied = o.free_build_age, list(o.leaders), o.copied
        self.lp, self.debt, self.diplomacy, self.masks = dict(o.lp), o.debt, o.diplomacy, o.masks
        self.docks, self.trade_used, self.warehouse = o.docks, o.trade_used, o.warehouse
        self.black_market, self.caligula_age = o.black_market, o.caligula_age
        self.own_key, self.trade_key = o.own_key, o.trade_key
        self.price_left, self.price_right = o.price_left, o.price_right


def _prices(discounted: set[int]) -> Vector:
    return tuple(DISCOUNT_PRICE if r in discounted else TRADE_PRICE for r in range(7))
