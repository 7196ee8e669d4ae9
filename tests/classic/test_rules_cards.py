"""Every card effect of the base game, chains, duplicates, selling; guilds; scoring."""

from __future__ import annotations

import pytest

from tests.classic.helpers import build, card, coins, game, hand, payments, play, stages
from wonders.classic.actions import Action
from wonders.classic.scoring import science_points


def names(s, seat):  # type: ignore[no-untyped-def]
    return [c.name for c in s.cities[seat].cards]


def test_tavern_gives_five_coins_once() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    coins(s, 0, 3, 3)
    hand(s, 0, "Tavern", "Altar")
    play(s, {0: Action("build", "Tavern")})
    assert s.cities[0].coins == 5
    assert s.score_breakdown(0)["commerce"] == 0


def test_vineyard_counts_neighbours_browns_built_the_same_turn() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    build(s, 0, "Ore Vein")
    build(s, 2, "Lumber Yard")
    coins(s, 0, 0, 0)
    hand(s, 0, "Vineyard", "Altar")
    hand(s, 1, "Stone Pit", "Altar")
    play(s, {0: Action("build", "Vineyard"), 1: Action("build", "Stone Pit")})
    assert s.cities[0].coins == 1 + 1 + 1  # own, left's new Stone Pit, right's Lumber Yard


def test_bazar_gives_two_per_grey_in_three_cities() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    build(s, 0, "Loom")
    build(s, 1, "Press", "Glassworks")
    coins(s, 0, 0, 0)
    hand(s, 0, "Bazar", "Altar")
    hand(s, 2, "Glassworks", "Altar")
    play(s, {0: Action("build", "Bazar"), 2: Action("build", "Glassworks")})
    assert s.cities[0].coins == 2 * 4


@pytest.mark.parametrize(
    ("name", "owned", "coins_now", "points"),
    [
        ("Haven", ["Lumber Yard", "Clay Pool", "Loom"], 2, 2),  # 1 per own brown
        ("Lighthouse", ["Tavern", "Marketplace"], 3, 3),  # 1 per own yellow, itself included
        ("Chamber of Commerce", ["Loom", "Press", "Clay Pool"], 4, 4),  # 2 per own grey
        ("Arena", [], 6, 2),  # 3 coins / 1 VP per own stage (2 built)
    ],
)
def test_age_three_commerce_cards(name: str, owned: list[str], coins_now: int, points: int) -> None:
    s = game("Rhodes", "Giza", "Olympia")
    build(s, 0, *owned)
    build(s, 1, "Lumber Yard", "Loom", "Tavern")  # a neighbour's cards never count
    stages(s, 0, 2)
    coins(s, 0, 0, 0)
    hand(s, 0, name, "Altar")
    action = Action("free_build", name)
    # built free (Olympia A's power lent to Rhodes), so the coins counted are only its own
    s.cities[0].powers.add("free_build_per_age")
    s._legal.clear()
    assert action in s.legal_actions(0)
    play(s, {0: action})
    assert s.cities[0].coins == coins_now
    assert s.score_breakdown(0)["commerce"] == points


def test_blue_cards_score_their_points() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    build(s, 0, "Altar", "Baths", "Palace")
    assert s.score_breakdown(0)["civilian"] == 2 + 3 + 8


def test_red_cards_give_shields_and_green_cards_symbols() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    build(s, 0, "Barracks", "Walls", "Arsenal")
    assert s.cities[0].shields == 1 + 2 + 3
    build(s, 0, "Apothecary", "Workshop", "Scriptorium", "Library")
    assert s.cities[0].science == [1, 1, 2]
    assert s.score_breakdown(0)["science"] == 1 + 1 + 4 + 7


def test_a_chain_build_is_free_of_resources_and_coins() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    build(s, 0, "Baths")
    coins(s, 0, 3, 3)
    hand(s, 0, "Aqueduct", "Altar")  # 3 stone, which nobody here has
    assert payments(s, 0, "build", "Aqueduct") == [(0, 0)]
    play(s, {0: Action("build", "Aqueduct")})
    assert s.cities[0].coins == 0
    assert "Aqueduct" in names(s, 0)


def test_coin_cost_goes_to_the_bank() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    coins(s, 1, 3, 3)
    hand(s, 0, "Clay Pit", "Altar")
    play(s, {0: Action("build", "Clay Pit")})
    assert s.cities[0].coins == 0
    assert s.cities[1].coins == 6 and s.cities[2].coins == 6  # only their own sales
    coins(s, 0, 3, 3)
    hand(s, 0, "Timber Yard", "Altar")
    assert payments(s, 0, "build", "Timber Yard") == []


def test_no_two_buildings_of_one_name_whatever_the_age() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    build(s, 0, "Loom")
    s.hands[0] = [card("Loom", age=2), card("Altar")]
    s._legal.clear()
    kinds = {a.kind for a in s.legal_actions(0) if a.card == "Loom"}
    assert kinds == {"sell"}  # Rhodes A's first stage (2 wood) is out of reach too


