"""What a Duel seat's screen computes from its ``view`` alone: both cities rebuilt from the
view, production, a card's or a wonder's cost for the seat, a sale's value, the score
estimate, the structure's layout, why a card cannot be built, and each card's, wonder's and
token's points at the end.

Every function takes the view JSON (``state.view(seat)``) and nothing else; the engine's
city model, trading prices and scoring do the arithmetic.
"""

from __future__ import annotations

from wonders.core.i18n import _
from wonders.core.present import coins, listed
from wonders.core.protocol import JSON, own_seat
from wonders.duel.cards import COLOR_CATEGORY, RESOURCES
from wonders.duel.city import City, card_facts, wonder_facts
from wonders.duel.describe import resource_count, resource_name
from wonders.duel.military import MilitaryTrack
from wonders.duel.scoring import score_city
from wonders.duel.state import SELL_BASE, catalog_token
from wonders.duel.structure import Slot, layouts
from wonders.duel.trading import trade_cost, unit_prices
from wonders.duel.views import DuelView


def cities(view: DuelView) -> list[City]:
    """Both public cities: cards, drafted and built wonders, tokens, coins."""
    return [City.from_json(p) for p in view["players"]]


def military(view: DuelView) -> MilitaryTrack:
    track = MilitaryTrack()
    track.position = view["military"]["position"]
    return track


def production(view: DuelView, p: int) -> str:
    """City ``p``'s production in words: its fixed units, then each either/or choice."""
    city = cities(view)[p]
    parts = [resource_count(RESOURCES[r], n) for r, n in enumerate(city.produce) if n]
    parts += ["/".join(resource_name(RESOURCES[r]) for r in c) for c in city.choices]
    return ", ".join(parts) or "-"


def prices(view: DuelView, p: int) -> tuple[int, ...]:
    """What one unit of each resource costs city ``p`` from the bank now."""
    every = cities(view)
    return unit_prices(every[1 - p].brown_grey, every[p].fixed)


def card_cost(view: DuelView, p: int, name: str) -> tuple[int, int]:
    """(coins paid in all, of which for resources) to build ``name`` for city ``p``; a chain
    build costs nothing."""
    city, facts = cities(view)[p], card_facts()[name]
    card = facts.card
    if card.chain_in is not None and card.chain_in in city.chains:
        return 0, 0
    waive = city.blue_waive if card.color == "blue" else 0
    trade = trade_cost(facts.need, city.produce, city.choices, prices(view, p), waive)
    return card.coins_cost + trade, trade


def wonder_cost(view: DuelView, p: int, wonder: str) -> int:
    """The coins city ``p`` pays to build ``wonder`` now."""
    city = cities(view)[p]
    waive = city.wonder_waive
    need = wonder_facts()[wonder].need
    return trade_cost(need, city.produce, city.choices, prices(view, p), waive)


def sell_value(view: DuelView, p: int) -> int:
    """Coins a sale brings city ``p``: 2, plus 1 per yellow card."""
    return SELL_BASE + cities(view)[p].colors["yellow"]


def breakdown(view: DuelView, p: int) -> dict[str, int]:
    """City ``p``'s points if the game ended now, by category."""
    return score_city(cities(view)[p], cities(view), military(view).points(p))


def score(view: DuelView, p: int) -> int:
    return sum(breakdown(view, p).values())


def slots(view: DuelView) -> tuple[Slot, ...]:
    """The places of the current Age's structure, in the order of ``view["structure"]``."""
    return layouts()[view["age"]].slots


def bought(view: DuelView, p: int, name: str) -> tuple[int, ...]:
    """The units of each resource (``RESOURCES`` order) city ``p`` pays the bank for to build
    ``name`` now: what it lacks once its either/or production is spent the cheapest way and
    Masonry's waived units are left out (``trade_cost`` prices exactly these)."""
    city, need = cities(view)[p], card_facts()[name].need
    if card_cost(view, p, name)[1] == 0:  # a chain, or nothing to buy
        return (0,) * len(need)
    unit = prices(view, p)
    waive = city.blue_waive if card_facts()[name].card.color == "blue" else 0
    lacking = [max(0, need[r] - city.produce[r]) for r in range(len(need))]
    best: tuple[int, list[int]] | None = None
    for left in _covered(lacking, city.choices):
        paid = _waived(left, unit, waive)
        cost = sum(n * unit[r] for r, n in enumerate(paid))
        if best is None or cost < best[0]:
            best = (cost, paid)
    return tuple(best[1]) if best is not None else tuple(lacking)


