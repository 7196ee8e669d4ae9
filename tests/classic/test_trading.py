"""Trading with the two neighbours: the rulebook's examples A, B and C, what may be bought,
the discounts and their sides, the payments offered, where the coins go, and the payment
solver (against a brute force over every way to use every source).

Seat ``p``'s left neighbour is ``p + 1`` (West Trading Post), its right neighbour ``p - 1``
(East Trading Post). An action's ``left``/``right`` are the coins paid to each of them.
"""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.classic.scenario import (
    assert_illegal,
    build,
    coins,
    give,
    give_stages,
    names,
    new_game,
    payments,
    play_turn,
    set_coins,
    set_hand,
    wonder,
)
from wonders.classic.payments import Source, pareto, payment_options, purchase_plan
from wonders.classic.state import ClassicState

# ---------------------------------------------------------------- the rulebook's examples


def test_example_a_buys_one_resource_from_each_neighbour() -> None:
    # University (2 wood, glass, papyrus); her city makes one wood and one glass
    # (Alexandria + Lumber Yard); the left neighbour (Olympia) makes wood, the right one
    # (Ephesus) papyrus. She pays 2 coins to each and builds.
    s = new_game("Alexandria", "Olympia", "Ephesus")
    s = give(s, 0, "Lumber Yard")
    s = set_coins(s, 4, 3, 3)
    s = set_hand(s, 0, "University", "Altar")
    s = set_hand(s, 1, "Altar", "Theater")
    s = set_hand(s, 2, "Altar", "Theater")
    assert payments(s, 0, "build", "University") == {(2, 2)}
    play_turn(s, {0: build("University", 2, 2), 1: build("Altar"), 2: build("Altar")})
    assert "University" in names(s, 0)
    assert coins(s) == [0, 5, 5]


def test_example_b_selling_to_both_neighbours_keeps_your_own_resources() -> None:
    # Both neighbours buy 2 stone from her this turn (8 coins); she still builds Library
    # (2 stone + loom) with the same stone.
    s = new_game("Giza", "Alexandria", "Ephesus")
    s = give(s, 0, "Stone Pit", "Loom")
    s = set_coins(s, 0, 4, 4)
    s = set_hand(s, 0, "Library", "Altar")
    s = set_hand(s, 1, "Altar", "Theater")
    s = set_hand(s, 2, "Altar", "Theater")
    # Alexandria A1 and Ephesus A1 cost 2 stone; Giza is Alexandria's right and Ephesus' left
    assert payments(s, 1, "wonder", "Altar") == {(0, 4)}
    assert payments(s, 2, "wonder", "Altar") == {(4, 0)}
    assert payments(s, 0, "build", "Library") == {(0, 0)}
    play_turn(s, {0: build("Library"), 1: wonder("Altar", 0, 4), 2: wonder("Altar", 4, 0)})
    assert names(s, 0)[-1] == "Library"
    assert [c.stages for c in s.cities] == [0, 1, 1]
    assert coins(s) == [8, 0, 0]


def test_example_c_coins_earned_this_turn_cannot_pay_this_turn() -> None:
    # Babylon (1 clay, 1 coin) wants Forum (2 clay); Giza on its left has a Clay Pool.
    # Rhodes (its right) buys Babylon's clay this turn: those 2 coins come too late.
    s = new_game("Babylon", "Giza", "Rhodes")
    s = give(s, 1, "Clay Pool")
    s = set_coins(s, 1, 3, 3)
    s = set_hand(s, 0, "Forum", "Altar")
    s = set_hand(s, 1, "Altar", "Theater")
    s = set_hand(s, 2, "Guard Tower", "Altar")
    assert payments(s, 0, "build", "Forum") == set()
    assert_illegal(s, 0, build("Forum", 2, 0))
    assert payments(s, 2, "build", "Guard Tower") == {(2, 0), (0, 2)}  # Babylon or Giza
    s.apply(2, build("Guard Tower", 2, 0))  # buys from Babylon, its left
    assert payments(s, 0, "build", "Forum") == set()  # still not: the coins are not here yet
    play_turn(s, {0: build("Altar"), 1: build("Altar")})
    assert coins(s) == [3, 3, 1]
    s = set_hand(s, 0, "Forum", "Theater")
    assert payments(s, 0, "build", "Forum") == {(2, 0)}  # next turn they are


