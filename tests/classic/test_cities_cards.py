"""Cities: every black card, the three Cities guilds, Petra and Byzantium (seeds/001 and
shared/reference/cities.md), each played through the engine: legal actions, the turn, the
debt phase and the score breakdown; and the cards with the base boards' powers (Babylon B's
extra card, Olympia B's discount and copied guild)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from tests.classic.cities_scenario import (
    FILLER,
    build,
    cat,
    end_age,
    give,
    give_stages,
    new_game,
    payments,
    play_turn,
    score,
    set_coins,
    set_tokens,
    set_turn,
    settle,
    wonder,
)
from tests.classic.parts import cities
from wonders.classic.actions import Action
from wonders.classic.cards import RESOURCES
from wonders.classic.state import ClassicState

W3 = ("Giza", "Babylon", "Olympia")  # stone, clay, wood
W4 = ("Giza", "Babylon", "Olympia", "Rhodes")  # ... ore

# One unit of each resource: a brown or grey card of Age I producing only that resource.
UNIT = {
    "wood": "Lumber Yard",
    "stone": "Stone Pit",
    "clay": "Clay Pool",
    "ore": "Ore Vein",
    "glass": "Glassworks",
    "loom": "Loom",
    "papyrus": "Press",
}
# The base board producing each resource.
BOARD = {
    "wood": "Olympia",
    "stone": "Giza",
    "clay": "Babylon",
    "ore": "Rhodes",
    "glass": "Alexandria",
    "loom": "Halicarnassus",
    "papyrus": "Ephesus",
}


def deal(
    state: ClassicState, age: int, turn: int, hands: Mapping[int, Sequence[str]]
) -> ClassicState:
    """``set_turn`` with the given cards first in those hands, fillers after them."""
    size = state.hand_size + 1 - turn
    full = {seat: [*names, *FILLER[: size - len(names)]] for seat, names in hands.items()}
    return set_turn(state, age, turn, full)


def play(
    state: ClassicState, moves: Mapping[int, Action], paid: Mapping[int, int] | None = None
) -> None:
    """A turn (the others sell their first card), then its debt phase if there is one."""
    play_turn(state, moves)
    if state.phase == "debt":
        settle(state, paid or {})


def free(state: ClassicState, seat: int, kind: str, name: str) -> bool:
    """Whether ``seat`` may build (or stage) ``name`` without buying anything."""
    return (0, 0) in payments(state, seat, kind, name)


def units(state: ClassicState, seat: int, cost: Mapping[str, int]) -> ClassicState:
    """Give ``seat`` exactly these resources, one Age I brown/grey card per unit."""
    return give(state, seat, *(UNIT[resource] for resource, n in cost.items() for _ in range(n)))


def tokens(state: ClassicState) -> list[list[int]]:
    return [sorted(c.tokens) for c in state.cities]


# ---------------------------------------------------------------- costs and data

# shared/reference/cities.md (Brotherhood with loom, Slave Market without papyrus: the
# choices data/cities.toml documents): name -> (Age, colour, coins, resources).
COSTS: dict[str, tuple[int, str, int, dict[str, int]]] = {
    "Militia": (1, "black", 3, {}),
    "Hideout": (1, "black", 0, {}),
    "Residence": (1, "black", 0, {"clay": 1}),
    "Gambling Den": (1, "black", 0, {}),
    "Clandestine Dock West": (1, "black", 1, {}),
    "Clandestine Dock East": (1, "black", 1, {}),
    "Secret Warehouse": (1, "black", 2, {}),
    "Gates of the City": (1, "black", 1, {"wood": 1}),
    "Pigeon Loft": (1, "black", 1, {"ore": 1}),
    "Mercenaries": (2, "black", 4, {"papyrus": 1}),
    "Lair": (2, "black", 0, {"wood": 1, "glass": 1}),
    "Consulate": (2, "black", 0, {"clay": 1, "papyrus": 1}),
    "Gambling House": (2, "black", 1, {}),
    "Black Market": (2, "black", 0, {"ore": 1, "loom": 1}),
    "Sepulcher": (2, "black", 0, {"stone": 1, "loom": 1, "glass": 1}),
    "Architect Cabinet": (2, "black", 1, {"papyrus": 1}),
    "Tabularium": (2, "black", 2, {"wood": 1, "ore": 1, "loom": 1}),
    "Spy Ring": (2, "black", 2, {"stone": 1, "clay": 1}),
    "Contingent": (3, "black", 5, {"loom": 1}),
    "Brotherhood": (3, "black", 0, {"wood": 2, "ore": 1, "loom": 1}),
    "Embassy": (3, "black", 0, {"stone": 1, "loom": 1, "papyrus": 1}),
    "Cenotaph": (3, "black", 0, {"clay": 2, "stone": 1, "loom": 1, "glass": 1}),
    "Builders Union": (3, "black", 0, {"wood": 1, "clay": 1, "glass": 1, "papyrus": 1}),
    "Secret Society": (3, "black", 0, {"stone": 1, "papyrus": 1}),
    "Slave Market": (3, "black", 0, {"wood": 2, "ore": 2}),
    "Capitol": (3, "black", 2, {"stone": 2, "clay": 2, "glass": 1, "papyrus": 1}),
    "Torture Chamber": (3, "black", 3, {"ore": 2, "glass": 1}),
    "Counterfeiters Guild": (3, "purple", 0, {"ore": 3, "glass": 1, "loom": 1}),
    "Guild of Shadows": (3, "purple", 0, {"wood": 1, "stone": 2, "papyrus": 1}),
    "Mourners Guild": (3, "purple", 0, {"wood": 1, "clay": 2, "glass": 1, "loom": 1}),
}


def vector(cost: Mapping[str, int]) -> tuple[int, ...]:
    return tuple(cost.get(r, 0) for r in RESOURCES)


def test_cities_cards_cost_what_the_reference_prints() -> None:
    catalog = cat()
    black = {c.name for c in catalog.cards if c.color == "black"}
    assert black == {n for n, row in COSTS.items() if row[1] == "black"}
    assert len(black) == 27
    for age in (1, 2, 3):
        assert sum(1 for n in black if COSTS[n][0] == age) == 9
    for name, (age, colour, coins, resources) in COSTS.items():
        (found,) = catalog.by_name[name.lower()]
        assert (found.age, found.color, found.coins) == (age, colour, coins), name
        assert found.cost == vector(resources), name


@pytest.mark.parametrize("name", sorted(COSTS))
def test_the_engine_asks_exactly_the_printed_cost(name: str) -> None:
    """With exactly the printed resources and coins the card is built free of trade; one
    coin or one unit fewer and it cannot be built (no neighbour sells what it needs)."""
    age, _, coins, resources = COSTS[name]
    boards = [BOARD[r] for r in RESOURCES if r not in resources][:3]

    def position(less_coins: int = 0, less: str | None = None) -> ClassicState:
        s = new_game(*boards)
        s = units(s, 0, {r: n - (r == less) for r, n in resources.items()})
        s = set_coins(s, coins - less_coins, 0, 0)
        s = deal(s, age, 1, {0: [name]})
        return s

    assert payments(position(), 0, "build", name) == {(0, 0)}
    if coins:
        assert payments(position(less_coins=1), 0, "build", name) == set()
    for r in resources:
        assert payments(position(less=r), 0, "build", name) == set(), r


def test_black_cards_have_no_chains_and_no_copies() -> None:
    catalog = cat()
    black = [c for c in catalog.cards if c.color == "black"]
    names = {c.name for c in black}
    assert len(names) == len(black) == 27  # one card of each name, in one Age
    for c in black:
        assert c.copies == () and c.chains_from == () and not c.chain_ids, c.name
    assert not any(set(c.chains_from) & names for c in catalog.cards)  # nothing chains from one
    for players, drawn in ((4, 4), (8, 7)):
        s = new_game(*[w.name for w in catalog.wonders[:players]])
        for age_hands in (s.hands, s.ages[1], s.ages[2]):
            dealt = [c.name for h in age_hands for c in h if c.color == "black"]
            assert len(dealt) == len(set(dealt)) == drawn


# ---------------------------------------------------------------- shields


def test_militia_costs_three_coins_and_two_shields_decide_the_conflicts() -> None:
    s = new_game(*W3)
    s = give(s, 1, "Stockade", "Barracks")  # 2 shields: a tie with the Militia
    s = give(s, 2, "Barracks")  # 1 shield: beaten by it
    s = set_coins(s, 2, 0, 0)
    s = deal(s, 1, s.turns_per_age, {0: ["Militia"]})
    assert payments(s, 0, "build", "Militia") == set()
    s = set_coins(s, 3, 0, 0)
    assert payments(s, 0, "build", "Militia") == {(0, 0)}
    play(s, {0: build("Militia")})
    assert s.cities[0].coins == 0
    assert tokens(s) == [[1], [1], [-1, -1]]


def test_mercenaries_three_shields_decide_the_age_two_conflicts() -> None:
    s = new_game(*W3)
    s = give(s, 0, "Press")
    s = give(s, 1, "Walls", "Stockade")  # 3 shields: a tie
    s = give(s, 2, "Walls")  # 2 shields: beaten
    s = set_coins(s, 4, 0, 0)
    s = deal(s, 2, s.turns_per_age, {0: ["Mercenaries"]})
    play(s, {0: build("Mercenaries")})
    assert s.cities[0].coins == 0
    assert tokens(s) == [[3], [3], [-1, -1]]


def test_contingent_five_shields_decide_the_age_three_conflicts() -> None:
    s = new_game(*W3)
    s = give(s, 0, "Loom")
    s = give(s, 1, "Circus", "Walls")  # 5 shields: a tie
    s = give(s, 2, "Circus", "Stockade")  # 4 shields: beaten
    s = set_coins(s, 5, 0, 0)
    s = deal(s, 3, s.turns_per_age, {0: ["Contingent"]})
    play(s, {0: build("Contingent")})
    assert s.is_terminal() and s.cities[0].coins == 0
    assert tokens(s) == [[5], [5], [-1, -1]]
    assert score(s, 0)["military"] == 5


# ---------------------------------------------------------------- coin losses


def test_hideout_others_lose_one_at_the_end_of_the_turn_coins_of_the_turn_counted() -> None:
    s = new_game(*W3)
    s = set_coins(s, 3, 0, 0)
    s = deal(s, 1, 1, {0: ["Hideout"]})
    play_turn(s, {0: build("Hideout"), 2: build("Altar")})
    # seat 1 sold (3 coins received this turn): it decides; seat 2 has none: debt at once
    assert s.phase == "debt" and cities(s).owed == {1: 1} and s.to_move() == [1]
    assert s.cities[2].debt == 1 and s.cities[2].coins == 0
    assert [a.bank for a in s.legal_actions(1)] == [1, 0]
    settle(s, {1: 1})
    assert [c.coins for c in s.cities] == [3, 2, 0]  # the builder never loses
    assert [c.debt for c in s.cities] == [0, 0, 1]
    assert s.phase == "draft" and s.turn == 2
    assert score(s, 0)["cities"] == 2 and score(s, 2)["debt"] == -1


def test_lair_others_lose_two_trade_coins_received_that_turn_can_pay() -> None:
    s = new_game("Olympia", "Alexandria", "Giza")  # seat 0 buys its glass on the left
    s = set_coins(s, 3, 0, 1)
    s = deal(s, 2, 1, {0: ["Lair"]})
    assert payments(s, 0, "build", "Lair") == {(2, 0)}
    play_turn(s, {0: build("Lair", left=2), 1: build("Altar")})
    assert cities(s).owed == {1: 2, 2: 2} and s.to_move() == [1, 2]
    assert [a.bank for a in s.legal_actions(1)] == [2, 1, 0]  # the 2 coins from the trade
    settle(s, {1: 2, 2: 1})
    assert [c.coins for c in s.cities] == [1, 0, 3]
    assert [c.debt for c in s.cities] == [0, 0, 1]
    assert score(s, 0)["cities"] == 3 and score(s, 2)["debt"] == -1


def test_brotherhood_others_lose_three() -> None:
    s = new_game(*W4)
    s = give(s, 0, "Sawmill", "Ore Vein", "Loom")
    s = set_coins(s, 0, 0, 5, 1)
    s = deal(s, 3, 1, {0: ["Brotherhood"]})
    play_turn(s, {0: build("Brotherhood"), 2: build("Altar")})
    assert cities(s).owed == {1: 3, 2: 3, 3: 3}  # every other city, not only the neighbours
    settle(s, {1: 3, 2: 0, 3: 2})
    assert [c.coins for c in s.cities] == [0, 0, 5, 2]
    assert [c.debt for c in s.cities] == [0, 0, 3, 1]
    assert score(s, 0)["cities"] == 4 and score(s, 2)["debt"] == -3


def test_sepulcher_others_lose_one_per_victory_token_not_its_value() -> None:
    s = new_game(*W4)
    s = give(s, 0, "Loom", "Glassworks")
    s = set_tokens(s, 0, 1, 3)  # the builder's own tokens never cost it anything
    s = set_tokens(s, 1, 3, 1, -1)  # two victories (worth 4): loses 2
    s = set_tokens(s, 2, -1)  # no victory: loses nothing
    s = set_tokens(s, 3, 3)  # one victory (worth 3): loses 1
    s = deal(s, 2, 1, {0: ["Sepulcher"]})
    play_turn(s, {0: build("Sepulcher")})
    assert cities(s).owed == {1: 2, 3: 1}
    settle(s, {1: 2, 3: 0})
    assert [c.coins for c in s.cities] == [3, 4, 6, 6]
    assert [c.debt for c in s.cities] == [0, 0, 0, 1]
    assert score(s, 0)["cities"] == 4


def test_cenotaph_others_lose_one_per_victory_token_not_its_value() -> None:
    s = new_game(*W3)
    s = give(s, 0, "Brickyard", "Loom", "Glassworks")
    s = set_tokens(s, 1, 1, 3, 5, -1)  # three victories (worth 9): loses 3
    s = deal(s, 3, 1, {0: ["Cenotaph"]})
    play_turn(s, {0: build("Cenotaph")})
    assert cities(s).owed == {1: 3}
    settle(s, {1: 1})
    assert (s.cities[1].coins, s.cities[1].debt) == (5, 2)
    assert score(s, 0)["cities"] == 5 and score(s, 1)["debt"] == -2


def test_builders_union_others_lose_one_per_stage_built_this_turn_included() -> None:
    s = new_game("Olympia", "Rhodes", "Babylon")
    s = give(s, 0, "Clay Pool", "Glassworks", "Press")
    s = give_stages(s, 0, 2)  # the builder's stages never cost it anything
    s = give_stages(s, 1, 1)
    s = give(s, 1, "Brickyard", "Clay Pool")  # Rhodes' second stage: 3 clay
    s = deal(s, 3, 1, {0: ["Builders Union"]})
    assert free(s, 1, "wonder", "Altar")
    play_turn(s, {0: build("Builders Union"), 1: wonder("Altar")})
    assert cities(s).owed == {1: 2}  # seat 2 has no stage
    settle(s, {1: 2})
    assert [c.coins for c in s.cities] == [3, 1, 6]
    assert score(s, 0)["cities"] == 4


def test_counterfeiters_guild_five_points_and_others_lose_three() -> None:
    s = new_game("Rhodes", "Giza", "Babylon")
    s = give(s, 0, "Foundry", "Glassworks", "Loom")
    s = set_coins(s, 3, 0, 3)
    s = deal(s, 3, 1, {0: ["Counterfeiters Guild"]})
    play_turn(s, {0: build("Counterfeiters Guild"), 1: build("Altar")})
    assert s.cities[1].debt == 3  # no coins at the end of the turn: all of it as debt
    assert cities(s).owed == {2: 3}
    settle(s, {2: 3})
    assert [c.coins for c in s.cities] == [3, 0, 3]
    assert score(s, 0)["guilds"] == 5 and score(s, 0)["cities"] == 0


# ---------------------------------------------------------------- diplomacy


def test_residence_diplomacy_sits_out_one_conflict_and_its_neighbours_fight() -> None:
    s = new_game("Babylon", "Giza", "Olympia", "Rhodes")
    s = give(s, 1, "Stockade", "Barracks")  # 2 shields
    s = give(s, 3, "Guard Tower")  # 1 shield; seats 0 and 2 have none
    s = deal(s, 1, s.turns_per_age, {0: ["Residence"]})
    assert free(s, 0, "build", "Residence")  # Babylon's clay
    play(s, {0: build("Residence")})
    assert {"type": "diplomacy", "seat": 0, "age": 1} in s.events
    # seat 0 is away: seats 3 and 1 are neighbours for this conflict
    assert tokens(s) == [[], [1, 1], [-1, -1], [-1, 1]]
    assert s.cities[0].diplomacy == 0 and score(s, 0)["cities"] == 1
    s = end_age(s, 2)  # the token is spent: seat 0 fights again in Age II
    assert tokens(s)[0] == [-1, -1]


def test_consulate_diplomacy_leaves_two_cities_fighting_once() -> None:
    s = new_game(*W3)
    s = give(s, 1, "Press")  # Babylon's clay and papyrus: seat 1 holds the Consulate
    s = give(s, 0, "Walls")  # 2 shields against seat 2's 1
    s = give(s, 2, "Stockade")
    s = deal(s, 2, s.turns_per_age, {1: ["Consulate"]})
    play(s, {1: build("Consulate")})
    assert tokens(s) == [[3], [], [-1]]
    assert score(s, 1)["cities"] == 2


def test_embassy_in_the_team_game_halves_the_tokens_of_its_holders_conflict() -> None:
    s = new_game(*W4, teams=True)  # teams 0-1 and 2-3: fights 1-2 and 3-0
    s = give(s, 0, "Loom", "Press", "Circus")
    s = give(s, 1, "Circus")
    s = give(s, 2, "Stockade")
    s = give(s, 3, "Stockade")
    s = deal(s, 3, s.turns_per_age, {0: ["Embassy"]})
    play(s, {0: build("Embassy")})
    assert tokens(s) == [[5], [5, 5], [-1, -1], [-1]]
    assert score(s, 0)["cities"] == 3


# ---------------------------------------------------------------- coins


def test_gambling_den_six_coins_and_one_to_each_neighbour_from_the_bank() -> None:
    s = new_game(*W4)
    s = deal(s, 1, 1, {0: ["Gambling Den"]})
    assert free(s, 0, "build", "Gambling Den")
    play(s, {0: build("Gambling Den")})
    assert [c.coins for c in s.cities] == [3 + 6, 3 + 3 + 1, 3 + 3, 3 + 3 + 1]


def test_gambling_house_costs_one_nine_coins_and_two_to_each_neighbour() -> None:
    s = new_game(*W4)
    s = set_coins(s, 0, 0, 0, 0)
    s = deal(s, 2, 1, {0: ["Gambling House"]})
    assert payments(s, 0, "build", "Gambling House") == set()
    s = set_coins(s, 1, 0, 0, 0)
    play(s, {0: build("Gambling House")})
    assert [c.coins for c in s.cities] == [9, 3 + 2, 3, 3 + 2]


def test_secret_society_one_coin_now_and_one_point_at_the_end_per_black_card() -> None:
    s = new_game(*W3)
    s = give(s, 0, "Press", "Militia", "Hideout")
    s = give(s, 1, "Lair")  # a neighbour's black card does not count
    s = deal(s, 3, 1, {0: ["Secret Society"]})
    play(s, {0: build("Secret Society")})
    assert s.cities[0].coins == 3 + 3  # three black cards, itself included
    assert score(s, 0)["cities"] == 2 + 3  # Hideout, the Society's 3
    s = give(s, 0, "Gates of the City")  # a black card built later counts at the end
    assert score(s, 0)["cities"] == 2 + 4 + 4


def test_slave_market_coins_now_and_points_at_the_end_per_victory_token() -> None:
    s = new_game(*W3)
    s = give(s, 0, "Sawmill", "Ore Vein", "Ore Vein")
    s = set_tokens(s, 0, 1, 3, -1)
    s = deal(s, 3, 1, {0: ["Slave Market"]})
    play(s, {0: build("Slave Market")})
    assert s.cities[0].coins == 3 + 2  # two victories, whatever their value
    assert score(s, 0)["cities"] == 2
    s = set_tokens(s, 0, 1, 3, 5, -1, -1)  # the count at the end
    assert score(s, 0)["cities"] == 3


# ---------------------------------------------------------------- points only


@pytest.mark.parametrize(
    ("name", "age", "owned", "coins", "points"),
    [
        ("Gates of the City", 1, ["Lumber Yard"], 1, 4),
        ("Tabularium", 2, ["Lumber Yard", "Ore Vein", "Loom"], 2, 6),
        ("Capitol", 3, ["Stone Pit", "Brickyard", "Glassworks", "Press"], 2, 8),
    ],
    ids=["Gates of the City", "Tabularium", "Capitol"],
)
def test_point_cards_cost_coins_and_score_in_cities(
    name: str, age: int, owned: list[str], coins: int, points: int
) -> None:
    s = new_game(*W3)  # Giza: one stone
    s = give(s, 0, *owned)
    s = set_coins(s, coins - 1, 0, 0)
    s = deal(s, age, 1, {0: [name]})
    assert payments(s, 0, "build", name) == set()
    s = set_coins(s, coins, 0, 0)
    play(s, {0: build(name)})
    assert s.cities[0].coins == 0
    assert score(s, 0)["cities"] == points and score(s, 0)["civilian"] == 0


# ---------------------------------------------------------------- trade


def test_clandestine_dock_west_first_purchase_on_the_left_one_less_once_a_turn() -> None:
    s = new_game("Giza", "Olympia", "Rhodes")  # wood on the left; Rhodes gets one too
    s = give(s, 1, "Lumber Yard")
    s = give(s, 2, "Lumber Yard")
    s = give_stages(s, 0, 1)  # Giza's second stage: 3 wood
    s = set_coins(s, 1, 0, 0)
    s = deal(s, 1, 1, {0: ["Clandestine Dock West"]})
    play(s, {0: build("Clandestine Dock West")})
    assert s.cities[0].coins == 0
    s = set_coins(s, 10, 0, 0)
    s = deal(s, 1, 2, {0: ["Stockade", "Barracks"]})
    assert payments(s, 0, "build", "Stockade") == {(1, 0), (0, 2)}
    assert payments(s, 0, "build", "Barracks") == {(0, 2)}  # the right side is untouched
    assert payments(s, 0, "wonder", "Barracks") == {(3, 2)}  # two from the left: 2 + 1
    play(s, {0: build("Stockade", left=1)})
    assert [c.coins for c in s.cities] == [9, 3 + 1, 3]
    s = deal(s, 1, 3, {0: ["Barracks"]})  # a new turn: the dock works again
    assert payments(s, 0, "wonder", "Barracks") == {(3, 2)}


def test_clandestine_dock_west_stacks_with_the_west_trading_post() -> None:
    s = new_game("Giza", "Olympia", "Rhodes")
    s = give(s, 0, "Clandestine Dock West", "West Trading Post")
    s = give(s, 1, "Lumber Yard")
    s = give(s, 2, "Lumber Yard")
    s = give_stages(s, 0, 1)
    s = deal(s, 1, 1, {0: ["Stockade"]})
    assert payments(s, 0, "build", "Stockade") == {(0, 0)}  # the first unit is free
    assert payments(s, 0, "wonder", "Stockade") == {(1, 2)}  # 1 + 1 - 1 on the left


def test_clandestine_dock_east_first_purchase_on_the_right_with_the_marketplace() -> None:
    s = new_game("Giza", "Olympia", "Babylon")
    s = give(s, 2, "Stone Pit", "Loom")  # the right neighbour sells stone and loom
    s = give(s, 0, "Marketplace")
    s = set_coins(s, 1, 0, 0)
    s = deal(s, 1, 1, {0: ["Clandestine Dock East"]})
    play(s, {0: build("Clandestine Dock East")})
    s = set_coins(s, 5, 0, 0)
    s = deal(s, 2, 2, {0: ["Library", "Apothecary", "Stockade"]})
    # the rulebook's example: loom 0 and stone 2, or stone 1 and loom 1
    assert payments(s, 0, "build", "Library") == {(0, 2)}
    assert payments(s, 0, "build", "Apothecary") == {(0, 0)}  # loom: 1 - 1
    assert payments(s, 0, "build", "Stockade") == {(2, 0)}  # the left side is untouched
    s = give(s, 0, "East Trading Post")
    assert payments(s, 0, "build", "Library") == {(0, 1)}


def test_clandestine_dock_once_a_turn_for_babylons_extra_card_too() -> None:
    s = new_game("Babylon", "Olympia", "Giza", sides="B")
    s = give_stages(s, 0, 2)  # Babylon B: the last card of the Age is played too
    s = give(s, 0, "Clandestine Dock West")
    s = give(s, 1, "Ore Vein")
    s = deal(s, 1, s.turns_per_age, {0: ["Stockade", "Barracks"]})
    assert payments(s, 0, "build", "Stockade") == {(1, 0)}
    play_turn(s, {0: build("Stockade", left=1)})
    assert s.phase == "extra_card"
    assert payments(s, 0, "build", "Barracks") == {(2, 0)}


def test_dock_made_free_purchase_still_uses_the_dock_for_the_turn() -> None:
    # Babylon B plays its 8th card too. The dock and the West Trading Post make the first
    # wood bought on the left cost 0: the dock is used, so the extra card pays 1 for it.
    state = new_game("Babylon", "Olympia", "Giza", sides="B")
    state = give_stages(state, 0, 2)
    state = give(state, 0, "Clandestine Dock West", "West Trading Post")
    state = give(state, 1, "Ore Vein")
    state = set_turn(state, 1, 7, {0: ["Stockade", "Barracks"]})
    assert payments(state, 0, "build", "Stockade") == {(0, 0)}
    play_turn(state, {0: build("Stockade")})
    assert state.phase == "extra_card"
    assert payments(state, 0, "build", "Barracks") == {(1, 0)}


def test_a_dock_not_needed_for_a_payment_stays_unused() -> None:
    # Wood bought on the right only: the west dock is still fresh for the extra card.
    state = new_game("Babylon", "Olympia", "Giza", sides="B")
    state = give_stages(state, 0, 2)
    state = give(state, 0, "Clandestine Dock West")
    state = give(state, 1, "Ore Vein")
    state = give(state, 2, "Lumber Yard")
    state = set_coins(state, 6, 3, 3)
    state = set_turn(state, 1, 7, {0: ["Stockade", "Barracks"]})
    assert payments(state, 0, "build", "Stockade") == {(1, 0), (0, 2)}
    play_turn(state, {0: build("Stockade", 0, 2)})
    assert payments(state, 0, "build", "Barracks") == {(1, 0)}  # ore on the left: 2 - 1


def test_olympia_b_raw_discount_stacks_with_a_clandestine_dock() -> None:
    state = new_game("Olympia", "Giza", "Rhodes", sides="B")
    state = give_stages(state, 0, 1)  # raw materials for 1 coin on both sides
    state = give(state, 0, "Clandestine Dock West")
    state = deal(state, 1, 1, {0: ["Stockade", "Barracks"]})
    assert payments(state, 0, "build", "Stockade") == {(0, 0)}  # Giza's stone: 1 - 1
    assert payments(state, 0, "build", "Barracks") == {(0, 1)}  # Rhodes' ore: no dock east


def test_secret_warehouse_one_more_of_a_resource_the_board_brown_or_grey_produce() -> None:
    s = new_game("Giza", "Olympia", "Babylon")  # nobody else has stone
    s = give(s, 0, "Loom", "Tree Farm")
    s = give(s, 1, "Ore Vein")
    s = set_coins(s, 2, 0, 0)
    s = deal(s, 1, 1, {0: ["Secret Warehouse"]})
    play(s, {0: build("Secret Warehouse")})
    assert s.cities[0].coins == 0
    s = set_coins(s, 5, 5, 5)
    s = deal(s, 2, 2, {0: ["Library", "Aqueduct", "Archery Range"]})
    assert payments(s, 0, "build", "Library") == {(0, 0)}  # stone, stone (warehouse), loom
    assert payments(s, 0, "build", "Aqueduct") == set()  # one more unit, not two
    # an either/or brown card counts with both options: wood from the Tree Farm and the
    # warehouse, only the ore bought
    assert payments(s, 0, "build", "Archery Range") == {(2, 0)}
    # never sold: seat 1 cannot buy the second stone from seat 0
    s = deal(s, 2, 2, {1: ["Library"]})
    s = give(s, 1, "Loom")
    assert payments(s, 1, "build", "Library") == set()


@pytest.mark.parametrize("source", ["Caravansery", "stage"])
def test_secret_warehouse_ignores_yellow_cards_and_wonder_stages(source: str) -> None:
    s = new_game("Alexandria", "Giza", "Olympia")  # Alexandria A's 2nd stage: W/S/O/C
    s = give(s, 0, "Secret Warehouse", "Loom")
    s = give_stages(s, 0, 2) if source == "stage" else give(s, 0, source)
    s = deal(s, 2, 1, {0: ["Library"]})  # stone, stone, loom: one stone must be bought
    assert payments(s, 0, "build", "Library") == {(2, 0)}


def test_black_market_one_resource_the_city_does_not_produce() -> None:
    s = new_game("Giza", "Olympia", "Babylon")  # no glass, no stone next door
    s = give(s, 0, "Ore Vein", "Loom")
    s = deal(s, 2, 1, {0: ["Black Market", "Workshop", "Library"]})
    assert payments(s, 0, "build", "Workshop") == set()
    play(s, {0: build("Black Market")})
    s = deal(s, 2, 2, {0: ["Workshop", "Library"], 1: ["Workshop"]})
    assert payments(s, 0, "build", "Workshop") == {(0, 0)}
    assert payments(s, 0, "build", "Library") == set()  # stone is produced: not from it
    assert payments(s, 1, "build", "Workshop") == set()  # never sold to a neighbour


def test_black_market_counts_yellow_resources_as_not_produced() -> None:
    s = new_game("Olympia", "Giza", "Babylon")
    s = give(s, 0, "Black Market", "Forum")  # Forum: glass, loom or papyrus
    s = deal(s, 3, 1, {0: ["Study"]})  # wood (board), loom (Forum), papyrus (Black Market)
    assert free(s, 0, "build", "Study")


def test_black_market_produces_nothing_when_all_seven_are_produced() -> None:
    s = new_game("Giza", "Olympia", "Babylon")
    s = give(s, 0, "Black Market", "Lumber Yard", "Clay Pool", "Ore Vein")
    s = give(s, 0, "Glassworks", "Loom", "Press")
    s = deal(s, 2, 1, {0: ["Library", "Dispensary"]})
    assert payments(s, 0, "build", "Library") == set()  # the second stone: nowhere
    assert payments(s, 0, "build", "Dispensary") == set()  # the second ore: nowhere


# ---------------------------------------------------------------- wonders


def test_architect_cabinet_from_the_next_turn_stages_need_no_resources() -> None:
    s = new_game("Petra", "Alexandria", "Halicarnassus")  # nobody has wood or stone
    s = give(s, 0, "Press")
    s = set_coins(s, 8, 0, 0)
    s = deal(s, 2, 1, {0: ["Architect Cabinet"]})
    assert payments(s, 0, "wonder", "Architect Cabinet") == set()
    play(s, {0: build("Architect Cabinet")})
    assert s.cities[0].coins == 7
    s = deal(s, 2, 2, {0: ["Altar"]})
    assert payments(s, 0, "wonder", "Altar") == {(0, 0)}  # wood and stone: not needed
    play(s, {0: wonder("Altar")})
    s = set_coins(s, 6, 0, 0)
    s = deal(s, 2, 3, {0: ["Altar"]})
    assert payments(s, 0, "wonder", "Altar") == set()  # Petra's 7 coins are still paid
    s = set_coins(s, 7, 0, 0)
    play(s, {0: wonder("Altar")})
    assert s.cities[0].coins == 0
    s = deal(s, 2, 4, {0: ["Altar"]})
    play(s, {0: wonder("Altar")})  # wood, stone, stone, papyrus: free
    assert s.cities[0].stages == 3
    assert score(s, 0)["wonder"] == 3 + 7 + 7 and score(s, 0)["cities"] == 2


def test_architect_cabinet_built_on_the_last_turn_frees_babylons_extra_stage() -> None:
    state = new_game("Babylon", "Ephesus", "Rhodes", sides="B")
    state = give_stages(state, 0, 2)
    state = give(state, 0, "Press")
    state = set_coins(state, 1, 3, 3)
    state = set_turn(state, 2, state.turns_per_age, {0: ["Architect Cabinet", "Altar"]})
    assert payments(state, 0, "wonder", "Altar") == set()
    play_turn(state, {0: build("Architect Cabinet")})
    assert state.phase == "extra_card"
    assert payments(state, 0, "wonder", "Altar") == {(0, 0)}
    state.apply(0, wonder("Altar"))
    assert state.cities[0].stages == 3


STAGES = {  # board, side -> [(coins, resources, points, diplomacy)]
    ("Petra", "A"): [
        (0, {"wood": 1, "stone": 1}, 3, 0),
        (7, {}, 7, 0),
        (0, {"wood": 1, "stone": 2, "papyrus": 1}, 7, 0),
    ],
    ("Petra", "B"): [(0, {"clay": 2, "ore": 2}, 3, 0), (14, {}, 14, 0)],
    ("Byzantium", "A"): [
        (0, {"clay": 1, "ore": 1}, 3, 0),
        (0, {"wood": 2, "papyrus": 1}, 2, 1),
        (0, {"clay": 2, "glass": 1, "loom": 1}, 7, 0),
    ],
    ("Byzantium", "B"): [
        (0, {"wood": 1, "ore": 1, "glass": 1, "papyrus": 1}, 3, 1),
        (0, {"clay": 1, "ore": 2, "loom": 1}, 4, 1),
    ],
}


def test_petra_and_byzantium_stages_match_the_reference() -> None:
    catalog = cat()
    assert catalog.wonder_named("Petra").produces == RESOURCES.index("clay")
    assert catalog.wonder_named("Byzantium").produces == RESOURCES.index("stone")
    for (name, side), rows in STAGES.items():
        stages = catalog.wonder_named(name).sides[side]
        found = [(st.coins, st.cost, st.points, st.diplomacy) for st in stages]
        assert found == [(c, vector(r), p, d) for c, r, p, d in rows], (name, side)


def stage_step(s: ClassicState, turn: int, need: Mapping[str, int], board: str) -> ClassicState:
    """Stage the next wonder stage on ``turn``: not free before the city has ``need`` (less
    its board's resource), free after, then built. Returns the state it was built in."""
    s = deal(s, s.age, turn, {0: ["Altar"]})
    assert not free(s, 0, "wonder", "Altar")
    s = units(s, 0, {r: n - (r == board) for r, n in need.items()})
    assert free(s, 0, "wonder", "Altar")
    play(s, {0: wonder("Altar")})
    return s


def test_petra_a_three_stages_the_second_seven_coins_to_the_bank() -> None:
    s = new_game("Petra", "Alexandria", "Halicarnassus")
    s = set_coins(s, 0, 0, 0)
    s = stage_step(s, 1, {"wood": 1, "stone": 1}, "clay")
    s = set_coins(s, 6, 0, 0)
    s = deal(s, 1, 2, {0: ["Altar"]})
    assert payments(s, 0, "wonder", "Altar") == set()
    s = set_coins(s, 7, 0, 0)
    assert payments(s, 0, "wonder", "Altar") == {(0, 0)}
    play(s, {0: wonder("Altar")})
    assert [c.coins for c in s.cities] == [0, 3, 3]  # to the bank, not the neighbours
    s = stage_step(s, 3, {"wood": 1, "stone": 2, "papyrus": 1}, "clay")
    assert s.cities[0].stages == 3 and score(s, 0)["wonder"] == 3 + 7 + 7


def test_petra_b_first_stage_every_other_city_loses_two_second_fourteen_coins() -> None:
    s = new_game("Petra", "Alexandria", "Halicarnassus", "Ephesus", sides="B")
    s = set_coins(s, 5, 3, 0, 1)
    s = deal(s, 1, 1, {0: ["Altar"], 2: ["Altar"]})
    s = units(s, 0, {"clay": 1, "ore": 2})  # with the board's clay: clay, clay, ore, ore
    assert free(s, 0, "wonder", "Altar")
    play_turn(s, {0: wonder("Altar"), 2: build("Altar")})
    assert s.cities[2].debt == 2  # no coins: debt without a decision
    assert cities(s).owed == {1: 2, 3: 2}  # Petra never loses; every other city does
    settle(s, {1: 2, 3: 1})
    assert [c.coins for c in s.cities] == [5, 4, 0, 3]
    assert [c.debt for c in s.cities] == [0, 0, 2, 1]
    s = set_coins(s, 13, 0, 0, 0)
    s = deal(s, 1, 2, {0: ["Altar"]})
    assert payments(s, 0, "wonder", "Altar") == set()
    s = set_coins(s, 14, 0, 0, 0)
    play(s, {0: wonder("Altar")})
    assert s.cities[0].coins == 0
    assert score(s, 0)["wonder"] == 3 + 14


def test_byzantium_a_stages_the_second_gives_diplomacy() -> None:
    s = new_game("Byzantium", "Giza", "Olympia")  # seats 1 and 2 fight once when 0 is away
    s = give(s, 1, "Stockade")
    s = stage_step(s, 1, {"clay": 1, "ore": 1}, "stone")
    assert s.cities[0].diplomacy == 0
    s = stage_step(s, s.turns_per_age, {"wood": 2, "papyrus": 1}, "stone")
    assert s.age == 2 and tokens(s) == [[], [1], [-1]]  # the token was spent in Age I
    s = stage_step(s, 1, {"clay": 2, "glass": 1, "loom": 1}, "stone")
    assert score(s, 0)["wonder"] == 3 + 2 + 7


def test_byzantium_b_two_stages_two_diplomacy_tokens_two_conflicts_away() -> None:
    s = new_game("Byzantium", "Giza", "Olympia", sides="B")
    s = give(s, 1, "Stockade")
    s = stage_step(s, 1, {"wood": 1, "ore": 1, "glass": 1, "papyrus": 1}, "stone")
    s = stage_step(s, 2, {"clay": 1, "ore": 2, "loom": 1}, "stone")
    assert s.cities[0].diplomacy == 2 and score(s, 0)["wonder"] == 3 + 4
    s = end_age(s, 1)
    assert s.cities[0].diplomacy == 1 and tokens(s) == [[], [1], [-1]]
    s = end_age(s, 2)
    assert s.cities[0].diplomacy == 0 and tokens(s) == [[], [1, 3], [-1, -1]]


# ---------------------------------------------------------------- masks


def test_pigeon_loft_copies_a_symbol_the_city_already_has() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 0, "Workshop")
    s = give(s, 1, "Workshop")
    s = set_coins(s, 1, 0, 0)
    s = deal(s, 1, 1, {0: ["Pigeon Loft"]})
    assert score(s, 0)["science"] == 1
    play(s, {0: build("Pigeon Loft")})
    assert s.cities[0].coins == 0
    assert score(s, 0)["science"] == 4  # two gears
    assert score(s, 0)["cities"] == 0


