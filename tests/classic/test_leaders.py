"""Leaders: the draft, the recruitment, every leader, the 4 guilds, Roma and the FAQ (seeds/002)."""

from __future__ import annotations

import random

import pytest

from tests.classic.parts import leaders
from tests.classic.scenario import (
    add_discard,
    at,
    card,
    city,
    give,
    give_stages,
    leader_hand,
    leaders_at,
    play_turn,
    ref,
    saved,
    sell,
    set_hand,
)
from wonders.classic.actions import Action
from wonders.classic.cards import leaders_catalog
from wonders.classic.state import ClassicState, setup
from wonders.core.errors import OptionsError


def leader(name: str):  # type: ignore[no-untyped-def]
    return leaders_catalog().by_name[name.lower()][0]


def lcard(name: str):  # type: ignore[no-untyped-def]
    return leaders_catalog().by_name[name.lower()][0]


def lgame(*wonders: str, sides: str = "A", seed: int = 0) -> ClassicState:
    opts = {"players": len(wonders), "wonders": list(wonders), "sides": sides}
    return setup({**opts, "expansions": ["leaders"]}, seed)


def draft_all(state: ClassicState) -> None:
    while state.phase == "leader_draft":
        for p in state.to_move():
            state.apply(p, state.legal_actions(p)[0])


def to_age_one(*wonders: str, sides: str = "A") -> ClassicState:
    """Draft, then everyone sells a leader in the recruitment: Age I, turn 1."""
    state = lgame(*wonders, sides=sides)
    draft_all(state)
    for p in state.to_move():
        state.apply(p, next(a for a in state.legal_actions(p) if a.kind == "sell"))
    assert state.phase == "draft" and state.turn == 1
    return state


def recruit(state: ClassicState, seat: int, *names: str) -> ClassicState:
    """Leaders already recruited by ``seat`` (their lasting effects on)."""
    return city(state, seat, leaders=[*saved(state)["cities"][seat]["leaders"], *names])


def points(state: ClassicState, seat: int) -> dict[str, int]:
    return state.score_breakdown(seat)


W3 = ("Giza", "Ephesus", "Rhodes")


# ---------------------------------------------------------------- options and setup


def test_options_name_expansions() -> None:
    with pytest.raises(OptionsError, match="unknown expansion"):
        setup({"players": 3, "expansions": ["armada"]}, 0)
    with pytest.raises(OptionsError, match="8 players need the Cities"):
        setup({"players": 8, "expansions": ["leaders"]}, 0)


def test_six_starting_coins_and_four_leaders_each_drafted_to_the_right() -> None:
    state = lgame(*W3)
    assert [c.coins for c in state.cities] == [6, 6, 6]
    assert [len(p) for p in leaders(state).packets] == [4, 4, 4]
    first = list(leaders(state).packets[1])
    for p in state.to_move():
        state.apply(p, Action("draft", leaders(state).packets[p][0].name))
    assert leaders(state).packets[0] == first[1:]  # seat 1's packet went to its right (seat 0)
    assert state.view(0)["pass_to"] == "right"  # the view says where the leaders go
    draft_all(state)
    assert [len(h) for h in leaders(state).hands] == [4, 4, 4]
    assert state.phase == "recruit" and state.age == 1 and len(leaders(state).box) == 36 - 12


def test_two_player_exchange_draft_and_no_leaders_for_the_free_city() -> None:
    state = setup({"players": 2, "expansions": ["leaders"]}, 3)
    first = list(leaders(state).packets[1])
    for p in state.to_move():
        state.apply(p, Action("draft", leaders(state).packets[p][0].name))
    assert leaders(state).packets[0] == first[1:]
    draft_all(state)
    assert [len(h) for h in leaders(state).hands] == [4, 4]
    assert [c.coins for c in state.cities] == [6, 6, 3]


