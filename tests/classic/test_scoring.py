"""Science (with wildcards), military conflicts at the end of each Age, the final score's
seven categories, and the winner (ties broken by coins, then shared)."""

from __future__ import annotations

import pytest

from tests.classic.scenario import (
    build,
    end_age,
    give,
    give_stages,
    new_game,
    play_turn,
    score,
    set_coins,
    set_tokens,
    set_turn,
)
from wonders.classic.scoring import CATEGORIES, science_points

# ---------------------------------------------------------------- science

COMPASS = ("Apothecary", "Dispensary", "Lodge", "Academy")
GEAR = ("Workshop", "Laboratory", "Observatory", "Study")
TABLET = ("Scriptorium", "Library", "School", "University")


def science_city(compass: int, gear: int, tablet: int, wilds: int = 0) -> int:
    """The science score of a city with that many cards of each symbol (and wildcards:
    Babylon A's stage, then the Scientists Guild)."""
    s = new_game("Babylon", "Giza", "Rhodes")
    s = give(s, 0, *COMPASS[:compass], *GEAR[:gear], *TABLET[:tablet])
    if wilds >= 1:
        s = give_stages(s, 0, 2)
    if wilds >= 2:
        s = give(s, 0, "Scientists Guild")
    return score(s, 0)["science"]


@pytest.mark.parametrize(("count", "points"), [(0, 0), (1, 1), (2, 4), (3, 9), (4, 16)])
def test_identical_symbols_score_their_count_squared(count: int, points: int) -> None:
    assert science_city(count, 0, 0) == points
    assert science_city(0, count, 0) == points
    assert science_city(0, 0, count) == points


def test_each_set_of_three_different_symbols_scores_seven_more() -> None:
    assert science_city(1, 1, 1) == 3 + 7
    assert science_city(2, 2, 2) == 12 + 14
    assert science_city(4, 4, 4) == 48 + 28
    assert science_city(2, 1, 1) == 6 + 7  # one set only


def test_rulebook_science_example() -> None:
    # 3 compass, 2 gear, 1 tablet: 9 + 4 + 1 for the identical symbols, 7 for the one set.
    # (The Russian rulebook prints the total as 27, but its own sum is 14 + 7 = 21, as in the
    # English rules; see docs/RULINGS.md.)
    assert science_city(3, 2, 1) == 9 + 4 + 1 + 7 == 21
    # "if she had built one more tablet: (9 + 4 + 4) + (7 + 7) = 31"
    assert science_city(3, 2, 2) == 31


@pytest.mark.parametrize(
    ("symbols", "wilds", "points"),
    [
        ((0, 0, 0), 1, 1),  # a lone wildcard is one symbol
        ((1, 1, 0), 1, 10),  # completes a set
        ((3, 0, 0), 1, 16),  # a 4th compass (16) beats anything else (9 + 1)
        ((3, 2, 1), 1, 31),  # the rulebook's 31 with a wildcard as the second tablet
        ((4, 1, 0), 1, 26),  # a 5th compass: 25 + 1 beats a set: 16 + 1 + 1 + 7
        ((2, 2, 1), 2, 31),  # 2/2/3 = 17 + 14 = 31 beats 4/2/1 = 21 + 7
        ((1, 2, 1), 2, 26),  # 2/2/2 = 26 beats 1/4/1 = 25
        ((4, 4, 4), 2, 96),  # 6/4/4 = 36 + 32 + 28 beats 5/5/4 = 66 + 28
    ],
)
def test_science_wildcards_are_chosen_at_the_end_for_the_best_score(
    symbols: tuple[int, int, int], wilds: int, points: int
) -> None:
    best = max(
        by_hand(symbols[0] + a, symbols[1] + b, symbols[2] + wilds - a - b)
        for a in range(wilds + 1)
        for b in range(wilds + 1 - a)
    )
    assert best == points
    assert science_city(*symbols, wilds=wilds) == points
    assert science_points(list(symbols), wilds) == points


def by_hand(*counts: int) -> int:
    return sum(c * c for c in counts) + 7 * min(counts)


# ---------------------------------------------------------------- military


@pytest.mark.parametrize(("age", "victory"), [(1, 1), (2, 3), (3, 5)])
def test_conflicts_at_the_end_of_an_age_win_by_age_lose_one_tie_nothing(
    age: int, victory: int
) -> None:
    # 4 players: 0 has 2 shields, 1 has 1, 2 has 2, 3 has 0
    s = new_game("Giza", "Babylon", "Ephesus", "Alexandria")
    s = give(s, 0, "Walls")
    s = give(s, 1, "Barracks")
    s = give(s, 2, "Stockade", "Guard Tower")
    s = end_age(s, age)
    assert sorted(s.cities[0].tokens) == [victory, victory]  # beats 1 (left) and 3 (right)
    assert sorted(s.cities[1].tokens) == [-1, -1]  # loses to 0 and to 2
    assert sorted(s.cities[2].tokens) == [victory, victory]  # beats 1 and 3
    assert sorted(s.cities[3].tokens) == [-1, -1]
    assert score(s, 0)["military"] == 2 * victory
    assert score(s, 1)["military"] == -2


def test_equal_shields_give_no_token() -> None:
    s = new_game("Giza", "Babylon", "Ephesus")
    s = give(s, 0, "Walls")
    s = give(s, 1, "Archery Range")
    s = give(s, 2, "Stockade", "Barracks")
    s = end_age(s, 1)
    assert [c.tokens for c in s.cities] == [[], [], []]


