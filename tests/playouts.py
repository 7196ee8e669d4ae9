"""A seeded random game played to its end, shared by tests that look at finished games."""

from __future__ import annotations

import random
from typing import Any

from wonders.core.protocol import JSON
from wonders.core.registry import get_game


def random_finish(game: str, options: JSON, seed: int) -> Any:
    """``game`` set up with ``options`` and ``seed``, every decision random (seeded) to the end."""
    state = get_game(game).setup(dict(options), seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        for p in state.to_move():
            if p in state.to_move():  # a simultaneous turn resolves when the last seat chose
                state.apply(p, rng.choice(state.legal_actions(p)))
    return state
