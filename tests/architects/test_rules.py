"""Architects rule scenarios: setup, turns, the cat, construction, science, conflict, the end."""

from __future__ import annotations

import pytest

from tests.architects.helpers import (
    at,
    builds,
    built_stages,
    cards,
    do,
    empty,
    face_up,
    game,
    give,
    kinds,
    stack,
    take,
    tokens,
)
from wonders.architects.actions import Action
from wonders.architects.state import setup
from wonders.core.errors import IllegalActionError, OptionsError

# ------------------------------------------------------------------ setup and turns


@pytest.mark.parametrize(("players", "conflict"), [(2, 3), (3, 3), (4, 4), (5, 5), (6, 6), (7, 6)])
def test_setup_decks_tokens_and_conflict_tokens_by_player_count(
    players: int, conflict: int
) -> None:
    state = setup({"players": players}, 3)
    assert [len(d) for d in state.decks] == [25] * players
    assert len(state.central) == 60
    assert len(state.face_up) == 3 and len(state.stack) == 12
    assert state.conflict_total == conflict and state.conflict == 0
    assert state.cat is None
    assert state.to_move() == [0]
    assert len({w.name for w in state.wonders}) == players


@pytest.mark.parametrize(
    "options",
    [
        {"players": 1},
        {"players": 8},
        {"players": "3"},
        {"players": 3, "sides": "A"},
        {"players": 2, "wonders": ["Giza"]},
        {"players": 2, "wonders": ["Giza", "Atlantis"]},
        {"players": 2, "wonders": ["Giza", "giza"]},
        {"players": 2, "wonders": [3, None]},
    ],
)
def test_impossible_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(OptionsError):
        setup(options, 1)


def test_chosen_and_random_wonders() -> None:
    state = setup({"players": 3, "wonders": ["rhodes", None, "Giza"]}, 5)
    assert state.wonders[0].name == "Rhodes" and state.wonders[2].name == "Giza"
    assert state.wonders[1].name not in ("Rhodes", "Giza")


def test_take_from_left_right_or_central_then_the_left_neighbour_plays() -> None:
    state = game("Giza", "Rhodes", "Olympia")
    assert {a.deck for a in state.legal_actions(0)} == {"Giza", "Olympia", "central"}
    state = stack(state, "Olympia", "blue3")
    take(state, "Olympia")
    assert cards(state, 0) == {"blue3": 1}
    assert state.to_move() == [1]
    assert {a.deck for a in state.legal_actions(1)} == {"Rhodes", "Giza", "central"}


def test_an_empty_deck_cannot_be_chosen() -> None:
    state = game("Giza", "Rhodes", "Olympia")
    state = empty(state, "Olympia")
    assert {a.deck for a in state.legal_actions(0)} == {"Giza", "central"}
    with pytest.raises(IllegalActionError):
        take(state, "Olympia")


def test_a_player_without_any_deck_is_skipped_and_the_game_ends_when_no_one_can_take() -> None:
    state = game("Giza", "Rhodes")
    for d in ("Giza", "Rhodes", "central"):
        state = empty(state, d)
    state = stack(state, "Giza", "blue3")
    take(state, "Giza")
    assert state.is_terminal()
    assert state.result().totals[0] == 3


# ------------------------------------------------------------------ the cat


def test_the_cat_moves_to_whoever_takes_a_cat_card_and_its_holder_peeks() -> None:
    state = game("Giza", "Rhodes", "Olympia")
    state = stack(state, "Giza", "blue2cat")
    state = stack(state, "central", "gold")
    take(state, "Giza")
    assert state.cat == 0
    assert "top" not in state.view(0)["central"]  # no peek in the middle of a turn
    state = stack(state, "Rhodes", "blue2cat")
    take(state, "Rhodes")  # seat 1 takes the cat
    assert state.cat == 1
    take(state, "Olympia")  # seat 2
    # seat 0's turn: not the holder; seat 1 still does not know (peeks at its turn's start)
    assert all("top" not in state.view(p)["central"] for p in range(3))
    take(state, "Giza")
    assert state.view(1)["central"]["top"] == "gold"
    assert all("top" not in state.view(p)["central"] for p in (0, 2, None))
    assert "gold" in str(state.view(1)["central"])
    # the holder takes something else: still knows next turn... until the card is taken
    state = stack(state, "Rhodes", "wood")
    take(state, "Rhodes")
    assert state.view(1)["central"]["top"] == "gold"
    take(state, "central")  # seat 2 takes the gold
    assert "top" not in state.view(1)["central"]
    assert state.score_breakdown(1)["cat"] == 2 and state.score_breakdown(0)["cat"] == 0