def test_recruitment_recruit_wonder_or_sell_to_the_box() -> None:
    state = lgame(*W3)
    draft_all(state)
    hand = [c.name for c in leaders(state).hands[0]]
    kinds = {a.kind for a in state.legal_actions(0)}
    assert kinds >= {"recruit", "sell"}
    state.apply(0, sell(hand[0]))
    for p in (1, 2):
        state.apply(p, next(a for a in state.legal_actions(p) if a.kind == "recruit"))
    assert state.cities[0].coins == 9
    assert leaders(state).box[-1].name == hand[0] and all(c.name != hand[0] for c in state.discard)
    assert len(state.cities[1].leaders) == 1
    assert state.cities[1].coins == 6 - state.cities[1].leaders[0].coins


def test_age_three_plays_one_of_two_leaders_and_returns_the_other() -> None:
    state = lgame(*W3, seed=4)
    rng = random.Random(4)
    while state.age < 3 or state.phase != "recruit":
        p = state.to_move()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    assert [len(h) for h in leaders(state).hands] == [2, 2, 2]
    box = len(leaders(state).box)
    for p in state.to_move():
        state.apply(p, next(a for a in state.legal_actions(p) if a.kind != "sell"))
    assert [len(h) for h in leaders(state).hands] == [0, 0, 0]
    assert len(leaders(state).box) == box + 3


def test_leader_hands_are_hidden() -> None:
    state = lgame(*W3)
    draft_all(state)
    view = state.view(0)
    assert view["leader_hand"] == [c.name for c in leaders(state).hands[0]]
    assert all("leader_hand" not in p for p in view["players"])
    world = state.sample_world(0, random.Random(1))
    assert leaders(world).hands[0] == leaders(state).hands[0]
    assert world.view(0)["players"] == view["players"]


# ---------------------------------------------------------------- points at the end

FLAT = [("Cleopatra", 5), ("Nefertiti", 4), ("Zenobia", 3), ("Sappho", 2)]


@pytest.mark.parametrize(("name", "value"), FLAT)
def test_flat_points(name: str, value: int) -> None:
    state = to_age_one(*W3)
    state = recruit(state, 0, name)
    assert points(state, 0)["leaders"] == value


COLOUR = [
    ("Phidias", ["Lumber Yard", "Stone Pit"], 2),
    ("Praxiteles", ["Loom", "Glassworks"], 4),
    ("Nebuchadnezzar", ["Altar", "Baths"], 2),
    ("Hypatia", ["Apothecary", "Workshop"], 2),
    ("Varro", ["Tavern", "Marketplace"], 2),
    ("Pericles", ["Stockade", "Barracks"], 4),
    ("Hiram", ["Spies Guild", "Builders Guild"], 4),
]


@pytest.mark.parametrize(("name", "cards", "value"), COLOUR)
def test_colour_count_leaders(name: str, cards: list[str], value: int) -> None:
    state = to_age_one(*W3)
    state = give(state, 0, *cards)
    state = recruit(state, 0, name)
    assert points(state, 0)["leaders"] == value


def test_amytis_alexander_midas() -> None:
    state = to_age_one(*W3)
    state = give_stages(state, 0, 1)
    state = city(state, 0, tokens=[1, 3, -1], coins=10)
    state = recruit(state, 0, "Amytis", "Alexander", "Midas")
    assert points(state, 0)["leaders"] == 2 + 2 + 3
    assert points(state, 0)["treasury"] == 3  # Midas adds to the treasury's points


def test_plato_two_of_each_colour_is_fourteen() -> None:  # FAQ
    state = to_age_one(*W3)
    state = give(state, 0, "Lumber Yard", "Stone Pit", "Loom", "Glassworks", "Altar", "Baths")
    state = give(
        state, 0, "Apothecary", "Workshop", "Tavern", "Marketplace", "Stockade", "Barracks"
    )
    state = give(state, 0, "Spies Guild", "Builders Guild")
    state = recruit(state, 0, "Plato")
    assert points(state, 0)["leaders"] == 14


