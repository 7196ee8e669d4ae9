"""The turn: simultaneous choices, illegal actions, passing the hands, six turns an Age,
the 7th card, selling, the end of the game."""

from __future__ import annotations

from typing import Any

import pytest

from tests.classic.scenario import (
    assert_illegal,
    build,
    coins,
    discard_names,
    give,
    names,
    new_game,
    play_turn,
    sell,
    set_coins,
    set_hand,
    set_turn,
    wonder,
)
from wonders.classic.actions import Action
from wonders.core.errors import IllegalActionError

# ---------------------------------------------------------------- simultaneous choices


def test_choices_are_collected_and_nothing_resolves_until_all_are_in() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = set_hand(s, 0, "Tavern", "Altar")
    s = set_hand(s, 1, "Altar", "Theater")
    s = set_hand(s, 2, "Stone Pit", "Theater")
    before = s.to_json()
    s.apply(0, build("Tavern"))
    s.apply(2, build("Stone Pit"))
    assert s.to_move() == [1]
    after = s.to_json()
    # only the recorded choices differ: no card left a hand, no coin moved, nothing was built
    assert {k for k in before if before[k] != after[k]} == {"pending"}
    assert s.view(1)["players"][0]["chosen"] is True
    assert s.view(1)["players"][1]["chosen"] is False
    assert s.view(0)["chosen"] == {"kind": "build", "card": "Tavern"}
    assert s.view(1)["chosen"] is None  # seat 1 does not see what seat 0 chose
    s.apply(1, sell("Altar"))
    assert s.turn == 2 and s.to_move() == [0, 1, 2]
    assert coins(s) == [8, 6, 3]
    assert "Tavern" in names(s, 0) and "Stone Pit" in names(s, 2)


def test_a_seat_cannot_choose_twice_in_a_turn() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = set_hand(s, 0, "Altar", "Theater")
    s.apply(0, sell("Altar"))
    assert s.legal_actions(0) == []
    assert_illegal(s, 0, sell("Theater"))
    assert_illegal(s, 0, sell("Altar"))


def test_what_a_neighbour_chose_does_not_change_what_you_may_do() -> None:
    # seat 1 chooses to build the Stone Pit Rhodes would like to buy from: no effect yet
    s = new_game("Rhodes", "Giza", "Olympia")
    s = set_coins(s, 9, 3, 3)
    s = set_hand(s, 0, "Walls", "Altar")  # 3 stone: Giza's board sells one
    s = set_hand(s, 1, "Quarry", "Altar")
    legal = list(s.legal_actions(0))
    s.apply(1, build("Quarry"))
    assert s.legal_actions(0) == legal
    assert not [a for a in legal if a.card == "Walls" and a.kind == "build"]


# ---------------------------------------------------------------- illegal actions

ILLEGAL: list[tuple[str, Any]] = [
    ("a card not in hand", sell("Aqueduct")),
    ("a build not in hand", build("Aqueduct")),
    ("a stage with a card not in hand", wonder("Aqueduct")),
    ("an unaffordable card", build("Palace")),
    ("a stage paid too little", wonder("Altar")),
    ("a stage paid to the wrong neighbour", wonder("Palace", 2, 0)),
    ("underpaying", build("Baths")),
    ("overpaying", build("Baths", 3, 0)),
    ("paying the wrong neighbour", build("Baths", 0, 2)),
    ("a duplicate building", build("Lumber Yard")),
    ("Olympia's free build", Action("free_build", "Palace")),
    ("Halicarnassus' pick in a draft", Action("discard_build", "Altar")),
    ("Halicarnassus' skip in a draft", Action("skip")),
    ("an unknown kind", Action("steal", "Altar")),
    ("a plain string", "sell Altar"),
    ("a JSON object", {"kind": "sell", "card": "Altar"}),
    ("None", None),
]


