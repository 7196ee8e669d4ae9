"""7 Wonders Architects' hidden information: the worlds a player cannot tell apart."""

from __future__ import annotations

import random
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


def shuffle_all(lists: list[list[T]], rng: random.Random) -> None:
    """``for items in lists: rng.shuffle(items)``: the same random numbers drawn, the same
    permutations, the generator left in the same state; several times faster compiled.

    The standard library's shuffle (pure Python) draws, for each position ``i`` from the
    end, ``j = getrandbits(k)`` with ``k = (i + 1).bit_length()``, again while ``j > i``,
    then swaps; ``getrandbits(k)`` is the top ``k`` bits of the generator's next 32-bit
    word. Here the words come in batches, ``getrandbits(32 * m)`` as little-endian bytes
    (word by word in the order the generator makes them), ``m`` never more than the draws
    still to make, so no word is drawn that the standard library would not draw; with at
    most 255 items ``k <= 8``, so a draw is the top bits of a word's top byte. A subclass of
    Random that changes how it draws, or a longer list, uses ``rng.shuffle``."""
    left = 0  # the draws still to make (each takes one word or more)
    longest = 0
    for items in lists:
        if len(items) > 1:
            left += len(items) - 1
        longest = max(longest, len(items))
    if type(rng) is not random.Random or longest > 255:
        for items in lists:
            rng.shuffle(items)
        return
    words = b""
    top = 3  # the index in ``words`` of the next word's top byte
    for items in lists:
        i = len(items) - 1
        if i < 1:
            continue
        k = (i + 1).bit_length()
        low = 1 << (k - 1)  # the least number of k bits
        while i >= 1:
            n = i + 1
            if n < low:
                k -= 1  # k == n.bit_length()
                low >>= 1
            while True:
                if top >= len(words):
                    words = rng.getrandbits(32 * left).to_bytes(4 * left, "little")
                    top = 3
                j = words[top] >> (8 - k)
                top += 4
                if j < n:
                    break
            items[i], items[j] = items[j], items[i]
            left -= 1
            i -= 1


def shuffle(items: list[T], rng: random.Random) -> None:
    """``rng.shuffle(items)`` (see ``shuffle_all``)."""
    shuffle_all([items], rng)


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
    shuffle_all(pools, rng)  # as shuffling each in turn
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
