"""Duel building blocks: the card structures and trading with the bank (rulebook examples)."""

from __future__ import annotations

import pytest

from wonders.duel.structure import Structure, layouts
from wonders.duel.trading import trade_cost, unit_prices

WOOD, CLAY, STONE, GLASS, PAPYRUS = range(5)


def vec(**kw: int) -> tuple[int, ...]:
    names = ("wood", "clay", "stone", "glass", "papyrus")
    return tuple(kw.get(n, 0) for n in names)


@pytest.mark.parametrize(
    ("age", "rows"), [(1, [2, 3, 4, 5, 6]), (2, [6, 5, 4, 3, 2]), (3, [2, 3, 4, 2, 4, 3, 2])]
)
def test_layouts_have_the_rulebook_rows(age: int, rows: list[int]) -> None:
    slots = layouts()[age].slots
    assert [sum(1 for s in slots if s.row == r) for r in range(len(rows))] == rows
    assert [slots[i].face_up for i in range(len(slots))] == [
        r % 2 == 0 for r, n in enumerate(rows) for _ in range(n)
    ]


def test_age_one_starts_with_the_six_bottom_cards_and_reveals_when_uncovered() -> None:
    s = Structure(1, list(range(20)))
    assert s.accessible() == [14, 15, 16, 17, 18, 19]
    assert s.visible()[3] is None  # row 1 (places 2-4) is face down
    assert s.visible()[5] == 5  # row 2 (places 5-8) is face up
    card, revealed = s.take(14)
    assert (card, revealed) == (14, [])
    card, revealed = s.take(15)
    assert revealed == [9]  # the leftmost card of row 3 (5 cards) is now uncovered
    assert s.visible()[9] == 9 and 9 in s.accessible()
    with pytest.raises(ValueError):
        s.take(10)  # still covered by 16
    with pytest.raises(ValueError):
        s.take(14)  # already taken


def test_age_two_edge_cards_lie_under_one_card_middle_ones_under_two() -> None:
    s = Structure(2, list(range(20)))
    assert s.accessible() == [18, 19]
    _, revealed = s.take(18)
    assert revealed == [15]  # row 3 is face down; its left edge card lay under 18 only
    assert s.accessible() == [15, 19]  # 16 still lies under 19 too
    s.take(19)
    assert s.accessible() == [15, 16, 17]


def test_age_three_gap_row_covers_pairs() -> None:
    s = Structure(3, list(range(20)))
    layout = layouts()[3]
    gap_row = [i for i, sl in enumerate(layout.slots) if sl.row == 3]
    assert len(gap_row) == 2
    # each gap card lies on two cards of the row above and is covered by two below
    for i in gap_row:
        assert len(layout.covered_by[i]) == 2
        assert sum(1 for cover in layout.covered_by if i in cover) == 2
    while not s.is_empty():
        s.take(s.accessible()[0])
    assert all(s.face_up)


def test_trading_example_bruno_and_antoine() -> None:
    # Bruno makes 2 stone; Antoine pays 2 + 2 = 4 for each stone he buys
    antoine_prices = unit_prices(vec(stone=2), frozenset())
    assert antoine_prices[STONE] == 4
    assert trade_cost(vec(stone=1), vec(), (), antoine_prices) == 4
    # Antoine makes a clay and no papyrus: Bruno's Fortifications (2 stone, clay, papyrus)
    bruno_prices = unit_prices(vec(clay=1), frozenset())
    assert trade_cost(vec(stone=2, clay=1, papyrus=1), vec(stone=2), (), bruno_prices) == 3 + 2
    # and a third stone costs Bruno 2: Antoine makes none
    assert trade_cost(vec(stone=3), vec(stone=2), (), bruno_prices) == 2


def test_reserves_fix_the_price_and_choices_cover_the_dearest() -> None:
    prices = unit_prices(vec(wood=3, glass=1), frozenset({WOOD}))
    assert prices[WOOD] == 1 and prices[GLASS] == 3
    # Forum-like choice (glass or papyrus) covers the dearer glass
    need = vec(wood=1, glass=1, papyrus=1)
    assert trade_cost(need, vec(), ((GLASS, PAPYRUS),), prices) == 1 + 2
    assert trade_cost(need, vec(), (), prices) == 1 + 3 + 2


def test_architecture_and_masonry_waive_the_dearest_units() -> None:
    prices = unit_prices(vec(stone=2, clay=1), frozenset())
    need = vec(stone=2, clay=1, wood=1)  # units cost 4, 4, 3, 2
    assert trade_cost(need, vec(), (), prices) == 13
    assert trade_cost(need, vec(), (), prices, waive=2) == 3 + 2
    assert trade_cost(need, vec(), (), prices, waive=5) == 0
