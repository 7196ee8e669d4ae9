"""Every kind of card effect, chains, duplicates and coin costs, played through real turns.

Seats are clockwise: seat ``p``'s left neighbour is ``p + 1``, its right neighbour ``p - 1``.
Four-player tables are used where a rule counts neighbours, so that the city opposite
(seat 2 for seat 0) shows that non-neighbours never count.
"""

from __future__ import annotations

import pytest

from tests.classic.scenario import (
    assert_illegal,
    build,
    card,
    coins,
    end_age,
    give,
    give_stages,
    names,
    new_game,
    offered,
    payments,
    play_turn,
    score,
    sell,
    set_coins,
    set_hand,
    set_tokens,
    set_turn,
    wonder,
)
from wonders.classic.state import ClassicState

# ---------------------------------------------------------------- production


def test_produce_fixed_pays_the_owners_cost_every_turn() -> None:
    # Rhodes (ore) with a Lumber Yard: Stockade (1 wood) costs nothing, turn after turn
    s = new_game("Rhodes", "Giza", "Babylon")  # neighbours: stone (left), clay (right)
    s = give(s, 0, "Lumber Yard")
    s = set_coins(s, 0, 0, 0)
    s = set_hand(s, 0, "Stockade", "Barracks", "Altar")
    assert payments(s, 0, "build", "Stockade") == {(0, 0)}
    play_turn(s, {0: build("Stockade")})
    s = set_hand(s, 0, "Archery Range", "Altar")  # 2 wood + ore: only one wood of its own
    assert payments(s, 0, "build", "Archery Range") == set()  # nobody sells wood, no coins
    s = give(s, 0, "Sawmill")
    assert payments(s, 0, "build", "Archery Range") == {(0, 0)}


def test_resources_are_not_spent_by_building() -> None:
    # the same Lumber Yard pays a wood on two consecutive turns
    s = new_game("Rhodes", "Giza", "Babylon")
    s = give(s, 0, "Lumber Yard")
    s = set_coins(s, 0, 0, 0)
    s = set_hand(s, 0, "Stockade", "School")
    play_turn(s, {0: build("Stockade")})
    s = set_hand(s, 0, "Statue", "Altar")  # wood + 2 ore: the same wood, Rhodes' ore, an Ore Vein
    s = give(s, 0, "Ore Vein")
    assert payments(s, 0, "build", "Statue") == {(0, 0)}


def test_either_or_card_gives_one_of_its_resources_not_both() -> None:
    # Timber Yard: wood OR stone each turn
    s = new_game("Rhodes", "Giza", "Olympia")  # left Giza sells stone, right Olympia wood
    s = give(s, 0, "Timber Yard")
    s = set_coins(s, 0, 3, 3)
    s = set_hand(s, 0, "Stockade", "Baths", "Senate")
    assert payments(s, 0, "build", "Stockade") == {(0, 0)}  # wood
    assert payments(s, 0, "build", "Baths") == {(0, 0)}  # stone
    # Senate (2 wood, stone, ore) with Lumber Yard + Timber Yard + Rhodes' ore: one unit short
    s = give(s, 0, "Lumber Yard")
    assert payments(s, 0, "build", "Senate") == set()  # and no coins to buy it
    s = set_coins(s, 2, 3, 3)
    # the Timber Yard makes whichever is not bought: stone from the left or wood from the right
    assert payments(s, 0, "build", "Senate") == {(2, 0), (0, 2)}


def test_double_production_card_gives_two_units() -> None:
    s = new_game("Rhodes", "Giza", "Babylon")
    s = set_coins(s, 0, 0, 0)
    s = set_hand(s, 0, "Walls", "Aqueduct", "Caravansery", "Courthouse", "Altar")
    s = give(s, 0, "Quarry")
    assert payments(s, 0, "build", "Aqueduct") == set()  # 3 stone: Quarry gives 2
    s = give(s, 0, "Stone Pit")
    assert payments(s, 0, "build", "Aqueduct") == {(0, 0)}
    s = give(s, 0, "Sawmill")
    assert payments(s, 0, "build", "Caravansery") == {(0, 0)}  # 2 wood
    s = give(s, 0, "Brickyard", "Loom")
    assert payments(s, 0, "build", "Courthouse") == {(0, 0)}  # 2 clay + loom


