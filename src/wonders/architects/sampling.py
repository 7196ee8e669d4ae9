"""7 Wonders Architects' hidden information: the worlds a player cannot tell apart."""

from __future__ import annotations

import random
from typing import Any, Final

from wonders.core.draws import shuffle_all

EMPTY: Final[list[Any]] = []  # never changed


def resample(
    central: list[int],
    keep_top: bool,
    decks: list[list[int]],
    searched: int,
    held: list[int],
    stack: list[str],
    rng: random.Random,
) -> tuple[list[int], list[list[int]], list[int], list[str]]:
    """Reshuffle what a player cannot know: the central deck (but its top card if
    ``keep_top``: the player looked at it), every face-up deck below its visible top, the
    cards ``held`` (the top one first) that another player took with Halicarnassus from deck
    ``searched`` (-1: none) but the one that was on top, the token stack (its top last).

    The central deck, the decks (the top last, rows never changed in place), the held cards
    and the stack afterwards, in new lists where they changed: the given ones may be shared
    with other states and are left alone."""
    # Copies take the top along and give it back after the shuffle: the list's room for it
    # is kept, so putting it back allocates nothing.
    hidden = central[:]
    top = hidden.pop() if keep_top else 0
    pools: list[list[Any]] = [hidden]  # what is shuffled, in the order it is shuffled
    for d in range(len(decks)):
        deck = decks[d]
        if d == searched:
            pool = deck[:-1]
            pool += held[1:]
            pools.append(pool)
        elif len(deck) > 2:
            pool = deck[:]
            pool.pop()
            pools.append(pool)
        else:
            pools.append(EMPTY)  # nothing to shuffle below the top: the row is kept
    if len(stack) > 1:
        stack = stack[:]
    pools.append(stack)
    for pool in pools:
        pool.sort()  # what is drawn depends on what is hidden, never on its true order
    shuffle_all(rng, pools)  # as shuffling each in turn
    if keep_top:
        hidden.append(top)
    new_decks: list[list[int]] = []
    for d in range(len(decks)):
        deck = decks[d]
        if len(deck) <= 2 and d != searched:
            new_decks.append(deck)
            continue
        pool = pools[d + 1]
        if d == searched:
            extra = len(held) - 1
            held = held[:1] + pool[:extra]
            pool = pool[extra:]
        if deck:
            pool.append(deck[-1])
        new_decks.append(pool)
    return hidden, new_decks, held, stack