def test_payments_come_from_the_coins_held_at_the_start_of_the_turn() -> None:
    # Babylon spends its last 2 coins and receives 2 for its clay the same turn: it ends at 2
    s = new_game("Babylon", "Giza", "Rhodes")
    s = set_coins(s, 2, 3, 3)
    s = set_hand(s, 0, "Baths", "Altar")
    s = set_hand(s, 1, "Altar", "Theater")
    s = set_hand(s, 2, "Guard Tower", "Altar")
    play_turn(s, {0: build("Baths", 2, 0), 1: build("Altar"), 2: build("Guard Tower", 2, 0)})
    assert coins(s) == [2, 5, 1]


# ---------------------------------------------------------------- what is for sale


def test_board_brown_and_grey_resources_are_for_sale() -> None:
    s = new_game("Babylon", "Rhodes", "Ephesus")  # left sells ore (board), right papyrus
    s = give(s, 1, "Lumber Yard")  # brown
    s = give(s, 2, "Glassworks")  # grey
    s = set_coins(s, 9, 3, 3)
    s = set_hand(s, 0, "Barracks", "Stockade", "Scriptorium", "Workshop")
    assert payments(s, 0, "build", "Barracks") == {(2, 0)}
    assert payments(s, 0, "build", "Stockade") == {(2, 0)}
    assert payments(s, 0, "build", "Scriptorium") == {(0, 2)}
    assert payments(s, 0, "build", "Workshop") == {(0, 2)}


def test_double_production_sells_both_units() -> None:
    s = new_game("Babylon", "Olympia", "Rhodes")  # left: wood (board) + Sawmill: 3 wood
    s = give(s, 1, "Sawmill")
    s = set_coins(s, 9, 3, 3)
    s = set_hand(s, 0, "Caravansery", "Altar")  # 2 wood
    assert payments(s, 0, "build", "Caravansery") == {(4, 0)}


def test_yellow_cards_produce_for_their_owner_only() -> None:
    s = new_game("Rhodes", "Babylon", "Olympia")
    s = give(s, 1, "Caravansery", "Forum")
    s = set_coins(s, 9, 3, 3)
    s = set_hand(s, 0, "Baths", "Scriptorium", "Workshop", "Guard Tower")
    assert payments(s, 0, "build", "Baths") == set()  # stone: only Caravansery has it
    assert payments(s, 0, "build", "Scriptorium") == set()  # papyrus: only Forum has it
    assert payments(s, 0, "build", "Guard Tower") == {(2, 0)}  # Babylon's board clay


@pytest.mark.parametrize(("side", "stages"), [("A", 2), ("B", 1), ("B", 2)])
def test_alexandria_stage_resources_are_not_for_sale(side: str, stages: int) -> None:
    s = new_game("Rhodes", "Alexandria", "Olympia", sides=["A", side, "A"])
    s = give_stages(s, 1, stages)
    s = set_coins(s, 9, 3, 3)
    s = set_hand(s, 0, "Baths", "Apothecary", "Workshop")
    assert payments(s, 0, "build", "Baths") == set()  # stone: Alexandria's stage only
    assert payments(s, 0, "build", "Apothecary") == set()  # loom: B2 only
    assert payments(s, 0, "build", "Workshop") == {(2, 0)}  # glass: Alexandria's board
    # and the owner does use them
    s = set_hand(s, 1, "Baths", "Altar")
    assert payments(s, 1, "build", "Baths") == {(0, 0)}


def test_a_neighbours_either_or_card_sells_either_resource_one_unit_a_turn() -> None:
    s = new_game("Rhodes", "Babylon", "Ephesus")
    s = give(s, 1, "Timber Yard")  # wood or stone
    s = set_coins(s, 9, 3, 3)
    s = set_hand(s, 0, "Stockade", "Baths", "Caravansery")
    assert payments(s, 0, "build", "Stockade") == {(2, 0)}
    assert payments(s, 0, "build", "Baths") == {(2, 0)}
    assert payments(s, 0, "build", "Caravansery") == set()  # 2 wood: the card gives one


def test_both_neighbours_buy_different_resources_of_one_either_or_card_the_same_turn() -> None:
    # Babylon's Timber Yard sells wood to one neighbour and stone to the other
    s = new_game("Babylon", "Rhodes", "Ephesus")
    s = give(s, 0, "Timber Yard")
    s = set_coins(s, 0, 3, 3)
    s = set_hand(s, 0, "Altar", "Theater")
    s = set_hand(s, 1, "Stockade", "Altar")  # Rhodes: Babylon is its right neighbour
    s = set_hand(s, 2, "Baths", "Altar")  # Ephesus: Babylon is its left neighbour
    assert payments(s, 1, "build", "Stockade") == {(0, 2)}
    assert payments(s, 2, "build", "Baths") == {(2, 0)}
    play_turn(s, {0: build("Altar"), 1: build("Stockade", 0, 2), 2: build("Baths", 2, 0)})
    assert coins(s) == [4, 1, 1]