def test_selling_gives_three_coins_and_discards_face_down() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    coins(s, 0, 0, 0)
    hand(s, 0, "Palace", "Altar")
    play(s, {0: Action("sell", "Palace")})
    assert s.cities[0].coins == 3
    assert "Palace" in [c.name for c in s.discard]
    sales = [e for e in s.view(1)["events"] if e["type"] == "sell"]
    assert [("card" in e) for e in sales] == [False, True, False]  # only its own is shown


# ---------------------------------------------------------------- guilds


@pytest.mark.parametrize(
    ("guild", "left", "right", "points"),
    [
        ("Workers Guild", ["Lumber Yard", "Clay Pool"], ["Ore Vein"], 3),
        ("Craftsmens Guild", ["Loom", "Press"], ["Glassworks"], 6),
        ("Traders Guild", ["Tavern"], ["Marketplace", "Forum"], 3),
        ("Philosophers Guild", ["Workshop"], ["Library", "School"], 3),
        ("Spies Guild", ["Barracks", "Walls"], [], 2),
        ("Magistrates Guild", ["Altar"], ["Baths", "Palace"], 3),
    ],
)
def test_guilds_counting_neighbours(
    guild: str, left: list[str], right: list[str], points: int
) -> None:
    s = game("Rhodes", "Giza", "Olympia")
    build(s, 0, guild, *left, *right)  # own cards never count for these guilds
    build(s, 1, *left)
    build(s, 2, *right)
    assert s.score_breakdown(0)["guilds"] == points


def test_strategists_count_neighbours_defeats() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    build(s, 0, "Strategists Guild")
    s.cities[0].tokens = [-1]
    s.cities[1].tokens = [-1, -1, 3]
    s.cities[2].tokens = [-1, 5]
    assert s.score_breakdown(0)["guilds"] == 3


def test_shipowners_count_own_brown_grey_purple_itself_included() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    build(s, 0, "Shipowners Guild", "Lumber Yard", "Loom", "Spies Guild")
    build(s, 1, "Ore Vein")
    assert s.score_breakdown(0)["guilds"] == 4 + 0  # Spies: no red around


def test_builders_count_stages_in_three_cities() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    build(s, 0, "Builders Guild")
    stages(s, 0, 1)
    stages(s, 1, 2)
    stages(s, 2, 3)
    assert s.score_breakdown(0)["guilds"] == 6


def test_scientists_guild_is_a_wildcard() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    build(s, 0, "Scientists Guild", "Apothecary", "Workshop")
    assert s.score_breakdown(0)["science"] == 1 + 1 + 1 + 7
    assert s.score_breakdown(0)["guilds"] == 0


# ---------------------------------------------------------------- science and scoring


def test_science_rulebook_examples() -> None:
    # 9 + 4 + 1 + 7 (the Russian rulebook prints 27, but its own sum is 14 + 7 = 21)
    assert science_points([3, 2, 1], 0) == 21
    assert science_points([3, 2, 2], 0) == 31
    assert science_points([4, 4, 4], 0) == 16 * 3 + 28
    assert science_points([0, 0, 0], 0) == 0


def test_science_wildcards_choose_the_best() -> None:
    assert science_points([1, 1, 0], 1) == 10  # completes a set
    assert science_points([3, 0, 0], 1) == 16  # 16 beats 9 + 1
    assert science_points([2, 2, 1], 2) == science_points([2, 2, 3], 0) == 31


def test_treasury_scores_one_per_three_coins() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    coins(s, 14, 2, 3)
    assert [s.score_breakdown(p)["treasury"] for p in range(3)] == [4, 0, 1]


def test_military_tokens_at_the_end_of_each_age() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    build(s, 0, "Barracks", "Walls")  # 3
    build(s, 1, "Stockade")  # 1
    build(s, 2, "Guard Tower")  # 1
    for age in (1, 2, 3):
        s.age = age
        s._conflicts()
    assert s.cities[0].tokens == [1, 1, 3, 3, 5, 5]
    assert s.cities[1].tokens == [-1, -1, -1]  # lost to Rhodes, tied with Olympia
    assert s.cities[2].tokens == [-1, -1, -1]
    assert s.score_breakdown(1)["military"] == -3


def test_rulebook_alexandria_military_example() -> None:
    # Age II: Alexandria (3) between Rhodes (5) on the left and Ephesus (2) on the right
    s = game("Alexandria", "Rhodes", "Ephesus")
    build(s, 0, "Walls", "Barracks")
    build(s, 1, "Walls", "Archery Range", "Barracks")
    build(s, 2, "Walls")
    s.age = 2
    s._conflicts()
    assert sorted(s.cities[0].tokens) == [-1, 3]


def test_ties_are_broken_by_coins_then_shared() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    coins(s, 5, 4, 3)  # 1 VP each
    result = s._compute_result()
    assert result.totals == [1, 1, 1]
    assert result.winners == [0]
    assert [p.rank for p in result.players] == [1, 2, 3]
    coins(s, 5, 5, 3)
    result = s._compute_result()
    assert result.winners == [0, 1]
    assert [p.rank for p in result.players] == [1, 1, 3]