def test_spy_ring_copies_the_best_neighbour_symbol() -> None:
    s = new_game(*W3)
    s = give(s, 0, "Clay Pool", "Apothecary", "Workshop")
    s = give(s, 1, "Apothecary")  # a compass: 4 + 1 = 5
    s = give(s, 2, "Scriptorium")  # a tablet: a set, 3 + 7 = 10
    s = set_coins(s, 2, 0, 0)
    s = deal(s, 2, 1, {0: ["Spy Ring"]})
    play(s, {0: build("Spy Ring")})
    assert s.cities[0].coins == 0
    assert score(s, 0)["science"] == 10


def test_torture_chamber_two_masks_copy_the_same_card_on_both_sides() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 0, "Ore Vein", "Glassworks", "Pigeon Loft")
    s = give(s, 1, "Workshop")
    s = give(s, 2, "Workshop")
    s = set_coins(s, 3, 0, 0)
    s = deal(s, 3, 1, {0: ["Torture Chamber"]})
    play(s, {0: build("Torture Chamber")})
    assert s.cities[0].coins == 0 and s.cities[0].masks == 2
    assert score(s, 0)["science"] == 4  # two gears


def test_masks_copy_distinct_cards_and_nothing_when_there_is_nothing() -> None:
    s = new_game(*W3)
    s = give(s, 0, "Pigeon Loft", "Spy Ring")
    assert score(s, 0)["science"] == 0  # no green card next door
    s = give(s, 2, "Apothecary")  # the rulebook's example: one compass on the right
    assert score(s, 0)["science"] == 1  # the second mask copies nothing
    s = give(s, 1, "Apothecary", "Dispensary")  # two compass cards on the left
    assert score(s, 0)["science"] == 4
    s = give(s, 2, "Workshop")
    assert score(s, 0)["science"] == 4  # still two masks: the two best copies


