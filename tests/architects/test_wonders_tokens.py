"""Every wonder's stage effects and every progress token, with their timings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.architects.helpers import (
    builds,
    built_stages,
    cards,
    do,
    empty,
    face_up,
    game,
    give,
    kinds,
    of_seat,
    stack,
    take,
    tokens,
)
from wonders.architects import advice
from wonders.architects.actions import Action
from wonders.architects.cards import _wonder, facts
from wonders.architects.scoring import progress_points
from wonders.core.errors import DataError

# ------------------------------------------------------------------ wonders


def test_alexandria_takes_the_top_card_of_any_deck_on_the_table() -> None:
    state = game("Alexandria", "Giza", "Rhodes", "Olympia")
    state = built_stages(state, 0, [1])
    state = give(state, 0, brick=1)
    state = stack(state, "Rhodes", "blue3")  # a deck far from seat 0
    state = stack(state, "Alexandria", "brick")
    take(state, "Alexandria")
    do(state, kind="build", stage=2, pay=["brick", "brick"])
    decks = {a.deck for a in state.legal_actions(0)}
    assert decks == {"Alexandria", "Giza", "Rhodes", "Olympia", "central"}
    take(state, "Rhodes")
    assert cards(state, 0) == {"blue3": 1}
    assert state.to_move() == [1]


def test_babylon_takes_one_of_the_four_available_tokens_without_science() -> None:
    state = game("Babylon", "Giza")
    state = built_stages(state, 0, [1])
    state = face_up(state, "Culture", "Strategy", "Tactics", stack_top="Education")
    state = give(state, 0, glass=1)
    state = stack(state, "Babylon", "glass")
    take(state, "Babylon")
    do(state, kind="build", stage=2, pay=["glass", "glass"])
    assert {a.token for a in state.legal_actions(0)} == {"Culture", "Strategy", "Tactics", "stack"}
    do(state, kind="token", token="stack")
    assert state.progress[0] == ["Education"]
    assert state.score_breakdown(0)["wonder"] == 3  # Babylon's stage 2 is worth 0


def test_babylon_builds_its_last_two_stages_in_either_order() -> None:
    state = game("Babylon", "Giza")
    state = built_stages(state, 0, [1, 2, 3])
    state = give(state, 0, wood=1, stone=1, brick=1, gold=0)
    state = stack(state, "Babylon", "glass")
    state = face_up(state, "Culture", "Strategy", "Tactics")
    take(state, "Babylon")
    assert builds(state) == [(5, ("brick", "glass", "stone", "wood"))]
    do(state, kind="build", stage=5, pay=["brick", "glass", "stone", "wood"])
    assert state.score_breakdown(0)["wonder"] == 3 + 0 + 5 + 7


def test_ephesus_takes_the_central_top_when_it_builds() -> None:
    state = game("Ephesus", "Giza")
    state = built_stages(state, 0, [1])
    state = give(state, 0, stone=1)
    state = stack(state, "central", "blue3")
    state = stack(state, "Ephesus", "stone")
    take(state, "Ephesus")
    assert builds(state) == [(2, ("stone", "stone"))]  # 3 and 4 need 3 cards
    do(state, kind="build", stage=2, pay=["stone", "stone"])
    assert cards(state, 0) == {"blue3": 1}
    assert state.to_move() == [1]


def test_giza_has_no_effect_and_more_points() -> None:
    state = game("Giza", "Rhodes")
    state = built_stages(state, 0, [1])
    state = give(state, 0, wood=1)
    state = stack(state, "Giza", "wood")
    take(state, "Giza")
    do(state, kind="build", stage=2, pay=["wood", "wood"])
    assert state.to_move() == [1]
    assert state.score_breakdown(0)["wonder"] == 9
    assert state.wonders[0].points == (4, 5, 6, 7, 8)


def test_halicarnassus_searches_five_cards_keeps_one_and_shuffles_the_rest_back() -> None:
    state = game("Halicarnassus", "Giza", "Rhodes")
    state = built_stages(state, 0, [1])
    state = give(state, 0, papyrus=1)
    state = stack(state, "Rhodes", "red0", "blue3", "gold", "gear", "wood", "tablet")
    state = stack(state, "Halicarnassus", "papyrus")
    size = len(state.decks[2])
    take(state, "Halicarnassus")
    do(state, kind="build", stage=2, pay=["papyrus", "papyrus"])
    assert {a.deck for a in state.legal_actions(0)} == {"Halicarnassus", "Rhodes"}
    do(state, kind="search", deck="Rhodes")
    assert {a.card for a in state.legal_actions(0)} == {"red0", "blue3", "gold", "gear", "wood"}
    assert state.view(0)["searching"]["cards"] == sorted(["red0", "blue3", "gold", "gear", "wood"])
    assert "cards" not in state.view(1)["searching"]
    assert "cards" not in state.view(None)["searching"]
    do(state, kind="pick", card="blue3")
    assert cards(state, 0) == {"blue3": 1}
    assert len(state.decks[2]) == size - 1
    assert sorted(state.decks[2]).count(state.f.index["tablet"]) >= 1
    assert state.to_move() == [1]


def test_halicarnassus_looks_at_as_many_cards_as_its_data_says(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The search's depth is the wonder's ``look_at`` in data/wonders.toml, not a constant:
    with 3 there, the search shows the deck's top 3 (and the player's words say 3)."""
    halicarnassus = facts().wonders["Halicarnassus"]
    assert halicarnassus.look_at == 5  # the printed wonder
    monkeypatch.setitem(facts().wonders, "Halicarnassus", replace(halicarnassus, look_at=3))
    state = game("Halicarnassus", "Giza", "Rhodes")
    state = built_stages(state, 0, [1])
    state = give(state, 0, papyrus=1)
    state = stack(state, "Rhodes", "red0", "blue3", "gold", "gear", "wood", "tablet")
    state = stack(state, "Halicarnassus", "papyrus")
    take(state, "Halicarnassus")
    do(state, kind="build", stage=2, pay=["papyrus", "papyrus"])
    assert advice.search_count(state.view(0), "Rhodes") == 3
    do(state, kind="search", deck="Rhodes")
    assert {a.card for a in state.legal_actions(0)} == {"red0", "blue3", "gold"}
    assert state.view(0)["searching"]["count"] == 3


