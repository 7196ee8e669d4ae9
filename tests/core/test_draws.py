"""The engines' shuffles and samples draw exactly what ``random.Random`` draws."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from wonders.core.draws import sample, shuffle, shuffle_all


@settings(max_examples=300)
@given(sizes=st.lists(st.integers(0, 300), max_size=8), seed=st.integers(0, 2**64))
def test_shuffle_all_is_random_shuffle_in_turn(sizes: list[int], seed: int) -> None:
    mine = [list(range(n)) for n in sizes]
    theirs = [list(range(n)) for n in sizes]
    rng, reference = random.Random(seed), random.Random(seed)
    shuffle_all(rng, mine)
    for items in theirs:
        reference.shuffle(items)
    assert mine == theirs
    assert rng.getstate() == reference.getstate()  # the same numbers drawn, no more


@settings(max_examples=300)
@given(size=st.integers(0, 40), k=st.integers(0, 8), seed=st.integers(0, 2**64))
def test_sample_is_random_sample(size: int, k: int, seed: int) -> None:
    items = [f"c{i}" for i in range(size)]
    rng, reference = random.Random(seed), random.Random(seed)
    if k > size:
        k = size
    assert sample(rng, items, k) == reference.sample(items, k)
    assert rng.getstate() == reference.getstate()


def test_shuffle_of_names_is_the_permutation_of_numbers() -> None:
    names = [f"t{i}" for i in range(15)]
    numbers = list(range(15))
    shuffle(random.Random(7), names)
    shuffle(random.Random(7), numbers)
    assert names == [f"t{i}" for i in numbers]


class Drawn(random.Random):
    """A generator that changes how it draws: shuffles fall back to its own shuffle."""

    def random(self) -> float:
        return 0.5


def test_a_subclass_of_random_uses_its_own_shuffle_and_sample() -> None:
    mine, theirs = list(range(20)), list(range(20))
    shuffle(Drawn(1), mine)
    Drawn(1).shuffle(theirs)
    assert mine == theirs
    assert sample(Drawn(2), list(range(10)), 3) == Drawn(2).sample(list(range(10)), 3)
