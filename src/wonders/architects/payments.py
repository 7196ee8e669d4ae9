"""7 Wonders Architects' payments: every way to pay a wonder stage with the cards in hand
(memoised: a pure function of small tuples)."""

from __future__ import annotations

from typing import Any

from wonders.architects.cards import RESOURCES

_PAYMENTS: dict[tuple[Any, ...], list[tuple[str, ...]]] = {}


def payments(
    res: tuple[int, ...], gold: int, count: int, same: bool, engineering: bool, economy: bool
) -> list[tuple[str, ...]]:
    """Every way to pay a stage of ``count`` resources (``same`` or different) from grey
    cards ``res`` (per resource, capped at 4) and ``gold`` yellow cards, as sorted tuples of
    card kinds; no card is superfluous. ``economy``: one yellow card may count twice."""
    key = (res, gold, count, same, engineering, economy)
    cached = _PAYMENTS.get(key)
    if cached is not None:
        return cached
    greys: list[tuple[int, ...]] = []  # grey multisets as counts per resource
    if engineering:
        _all_greys(res, 0, [], count, greys)
    elif same:
        greys.append((0,) * len(res))
        for r, c in enumerate(res):
            for used in range(1, min(c, count) + 1):
                greys.append(tuple(used if i == r else 0 for i in range(len(res))))
    else:
        _distinct_greys(res, 0, [], count, greys)
    out: list[tuple[str, ...]] = []
    for g in greys:
        wild = count - sum(g)
        options = [wild]
        if economy and wild >= 2:
            options.append(wild - 1)
        for golds in options:
            if golds > gold:
                continue
            names = ["gold"] * golds
            for r, c in enumerate(g):
                names += [RESOURCES[r]] * c
            out.append(tuple(sorted(names)))
    out = sorted(set(out))
    _PAYMENTS[key] = out
    return out


def _distinct_greys(
    res: tuple[int, ...], i: int, acc: list[int], room: int, out: list[tuple[int, ...]]
) -> None:
    if i == len(res):
        out.append(tuple(acc))
        return
    _distinct_greys(res, i + 1, [*acc, 0], room, out)
    if res[i] and room:
        _distinct_greys(res, i + 1, [*acc, 1], room - 1, out)


def _all_greys(
    res: tuple[int, ...], i: int, acc: list[int], room: int, out: list[tuple[int, ...]]
) -> None:
    if i == len(res):
        out.append(tuple(acc))
        return
    for c in range(min(res[i], room) + 1):
        _all_greys(res, i + 1, [*acc, c], room - c, out)
