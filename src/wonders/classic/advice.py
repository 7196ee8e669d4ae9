"""What a seat's screen computes from its ``view`` alone: the public cities rebuilt from the
view, the running score estimate, each city's production and science, what a payment buys
from whom, a leader's price, why a hand card cannot be built, and the points each of your
cards scores at the end.

Every function takes the view JSON (``state.view(seat)``) and nothing else, so that a front
end built on them never reads a hidden card. The engine's own city model, scoring and
payment solver do the arithmetic on the rebuilt public cities.
"""

from __future__ import annotations

from typing import Any

from wonders.classic import scoring
from wonders.classic.cards import RESOURCES, SYMBOLS, ZERO, Card, Catalog, Vector, catalog_for
from wonders.classic.city import City
from wonders.classic.describe import printed, resource_count, resource_name, symbol_count
from wonders.classic.payments import market_options, purchase_plan, reduced_costs
from wonders.classic.trade import docked_price, docks_off
from wonders.classic.views import CityPublic, ClassicView
from wonders.core.i18n import _, ngettext
from wonders.core.present import coins
from wonders.core.protocol import JSON, own_seat


def catalog(view: ClassicView) -> Catalog:
    return catalog_for(view.get("expansions", []))


def city_entries(view: ClassicView) -> list[CityPublic]:
    """The view's cities in seat order: the players', then the Free City's (2 players)."""
    entries: list[CityPublic] = list(view["players"])
    if "free_city" in view:
        entries.append(view["free_city"])
    return entries


def card(view: ClassicView, name: str) -> Card:
    return catalog(view).card_named(name)


def cities(view: ClassicView) -> list[City]:
    """The public cities rebuilt from the view: board side and stages, buildings, coins,
    military tokens, recruited leaders, debt and diplomacy tokens."""
    cat = catalog(view)
    out = []
    for entry in city_entries(view):
        city = City(cat.wonder_named(entry["wonder"]), entry["side"], coins=0)
        for _stage in range(entry["stages"]):
            city.build_stage(None)
        for name in entry["buildings"]:
            city.add_card(cat.card_named(name))
        city.coins = entry["coins"]
        city.tokens = list(entry["tokens"])
        for name in entry.get("leaders", []):
            city.add_leader(cat.card_named(name))
        courtesan = entry.get("courtesan")
        if courtesan:
            city.add_leader(cat.card_named(courtesan), copy=True)
        city.debt = entry.get("debt", 0)
        city.diplomacy = entry.get("diplomacy", 0)
        out.append(city)
    return out


def left(view: ClassicView, p: int) -> int:
    return (p + 1) % len(city_entries(view))


def right(view: ClassicView, p: int) -> int:
    return (p - 1) % len(city_entries(view))


def breakdown(view: ClassicView, p: int) -> dict[str, int]:
    """City ``p``'s score if the game ended now, by category."""
    every = cities(view)
    expansions = view.get("expansions", [])
    return scoring.score_city(
        every[p],
        every[left(view, p)],
        every[right(view, p)],
        leaders="leaders" in expansions,
        cities="cities" in expansions,
    )


def score(view: ClassicView, p: int) -> int:
    """The running score estimate of city ``p``."""
    return sum(breakdown(view, p).values())


def units(vec: Vector) -> str:
    """Resource units in words: "2 stone, 1 glass"."""
    return ", ".join(resource_count(RESOURCES[i], n) for i, n in enumerate(vec) if n)


def production(view: ClassicView, p: int) -> str:
    """What city ``p`` produces: its fixed units, then each either/or source."""
    city = cities(view)[p]
    parts = [units(tuple(city.fixed))] if any(city.fixed) else []
    parts += ["/".join(resource_name(RESOURCES[r]) for r in opts) for opts in city.choices]
    return "; ".join(x for x in parts if x) or "-"


def science(view: ClassicView, p: int) -> str:
    """City ``p``'s science symbols and wildcards, in words ("" without any)."""
    city = cities(view)[p]
    parts = [symbol_count(SYMBOLS[i], n) for i, n in enumerate(city.science) if n]
    if city.wilds:
        parts.append(
            ngettext("{n} symbol of your choice", "{n} symbols of your choice", city.wilds).format(
                n=city.wilds
            )
        )
    if city.masks:
        parts.append(ngettext("{n} mask", "{n} masks", city.masks).format(n=city.masks))
    return ", ".join(parts)


