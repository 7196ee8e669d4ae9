"""The 2-player variant (end of the base rulebook): the Free City, its deck and its controller.

Seats: player 0, player 1, the Free City (city 2). Player 0's left neighbour is player 1 and
its right neighbour the Free City; the Free City's left neighbour is player 0.
"""

from __future__ import annotations

import random

from tests.classic import cities_scenario as cities
from tests.classic.scenario import add_discard, at, city, give, give_stages, sell, set_hand
from wonders.classic.actions import Action
from wonders.classic.state import FREE_CITY, ClassicState, setup
from wonders.classic.state import from_json as state_from_json


def two(
    seed: int = 0, wonders: tuple[str, str, str] = ("Giza", "Ephesus", "Rhodes")
) -> ClassicState:
    return setup({"players": 2, "wonders": list(wonders), "sides": "A"}, seed)


def fc_actions(state: ClassicState, own: Action) -> list[Action]:
    ctrl = state.controller()
    state.apply(ctrl, own)
    return state.legal_actions(ctrl)


def test_three_cities_two_players_and_the_free_city_deck() -> None:
    state = two()
    assert state.num_players == 2 and len(state.cities) == 3
    assert state.controller() == 0  # the Free City's left neighbour holds its card in Age I
    assert [len(h) for h in state.hands] == [8, 7, 6]  # the holder drew the deck's top card
    assert sorted(state.to_move()) == [0, 1]
    assert state.cities[FREE_CITY].coins == 3


def test_the_controller_chooses_the_free_citys_card_after_their_own() -> None:
    state = two()
    own = state.hands[0][0].name
    state.apply(0, sell(own))
    assert 0 in state.to_move()
    assert state.view(0)["deciding_for"] == "free_city"
    assert all(a.card != own for a in state.legal_actions(0))  # a card of the rest of the hand
    state.apply(1, sell(state.hands[1][0].name))
    assert state.to_move() == [0]
    state.apply(0, state.legal_actions(0)[0])
    assert state.turn == 2 and state.controller() == 1
    assert [len(h) for h in state.hands] == [6, 7, 5]


def test_control_alternates_and_ages_start_as_the_rulebook_says() -> None:
    state = two()
    holders = []
    rng = random.Random(1)
    while not state.is_terminal():
        if state.phase == "draft" and state.pending == [None, None, None]:
            holders.append((state.age, state.turn, state.controller()))
        p = state.to_move()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    by_age = {age: [c for a, _, c in holders if a == age] for age in (1, 2, 3)}
    assert by_age[1] == [0, 1, 0, 1, 0, 1]
    assert by_age[2] == [1, 0, 1, 0, 1, 0]
    assert by_age[3] == [0, 1, 0, 1, 0, 1]


def test_the_free_city_pays_its_trades_from_its_own_treasury() -> None:
    state = two()
    state = set_hand(
        state,
        0,
        "Baths",
        "Altar",
        "Theater",
        "Pawnshop",
        "Apothecary",
        "Workshop",
        "Scriptorium",
        "Lumber Yard",
    )
    # the Free City (Rhodes, ore) needs stone for Baths: player 0 (Giza) sells stone
    fc = state.cities[FREE_CITY]
    acts = fc_actions(state, sell("Altar"))
    pays = {(a.left, a.right) for a in acts if a.kind == "build" and a.card == "Baths"}
    assert pays == {(2, 0)}
    state.apply(0, Action("build", "Baths", 2, 0))
    state.apply(1, sell(state.hands[1][0].name))
    assert fc.coins == 1 and "Baths" in [c.name for c in fc.cards]
    assert state.cities[0].coins == 3 + 3 + 2  # sold Altar, and the Free City's 2 coins


