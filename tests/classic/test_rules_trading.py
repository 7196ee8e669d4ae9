"""Trading with neighbours (rulebook examples A, B, C and RULES-NOTES)."""

from __future__ import annotations

from tests.classic.helpers import build, coins, game, hand, payments, play, stages
from wonders.classic.actions import Action


def test_example_a_buys_from_both_neighbours() -> None:
    # University: 2 wood, glass, papyrus. Olympia makes wood, Glassworks glass; the left
    # neighbour (Giza + Lumber Yard) sells wood, the right one (Ephesus) papyrus.
    s = game("Olympia", "Giza", "Ephesus")
    build(s, 0, "Glassworks")
    build(s, 1, "Lumber Yard")
    coins(s, 5, 3, 3)
    hand(s, 0, "University", "Altar")
    assert payments(s, 0, "build", "University") == [(2, 2)]
    play(s, {0: Action("build", "University", 2, 2)})
    assert s.cities[0].coins == 1
    assert s.cities[1].coins == 3 + 2 + 3  # paid 2, sold a card for 3
    assert s.cities[2].coins == 3 + 2 + 3
    assert "University" in [c.name for c in s.cities[0].cards]


def test_example_b_selling_does_not_use_up_your_resources() -> None:
    # Giza with a Stone Pit sells 2 stone to each neighbour and builds Library with them too.
    s = game("Giza", "Alexandria", "Ephesus")
    build(s, 0, "Stone Pit", "Loom")
    coins(s, 3, 4, 4)
    hand(s, 0, "Library", "Altar")
    hand(s, 1, "Altar", "Baths")
    hand(s, 2, "Altar", "Baths")
    assert payments(s, 1, "wonder", "Altar") == [(0, 4)]  # Alexandria A1: 2 stone, from its right
    assert payments(s, 2, "wonder", "Altar") == [(4, 0)]  # Ephesus A1: 2 stone, from its left
    play(
        s,
        {
            0: Action("build", "Library"),
            1: Action("wonder", "Altar", 0, 4),
            2: Action("wonder", "Altar", 4, 0),
        },
    )
    assert s.cities[0].coins == 3 + 8
    assert (s.cities[1].coins, s.cities[2].coins) == (0, 0)
    assert s.cities[0].cards[-1].name == "Library"


def test_example_c_coins_received_this_turn_cannot_pay_this_turn() -> None:
    # Babylon (clay, 1 coin) wants Forum (2 clay); Giza on its left sells clay for 2.
    # Rhodes buys Babylon's clay this turn: those 2 coins come too late for this turn.
    s = game("Babylon", "Giza", "Rhodes")
    build(s, 1, "Clay Pool")
    coins(s, 1, 3, 3)
    hand(s, 0, "Forum", "Altar")
    hand(s, 2, "Guard Tower", "Altar")
    assert payments(s, 0, "build", "Forum") == []
    assert payments(s, 2, "build", "Guard Tower") == [(0, 2), (2, 0)]
    play(s, {0: Action("build", "Altar"), 2: Action("build", "Guard Tower", 2, 0)})
    assert s.cities[0].coins == 3
    hand(s, 0, "Forum", "Altar")
    assert payments(s, 0, "build", "Forum") == [(2, 0)]


def test_payments_come_from_the_coins_held_at_the_start_of_the_turn() -> None:
    # Babylon has exactly 2 coins, pays them for a stone and receives 2 for its own clay
    s = game("Babylon", "Giza", "Rhodes")
    coins(s, 2, 3, 3)
    hand(s, 0, "Baths", "Altar")  # Baths: 1 stone, bought from Giza (left)
    hand(s, 2, "Guard Tower", "Altar")  # Rhodes buys Babylon's clay (its left neighbour)
    assert payments(s, 0, "build", "Baths") == [(2, 0)]
    assert payments(s, 2, "build", "Guard Tower") == [(2, 0)]
    play(s, {0: Action("build", "Baths", 2, 0), 2: Action("build", "Guard Tower", 2, 0)})
    assert s.cities[0].coins == 2 - 2 + 2
    assert s.cities[1].coins == 3 + 2 + 3  # paid by Babylon, plus its own sale
    assert s.cities[2].coins == 3 - 2


