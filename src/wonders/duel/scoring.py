"""7 Wonders Duel's civilian score, by the score pad's categories.

Military track points, treasury (1 per full 3 coins), wonders, blue (civilian), green
(science), yellow (commerce) and purple (guilds) cards' points, progress tokens (their
``points``, and ``points_per_token`` for each token the city holds, itself included:
Mathematics). A city is scored from its cards, built wonders, tokens and coins, so the engine
and the real-table booklet share it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from wonders.duel.cards import catalog
from wonders.duel.city import City, card_facts, wonder_facts

CATEGORIES = ("military", "treasury", "wonders", "civilian", "science", "commerce", "guilds")
COLOR_CATEGORY = {"blue": "civilian", "green": "science", "yellow": "commerce", "purple": "guilds"}


@cache
def _token_points() -> dict[str, tuple[int, int]]:
    """Each progress token's (points, points per token held)."""
    return {
        t.name: (int(t.effects.get("points", 0)), int(t.effects.get("points_per_token", 0)))
        for t in catalog().tokens
    }


# each card's scoring: (category or "" if its colour scores none, its own points, its
# "per counted thing" points: amount, whether in "the city with the most", the things)
CardScore = tuple[str, int, tuple[tuple[int, bool, tuple[str, ...]], ...]]
_card_scores: dict[str, CardScore] | None = None
_wonder_points: dict[str, int] | None = None


def _tables() -> tuple[dict[str, CardScore], dict[str, int]]:
    """The cards' and wonders' points, read from the data once (module globals rather than
    ``functools.cache``: a cached call is a slow path in compiled code, and every
    observation of the learning environments scores both cities)."""
    global _card_scores, _wonder_points
    if _card_scores is None or _wonder_points is None:
        _card_scores = {}
        for name, facts in card_facts().items():
            card = facts.card
            per = tuple((c.amount, c.whose == "most", tuple(c.count)) for c in card.points_per)
            _card_scores[name] = (COLOR_CATEGORY.get(card.color, ""), card.points, per)
        _wonder_points = {
            name: int(f.wonder.effects.get("points", 0)) for name, f in wonder_facts().items()
        }
    return _card_scores, _wonder_points


def score_city(city: City, cities: Sequence[City], military: int) -> dict[str, int]:
    """``city``'s points by category; ``cities`` are both cities (for the guilds' "the city
    with the most"), ``military`` the points the conflict pawn gives it."""
    cards, wonders = _tables()
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
    """``sum(score_city(...).values())`` without the categories (the learning
    environments' observations show every city's points at every decision)."""
    cards, wonders = _tables()
    total = military + city.coins // 3 + _token_total(city)
    for w in city.built:
        total += wonders[w]
    for name in city.cards:
        score = cards[name]
        if score[0]:
            total += _card_points(score, city, cities)
    return total


def _card_points(score: CardScore, city: City, cities: Sequence[City]) -> int:
    points = score[1]
    for amount, most, things in score[2]:
        points += amount * max(
            [sum([c.count(what) for what in things]) for c in (cities if most else [city])]
        )
    return points


def _token_total(city: City) -> int:
    held = len(city.tokens)
    total = 0
    for token in city.tokens:
        points, per_token = _token_points()[token]
        total += points + per_token * held
    return total