# ------------------------------------------------------------------ construction


def test_two_different_resources_build_the_first_stage_at_once() -> None:
    state = game("Giza", "Rhodes")
    state = give(state, 0, wood=1)
    state = stack(state, "Giza", "stone")
    take(state, "Giza")
    assert builds(state) == [(1, ("stone", "wood"))]
    assert kinds(state) == {"build"}  # compulsory: the turn cannot end
    do(state, kind="build", stage=1, pay=["wood", "stone"])
    assert state.built[0] == [1]
    assert cards(state, 0) == {}
    assert state.discard[state.f.index["wood"]] == 1
    assert state.to_move() == [1]


def test_two_equal_cards_do_not_pay_two_different() -> None:
    state = game("Giza", "Rhodes")
    state = give(state, 0, wood=1)
    state = stack(state, "Giza", "wood")
    take(state, "Giza")
    assert state.built[0] == [] and state.to_move() == [1]


@pytest.mark.parametrize(
    ("stage", "holding", "expected"),
    [
        (2, {"brick": 2}, [("brick", "brick")]),
        (3, {"wood": 1, "glass": 1, "papyrus": 1}, [("glass", "papyrus", "wood")]),
        (4, {"stone": 3}, [("stone", "stone", "stone")]),
        (5, {"wood": 1, "stone": 1, "brick": 1, "glass": 1}, [("brick", "glass", "stone", "wood")]),
    ],
)
def test_every_cost_pattern(stage: int, holding: dict[str, int], expected: list[object]) -> None:
    state = game("Giza", "Rhodes")
    state = built_stages(state, 0, list(range(1, stage)))
    state = give(state, 0, **holding)
    state = stack(state, "Giza", "blue3")
    take(state, "Giza")
    assert builds(state) == [(stage, pay) for pay in expected]


def test_the_wrong_pattern_does_not_build() -> None:
    state = game("Giza", "Rhodes")
    state = built_stages(state, 0, [1, 2, 3])
    state = give(state, 0, stone=2, wood=1)  # stage 4: 3 same
    state = stack(state, "Giza", "blue3")
    take(state, "Giza")
    assert state.built[0] == [1, 2, 3] and state.to_move() == [1]


def test_a_payment_chooses_between_grey_and_yellow_cards() -> None:
    state = game("Giza", "Rhodes")
    state = give(state, 0, wood=1, stone=1)
    state = stack(state, "Giza", "gold")
    take(state, "Giza")
    assert builds(state) == [(1, ("gold", "stone")), (1, ("gold", "wood")), (1, ("stone", "wood"))]
    do(state, kind="build", stage=1, pay=["gold", "stone"])
    assert cards(state, 0) == {"wood": 1}


def test_coins_replace_a_missing_resource_in_a_same_pattern() -> None:
    state = game("Giza", "Rhodes")
    state = built_stages(state, 0, [1])
    state = give(state, 0, gold=1)
    state = stack(state, "Giza", "papyrus")
    take(state, "Giza")
    assert builds(state) == [(2, ("gold", "papyrus"))]


def test_several_stages_the_same_turn_are_all_built() -> None:
    state = game("Giza", "Rhodes")
    state = give(state, 0, wood=1, brick=2, stone=0)
    state = stack(state, "Giza", "stone")
    take(state, "Giza")
    do(state, kind="build", stage=1, pay=["stone", "wood"])
    assert state.to_move() == [0]
    assert builds(state) == [(2, ("brick", "brick"))]
    do(state, kind="build", stage=2, pay=["brick", "brick"])
    assert state.built[0] == [1, 2] and state.to_move() == [1]


def test_stages_in_order_bottom_up() -> None:
    state = game("Giza", "Rhodes")
    state = give(state, 0, brick=1)  # 2 same (stage 2) is there, but stage 1 comes first
    state = stack(state, "Giza", "brick")
    take(state, "Giza")
    assert state.built[0] == [] and state.to_move() == [1]
    with pytest.raises(IllegalActionError):
        state.apply(1, Action("build", stage=2, pay=("brick", "brick")))


