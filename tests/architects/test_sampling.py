"""The engine's shuffle draws exactly what ``random.Random.shuffle`` draws."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from wonders.architects.sampling import shuffle, shuffle_all


@settings(max_examples=300)
@given(sizes=st.lists(st.integers(0, 300), max_size=8), seed=st.integers(0, 2**64))
def test_shuffle_all_is_random_shuffle_in_turn(sizes: list[int], seed: int) -> None:
    mine = [list(range(n)) for n in sizes]
    theirs = [list(range(n)) for n in sizes]
    rng, reference = random.Random(seed), random.Random(seed)
    shuffle_all(mine, rng)
    for items in theirs:
        reference.shuffle(items)
    assert mine == theirs
    assert rng.getstate() == reference.getstate()  # the same numbers drawn, no more


def test_shuffle_of_names_is_the_permutation_of_numbers() -> None:
    names = [f"t{i}" for i in range(15)]
    numbers = list(range(15))
    shuffle(names, random.Random(7))
    shuffle(numbers, random.Random(7))
    assert names == [f"t{i}" for i in numbers]


class Drawn(random.Random):
    """A generator that changes how it draws: shuffles fall back to its own shuffle."""

    def random(self) -> float:
        return 0.5


def test_a_subclass_of_random_uses_its_own_shuffle() -> None:
    mine, theirs = list(range(20)), list(range(20))
    shuffle(mine, Drawn(1))
    Drawn(1).shuffle(theirs)
    assert mine == theirs