def test_justinian_per_red_blue_green_set() -> None:
    state = to_age_one(*W3)
    state = give(state, 0, "Altar", "Baths", "Apothecary", "Workshop", "Stockade")
    state = recruit(state, 0, "Justinian")
    assert points(state, 0)["leaders"] == 3


def test_aristotle_and_science_leaders_symbols_count_in_both_ways() -> None:  # FAQ
    state = to_age_one(*W3)
    state = give(state, 0, "Apothecary")  # compass
    state = recruit(state, 0, "Pythagoras", "Ptolemy")  # gear, tablet: one set
    assert points(state, 0)["science"] == 3 + 7
    state = recruit(state, 0, "Euclid")  # a second compass: 4 + 1 + 1 + 7
    assert points(state, 0)["science"] == 13
    state = recruit(state, 0, "Aristotle")
    assert points(state, 0)["leaders"] == 3


def test_caesar_and_hannibal_shields() -> None:
    state = to_age_one(*W3)
    state = recruit(state, 0, "Caesar", "Hannibal")
    assert state.cities[0].shields == 3


# ---------------------------------------------------------------- recruitment costs


def recruitment(*wonders: str, sides: str = "A", hand: tuple[str, ...] = ()) -> ClassicState:
    state = lgame(*wonders, sides=sides)
    draft_all(state)
    if hand:
        state = leader_hand(state, 0, *hand)
    return state


def finish_recruitment(state: ClassicState, moves: dict[int, Action]) -> None:
    for p in state.to_move():
        state.apply(p, moves.get(p) or sell(leaders(state).hands[p][0].name))


def test_recruiting_pays_the_cost_to_the_bank_and_croesus_gives_six() -> None:
    state = recruitment(*W3, hand=("Croesus", "Caesar", "Sappho", "Nero"))
    finish_recruitment(state, {0: Action("recruit", "Croesus")})
    assert state.cities[0].coins == 6 - 1 + 6


def test_maecenas_makes_later_leaders_free() -> None:
    state = recruitment(*W3, hand=("Maecenas", "Caesar", "Sappho", "Nero"))
    finish_recruitment(state, {0: Action("recruit", "Maecenas")})
    assert state.cities[0].coins == 5
    assert leaders(state).cost(state, 0, lcard("Caesar")) == 0


def test_roma_a_leaders_cost_nothing() -> None:
    state = recruitment("Roma", "Ephesus", "Rhodes", hand=("Pericles", "Caesar", "Sappho", "Nero"))
    assert state.cities[0].fixed == (0,) * 7  # Roma produces nothing
    finish_recruitment(state, {0: Action("recruit", "Pericles")})
    assert state.cities[0].coins == 6


def test_roma_b_two_less_and_one_less_for_its_neighbours() -> None:
    state = recruitment("Roma", "Ephesus", "Rhodes", sides="B")
    assert leaders(state).cost(state, 0, lcard("Pericles")) == 4
    assert leaders(state).cost(state, 0, lcard("Sappho")) == 0
    assert leaders(state).cost(state, 1, lcard("Pericles")) == 5
    assert leaders(state).cost(state, 2, lcard("Pericles")) == 5


def test_roma_b_first_stage_draws_four_leaders_and_gives_five_coins() -> None:
    state = recruitment("Roma", "Ephesus", "Rhodes", sides="B")
    state = give(state, 0, "Lumber Yard", "Clay Pool")
    stage = next(a for a in state.legal_actions(0) if a.kind == "wonder")
    finish_recruitment(state, {0: stage})
    assert len(leaders(state).hands[0]) == 3 + 4
    assert state.cities[0].coins == 6 + 5