def test_only_the_two_neighbours_trade() -> None:
    # 4 players: seat 2 sits opposite seat 0 and sells it nothing
    s = new_game("Babylon", "Rhodes", "Giza", "Ephesus")
    s = give(s, 2, "Lumber Yard", "Glassworks")
    s = set_coins(s, 9, 3, 3, 3)
    s = set_hand(s, 0, "Stockade", "Workshop", "Baths", "Barracks", "Scriptorium")
    assert payments(s, 0, "build", "Stockade") == set()
    assert payments(s, 0, "build", "Workshop") == set()
    assert payments(s, 0, "build", "Baths") == set()  # Giza's board stone: opposite too
    assert payments(s, 0, "build", "Barracks") == {(2, 0)}  # Rhodes, the left
    assert payments(s, 0, "build", "Scriptorium") == {(0, 2)}  # Ephesus, the right


# ---------------------------------------------------------------- discounts


def discount_table() -> ClassicState:
    # Rhodes between Giza (left: stone, glass) and Babylon (right: clay, glass)
    s = new_game("Rhodes", "Giza", "Babylon")
    s = give(s, 1, "Glassworks")
    s = give(s, 2, "Glassworks")
    s = set_coins(s, 9, 3, 3)
    s = set_hand(s, 0, "Baths", "Guard Tower", "Workshop")
    return s


def test_west_trading_post_discounts_raw_materials_from_the_left_only() -> None:
    s = discount_table()
    s = give(s, 0, "West Trading Post")
    assert payments(s, 0, "build", "Baths") == {(1, 0)}
    assert payments(s, 0, "build", "Guard Tower") == {(0, 2)}
    assert payments(s, 0, "build", "Workshop") == {(2, 0), (0, 2)}


def test_east_trading_post_discounts_raw_materials_from_the_right_only() -> None:
    s = discount_table()
    s = give(s, 0, "East Trading Post")
    assert payments(s, 0, "build", "Baths") == {(2, 0)}
    assert payments(s, 0, "build", "Guard Tower") == {(0, 1)}
    assert payments(s, 0, "build", "Workshop") == {(2, 0), (0, 2)}


def test_marketplace_discounts_manufactured_goods_from_both_sides() -> None:
    s = discount_table()
    s = give(s, 0, "Marketplace")
    assert payments(s, 0, "build", "Baths") == {(2, 0)}
    assert payments(s, 0, "build", "Guard Tower") == {(0, 2)}
    assert payments(s, 0, "build", "Workshop") == {(1, 0), (0, 1)}


def test_a_discount_is_used_from_the_turn_after_it_is_built() -> None:
    s = new_game("Rhodes", "Giza", "Babylon")
    s = set_coins(s, 9, 3, 3)
    s = set_hand(s, 0, "West Trading Post", "Baths", "Altar")
    assert payments(s, 0, "build", "Baths") == {(2, 0)}
    play_turn(s, {0: build("West Trading Post")})
    s = set_hand(s, 0, "Baths", "Altar")
    assert payments(s, 0, "build", "Baths") == {(1, 0)}


def test_a_neighbours_discount_changes_nothing_for_you() -> None:
    s = new_game("Rhodes", "Giza", "Babylon")
    s = give(s, 1, "West Trading Post", "Marketplace")
    s = give(s, 2, "East Trading Post")
    s = set_coins(s, 9, 3, 3)
    s = set_hand(s, 0, "Baths", "Guard Tower")
    assert payments(s, 0, "build", "Baths") == {(2, 0)}
    assert payments(s, 0, "build", "Guard Tower") == {(0, 2)}


def test_olympia_b_first_stage_discounts_raw_materials_on_both_sides() -> None:
    s = new_game("Olympia", "Giza", "Babylon", sides="B")
    s = give(s, 1, "Glassworks")
    s = set_coins(s, 9, 3, 3)
    s = set_hand(s, 0, "Baths", "Guard Tower", "Workshop")
    assert payments(s, 0, "build", "Baths") == {(2, 0)}  # not before the stage
    s = give_stages(s, 0, 1)
    assert payments(s, 0, "build", "Baths") == {(1, 0)}
    assert payments(s, 0, "build", "Guard Tower") == {(0, 1)}
    assert payments(s, 0, "build", "Workshop") == {(2, 0)}  # goods: no discount