def test_the_free_city_sells_only_when_it_cannot_build() -> None:
    state = two()
    state = set_hand(
        state, 0, "Altar", "Baths", "Altar", "Altar", "Altar", "Altar", "Altar", "Altar"
    )
    acts = fc_actions(state, sell("Altar"))
    assert not any(a.kind == "sell" for a in acts)
    state = two()
    state = city(state, FREE_CITY, coins=0)
    state = set_hand(
        state,
        0,
        "Altar",
        "Guard Tower",
        "Guard Tower",
        "Guard Tower",
        "Guard Tower",
        "Guard Tower",
        "Guard Tower",
        "Guard Tower",
    )
    # the Free City (Rhodes, ore) cannot pay for clay without coins, nor its first stage (wood)
    acts = fc_actions(state, sell("Altar"))
    assert {a.kind for a in acts} == {"sell"}


def test_the_free_city_builds_free_by_chain_when_it_can() -> None:
    state = two()
    state = give(state, FREE_CITY, "Apothecary")
    state = set_hand(
        state, 0, "Altar", "Stables", "Baths", "Altar", "Altar", "Altar", "Altar", "Altar"
    )
    acts = fc_actions(state, sell("Altar"))
    assert [a for a in acts if a.card == "Stables"] == [Action("build", "Stables")]
    assert any(a.card == "Baths" and a.kind == "wonder" for a in acts) or any(
        a.card == "Baths" for a in acts
    )


def test_the_free_citys_last_card_is_discarded_with_the_players_seventh() -> None:
    state = two()
    rng = random.Random(3)
    while state.turn < 6 or state.phase != "draft":
        p = state.to_move()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    assert sorted(len(h) for h in state.hands[:2]) == [2, 3] and len(state.hands[2]) == 1
    before = len(state.discard)
    sold = 0
    while state.age == 1:
        p = state.to_move()[0]
        acts = state.legal_actions(p)
        act = next((a for a in acts if a.kind != "sell"), acts[0])
        sold += act.kind == "sell"
        state.apply(p, act)
    discards = [e for e in state.events if e["type"] == "discard"]
    assert len(discards) == 3  # two 7th cards and the Free City's last card
    assert len(state.discard) == before + sold + 3


def test_military_counts_three_cities() -> None:
    state = two()
    state = give(state, FREE_CITY, "Stockade")
    state = give(state, 0, "Barracks", "Guard Tower")
    state = at(state, turn=6)
    state = set_hand(state, state.controller(), "Altar", "Baths", "Theater")
    state = set_hand(state, 1 - state.controller(), "Altar", "Baths")
    state = set_hand(state, FREE_CITY, "Altar")
    while state.age == 1:
        p = state.to_move()[0]
        acts = state.legal_actions(p)
        state.apply(p, next((a for a in acts if a.kind == "sell"), acts[0]))
    assert state.cities[0].tokens == [1, 1]  # beat the Free City and player 1
    assert sorted(state.cities[FREE_CITY].tokens) == [-1, 1]  # lost to 0, beat 1
    assert state.cities[1].tokens == [-1, -1]


def test_the_result_names_the_two_players_and_keeps_the_free_citys_score_apart() -> None:
    state = two(seed=5)
    rng = random.Random(5)
    while not state.is_terminal():
        p = state.to_move()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    result = state.result()
    assert [p.seat for p in result.players] == [0, 1]
    assert len(result.to_json()["players"]) == 2
    fc = result.extra["free_city"]
    assert fc["total"] == sum(fc["breakdown"].values())
    assert set(result.winners) <= {0, 1}
    assert state_from_json(state.to_json()).result() == result


def test_views_hide_the_other_hand_and_the_free_city_deck() -> None:
    state = two()
    view = state.view(1)
    assert view["hand"] == [c.name for c in state.hands[1]]
    assert "hands" not in view and "deck" not in view["free_city"]
    assert view["free_city"]["deck_size"] == 6
    state.apply(0, sell(state.hands[0][0].name))
    state.apply(0, state.legal_actions(0)[0])
    assert state.view(1)["chosen"] is None and "free_city_chosen" not in state.view(1)


