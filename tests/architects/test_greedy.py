"""The greedy bot's Architects evaluation: legal, public-information choices that beat random."""

from __future__ import annotations

import random

from tests.architects.helpers import built_stages, game, give, stack, take
from wonders.architects import greedy
from wonders.architects.actions import Action
from wonders.architects.state import ArchitectsState
from wonders.bots import make_bot
from wonders.core import setup


def test_greedy_beats_random() -> None:
    wins = 0
    games = 20
    for seed in range(games):
        state = setup("architects", {"players": 3}, seed)
        bot_seat = seed % 3
        rngs = [random.Random(seed * 10 + p) for p in range(3)]
        while not state.is_terminal():
            p = state.to_move()[0]
            if p == bot_seat:
                action = greedy.choose(state, p, rngs[p])
            else:
                action = rngs[p].choice(state.legal_actions(p))
            state.apply(p, action)
        wins += bot_seat in state.result().winners
    assert wins >= 15  # 20 of 20 here; about 83% over many 3-player games


def test_greedy_takes_the_card_that_builds_a_stage() -> None:
    state = game("Giza", "Rhodes", "Olympia")
    state = give(state, 0, wood=1)
    state = stack(state, "Giza", "red0")
    state = stack(state, "Olympia", "stone")
    assert greedy.choose(state, 0, random.Random(1)) == Action("take", deck="Olympia")
    take(state, "Olympia")
    assert state.built[0] == []  # the build is still owed (and the only choice)


def test_the_shared_greedy_bot_hands_over_to_the_architects_evaluation() -> None:
    state = setup("architects", {"players": 2}, 3)
    bot = make_bot("greedy", 1)
    while not state.is_terminal():
        p = state.to_move()[0]
        action = bot.choose(state, p)
        assert action in state.legal_actions(p)
        state.apply(p, action)


def test_greedy_prefers_half_a_stage_to_a_blue_card() -> None:
    # A resource for the next stage pulls more than its share of the stage's points: building
    # scores most and ends the game (a one-move look-ahead that took the blue 3 lost to random
    # bots at 3 or more players).
    state = game("Giza", "Rhodes", "Olympia")
    state = stack(state, "Giza", "blue3")
    state = stack(state, "Olympia", "wood")
    assert greedy.choose(state, 0, random.Random(1)) == Action("take", deck="Olympia")


def _last_stage_owed(opponent_blue: int) -> ArchitectsState:
    """Giza (seat 0) with stages 1-4 built and wood, stone, brick in hand: a glass card ends
    the game; seat 1 holds ``opponent_blue`` blue 3s."""
    state = game("Giza", "Rhodes", "Olympia")
    state = built_stages(state, 0, [1, 2, 3, 4])
    state = give(state, 0, wood=1, stone=1, brick=1)
    state = give(state, 1, blue3=opponent_blue)
    state = stack(state, "Giza", "glass")
    state = stack(state, "Olympia", "blue3")
    return state


def test_greedy_ends_the_game_when_it_wins() -> None:
    state = _last_stage_owed(opponent_blue=0)  # seat 0 ends on 30 points against 0
    assert greedy.choose(state, 0, random.Random(1)) == Action("take", deck="Giza")


def test_greedy_does_not_end_the_game_behind() -> None:
    state = _last_stage_owed(opponent_blue=12)  # 36 points: ending now would lose
    assert greedy.choose(state, 0, random.Random(1)) == Action("take", deck="Olympia")