def test_a_search_needs_its_depth_in_the_data() -> None:
    raw = {"name": "X", "points": [1, 2, 3, 4, 5], "order": [[1], [2], [3], [4], [5]]}
    search = {**raw, "effect": "search_side_deck", "effect_stages": [2]}
    assert _wonder({**search, "look_at": 4}).look_at == 4
    for bad in ({**search}, {**search, "look_at": 0}, {**raw, "look_at": 5}):
        with pytest.raises(DataError, match="look_at"):
            _wonder(bad)


def test_halicarnassus_searches_a_short_deck_and_skips_when_both_are_empty() -> None:
    state = game("Halicarnassus", "Giza")
    state = built_stages(state, 0, [1, 2])
    state = give(state, 0, wood=1, stone=1, brick=3)
    state = empty(state, "Giza")
    state = of_seat(state, "decks", 0, ["glass"])  # the glass only
    take(state, "Halicarnassus")  # stage 3 (3 different) and 4 (3 same) in either order
    assert set(builds(state)) == {
        (3, ("brick", "stone", "wood")),
        (3, ("brick", "glass", "stone")),
        (3, ("brick", "glass", "wood")),
        (3, ("glass", "stone", "wood")),
        (4, ("brick", "brick", "brick")),
    }
    do(state, kind="build", stage=4, pay=["brick", "brick", "brick"])
    # both side decks are empty: the search gives nothing, stage 3 is still payable
    assert kinds(state) == {"build"}
    do(state, kind="build", stage=3, pay=["glass", "stone", "wood"])
    assert state.built[0] == [1, 2, 4, 3]
    assert state.to_move() == [1]


def test_olympia_takes_the_left_and_right_tops() -> None:
    state = game("Olympia", "Giza", "Rhodes")
    state = built_stages(state, 0, [1])
    state = give(state, 0, gold=1)
    state = stack(state, "Olympia", "gold", "blue3")
    state = stack(state, "Rhodes", "blue2cat")
    take(state, "Olympia")
    assert set(builds(state)) == {(2, ("gold", "gold"))}
    do(state, kind="build", stage=2, pay=["gold", "gold"])
    assert cards(state, 0) == {"blue3": 1, "blue2cat": 1}
    assert state.cat == 0


