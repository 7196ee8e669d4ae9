"""7 Wonders Architects data: complete, consistent, validated at load, listed by the CLI."""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

import pytest
from typer.testing import CliRunner

from wonders.architects.cards import catalog, load_documents, parse_catalog
from wonders.cli.app import app
from wonders.core.errors import DataError


def test_the_box_has_235_cards() -> None:
    cards = catalog().cards_json()
    assert len(cards) == 235
    decks = Counter(c["deck"] for c in cards)
    assert decks["central"] == 60
    assert {n for d, n in decks.items() if d != "central"} == {25}
    assert len(decks) == 8
    resources = Counter(c["resource"] for c in cards if c["resource"])
    assert set(resources.values()) == {17}
    assert set(Counter(c["science"] for c in cards if c["science"]).values()) == {14}
    assert sum(1 for c in cards if c["cat"]) == 8 + 2 + 2 + 2 + 3 + 2 + 3 + 2


def test_wonders_points_and_orders() -> None:
    w = {x.name: x for x in catalog().wonders}
    assert sum(w["Giza"].points) == 30
    assert w["Giza"].effect is None
    assert w["Rhodes"].order[0] == (1, 2)
    assert w["Ephesus"].effect_stages == (2, 3, 4)
    costs = catalog().costs
    assert [(c.count, c.same) for c in costs] == [
        (2, False), (2, True), (3, False), (3, True), (4, False),
    ]  # fmt: skip


def test_fifteen_tokens_culture_twice() -> None:
    names = Counter(t.name for t in catalog().tokens)
    assert sum(names.values()) == 15 and names["Culture"] == 2


def broken(mutate: Any) -> None:
    docs = copy.deepcopy(load_documents())
    mutate(*docs)
    parse_catalog(*docs)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda c, w, t: c["deck"]["central"].update(gold=7), "61 cards"),
        (lambda c, w, t: c["deck"]["Rhodes"].update(unicorn=1), "unknown card kind"),
        (lambda c, w, t: c["kind"]["blue3"].update(points=0), "face"),
        (
            lambda c, w, t: c["deck"]["Rhodes"].update(wood=3, stone=1),
            "wood cards",
        ),
        (lambda c, w, t: w["wonder"][0].update(order=[[1], [2], [3], [4]]), "order"),
        (lambda c, w, t: w["wonder"][3].update(effect="shield"), "disagree"),
        (lambda c, w, t: t["token"].pop(), "15 progress"),
    ],
)
def test_broken_data_is_refused(mutate: Any, message: str) -> None:
    with pytest.raises(DataError, match=message):
        broken(mutate)


def test_cards_architects_json() -> None:
    result = CliRunner().invoke(app, ["cards", "architects", "--json"])
    assert result.exit_code == 0
    listed = json.loads(result.stdout)  # the cards, then the wonders and the tokens
    cards = [c for c in listed if c["deck"] is not None]
    assert len(cards) == 235
    assert set(cards[0]) == {
        "name", "deck", "color", "resource", "coin", "points", "cat", "science", "shields", "horns",
        "label", "text",
    }  # fmt: skip
    result = CliRunner().invoke(app, ["cards", "architects"])
    assert result.exit_code == 0 and "Halicarnassus" in result.stdout
    result = CliRunner().invoke(app, ["cards", "architects", "--age", "1"])
    assert result.exit_code == 1 and "no Ages" in result.stderr