def leader_cost(view: ClassicView, p: int, name: str) -> int:
    """What recruiting the leader ``name`` costs city ``p`` now (its powers and the
    neighbours' Roma B discount)."""
    every = cities(view)
    city = every[p]
    if city.lp.get("free_leaders"):
        return 0
    less = city.lp.get("leader_discount", 0)
    for q in (left(view, p), right(view, p)):
        if q != p:
            less += every[q].lp.get("neighbour_leader_discount", 0)
    return max(0, card(view, name).coins - less)


def _price_options(city: City, paid_left: int, paid_right: int) -> list[tuple[int, int]]:
    """The neighbours' prices a payment may stand for: a Clandestine Dock takes 1 coin off
    the first purchase on its side each turn."""
    sides = []
    for paid, off in zip((paid_left, paid_right), docks_off(city), strict=True):
        sides.append([paid + off] if paid else sorted({0, off}))
    return [(a, b) for a in sides[0] for b in sides[1]]


def buys(view: ClassicView, p: int, action: Any) -> tuple[Vector, Vector] | None:
    """What the payment of ``action`` (acting for city ``p``) buys on the left and on the
    right; None when it buys nothing or the purchase cannot be told (a leader's discount)."""
    if action.kind not in ("build", "wonder") or not (action.left or action.right):
        return None
    if action.bank:
        return None
    every = cities(view)
    city = every[p]
    if action.kind == "wonder":
        stage = city.next_stage
        if stage is None:
            return None
        cost = ZERO if "free_stage_resources" in city.powers else stage.cost
        target = "wonder"
    else:
        built = card(view, action.card)
        cost, target = built.cost, built.color
    if f"discount:{target}" in city.lp:  # a leader's discount: the printed cost is not paid
        return None
    market = city.market(every[left(view, p)], every[right(view, p)])
    for payment in _price_options(city, action.left, action.right):
        plan = purchase_plan(cost, market, payment)
        if plan is not None:
            return plan
    return None


def why_not(view: ClassicView, name: str, p: int | None = None) -> str:
    """Why the hand card ``name`` cannot be built by city ``p`` (the seat by default): one
    plain sentence, or "" when it can be built (free or paid) as far as the view tells."""
    every = cities(view)
    p = own_seat(view) if p is None else p
    city, built = every[p], card(view, name)
    if city.has_name(built):
        return _("You already have {card}.").format(card=printed(built.name))
    if built.free or city.chain_free(built) or free_build_ready(view, p, built):
        return ""
    if built.coins > city.coins:
        return _("It costs {cost} and you have {coins}.").format(
            cost=coins(built.coins), coins=coins(city.coins)
        )
    cost = ZERO if built.is_guild and city.lp.get("free_guilds") else built.cost
    if not any(cost):
        return ""
    cheapest = cheapest_purchase(view, p, cost, city.lp.get("discount:" + built.color, 0))
    if cheapest is None:
        missing = missing_units(view, p, cost)
        if any(missing):
            return _("Missing {what}, even buying from your neighbours.").format(
                what=units(missing)
            )
        return _("Your city and your neighbours cannot make this mix of resources.")
    if cheapest + built.coins > city.coins:
        return _("Buying the missing resources costs {cost} and you have {coins}.").format(
            cost=coins(cheapest + built.coins), coins=coins(city.coins)
        )
    return ""


def cheapest_purchase(view: ClassicView, p: int, cost: Vector, less: int = 0) -> int | None:
    """The fewest coins city ``p`` pays its neighbours (and the bank, with Bilkis) for
    ``cost``, ``less`` resources of its choice taken off (a leader's discount), the
    Clandestine Docks' coin off each side; None when no purchase can make it."""
    every = cities(view)
    city = every[p]
    market = city.market_key(every[left(view, p)], every[right(view, p)])
    bilkis = city.lp.get("bank_resource", 0) > 0
    off = docks_off(city)
    best: int | None = None
    for need in reduced_costs(cost, less) if less else (cost,):
        if not any(need):
            return 0
        for bank in (0, 1) if bilkis else (0,):
            for rest in reduced_costs(need, 1) if bank else (need,):
                for paid_left, paid_right in market_options(rest, market):
                    paid = docked_price(paid_left, paid_right, off)
                    if best is None or paid + bank < best:
                        best = paid + bank
    return best