def test_rhodes_stage_effects_are_shields() -> None:
    state = game("Rhodes", "Giza")
    assert state.shields(0) == 0
    state = built_stages(state, 0, [2, 1, 3, 4])
    assert state.shields(0) == 2


# ------------------------------------------------------------------ extra-card tokens


@pytest.mark.parametrize(
    ("token", "card", "other"),
    [
        ("Urbanism", "wood", "brick"),
        ("Urbanism", "brick", "wood"),
        ("Crafts", "papyrus", "glass"),
        ("Crafts", "glass", "papyrus"),
        ("Jewellery", "stone", "gold"),
        ("Jewellery", "gold", "stone"),
        ("Science", "gear", "tablet"),
        ("Propaganda", "red1", "red2"),
        ("Propaganda", "red2", "red1"),
    ],
)
def test_extra_card_tokens_once_a_turn(token: str, card: str, other: str) -> None:
    state = game("Giza", "Rhodes", "Olympia", "Babylon")
    state = built_stages(state, 0, [1, 2])  # stage 3 needs 3 cards: nothing to build with two
    state = tokens(state, 0, token)
    state = stack(state, "Giza", card, other, "blue3")
    take(state, "Giza")
    assert kinds(state) == {"take"} and state.to_move() == [0]
    assert {a.deck for a in state.legal_actions(0)} == {"Giza", "Babylon", "central"}
    take(state, "Giza")  # the second card triggers nothing more this turn
    assert state.to_move() == [1]
    assert cards(state, 0) == {card: 1, other: 1}


@pytest.mark.parametrize(("token", "card"), [("Urbanism", "stone"), ("Propaganda", "red0")])
def test_extra_card_tokens_ignore_other_cards(token: str, card: str) -> None:
    state = game("Giza", "Rhodes", "Olympia")
    state = tokens(state, 0, token)
    state = stack(state, "Giza", card)
    take(state, "Giza")
    assert state.to_move() == [1]


def test_architecture_gives_a_card_after_a_stage_is_built() -> None:
    state = game("Giza", "Rhodes")
    state = tokens(state, 0, "Architecture")
    state = give(state, 0, wood=1)
    state = stack(state, "Giza", "stone", "blue3")
    take(state, "Giza")
    do(state, kind="build", stage=1, pay=["stone", "wood"])
    assert kinds(state) == {"take"}
    take(state, "Giza")
    assert cards(state, 0) == {"blue3": 1} and state.to_move() == [1]


def test_an_extra_card_can_be_taken_before_building() -> None:
    state = game("Giza", "Rhodes")
    state = tokens(state, 0, "Urbanism")
    state = give(state, 0, stone=1)
    state = stack(state, "Giza", "wood", "gold")
    take(state, "Giza")
    assert kinds(state) == {"take", "build"}  # the player chooses the order
    take(state, "Giza")
    assert set(builds(state)) == {
        (1, ("stone", "wood")),
        (1, ("gold", "stone")),
        (1, ("gold", "wood")),
    }


def test_a_token_taken_mid_turn_acts_at_once() -> None:
    state = game("Giza", "Rhodes")
    state = face_up(state, "Science", "Culture", "Strategy")
    state = give(state, 0, gear=1)
    state = stack(state, "Giza", "gear", "compass")
    take(state, "Giza")
    do(state, kind="science", pay=["gear", "gear"], token="Science")
    assert state.to_move() == [1]  # not triggered: the gear was taken before the token
    state2 = game("Giza", "Rhodes")
    state2 = face_up(state2, "Urbanism", "Culture", "Strategy")
    state2 = tokens(state2, 0, "Science")
    state2 = give(state2, 0, gear=1)
    state2 = stack(state2, "Giza", "gear", "wood", "stone")
    take(state2, "Giza")  # Science: one more card; the pair: a token
    do(state2, kind="science", pay=["gear", "gear"], token="Urbanism")
    take(state2, "Giza")  # the wood triggers the Urbanism just taken
    assert state2.to_move() == [0] and kinds(state2) == {"take"}


# ------------------------------------------------------------------ construction tokens