def test_only_neighbours_fight() -> None:
    # 5 players: seat 0 is strong, but seats 2 and 3 are not its neighbours
    s = new_game("Giza", "Babylon", "Ephesus", "Alexandria", "Olympia")
    s = give(s, 0, "Fortifications")
    s = give(s, 1, "Fortifications")
    s = give(s, 4, "Fortifications")
    s = end_age(s, 1)
    assert s.cities[0].tokens == []
    assert sorted(s.cities[2].tokens) == [-1]  # lost to seat 1 only, tied with 3
    assert sorted(s.cities[3].tokens) == [-1]  # lost to seat 4 only


def test_rulebook_military_example_alexandria_at_the_end_of_age_two() -> None:
    # Alexandria (3 shields) between Rhodes on its left (5) and Ephesus on its right (2)
    s = new_game("Alexandria", "Rhodes", "Ephesus")
    s = give(s, 0, "Walls", "Barracks")
    s = give(s, 1, "Walls", "Archery Range", "Stockade")
    s = give(s, 2, "Stables")
    s = end_age(s, 2)
    assert sorted(s.cities[0].tokens) == [-1, 3]
    assert score(s, 0)["military"] == 2


def test_rulebook_military_total() -> None:
    # +1, +3, +5, -1, -1, -1 = 6
    s = new_game("Alexandria", "Rhodes", "Ephesus")
    s = set_tokens(s, 0, 1, 3, 5, -1, -1, -1)
    assert score(s, 0)["military"] == 6


def test_tokens_add_up_over_the_three_ages() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 1, "Barracks")  # Giza beats Rhodes and Olympia in Age I
    s = end_age(s, 1)
    s = give(s, 0, "Walls")  # Age II: Rhodes (2) beats Giza (1) and Olympia (0)
    s = end_age(s, 2)
    s = give(s, 2, "Fortifications")  # Age III: Olympia (3) beats both
    s = end_age(s, 3)
    assert sorted(s.cities[0].tokens) == [-1, -1, 3, 3, 5]
    assert s.result().players[0].breakdown["military"] == 9


def test_shields_built_on_the_last_turn_count_in_that_ages_conflicts() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 1, "Stockade")
    s = set_turn(s, 1, 6, {0: ["Walls", "Altar"]})
    s = give(s, 0, "Quarry", "Stone Pit")  # 3 stone for the Walls (2 shields)
    play_turn(s, {0: build("Walls")})
    assert sorted(s.cities[0].tokens) == [1, 1]


# ---------------------------------------------------------------- final score


def test_treasury_one_point_per_three_coins() -> None:
    s = new_game("Alexandria", "Rhodes", "Ephesus")
    s = set_coins(s, 14, 2, 3)  # the rulebook: 14 coins, 4 points
    assert [score(s, p)["treasury"] for p in range(3)] == [4, 0, 1]


def test_rulebook_scoring_examples_category_by_category() -> None:
    s = new_game("Alexandria", "Rhodes", "Ephesus")
    s = set_tokens(s, 0, 1, 3, 5, -1, -1, -1)  # military 6
    s = set_coins(s, 14, 3, 3)  # treasury 4
    s = give_stages(s, 0, 3)  # wonder: A, all three stages: 3 + 7 = 10
    s = give(s, 0, "Altar", "Aqueduct", "Town Hall")  # civilian 13
    s = give(s, 0, "Apothecary", "Dispensary", "Lodge", "Workshop", "Laboratory", "Scriptorium")
    s = give(s, 0, "Chamber of Commerce", "Loom", "Press")  # commerce: 2 grey = 4
    s = give(s, 0, "Workers Guild")
    s = give(s, 1, "Lumber Yard", "Ore Vein")
    s = give(s, 2, "Clay Pool")  # guilds: 3 brown next door
    assert score(s, 0) == {
        "military": 6,
        "treasury": 4,
        "wonder": 10,
        "civilian": 13,
        "science": 21,
        "commerce": 4,
        "guilds": 3,
    }
    assert tuple(score(s, 0)) == CATEGORIES


def finish(coins: tuple[int, int, int]) -> list[int]:
    """A game ended at the end of Age III; everyone sells on the last turn (+3 coins)."""
    s = new_game("Rhodes", "Giza", "Olympia")
    s = set_coins(s, *coins)
    s = end_age(s, 3)
    assert s.result().totals == [sum(s.score_breakdown(p).values()) for p in range(3)]
    return [p.rank for p in s.result().players]


def test_most_points_win_whatever_the_coins() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 1, "Palace")
    s = set_coins(s, 12, 0, 0)  # after the last sale: 15, 3, 3 coins
    s = end_age(s, 3)
    assert s.result().totals == [5, 1 + 8, 1]
    assert s.result().winners == [1]


def test_a_tie_on_points_is_won_by_the_most_coins() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = set_coins(s, 4, 5, 0)  # 7, 8, 3 coins at the end: 2, 2, 1 points
    s = end_age(s, 3)
    result = s.result()
    assert result.totals == [2, 2, 1]
    assert result.winners == [1]
    assert [p.rank for p in result.players] == [2, 1, 3]


def test_a_tie_on_points_and_coins_is_a_shared_win() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = set_coins(s, 4, 4, 0)
    s = end_age(s, 3)
    result = s.result()
    assert result.totals == [2, 2, 1]
    assert result.winners == [0, 1]
    assert [p.rank for p in result.players] == [1, 1, 3]
    assert finish((4, 4, 4)) == [1, 1, 1]
