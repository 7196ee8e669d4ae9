"""The payment solver: every way to pay a resource cost, as coins to each neighbour.

A city pays a cost from its own production first (fixed units, then its either/or sources,
tradable or not), and buys what is missing from its neighbours' tradable production at a
price per resource and side (2, or 1 with a discount). What a payment changes in the game
is only how many coins go to the left and to the right neighbour, so a payment is the pair
``(left, right)``. ``payment_options`` returns the Pareto-minimal pairs: no pair is offered
that costs at least as much on both sides as another one.

Everything here is a pure function of small tuples, so results are memoised.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import product

from wonders.classic.cards import Vector

Choices = tuple[tuple[int, ...], ...]
Source = tuple[Vector, Choices]  # (fixed production, either/or sources)
# (own production, the left and right neighbours' tradable production, prices left, right)
Market = tuple[Source, Source, Source, Vector, Vector]
Payment = tuple[int, int]  # coins to the left neighbour, coins to the right neighbour

FREE: tuple[Payment, ...] = ((0, 0),)


def _after_fixed(need: Vector, fixed: Vector) -> Vector:
    return tuple(n - f if n > f else 0 for n, f in zip(need, fixed, strict=True))


def _residuals(need: Vector, choices: Choices) -> set[Vector]:
    """Every remaining need after assigning each either/or source to at most one unit."""
    results: set[Vector] = set()

    def walk(i: int, rest: list[int]) -> None:
        if not any(rest):
            results.add(tuple(rest))
            return
        if i == len(choices):
            results.add(tuple(rest))
            return
        used = False
        for r in choices[i]:
            if rest[r]:
                used = True
                rest[r] -= 1
                walk(i + 1, rest)
                rest[r] += 1
        if not used:  # skipping a useful source is never better than spending it
            walk(i + 1, rest)

    walk(0, list(need))
    # keep only minimal residuals: one that needs more of everything than another is useless
    minimal = {
        r
        for r in results
        if not any(o != r and all(a <= b for a, b in zip(o, r, strict=True)) for o in results)
    }
    return minimal


@lru_cache(maxsize=1 << 14)
def _most(source: Source) -> Vector:
    """The most of each resource a city could supply (each either/or source counted fully)."""
    fixed, choices = source
    return tuple(fixed[i] + sum(1 for c in choices if i in c) for i in range(7))


def _splits(
    residual: Vector, left: Source, right: Source, left_price: Vector, right_price: Vector
) -> Iterator[tuple[Vector, Vector, int, int]]:
    """Every split of the missing units between the neighbours that could supply it."""
    most_l, most_r = _most(left), _most(right)
    idx = [i for i, n in enumerate(residual) if n]
    ranges = []
    for i in idx:
        low, high = max(0, residual[i] - most_r[i]), min(residual[i], most_l[i])
        if low > high:
            return
        ranges.append(range(low, high + 1))
    for split in product(*ranges):
        buy_left = [0] * 7
        buy_right = [0] * 7
        cost_l = cost_r = 0
        for i, k in zip(idx, split, strict=True):
            buy_left[i] = k
            buy_right[i] = residual[i] - k
            cost_l += k * left_price[i]
            cost_r += (residual[i] - k) * right_price[i]
        yield tuple(buy_left), tuple(buy_right), cost_l, cost_r


@lru_cache(maxsize=1 << 16)
def can_supply(source: Source, want: Vector) -> bool:
    """Whether a city's production can supply ``want`` in one turn."""
    fixed, choices = source
    rest = _after_fixed(want, fixed)
    if not any(rest):
        return True
    if sum(rest) > len(choices):
        return False
    return any(not any(r) for r in _residuals(rest, choices))


