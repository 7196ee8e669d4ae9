"""Every stage of every board, both sides, against the rulebook's descriptions.

The table is written from the rulebook (seeds/003, "Описание Чудес Света"), independently of
data/wonders.toml; each stage is built on a fresh city and what it changed is compared."""

from __future__ import annotations

import pytest

from wonders.classic.cards import RES_INDEX, catalog
from wonders.classic.city import City

RAW = "raw"  # one of wood/stone/clay/ore each turn, for its owner only
GOOD = "good"  # one of glass/loom/papyrus each turn, for its owner only

# per stage: (points, coins, shields, special or None)
STAGES: dict[tuple[str, str], list[tuple[int, int, int, str | None]]] = {
    ("Alexandria", "A"): [(3, 0, 0, None), (0, 0, 0, RAW), (7, 0, 0, None)],
    ("Alexandria", "B"): [(0, 0, 0, RAW), (0, 0, 0, GOOD), (7, 0, 0, None)],
    ("Babylon", "A"): [(3, 0, 0, None), (0, 0, 0, "science"), (7, 0, 0, None)],
    ("Babylon", "B"): [(3, 0, 0, None), (0, 0, 0, "play_last_card"), (0, 0, 0, "science")],
    ("Ephesus", "A"): [(3, 0, 0, None), (0, 9, 0, None), (7, 0, 0, None)],
    ("Ephesus", "B"): [(2, 4, 0, None), (3, 4, 0, None), (5, 4, 0, None)],
    ("Giza", "A"): [(3, 0, 0, None), (5, 0, 0, None), (7, 0, 0, None)],
    ("Giza", "B"): [(3, 0, 0, None), (5, 0, 0, None), (5, 0, 0, None), (7, 0, 0, None)],
    ("Halicarnassus", "A"): [(3, 0, 0, None), (0, 0, 0, "build_from_discard"), (7, 0, 0, None)],
    ("Halicarnassus", "B"): [
        (2, 0, 0, "build_from_discard"),
        (1, 0, 0, "build_from_discard"),
        (0, 0, 0, "build_from_discard"),
    ],
    ("Olympia", "A"): [(3, 0, 0, None), (0, 0, 0, "free_build_per_age"), (7, 0, 0, None)],
    ("Olympia", "B"): [(0, 0, 0, "raw_discount"), (5, 0, 0, None), (0, 0, 0, "copy_guild")],
    ("Rhodes", "A"): [(3, 0, 0, None), (0, 0, 2, None), (7, 0, 0, None)],
    ("Rhodes", "B"): [(3, 3, 1, None), (4, 4, 1, None)],
}

CASES = [(w, side, k) for (w, side), stages in sorted(STAGES.items()) for k in range(len(stages))]


@pytest.mark.parametrize(("wonder", "side", "index"), CASES)
def test_stage_does_what_the_rulebook_says(wonder: str, side: str, index: int) -> None:
    points, coins, shields, special = STAGES[(wonder, side)][index]
    city = City(catalog().wonder_named(wonder), side)
    assert len(city.stages_def) == len(STAGES[(wonder, side)])
    for _ in range(index):
        city.build_stage(None)
    before_shields, before_wilds = city.shields, city.wilds
    before_choices = len(city.choices)
    before_discounts = (set(city.discount_left), set(city.discount_right))
    stage = city.build_stage(None)
    assert stage.points == points
    assert stage.coins_now == coins
    assert city.shields - before_shields == shields
    new_choices = [set(c) for c in city.choices[before_choices:]]
    raw = {RES_INDEX[r] for r in ("wood", "stone", "clay", "ore")}
    good = {RES_INDEX[r] for r in ("glass", "loom", "papyrus")}
    assert new_choices == ([raw] if special == RAW else [good] if special == GOOD else [])
    assert city.trade_choices == []  # stage production is never for sale
    assert city.wilds - before_wilds == (1 if special == "science" else 0)
    named = {"play_last_card", "build_from_discard", "free_build_per_age", "copy_guild"}
    assert set(stage.powers) == ({special} if special in named else set())
    assert set(stage.powers) <= city.powers
    if special == "raw_discount":
        assert before_discounts == (set(), set())
        assert city.discount_left == city.discount_right == raw
    else:
        assert (city.discount_left, city.discount_right) == before_discounts
