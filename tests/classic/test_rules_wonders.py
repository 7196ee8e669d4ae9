"""Every wonder stage on both sides, and the powers' timings (RULES-NOTES)."""

from __future__ import annotations

import pytest

from tests.classic.helpers import build, coins, game, hand, payments, play, stages
from wonders.classic.actions import Action
from wonders.classic.cards import RESOURCES, catalog

# (wonder, side): (board resource, number of stages, wonder points when all are built)
BOARDS = {
    ("Alexandria", "A"): ("glass", 3, 10),
    ("Alexandria", "B"): ("glass", 3, 7),
    ("Babylon", "A"): ("clay", 3, 10),
    ("Babylon", "B"): ("clay", 3, 3),
    ("Ephesus", "A"): ("papyrus", 3, 10),
    ("Ephesus", "B"): ("papyrus", 3, 2 + 3 + 5),
    ("Giza", "A"): ("stone", 3, 3 + 5 + 7),
    ("Giza", "B"): ("stone", 4, 3 + 5 + 5 + 7),
    ("Halicarnassus", "A"): ("loom", 3, 10),
    ("Halicarnassus", "B"): ("loom", 3, 2 + 1),
    ("Olympia", "A"): ("wood", 3, 10),
    ("Olympia", "B"): ("wood", 3, 5),
    ("Rhodes", "A"): ("ore", 3, 10),
    ("Rhodes", "B"): ("ore", 2, 3 + 4),
}


def to_last_turn(s) -> None:  # type: ignore[no-untyped-def]
    for _ in range(5):
        play(s, {})
    assert s.turn == 6


@pytest.mark.parametrize(("wonder", "side"), sorted(BOARDS))
def test_board_resource_stage_count_and_points(wonder: str, side: str) -> None:
    resource, count, points = BOARDS[(wonder, side)]
    w = catalog().wonder_named(wonder)
    assert RESOURCES[w.produces] == resource
    assert len(w.sides[side]) == count
    others = [x for x in ("Rhodes", "Giza", "Olympia", "Babylon") if x != wonder][:2]
    s = game(wonder, *others, sides=side)
    stages(s, 0, count)
    assert s.score_breakdown(0)["wonder"] == points


def test_stages_are_built_in_order_with_the_board_cost() -> None:
    # Giza B: 2 wood ; 3 stone ; 3 clay ; 4 stone + papyrus. With only stone, stage 1 needs wood.
    s = game("Giza", "Rhodes", "Babylon", sides="B")
    build(s, 0, "Quarry", "Stone Pit")  # 4 stone in all
    coins(s, 0, 3, 3)
    hand(s, 0, "Altar", "Baths")
    assert payments(s, 0, "wonder", "Altar") == []  # first stage needs wood, nobody sells it
    stages(s, 0, 1)
    assert payments(s, 0, "wonder", "Altar") == [(0, 0)]  # 3 stone: own


def test_ephesus_coins_when_the_stage_is_built() -> None:
    s = game("Ephesus", "Rhodes", "Giza")
    build(s, 0, "Lumber Yard", "Timber Yard")
    stages(s, 0, 1)
    coins(s, 0, 3, 3)
    hand(s, 0, "Altar", "Baths")
    play(s, {0: Action("wonder", "Altar")})  # A2: 2 wood, 9 coins
    assert s.cities[0].coins == 9
    s2 = game("Ephesus", "Rhodes", "Giza", sides="B")
    build(s2, 0, "Stone Pit", "Quarry")
    coins(s2, 0, 3, 3)
    hand(s2, 0, "Altar", "Baths")
    play(s2, {0: Action("wonder", "Altar")})  # B1: 2 stone, 4 coins and 2 VP
    assert s2.cities[0].coins == 4
    assert s2.score_breakdown(0)["wonder"] == 2


def test_rhodes_shields_count_in_conflicts() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    stages(s, 0, 2)  # A2: 2 shields
    assert s.cities[0].shields == 2
    s.age = 1
    s._conflicts()
    assert s.cities[0].tokens == [1, 1]
    b = game("Rhodes", "Giza", "Olympia", sides="B")
    build(b, 0, "Quarry", "Stone Pit")  # 3 stone for B1
    coins(b, 0, 3, 3)
    hand(b, 0, "Altar", "Baths")
    play(b, {0: Action("wonder", "Altar")})  # B1: 1 shield, 3 coins, 3 VP
    assert (b.cities[0].shields, b.cities[0].coins) == (1, 3)
    assert b.score_breakdown(0)["wonder"] == 3


