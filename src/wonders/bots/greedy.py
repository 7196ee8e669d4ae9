"""The greedy bot of every game: each game's own one-move evaluation, ``greedy.choose``
in its package (``wonders.classic.greedy``, ``wonders.duel.greedy``...), seeded here."""

from __future__ import annotations

import importlib
import random
from typing import Any

from wonders.core.protocol import State


class GreedyBot:
    """Plays ``wonders.<game>.greedy.choose(state, seat, rng)`` with its own seeded rng."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Any:
        game = importlib.import_module(f"wonders.{state.game_name}.greedy")
        return game.choose(state, player, self.rng)
