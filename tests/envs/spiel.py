"""Playing the OpenSpiel games in tests: chance nodes by their probabilities, moves at
random."""

from __future__ import annotations

import random
from typing import Any

import pyspiel


def deal(state: Any, rng: random.Random) -> int:
    """Play chance nodes by their probabilities until a decision or the end; how many."""
    count = 0
    while state.is_chance_node():
        actions, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, probabilities)[0])
        count += 1
    return count


def move(state: Any, rng: random.Random) -> None:
    """One random decision (a joint one at a simultaneous node)."""
    if state.current_player() == pyspiel.PlayerId.SIMULTANEOUS:
        players = state.get_game().num_players()
        state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(players)])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def advance(state: Any, rng: random.Random, moves: int) -> None:
    """Deal, then ``moves`` random decisions, each followed by its chance nodes."""
    deal(state, rng)
    for _ in range(moves):
        if state.is_terminal():
            return
        move(state, rng)
        deal(state, rng)
