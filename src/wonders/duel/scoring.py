"""7 Wonders Duel's civilian score, by the score pad's categories.

Military track points, treasury (1 per full 3 coins), wonders, blue (civilian), green
(science), yellow (commerce) and purple (guilds) cards' points, progress tokens (Agriculture,
Philosophy, Mathematics's 3 per token it counts with itself).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wonders.duel.city import card_facts, wonder_facts

if TYPE_CHECKING:
    from wonders.duel.state import DuelState

CATEGORIES = ("military", "treasury", "wonders", "civilian", "science", "commerce", "guilds")
COLOR_CATEGORY = {"blue": "civilian", "green": "science", "yellow": "commerce", "purple": "guilds"}
TOKEN_POINTS = {"Agriculture": 4, "Philosophy": 7}
MATHEMATICS_POINTS = 3


def breakdown(state: DuelState, player: int) -> dict[str, int]:
    city = state.cities[player]
    out = dict.fromkeys(CATEGORIES, 0)
    out["tokens"] = 0
    out["military"] = state.military.points(player)
    out["treasury"] = city.coins // 3
    out["wonders"] = sum(wonder_facts()[w].wonder.effects.get("points", 0) for w in city.built)
    for name in city.cards:
        card = card_facts()[name].card
        points = card.points
        for counted in card.points_per:
            cities = state.cities if counted.whose == "most" else [city]
            points += counted.amount * max(
                sum(c.count(what) for what in counted.count) for c in cities
            )
        category = COLOR_CATEGORY.get(card.color)
        if category:
            out[category] += points
    for token in city.tokens:
        out["tokens"] += TOKEN_POINTS.get(token, 0)
        if token == "Mathematics":
            out["tokens"] += MATHEMATICS_POINTS * len(city.tokens)
    return out