@pytest.mark.parametrize(
    ("wonder", "built", "choices"),
    [
        ("Giza", [1, 2], [3]),
        ("Alexandria", [1], [2]),
        ("Rhodes", [], [1, 2]),
        ("Rhodes", [2], [1]),
        ("Olympia", [1], [2, 3]),
        ("Olympia", [1, 3], [2]),
        ("Ephesus", [1], [2, 3, 4]),
        ("Ephesus", [1, 4, 2], [3]),
        ("Halicarnassus", [1, 2], [3, 4]),
        ("Babylon", [1, 2, 3], [4, 5]),
        ("Babylon", [1, 2, 3, 5], [4]),
    ],
)
def test_wonder_stage_orders(wonder: str, built: list[int], choices: list[int]) -> None:
    state = game(wonder, "Giza" if wonder != "Giza" else "Rhodes")
    state = built_stages(state, 0, list(built))
    assert state.available_stages(0) == choices


def test_rhodes_chooses_which_of_its_first_two_stages_to_build() -> None:
    state = game("Rhodes", "Giza")
    state = give(state, 0, wood=1, stone=1)  # 2 different: stage 1; 2 same: stage 2
    state = stack(state, "Rhodes", "wood")
    take(state, "Rhodes")
    assert set(builds(state)) == {
        (1, ("stone", "wood")),
        (2, ("wood", "wood")),
        (1, ("stone", "wood")),
    }
    do(state, kind="build", stage=2, pay=["wood", "wood"])
    assert state.built[0] == [2]
    assert state.shields(0) == 1  # Rhodes's stage 2 shield
    # the stone alone cannot pay stage 1: the turn ends
    assert state.to_move() == [1]


# ------------------------------------------------------------------ science


def test_two_equal_symbols_must_take_a_token_and_the_greens_are_discarded() -> None:
    state = game("Giza", "Rhodes")
    state = face_up(state, "Culture", "Tactics", "Strategy", stack_top="Politics")
    state = give(state, 0, gear=1, compass=1)
    state = stack(state, "Giza", "gear")
    take(state, "Giza")
    assert kinds(state) == {"science"}
    assert {(a.pay, a.token) for a in state.legal_actions(0)} == {
        (("gear", "gear"), t) for t in ("Culture", "Tactics", "Strategy", "stack")
    }
    do(state, kind="science", pay=["gear", "gear"], token="Tactics")
    assert state.progress[0] == ["Tactics"]
    assert cards(state, 0) == {"compass": 1}
    assert state.face_up == ["Culture", "Politics", "Strategy"]  # refilled from the stack
    assert state.shields(0) == 2
    assert state.to_move() == [1]


def test_three_different_symbols_or_a_pair_the_player_chooses() -> None:
    state = game("Giza", "Rhodes")
    state = face_up(state, "Culture")
    state = at(state, stack=["Decoration"])
    state = give(state, 0, gear=2, compass=1)
    state = stack(state, "Giza", "tablet")
    take(state, "Giza")
    assert {(a.pay, a.token) for a in state.legal_actions(0)} == {
        (("gear", "gear"), "Culture"),
        (("gear", "gear"), "stack"),
        (("compass", "gear", "tablet"), "Culture"),
        (("compass", "gear", "tablet"), "stack"),
    }
    do(state, kind="science", pay=["compass", "gear", "tablet"], token="stack")
    assert state.progress[0] == ["Decoration"] and state.stack == []
    assert cards(state, 0) == {"gear": 1}
    assert state.to_move() == [1]


def test_science_twice_in_a_turn_and_nothing_when_no_token_is_left() -> None:
    state = game("Giza", "Rhodes")
    state = face_up(state, "Culture")
    state = at(state, stack=[])
    state = give(state, 0, gear=2, compass=2)
    state = stack(state, "Giza", "tablet")
    take(state, "Giza")
    do(state, kind="science", pay=["gear", "gear"], token="Culture")
    assert state.face_up == []
    assert state.to_move() == [1]  # a pair is left but no token: nothing happens
    assert cards(state, 0) == {"compass": 2, "tablet": 1}


# ------------------------------------------------------------------ conflict