@pytest.mark.parametrize("post", ["West Trading Post", "East Trading Post"])
def test_olympia_b_discount_does_not_stack_with_a_trading_post(post: str) -> None:
    s = new_game("Olympia", "Giza", "Babylon", sides="B")
    s = give_stages(s, 0, 1)
    s = give(s, 0, post)
    s = set_coins(s, 9, 3, 3)
    s = set_hand(s, 0, "Baths", "Guard Tower")
    assert payments(s, 0, "build", "Baths") == {(1, 0)}
    assert payments(s, 0, "build", "Guard Tower") == {(0, 1)}


# ---------------------------------------------------------------- the payments offered


def test_every_way_to_split_a_purchase_between_the_neighbours_is_offered() -> None:
    # Caravansery (2 wood): both neighbours sell 2 wood
    s = new_game("Rhodes", "Olympia", "Babylon")
    s = give(s, 1, "Lumber Yard")
    s = give(s, 2, "Sawmill")
    s = set_coins(s, 9, 3, 3)
    s = set_hand(s, 0, "Caravansery", "Altar")
    assert payments(s, 0, "build", "Caravansery") == {(4, 0), (2, 2), (0, 4)}
    s = give(s, 0, "East Trading Post")
    assert payments(s, 0, "build", "Caravansery") == {(4, 0), (2, 1), (0, 2)}


def test_dominated_payments_are_not_offered_and_are_refused() -> None:
    # Lighthouse (stone + glass). West Trading Post: the left's stone costs 1.
    # Left (Giza + Glassworks) sells stone and glass; right (Alexandria + Stone Pit) too.
    # Stone right + glass left = (2, 2) costs more on the left than stone left + glass
    # right = (1, 2) and the same on the right: it is dominated.
    s = new_game("Rhodes", "Giza", "Alexandria")
    s = give(s, 0, "West Trading Post")
    s = give(s, 1, "Glassworks")
    s = give(s, 2, "Stone Pit")
    s = set_coins(s, 9, 3, 3)
    s = set_hand(s, 0, "Lighthouse", "Altar")
    assert payments(s, 0, "build", "Lighthouse") == {(3, 0), (1, 2), (0, 4)}
    for dominated in ((2, 2), (3, 2), (1, 3), (4, 0)):
        assert_illegal(s, 0, build("Lighthouse", *dominated))


def test_the_offered_payments_fit_the_coins_in_hand() -> None:
    s = new_game("Rhodes", "Olympia", "Babylon")
    s = give(s, 1, "Lumber Yard")
    s = give(s, 2, "Sawmill")
    s = set_hand(s, 0, "Caravansery", "Altar")
    s = set_coins(s, 3, 3, 3)
    assert payments(s, 0, "build", "Caravansery") == set()
    assert_illegal(s, 0, build("Caravansery", 2, 2))
    s = set_coins(s, 4, 3, 3)
    assert payments(s, 0, "build", "Caravansery") == {(4, 0), (2, 2), (0, 4)}
    # with the West Trading Post: (2, 0), (1, 2), (0, 4); 2 coins afford only the first
    s = give(s, 0, "West Trading Post")
    s = set_coins(s, 2, 3, 3)
    assert payments(s, 0, "build", "Caravansery") == {(2, 0)}


def test_own_production_is_used_before_buying() -> None:
    # Rhodes with a Lumber Yard wants Caravansery (2 wood): it buys one wood, never two
    s = new_game("Rhodes", "Olympia", "Babylon")
    s = give(s, 0, "Lumber Yard")
    s = give(s, 1, "Sawmill")
    s = set_coins(s, 9, 3, 3)
    s = set_hand(s, 0, "Caravansery", "Altar")
    assert payments(s, 0, "build", "Caravansery") == {(2, 0)}
    assert_illegal(s, 0, build("Caravansery", 4, 0))


def test_own_either_or_card_is_spent_where_it_saves_the_most() -> None:
    # Senate (2 wood, stone, ore). Rhodes: ore + Lumber Yard + Timber Yard (wood or stone).
    # The left (Giza) sells stone at 1 (West Trading Post), the right (Olympia) wood at 2:
    # the Timber Yard makes the wood or the stone, and both ways are offered.
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 0, "Lumber Yard", "Timber Yard", "West Trading Post")
    s = set_coins(s, 9, 3, 3)
    s = set_hand(s, 0, "Senate", "Altar")
    assert payments(s, 0, "build", "Senate") == {(1, 0), (0, 2)}


# ---------------------------------------------------------------- where the coins go


