"""The web board's words of 7 Wonders (``wonders.classic.board``): the head line says where
the game stands in the rulebook's terms."""

from __future__ import annotations

from wonders.classic.board import board_words
from wonders.core.registry import get_game

NAMES = ["Ann", "Bob", "Cid"]


def test_the_leader_draft_comes_before_age_i_not_in_an_age_0() -> None:
    state = get_game("classic").setup({"players": 3, "expansions": ["leaders"]}, 1)
    head = board_words(state.view(0), 0, NAMES)["head"]
    assert head.startswith("Before Age I — ") and "Leader draft" in head
    assert "Age 0" not in head and "turn 0" not in head


def test_a_turn_of_an_age_is_named_with_its_roman_numeral() -> None:
    state = get_game("classic").setup({"players": 3}, 1)
    assert board_words(state.view(0), 0, NAMES)["head"].startswith("Age I, turn 1 — ")