def test_roma_b_second_stage_recruits_at_once() -> None:
    state = recruitment("Roma", "Ephesus", "Rhodes", sides="B")
    state = give_stages(state, 0, 1)
    state = give(state, 0, "Stone Pit", "Clay Pool", "Loom")
    stage = next(a for a in state.legal_actions(0) if a.kind == "wonder")
    finish_recruitment(state, {0: stage})
    assert state.phase == "recruit_now" and state.to_move() == [0]
    name = next(a.card for a in state.legal_actions(0) if a.kind == "recruit")
    state.apply(0, Action("recruit", name))
    assert [c.name for c in state.cities[0].leaders] == [name]
    assert state.phase == "draft"


def test_a_leader_can_build_a_wonder_stage() -> None:
    state = recruitment(*W3)
    state = give(state, 0, "Stone Pit")
    stage = next(a for a in state.legal_actions(0) if a.kind == "wonder")
    finish_recruitment(state, {0: stage})
    assert state.cities[0].stages == 1 and state.cities[0].buried[0].color == "white"


# ---------------------------------------------------------------- effects during the Ages


@pytest.mark.parametrize(
    ("name", "card_name"),
    [("Archimedes", "Apothecary"), ("Hammurabi", "Baths"), ("Leonidas", "Stockade")],
)
def test_cost_reductions_take_one_resource_off(name: str, card_name: str) -> None:
    state = to_age_one("Rhodes", "Giza", "Ephesus")  # Rhodes makes ore only
    state = set_hand(state, 0, card(card_name), *state.hands[0][1:])
    assert Action("build", card_name) not in state.legal_actions(0)
    state = recruit(state, 0, name)
    assert Action("build", card_name) in state.legal_actions(0)


def test_imhotep_wonder_stages_cost_one_resource_less() -> None:
    state = to_age_one(*W3)  # Giza A stage 1: 2 stone; Giza makes one
    assert not any(a.kind == "wonder" and a.left + a.right == 0 for a in state.legal_actions(0))
    state = recruit(state, 0, "Imhotep")
    assert any(a.kind == "wonder" and a.left + a.right == 0 for a in state.legal_actions(0))


def test_ramses_builds_guilds_free_of_resources() -> None:
    state = to_age_one(*W3)
    state = set_hand(state, 0, card("Spies Guild"), *state.hands[0][1:])
    state = recruit(state, 0, "Ramses")
    assert Action("build", "Spies Guild") in state.legal_actions(0)


def test_bilkis_buys_one_resource_from_the_bank_for_one_coin() -> None:
    state = to_age_one("Rhodes", "Giza", "Ephesus")
    state = set_hand(state, 0, card("Baths"), *state.hands[0][1:])
    state = recruit(state, 0, "Bilkis")
    pays = {
        (a.left, a.right, a.bank)
        for a in state.legal_actions(0)
        if a.card == "Baths" and a.kind == "build"
    }
    assert (0, 0, 1) in pays
    coins = state.cities[0].coins
    play_turn(state, {0: Action("build", "Baths", 0, 0, 1)})
    assert state.cities[0].coins == coins - 1


def test_bilkis_once_a_turn_ready_again_next_turn_not_for_babylons_extra_card() -> None:
    state = to_age_one("Babylon", "Giza", "Ephesus", sides="B")
    state = give_stages(state, 0, 2)
    state = recruit(state, 0, "Bilkis")
    state = city(state, 0, coins=9)
    hands = saved(state)["hands"]
    hands = [[ref(card(n)) for n in ("Baths", "Barracks", "Stockade")], *(h[:3] for h in hands[1:])]
    state = at(state, turn=5, hands=hands)
    play_turn(state, {0: Action("build", "Baths", 0, 0, 1)})
    assert state.turn == 6
    state = set_hand(state, 0, "Barracks", "Stockade")
    assert Action("build", "Barracks", 0, 0, 1) in state.legal_actions(0)  # a new turn
    play_turn(state, {0: Action("build", "Barracks", 0, 0, 1)})
    assert state.phase == "extra_card"
    assert not any(a.bank for a in state.legal_actions(0))  # used this turn already


