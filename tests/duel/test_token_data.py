"""The progress tokens' rules read their numbers from the data (tokens.toml): a city sums
each token's declared effects as it takes it, and the turn uses those sums, never a
token's name or a number of its own."""

from __future__ import annotations

from tests.duel.scenario import new_game, tokens
from wonders.duel.cards import catalog
from wonders.duel.city import City


def test_a_city_takes_each_tokens_lasting_effects_from_the_data() -> None:
    for token in catalog().tokens:
        city = City()
        city.add_token(token.name)
        e = token.effects
        assert city.wonder_waive == e.get("wonder_discount", 0), token.name
        assert city.blue_waive == e.get("blue_discount", 0), token.name
        assert city.chain_coins == e.get("chain_coins", 0), token.name
        assert city.extra_shields == e.get("extra_shield", 0), token.name
        assert city.trade_income == bool(e.get("trade_income")), token.name
        assert city.wonder_replay == bool(e.get("wonder_replay")), token.name
        assert city.symbols() == (1 if e.get("science") else 0), token.name


def test_a_city_copied_or_loaded_keeps_its_tokens_effects() -> None:
    city = City()
    for name in ("Masonry", "Urbanism", "Strategy", "Law"):
        city.add_token(name)
    for other in (City(source=city), City.from_json(city.to_json())):
        assert (other.blue_waive, other.chain_coins, other.extra_shields) == (2, 4, 1)
        assert other.symbols() == 1 and not other.trade_income


def test_a_blue_card_waives_as_many_resources_as_the_city_holds_from_its_tokens() -> None:
    state = new_game()
    blue = "Baths"  # a stone to buy in Age I
    _, bought_before = state.card_cost(0, blue)
    assert bought_before > 0
    state = tokens(state, 0, "Masonry")
    assert state.card_cost(0, blue) == (0, 0)
    state.cities[0].blue_waive = 0  # as if the data gave Masonry nothing to waive
    assert state.card_cost(0, blue)[1] == bought_before
