"""Drafting: simultaneous choices, passing directions, six turns, the 7th card, game end."""

from __future__ import annotations

import random

import pytest

from tests.classic.helpers import game, hand, play
from wonders.classic.actions import Action
from wonders.core.errors import IllegalActionError


def test_choices_are_simultaneous_and_resolve_when_all_are_in() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    hands = [list(h) for h in s.hands]
    s.apply(0, Action("sell", hands[0][0].name))
    s.apply(2, Action("sell", hands[2][0].name))
    assert s.to_move() == [1]
    assert [c.coins for c in s.cities] == [3, 3, 3]
    assert s.hands == hands
    with pytest.raises(IllegalActionError):
        s.apply(0, Action("sell", hands[0][1].name))  # already chose
    s.apply(1, Action("sell", hands[1][0].name))
    assert [c.coins for c in s.cities] == [6, 6, 6]
    assert s.turn == 2 and s.to_move() == [0, 1, 2]


def test_an_illegal_action_changes_nothing() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    hand(s, 0, "Palace", "Altar")
    before = s.to_json()
    for bad in (
        Action("build", "Palace"),  # unaffordable
        Action("build", "Altar", 1, 0),  # a payment that is not a legal one
        Action("sell", "Aqueduct"),  # not in hand
        Action("discard_build", "Altar"),  # not Halicarnassus's moment
    ):
        with pytest.raises(IllegalActionError):
            s.apply(0, bad)
        assert s.to_json() == before
    with pytest.raises(IllegalActionError):
        s.apply(5, Action("sell", "Altar"))
    with pytest.raises(IllegalActionError):
        s.apply(0, "sell Altar")  # type: ignore[arg-type]
    assert s.to_json() == before


@pytest.mark.parametrize(("age", "step"), [(1, 1), (2, -1), (3, 1)])
def test_hands_pass_left_in_ages_one_and_three_right_in_two(age: int, step: int) -> None:
    s = game("Rhodes", "Giza", "Olympia", "Babylon")
    rng = random.Random(age)
    while s.age < age:
        for p in s.to_move():
            s.apply(p, rng.choice(s.legal_actions(p)))
    before = [list(h) for h in s.hands]
    play(s, {})  # everyone sells their first card
    for p in range(4):
        assert s.hands[(p + step) % 4] == before[p][1:]


def test_six_turns_and_the_seventh_card_is_discarded_without_coins() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    for turn in range(1, 6):
        assert s.turn == turn
        play(s, {})
    assert [len(h) for h in s.hands] == [2, 2, 2]
    coins_before = [c.coins for c in s.cities]
    pile = len(s.discard)
    play(s, {})
    assert s.age == 2 and s.turn == 1
    assert [c.coins for c in s.cities] == [x + 3 for x in coins_before]  # the sale only
    assert len(s.discard) == pile + 3 + 3
    assert [len(h) for h in s.hands] == [7, 7, 7]


def test_the_game_ends_after_the_third_age_conflicts() -> None:
    s = game("Rhodes", "Giza", "Olympia")
    rng = random.Random(1)
    while not s.is_terminal():
        for p in s.to_move():
            s.apply(p, rng.choice(s.legal_actions(p)))
    conflicts = [e for e in s.events if e["type"] == "conflict"]
    assert {e["age"] for e in conflicts} <= {1, 2, 3}
    assert s.to_move() == [] and s.legal_actions(0) == []
    assert s.events[-1]["type"] == "game_over"
    with pytest.raises(IllegalActionError):
        s.apply(0, Action("sell", "Altar"))