@pytest.mark.parametrize(
    ("left", "post", "name", "paid"),
    [
        ("Giza", None, "Baths", 2),
        ("Giza", "West Trading Post", "Baths", 1),
        ("Alexandria", "Marketplace", "Workshop", 1),
    ],
)
def test_hatshepsut_one_coin_back_per_neighbour_bought_from(
    left: str, post: str | None, name: str, paid: int
) -> None:
    # FAQ: with a Trading Post or the Marketplace she still gives the coin back
    state = to_age_one("Ephesus", left, "Rhodes")  # bought from the left neighbour
    if post:
        state = give(state, 0, post)
    state = set_hand(state, 0, card(name), *state.hands[0][1:])
    state = recruit(state, 0, "Hatshepsut")
    coins = state.cities[0].coins
    assert Action("build", name, paid, 0) in state.legal_actions(0)
    play_turn(state, {0: Action("build", name, paid, 0)})
    assert state.cities[0].coins == coins - paid + 1


def test_hatshepsut_at_most_one_coin_per_neighbour() -> None:
    state = to_age_one("Ephesus", "Giza", "Rhodes")
    state = city(state, 0, coins=20)
    state = set_hand(state, 0, card("Aqueduct"), *state.hands[0][1:])  # 3 stone: all bought left
    state = recruit(state, 0, "Hatshepsut")
    state = at(state, age=2)
    state = give(state, 1, "Quarry")
    pay = next(a for a in state.legal_actions(0) if a.card == "Aqueduct" and a.kind == "build")
    coins = state.cities[0].coins
    play_turn(state, {0: pay})
    assert state.cities[0].coins == coins - pay.left - pay.right + 1


def test_xenophon_two_coins_per_yellow_card_built_afterwards() -> None:
    state = to_age_one(*W3)
    state = set_hand(state, 0, card("Tavern"), *state.hands[0][1:])
    state = recruit(state, 0, "Xenophon")
    coins = state.cities[0].coins
    play_turn(state, {0: Action("build", "Tavern")})
    assert state.cities[0].coins == coins + 5 + 2


def test_vitruvius_two_coins_per_chain_build() -> None:
    state = to_age_one(*W3)
    state = at(state, age=2)
    state = give(state, 0, "Apothecary")
    state = set_hand(state, 0, card("Dispensary"), *state.hands[0][1:])
    state = recruit(state, 0, "Vitruvius")
    coins = state.cities[0].coins
    play_turn(state, {0: Action("build", "Dispensary")})
    assert state.cities[0].coins == coins + 2


def end_of_age(state: ClassicState) -> None:
    while state.age == 1:
        p = state.to_move()[0]
        acts = state.legal_actions(p)
        state.apply(p, next((a for a in acts if a.kind == "sell"), acts[-1]))


def test_nero_two_coins_per_victory_after_recruitment() -> None:
    state = to_age_one(*W3)
    state = recruit(state, 0, "Nero", "Caesar")
    end_of_age(state)
    wins = [e for e in state.events if e["type"] == "conflict" and e["winner"] == 0]
    assert len(wins) == 2
    assert any(e == {"type": "coins", "seat": 0, "amount": 4} for e in state.events)


def test_tomyris_gives_her_defeats_to_the_winner() -> None:
    state = to_age_one(*W3)
    state = give(state, 1, "Stockade")
    state = recruit(state, 0, "Tomyris")
    end_of_age(state)
    assert -1 not in state.cities[0].tokens
    assert sorted(state.cities[1].tokens) == [-1, 1, 1]


def test_solomon_builds_from_the_discard_pile_at_once() -> None:
    state = recruitment(*W3, hand=("Solomon", "Caesar", "Sappho", "Nero"))
    state = add_discard(state, "Baths", provenance=(1, 0, 0, 1))
    finish_recruitment(state, {0: Action("recruit", "Solomon")})
    assert state.phase == "discard_build" and state.to_move() == [0]
    state.apply(0, Action("discard_build", "Baths"))
    assert "Baths" in [c.name for c in state.cities[0].cards]


