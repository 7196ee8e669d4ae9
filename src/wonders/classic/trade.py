"""Trading with the expansions' powers, shared by Leaders and Cities (docs/RULINGS.md).

With either expansion a payment is ``(left, right, bank)``: the coins to each neighbour and
to the bank for Bilkis' resource. The powers that change payments are read from the city
(``City.lp`` for leaders, ``City.docks`` for the Clandestine Docks), so one solver serves
both expansions and their combination:

- a leader's "one resource less" (``discount:<colour|wonder>``: the player picks which);
- Bilkis: one resource a turn from the bank for 1 coin;
- the Clandestine Docks: the first purchase on their side each turn costs 1 coin less (a
  purchase the docks make free still uses them);
- Hammurabi-like free guilds, Petra's coin stages, the Architect Cabinet's free stages.

``City.trade_used`` keeps the once-a-turn powers spent this turn, as bits.
"""

from __future__ import annotations

from collections.abc import Sequence

from wonders.classic.actions import Action
from wonders.classic.cards import ZERO, Card, Vector
from wonders.classic.city import City
from wonders.classic.payments import (
    MarketKey,
    affordable,
    market_options,
    pareto3,
    reduced_costs,
)
from wonders.classic.turn import ClassicState, Payment, Trade
from wonders.core.protocol import JSON

# City.trade_used bits: the docks' (1 left, 2 right), Bilkis' bank resource bought this
# turn, Hatshepsut's coin taken for the left / right neighbour this turn
DOCK_LEFT, DOCK_RIGHT = 1, 2
BILKIS_USED, HATSHEPSUT_LEFT, HATSHEPSUT_RIGHT = 4, 8, 16
NO_DOCKS = (0, 0)


def docks_off(city: City) -> tuple[int, int]:
    """The coin each side's Clandestine Dock still takes off the first purchase on its side
    this turn (left, right): 1, or 0 without a dock or once it is used."""
    return (
        1 if city.docks[0] and not city.trade_used & DOCK_LEFT else 0,
        1 if city.docks[1] and not city.trade_used & DOCK_RIGHT else 0,
    )


def docked_price(paid_left: int, paid_right: int, off: tuple[int, int]) -> int:
    """A purchase of ``paid_left`` and ``paid_right`` coins with the docks' coin ``off``
    each side (``docks_off``; a dock takes nothing off a side bought nothing from)."""
    return paid_left - (off[0] if paid_left else 0) + paid_right - (off[1] if paid_right else 0)


def _ones(bits: int) -> int:
    return bin(bits).count("1")


class ExpansionTrade(Trade):
    """The card choices and payments of a game with Leaders, Cities or both."""

    def begin_turn(self, g: ClassicState) -> None:
        """Once-a-turn powers (Bilkis, the Clandestine Docks, Hatshepsut) are ready again."""
        for city in g.cities:
            city.trade_used = 0

    def build_pays(
        self, g: ClassicState, p: int, city: City, card: Card, market: MarketKey, budget: int
    ) -> Sequence[Payment] | None:
        cost = ZERO if card.is_guild and city.lp.get("free_guilds") else card.cost
        if (card.coins == 0 and not any(cost)) or city.chain_free(card):
            return None
        less = city.lp.get("discount:" + card.color, 0)
        return self._pays(g, p, cost, less, budget - card.coins, market)

    def stage_pays(self, g: ClassicState, p: int, market: MarketKey) -> Sequence[Payment]:
        """The payments of the next wonder stage (Petra's coins are paid to the bank on top;
        the Architect Cabinet takes the resources off, not the coins)."""
        city = g.cities[p]
        stage = city.next_stage
        if stage is None or stage.coins > city.coins:
            return []
        cost = ZERO if "free_stage_resources" in city.powers else stage.cost
        less = city.lp.get("discount:wonder", 0)
        return self._pays(g, p, cost, less, city.coins - stage.coins, market)

    def _pays(
        self, g: ClassicState, p: int, cost: Vector, less: int, budget: int, market: MarketKey
    ) -> list[tuple[int, int, int]]:
        """The (left, right, bank) payments of a resource cost for city ``p``, with ``less``
        resources taken off: the ones no other beats on every side, or every one for a
        city offered every payment (the Free City)."""
        city = g.cities[p]
        if not less and city.docks == NO_DOCKS and not _bilkis_ready(city):
            # no power changes this payment: the solver's pairs are all there is
            pairs = affordable(market_options(cost, market), budget)
            return [(left, right, 0) for left, right in pairs]
        options = self._pay_options(g, p, cost, less, budget)
        if g.offers_every_payment(p):
            return sorted(options)
        return pareto3(set(options))

    def _pay_options(
        self, g: ClassicState, p: int, cost: Vector, less: int, budget: int
    ) -> dict[tuple[int, int, int], int]:
        """Every payment of ``_pays`` (not only the best ones), each with the docks it uses
        (bit 1 left, 2 right; a purchase the dock makes free uses it too), the fewest
        when one payment can be made in two ways."""
        if budget < 0:
            return {}
        city = g.cities[p]
        market = city.market_key(g.cities[g.left(p)], g.cities[g.right(p)])
        bilkis = _bilkis_ready(city)
        dock_l, dock_r = docks_off(city)
        found: dict[tuple[int, int, int], int] = {}
        for need in reduced_costs(cost, less) if less else (cost,):
            if not any(need):
                return {(0, 0, 0): 0}
            for bank in (0, 1) if bilkis and budget >= 1 else (0,):
                for rest in reduced_costs(need, 1) if bank else (need,):
                    options = affordable(market_options(rest, market), budget - bank + 2)
                    for left, right in options:
                        used = (dock_l if left else 0) | (2 * dock_r if right else 0)
                        pay = (left - (used & 1), right - (used >> 1), bank)
                        fewer = pay not in found or _ones(used) < _ones(found[pay])
                        if sum(pay) <= budget and fewer:
                            found[pay] = used
        return found

    def _docks_used(self, g: ClassicState, p: int, action: Action, card: Card) -> int:
        """The docks (bits 1 left, 2 right) the chosen payment of a build or stage uses."""
        city = g.cities[p]
        if action.kind == "build":
            cost = ZERO if card.is_guild and city.lp.get("free_guilds") else card.cost
            less, budget = city.lp.get("discount:" + card.color, 0), city.coins - card.coins
        else:
            stage = city.next_stage
            assert stage is not None
            cost = ZERO if "free_stage_resources" in city.powers else stage.cost
            less, budget = city.lp.get("discount:wonder", 0), city.coins - stage.coins
        options = self._pay_options(g, p, cost, less, budget)
        return options.get((action.left, action.right, action.bank), 0)

    def purchases(self, g: ClassicState, p: int, action: Action, card: Card, chain: bool) -> int:
        """The sides bought from, a purchase the docks made free included; the docks and
        Bilkis are spent for the turn."""
        city = g.cities[p]
        docks = 0
        if any(city.docks) and action.kind in ("build", "wonder") and not chain:
            docks = self._docks_used(g, p, action, card)  # before the coins go
            city.trade_used |= docks
        if action.bank:
            city.trade_used |= BILKIS_USED
        return super().purchases(g, p, action, card, chain) | docks

    def city_json(self, city: City, out: JSON) -> None:
        out["trade_used"] = city.trade_used  # once-a-turn powers used (Bilkis, docks)

    def load_city(self, city: City, data: JSON) -> None:
        city.trade_used = data.get("trade_used", 0)


def _bilkis_ready(city: City) -> bool:
    return city.lp.get("bank_resource", 0) > 0 and not city.trade_used & BILKIS_USED
