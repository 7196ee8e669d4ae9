"""7 Wonders Architects' hidden information: the worlds a player cannot tell apart."""

from __future__ import annotations

import random
from typing import Protocol, TypeVar

T = TypeVar("T")


def shuffle(items: list[T], rng: random.Random) -> None:
    """``rng.shuffle(items)``: the same random numbers drawn, the same permutation (the
    standard library's algorithm, which is pure Python; compiled, this copy is much faster).
    A subclass of Random that changes how it draws falls back to its own ``shuffle``."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


class Decks(Protocol):
    """What ``resample`` reads and reshuffles in an Architects state (``state.py``)."""

    central: list[int]
    knows_top: int  # bit mask of the seats that looked at the central deck's top card
    decks: list[list[int]]
    held_deck: int  # the deck searched by Halicarnassus (-1: none)
    held: list[int]  # the cards looked at by Halicarnassus, the top one first
    current: int
    stack: list[str]  # the progress tokens' face-down stack (its top last)


def resample(world: Decks, player: int, rng: random.Random) -> None:
    """Reshuffle what ``player`` cannot know: the central deck (but a top card the player
    looked at), every face-up deck below its visible top, the cards another player is
    looking at with Halicarnassus (but the one that was on top), the token stack."""
    central = world.central
    keep = 1 if central and world.knows_top >> player & 1 else 0
    hidden = central[: len(central) - keep]
    shuffle(hidden, rng)
    central[: len(hidden)] = hidden
    for d, deck in enumerate(world.decks):
        pool = deck[:-1]
        searched = d == world.held_deck and player != world.current
        if searched:
            pool += world.held[1:]
        shuffle(pool, rng)
        if searched:
            extra = len(world.held) - 1
            world.held[1:] = pool[:extra]
            pool = pool[extra:]
        deck[: len(deck) - 1] = pool
    shuffle(world.stack, rng)