def test_caravansery_and_forum_produce_any_one_for_their_owner() -> None:
    s = new_game("Rhodes", "Giza", "Babylon")
    s = give(s, 0, "Caravansery", "Forum")
    s = set_coins(s, 0, 0, 0)
    s = set_hand(s, 0, "Stockade", "Guard Tower", "Baths", "Apothecary", "Workshop", "Scriptorium")
    for name in ("Stockade", "Guard Tower", "Baths", "Apothecary", "Workshop", "Scriptorium"):
        assert payments(s, 0, "build", name) == {(0, 0)}, name
    s = set_hand(s, 0, "Library", "Altar")  # 2 stone + loom: Caravansery gives only one stone
    assert payments(s, 0, "build", "Library") == set()


# ---------------------------------------------------------------- coins when built


def test_tavern_gives_five_coins_once() -> None:
    s = new_game("Rhodes", "Giza", "Olympia", "Babylon")
    s = set_coins(s, 0, 0, 0, 0)
    s = set_hand(s, 0, "Tavern", "Altar", "Theater")
    play_turn(s, {0: build("Tavern")})
    assert coins(s)[0] == 5
    s = set_hand(s, 0, "Altar", "Theater")
    play_turn(s, {0: build("Altar")})
    assert coins(s)[0] == 5  # not again
    assert score(s, 0)["commerce"] == 0


def test_vineyard_counts_browns_in_self_and_both_neighbours_incl_this_turn() -> None:
    s = new_game("Rhodes", "Giza", "Olympia", "Babylon")
    s = give(s, 0, "Lumber Yard", "Loom")  # 1 brown (the grey never counts)
    s = give(s, 1, "Stone Pit")  # left: 1 brown, and a second one built this very turn
    s = give(s, 2, "Clay Pool", "Ore Vein", "Timber Yard")  # opposite seat: never counted
    s = give(s, 3, "Quarry", "Clay Pit")  # right: 2 browns
    s = set_coins(s, 0, 3, 3, 3)
    s = set_hand(s, 0, "Vineyard", "Altar")
    s = set_hand(s, 1, "Ore Vein", "Altar")
    s = set_hand(s, 3, "Sawmill", "Altar")  # the right neighbour sells: no brown from it this turn
    play_turn(s, {0: build("Vineyard"), 1: build("Ore Vein"), 3: sell("Sawmill")})
    assert coins(s)[0] == 1 + 2 + 2
    assert score(s, 0)["commerce"] == 0


def test_bazar_gives_two_per_grey_in_self_and_both_neighbours_incl_this_turn() -> None:
    s = new_game("Rhodes", "Giza", "Olympia", "Babylon")
    s = give(s, 0, "Loom", "Lumber Yard")  # 1 grey (the brown never counts)
    s = give(s, 1, "Press")
    s = give(s, 2, "Glassworks", "Loom", "Press")  # opposite seat: never counted
    s = give(s, 3, "Glassworks")
    s = set_coins(s, 0, 3, 3, 3)
    s = set_hand(s, 0, "Bazar", "Altar")
    s = set_hand(s, 1, "Altar", "Theater")
    s = set_hand(s, 3, "Press", "Altar")  # the right neighbour builds a grey this very turn
    play_turn(s, {0: build("Bazar"), 1: build("Altar"), 3: build("Press")})
    assert coins(s)[0] == 2 * (1 + 1 + 2)


def _build_free(s: ClassicState, seat: int, name: str) -> ClassicState:
    """Build ``name`` for ``seat`` this turn with exactly its resources given to the city
    (returns the state it was built in)."""
    s = set_hand(s, seat, name, "Altar")
    assert payments(s, seat, "build", name) == {(0, 0)}, name
    play_turn(s, {seat: build(name)})
    return s


