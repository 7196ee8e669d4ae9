"""The greedy bot of every game: each game's own one-move evaluation, ``greedy.choose``
in its package (``wonders.classic.greedy``, ``wonders.duel.greedy``...), seeded here."""

from __future__ import annotations

import random
from typing import Any

from wonders.core.protocol import State
from wonders.core.registry import get_game


class GreedyBot:
    """Plays the game's ``greedy`` part (``choose(state, seat, rng)``) with its own seeded rng."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Any:
        return get_game(state.game_name).part("greedy")(state, player, self.rng)