def payment_options(need: Vector, market: Market, budget: int) -> tuple[Payment, ...]:
    """Pareto-minimal (left, right) payments for ``need``, within ``budget`` coins.

    Empty when the cost cannot be paid at all. Filtering the unbounded Pareto set by the
    budget is exact: whatever dominates an affordable payment is affordable too.
    """
    options = _unbounded(need, market)
    return tuple(pay for pay in options if pay[0] + pay[1] <= budget)


@lru_cache(maxsize=1 << 17)
def _unbounded(need: Vector, market: Market) -> tuple[Payment, ...]:
    """Memoised on the cities' whole production, then on just the part that matters."""
    own, left, right, left_price, right_price = market
    projected = (
        _project(own, need),
        _project(left, need),
        _project(right, need),
        _mask(left_price, need),
        _mask(right_price, need),
    )
    return _all_payments(need, projected)


@lru_cache(maxsize=1 << 12)
def _mask(prices: Vector, need: Vector) -> Vector:
    return tuple(p if n else 0 for p, n in zip(prices, need, strict=True))


@lru_cache(maxsize=1 << 16)
def _project(source: Source, need: Vector) -> Source:
    """The part of a city's production that can matter for ``need`` (a smaller cache key)."""
    fixed, choices = source
    kept = []
    for c in choices:
        useful = tuple(r for r in c if need[r])
        if useful:
            kept.append(useful)
    kept.sort()
    return tuple(f if f < n else n for f, n in zip(fixed, need, strict=True)), tuple(kept)


@lru_cache(maxsize=1 << 17)
def _all_payments(need: Vector, market: Market) -> tuple[Payment, ...]:
    own, left, right, left_price, right_price = market
    rest = _after_fixed(need, own[0])
    if not any(rest):
        return FREE
    pairs: set[Payment] = set()
    for residual in _residuals(rest, own[1]):
        if not any(residual):
            return FREE
        for buy_left, buy_right, cost_l, cost_r in _splits(
            residual, left, right, left_price, right_price
        ):
            if can_supply(left, buy_left) and can_supply(right, buy_right):
                pairs.add((cost_l, cost_r))
    return pareto(pairs)


def pareto(pairs: set[Payment]) -> tuple[Payment, ...]:
    """The pairs not dominated by another (<= on both sides), sorted by left cost."""
    out: list[Payment] = []
    best_right = None
    for left, right in sorted(pairs):
        if best_right is None or right < best_right:
            out.append((left, right))
            best_right = right
    return tuple(out)


def purchase_plan(need: Vector, market: Market, payment: Payment) -> tuple[Vector, Vector] | None:
    """One way to realise ``payment``: the units bought on the left and on the right.

    Used to explain a payment to a person; the rules need only the coins.
    """
    own, left, right, left_price, right_price = market
    rest = _after_fixed(need, own[0])
    for residual in _residuals(rest, own[1]):
        for buy_left, buy_right, cost_l, cost_r in _splits(
            residual, left, right, left_price, right_price
        ):
            if (cost_l, cost_r) != payment:
                continue
            if can_supply(left, buy_left) and can_supply(right, buy_right):
                return buy_left, buy_right
    return None


@lru_cache(maxsize=1 << 12)
def reduced_costs(cost: Vector, less: int) -> tuple[Vector, ...]:
    """Every cost left after removing ``less`` units of the player's choice (Leaders'
    Archimedes, Hammurabi, Leonidas, Imhotep: "one resource less")."""
    found = {cost}
    for _ in range(less):
        found = {
            tuple(n - 1 if i == r else n for i, n in enumerate(c))
            for c in found
            for r in range(7)
            if c[r]
        } or found
    return tuple(sorted(found))


Payment3 = tuple[int, int, int]  # coins to the left, to the right, to the bank (Bilkis)


def pareto3(options: set[Payment3]) -> list[Payment3]:
    """The (left, right, bank) payments no other one beats or equals on all three."""
    return sorted(
        o
        for o in options
        if not any(p != o and p[0] <= o[0] and p[1] <= o[1] and p[2] <= o[2] for p in options)
    )