def test_only_board_brown_and_grey_are_for_sale() -> None:
    s = game("Rhodes", "Alexandria", "Olympia")
    build(s, 1, "Caravansery", "Forum")  # yellow: not tradable
    stages(s, 1, 2)  # Alexandria A2: a raw material of choice, not tradable
    coins(s, 9, 3, 3)
    hand(s, 0, "Baths", "Scriptorium", "Workshop")
    assert payments(s, 0, "build", "Baths") == []  # stone: nobody sells it
    assert payments(s, 0, "build", "Scriptorium") == []  # papyrus: only a Forum makes it
    assert payments(s, 0, "build", "Workshop") == [(2, 0)]  # glass: Alexandria's board


def test_neighbours_either_or_card_sells_either_resource_but_one_unit() -> None:
    s = game("Rhodes", "Babylon", "Olympia")
    build(s, 1, "Timber Yard")  # wood or stone
    coins(s, 9, 3, 3)
    hand(s, 0, "Baths", "Stockade", "Senate")
    assert payments(s, 0, "build", "Baths") == [(2, 0)]
    assert payments(s, 0, "build", "Stockade") == [(0, 2), (2, 0)]
    # Senate: 2 wood, stone, ore: Timber Yard gives one unit, Olympia one wood: short of one
    assert payments(s, 0, "build", "Senate") == []


def test_trading_posts_discount_their_own_side_only() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    build(s, 0, "West Trading Post")  # left
    build(s, 1, "Lumber Yard")
    coins(s, 9, 3, 3)
    hand(s, 0, "Stockade", "Baths")
    # wood: left (Giza + Lumber Yard) at 1, right (Olympia's board) at 2
    assert payments(s, 0, "build", "Stockade") == [(0, 2), (1, 0)]
    assert payments(s, 0, "build", "Baths") == [(1, 0)]


def test_east_trading_post_is_the_right_neighbour_and_marketplace_both() -> None:
    s = game("Rhodes", "Alexandria", "Giza")
    build(s, 0, "East Trading Post", "Marketplace")
    build(s, 2, "Glassworks")
    coins(s, 9, 3, 3)
    hand(s, 0, "Baths", "Workshop")
    assert payments(s, 0, "build", "Baths") == [(0, 1)]  # stone from Giza, the right
    assert payments(s, 0, "build", "Workshop") == [(0, 1), (1, 0)]  # glass, both at 1


def test_a_discount_applies_from_the_next_turn() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    coins(s, 9, 3, 3)
    hand(s, 0, "West Trading Post", "Baths", "Altar")
    assert payments(s, 0, "build", "Baths") == [(2, 0)]
    play(s, {0: Action("build", "West Trading Post")})
    hand(s, 0, "Baths", "Altar")
    assert payments(s, 0, "build", "Baths") == [(1, 0)]


def test_olympia_b_discount_does_not_stack_with_a_trading_post() -> None:
    s = game("Olympia", "Giza", "Rhodes", sides="B")
    stages(s, 0, 1)
    build(s, 0, "West Trading Post")
    coins(s, 9, 3, 3)
    hand(s, 0, "Baths", "Barracks", "Workshop")
    assert payments(s, 0, "build", "Baths") == [(1, 0)]  # left: 1, not 0
    assert payments(s, 0, "build", "Barracks") == [(0, 1)]  # right raw: Olympia B
    assert payments(s, 0, "build", "Workshop") == []  # no glass around


def test_every_choice_of_whom_to_pay_is_offered() -> None:
    # Caravansery: 2 wood; both neighbours make 2 wood
    s = game("Rhodes", "Olympia", "Giza")
    build(s, 1, "Lumber Yard")
    build(s, 2, "Sawmill")
    coins(s, 9, 3, 3)
    hand(s, 0, "Caravansery", "Altar")
    assert payments(s, 0, "build", "Caravansery") == [(0, 4), (2, 2), (4, 0)]
    build(s, 0, "West Trading Post")
    assert payments(s, 0, "build", "Caravansery") == [(0, 4), (1, 2), (2, 0)]
    coins(s, 1, 3, 3)
    assert payments(s, 0, "build", "Caravansery") == []
    coins(s, 2, 3, 3)
    assert payments(s, 0, "build", "Caravansery") == [(2, 0)]
