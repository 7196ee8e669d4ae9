"""``scoring.score_city`` and ``total_points`` read the cards' and wonders' points from
tables built once: at every step of seeded random games the categories and the total are
the score pad's, recounted here straight from the catalog (guilds, "the city with the
most" and tokens included)."""

from __future__ import annotations

import random

from wonders.core.registry import get_game
from wonders.duel.cards import COLOR_CATEGORY, catalog
from wonders.duel.city import City
from wonders.duel.state import DuelState


def _recount(state: DuelState, p: int) -> dict[str, int]:
    """The score pad's categories, from the catalog's card, wonder and token entries."""
    cat = catalog()
    cards = {c.name: c for c in cat.cards}
    wonders = {w.name: w for w in cat.wonders}
    tokens = {t.name: t for t in cat.tokens}
    city: City = state.cities[p]
    out = {k: 0 for k in ("civilian", "science", "commerce", "guilds", "tokens")}
    out["military"] = state.military.points(p)
    out["treasury"] = city.coins // 3
    out["wonders"] = sum(int(wonders[w].effects.get("points", 0)) for w in city.built)
    for name in city.cards:
        card = cards[name]
        points = card.points
        for counted in card.points_per:
            where = state.cities if counted.whose == "most" else [city]
            points += counted.amount * max(sum(c.count(w) for w in counted.count) for c in where)
        if card.color in COLOR_CATEGORY:
            out[COLOR_CATEGORY[card.color]] += points
    for token in city.tokens:
        effects = tokens[token].effects
        out["tokens"] += int(effects.get("points", 0))
        out["tokens"] += int(effects.get("points_per_token", 0)) * len(city.tokens)
    return out


def test_score_city_from_tables_is_the_score_pads() -> None:
    counted_cards = {c.name for c in catalog().cards if c.points_per}
    reached = 0
    for seed in range(12):
        state = get_game("duel").setup({}, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            for p in (0, 1):
                assert state.breakdown(p) == _recount(state, p)
                assert state.points(p) == sum(_recount(state, p).values())
            reached += any(n in counted_cards for c in state.cities for n in c.cards)
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert reached  # the "per counted thing" points were reached