@pytest.mark.parametrize(("what", "action"), ILLEGAL, ids=[w for w, _ in ILLEGAL])
def test_an_illegal_action_raises_and_changes_nothing(what: str, action: Any) -> None:
    # Rhodes (ore, 2 coins) between Giza (stone, left) and Olympia (wood, right)
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 0, "Lumber Yard")
    s = set_coins(s, 2, 3, 3)
    s = set_hand(s, 0, "Palace", "Baths", "Lumber Yard", "Altar")
    assert build("Baths", 2, 0) in s.legal_actions(0)  # the only way to pay for Baths
    assert_illegal(s, 0, action)


def test_an_illegal_action_after_others_chose_changes_nothing() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = set_hand(s, 0, "Palace", "Altar")
    s.apply(1, sell(s.hands[1][0].name))
    assert_illegal(s, 0, build("Palace"))
    assert s.to_move() == [0, 2]


@pytest.mark.parametrize("seat", [-1, 3, 7])
def test_a_seat_that_does_not_exist_cannot_act(seat: int) -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    assert_illegal(s, seat, sell(s.hands[0][0].name))


def test_actions_from_json_that_are_malformed_are_refused() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    bad: Any
    for bad in (
        [],
        {"kind": "build", "card": 3},
        {"kind": "build", "card": "Altar", "pay": {"left": -2}},
        {"kind": "build", "card": "Altar", "pay": {"middle": 2}},
        {"kind": "build", "card": "Altar", "pay": {"left": True}},
    ):
        with pytest.raises(IllegalActionError):
            s.action_from_json(bad)


# ---------------------------------------------------------------- passing the hands

HANDS_4P = {
    0: ["Altar", "Theater", "Pawnshop", "Baths", "Apothecary", "Workshop", "Scriptorium"],
    1: ["Lumber Yard", "Stone Pit", "Clay Pool", "Ore Vein", "Loom", "Press", "Glassworks"],
    2: ["Barracks", "Stockade", "Guard Tower", "Tavern", "Marketplace", "Clay Pit", "Mine"],
    3: ["Excavation", "Forest Cave", "Timber Yard", "Tree Farm", "Pawnshop", "Press", "Palace"],
}


@pytest.mark.parametrize(("age", "step"), [(1, +1), (2, -1), (3, +1)])
def test_hands_pass_left_in_ages_one_and_three_and_right_in_age_two(age: int, step: int) -> None:
    # left = the next seat clockwise (p + 1); right = p - 1
    s = new_game("Rhodes", "Giza", "Olympia", "Babylon")
    s = set_turn(s, age, 1, HANDS_4P)
    play_turn(s)  # everyone sells the first card
    for p in range(4):
        assert [c.name for c in s.hands[(p + step) % 4]] == HANDS_4P[p][1:]
    assert s.turn == 2
    play_turn(s)
    for p in range(4):
        assert [c.name for c in s.hands[(p + 2 * step) % 4]] == HANDS_4P[p][2:]


def test_an_age_has_six_turns_and_then_new_hands_of_seven() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    for turn in range(1, 7):
        assert (s.age, s.turn) == (1, turn)
        assert [len(h) for h in s.hands] == [8 - turn] * 3
        play_turn(s)
    assert (s.age, s.turn) == (2, 1)
    assert [len(h) for h in s.hands] == [7, 7, 7]
    assert all(c.age == 2 for h in s.hands for c in h)


def test_the_seventh_card_is_discarded_without_coins() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = set_coins(s, 0, 1, 2)
    s = set_turn(
        s, 1, 6, {0: ["Altar", "Palace"], 1: ["Altar", "Pantheon"], 2: ["Altar", "Senate"]}
    )
    pile = len(s.discard)
    play_turn(s, {0: build("Altar"), 1: build("Altar"), 2: build("Altar")})
    assert s.age == 2
    assert coins(s) == [0, 1, 2]
    assert discard_names(s)[pile:] == ["Palace", "Pantheon", "Senate"]