def test_haven_coin_per_own_brown_when_built_and_point_per_brown_at_the_end() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 0, "Lumber Yard", "Loom", "Clay Pool")  # wood + loom (+ Rhodes' ore); 2 browns
    s = give(s, 1, "Stone Pit", "Ore Vein")  # neighbours' browns never count
    s = give(s, 2, "Sawmill")
    s = set_coins(s, 0, 0, 0)
    s = _build_free(s, 0, "Haven")
    assert coins(s)[0] == 2
    assert score(s, 0)["commerce"] == 2
    s = give(s, 0, "Stone Pit")  # points count the browns at the end, coins were paid once
    assert score(s, 0)["commerce"] == 3
    assert coins(s)[0] == 2


def test_lighthouse_counts_itself() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 0, "Stone Pit", "Glassworks", "Tavern", "Marketplace")  # 2 yellow
    s = give(s, 1, "East Trading Post", "Vineyard")  # neighbours' yellow never count
    s = set_coins(s, 0, 0, 0)
    s = _build_free(s, 0, "Lighthouse")
    assert coins(s)[0] == 3
    assert score(s, 0)["commerce"] == 3


def test_chamber_of_commerce_two_per_own_grey() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 0, "Brickyard", "Press", "Loom")  # 2 clay + papyrus; 2 grey
    s = give(s, 1, "Glassworks")
    s = set_coins(s, 0, 0, 0)
    s = _build_free(s, 0, "Chamber of Commerce")
    assert coins(s)[0] == 4
    assert score(s, 0)["commerce"] == 4


def test_arena_three_coins_per_own_stage_when_built_one_point_per_stage_at_the_end() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 0, "Quarry")  # 2 stone + Rhodes' ore
    s = give_stages(s, 0, 2)
    s = give_stages(s, 1, 3)  # a neighbour's stages never count
    s = set_coins(s, 0, 0, 0)
    s = _build_free(s, 0, "Arena")
    assert coins(s)[0] == 6
    assert score(s, 0)["commerce"] == 2
    s = give_stages(s, 0, 1)
    assert score(s, 0)["commerce"] == 3
    assert coins(s)[0] == 6


def test_arena_built_with_no_stage_gives_nothing_yet() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 0, "Quarry")
    s = set_coins(s, 0, 0, 0)
    s = _build_free(s, 0, "Arena")
    assert coins(s)[0] == 0
    assert score(s, 0)["commerce"] == 0


# ---------------------------------------------------------------- points, shields, science

BLUE = {
    "Altar": 2,
    "Baths": 3,
    "Pawnshop": 3,
    "Theater": 2,
    "Aqueduct": 5,
    "Courthouse": 4,
    "Statue": 4,
    "Temple": 3,
    "Gardens": 5,
    "Palace": 8,
    "Pantheon": 7,
    "Senate": 6,
    "Town Hall": 6,
}


@pytest.mark.parametrize("name", sorted(BLUE))
def test_blue_card_scores_its_printed_points(name: str) -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 0, name)
    assert score(s, 0)["civilian"] == BLUE[name]


def test_blue_points_add_up() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 0, "Altar", "Aqueduct", "Town Hall")  # the rulebook's scoring example: 13
    assert score(s, 0)["civilian"] == 13


RED = {
    "Barracks": 1,
    "Guard Tower": 1,
    "Stockade": 1,
    "Archery Range": 2,
    "Stables": 2,
    "Training Ground": 2,
    "Walls": 2,
    "Arsenal": 3,
    "Circus": 3,
    "Fortifications": 3,
    "Siege Workshop": 3,
}


