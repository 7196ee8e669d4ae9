"""The greedy bot's Architects evaluation: legal, public-information choices that beat random."""

from __future__ import annotations

import random

from tests.architects.helpers import game, give, stack, take
from wonders.architects import greedy
from wonders.architects.actions import Action
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
    assert wins >= games // 2


def test_greedy_takes_the_card_that_builds_a_stage() -> None:
    state = game("Giza", "Rhodes", "Olympia")
    give(state, 0, wood=1)
    stack(state, "Giza", "red0")
    stack(state, "Olympia", "stone")
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
