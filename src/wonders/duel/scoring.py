"""7 Wonders Duel's civilian score, by the score pad's categories.

Military track points, treasury (1 per full 3 coins), wonders, blue (civilian), green
(science), yellow (commerce) and purple (guilds) cards' points, progress tokens (their
``points``, and ``points_per_token`` for each token the city holds, itself included:
Mathematics). A city is scored from its cards, built wonders, tokens and coins, so the engine
and the real-table booklet share it.
"""

from __future__ import annotations

from collections.abc import Sequence

from wonders.duel.cards import COLOR_CATEGORY, catalog
from wonders.duel.city import City, card_facts, wonder_facts

CATEGORIES = ("military", "treasury", "wonders", "civilian", "science", "commerce", "guilds")


# each card's scoring: (category or "" if its colour scores none, its own points, its
# "per counted thing" points: amount, whether in "the city with the most", the things)
CardScore = tuple[str, int, tuple[tuple[int, bool, tuple[str, ...]], ...]]
_card_scores: dict[str, CardScore] | None = None
_wonder_points: dict[str, int] | None = None
_token_points: dict[str, tuple[int, int]] | None = None  # (points, points per token held)


def _tables() -> tuple[dict[str, CardScore], dict[str, int], dict[str, tuple[int, int]]]:
    """The cards', wonders' and tokens' points, read from the data once (module globals
    rather than ``functools.cache``: a cached call is a slow path in compiled code, and
    every observation of the learning environments scores both cities)."""
    global _card_scores, _wonder_points, _token_points
    if _card_scores is None or _wonder_points is None or _token_points is None:
        _card_scores = {}
        for name, facts in card_facts().items():
            card = facts.card
            per = tuple((c.amount, c.whose == "most", tuple(c.count)) for c in card.points_per)
            _card_scores[name] = (COLOR_CATEGORY.get(card.color, ""), card.points, per)
        _wonder_points = {
            name: int(f.wonder.effects.get("points", 0)) for name, f in wonder_facts().items()
        }
        _token_points = {
            t.name: (int(t.effects.get("points", 0)), int(t.effects.get("points_per_token", 0)))
            for t in catalog().tokens
        }
    return _card_scores, _wonder_points, _token_points


def score_city(city: City, cities: Sequence[City], military: int) -> dict[str, int]:
    """``city``'s points by category; ``cities`` are both cities (for the guilds' "the city
    with the most"), ``military`` the points the conflict pawn gives it."""
    cards, wonders, _ = _tables()
    out = dict.fromkeys(CATEGORIES, 0)
    out["military"] = military
    out["treasury"] = city.coins // 3
    out["wonders"] = sum([wonders[w] for w in city.built])
    for name in city.cards:
        score = cards[name]
        if score[0]:
            out[score[0]] += _card_points(score, city, cities)
    out["tokens"] = _token_total(city)
    return out


def total_points(city: City, cities: Sequence[City], military: int) -> int:
    """``sum(score_city(...).values())`` without the categories, from the printed points the
    city sums as it grows (``City.points``) and its cards that score per counted thing (the
    learning environments' observations show every city's points at every decision)."""
    total = military + city.coins // 3 + city.points
    if city.tokens:
        total += _token_total(city)
    if city.counted:
        cards = _tables()[0]
        for name in city.counted:
            total += _counted_points(cards[name], city, cities)
    return total


def _card_points(score: CardScore, city: City, cities: Sequence[City]) -> int:
    return score[1] + _counted_points(score, city, cities)


def _counted_points(score: CardScore, city: City, cities: Sequence[City]) -> int:
    """A card's points per counted thing (not its printed points)."""
    points = 0
    for amount, most, things in score[2]:
        best = 0
        for c in cities if most else [city]:
            n = 0
            for what in things:
                n += c.count(what)
            if n > best:
                best = n
        points += amount * best
    return points


def _token_total(city: City) -> int:
    held = len(city.tokens)
    table = _tables()[2]
    total = 0
    for token in city.tokens:
        points, per_token = table[token]
        total += points + per_token * held
    return total
