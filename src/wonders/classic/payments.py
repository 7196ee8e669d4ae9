"""The payment solver: every way to pay a resource cost, as coins to each neighbour.

A city pays a cost from its own production first (fixed units, then its either/or sources,
tradable or not), and buys what is missing from its neighbours' tradable production at a
price per resource and side (2, or 1 with a discount). What a payment changes in the game
is only how many coins go to the left and to the right neighbour, so a payment is the pair
``(left, right)``. ``payment_options`` returns the Pareto-minimal pairs: no pair is offered
that costs at least as much on both sides as another one.

Everything here is a pure function of small tuples, so results are memoised. The turn's hot
path asks ``market_options`` with a ``MarketKey``: each city's production and prices are
interned once (when they change) as small integers, so a lookup is one plain dict access
keyed by the cost and four integers, with no Python-level cache wrapper in between.
"""

from __future__ import annotations

from typing import TypeVar

from wonders.classic.cards import ZERO, Choices, Vector

T = TypeVar("T")

Source = tuple[Vector, Choices]  # (fixed production, either/or sources)
# (own production, the left and right neighbours' tradable production, prices left, right)
Market = tuple[Source, Source, Source, Vector, Vector]
Payment = tuple[int, int]  # coins to the left neighbour, coins to the right neighbour

# (own production, the left and right neighbours' tradable production, the prices): ids
MarketKey = tuple[int, int, int, int]

FREE: tuple[Payment, ...] = ((0, 0),)

# interned productions and price pairs (never forgotten: a game has few distinct ones)
_SOURCE_IDS: dict[Source, int] = {}
_SOURCES: list[Source] = []
_PRICE_IDS: dict[tuple[Vector, Vector], int] = {}
_PRICES: list[tuple[Vector, Vector]] = []
# market_options' memos, emptied when they hold more than _MARKETS_LIMIT markets or
# _OPTIONS_LIMIT projected markets
_OPTIONS: dict[MarketKey, dict[Vector, tuple[Payment, ...]]] = {}  # by market, then need
_MARKETS_LIMIT = 1 << 16
_OPTIONS_LIMIT = 1 << 18
# the payments of a projected market (see market_options)
_BY_PROJECTION: dict[tuple[Vector, int, int, int, int], tuple[Payment, ...]] = {}
# by need, then by id (no key tuple built per question): a source's projection's id (with
# its fixed units, and its choices alone), a prices' projection's id, and for the city's own
# production, what its fixed units leave to find with the id of its useful choices
_PROJECTIONS: dict[Vector, dict[int, int]] = {}
_CHOICE_PROJECTIONS: dict[Vector, dict[int, int]] = {}
_PRICE_MASKS: dict[Vector, dict[int, int]] = {}
_OWN_PARTS: dict[Vector, dict[int, tuple[Vector, int]]] = {}


def source_id(source: Source) -> int:
    """The small integer standing for a production (``MarketKey``)."""
    found = _SOURCE_IDS.get(source)
    if found is None:
        found = len(_SOURCES)
        _SOURCES.append(source)
        _SOURCE_IDS[source] = found
    return found


def prices_id(left: Vector, right: Vector) -> int:
    """The small integer standing for a city's prices on each side (``MarketKey``)."""
    key = (left, right)
    found = _PRICE_IDS.get(key)
    if found is None:
        found = len(_PRICES)
        _PRICES.append(key)
        _PRICE_IDS[key] = found
    return found


def market_options(need: Vector, key: MarketKey) -> tuple[Payment, ...]:
    """``payment_options`` without a budget, for a market given by its ids: every
    Pareto-minimal ``(left, right)`` payment, sorted by left cost (the caller keeps the
    affordable ones: whatever dominates an affordable payment is affordable too)."""
    memo = _OPTIONS.get(key)  # (no key tuple built per question: the caller's is reused)
    if memo is None:
        if len(_OPTIONS) >= _MARKETS_LIMIT or len(_BY_PROJECTION) >= _OPTIONS_LIMIT:
            _forget()
        memo = {}
        _OPTIONS[key] = memo
    found = memo.get(need)
    if found is None:
        parts = _by_need(_OWN_PARTS, need)
        own = parts.get(key[0])
        if own is None:
            rest = _after_fixed(need, _SOURCES[key[0]][0])
            own = (rest, _projected_choices_id(key[0], rest))
            parts[key[0]] = own
        found = _options_after_fixed(own[0], own[1], key)
        memo[need] = found
    return found


def _forget() -> None:
    """Empty the memos (now and then, so that they do not grow without end)."""
    _OPTIONS.clear()
    _BY_PROJECTION.clear()
    _PROJECTIONS.clear()
    _CHOICE_PROJECTIONS.clear()
    _OWN_PARTS.clear()
    _PRICE_MASKS.clear()