def test_sampling_keeps_what_the_player_saw_and_redeals_the_rest() -> None:
    state = two(seed=2)
    rng = random.Random(2)
    for _ in range(3):  # turn 1 and the first choices of turn 2
        p = state.to_move()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    # seat 1 passed its hand to seat 0; seat 0 (no longer controller) holds exactly it
    world_hands = set()
    for k in range(20):
        world = state.sample_world(1, random.Random(k))
        assert world.hands[1] == state.hands[1]
        assert world.view(1) == {
            **state.view(1),
            "to_move": world.view(1)["to_move"],
            "players": world.view(1)["players"],
        }
        world_hands.add(tuple(c.name for c in world.hands[FREE_CITY]))
    assert len(world_hands) > 1  # the Free City's deck is unknown to everyone


def halicarnassus_free_city() -> ClassicState:
    """The Free City is Halicarnassus B (stage 1: 2 ore, build from the discard pile) and
    produces the ore; player 0 holds the Free City card."""
    state = setup(
        {"players": 2, "wonders": ["Giza", "Ephesus", "Halicarnassus"], "sides": ["A", "A", "B"]},
        0,
    )
    state = give(state, FREE_CITY, "Ore Vein", "Forest Cave")
    state = add_discard(state, "Baths", provenance=(1, 0, 0, 1))
    state = set_hand(
        state, 0, "Altar", "Theater", "Pawnshop", "Altar", "Altar", "Altar", "Altar", "Loom"
    )
    return state


def test_halicarnassus_acts_for_the_free_city_through_its_controller() -> None:
    state = halicarnassus_free_city()
    acts = fc_actions(state, sell("Altar"))
    assert Action("wonder", "Theater") in acts
    state.apply(1, sell(state.hands[1][0].name))
    state.apply(0, Action("wonder", "Theater"))
    assert state.phase == "discard_build" and state.to_move() == [0]
    assert {"Altar", "Baths"} <= set(state.view(0)["discard"])
    state.apply(0, Action("discard_build", "Baths"))
    assert "Baths" in [c.name for c in state.cities[FREE_CITY].cards]
    assert state.turn == 2 and state.controller() == 1


def test_what_the_free_city_buries_is_secret_except_to_its_controller() -> None:
    state = halicarnassus_free_city()
    fc_actions(state, sell("Altar"))
    state.apply(1, sell(state.hands[1][0].name))
    state.apply(0, Action("wonder", "Theater"))
    mine = [e for e in state.view(0)["events"] if e["type"] == "wonder"]
    theirs = [e for e in state.view(1)["events"] if e["type"] == "wonder"]
    assert mine[-1]["card"] == "Theater" and mine[-1]["by"] == 0
    assert "card" not in theirs[-1]
    world = state.sample_world(1, random.Random(0))
    assert all("card" not in e for e in world.events if e["type"] == "wonder")


def test_the_free_city_uses_olympias_free_build_through_its_controller() -> None:
    state = setup({"players": 2, "wonders": ["Giza", "Ephesus", "Olympia"], "sides": "A"}, 0)
    state = give_stages(state, FREE_CITY, 2)
    state = set_hand(
        state, 0, "Altar", "Palace", "Pawnshop", "Altar", "Altar", "Altar", "Altar", "Loom"
    )
    acts = fc_actions(state, sell("Altar"))
    assert Action("free_build", "Palace") in acts
    assert not any(a.kind == "sell" for a in acts)


def test_the_free_city_buys_from_either_neighbour_whatever_the_price() -> None:
    """The controller decides from whom the Free City buys, not looking at the price; a
    neighbour selling at 0 (a Cities dock and a trading post) does not hide the other one."""
    state = cities.new_game("Giza", "Ephesus")
    for seat, size in ((0, 9), (1, 8)):  # seat 0 also holds the Free City's card
        names = [*(["Altar", "Stockade"] if seat == 0 else []), *["Altar", "Theater"] * 5][:size]
        state = cities.set_hand(state, seat, *names)  # known to their holder only
    state = cities.give(state, FREE_CITY, "Clandestine Dock West", "West Trading Post")
    state = cities.give(state, 0, "Lumber Yard")
    state = cities.give(state, 1, "Lumber Yard")
    state.apply(0, cities.build("Altar"))  # seat 0's own card; now it chooses for the Free City
    assert state.view(0)["deciding_for"] == "free_city"
    assert cities.payments(state, 0, "build", "Stockade") == {(0, 0), (0, 2)}
