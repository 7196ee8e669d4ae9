"""The engines' shuffles and samples draw exactly what ``random.Random`` draws."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wonders.core.draws import Draws, draws_to_shuffle, sample, shuffle, shuffle_all


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


@settings(max_examples=300)
@given(
    requests=st.lists(
        st.one_of(
            st.tuples(st.just("shuffle"), st.integers(0, 300)),
            st.tuples(st.just("sample"), st.integers(0, 21)),
        ),
        max_size=8,
    ),
    seed=st.integers(0, 2**64),
)
def test_one_draws_makes_a_sequence_of_shuffles_and_samples(
    requests: list[tuple[str, int]], seed: int
) -> None:
    """Batched across calls, the words are still the standard library's, and no more."""
    count = 0
    for kind, n in requests:
        count += draws_to_shuffle(n) if kind == "shuffle" else min(n, 5)
    rng, reference = random.Random(seed), random.Random(seed)
    draws = Draws(rng, count)
    for kind, n in requests:
        items = list(range(n))
        if kind == "shuffle":
            theirs = list(items)
            draws.shuffle(items)
            reference.shuffle(theirs)
            assert items == theirs
        else:
            assert draws.sample(items, min(n, 5)) == reference.sample(items, min(n, 5))
    assert draws.left == 0
    assert rng.getstate() == reference.getstate()


@settings(max_examples=100)
@given(n=st.integers(257, 70000), seed=st.integers(0, 2**64))
def test_draws_below_takes_wide_draws_as_the_standard_library(n: int, seed: int) -> None:
    rng, reference = random.Random(seed), random.Random(seed)
    assert Draws(rng, 1).below(n) == reference._randbelow(n)
    assert rng.getstate() == reference.getstate()


def test_draws_refuses_more_draws_than_promised() -> None:
    draws = Draws(random.Random(3), 2)
    draws.shuffle([1, 2, 3])
    with pytest.raises(ValueError):
        draws.shuffle([1, 2])


def test_draws_of_a_subclass_use_its_own_methods() -> None:
    mine, theirs = list(range(20)), list(range(20))
    draws = Draws(Drawn(1), 0)
    draws.shuffle(mine)
    Drawn(1).shuffle(theirs)
    assert mine == theirs
    other = Draws(Drawn(2), 0)
    assert other.sample(list(range(10)), 3) == Drawn(2).sample(list(range(10)), 3)