def test_selling_gives_three_coins_and_puts_the_card_face_down_in_the_pile() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = set_coins(s, 0, 0, 0)
    s = set_hand(s, 0, "Palace", "Altar")
    s = set_hand(s, 1, "Altar", "Theater")
    s = set_hand(s, 2, "Altar", "Theater")
    play_turn(s, {0: sell("Palace"), 1: build("Altar"), 2: build("Altar")})
    assert coins(s) == [3, 0, 0]
    assert discard_names(s) == ["Palace"]
    assert "Palace" not in names(s, 0)
    mine = [e for e in s.view(0)["events"] if e["type"] == "sell"]
    theirs = [e for e in s.view(1)["events"] if e["type"] == "sell"]
    assert mine[-1]["card"] == "Palace"
    assert "card" not in theirs[-1]


def test_any_card_can_be_sold_even_one_that_could_be_built() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 0, "Altar")
    s = set_hand(s, 0, "Palace", "Altar", "Theater")
    assert {a.card for a in s.legal_actions(0) if a.kind == "sell"} == {
        "Palace",
        "Altar",
        "Theater",
    }


def test_a_card_under_a_stage_is_neither_built_nor_discarded_and_gives_no_coins() -> None:
    s = new_game("Giza", "Rhodes", "Olympia")
    s = give(s, 0, "Stone Pit")
    s = set_coins(s, 0, 0, 0)
    s = set_hand(s, 0, "Tavern", "Altar")
    play_turn(s, {0: wonder("Tavern")})
    assert s.cities[0].stages == 1
    assert "Tavern" not in names(s, 0) and "Tavern" not in discard_names(s)
    assert coins(s)[0] == 0
    assert s.cities[0].buried[-1].name == "Tavern"


def test_a_player_who_can_do_nothing_else_can_always_sell() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 0, "Palace")
    s = set_coins(s, 0, 0, 0)
    s = set_hand(s, 0, "Palace", "Pantheon")
    assert {a.kind for a in s.legal_actions(0)} == {"sell"}


# ---------------------------------------------------------------- conflicts and the end


def test_conflicts_happen_at_the_end_of_each_age_only() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    s = give(s, 0, "Barracks")
    for _ in range(5):
        play_turn(s)
        assert s.cities[0].tokens == []
    play_turn(s)  # the 6th turn ends Age I
    assert s.age == 2 and sorted(s.cities[0].tokens) == [1, 1]
    s = set_turn(s, 2, 6)
    play_turn(s)
    assert sorted(s.cities[0].tokens) == [1, 1, 3, 3]
    s = set_turn(s, 3, 6)
    play_turn(s)
    assert sorted(s.cities[0].tokens) == [1, 1, 3, 3, 5, 5]
    assert s.is_terminal()


def test_the_game_ends_after_the_third_age() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    with pytest.raises(IllegalActionError):
        s.result()
    s = set_turn(s, 3, 6)
    play_turn(s)
    assert s.is_terminal() and s.phase == "over"
    assert s.to_move() == []
    assert all(s.legal_actions(p) == [] for p in range(3))
    assert s.result().totals == [sum(s.score_breakdown(p).values()) for p in range(3)]
    assert_illegal(s, 0, sell("Altar"))


def test_a_whole_game_is_three_ages_of_six_turns() -> None:
    s = new_game("Rhodes", "Giza", "Olympia")
    turns = 0
    while not s.is_terminal():
        play_turn(s)
        turns += 1
    assert turns == 18
    assert [e["age"] for e in s.events if e["type"] == "age"] == [1, 2, 3]
    assert s.events[-1]["type"] == "game_over"
    # every player sold 18 cards: 3 + 18 * 3 coins each
    assert coins(s) == [57, 57, 57]


def test_the_age_three_deck_is_dealt_at_the_start_of_age_three() -> None:
    s = new_game("Rhodes", "Giza", "Olympia", "Babylon", "Ephesus")
    s = set_turn(s, 2, 6)
    play_turn(s)
    assert s.age == 3
    dealt = [c for h in s.hands for c in h]
    assert len(dealt) == 35
    assert sum(1 for c in dealt if c.is_guild) == 5 + 2
    assert all(c.age == 3 for c in dealt)


def test_describing_an_unknown_action_kind_names_it_instead_of_crashing() -> None:
    assert Action("steal", "Altar").describe() == "unknown action 'steal'"
    assert Action("sell", "Altar").describe() == "sell Altar for 3 coins"