def _options_after_fixed(rest: Vector, choices: int, key: MarketKey) -> tuple[Payment, ...]:
    """``market_options`` for what the city's fixed production leaves to find (``rest``),
    asked on the part of the market that matters for it, which many markets share (a new
    card rarely changes it): the city's either/or sources useful for ``rest`` (``choices``,
    a source id), the neighbours' production capped at ``rest``, the prices of its
    resources."""
    if not any(rest):
        return FREE
    projected = (
        rest,
        choices,
        _projected_id(key[1], rest),
        _projected_id(key[2], rest),
        _masked_prices_id(key[3], rest),
    )
    found = _BY_PROJECTION.get(projected)
    if found is None:
        left_price, right_price = _PRICES[projected[4]]
        found = _all_payments(
            rest,
            _SOURCES[projected[1]],
            _SOURCES[projected[2]],
            _SOURCES[projected[3]],
            left_price,
            right_price,
        )
        _BY_PROJECTION[projected] = found
    return found


def _projected_choices_id(source: int, need: Vector) -> int:
    """The id of the either/or sources of ``source`` useful for ``need`` (no fixed units)."""
    known = _by_need(_CHOICE_PROJECTIONS, need)
    found = known.get(source)
    if found is None:
        found = source_id((ZERO, _project(_SOURCES[source], need)[1]))
        known[source] = found
    return found


def _projected_id(source: int, need: Vector) -> int:
    """The id of the part of production ``source`` that can matter for ``need``."""
    known = _by_need(_PROJECTIONS, need)
    found = known.get(source)
    if found is None:
        found = source_id(_project(_SOURCES[source], need))
        known[source] = found
    return found


def _masked_prices_id(prices: int, need: Vector) -> int:
    """The id of the prices of the resources in ``need`` (the others zero)."""
    known = _by_need(_PRICE_MASKS, need)
    found = known.get(prices)
    if found is None:
        left, right = _PRICES[prices]
        found = prices_id(_mask(left, need), _mask(right, need))
        known[prices] = found
    return found


def _by_need(memo: dict[Vector, dict[int, T]], need: Vector) -> dict[int, T]:
    """The part of a memo by need, then by id, for ``need`` (made when missing)."""
    found = memo.get(need)
    if found is None:
        found = {}
        memo[need] = found
    return found


def affordable(options: tuple[Payment, ...], budget: int) -> tuple[Payment, ...]:
    """The payments of ``options`` costing at most ``budget`` coins in all."""
    for left, right in options:
        if left + right > budget:
            return tuple(pay for pay in options if pay[0] + pay[1] <= budget)
    return options


def _after_fixed(need: Vector, fixed: Vector) -> Vector:
    out = [0] * len(need)  # (index loops: the compiled build's fast path)
    for i in range(len(need)):
        if need[i] > fixed[i]:
            out[i] = need[i] - fixed[i]
    return tuple(out)


def _residuals(need: Vector, choices: Choices) -> set[Vector]:
    """Every remaining need after assigning each either/or source to at most one unit."""
    results: set[Vector] = set()
    _walk(choices, 0, list(need), results)
    # keep only minimal residuals: one that needs more of everything than another is useless
    minimal = set()
    for r in results:
        if not any(o != r and all(a <= b for a, b in zip(o, r, strict=True)) for o in results):
            minimal.add(r)
    return minimal


def _walk(choices: Choices, i: int, rest: list[int], results: set[Vector]) -> None:
    """``_residuals``' search: sources ``i`` onwards assigned to what ``rest`` still needs."""
    if i == len(choices) or not any(rest):
        results.add(tuple(rest))
        return
    used = False
    for r in choices[i]:
        if rest[r]:
            used = True
            rest[r] -= 1
            _walk(choices, i + 1, rest, results)
            rest[r] += 1
    if not used:  # skipping a useful source is never better than spending it
        _walk(choices, i + 1, rest, results)


def _most(source: Source) -> Vector:
    """The most of each resource a city could supply (each either/or source counted fully)."""
    fixed, choices = source
    most = list(fixed)
    for c in choices:
        for r in c:
            most[r] += 1
    return tuple(most)