@pytest.mark.parametrize("name", sorted(RED))
def test_red_card_gives_its_printed_shields(name: str) -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 0, name)
    s = give(s, 1, "Stockade")  # 1 shield on the left, none on the right
    assert s.cities[0].shields == RED[name]
    s = end_age(s, 3)  # one shield ties the left neighbour; more wins; the right has none
    expected = ([5] if RED[name] > 1 else []) + [5]
    assert sorted(s.cities[0].tokens) == sorted(expected)


GREEN = {
    "Apothecary": "compass",
    "Scriptorium": "tablet",
    "Workshop": "gear",
    "Dispensary": "compass",
    "Laboratory": "gear",
    "Library": "tablet",
    "School": "tablet",
    "Academy": "compass",
    "Lodge": "compass",
    "Observatory": "gear",
    "Study": "gear",
    "University": "tablet",
}
# two cards of each symbol, to pair any green card with another of its symbol
PARTNER = {
    "compass": ("Apothecary", "Dispensary"),
    "gear": ("Workshop", "Laboratory"),
    "tablet": ("Scriptorium", "Library"),
}


@pytest.mark.parametrize("name", sorted(GREEN))
def test_green_card_has_its_printed_symbol(name: str) -> None:
    symbol = GREEN[name]
    for other, partners in PARTNER.items():
        s = new_game("Rhodes", "Giza", "Olympia")
        partner = partners[0] if partners[0] != name else partners[1]
        s = give(s, 0, name, partner)
        # two of one symbol: 4 points; two different: 1 + 1
        assert score(s, 0)["science"] == (4 if other == symbol else 2), (name, other)


# ---------------------------------------------------------------- guilds


@pytest.mark.parametrize(
    ("guild", "left", "right", "points"),
    [
        ("Workers Guild", ["Lumber Yard", "Clay Pool"], ["Ore Vein", "Loom"], 3),
        ("Craftsmens Guild", ["Loom", "Press", "Ore Vein"], ["Glassworks"], 2 * 3),
        ("Magistrates Guild", ["Altar", "Stockade"], ["Baths", "Palace"], 3),
        ("Philosophers Guild", ["Workshop", "Altar"], ["Library", "School"], 3),
        ("Spies Guild", ["Barracks", "Walls"], ["Altar"], 2),
        ("Traders Guild", ["Tavern", "Loom"], ["Marketplace", "Forum", "Vineyard"], 4),
    ],
)
def test_guild_counting_the_neighbours_cards(
    guild: str, left: list[str], right: list[str], points: int
) -> None:
    s = new_game("Rhodes", "Giza", "Olympia", "Babylon")
    # the same cards in the guild owner's own city and in the opposite city never count
    s = give(s, 0, guild, *left, *(c for c in right if c not in left))
    s = give(s, 1, *left)
    s = give(s, 2, *left, *right)
    s = give(s, 3, *right)
    assert score(s, 0)["guilds"] == points


def test_craftsmens_guild_scores_two_per_neighbouring_grey() -> None:
    # the printed card (the Russian rulebook's 1 VP is an erratum)
    s = new_game("Rhodes", "Giza", "Olympia", "Babylon")
    s = give(s, 0, "Craftsmens Guild", "Glassworks")
    s = give(s, 1, "Loom")
    assert score(s, 0)["guilds"] == 2


def test_shipowners_guild_counts_own_brown_grey_purple_itself_included() -> None:
    s = new_game("Rhodes", "Giza", "Olympia", "Babylon")
    s = give(s, 0, "Shipowners Guild", "Lumber Yard", "Sawmill", "Loom", "Altar", "Tavern")
    s = give(s, 1, "Ore Vein", "Press", "Spies Guild")  # neighbours' cards never count
    s = give(s, 3, "Workers Guild")
    assert score(s, 0)["guilds"] == 2 + 1 + 1
    s = give(s, 0, "Magistrates Guild")  # another own guild counts too (it scores 0 itself)
    assert score(s, 0)["guilds"] == 2 + 1 + 2