def free_powers_ready(view: ClassicView, p: int) -> tuple[bool, bool]:
    """Whether city ``p``'s free builds are ready now: (Olympia A's, once an Age in a normal
    turn; Caligula's, a black card once an Age). The Age's free builds are in the view's
    log, Caligula's power spent first on a black card (as the engine does)."""
    city = cities(view)[p]
    olympia = "free_build_per_age" in city.powers and view["phase"] == "draft"
    caligula = bool(city.lp.get("free_black_per_age"))
    if not (olympia or caligula):
        return False, False
    used_olympia = used_caligula = False
    for event in reversed(view["events"]):
        if event["type"] == "age":
            break
        if event["type"] == "build" and event.get("seat") == p and event.get("free"):
            black = catalog(view).card_named(event["card"]).color == "black"
            if black and caligula and not used_caligula:
                used_caligula = True
            else:
                used_olympia = True
    return olympia and not used_olympia, caligula and not used_caligula


def free_build_ready(view: ClassicView, p: int, built: Card) -> bool:
    """Whether city ``p`` may build ``built`` free now (Olympia A's or Caligula's power)."""
    return free_build_power(view, p, built.name) != ""


def free_build_power(view: ClassicView, p: int, name: str) -> str:
    """The power that builds the card ``name`` free for city ``p`` now: "caligula" (a black
    card, spent first), "olympia", or "" when neither can."""
    olympia, caligula = free_powers_ready(view, p)
    if caligula and card(view, name).color == "black":
        return "caligula"
    return "olympia" if olympia else ""


def missing_units(view: ClassicView, p: int, cost: Vector) -> Vector:
    """The units of ``cost`` that city ``p`` and its neighbours' tradable production cannot
    supply even counting every either/or source for each of its resources."""
    every = cities(view)
    have = [0] * len(cost)
    for c in (every[p], every[left(view, p)], every[right(view, p)]):
        own = c is every[p]
        for i, n in enumerate(c.fixed if own else c.trade_fixed):
            have[i] += n
        for opts in c.choices if own else c.trade_choices:
            for i in opts:
                have[i] += 1
    return tuple(max(0, need - have[i]) for i, need in enumerate(cost))


def card_points(view: ClassicView) -> list[tuple[str, str, int]]:
    """The seat's cards and leaders one by one at the end: (name, colour, points it scored
    by itself; science counts as a set, in the score table)."""
    every = cities(view)
    p = own_seat(view)
    city, lc, rc = every[p], every[left(view, p)], every[right(view, p)]
    return [
        (c.name, c.color, scoring.end_points(c, city, lc, rc)) for c in (*city.cards, *city.leaders)
    ]


def stage_points(view: ClassicView) -> list[int]:
    """The victory points of each wonder stage the seat built (its board's "wonder" score)."""
    city = cities(view)[own_seat(view)]
    return [stage.points for stage in city.stages_def[: city.stages]]


def solomon_turn(view: ClassicView) -> bool:
    """Whether the discard build owed now is Solomon's (else Halicarnassus')."""
    events = view["events"]
    return bool(events) and events[-1].get("type") == "solomon"


def acting(view: ClassicView) -> int:
    """The city the seat's decision is for: its own, or the Free City's (its card, its
    debt, its Courtesans Guild), or the city playing Babylon B's last card or building from
    the discard pile."""
    phase, entries = view["phase"], city_entries(view)
    if phase == "discard_build":
        if solomon_turn(view):
            return int(view["events"][-1]["seat"])
        return next(p for p, e in enumerate(entries) if e["wonder"] == "Halicarnassus")
    if phase == "extra_card":
        return next(
            p for p, e in enumerate(entries) if e["wonder"] == "Babylon" and e["side"] == "B"
        )
    if phase == "debt":
        return int(view["deciding_for"])
    if phase == "courtesan":  # the city that built the Courtesans Guild last (the Free City too)
        for event in reversed(view["events"]):
            built = event.get("card") if event["type"] == "build" else None
            if built and any(e.type == "copy_leader" for e in card(view, built).effects):
                return int(event["seat"])
    if view.get("deciding_for") == "free_city":
        return len(entries) - 1
    return int(own_seat(view))


