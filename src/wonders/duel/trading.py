"""What a 7 Wonders Duel city pays the bank for the resources it lacks.

A missing unit of a resource costs 2 plus
the number of that resource the opponent produces on brown and grey cards, or 1 for a
resource the city has a fixed price for (Stone/Clay/Wood Reserve, Customs House). Either/or
production (Forum, Caravansery, the Great Lighthouse, Piraeus) covers one unit of one of its
options and never changes prices. Architecture and Masonry waive up to ``waive`` units of the
player's choice: the dearest, since that is never worse for the player.
"""

from __future__ import annotations

from itertools import product

RESOURCES = ("wood", "clay", "stone", "glass", "papyrus")
BASE_PRICE, FIXED_PRICE = 2, 1

Vector = tuple[int, ...]  # one count per resource, RESOURCES order


def unit_prices(opponent_brown_grey: Vector, fixed_price: frozenset[int]) -> Vector:
    """The price of one unit of each resource for this city this turn."""
    return tuple(
        FIXED_PRICE if r in fixed_price else BASE_PRICE + n
        for r, n in enumerate(opponent_brown_grey)
    )


def trade_cost(
    need: Vector,
    produce: Vector,
    choices: tuple[tuple[int, ...], ...],
    prices: Vector,
    waive: int = 0,
) -> int:
    """The fewest coins that pay ``need`` (resources only, not the card's coin cost)."""
    best: int | None = None
    for picks in product(*[(*c, None) for c in choices]):
        have = list(produce)
        for r in picks:
            if r is not None:
                have[r] += 1
        units = sorted(
            (prices[r] for r in range(len(need)) for _ in range(max(0, need[r] - have[r]))),
            reverse=True,
        )
        cost = sum(units[waive:])
        if best is None or cost < best:
            best = cost
    assert best is not None
    return best