def test_strategists_guild_counts_the_neighbours_defeat_tokens() -> None:
    s = new_game("Rhodes", "Giza", "Olympia", "Babylon")
    s = give(s, 0, "Strategists Guild")
    s = set_tokens(s, 0, -1, -1)  # own defeats never count
    s = set_tokens(s, 1, -1, 1, 3, -1)  # victories never count
    s = set_tokens(s, 2, -1, -1, -1)  # opposite seat
    s = set_tokens(s, 3, 5, -1)
    assert score(s, 0)["guilds"] == 3


def test_strategists_guild_counts_the_third_age_defeats() -> None:
    # the guild scores at the end, after the conflicts of Age III
    s = new_game("Rhodes", "Giza", "Olympia", "Babylon")
    s = give(s, 0, "Strategists Guild", "Arsenal")
    s = give(s, 2, "Arsenal")  # 1 and 3 lose to their neighbours 0 and 2
    s = end_age(s, 3)
    assert s.cities[1].tokens == [-1, -1]
    assert s.cities[3].tokens == [-1, -1]
    assert s.result().players[0].breakdown["guilds"] == 4


def test_builders_guild_counts_stages_in_self_and_both_neighbours() -> None:
    s = new_game("Rhodes", "Giza", "Olympia", "Babylon")
    s = give(s, 0, "Builders Guild")
    s = give_stages(s, 0, 1)
    s = give_stages(s, 1, 2)
    s = give_stages(s, 2, 3)  # opposite seat
    s = give_stages(s, 3, 3)
    assert score(s, 0)["guilds"] == 1 + 2 + 3


def test_scientists_guild_is_a_science_wildcard() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 0, "Apothecary", "Workshop")
    assert score(s, 0)["science"] == 2
    s = give(s, 0, "Scientists Guild")
    assert score(s, 0)["science"] == 1 + 1 + 1 + 7  # the tablet completes the set
    assert score(s, 0)["guilds"] == 0


# ---------------------------------------------------------------- chains


def test_chain_build_is_free_of_resources_and_coins() -> None:
    # Aqueduct (3 stone) chains from Baths; the left neighbour sells 3 stone
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 1, "Quarry")
    s = set_coins(s, 9, 3, 3)
    s = set_hand(s, 0, "Aqueduct", "Altar")
    assert payments(s, 0, "build", "Aqueduct") == {(6, 0)}  # without Baths: buy 3 stone
    s = give(s, 0, "Baths")
    assert payments(s, 0, "build", "Aqueduct") == {(0, 0)}  # with it: free, and only free
    assert_illegal(s, 0, build("Aqueduct", 6, 0))
    play_turn(s, {0: build("Aqueduct")})
    assert "Aqueduct" in names(s, 0)
    assert coins(s) == [9, 3 + 3, 3 + 3]  # nobody was paid (the neighbours sold a card)


def test_chain_build_needs_no_coins_in_hand() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 0, "Theater")
    s = set_coins(s, 0, 0, 0)
    s = set_hand(s, 0, "Statue", "Altar")
    assert payments(s, 0, "build", "Statue") == {(0, 0)}


@pytest.mark.parametrize(
    ("source", "target"),
    [
        ("East Trading Post", "Forum"),
        ("West Trading Post", "Forum"),
        ("Marketplace", "Caravansery"),
        ("Scriptorium", "Library"),
        ("Scriptorium", "Courthouse"),
        ("Apothecary", "Stables"),
        ("Apothecary", "Dispensary"),
        ("Workshop", "Archery Range"),
        ("Workshop", "Laboratory"),
        ("Altar", "Temple"),
        ("Theater", "Statue"),
        ("Baths", "Aqueduct"),
        ("Statue", "Gardens"),
        ("Temple", "Pantheon"),
        ("Library", "Senate"),
        ("Library", "University"),
        ("School", "Academy"),
        ("School", "Study"),
        ("Laboratory", "Observatory"),
        ("Laboratory", "Siege Workshop"),
        ("Dispensary", "Lodge"),
        ("Dispensary", "Arena"),
        ("Forum", "Haven"),
        ("Caravansery", "Lighthouse"),
        ("Training Ground", "Circus"),
        ("Walls", "Fortifications"),
    ],
)
def test_every_printed_chain_builds_free(source: str, target: str) -> None:
    # Alexandria between Olympia and Babylon; nobody can pay: no coins at all
    s = new_game("Alexandria", "Olympia", "Babylon")
    s = set_coins(s, 0, 0, 0)
    s = set_hand(s, 0, target, "Pawnshop")
    assert payments(s, 0, "build", target) == set()
    s = give(s, 0, source)
    assert payments(s, 0, "build", target) == {(0, 0)}


