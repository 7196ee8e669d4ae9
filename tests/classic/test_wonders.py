"""Every wonder stage on both sides of the 7 boards, and the boards' powers and their timing.

The costs are the printed boards' (shared/reference/classic-base.md) and the effects the
rulebook's ("Описание Чудес Света"), written here independently of data/wonders.toml.
"""

from __future__ import annotations

import random

import pytest

from tests.classic.scenario import (
    assert_illegal,
    build,
    card,
    clear_discard,
    coins,
    deal,
    discard_names,
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
from wonders.classic.actions import Action
from wonders.classic.state import ClassicState
from wonders.classic.state import from_json as state_from_json

RAW, GOOD = "raw", "good"  # one raw material / one manufactured good of choice, each turn
SCIENCE, EXTRA, DISCARD = "science", "play_last_card", "build_from_discard"
FREE, DISCOUNT, COPY = "free_build_per_age", "raw_discount", "copy_guild"

BOARD = {
    "Alexandria": "glass",
    "Babylon": "clay",
    "Ephesus": "papyrus",
    "Giza": "stone",
    "Halicarnassus": "loom",
    "Olympia": "wood",
    "Rhodes": "ore",
}

# per stage: (cost, victory points, coins when built, shields, special)
Stage = tuple[dict[str, int], int, int, int, str | None]
STAGES: dict[tuple[str, str], list[Stage]] = {
    ("Alexandria", "A"): [
        ({"stone": 2}, 3, 0, 0, None),
        ({"ore": 2}, 0, 0, 0, RAW),
        ({"glass": 2}, 7, 0, 0, None),
    ],
    ("Alexandria", "B"): [
        ({"clay": 2}, 0, 0, 0, RAW),
        ({"wood": 2}, 0, 0, 0, GOOD),
        ({"stone": 3}, 7, 0, 0, None),
    ],
    ("Babylon", "A"): [
        ({"clay": 2}, 3, 0, 0, None),
        ({"wood": 3}, 0, 0, 0, SCIENCE),
        ({"clay": 4}, 7, 0, 0, None),
    ],
    ("Babylon", "B"): [
        ({"clay": 1, "loom": 1}, 3, 0, 0, None),
        ({"wood": 2, "glass": 1}, 0, 0, 0, EXTRA),
        ({"clay": 3, "papyrus": 1}, 0, 0, 0, SCIENCE),
    ],
    ("Ephesus", "A"): [
        ({"stone": 2}, 3, 0, 0, None),
        ({"wood": 2}, 0, 9, 0, None),
        ({"papyrus": 2}, 7, 0, 0, None),
    ],
    ("Ephesus", "B"): [
        ({"stone": 2}, 2, 4, 0, None),
        ({"wood": 2}, 3, 4, 0, None),
        ({"glass": 1, "papyrus": 1, "loom": 1}, 5, 4, 0, None),
    ],
    ("Giza", "A"): [
        ({"stone": 2}, 3, 0, 0, None),
        ({"wood": 3}, 5, 0, 0, None),
        ({"stone": 4}, 7, 0, 0, None),
    ],
    ("Giza", "B"): [
        ({"wood": 2}, 3, 0, 0, None),
        ({"stone": 3}, 5, 0, 0, None),
        ({"clay": 3}, 5, 0, 0, None),
        ({"stone": 4, "papyrus": 1}, 7, 0, 0, None),
    ],
    ("Halicarnassus", "A"): [
        ({"clay": 2}, 3, 0, 0, None),
        ({"ore": 3}, 0, 0, 0, DISCARD),
        ({"loom": 2}, 7, 0, 0, None),
    ],
    ("Halicarnassus", "B"): [
        ({"ore": 2}, 2, 0, 0, DISCARD),
        ({"clay": 3}, 1, 0, 0, DISCARD),
        ({"glass": 1, "papyrus": 1, "loom": 1}, 0, 0, 0, DISCARD),
    ],
    ("Olympia", "A"): [
        ({"wood": 2}, 3, 0, 0, None),
        ({"stone": 2}, 0, 0, 0, FREE),
        ({"ore": 2}, 7, 0, 0, None),
    ],
    ("Olympia", "B"): [
        ({"wood": 2}, 0, 0, 0, DISCOUNT),
        ({"stone": 2}, 5, 0, 0, None),
        ({"ore": 2, "loom": 1}, 0, 0, 0, COPY),
    ],
    ("Rhodes", "A"): [
        ({"wood": 2}, 3, 0, 0, None),
        ({"clay": 3}, 0, 0, 2, None),
        ({"ore": 4}, 7, 0, 0, None),
    ],
    ("Rhodes", "B"): [
        ({"stone": 3}, 3, 3, 1, None),
        ({"ore": 4}, 4, 4, 1, None),
    ],
}
CASES = [(w, side, k) for (w, side), stages in sorted(STAGES.items()) for k in range(len(stages))]

SINGLE = {"wood": "Lumber Yard", "stone": "Stone Pit", "clay": "Clay Pool", "ore": "Ore Vein"}
DOUBLE = {"wood": "Sawmill", "stone": "Quarry", "clay": "Brickyard", "ore": "Foundry"}
GREY = {"glass": "Glassworks", "loom": "Loom", "papyrus": "Press"}
# cards needing one unit of one resource: what a city can pay with no coins shows what it makes
PROBE = {
    "wood": "Stockade",
    "stone": "Baths",
    "clay": "Guard Tower",
    "ore": "Barracks",
    "glass": "Workshop",
    "loom": "Apothecary",
    "papyrus": "Scriptorium",
}


def producers(need: dict[str, int], board: str, free_raw: int, free_good: int) -> list[str]:
    """Cards making exactly ``need`` with the board's unit and stage choices already owned."""
    out = []
    for res, n in need.items():
        n -= 1 if res == board else 0
        if res in GREY:
            n, free_good = n - min(n, free_good), free_good - min(n, free_good)
            assert n <= 1, (res, n)
            out += [GREY[res]] * n
        else:
            n, free_raw = n - min(n, free_raw), free_raw - min(n, free_raw)
            out += {0: [], 1: [SINGLE[res]], 2: [DOUBLE[res]], 3: [SINGLE[res], DOUBLE[res]]}[n]
    return out


def neighbours(wonder_name: str) -> list[str]:
    """The left and right neighbours' boards in ``stage_game``: raw materials only."""
    return [w for w in ("Rhodes", "Giza", "Olympia", "Babylon") if w != wonder_name][:2]


def stage_game(wonder_name: str, side: str, built: int, need: dict[str, int]) -> ClassicState:
    """The board with ``built`` stages and exactly ``need`` in production; no coins."""
    s = new_game(wonder_name, *neighbours(wonder_name), sides=[side, "A", "A"])
    s = give_stages(s, 0, built)
    earlier = [st[4] for st in STAGES[(wonder_name, side)][:built]]
    s = give(s, 0, *producers(need, BOARD[wonder_name], earlier.count(RAW), earlier.count(GOOD)))
    s = set_coins(s, 0, 3, 3)
    s = set_hand(s, 0, "Pawnshop", "Altar")
    return s


@pytest.mark.parametrize(("wonder_name", "side", "index"), CASES)
def test_wonder_stage_costs_exactly_the_printed_resources(
    wonder_name: str, side: str, index: int
) -> None:
    cost = STAGES[(wonder_name, side)][index][0]
    s = stage_game(wonder_name, side, index, cost)
    assert payments(s, 0, "wonder", "Pawnshop") == {(0, 0)}
    for res, n in cost.items():
        if res == BOARD[wonder_name] and n == 1:
            continue  # the board's own unit is always there
        short = stage_game(wonder_name, side, index, {**cost, res: n - 1})
        assert payments(short, 0, "wonder", "Pawnshop") == set(), f"one {res} short"


@pytest.mark.parametrize(("wonder_name", "side", "index"), CASES)
def test_wonder_stage_does_what_the_rulebook_says(wonder_name: str, side: str, index: int) -> None:
    cost, points, stage_coins, shields, special = STAGES[(wonder_name, side)][index]
    s = stage_game(wonder_name, side, index, cost)
    made = {BOARD[wonder_name], *cost}  # what the city makes besides the stage choices
    specials = [st[4] for st in STAGES[(wonder_name, side)][: index + 1]]  # built by now
    before = (score(s, 0), s.cities[0].shields)
    s = set_hand(s, 1, "Palace", "Altar")
    s = set_hand(s, 2, "Pantheon", "Altar")
    play_turn(s, {0: wonder("Pawnshop"), 1: sell("Palace"), 2: sell("Pantheon")})
    city = s.cities[0]
    assert city.stages == index + 1
    assert city.coins == stage_coins
    assert city.shields - before[1] == shields
    after = score(s, 0)
    assert after["wonder"] - before[0]["wonder"] == points
    assert after["science"] - before[0]["science"] == (1 if special == SCIENCE else 0)
    # Halicarnassus: a build from the discard pile (Palace and Pantheon were just sold)
    assert (s.phase == "discard_build") == (special == DISCARD)
    if special == DISCARD:
        assert offered(s, 0, "discard_build") == {"Palace", "Pantheon"}
        s.apply(0, Action("skip"))
    assert s.phase == "draft" and s.turn == 2
    # raw materials / goods of choice: with no coins the city now pays what it did not make
    s = set_coins(s, 0, 3, 3)
    s = set_hand(s, 0, *PROBE.values())
    for res, probe in PROBE.items():
        if res in made:
            continue
        expected = (RAW in specials and res in SINGLE) or (GOOD in specials and res in GREY)
        assert (payments(s, 0, "build", probe) == {(0, 0)}) == expected, res
    # Olympia A: a free build once per Age
    s = set_hand(s, 0, "Palace", "Altar")
    assert ("Palace" in offered(s, 0, "free_build")) == (FREE in specials)
    # Olympia B: the neighbours' raw materials (their boards') for 1 coin instead of 2
    s = set_coins(s, 9, 3, 3)
    s = set_hand(s, 0, *PROBE.values())
    price = 1 if DISCOUNT in specials else 2
    left, right = (BOARD[w] for w in neighbours(wonder_name))
    for res, pay in ((left, (price, 0)), (right, (0, price))):
        if res not in made and RAW not in specials:
            assert payments(s, 0, "build", PROBE[res]) == {pay}, res


def test_all_stages_points_add_up_per_board() -> None:
    for (wonder_name, side), stages in STAGES.items():
        others = [w for w in ("Rhodes", "Giza", "Olympia") if w != wonder_name][:2]
        s = new_game(wonder_name, *others, sides=[side, "A", "A"])
        s = give_stages(s, 0, len(stages))
        assert score(s, 0)["wonder"] == sum(st[1] for st in stages), (wonder_name, side)
        s = set_hand(s, 0, "Altar", "Theater")
        assert offered(s, 0, "wonder") == set(), "a stage is built only once"


def test_stages_are_built_in_order() -> None:
    # Giza B: 2 wood ; 3 stone ; ... With 3 stone and no wood, no stage can be built.
    s = new_game("Giza", "Rhodes", "Babylon", sides="B")
    s = give(s, 0, "Quarry")
    s = set_coins(s, 0, 3, 3)
    s = set_hand(s, 0, "Altar", "Theater")
    assert payments(s, 0, "wonder", "Altar") == set()
    s = give_stages(s, 0, 1)
    assert payments(s, 0, "wonder", "Altar") == {(0, 0)}


def test_giza_b_has_four_stages_worth_twenty() -> None:
    s = new_game("Giza", "Rhodes", "Babylon", sides="B")
    s = give(s, 0, "Sawmill", "Quarry", "Stone Pit", "Brickyard", "Clay Pool", "Press")
    s = set_coins(s, 0, 0, 0)
    for turn in range(4):
        s = deal(s, {0: ["Altar", "Theater"]})
        play_turn(s, {0: wonder("Altar")})
        assert s.cities[0].stages == turn + 1
    assert score(s, 0)["wonder"] == 3 + 5 + 5 + 7
    s = set_hand(s, 0, "Altar", "Theater")
    assert offered(s, 0, "wonder") == set()


# ---------------------------------------------------------------- Alexandria


def test_alexandria_a_raw_material_of_choice_one_a_turn() -> None:
    s = new_game("Alexandria", "Olympia", "Babylon")
    s = give_stages(s, 0, 2)
    s = set_coins(s, 0, 3, 3)
    s = set_hand(s, 0, "Stockade", "Baths", "Guard Tower", "Barracks", "Caravansery", "Temple")
    for name in ("Stockade", "Baths", "Guard Tower", "Barracks"):
        assert payments(s, 0, "build", name) == {(0, 0)}, name
    assert payments(s, 0, "build", "Caravansery") == set()  # two wood: one only
    s = set_coins(s, 9, 3, 3)
    # Temple (wood, clay, glass): glass from the board, one of wood/clay from the stage, the
    # other bought (wood from Olympia on the left, clay from Babylon on the right)
    assert payments(s, 0, "build", "Temple") == {(2, 0), (0, 2)}


def test_alexandria_b_raw_and_good_of_choice() -> None:
    s = new_game("Alexandria", "Olympia", "Babylon", sides=["B", "A", "A"])
    s = give_stages(s, 0, 2)
    s = set_coins(s, 0, 3, 3)
    s = set_hand(s, 0, "Apothecary", "Scriptorium", "Baths", "School", "Lodge")
    assert payments(s, 0, "build", "Apothecary") == {(0, 0)}
    assert payments(s, 0, "build", "Scriptorium") == {(0, 0)}
    assert payments(s, 0, "build", "Baths") == {(0, 0)}
    assert payments(s, 0, "build", "School") == {(0, 0)}  # wood and papyrus at once
    # Lodge (2 clay, papyrus, loom): one clay and one good short with no coins
    assert payments(s, 0, "build", "Lodge") == set()


# ---------------------------------------------------------------- Ephesus, Rhodes, Babylon A


def test_ephesus_coins_arrive_after_the_turns_payments() -> None:
    # Ephesus A2 (2 wood) bought with its last 4 coins: the 9 coins come at the end of the turn
    s = new_game("Ephesus", "Olympia", "Giza")
    s = give(s, 1, "Lumber Yard")
    s = give_stages(s, 0, 1)
    s = set_coins(s, 4, 0, 0)
    s = set_hand(s, 0, "Altar", "Theater")
    s = set_hand(s, 1, "Altar", "Theater")
    s = set_hand(s, 2, "Altar", "Theater")
    assert payments(s, 0, "wonder", "Altar") == {(4, 0)}
    play_turn(s, {0: wonder("Altar", 4, 0), 1: build("Altar"), 2: build("Altar")})
    assert coins(s) == [9, 4, 0]


@pytest.mark.parametrize(("side", "stages", "tokens"), [("A", 1, [-1, -1]), ("A", 2, [1, 1])])
def test_rhodes_a_shields_count_in_the_conflicts(side: str, stages: int, tokens: list[int]) -> None:
    s = new_game("Rhodes", "Giza", "Olympia", sides=side)
    s = give(s, 1, "Stockade")
    s = give(s, 2, "Barracks")
    s = give_stages(s, 0, stages)
    s = end_age(s, 1)
    assert s.cities[0].tokens == tokens


@pytest.mark.parametrize(("stages", "tokens"), [(1, []), (2, [1, 1])])
def test_rhodes_b_shields_count_in_the_conflicts(stages: int, tokens: list[int]) -> None:
    s = new_game("Rhodes", "Giza", "Olympia", sides="B")
    s = give(s, 1, "Stockade")
    s = give(s, 2, "Barracks")
    s = give_stages(s, 0, stages)
    s = end_age(s, 1)
    assert s.cities[0].tokens == tokens


@pytest.mark.parametrize("side", ["A", "B"])
def test_babylon_science_symbol_is_chosen_at_the_end_for_the_best_score(side: str) -> None:
    s = new_game("Babylon", "Giza", "Rhodes", sides=side)
    s = give_stages(s, 0, 3)
    s = give(s, 0, "Apothecary", "Dispensary", "Workshop")
    # compass 2, gear 1: the wildcard as tablet completes a set: 4 + 1 + 1 + 7 = 13
    assert score(s, 0)["science"] == 13
    s = give(s, 0, "Lodge", "Academy")
    # compass 4, gear 1: a fifth compass (25 + 1) beats a set (16 + 1 + 1 + 7)
    assert score(s, 0)["science"] == 26


def test_babylon_wildcard_and_scientists_guild_together() -> None:
    s = new_game("Babylon", "Giza", "Rhodes")
    s = give_stages(s, 0, 2)
    s = give(s, 0, "Scientists Guild", "Apothecary", "Workshop", "Laboratory", "Scriptorium")
    # 1/2/1 plus two wildcards: 2/2/2 = 12 + 14 = 26 beats 1/4/1 = 18 + 7 = 25
    assert score(s, 0)["science"] == 26


# ---------------------------------------------------------------- Babylon B: the 7th card


def babylon_b(stages: int) -> ClassicState:
    s = new_game("Babylon", "Giza", "Rhodes", sides="B")
    s = give_stages(s, 0, stages)
    s = clear_discard(s)
    return s


def test_babylon_b_plays_the_seventh_card() -> None:
    s = babylon_b(2)
    s = set_coins(s, 0, 3, 3)
    s = set_turn(
        s, 1, 6, {0: ["Altar", "Theater"], 1: ["Pawnshop", "Baths"], 2: ["Stockade", "Loom"]}
    )
    play_turn(s, {0: build("Altar"), 1: build("Pawnshop"), 2: sell("Stockade")})
    assert s.phase == "extra_card" and s.to_move() == [0] and s.age == 1
    assert offered(s, 0, "build") == {"Theater"}
    assert offered(s, 0, "sell") == {"Theater"}
    assert_illegal(s, 1, sell("Baths"))
    s.apply(0, build("Theater"))
    assert names(s, 0)[-2:] == ["Altar", "Theater"]
    # the others' 7th cards went to the pile without coins; Babylon's did not
    assert sorted(discard_names(s)) == ["Baths", "Loom", "Stockade"]
    assert coins(s) == [0, 3, 6]
    assert (s.age, s.turn, s.phase) == (2, 1, "draft")


def test_babylon_b_stage_built_on_the_sixth_turn_plays_the_seventh_card_at_once() -> None:
    s = babylon_b(1)
    s = give(s, 0, "Sawmill", "Glassworks")  # B2: 2 wood + glass
    s = set_coins(s, 0, 3, 3)
    s = set_turn(s, 1, 6, {0: ["Altar", "Theater"]})
    play_turn(s, {0: wonder("Altar")})
    assert s.cities[0].stages == 2
    assert s.phase == "extra_card" and s.to_move() == [0]
    s.apply(0, build("Theater"))
    assert "Theater" in names(s, 0) and s.age == 2


def test_babylon_b_seventh_card_may_be_sold_or_build_the_last_stage() -> None:
    s = babylon_b(2)
    s = give(s, 0, "Brickyard", "Press")  # B3: 3 clay + papyrus
    s = set_coins(s, 0, 3, 3)
    s = set_turn(s, 1, 6, {0: ["Altar", "Theater"], 1: ["Altar", "Baths"], 2: ["Altar", "Baths"]})
    play_turn(s, {0: build("Altar")})
    assert payments(s, 0, "wonder", "Theater") == {(0, 0)}
    assert Action("sell", "Theater") in s.legal_actions(0)
    s.apply(0, wonder("Theater"))
    assert s.cities[0].stages == 3
    assert "Theater" not in discard_names(s)
    s2 = babylon_b(2)
    s2 = set_coins(s2, 0, 3, 3)
    s2 = set_turn(s2, 1, 6, {0: ["Altar", "Theater"]})
    play_turn(s2, {0: build("Altar")})
    s2.apply(0, sell("Theater"))
    assert coins(s2)[0] == 3 and "Theater" in discard_names(s2)


@pytest.mark.parametrize("age", [2, 3])
def test_babylon_b_plays_the_seventh_card_in_every_later_age(age: int) -> None:
    s = babylon_b(2)
    s = set_turn(s, age, 6, {0: ["Altar", "Theater"]})
    play_turn(s, {0: build("Altar")})
    assert s.phase == "extra_card" and s.age == age
    s.apply(0, build("Theater"))
    assert "Theater" in names(s, 0)
    assert s.is_terminal() == (age == 3)


@pytest.mark.parametrize(("side", "stages"), [("B", 1), ("A", 3)])
def test_without_babylon_b_second_stage_the_seventh_card_is_discarded(
    side: str, stages: int
) -> None:
    s = new_game("Babylon", "Giza", "Rhodes", sides=side)
    s = give_stages(s, 0, stages)
    s = clear_discard(s)
    s = set_turn(s, 1, 6, {0: ["Altar", "Theater"]})
    play_turn(s, {0: build("Altar")})
    assert s.age == 2 and s.phase == "draft"
    assert "Theater" in discard_names(s)


def test_end_of_age_order_babylon_then_discards_then_halicarnassus() -> None:
    s = new_game("Babylon", "Halicarnassus", "Rhodes", sides=["B", "A", "A"])
    s = give_stages(s, 0, 2)
    s = give(s, 1, "Foundry", "Ore Vein")  # Halicarnassus A2: 3 ore
    s = give_stages(s, 1, 1)
    s = clear_discard(s)
    s = set_turn(
        s, 1, 6, {0: ["Altar", "Palace"], 1: ["Baths", "Theater"], 2: ["Lodge", "Stockade"]}
    )
    play_turn(s, {0: build("Altar"), 1: wonder("Baths"), 2: sell("Lodge")})
    # 1. Babylon's extra card, before any 7th card is discarded
    assert (s.phase, s.to_move()) == ("extra_card", [0])
    assert discard_names(s) == ["Lodge"]
    s.apply(0, sell("Palace"))
    # 2. the 7th cards are discarded, 3. Halicarnassus chooses among all of them
    assert (s.phase, s.to_move()) == ("discard_build", [1])
    assert offered(s, 1, "discard_build") == {"Lodge", "Palace", "Theater", "Stockade"}
    s.apply(1, Action("discard_build", "Theater"))  # its own 7th card
    assert "Theater" in names(s, 1)
    assert (s.age, s.phase) == (2, "draft")


def test_babylons_built_seventh_card_is_not_in_the_pile_for_halicarnassus() -> None:
    s = new_game("Babylon", "Halicarnassus", "Rhodes", sides=["B", "A", "A"])
    s = give_stages(s, 0, 2)
    s = give(s, 1, "Foundry", "Ore Vein")
    s = give_stages(s, 1, 1)
    s = clear_discard(s)
    s = set_turn(
        s, 1, 6, {0: ["Altar", "Theater"], 1: ["Baths", "Pawnshop"], 2: ["Lodge", "Stockade"]}
    )
    play_turn(s, {0: build("Altar"), 1: wonder("Baths"), 2: sell("Lodge")})
    s.apply(0, build("Theater"))
    assert offered(s, 1, "discard_build") == {"Lodge", "Pawnshop", "Stockade"}


# ---------------------------------------------------------------- Halicarnassus


def halicarnassus(side: str = "A") -> ClassicState:
    """Halicarnassus (seat 0) ready to build its discard-pile stage; an empty pile."""
    s = new_game("Halicarnassus", "Rhodes", "Giza", sides=side)
    if side == "A":
        s = give(s, 0, "Foundry", "Ore Vein")  # A2: 3 ore
        s = give_stages(s, 0, 1)
    else:
        s = give(s, 0, "Foundry")  # B1: 2 ore
    s = clear_discard(s)
    s = set_coins(s, 0, 3, 3)
    return s


def test_halicarnassus_builds_free_from_cards_discarded_earlier_and_this_turn() -> None:
    s = halicarnassus()
    s = set_hand(s, 0, "Altar", "Baths", "Theater")
    s = set_hand(s, 1, "Tavern", "Palace", "Theater")
    s = set_hand(s, 2, "Clay Pit", "Loom", "Theater")
    play_turn(s, {0: build("Altar")})  # turn 1: Tavern and Clay Pit sold
    s = set_hand(s, 0, "Baths", "Theater")
    s = set_hand(s, 1, "Palace", "Theater")
    s = set_hand(s, 2, "Altar", "Theater")
    play_turn(s, {0: wonder("Baths")})  # turn 2: Palace and Altar sold this very turn
    assert (s.phase, s.to_move()) == ("discard_build", [0])
    # Altar: a name the city has is never offered
    assert offered(s, 0, "discard_build") == {"Tavern", "Clay Pit", "Palace"}
    assert s.turn == 2  # the build happens at the end of the stage's turn
    s.apply(0, Action("discard_build", "Palace"))
    assert "Palace" in names(s, 0)
    assert coins(s)[0] == 0  # no coins paid for it
    assert sorted(discard_names(s)) == ["Altar", "Clay Pit", "Tavern"]
    assert (s.phase, s.turn) == ("draft", 3)


def test_halicarnassus_discard_build_pays_no_coin_cost_and_gets_coin_effects() -> None:
    s = halicarnassus("B")
    s = set_coins(s, 0, 3, 3)
    s = set_hand(s, 0, "Baths", "Theater")
    s = set_hand(s, 1, "Tavern", "Theater")
    s = set_hand(s, 2, "Clay Pit", "Theater")
    play_turn(s, {0: wonder("Baths")})
    assert offered(s, 0, "discard_build") == {"Tavern", "Clay Pit"}
    s.apply(0, Action("discard_build", "Tavern"))
    assert coins(s)[0] == 5


def test_halicarnassus_picks_only_at_the_end_of_a_turn_a_stage_was_built() -> None:
    s = halicarnassus("B")
    s = set_hand(s, 0, "Baths", "Theater", "Pawnshop")
    s = set_hand(s, 1, "Tavern", "Palace", "Pawnshop")
    s = set_hand(s, 2, "Clay Pit", "Senate", "Pawnshop")
    play_turn(s, {0: wonder("Baths")})
    s.apply(0, Action("discard_build", "Tavern"))
    s = set_hand(s, 0, "Theater", "Pawnshop")
    s = set_hand(s, 1, "Palace", "Pawnshop")
    s = set_hand(s, 2, "Senate", "Pawnshop")
    play_turn(s, {0: build("Theater")})  # Palace and Senate sold, but no stage this turn
    assert (s.phase, s.turn) == ("draft", 3)
    assert sorted(discard_names(s)) == ["Clay Pit", "Palace", "Senate"]


def test_halicarnassus_may_take_a_discarded_coin_cost_card_without_the_coin() -> None:
    s = halicarnassus("B")
    s = set_coins(s, 0, 3, 3)
    s = set_hand(s, 0, "Baths", "Theater")
    s = set_hand(s, 1, "Clay Pit", "Theater")
    s = set_hand(s, 2, "Altar", "Theater")
    play_turn(s, {0: wonder("Baths"), 2: build("Altar")})
    s.apply(0, Action("discard_build", "Clay Pit"))
    assert "Clay Pit" in names(s, 0) and coins(s)[0] == 0


def test_halicarnassus_with_an_empty_pile_does_nothing() -> None:
    s = halicarnassus()
    s = set_hand(s, 0, "Baths", "Theater")
    s = set_hand(s, 1, "Altar", "Theater")
    s = set_hand(s, 2, "Altar", "Theater")
    play_turn(s, {0: wonder("Baths"), 1: build("Altar"), 2: build("Altar")})
    assert s.cities[0].stages == 2
    assert (s.phase, s.turn) == ("draft", 2)


def test_halicarnassus_is_not_offered_names_it_already_has() -> None:
    # the pile holds only an Age II Loom and an Altar; the city has an Age I Loom and an Altar
    s = halicarnassus()
    s = give(s, 0, "Loom", "Altar")
    s = set_hand(s, 0, "Baths", "Theater")
    s = set_hand(s, 1, card("Loom", 2), "Theater")
    s = set_hand(s, 2, "Altar", "Theater")
    play_turn(s, {0: wonder("Baths"), 1: sell("Loom"), 2: sell("Altar")})
    assert sorted(discard_names(s)) == ["Altar", "Loom"]
    assert (s.phase, s.turn) == ("draft", 2)  # nothing to offer: nothing happens


def test_halicarnassus_may_decline() -> None:
    s = halicarnassus()
    s = set_hand(s, 0, "Baths", "Theater")
    s = set_hand(s, 1, "Palace", "Theater")
    s = set_hand(s, 2, "Altar", "Theater")
    play_turn(s, {0: wonder("Baths"), 2: build("Altar")})
    assert Action("skip") in s.legal_actions(0)
    s.apply(0, Action("skip"))
    assert discard_names(s) == ["Palace"] and (s.phase, s.turn) == ("draft", 2)


def test_halicarnassus_on_the_sixth_turn_picks_among_the_seventh_cards() -> None:
    s = halicarnassus()
    s = set_turn(s, 1, 6, {0: ["Baths", "Theater"], 1: ["Altar", "Palace"], 2: ["Altar", "Senate"]})
    play_turn(s, {0: wonder("Baths"), 1: build("Altar"), 2: build("Altar")})
    assert offered(s, 0, "discard_build") == {"Theater", "Palace", "Senate"}
    s.apply(0, Action("discard_build", "Senate"))
    assert "Senate" in names(s, 0) and s.age == 2


def test_a_red_card_built_from_the_pile_on_the_sixth_turn_counts_in_that_ages_conflict() -> None:
    s = halicarnassus()
    s = give(s, 1, "Stockade")  # the left neighbour has 1 shield
    s = set_turn(s, 1, 6, {0: ["Baths", "Theater"], 1: ["Altar", "Palace"], 2: ["Walls", "Senate"]})
    play_turn(s, {0: wonder("Baths"), 1: build("Altar"), 2: sell("Walls")})
    s.apply(0, Action("discard_build", "Walls"))
    assert s.age == 2
    assert s.cities[0].tokens == [1, 1]


def test_only_halicarnassus_gets_the_pick() -> None:
    s = halicarnassus()
    s = set_hand(s, 0, "Baths", "Theater")
    s = set_hand(s, 1, "Palace", "Theater")
    s = set_hand(s, 2, "Altar", "Theater")
    play_turn(s, {0: wonder("Baths"), 2: build("Altar")})
    assert s.to_move() == [0]
    assert_illegal(s, 1, Action("discard_build", "Palace"))
    assert_illegal(s, 0, Action("discard_build", "Pantheon"))  # not in the pile


def test_end_of_age_sub_decisions_survive_json_round_trips_and_sampling() -> None:
    s = new_game("Babylon", "Halicarnassus", "Rhodes", sides=["B", "A", "A"])
    s = give_stages(s, 0, 2)
    s = give(s, 1, "Foundry", "Ore Vein")
    s = give_stages(s, 1, 1)
    s = set_turn(s, 1, 6, {0: ["Altar", "Palace"], 1: ["Baths", "Theater"]})
    play_turn(s, {0: build("Altar"), 1: wonder("Baths")})
    for phase, seat in (("extra_card", 0), ("discard_build", 1)):
        assert s.phase == phase
        copy = state_from_json(s.to_json())
        assert copy.to_json() == s.to_json()
        assert copy.legal_actions(seat) == s.legal_actions(seat)
        world = s.sample_world(seat, random.Random(1))
        assert world.to_move() == [seat]
        s.apply(seat, s.legal_actions(seat)[0])
    assert s.age == 2


# ---------------------------------------------------------------- Olympia A


def test_olympia_a_builds_one_card_free_once_per_age() -> None:
    s = new_game("Olympia", "Rhodes", "Giza")
    s = give_stages(s, 0, 1)
    s = set_coins(s, 0, 3, 3)
    s = set_hand(s, 0, "Palace", "Altar", "Pantheon")
    assert offered(s, 0, "free_build") == set()  # not before the second stage
    s = give_stages(s, 0, 1)
    assert offered(s, 0, "free_build") == {"Palace", "Pantheon"}  # Altar is free anyway
    s = set_hand(s, 1, "Altar", "Theater", "Pawnshop")
    s = set_hand(s, 2, "Altar", "Theater", "Pawnshop")
    play_turn(s, {0: Action("free_build", "Palace"), 1: build("Altar"), 2: build("Altar")})
    assert "Palace" in names(s, 0)
    assert coins(s) == [0, 3, 3]
    s = set_hand(s, 0, "Pantheon", "Senate")
    assert offered(s, 0, "free_build") == set()  # used this Age
    assert_illegal(s, 0, Action("free_build", "Pantheon"))
    # the last turn of Age I: still used; Age II: available again
    s = set_turn(s, 1, 6, {0: ["Pantheon", "Theater"]})
    assert offered(s, 0, "free_build") == set()
    play_turn(s, {0: build("Theater")})
    assert s.age == 2
    s = set_hand(s, 0, "Pantheon", "Senate", "Palace")
    assert offered(s, 0, "free_build") == {"Pantheon", "Senate"}  # not a second Palace
    play_turn(s, {0: Action("free_build", "Senate")})
    s = set_hand(s, 0, "Pantheon", "Town Hall")
    assert offered(s, 0, "free_build") == set()


def test_olympia_a_unused_power_gives_still_one_free_build_in_the_next_age() -> None:
    s = new_game("Olympia", "Rhodes", "Giza")
    s = give_stages(s, 0, 2)
    s = set_coins(s, 0, 3, 3)
    hand = ["Palace", "Pantheon", "Senate", "Town Hall", "Altar", "Theater", "Baths"]
    s = set_turn(s, 2, 1, {0: hand})
    play_turn(s, {0: Action("free_build", "Palace")})
    assert offered(s, 0, "free_build") == set()


def test_olympia_a_free_build_skips_a_coin_cost() -> None:
    s = new_game("Olympia", "Rhodes", "Giza")
    s = give_stages(s, 0, 2)
    s = set_coins(s, 0, 3, 3)
    s = set_hand(s, 0, "Clay Pit", "Altar")
    assert payments(s, 0, "build", "Clay Pit") == set()
    play_turn(s, {0: Action("free_build", "Clay Pit")})
    assert "Clay Pit" in names(s, 0) and coins(s)[0] == 0


def test_olympia_a_free_build_gets_the_cards_coins() -> None:
    # Arena built free: 3 coins per stage of its owner's, as when it is paid for
    s = new_game("Olympia", "Rhodes", "Giza")
    s = give_stages(s, 0, 2)
    s = set_coins(s, 0, 3, 3)
    s = set_turn(s, 3, 1, {0: ["Arena", "Haven", "Altar", "Theater", "Baths", "Pawnshop", "Loom"]})
    assert payments(s, 0, "build", "Arena") == set()
    play_turn(s, {0: Action("free_build", "Arena")})
    assert "Arena" in names(s, 0)
    assert coins(s)[0] == 3 * 2
    assert score(s, 0)["commerce"] == 2


@pytest.mark.parametrize(("side", "stages"), [("B", 3), ("A", 1)])
def test_no_free_build_without_olympia_a_second_stage(side: str, stages: int) -> None:
    s = new_game("Olympia", "Rhodes", "Giza", sides=side)
    s = give_stages(s, 0, stages)
    s = set_hand(s, 0, "Palace", "Altar")
    assert offered(s, 0, "free_build") == set()
    assert_illegal(s, 0, Action("free_build", "Palace"))


# ---------------------------------------------------------------- Olympia B: copy a guild


def olympia_b(table: tuple[str, ...] = ("Olympia", "Rhodes", "Giza")) -> ClassicState:
    s = new_game(*table, sides=["B"] + ["A"] * (len(table) - 1))
    s = give_stages(s, 0, 3)
    return s


def test_olympia_b_copies_the_best_neighbour_guild_from_its_own_point_of_view() -> None:
    s = olympia_b()
    # Spies Guild on the left: for Olympia, red cards of Rhodes (left) and Giza (right)
    s = give(s, 1, "Spies Guild", "Barracks")
    s = give(s, 2, "Walls", "Arsenal", "Stockade")
    # Magistrates Guild on the right: blue cards around Olympia
    s = give(s, 2, "Magistrates Guild", "Altar")
    s = give(s, 1, "Baths")
    assert score(s, 0)["guilds"] == 4  # Spies: 1 + 3 red beats Magistrates: 2 blue
    s = give(s, 1, "Theater", "Pawnshop", "Palace")
    assert score(s, 0)["guilds"] == 5  # now Magistrates: 4 + 1 blue
    assert score(s, 0)["wonder"] == 5


def test_olympia_b_copy_needs_the_third_stage() -> None:
    s = new_game("Olympia", "Rhodes", "Giza", sides="B")
    s = give_stages(s, 0, 2)
    s = give(s, 1, "Spies Guild", "Barracks")
    assert score(s, 0)["guilds"] == 0


def test_olympia_b_copy_changes_nothing_for_the_guilds_owner() -> None:
    s = olympia_b()
    s = give(s, 1, "Spies Guild", "Barracks")
    s = give(s, 2, "Walls")
    assert score(s, 0)["guilds"] == 2  # Rhodes' Barracks and Giza's Walls around Olympia
    assert score(s, 1)["guilds"] == 1  # the owner still scores its own: Giza's Walls


def test_olympia_b_copies_only_from_its_two_neighbours() -> None:
    s = olympia_b(("Olympia", "Rhodes", "Giza", "Babylon"))
    s = give(s, 2, "Spies Guild")  # opposite
    s = give(s, 1, "Walls")
    assert score(s, 0)["guilds"] == 0


def test_olympia_b_with_no_guild_around_copies_nothing() -> None:
    s = olympia_b()
    s = give(s, 1, "Walls", "Altar")
    assert score(s, 0)["guilds"] == 0


def test_olympia_b_copied_scientists_guild_is_a_science_wildcard() -> None:
    s = olympia_b()
    s = give(s, 0, "Apothecary", "Workshop")
    s = give(s, 1, "Scientists Guild")
    total = sum(score(s, 0).values())
    assert total == 5 + (1 + 1 + 1 + 7) + 3 // 3  # wonder, science with the wildcard, coins


def test_olympia_b_copied_shipowners_guild_counts_itself() -> None:
    s = olympia_b()
    s = give(s, 0, "Lumber Yard", "Loom")
    s = give(s, 1, "Shipowners Guild")
    assert score(s, 0)["guilds"] == 2 + 1


def test_olympia_b_copied_strategists_guild_counts_olympias_neighbours_defeats() -> None:
    s = olympia_b(("Olympia", "Rhodes", "Giza", "Babylon"))
    s = give(s, 1, "Strategists Guild")
    s = set_tokens(s, 0, -1, -1, -1)  # Olympia's own: not counted
    s = set_tokens(s, 1, -1)
    s = set_tokens(s, 2, -1, -1, -1, -1)  # opposite: not counted
    s = set_tokens(s, 3, -1, -1)
    assert score(s, 0)["guilds"] == 3


def test_olympia_b_copied_builders_guild_counts_olympias_stages_and_neighbours() -> None:
    s = olympia_b(("Olympia", "Rhodes", "Giza", "Babylon"))
    s = give(s, 3, "Builders Guild")
    s = give_stages(s, 1, 1)
    s = give_stages(s, 2, 3)  # opposite: not counted
    s = give_stages(s, 3, 2)
    assert score(s, 0)["guilds"] == 3 + 1 + 2


def test_olympia_b_does_not_copy_a_guild_it_has() -> None:
    # two buildings of one name never stand in a city: the other neighbour's guild is taken
    s = olympia_b()
    s = give(s, 0, "Spies Guild")
    s = give(s, 1, "Spies Guild", "Walls", "Arsenal")
    s = give(s, 2, "Workers Guild", "Lumber Yard")
    assert score(s, 0)["guilds"] == 2 + 1