def test_battle_with_three_players_at_the_end_of_the_turn() -> None:
    state = game("Giza", "Halicarnassus", "Olympia")
    state = give(state, 0, red1=1)
    state = give(state, 1, red0=1)
    state = give(state, 2, red0=2, red2=1)  # 3 shields
    state = at(state, conflict=2)
    state = give(state, 0, red0=1)  # seat 0: 2 shields
    state = stack(state, "Giza", "red1", "stone")
    state = tokens(state, 0, "Propaganda")
    take(state, "Giza")  # flips the last token: the battle waits for the end of the turn
    assert state.conflict == 3 and state.battle
    assert kinds(state) == {"take"}  # Propaganda's extra card first
    take(state, "Giza")
    # shields: seat 0 3, seat 1 1, seat 2 3 -> seat 0 beats 1, seat 2 beats 1, 0 and 2 tie
    assert state.victory == [1, 0, 1]
    assert cards(state, 0) == {"red0": 1, "stone": 1}  # horned cards discarded
    assert cards(state, 2) == {"red0": 2}
    assert state.conflict == 0 and not state.battle
    assert state.score_breakdown(0)["military"] == 3


def test_a_player_wins_against_both_neighbours() -> None:
    state = game("Giza", "Halicarnassus", "Olympia", "Rhodes")
    state = at(state, conflict=3)
    state = give(state, 0, red0=2)
    state = give(state, 1, red0=1)
    state = give(state, 3, red0=1)
    state = stack(state, "Giza", "red2")
    take(state, "Giza")
    # seat 0 (3 shields) beats both neighbours; seats 1 and 3 (1 shield) beat seat 2 (none)
    assert state.victory == [2, 1, 0, 1]
    assert state.conflict == 0


def test_surplus_horns_are_ignored() -> None:
    state = game("Giza", "Rhodes", "Olympia", "Babylon")
    state = stack(state, "Giza", "red2")
    state = at(state, conflict=3)
    take(state, "Giza")
    assert state.conflict == 0 and state.victory == [2, 0, 0, 0]


@pytest.mark.parametrize(
    ("mine", "theirs", "won"),
    # Board Game Arena's examples: twice as many wins 2 only with at least 2 shields
    [
        (1, 0, [1, 0]),
        (2, 0, [2, 0]),
        (2, 1, [2, 0]),
        (3, 2, [1, 0]),
        (4, 2, [2, 0]),
        (2, 2, [0, 0]),
        (1, 3, [0, 2]),
    ],
)
def test_battle_with_two_players(mine: int, theirs: int, won: list[int]) -> None:
    state = game("Giza", "Babylon")
    state = at(state, conflict=2)
    state = give(state, 0, red0=mine - 1)
    state = give(state, 1, red0=theirs)
    state = stack(state, "Giza", "red1")
    take(state, "Giza")
    assert state.victory == won
    assert state.have[0][state.f.index["red1"]] == 0


def test_tactics_and_rhodes_add_shields() -> None:
    state = game("Rhodes", "Giza")
    state = built_stages(state, 0, [1, 2, 3, 4])
    state = tokens(state, 0, "Tactics")
    state = give(state, 0, red0=1)
    assert state.shields(0) == 1 + 2 + 2


# ------------------------------------------------------------------ the end


def test_the_game_ends_at_the_end_of_the_turn_the_wonder_is_completed() -> None:
    state = game("Giza", "Rhodes")
    state = built_stages(state, 0, [1, 2, 3, 4])
    state = give(state, 0, wood=1, stone=1, brick=1, gear=1, compass=1)
    state = tokens(state, 0, "Architecture")
    state = face_up(state, "Culture", "Decoration", "Strategy")
    state = stack(state, "Giza", "glass", "tablet")
    take(state, "Giza")
    do(state, kind="build", stage=5, pay=["brick", "glass", "stone", "wood"])
    assert not state.is_terminal()  # Architecture's card is still owed
    take(state, "Giza")  # the tablet: a set of three, the token is owed too
    do(state, kind="science", pay=["compass", "gear", "tablet"], token="Decoration")
    assert state.is_terminal()
    breakdown = state.result().players[0].breakdown
    assert breakdown == {"wonder": 30, "cat": 0, "blue": 0, "military": 0, "progress": 6}
    with pytest.raises(IllegalActionError):
        take(state, "central")
    assert state.legal_actions(0) == [] and state.to_move() == []