def test_olympia_b_copies_the_scientists_guild_together_with_its_masks() -> None:
    state = new_game("Olympia", "Giza", "Rhodes", sides="B")
    state = give_stages(state, 0, 3)
    state = give(state, 0, "Apothecary", "Workshop", "Pigeon Loft")  # compass, gear, mask
    state = give(state, 1, "Scientists Guild", "Scriptorium")  # a tablet to copy
    # the mask takes the tablet: 1+1+1+7 = 10; the copied wildcard: 4+1+1+7 = 13
    assert score(state, 0)["science"] == 10 and score(state, 0)["guilds"] == 3


# ---------------------------------------------------------------- guilds


def test_guild_of_shadows_one_point_per_black_card_of_both_neighbours() -> None:
    s = new_game(*W4)
    s = give(s, 0, "Lumber Yard", "Stone Pit", "Press", "Gates of the City")  # own: not counted
    s = give(s, 1, "Militia", "Hideout")
    s = give(s, 2, "Tabularium")  # not a neighbour
    s = give(s, 3, "Lair")
    s = deal(s, 3, 1, {0: ["Guild of Shadows"]})
    play(s, {0: build("Guild of Shadows")})
    assert score(s, 0)["guilds"] == 3


def test_mourners_guild_one_point_per_neighbour_victory_token_value_ignored() -> None:
    s = new_game("Olympia", "Giza", "Babylon", "Rhodes")
    s = give(s, 0, "Brickyard", "Glassworks", "Loom")
    s = set_tokens(s, 0, 5)  # own: not counted
    s = set_tokens(s, 1, 1, 3, -1)
    s = set_tokens(s, 2, 5, 5)  # not a neighbour
    s = set_tokens(s, 3, 5)
    s = deal(s, 3, 1, {0: ["Mourners Guild"]})
    play(s, {0: build("Mourners Guild")})
    assert score(s, 0)["guilds"] == 3


def test_olympia_b_copies_a_cities_guild_from_its_own_point_of_view() -> None:
    state = new_game("Olympia", "Giza", "Rhodes", "Ephesus", sides="B")
    state = give_stages(state, 0, 3)
    state = give(state, 1, "Guild of Shadows", "Hideout", "Militia")
    state = give(state, 3, "Residence", "Gambling Den", "Secret Warehouse")  # seat 0's right
    assert score(state, 0)["guilds"] == 5  # 2 + 3 black cards next to Olympia
    assert score(state, 1)["guilds"] == 0  # Giza's neighbours: none
    other = new_game("Olympia", "Giza", "Rhodes", sides="B")
    other = give_stages(other, 0, 3)
    other = give(other, 1, "Counterfeiters Guild")
    assert score(other, 0)["guilds"] == 5 and score(other, 0)["debt"] == 0