def test_alexandria_choices_serve_its_owner_only() -> None:
    s = game("Alexandria", "Rhodes", "Giza", sides="B")
    stages(s, 0, 2)  # B1: a raw material, B2: a manufactured good, each turn
    coins(s, 0, 3, 3)
    hand(s, 0, "Baths", "Apothecary", "Lodge")
    assert payments(s, 0, "build", "Baths") == [(0, 0)]  # stone of its own choice
    assert payments(s, 0, "build", "Apothecary") == [(0, 0)]  # loom of its own choice
    # Lodge (2 clay, papyrus, loom): one raw and one good from the stages, not two of each
    assert payments(s, 0, "build", "Lodge") == []


def test_babylon_science_wildcard() -> None:
    s = game("Babylon", "Rhodes", "Giza")
    build(s, 0, "Apothecary", "Workshop")
    stages(s, 0, 2)
    assert s.score_breakdown(0)["science"] == 1 + 1 + 1 + 7


def test_babylon_b_plays_its_seventh_card() -> None:
    s = game("Babylon", "Giza", "Rhodes", sides="B")
    stages(s, 0, 2)
    to_last_turn(s)
    hand(s, 0, "Altar", "Theater")
    discards = len(s.discard)
    play(s, {0: Action("build", "Altar")})
    assert s.phase == "extra_card" and s.to_move() == [0]
    assert Action("build", "Theater") in s.legal_actions(0)
    s.apply(0, Action("build", "Theater"))
    assert s.age == 2
    assert {"Altar", "Theater"} <= {c.name for c in s.cities[0].cards}
    assert len(s.discard) == discards + 2 + 2  # two sales on turn 6, two 7th cards


def test_babylon_b_stage_built_on_the_sixth_turn_works_at_once() -> None:
    s = game("Babylon", "Giza", "Rhodes", sides="B")
    build(s, 0, "Sawmill", "Glassworks")
    stages(s, 0, 1)
    to_last_turn(s)
    hand(s, 0, "Altar", "Theater")
    coins(s, 0, 0, 0)
    play(s, {0: Action("wonder", "Altar")})  # B2: 2 wood + glass: own
    assert s.phase == "extra_card"
    s.apply(0, Action("sell", "Theater"))
    assert s.cities[0].coins == 3 and s.age == 2


def test_order_babylon_then_discards_then_halicarnassus() -> None:
    s = game("Babylon", "Halicarnassus", "Rhodes", sides=["B", "A", "A"])
    stages(s, 0, 2)
    build(s, 1, "Foundry", "Ore Vein")  # 3 ore for Halicarnassus A2
    stages(s, 1, 1)
    to_last_turn(s)
    hand(s, 0, "Altar", "Palace")
    hand(s, 1, "Baths", "Theater")
    hand(s, 2, "Lodge", "Stockade")
    play(s, {0: Action("build", "Altar"), 1: Action("wonder", "Baths"), 2: Action("sell", "Lodge")})
    assert s.to_move() == [0] and s.phase == "extra_card"
    s.apply(0, Action("sell", "Palace"))
    assert s.to_move() == [1] and s.phase == "discard_build"
    offered = {a.card for a in s.legal_actions(1)}
    # Babylon's extra sale, this turn's sale and both 7th cards are all in the pile
    assert {"Palace", "Lodge", "Theater", "Stockade"} <= offered
    s.apply(1, Action("discard_build", "Palace"))
    assert "Palace" in {c.name for c in s.cities[1].cards}
    assert s.age == 2


def test_halicarnassus_skips_names_it_has_and_may_decline() -> None:
    s = game("Halicarnassus", "Rhodes", "Giza")
    build(s, 0, "Foundry", "Ore Vein", "Altar")
    stages(s, 0, 1)
    hand(s, 0, "Baths", "Theater")
    hand(s, 1, "Altar", "Theater")
    hand(s, 2, "Stockade", "Theater")
    play(s, {0: Action("wonder", "Baths"), 1: Action("sell", "Altar")})
    assert s.phase == "discard_build"
    offered = {a.card for a in s.legal_actions(0) if a.kind == "discard_build"}
    assert offered == {"Stockade"}  # Altar: the city has one
    coins_before = s.cities[0].coins
    s.apply(0, Action("skip"))
    assert s.phase == "draft" and s.turn == 2
    assert s.cities[0].coins == coins_before


def test_halicarnassus_on_an_empty_pile_does_nothing() -> None:
    s = game("Halicarnassus", "Rhodes", "Giza")
    build(s, 0, "Foundry", "Ore Vein")
    stages(s, 0, 1)
    hand(s, 0, "Baths", "Theater")
    hand(s, 1, "Altar", "Theater")
    hand(s, 2, "Altar", "Theater")
    play(
        s, {0: Action("wonder", "Baths"), 1: Action("build", "Altar"), 2: Action("build", "Altar")}
    )
    assert s.phase == "draft" and s.turn == 2


