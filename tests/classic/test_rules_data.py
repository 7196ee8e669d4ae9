"""The card and board data: complete, validated at load, dealt right for every table size."""

from __future__ import annotations

import copy
import tomllib
from collections import Counter
from importlib import resources
from typing import Any

import pytest

from wonders.classic.cards import age_deck, catalog, parse_catalog
from wonders.classic.state import setup
from wonders.core.errors import DataError


def docs() -> tuple[dict[str, Any], dict[str, Any]]:
    data = resources.files("wonders.classic") / "data"
    return (
        tomllib.loads((data / "cards.toml").read_text()),
        tomllib.loads((data / "wonders.toml").read_text()),
    )


def test_the_box_has_148_cards_and_7_boards() -> None:
    cat = catalog()
    physical = Counter(c.age for c in cat.cards for _ in c.copies)
    assert physical == {1: 49, 2: 49, 3: 40}
    assert len(cat.guilds) == 10
    assert len(cat.wonders) == 7
    assert sum(physical.values()) + len(cat.guilds) == 148


@pytest.mark.parametrize("players", range(3, 8))
def test_every_age_deals_seven_cards_a_player(players: int) -> None:
    cat = catalog()
    for age in (1, 2):
        assert len(age_deck(cat, age, players)) == 7 * players
    assert len(age_deck(cat, 3, players)) == 7 * players - (players + 2)
    s = setup({"players": players}, players)
    assert [len(h) for h in s.hands] == [7] * players
    age3 = [c for hand in s.ages[2] for c in hand]
    assert sum(1 for c in age3 if c.is_guild) == players + 2


def test_every_chain_points_to_an_earlier_card() -> None:
    cat = catalog()
    for c in cat.cards:
        for target in c.chains_from:
            assert min(x.age for x in cat.by_name[target.lower()]) < c.age


def test_printed_facts_spot_checks() -> None:
    cat = catalog()
    assert cat.card_named("Craftsmens Guild").to_json()["effect"][0]["points"] == 2
    assert cat.card_named("Palace").cost == (1, 1, 1, 1, 1, 1, 1)
    assert cat.card_named("Forum").chains_from == ("East Trading Post", "West Trading Post")
    assert cat.wonder_named("Halikarnassos").name == "Halicarnassus"
    assert cat.wonder_named("colossus of rhodes").name == "Rhodes"


def broken(mutate: Any) -> None:
    cards, wonders = docs()
    cards, wonders = copy.deepcopy(cards), copy.deepcopy(wonders)
    mutate(cards, wonders)
    parse_catalog(cards, wonders)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda c, w: c["card"][0]["effects"][0].update(type="teleport"), "unknown effect"),
        (lambda c, w: c["card"][0]["effects"][0].update(options=["gold", "clay"]), "resource"),
        (lambda c, w: c["card"][40].update(chains_from=["Atlantis"]), "unknown card"),
        (lambda c, w: c["card"][0].update(copies=[3, 3]), "deals"),
        (lambda c, w: c["card"][0].update(color="pink"), "colour"),
        (lambda c, w: c["card"][0].update(age=4), "age"),
        (lambda c, w: c["card"].append(dict(c["card"][0])), "twice"),
        (lambda c, w: c["card"][0].update(cost={"coins": -1}), "integer"),
        (lambda c, w: w["wonder"][0].update(produces="gold"), "resource"),
        (lambda c, w: w["wonder"][0]["A"][0].update(cost={}), "costs"),
        (lambda c, w: w["wonder"][0].update(B=[]), "stages"),
    ],
)
def test_broken_data_is_refused_clearly(mutate: Any, message: str) -> None:
    with pytest.raises(DataError, match=message):
        broken(mutate)