def test_ties_go_to_most_stages() -> None:
    state = game("Giza", "Rhodes", "Alexandria")
    state = built_stages(state, 0, [1, 2, 3, 4])  # Giza: 30 when finished
    state = built_stages(state, 1, [1, 2, 3])  # Rhodes: 13, + 9 + 8 blue = 30 with 3 stages
    state = give(state, 1, blue3=3, blue2cat=4)
    state = give(state, 0, wood=1, stone=1, brick=1, glass=1)
    state = stack(state, "Giza", "red0")
    take(state, "Giza")
    do(state, kind="build", stage=5, pay=["brick", "glass", "stone", "wood"])
    result = state.result()
    assert result.totals == [30, 30, 0]
    assert [p.rank for p in result.players] == [1, 2, 3] and result.winners == [0]
    assert [p.tiebreak for p in result.players] == [5, 3, 0]


def test_a_tie_on_points_and_stages_is_shared() -> None:
    state = game("Giza", "Olympia")
    state = built_stages(state, 0, [1, 2, 3, 4])  # Giza: 30 when finished
    state = built_stages(state, 1, [1, 2, 3, 4, 5])  # Olympia: 22, + 8 blue = 30, 5 stages too
    state = give(state, 1, blue2cat=4)
    state = give(state, 0, wood=1, stone=1, brick=1, glass=1)
    state = stack(state, "Giza", "red0")
    take(state, "Giza")
    do(state, kind="build", stage=5, pay=["brick", "glass", "stone", "wood"])
    result = state.result()
    assert result.totals == [30, 30]
    assert result.winners == [0, 1] and [p.rank for p in result.players] == [1, 1]


# ------------------------------------------------------------------ illegal actions


def test_illegal_actions_change_nothing() -> None:
    state = game("Giza", "Rhodes")
    before = state.to_json()
    bad = [
        (1, Action("take", deck="Rhodes")),  # not seat 1's turn
        (0, Action("take", deck="Atlantis")),
        (0, Action("build", stage=1, pay=("stone", "wood"))),
        (0, Action("science", pay=("gear", "gear"), token="stack")),
        (0, Action("pick", card="wood")),
        (0, Action("token", token="stack")),
        (0, ("take", "central")),
        (7, Action("take", deck="central")),
    ]
    for seat, action in bad:
        with pytest.raises(IllegalActionError):
            state.apply(seat, action)
        assert state.to_json() == before
    for data in ({"kind": "fly"}, {"kind": "take", "deck": 3}, [1], {"kind": "take", "x": 1}):
        with pytest.raises(IllegalActionError):
            state.action_from_json(data)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError):
        state.result()


def test_action_json_round_trip() -> None:
    for action in (
        Action("take", deck="central"),
        Action("build", stage=3, pay=("gold", "stone", "wood")),
        Action("science", pay=("gear", "gear"), token="stack"),
        Action("pick", card="glass"),
        Action("token", token="Culture"),
        Action("search", deck="Giza"),
    ):
        assert Action.from_json(action.to_json()) == action
        assert action.describe()


def test_sample_world_keeps_the_peeked_card_for_the_holder_only() -> None:
    import random

    state = game("Giza", "Rhodes")
    state = stack(state, "Giza", "blue2cat")
    take(state, "Giza")  # seat 0 takes the cat
    state = stack(state, "central", "red2")
    take(state, "Rhodes")  # seat 1; then the holder's turn starts: it peeks
    assert state.view(0)["central"]["top"] == "red2"
    tops_0 = {state.sample_world(0, random.Random(s)).central[-1] for s in range(20)}
    tops_1 = {state.sample_world(1, random.Random(s)).central[-1] for s in range(20)}
    assert tops_0 == {state.f.index["red2"]}
    assert len(tops_1) > 1
    # face-up decks keep their visible tops; the stack is reshuffled for everyone
    world = state.sample_world(1, random.Random(3))
    assert [d[-1] for d in world.decks] == [d[-1] for d in state.decks]
    assert sorted(world.stack) == sorted(state.stack)


def test_the_greedy_bot_counts_a_two_player_battle_as_the_rules_do() -> None:
    """One rule for the engine and the bot's estimate (1 shield against 0 is 1 token)."""
    from wonders.architects.state import two_player_battle

    assert [two_player_battle(m, t) for m, t in [(1, 0), (2, 0), (2, 1), (3, 2), (4, 2)]] == [
        1,
        2,
        2,
        1,
        2,
    ]
