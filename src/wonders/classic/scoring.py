"""Final scoring of 7 Wonders: the seven categories of the score booklet.

Used by the engine at game end and by ``wonders score`` for a real table's game.
Science wildcards (Babylon, Scientists Guild) and Olympia B's guild copy are chosen here
for the best score. Rulings: a copied guild counts as one more purple card in the copier's
city; a guild the copier already has cannot be copied (no two buildings of one name).
"""

from __future__ import annotations

from itertools import product

from wonders.classic.cards import ANY_SYMBOL, Card, Effect
from wonders.classic.city import City

CATEGORIES = ("military", "treasury", "wonder", "civilian", "science", "commerce", "guilds")
LEADERS_CATEGORIES = (*CATEGORIES, "leaders")
CITIES_CATEGORIES = ("cities", "debt")  # after the others (and after "leaders")
SET_BONUS = 7


def science_points(counts: list[int] | tuple[int, ...], wilds: int) -> int:
    """Sum of squares plus 7 per set of three different symbols, wildcards chosen best."""
    return science_split(counts, wilds, 0)[0]


def science_split(counts: list[int] | tuple[int, ...], wilds: int, bonus: int) -> tuple[int, int]:
    """(science, Aristotle's points): wildcards chosen for the best sum, Aristotle adding
    ``bonus`` per set of three different symbols."""
    best = (-1, 0)
    for assignment in product(range(3), repeat=wilds):
        c = list(counts)
        for symbol in assignment:
            c[symbol] += 1
        science, extra = sum(x * x for x in c) + SET_BONUS * min(c), bonus * min(c)
        if science + extra > sum(best):
            best = (science, extra)
    return best


def mask_sources(left: City, right: City) -> tuple[int, int, int]:
    """The science symbols of the neighbours' green cards: what masks may copy (one card
    per mask; the same card name on both sides counts twice)."""
    counts = [0, 0, 0]
    for neighbour in (left, right):
        for card in neighbour.cards:
            if card.color == "green" and card.science is not None and card.science >= 0:
                counts[card.science] += 1
    return counts[0], counts[1], counts[2]


def science_with_masks(
    city: City, left: City, right: City, bonus: int = 0, more_wilds: int = 0
) -> tuple[int, int]:
    """(science, Aristotle's points) with the city's masks copying the best neighbour
    symbols (as many as there are masks and green cards to copy) and wildcards chosen best."""
    wilds = city.wilds + more_wilds
    if not city.masks:
        return science_split(city.science, wilds, bonus)
    avail = mask_sources(left, right)
    take = min(city.masks, sum(avail))
    best = (-1, 0)
    for a in range(min(take, avail[0]) + 1):
        for b in range(min(take - a, avail[1]) + 1):
            c = take - a - b
            if c > avail[2]:
                continue
            counts = [city.science[0] + a, city.science[1] + b, city.science[2] + c]
            found = science_split(counts, wilds, bonus)
            if sum(found) > sum(best):
                best = found
    return best


def _count(what: str, city: City, extra_purple: int) -> int:
    if what == "wonder_stages":
        return city.stages
    if what == "defeat_tokens":
        return city.defeats
    if what == "white":  # recruited leaders (a Courtesans copy is not one)
        return len(city.leaders)
    if what == "victory_tokens":
        return city.victories
    n = city.colors.get(what, 0)
    return n + extra_purple if what == "purple" else n


def effect_value(effect: Effect, city: City, left: City, right: City, extra_purple: int = 0) -> int:
    """coins_per / points_per: the amount times the counted things in the named cities."""
    whose = {"self": city, "left": left, "right": right}
    total = 0
    for who in effect.whose:
        target = whose[who]
        for what in effect.count:
            total += _count(what, target, extra_purple if target is city else 0)
    return effect.amount * total


def end_points(card: Card, city: City, left: City, right: City, extra_purple: int = 0) -> int:
    total = card.points
    for e in card.effects:
        if e.type == "points_per":
            total += effect_value(e, city, left, right, extra_purple)
        elif e.type == "points_per_set":  # Plato, Justinian
            total += e.amount * min(city.colors.get(c, 0) for c in e.count)
        elif e.type == "points_per_coins":  # Midas, Gamers Guild
            total += e.amount * (city.coins // 3)
    return total


def score_city(
    city: City, left: City, right: City, leaders: bool = False, cities: bool = False
) -> dict[str, int]:
    """The score booklet's categories for ``city`` between its two neighbours (seven,
    ``leaders`` with the Leaders expansion, ``cities`` and ``debt`` with Cities)."""
    copied = copied_guild(city, left, right, leaders, cities)
    return _score(city, left, right, copied, leaders, cities)


def copied_guild(
    city: City, left: City, right: City, leaders: bool = False, cities: bool = False
) -> Card | None:
    """The neighbour guild Olympia B's last stage copies best (None if nothing helps)."""
    if "copy_guild" not in city.powers:
        return None
    base = sum(_score(city, left, right, None, leaders, cities).values())
    best, choice = base, None
    for guild in _copyable(city, left, right):
        total = sum(_score(city, left, right, guild, leaders, cities).values())
        if total > best:
            best, choice = total, guild
    return choice


def _copyable(city: City, left: City, right: City) -> list[Card]:
    return [
        c
        for neighbour in (left, right)
        for c in neighbour.cards
        if c.is_guild and not city.has_name(c)
    ]


def _score(
    city: City,
    left: City,
    right: City,
    copied: Card | None,
    leaders: bool = False,
    cities: bool = False,
) -> dict[str, int]:
    extra = 1 if copied is not None else 0
    civilian = commerce = guilds = black = 0
    for card in city.cards:
        points = end_points(card, city, left, right, extra)
        if card.color == "blue":
            civilian += points
        elif card.color == "yellow":
            commerce += points
        elif card.color == "purple":
            guilds += points
        elif card.color == "black":
            black += points
    bonus = city.lp.get("science_set_bonus", 0) if leaders else 0
    science, aristotle = science_with_masks(city, left, right, bonus)
    if copied is not None:
        guilds += end_points(copied, city, left, right, extra)
        if copied.science == ANY_SYMBOL:
            more, more_bonus = science_with_masks(city, left, right, bonus, more_wilds=1)
            guilds += more + more_bonus - science - aristotle
    wonder = sum(stage.points for stage in city.stages_def[: city.stages])
    out = {
        "military": sum(city.tokens),
        "treasury": city.coins // 3,
        "wonder": wonder,
        "civilian": civilian,
        "science": science,
        "commerce": commerce,
        "guilds": guilds,
    }
    if leaders:
        # a leader's points never count Olympia B's copied guild as a purple card (FAQ)
        out["leaders"] = aristotle + sum(end_points(c, city, left, right) for c in city.leaders)
        if city.copied is not None:  # the Courtesans Guild's copy: the guild's points
            out["guilds"] += end_points(city.copied, city, left, right)
    if cities:
        out["cities"] = black
        out["debt"] = -city.debt
    return out