def test_coins_go_to_the_neighbour_they_were_paid_to() -> None:
    # 4 players: seat 0 pays 2 to its left (seat 1) and 2 to its right (seat 3)
    s = new_game("Alexandria", "Olympia", "Giza", "Ephesus")
    s = give(s, 0, "Lumber Yard")
    s = set_coins(s, 4, 0, 0, 0)
    s = set_hand(s, 0, "University", "Altar")
    for seat in (1, 2, 3):
        s = set_hand(s, seat, "Altar", "Theater")
    play_turn(
        s, {0: build("University", 2, 2), 1: build("Altar"), 2: build("Altar"), 3: build("Altar")}
    )
    assert coins(s) == [0, 2, 0, 2]


def test_coins_for_a_wonder_stage_go_to_the_neighbours_too() -> None:
    s = new_game("Giza", "Rhodes", "Olympia")  # Giza A1 (2 stone): its own 1 + ...
    s = set_coins(s, 3, 0, 0)
    s = give(s, 2, "Stone Pit")  # ... 1 from the right neighbour
    s = set_hand(s, 0, "Altar", "Theater")
    s = set_hand(s, 1, "Altar", "Theater")
    s = set_hand(s, 2, "Altar", "Theater")
    assert payments(s, 0, "wonder", "Altar") == {(0, 2)}
    play_turn(s, {0: wonder("Altar", 0, 2), 1: build("Altar"), 2: build("Altar")})
    assert coins(s) == [1, 0, 2]
    assert s.cities[0].stages == 1


# ---------------------------------------------------------------- the payment solver

RES = st.integers(min_value=0, max_value=6)
vectors = st.lists(st.integers(min_value=0, max_value=2), min_size=7, max_size=7).map(tuple)
small_need = st.lists(st.integers(min_value=0, max_value=3), min_size=7, max_size=7).map(tuple)
choice = st.lists(RES, min_size=2, max_size=4, unique=True).map(tuple)
sources = st.tuples(vectors, st.lists(choice, max_size=3).map(tuple))
prices = st.lists(st.sampled_from([1, 2]), min_size=7, max_size=7).map(tuple)


def supply_options(source: Source) -> set[tuple[int, ...]]:
    fixed, choices = source
    out = set()
    for pick in product(*[(*c, None) for c in choices]):
        v = list(fixed)
        for r in pick:
            if r is not None:
                v[r] += 1
        out.add(tuple(v))
    return out


def brute_force(need: Any, own: Any, left: Any, right: Any, lp: Any, rp: Any, budget: int) -> Any:
    pairs = set()
    for mine in supply_options(own):
        deficit = [max(0, n - m) for n, m in zip(need, mine, strict=True)]
        for lv in supply_options(left):
            for rv in supply_options(right):
                for split in product(*(range(d + 1) for d in deficit)):
                    ok = all(k <= lv[i] and deficit[i] - k <= rv[i] for i, k in enumerate(split))
                    if not ok:
                        continue
                    cl = sum(k * lp[i] for i, k in enumerate(split))
                    cr = sum((deficit[i] - k) * rp[i] for i, k in enumerate(split))
                    if cl + cr <= budget:
                        pairs.add((cl, cr))
    return pareto(pairs)


@settings(max_examples=150)
@given(
    need=small_need.filter(lambda v: sum(v) <= 5),
    own=sources,
    left=sources,
    right=sources,
    lp=prices,
    rp=prices,
    budget=st.integers(min_value=0, max_value=12),
)
def test_solver_matches_brute_force(
    need: Any, own: Any, left: Any, right: Any, lp: Any, rp: Any, budget: int
) -> None:
    got = payment_options(need, (own, left, right, lp, rp), budget)
    assert got == brute_force(need, own, left, right, lp, rp, budget)
    for pay in got:
        plan = purchase_plan(need, (own, left, right, lp, rp), pay)
        assert plan is not None
        buy_l, buy_r = plan
        assert sum(a * p for a, p in zip(buy_l, lp, strict=True)) == pay[0]
        assert sum(a * p for a, p in zip(buy_r, rp, strict=True)) == pay[1]


def test_solver_offers_both_neighbours_when_both_sell() -> None:
    # need 1 clay; both neighbours make clay; left discounted: (1, 0) and (0, 2)
    clay = (0, 0, 1, 0, 0, 0, 0)
    none = ((0,) * 7, ())
    seller = (clay, ())
    lp = (2, 2, 1, 2, 2, 2, 2)
    rp = (2,) * 7
    assert payment_options(clay, (none, seller, seller, lp, rp), 5) == ((0, 2), (1, 0))
    # with equal prices both sides are still a choice
    assert payment_options(clay, (none, seller, seller, rp, rp), 5) == ((0, 2), (2, 0))
    # not enough coins: nothing
    assert payment_options(clay, (none, seller, seller, rp, rp), 1) == ()