def test_halicarnassus_chooses_before_solomon_on_the_same_turn() -> None:  # FAQ
    state = recruitment(
        "Giza", "Halicarnassus", "Rhodes", hand=("Solomon", "Caesar", "Sappho", "Nero")
    )
    state = add_discard(state, "Baths", "Altar", provenance=(1, 0, 0, 2))
    state = give_stages(state, 1, 1)
    state = give(state, 1, "Ore Vein", "Forest Cave", "Mine")
    stage = next(a for a in state.legal_actions(1) if a.kind == "wonder")
    finish_recruitment(state, {0: Action("recruit", "Solomon"), 1: stage})
    assert state.phase == "discard_build" and state.to_move() == [1]
    state.apply(1, Action("discard_build", "Baths"))
    assert state.to_move() == [0]
    assert [a.card for a in state.legal_actions(0) if a.kind == "discard_build"] == ["Altar"]


# ---------------------------------------------------------------- guilds


def test_gamers_guild_one_point_per_three_coins() -> None:
    state = to_age_one(*W3)
    state = give(state, 0, lcard("Gamers Guild"))
    state = city(state, 0, coins=11)
    assert points(state, 0)["guilds"] == 3 and points(state, 0)["treasury"] == 3


def test_diplomats_guild_counts_recruited_leaders_not_copies() -> None:  # FAQ
    state = to_age_one(*W3)
    state = give(state, 0, lcard("Diplomats Guild"))
    state = recruit(state, 1, "Sappho", "Caesar")
    state = recruit(state, 2, "Nero")
    state = city(state, 2, copied="Zenobia")  # the Courtesans Guild's copy
    assert points(state, 0)["guilds"] == 3


def test_architects_guild_three_points_per_neighbour_purple() -> None:
    state = to_age_one(*W3)
    state = give(state, 0, lcard("Architects Guild"))
    state = give(state, 1, "Spies Guild")
    state = give(state, 2, "Builders Guild", "Magistrates Guild")
    assert points(state, 0)["guilds"] == 9


def test_courtesans_guild_copies_a_neighbours_leader_as_a_decision() -> None:
    state = to_age_one(*W3)
    state = at(state, age=3)
    state = recruit(state, 1, "Caesar")
    state = recruit(state, 2, "Cleopatra")
    state = give(state, 0, "Lumber Yard", "Clay Pool", "Glassworks", "Loom")
    state = set_hand(state, 0, lcard("Courtesans Guild"), *state.hands[0][1:])
    play_turn(state, {0: Action("build", "Courtesans Guild")})
    assert state.phase == "courtesan" and state.to_move() == [0]
    assert {a.card for a in state.legal_actions(0)} == {"Caesar", "Cleopatra"}
    state.apply(0, Action("copy", "Cleopatra"))
    assert points(state, 0)["guilds"] == 5
    assert points(state, 2)["leaders"] == 5  # the copied leader's owner keeps it all


def test_hiram_does_not_count_olympia_bs_copied_guild() -> None:  # FAQ
    state = to_age_one("Olympia", "Giza", "Rhodes", sides="B")
    state = give_stages(state, 0, 3)
    state = give(state, 1, "Spies Guild")
    state = give(state, 2, "Stockade")
    state = give(state, 0, "Builders Guild")
    state = recruit(state, 0, "Hiram")
    assert points(state, 0)["leaders"] == 2


def test_every_leader_is_in_the_data_with_its_cost() -> None:
    cat = leaders_catalog()
    assert len(cat.leaders) == 36
    assert {c.color for c in cat.leaders} == {"white"}
    assert lcard("Pericles").coins == 6 and lcard("Midas").coins == 3
    assert len(cat.guilds) == 14
    assert cat.wonder_named("Roma").produces == -1
    assert leader("Bilkis").to_json()["age"] is None