def test_economy_makes_one_yellow_card_worth_two_coins_once_a_turn() -> None:
    state = game("Giza", "Rhodes")
    state = tokens(state, 0, "Economy")
    state = give(state, 0, gold=2, brick=1)
    state = stack(state, "Giza", "blue3")
    take(state, "Giza")
    options = set(builds(state))
    assert (1, ("gold",)) in options  # one yellow card, worth 2
    assert (1, ("gold", "gold")) in options and (1, ("brick", "gold")) in options
    do(state, kind="build", stage=1, pay=["gold"])
    assert "Economy" in state.used
    # stage 2 (2 same): the last gold alone is now worth only 1
    assert builds(state) == [(2, ("brick", "gold"))]
    do(state, kind="build", stage=2, pay=["brick", "gold"])
    assert state.built[0] == [1, 2]


def test_engineering_ignores_same_and_different() -> None:
    state = game("Giza", "Rhodes")
    state = tokens(state, 0, "Engineering")
    state = give(state, 0, wood=1)
    state = stack(state, "Giza", "wood")
    take(state, "Giza")
    assert builds(state) == [(1, ("wood", "wood"))]
    do(state, kind="build", stage=1, pay=["wood", "wood"])
    state2 = game("Giza", "Rhodes")
    state2 = tokens(state2, 0, "Engineering")
    state2.built[0] = [1]
    state2 = give(state2, 0, wood=1)
    state2 = stack(state2, "Giza", "stone")
    take(state2, "Giza")
    assert builds(state2) == [(2, ("stone", "wood"))]


def test_tactics_adds_two_shields() -> None:
    state = game("Giza", "Rhodes")
    state = tokens(state, 0, "Tactics")
    assert state.shields(0) == 2


# ------------------------------------------------------------------ end-game tokens


@pytest.mark.parametrize(
    ("names", "finished", "cat_icons", "victory", "points"),
    [
        (["Decoration"], False, 0, 0, 4),
        (["Decoration"], True, 0, 0, 6),
        (["Politics"], False, 3, 0, 3),
        (["Strategy"], False, 0, 4, 4),
        (["Education"], False, 0, 0, 2),
        (["Education", "Tactics", "Urbanism"], False, 0, 0, 6),
        (["Culture"], False, 0, 0, 4),
        (["Culture", "Culture"], False, 0, 0, 12),
        (["Culture", "Culture", "Education"], False, 0, 0, 18),
        (["Economy", "Engineering", "Tactics"], True, 5, 5, 0),
    ],
)
def test_end_game_tokens(
    names: list[str], finished: bool, cat_icons: int, victory: int, points: int
) -> None:
    assert progress_points(names, finished, cat_icons, victory) == points


def test_politics_counts_cat_icons_in_the_score() -> None:
    state = game("Giza", "Rhodes")
    state = tokens(state, 0, "Politics", "Strategy")
    state = give(state, 0, blue2cat=3, blue3=2)
    state = of_seat(state, "victory", 0, 2)
    assert state.score_breakdown(0) == {
        "wonder": 0,
        "cat": 0,
        "blue": 12,
        "military": 6,
        "progress": 3 + 2,
    }


def test_actions_are_refused_when_they_belong_to_another_effect() -> None:
    state = game("Halicarnassus", "Giza")
    state = built_stages(state, 0, [1])
    state = give(state, 0, papyrus=1)
    state = stack(state, "Halicarnassus", "papyrus")
    take(state, "Halicarnassus")
    do(state, kind="build", stage=2, pay=["papyrus", "papyrus"])
    before = state.to_json()
    for bad in (Action("take", deck="Giza"), Action("pick", card="wood")):
        with pytest.raises(Exception, match="cannot"):
            state.apply(0, bad)
    assert state.to_json() == before


def test_only_the_searching_player_knows_the_cards_it_looks_at() -> None:
    import random

    state = game("Halicarnassus", "Giza", "Rhodes")
    state = built_stages(state, 0, [1])
    state = give(state, 0, papyrus=1)
    state = stack(state, "Halicarnassus", "papyrus")
    take(state, "Halicarnassus")
    do(state, kind="build", stage=2, pay=["papyrus", "papyrus"])
    do(state, kind="search", deck="Rhodes")
    held = sorted(state.held)
    for s in range(10):
        mine = state.sample_world(0, random.Random(s))
        assert sorted(mine.held) == held and mine.view(0) == state.view(0)
        theirs = state.sample_world(1, random.Random(s))
        assert theirs.held[0] == state.held[0]  # it was the visible top
        assert len(theirs.held) == len(state.held) and theirs.view(1) == state.view(1)
    assert any(sorted(state.sample_world(1, random.Random(s)).held) != held for s in range(10))