def _splits(
    residual: Vector, most_l: Vector, most_r: Vector, left_price: Vector, right_price: Vector
) -> list[tuple[Vector, Vector, int, int]]:
    """Every split of the missing units between the neighbours that could supply it
    (``most_l``/``most_r``: ``_most`` of each neighbour)."""
    idx: list[int] = []  # the resources missing, with their range of units bought left
    lows: list[int] = []
    highs: list[int] = []
    for i in range(len(residual)):
        n = residual[i]
        if n:
            low = n - most_r[i] if n > most_r[i] else 0
            high = n if n < most_l[i] else most_l[i]
            if low > high:
                return []
            idx.append(i)
            lows.append(low)
            highs.append(high)
    out = []
    left = list(lows)  # an odometer over the ranges, the last one turning fastest
    while True:
        buy_left = [0] * 7
        buy_right = [0] * 7
        cost_l = cost_r = 0
        for j in range(len(idx)):
            i, k = idx[j], left[j]
            buy_left[i] = k
            buy_right[i] = residual[i] - k
            cost_l += k * left_price[i]
            cost_r += (residual[i] - k) * right_price[i]
        out.append((tuple(buy_left), tuple(buy_right), cost_l, cost_r))
        j = len(idx) - 1
        while j >= 0 and left[j] == highs[j]:
            left[j] = lows[j]
            j -= 1
        if j < 0:
            return out
        left[j] += 1


_SUPPLY: dict[tuple[int, Vector], bool] = {}  # can_supply's memo, by source id


def can_supply(source: Source, want: Vector) -> bool:
    """Whether a city's production can supply ``want`` in one turn."""
    return _supplies(source_id(source), source, want)


def _supplies(sid: int, source: Source, want: Vector) -> bool:
    """``can_supply`` for ``source`` of id ``sid``."""
    key = (sid, want)
    found = _SUPPLY.get(key)
    if found is None:
        if len(_SUPPLY) >= _OPTIONS_LIMIT:
            _SUPPLY.clear()
        found = _can_supply(source, want)
        _SUPPLY[key] = found
    return found


def _can_supply(source: Source, want: Vector) -> bool:
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
    return affordable(_unbounded(need, market), budget)


# _unbounded's memo, on the part of the market that matters for the need
_PROJECTED: dict[tuple[Vector, Source, Source, Source, Vector, Vector], tuple[Payment, ...]] = {}


def _unbounded(need: Vector, market: Market) -> tuple[Payment, ...]:
    """The Pareto-minimal payments, memoised on just the part of the market that matters
    (``_project``): many markets share it."""
    own, left, right, left_price, right_price = market
    key = (
        need,
        _project(own, need),
        _project(left, need),
        _project(right, need),
        _mask(left_price, need),
        _mask(right_price, need),
    )
    found = _PROJECTED.get(key)
    if found is None:
        if len(_PROJECTED) >= _OPTIONS_LIMIT:
            _PROJECTED.clear()
        found = _all_payments(need, key[1], key[2], key[3], key[4], key[5])
        _PROJECTED[key] = found
    return found


def _mask(prices: Vector, need: Vector) -> Vector:
    out = [0] * len(need)
    for i in range(len(need)):
        if need[i]:
            out[i] = prices[i]
    return tuple(out)


def _project(source: Source, need: Vector) -> Source:
    """The part of a city's production that can matter for ``need`` (a smaller memo key)."""
    fixed, choices = source
    kept = []
    for c in choices:
        useful = tuple(r for r in c if need[r])
        if useful:
            kept.append(useful)
    kept.sort()
    capped = [0] * len(need)
    for i in range(len(need)):
        capped[i] = fixed[i] if fixed[i] < need[i] else need[i]
    return tuple(capped), tuple(kept)


def _all_payments(
    need: Vector, own: Source, left: Source, right: Source, left_price: Vector, right_price: Vector
) -> tuple[Payment, ...]:
    rest = _after_fixed(need, own[0])
    if not any(rest):
        return FREE
    most_l, most_r = _most(left), _most(right)
    left_id, right_id = source_id(left), source_id(right)
    pairs: set[Payment] = set()
    for residual in _residuals(rest, own[1]):
        if not any(residual):
            return FREE
        for buy_left, buy_right, cost_l, cost_r in _splits(
            residual, most_l, most_r, left_price, right_price
        ):
            if _supplies(left_id, left, buy_left) and _supplies(right_id, right, buy_right):
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
    most_l, most_r = _most(left), _most(right)
    for residual in _residuals(rest, own[1]):
        for buy_left, buy_right, cost_l, cost_r in _splits(
            residual, most_l, most_r, left_price, right_price
        ):
            if (cost_l, cost_r) != payment:
                continue
            if can_supply(left, buy_left) and can_supply(right, buy_right):
                return buy_left, buy_right
    return None


_REDUCED: dict[tuple[Vector, int], tuple[Vector, ...]] = {}  # reduced_costs' memo


def reduced_costs(cost: Vector, less: int) -> tuple[Vector, ...]:
    """Every cost left after removing ``less`` units of the player's choice (Leaders'
    Archimedes, Hammurabi, Leonidas, Imhotep: "one resource less")."""
    key = (cost, less)
    known = _REDUCED.get(key)
    if known is None:
        known = _reduced(cost, less)
        _REDUCED[key] = known
    return known


def _reduced(cost: Vector, less: int) -> tuple[Vector, ...]:
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
