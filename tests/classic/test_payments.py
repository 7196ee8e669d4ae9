"""The payment solver agrees with a brute force over every way to use every source."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from wonders.classic.payments import Source, pareto, payment_options, purchase_plan

RES = st.integers(min_value=0, max_value=6)
vectors = st.lists(st.integers(min_value=0, max_value=2), min_size=7, max_size=7).map(tuple)
small_need = st.lists(st.integers(min_value=0, max_value=3), min_size=7, max_size=7).map(tuple)
choice = st.lists(RES, min_size=2, max_size=4, unique=True).map(tuple)
sources = st.tuples(vectors, st.lists(choice, max_size=3).map(tuple))
prices = st.lists(st.sampled_from([1, 2]), min_size=7, max_size=7).map(tuple)


def supply_options(source: Source) -> set[tuple[int, ...]]:
    fixed, choices = source
    out = set()
    for pick in product(*[(*c, None) for c in choices]):
        v = list(fixed)
        for r in pick:
            if r is not None:
                v[r] += 1
        out.add(tuple(v))
    return out


def brute_force(need, own, left, right, lp, rp, budget):  # type: ignore[no-untyped-def]
    pairs = set()
    for mine in supply_options(own):
        deficit = [max(0, n - m) for n, m in zip(need, mine, strict=True)]
        for lv in supply_options(left):
            for rv in supply_options(right):
                for split in product(*(range(d + 1) for d in deficit)):
                    ok = all(k <= lv[i] and deficit[i] - k <= rv[i] for i, k in enumerate(split))
                    if not ok:
                        continue
                    cl = sum(k * lp[i] for i, k in enumerate(split))
                    cr = sum((deficit[i] - k) * rp[i] for i, k in enumerate(split))
                    if cl + cr <= budget:
                        pairs.add((cl, cr))
    return pareto(pairs)


@settings(max_examples=150)
@given(
    need=small_need.filter(lambda v: sum(v) <= 5),
    own=sources,
    left=sources,
    right=sources,
    lp=prices,
    rp=prices,
    budget=st.integers(min_value=0, max_value=12),
)
def test_solver_matches_brute_force(need, own, left, right, lp, rp, budget) -> None:  # type: ignore[no-untyped-def]
    got = payment_options(need, (own, left, right, lp, rp), budget)
    assert got == brute_force(need, own, left, right, lp, rp, budget)
    for pay in got:
        plan = purchase_plan(need, (own, left, right, lp, rp), pay)
        assert plan is not None
        buy_l, buy_r = plan
        assert sum(a * p for a, p in zip(buy_l, lp, strict=True)) == pay[0]
        assert sum(a * p for a, p in zip(buy_r, rp, strict=True)) == pay[1]


def test_both_neighbours_offered_when_both_sell() -> None:
    # need 1 clay; both neighbours make clay; left discounted: (1, 0) and (0, 2)
    clay = (0, 0, 1, 0, 0, 0, 0)
    none = ((0,) * 7, ())
    seller = (clay, ())
    lp = (2, 2, 1, 2, 2, 2, 2)
    rp = (2,) * 7
    assert payment_options(clay, (none, seller, seller, lp, rp), 5) == ((0, 2), (1, 0))
    # with equal prices both sides are still a choice
    assert payment_options(clay, (none, seller, seller, rp, rp), 5) == ((0, 2), (2, 0))
    # not enough coins: nothing
    assert payment_options(clay, (none, seller, seller, rp, rp), 1) == ()