def test_a_leader_too_dear_is_not_offered() -> None:
    state = recruitment(*W3, hand=("Pericles", "Caesar", "Sappho", "Nero"))
    state = city(state, 0, coins=5)
    offered = {a.card for a in state.legal_actions(0) if a.kind == "recruit"}
    assert offered == {"Caesar", "Sappho", "Nero"}


def test_courtesans_guild_with_no_neighbour_leader_owes_no_choice() -> None:
    state = to_age_one(*W3)
    state = at(state, age=3)
    state = give(state, 0, "Lumber Yard", "Clay Pool", "Glassworks", "Loom")
    state = set_hand(state, 0, lcard("Courtesans Guild"), *state.hands[0][1:])
    play_turn(state, {0: Action("build", "Courtesans Guild")})
    assert state.phase == "draft" and state.cities[0].copied is None


def test_courtesans_copying_croesus_gives_the_coins_at_once() -> None:
    state = to_age_one(*W3)
    state = at(state, age=3)
    state = recruit(state, 1, "Croesus")
    state = give(state, 0, "Lumber Yard", "Clay Pool", "Glassworks", "Loom")
    state = set_hand(state, 0, lcard("Courtesans Guild"), *state.hands[0][1:])
    play_turn(state, {0: Action("build", "Courtesans Guild")})
    coins = state.cities[0].coins
    state.apply(0, Action("copy", "Croesus"))
    assert state.cities[0].coins == coins + 6


def test_roma_b_with_leaders_to_spare_chooses_the_one_sent_back_in_age_three() -> None:
    state = recruitment("Roma", "Ephesus", "Rhodes", sides="B")
    state = at(state, age=3)
    state = leader_hand(state, 0, "Caesar", "Sappho", "Nero", "Zenobia")
    state = leaders_at(state, returns=[])
    finish_recruitment(state, {0: Action("recruit", "Caesar")})
    assert state.phase == "return_leader" and state.to_move() == [0]
    state.apply(0, Action("return", "Nero"))
    assert [c.name for c in leaders(state).hands[0]] == ["Sappho", "Zenobia"]
    assert leaders(state).box[-1].name == "Nero"
    assert state.to_move() == [1]  # the others (3 leaders left in this position) choose too


def test_sampling_in_the_draft_keeps_own_packet_and_redeals_other_hands() -> None:
    state = lgame("Giza", "Ephesus", "Rhodes", "Babylon")
    for p in state.to_move():
        state.apply(p, state.legal_actions(p)[0])
    seen = set()
    for k in range(15):
        world = state.sample_world(0, random.Random(k))
        assert leaders(world).packets[0] == leaders(state).packets[0]
        assert leaders(world).hands[0] == leaders(state).hands[0]
        # seat 0 passed its packet to seat 3 (its right): seat 3 now holds exactly those
        assert leaders(world).packets[3] == leaders(state).packets[3]
        seen.add(tuple(c.name for c in leaders(world).hands[2]))
        assert world.view(0)["leader_packet"] == state.view(0)["leader_packet"]
    assert len(seen) > 1


def test_the_box_and_buried_leaders_are_hidden_from_others() -> None:
    state = recruitment(*W3)
    state = give(state, 0, "Stone Pit")
    stage = next(a for a in state.legal_actions(0) if a.kind == "wonder")
    finish_recruitment(state, {0: stage})
    buried = state.cities[0].buried[0].name
    events = state.view(1)["events"]
    assert all(e.get("card") != buried for e in events)
    assert any(e.get("card") == buried for e in state.view(0)["events"])
    worlds = {state.sample_world(1, random.Random(k)).cities[0].buried[0].name for k in range(20)}
    assert len(worlds) > 1
    assert {state.sample_world(0, random.Random(k)).cities[0].buried[0].name for k in range(5)} == {
        buried
    }
