"""7 Wonders Architects' hidden information: the worlds a player cannot tell apart."""

from __future__ import annotations

import random
from typing import Any, Protocol

from wonders.core.draws import shuffle_all


class Decks(Protocol):
    """What ``resample`` reads and reshuffles in an Architects state (``state.py``)."""

    central: list[int]
    knows_top: int  # bit mask of the seats that looked at the central deck's top card
    decks: list[list[int]]  # rows never changed in place (state.py)
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
    hidden = central[:-1] if keep else central  # the world's own list: shuffled in place
    searched = world.held_deck if player != world.current else -1
    pools: list[list[Any]] = [hidden]  # what is shuffled, in the order it is shuffled
    for d, deck in enumerate(world.decks):
        pool = deck[:-1]
        if d == searched:
            pool += world.held[1:]
        pools.append(pool)
    pools.append(world.stack)
    shuffle_all(rng, pools)  # as shuffling each in turn
    if keep:
        central[:-1] = hidden
    for d, deck in enumerate(world.decks):
        pool = pools[d + 1]
        if d == searched:
            extra = len(world.held) - 1
            world.held[1:] = pool[:extra]
            pool = pool[extra:]
        if deck:
            pool.append(deck[-1])
        world.decks[d] = pool  # a new row: clones share the old one