BUILDS = ("build", "free_build", "discard_build", "recruit")  # the kinds that build a card
CARD_PHASES = ("draft", "extra_card")  # a hand card is played (built, buried or sold)
STAGE_PHASES = (*CARD_PHASES, "recruit")  # a wonder stage may be built (with a leader too)


def unbuildable(view: ClassicView, legal: list[JSON]) -> dict[str, str]:
    """Why the cards on offer (``legal``: the seat's legal actions as JSON) that no action
    builds are not built: card name -> one sentence (the cards without a reason left out).
    A hand card that cannot be built, a leader that cannot be recruited; nothing in the
    decisions where building is not what is chosen (keeping, copying or returning a leader,
    the debt)."""
    phase = view["phase"]
    if phase not in (*CARD_PHASES, "recruit", "recruit_now"):
        return {}
    offered: dict[str, bool] = {}
    for a in legal:
        name = a.get("card")
        if isinstance(name, str):
            offered[name] = offered.get(name, False) or a["kind"] in BUILDS
    p = acting(view)
    if phase in CARD_PHASES:
        reasons = {name: why_not(view, name, p) for name, built in offered.items() if not built}
    else:  # the leaders in hand: a leader not offered at all is one too dear
        hand = view.get("leader_hand", [])
        reasons = {name: leader_why_not(view, name) for name in hand if not offered.get(name)}
    return {name: reason for name, reason in reasons.items() if reason}


def leader_why_not(view: ClassicView, name: str) -> str:
    """Why the seat cannot recruit the leader ``name`` now ("" when it can)."""
    cost, have = (
        leader_cost(view, own_seat(view), name),
        city_entries(view)[own_seat(view)]["coins"],
    )
    if cost <= have:
        return ""
    return _("Recruiting {card} costs {cost} and you have {coins}.").format(
        card=printed(name), cost=coins(cost), coins=coins(have)
    )


def stage_why_not(view: ClassicView, legal: list[JSON] | None = None) -> str:
    """Why the city the seat plays for cannot build its next wonder stage in this decision,
    in one sentence; "" when it can, when it has no stage left, or when the decision is not
    one where a stage is built (keeping a leader, the debt...). ``legal`` (the legal actions
    as JSON) tells the Free City's cards, which the view does not show: a card it can build
    free by chain, it must build (2-player rules)."""
    if view["phase"] not in STAGE_PHASES or view.get("seat") is None:
        return ""
    p = acting(view)
    city = cities(view)[p]
    stage = city.next_stage
    if stage is None:
        return ""
    mine = p == view["seat"]
    if stage.coins > city.coins:
        said = (
            _("Your next wonder stage costs {cost} and you have {coins}.")
            if mine
            else _("The Free City's next stage costs {cost} and it has {coins}.")
        )
        return said.format(cost=coins(stage.coins), coins=coins(city.coins))
    cost = ZERO if "free_stage_resources" in city.powers else stage.cost
    cheapest = cheapest_purchase(view, p, cost, city.lp.get("discount:wonder", 0))
    if cheapest is None:
        missing = missing_units(view, p, cost)
        if not any(missing):
            return (
                _("Your city and your neighbours cannot make the mix of your next wonder stage.")
                if mine
                else _("The Free City and its neighbours cannot make the mix of its next stage.")
            )
        said = (
            _("Your next wonder stage misses {what}, even buying from your neighbours.")
            if mine
            else _("The Free City's next stage misses {what}, even buying from its neighbours.")
        )
        return said.format(what=units(missing))
    if cheapest + stage.coins > city.coins:
        said = (
            _("Your next wonder stage costs {cost} with its purchases and you have {coins}.")
            if mine
            else _("The Free City's next stage costs {cost} with its purchases and it has {coins}.")
        )
        return said.format(cost=coins(cheapest + stage.coins), coins=coins(city.coins))
    if not mine and legal is not None:
        offered = {a["card"] for a in legal if isinstance(a.get("card"), str)}
        chained = [card(view, name) for name in offered]
        if offered and all(city.chain_free(c) and not city.has_name(c) for c in chained):
            return _("The Free City must build its card free by chain: it builds no stage.")
    return ""
