"""Shuffles and samples that draw exactly what ``random.Random`` draws, compiled.

The standard library's ``shuffle`` and ``sample`` are pure Python; the engines call them on
every deal and every sampled world, so these do the same work in compiled code. They draw
the very same random numbers in the same order (a seeded game is the same game in either
build, and the same as before they existed) and leave the generator in the same state.

How the standard library draws (CPython 3.11+): ``randbelow(n)`` takes ``k =
n.bit_length()`` bits, ``getrandbits(k)``, again while the value is ``>= n``; for ``k <= 32``
that is the top ``k`` bits of the generator's next 32-bit word. ``shuffle`` swaps each
position ``i`` from the end with ``randbelow(i + 1)``; ``sample`` of ``k`` from a small
population takes ``randbelow(n - i)`` from a pool, moving the pool's last item into the
hole. A subclass of ``random.Random`` may draw otherwise: it keeps its own methods.
``tests/core/test_draws.py`` checks all this against the standard library.
"""

from __future__ import annotations

import random
from typing import Final, TypeVar

T = TypeVar("T")

LONGEST: Final = 255  # lists up to this long: every draw fits in the top byte of a word
SAMPLE_POOL: Final = 21  # the standard library samples a population this small from a pool


def shuffle_all(rng: random.Random, lists: list[list[T]]) -> None:
    """``for items in lists: rng.shuffle(items)``.

    The 32-bit words come in batches, ``getrandbits(32 * m)`` read as little-endian bytes
    (word by word, in the order the generator makes them), ``m`` never more than the draws
    still to make, so no word is drawn that the standard library would not draw."""
    left = 0  # the draws still to make (each takes one word or more)
    longest = 0
    for items in lists:
        if len(items) > 1:
            left += len(items) - 1
        longest = max(longest, len(items))
    if type(rng) is not random.Random or longest > LONGEST:
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


def shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)``."""
    shuffle_all(rng, [items])


def sample(rng: random.Random, population: list[T], k: int) -> list[T]:
    """``rng.sample(population, k)`` (compiled for populations of up to 21 and k <= 5, the
    standard library's pool method; otherwise the standard library's own)."""
    n = len(population)
    if type(rng) is not random.Random or n > SAMPLE_POOL or k > 5 or not 0 <= k <= n:
        return rng.sample(population, k)
    pool = list(population)
    getrandbits = rng.getrandbits
    out = []
    for i in range(k):
        m = n - i
        bits = m.bit_length()
        j = getrandbits(bits)
        while j >= m:
            j = getrandbits(bits)
        out.append(pool[j])
        pool[j] = pool[m - 1]
    return out