def _covered(lacking: list[int], choices: tuple[tuple[int, ...], ...]) -> list[list[int]]:
    """Every way ``choices`` (one unit of one option each) cover units of ``lacking``: what is
    left to buy after each."""
    if not choices:
        return [lacking]
    first, rest = choices[0], choices[1:]
    out: list[list[int]] = []
    for r in first:
        if lacking[r]:
            left = list(lacking)
            left[r] -= 1
            out += _covered(left, rest)
    return out or _covered(lacking, rest)


def _waived(lacking: list[int], unit: tuple[int, ...], waive: int) -> list[int]:
    """``lacking`` without the ``waive`` dearest units (Masonry, Architecture)."""
    left = list(lacking)
    for r in sorted(range(len(left)), key=lambda r: -unit[r]):
        free = min(waive, left[r])
        left[r] -= free
        waive -= free
    return left


def missing(view: DuelView, p: int, name: str) -> str:
    """The resources city ``p`` buys from the bank for ``name`` (``bought``), in words:
    "1 clay and 2 stone"."""
    units = bought(view, p, name)
    return listed([resource_count(RESOURCES[r], n) for r, n in enumerate(units) if n])


def chained_by(view: DuelView, p: int, name: str) -> str | None:
    """The card whose chain symbol makes ``name`` free for city ``p`` now, None if none."""
    card = card_facts()[name].card
    if card.chain_in is None or card.chain_in not in cities(view)[p].chains:
        return None
    return card.chains_from[0] if card.chains_from else None


def token_effect(view: DuelView, p: int, effect: str) -> int:
    """An effect of city ``p``'s progress tokens summed (``chain_coins``: Urbanism's coins
    for a chain build; ``trade_income``: Economy; ``wonder_replay``: Theology)."""
    return sum(int(catalog_token(t).get(effect, 0)) for t in view["players"][p]["tokens"])


def science_pair(view: DuelView) -> tuple[str, list[str]] | None:
    """The science symbol the seat just gained (the pair that owes it a progress token) and
    its cards and token that show that symbol; None if its last gain is not a symbol."""
    p = own_seat(view)
    symbol = None
    for e in reversed(view["events"]):
        if e.get("player") != p:
            continue
        if e["type"] in ("build", "discard_build"):
            symbol = card_facts()[e["card"]].card.science
            break
        if e["type"] == "token" and catalog_token(e["token"]).get("science"):
            symbol = str(catalog_token(e["token"])["science"])
            break
    if not symbol:
        return None
    mine = view["players"][p]
    shown = [c for c in mine["cards"] if card_facts()[c].card.science == symbol]
    shown += [t for t in mine["tokens"] if catalog_token(t).get("science") == symbol]
    return symbol, shown


def why_not(view: DuelView, name: str) -> str:
    """Why the seat cannot build the structure card ``name`` now, in one sentence ("" when
    it can: in Duel only coins can be short, the bank sells every resource)."""
    p = own_seat(view)
    have = view["players"][p]["coins"]
    total, trade = card_cost(view, p, name)
    if total <= have:
        return ""
    if trade:
        return _(
            "It costs {total} ({trade} to buy {what} from the bank) and you have {coins}."
        ).format(
            total=coins(total),
            trade=coins(trade),
            what=missing(view, p, name),
            coins=coins(have),
        )
    return _("It costs {total} and you have {coins}.").format(total=coins(total), coins=coins(have))


def card_points(view: DuelView) -> list[tuple[str, str, int]]:
    """The seat's cards, built wonders and tokens at the end: (name, kind, points it scored
    by itself; a card's kind is its colour, else "wonder" or "token")."""
    every = cities(view)
    city = every[own_seat(view)]
    out = []
    for name in city.cards:
        card = card_facts()[name].card
        points = card.points
        for counted in card.points_per:
            counted_in = every if counted.whose == "most" else [city]
            points += counted.amount * max(
                sum(c.count(what) for what in counted.count) for c in counted_in
            )
        out.append((name, card.color, points if COLOR_CATEGORY.get(card.color) else 0))
    for wonder in city.built:
        out.append((wonder, "wonder", int(wonder_facts()[wonder].wonder.effects.get("points", 0))))
    for token in city.tokens:
        effects = catalog_token(token)
        points = int(effects.get("points", 0))
        points += int(effects.get("points_per_token", 0)) * len(city.tokens)
        out.append((token, "token", points))
    return out


def unbuildable(view: DuelView, legal: list[JSON]) -> dict[str, str]:
    """For the structure cards on offer (``legal``: the seat's legal actions as JSON) that no
    action builds, why not: card name -> one sentence (the cards without a reason left out)."""
    offered: dict[str, bool] = {}
    for a in legal:
        name = a.get("card")
        if isinstance(name, str) and a["kind"] in ("build", "sell", "wonder"):
            offered[name] = offered.get(name, False) or a["kind"] == "build"
    reasons = {name: why_not(view, name) for name, built in offered.items() if not built}
    return {name: reason for name, reason in reasons.items() if reason}
