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

``Draws`` fetches the words in batches, ``getrandbits(32 * m)`` read as little-endian bytes
(word by word, in the order the generator makes them), ``m`` never more than the draws its
caller said are still to come, so no word is drawn that the standard library would not
draw. A caller that knows how many draws a whole re-deal takes (``randbelow`` calls, not
words: a rejected value costs a word, not a draw) makes them all from one ``Draws``.
"""

from __future__ import annotations

import random
from typing import Final, TypeVar

T = TypeVar("T")

WIDEST: Final = 32  # randbelow(n) takes the top bits of one word while n < 2**32
SAMPLE_POOL: Final = 21  # the standard library samples a population this small from a pool
SAMPLE_MOST: Final = 5  # ... when it takes at most this many


def draws_to_shuffle(n: int) -> int:
    """The ``randbelow`` calls of a shuffle of ``n`` items."""
    return n - 1 if n > 1 else 0


class Draws:
    """The next ``count`` draws of ``rng``: shuffles and samples as ``rng``'s own, in order.

    A promise: exactly ``count`` draws are made through it (``left`` counts them down), and
    none from ``rng`` directly meanwhile. A subclass of ``random.Random`` (or an oversized
    request, raised as ``ValueError`` before any word is fetched) is not batched."""

    def __init__(self, rng: random.Random, count: int) -> None:
        self.rng = rng
        self.batched = type(rng) is random.Random
        self.left = count  # the draws still to make
        self.words = b""
        self.top = 3  # the index in ``words`` of the next word's top byte

    def _fetch(self) -> bytes:
        """The next batch of words (as many as the draws still to make)."""
        if self.left < 1:
            raise ValueError("more draws than promised")
        self.words = self.rng.getrandbits(32 * self.left).to_bytes(4 * self.left, "little")
        self.top = 3
        return self.words

    def below(self, n: int) -> int:
        """``rng._randbelow(n)``, ``1 <= n < 2**32``."""
        k = n.bit_length()
        if k > WIDEST:
            raise ValueError("too wide a draw")
        words = self.words
        top = self.top
        while True:
            if top >= len(words):
                words = self._fetch()
                top = 3
            if k <= 8:
                j = words[top] >> (8 - k)
            else:
                word = words[top] << 24 | words[top - 1] << 16 | words[top - 2] << 8
                j = (word | words[top - 3]) >> (WIDEST - k)
            top += 4
            if j < n:
                self.top = top
                self.left -= 1
                return j

    def shuffle(self, items: list[T]) -> None:
        """``rng.shuffle(items)``."""
        if not self.batched:
            self.rng.shuffle(items)
            return
        i = len(items) - 1
        if i < 1:
            return
        if i >= 255:  # 256 items or more: draws of 9 bits or more
            while i >= 1:
                j = self.below(i + 1)
                items[i], items[j] = items[j], items[i]
                i -= 1
            return
        # the usual case inlined: every draw in a word's top byte
        words = self.words
        top = self.top
        left = self.left
        k = (i + 1).bit_length()
        low = 1 << (k - 1)  # the least number of k bits
        while i >= 1:
            n = i + 1
            if n < low:
                k -= 1  # k == n.bit_length()
                low >>= 1
            while True:
                if top >= len(words):
                    self.left = left
                    words = self._fetch()
                    top = 3
                j = words[top] >> (8 - k)
                top += 4
                if j < n:
                    break
            items[i], items[j] = items[j], items[i]
            left -= 1
            i -= 1
        self.top = top
        self.left = left

    def sample(self, population: list[T], k: int) -> list[T]:
        """``rng.sample(population, k)``: a population of at most 21 and ``k <= 5`` (the
        standard library's pool method) unless ``rng`` is not batched."""
        n = len(population)
        if not self.batched:
            return self.rng.sample(population, k)
        if n > SAMPLE_POOL or not 0 <= k <= min(n, SAMPLE_MOST):
            raise ValueError("a sample outside the pool method")
        pool = list(population)
        out = []
        for i in range(k):
            m = n - i
            j = self.below(m)
            out.append(pool[j])
            pool[j] = pool[m - 1]
        return out


def shuffle_all(rng: random.Random, lists: list[list[T]]) -> None:
    """``for items in lists: rng.shuffle(items)``."""
    count = 0
    longest = 0
    for items in lists:
        count += draws_to_shuffle(len(items))
        longest = max(longest, len(items))
    if type(rng) is not random.Random or longest.bit_length() > WIDEST:
        for items in lists:
            rng.shuffle(items)
        return
    draws = Draws(rng, count)
    for items in lists:
        draws.shuffle(items)


def shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)``."""
    shuffle_all(rng, [items])


def sample(rng: random.Random, population: list[T], k: int) -> list[T]:
    """``rng.sample(population, k)`` (compiled for populations of up to 21 and k <= 5, the
    standard library's pool method; otherwise the standard library's own)."""
    n = len(population)
    if type(rng) is not random.Random or n > SAMPLE_POOL or not 0 <= k <= min(n, SAMPLE_MOST):
        return rng.sample(population, k)
    return Draws(rng, k).sample(population, k)