def test_halicarnassus_builds_for_free_with_coin_effects() -> None:
    s = game("Halicarnassus", "Rhodes", "Giza", sides="B")
    build(s, 0, "Ore Vein", "Foundry")  # B1: 2 ore
    coins(s, 0, 3, 3)
    hand(s, 0, "Baths", "Theater")
    hand(s, 1, "Tavern", "Theater")
    play(s, {0: Action("wonder", "Baths"), 1: Action("sell", "Tavern")})
    s.apply(0, Action("discard_build", "Tavern"))
    assert s.cities[0].coins == 5
    assert s.score_breakdown(0)["wonder"] == 2


def test_olympia_a_builds_free_once_per_age() -> None:
    s = game("Olympia", "Rhodes", "Giza")
    stages(s, 0, 2)
    coins(s, 0, 3, 3)
    hand(s, 0, "Palace", "Altar")
    assert Action("free_build", "Palace") in s.legal_actions(0)
    assert Action("free_build", "Altar") not in s.legal_actions(0)  # free anyway
    play(s, {0: Action("free_build", "Palace")})
    assert "Palace" in {c.name for c in s.cities[0].cards} and s.cities[0].coins == 0
    hand(s, 0, "Pantheon", "Altar")
    assert not [a for a in s.legal_actions(0) if a.kind == "free_build"]
    s.age = 2
    s._legal.clear()
    assert Action("free_build", "Pantheon") in s.legal_actions(0)


def test_olympia_b_copies_the_best_neighbour_guild() -> None:
    s = game("Olympia", "Rhodes", "Giza", sides="B")
    stages(s, 0, 3)
    build(s, 1, "Magistrates Guild", "Altar", "Baths", "Theater")
    build(s, 2, "Spies Guild", "Barracks")
    # Magistrates from Olympia's point of view: 3 blue around it; Spies: 1 red
    breakdown = s.score_breakdown(0)
    assert breakdown["guilds"] == 3
    assert breakdown["wonder"] == 5
    build(s, 0, "Magistrates Guild")  # a guild it has cannot be copied: Spies then
    assert s.score_breakdown(0)["guilds"] == 3 + 1


def test_halicarnassus_with_only_names_it_has_in_the_pile_does_nothing() -> None:
    s = game("Halicarnassus", "Rhodes", "Giza")
    build(s, 0, "Foundry", "Ore Vein", "Altar")
    stages(s, 0, 1)
    hand(s, 0, "Baths", "Theater")
    hand(s, 1, "Altar", "Theater")
    hand(s, 2, "Altar", "Theater")
    play(s, {0: Action("wonder", "Baths"), 1: Action("sell", "Altar"), 2: Action("build", "Altar")})
    assert [c.name for c in s.discard] == ["Altar"]
    assert s.phase == "draft" and s.turn == 2


def test_sub_decisions_survive_json_round_trips_and_sampling() -> None:
    import random

    from wonders.classic.state import from_json as state_from_json

    s = game("Babylon", "Halicarnassus", "Rhodes", sides=["B", "A", "A"])
    stages(s, 0, 2)
    build(s, 1, "Foundry", "Ore Vein")
    stages(s, 1, 1)
    to_last_turn(s)
    hand(s, 0, "Altar", "Palace")
    hand(s, 1, "Baths", "Theater")
    play(s, {0: Action("build", "Altar"), 1: Action("wonder", "Baths")})
    for phase, seat in (("extra_card", 0), ("discard_build", 1)):
        assert s.phase == phase
        copy = state_from_json(s.to_json())
        assert copy.to_json() == s.to_json()
        assert copy.legal_actions(seat) == s.legal_actions(seat)
        world = s.sample_world(seat, random.Random(1))
        assert world.to_move() == [seat]
        s.apply(seat, s.legal_actions(seat)[0])
    assert s.age == 2


def test_caravansery_and_forum_serve_their_owner() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    build(s, 0, "Caravansery", "Forum")
    coins(s, 0, 3, 3)
    hand(s, 0, "Baths", "Scriptorium", "Temple")
    assert payments(s, 0, "build", "Baths") == [(0, 0)]
    assert payments(s, 0, "build", "Scriptorium") == [(0, 0)]
    # Temple: wood, clay, glass: Caravansery one raw, Forum the glass, and the other raw
    # bought: wood from Olympia on the right (clay is sold by nobody)
    assert payments(s, 0, "build", "Temple") == []  # no coins
    coins(s, 2, 3, 3)
    assert payments(s, 0, "build", "Temple") == [(0, 2)]
