"""What a 7 Wonders Duel city pays the bank for the resources it lacks.

A missing unit of a resource costs 2 plus
the number of that resource the opponent produces on brown and grey cards, or 1 for a
resource the city has a fixed price for (Stone/Clay/Wood Reserve, Customs House). Either/or
production (Forum, Caravansery, the Great Lighthouse, Piraeus) covers one unit of one of its
options and never changes prices. Architecture and Masonry waive up to ``waive`` units of the
player's choice: the dearest, since that is never worse for the player.

Resources are vectors of 5 ints (RESOURCES order). The legal actions price every accessible
card on every decision, so ``trade_cost`` is written as plain loops over small lists.
"""

from __future__ import annotations

from typing import Final

RESOURCES = ("wood", "clay", "stone", "glass", "papyrus")
BASE_PRICE: Final = 2
FIXED_PRICE: Final = 1

Vector = tuple[int, ...]  # one count per resource, RESOURCES order


def unit_prices(opponent_brown_grey: Vector, fixed_price: frozenset[int]) -> Vector:
    """The price of one unit of each resource for this city this turn."""
    if not fixed_price:  # the usual case: no list built
        return tuple([BASE_PRICE + n for n in opponent_brown_grey])
    prices = [BASE_PRICE + n for n in opponent_brown_grey]
    for r in fixed_price:
        prices[r] = FIXED_PRICE
    return tuple(prices)


def trade_cost(
    need: Vector,
    produce: Vector,
    choices: tuple[tuple[int, ...], ...],
    prices: Vector,
    waive: int = 0,
) -> int:
    """The fewest coins that pay ``need`` (resources only, not the card's coin cost)."""
    lacking = 0
    for r in range(len(need)):
        m = need[r] - produce[r]
        if m > 0:
            lacking += m
    if lacking == 0:
        return 0  # the usual case: no list built
    missing = [max(0, need[r] - produce[r]) for r in range(len(need))]
    if not choices and not waive:
        return _bill(missing, prices, 0)
    return _cheapest(missing, lacking, choices, 0, prices, waive)


def _cheapest(
    missing: list[int],
    lacking: int,
    choices: tuple[tuple[int, ...], ...],
    first: int,
    prices: Vector,
    waive: int,
) -> int:
    """The cheapest purchase of ``missing`` once ``choices[first:]`` each cover one unit.

    A choice spent on a missing resource is never worse than a choice left unused (prices
    are positive), so a choice is left unused only when none of its options is missing."""
    if lacking == 0:
        return 0
    if first == len(choices):
        return _bill(missing, prices, waive)
    best = -1
    for r in choices[first]:
        if missing[r]:
            missing[r] -= 1
            cost = _cheapest(missing, lacking - 1, choices, first + 1, prices, waive)
            missing[r] += 1
            if best < 0 or cost < best:
                best = cost
    if best < 0:
        best = _cheapest(missing, lacking, choices, first + 1, prices, waive)
    return best


def _bill(missing: list[int], prices: Vector, waive: int) -> int:
    """Coins for buying ``missing`` at ``prices``, the ``waive`` dearest units free."""
    total = 0
    for r in range(len(missing)):
        total += missing[r] * prices[r]
    while waive > 0:
        dearest = -1
        for r in range(len(missing)):
            if missing[r] and (dearest < 0 or prices[r] > prices[dearest]):
                dearest = r
        if dearest < 0:
            break
        free = min(waive, missing[dearest])
        total -= free * prices[dearest]
        waive -= free
        if free == missing[dearest]:
            # this resource is fully waived: look at the next dearest
            missing = list(missing)
            missing[dearest] = 0
    return total