def test_chain_across_ages_in_real_play() -> None:
    # Scriptorium built in Age I makes Library free in Age II
    s = new_game("Rhodes", "Ephesus", "Olympia")  # Ephesus (left) sells papyrus
    s = set_coins(s, 2, 3, 3)
    s = set_turn(s, 1, 6, {0: ["Scriptorium", "Altar"]})
    play_turn(s, {0: build("Scriptorium", 2, 0)})
    assert s.age == 2 and "Scriptorium" in names(s, 0)
    s = set_coins(s, 0, 0, 0)
    s = set_hand(s, 0, "Library", "Altar")
    assert payments(s, 0, "build", "Library") == {(0, 0)}
    play_turn(s, {0: build("Library")})
    assert names(s, 0)[-1] == "Library"


# ---------------------------------------------------------------- one name per city


def test_no_second_building_of_a_name_even_from_another_age() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 0, card("Loom", 1))
    s = set_coins(s, 5, 3, 3)
    s = set_hand(s, 0, card("Loom", 2), card("Altar"))
    assert "Loom" not in offered(s, 0, "build")
    assert "Loom" in offered(s, 0, "sell")  # it can still be sold
    assert_illegal(s, 0, build("Loom"))


def test_no_second_copy_of_the_same_card() -> None:
    # a 4-player Age I deck has two Lumber Yards
    s = new_game("Rhodes", "Giza", "Olympia", "Babylon")
    s = give(s, 0, "Lumber Yard")
    s = set_hand(s, 0, "Lumber Yard", "Altar")
    assert offered(s, 0, "build") == {"Altar"}
    assert_illegal(s, 0, build("Lumber Yard"))


def test_a_card_of_a_name_the_city_has_can_still_be_buried_in_a_stage() -> None:
    s = new_game("Giza", "Rhodes", "Olympia")
    s = give(s, 0, "Stone Pit", "Altar")  # Giza A1: 2 stone
    s = set_hand(s, 0, "Altar", "Theater")
    assert payments(s, 0, "wonder", "Altar") == {(0, 0)}
    play_turn(s, {0: wonder("Altar")})
    assert s.cities[0].stages == 1


# ---------------------------------------------------------------- coin costs


def test_coin_cost_is_paid_to_the_bank() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = set_coins(s, 1, 3, 3)
    s = set_hand(s, 0, "Clay Pit", "Altar")
    s = set_hand(s, 1, "Altar", "Theater")
    s = set_hand(s, 2, "Altar", "Theater")
    play_turn(s, {0: build("Clay Pit"), 1: build("Altar"), 2: build("Altar")})
    assert coins(s) == [0, 3, 3]  # the coin went to the bank, not to a neighbour
    assert "Clay Pit" in names(s, 0)


@pytest.mark.parametrize("name", ["Clay Pit", "Timber Yard", "Sawmill", "Foundry"])
def test_a_coin_cost_cannot_be_paid_without_the_coin(name: str) -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = set_coins(s, 0, 3, 3)
    s = set_hand(s, 0, name, "Altar")
    assert payments(s, 0, "build", name) == set()
    assert_illegal(s, 0, build(name))
    s = set_coins(s, 1, 3, 3)
    assert payments(s, 0, "build", name) == {(0, 0)}
