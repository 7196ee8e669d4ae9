"""7 Wonders Duel data: complete, consistent, validated at load, listed by the CLI."""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

import pytest
from typer.testing import CliRunner

from wonders.cli.app import app
from wonders.core.errors import DataError
from wonders.duel.cards import SCIENCE, catalog, load_documents, parse_catalog


def test_the_box() -> None:
    cat = catalog()
    ages = Counter(c.age for c in cat.cards if c.color != "purple")
    assert ages == {1: 23, 2: 23, 3: 20}
    assert sum(1 for c in cat.cards if c.color == "purple") == 7
    assert len(cat.wonders) == 12
    assert {t.name for t in cat.tokens} == {
        "Agriculture", "Architecture", "Economy", "Law", "Masonry",
        "Mathematics", "Philosophy", "Strategy", "Theology", "Urbanism",
    }  # fmt: skip


def test_chains_link_earlier_cards_by_symbol() -> None:
    cat = catalog()
    assert cat.card_named("Statue").chains_from == ("Theater",)
    assert cat.card_named("Gardens").chains_from == ("Statue",)
    assert cat.card_named("Arena").chains_from == ("Brewery",)
    assert cat.card_named("Lighthouse").chains_from == ("Tavern",)
    for c in cat.cards:
        for giver in c.chains_from:
            assert cat.card_named(giver).age < c.age


def test_each_science_symbol_is_on_two_cards_and_law_on_a_token() -> None:
    cat = catalog()
    assert Counter(c.science for c in cat.cards if c.science) == {s: 2 for s in SCIENCE[:-1]}
    assert [t.name for t in cat.tokens if t.effects.get("science") == "law"] == ["Law"]


def test_printed_numbers_the_seed_lost() -> None:
    cat = catalog()
    w = {x.name: x.effects for x in cat.wonders}
    assert w["The Temple of Artemis"] == {"coins": 12, "replay": True}
    assert w["The Appian Way"] == {"coins": 3, "opponent_loses": 3, "replay": True, "points": 3}
    assert w["The Pyramids"] == {"points": 9}
    t = {x.name: x.effects for x in cat.tokens}
    assert t["Urbanism"] == {"coins": 6, "chain_coins": 4}
    assert t["Agriculture"] == {"coins": 6, "points": 4}
    assert t["Mathematics"] == {"points_per_token": 3}
    assert cat.card_named("Brewery").coins == 6 and cat.card_named("Tavern").coins == 4
    assert cat.card_named("Pretorium").coins_cost == 8


def broken(mutate: Any) -> None:
    docs = copy.deepcopy(load_documents())
    mutate(*docs)
    parse_catalog(*docs)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda c, w, t: c["card"][0].update(produce=["gold"]), "expected a list"),
        (lambda c, w, t: c["card"][0].update(age=2), "Age 1 has 22"),
        (lambda c, w, t: c["card"][40].update(chain_in="nothing"), "no earlier card"),
        (lambda c, w, t: c["card"][9].update(chain_out="sword"), "same chain symbol"),
        (lambda c, w, t: c["card"][12].update(science="wheel"), "exactly 2"),
        (lambda c, w, t: c["card"][0].update(magic=1), "unknown field"),
        (lambda c, w, t: w["wonder"][0].update(destroy="blue"), "brown or grey"),
        (lambda c, w, t: w["wonder"].pop(), "12 wonders"),
        (lambda c, w, t: t["token"][0].update(science="globe"), "Law"),
        (lambda c, w, t: t["token"][7].update(extra_shield=True), "expected an integer"),
        (lambda c, w, t: t["token"][9].update(chain_coins=-1), "expected an integer"),
        (lambda c, w, t: t["token"][2].update(trade_income=1), "true or false"),
    ],
)
def test_broken_data_is_refused(mutate: Any, message: str) -> None:
    with pytest.raises(DataError, match=message):
        broken(mutate)


def test_cards_duel_json() -> None:
    result = CliRunner().invoke(app, ["cards", "duel", "--json"])
    assert result.exit_code == 0
    listed = json.loads(result.stdout)  # cards, then the wonders and the progress tokens
    cards = [c for c in listed if c["color"] not in ("wonder", "token")]
    assert len(cards) == 73 and len(listed) == 73 + 12 + 10
    statue = next(c for c in cards if c["name"] == "Statue")
    assert statue["chain_in"] == "mask" and statue["chain_out"] == "column"
    assert statue["points"] == 4 and statue["cost"] == {"coins": 0, "resources": {"clay": 2}}
    assert {"name", "age", "color", "cost", "chains_from", "copies", "effect"} <= set(statue)
    assert {"chain_in", "chain_out", "science", "shields", "points"} <= set(statue)
    result = CliRunner().invoke(app, ["cards", "duel", "--age", "1"])
    assert result.exit_code == 0 and "Lumber yard" in result.stdout
    result = CliRunner().invoke(app, ["cards", "duel", "--players", "4"])
    assert result.exit_code == 1 and "2 players" in result.stderr
