"""Bots speak only the protocol: given a state and a seat, choose one legal action."""

from __future__ import annotations

import random
from typing import Any, Protocol

from wonders.core.errors import OptionsError
from wonders.core.protocol import State


class Bot(Protocol):
    name: str

    def choose(self, state: State, player: int) -> Any:
        """One of ``state.legal_actions(player)``."""


class RandomBot:
    """Uniformly random among the legal actions (seeded)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Any:
        return self.rng.choice(state.legal_actions(player))


BOT_NAMES = ("random", "greedy")


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name; an unknown name is an OptionsError."""
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        from wonders.bots.greedy import GreedyBot

        return GreedyBot(seed)
    raise OptionsError(f"unknown bot {name!r}; bots: {', '.join(BOT_NAMES)}")
