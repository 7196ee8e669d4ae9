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


def score_city(city: City, cities: Sequence[City], military: int) -> dict[str, int]:
    """``city``'s points by category; ``cities`` are both cities (for the guilds' "the city
    with the most"), ``military`` the points the conflict pawn gives it."""
    out = dict.fromkeys(CATEGORIES, 0)
    out["tokens"] = 0
    out["military"] = military
    out["treasury"] = city.coins // 3
    out["wonders"] = sum(wonder_facts()[w].wonder.effects.get("points", 0) for w in city.built)
    for name in city.cards:
        card = card_facts()[name].card
        points = card.points
        for counted in card.points_per:
            counted_in = cities if counted.whose == "most" else [city]
            points += counted.amount * max(
                sum(c.count(what) for what in counted.count) for c in counted_in
            )
        category = COLOR_CATEGORY.get(card.color)
        if category:
            out[category] += points
    for token in city.tokens:
        points, per_token = _token_points()[token]
        out["tokens"] += points + per_token * len(city.tokens)
    return out
