"""``scoring.score_city`` and ``total_points`` read the cards' and wonders' points from
tables built once: at every step of seeded random games the categories and the total are
the score pad's, recounted here straight from the catalog (guilds, "the city with the
most" and tokens included)."""

from __future__ import annotations

import random

from wonders.core.registry import get_game
from wonders.duel.cards import COLOR_CATEGORY, catalog
from wonders.duel.city import City
from wonders.duel.scoring import score_city, total_points
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


def test_a_city_sums_its_printed_points_as_it_grows_and_loses_cards() -> None:
    """``City.points`` and ``City.counted`` (read by ``total_points``) follow every way a
    city changes: a card built (a guild is counted), a wonder built, a brown or grey card
    destroyed, and a city rebuilt from its JSON; each time the total is the score pad's."""
    cat = catalog()
    cards = {c.name: c for c in cat.cards}
    wonders = {w.name: w for w in cat.wonders}

    def printed(city: City) -> int:
        own = sum(cards[n].points for n in city.cards if cards[n].color in COLOR_CATEGORY)
        return own + sum(int(wonders[w].effects.get("points", 0)) for w in city.built)

    city, other = City(), City()
    for name in ("Altar", "Quarry", "Merchants guild", "Builders guild", "Clay pool"):
        city.add_card(name)
    city.add_wonder("The Pyramids", "Quarry")
    assert city.points == printed(city) > 0
    assert city.counted == ("Merchants guild", "Builders guild")
    city.remove_card("Quarry")
    city.remove_card("Clay pool")
    assert city.points == printed(city)
    city.remove_card("Altar")  # not a rule's move: the sums' way back, checked
    city.remove_card("Builders guild")
    assert city.points == printed(city) and city.counted == ("Merchants guild",)
    rebuilt = City.from_json(city.to_json())
    assert (rebuilt.points, rebuilt.counted) == (city.points, city.counted)
    copied = city.copy()
    assert (copied.points, copied.counted) == (city.points, city.counted)
    for c in (city, rebuilt):
        assert total_points(c, [c, other], 0) == sum(score_city(c, [c, other], 0).values())
