"""Clones and sampled worlds are independent of their source (copy on write), and the
written-out trade cost matches the plain rule."""

from __future__ import annotations

import json
import random
from itertools import product

from wonders.duel.state import DuelState, setup
from wonders.duel.trading import trade_cost


def _dump(state: DuelState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _play(state: DuelState, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if state.is_terminal():
            return
        player = state.to_move()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))


def test_a_clone_and_its_source_play_on_independently() -> None:
    for seed in range(20):
        state = setup({}, seed)
        _play(state, random.Random(seed), 10 + seed * 3)
        before = _dump(state)
        copy = state.clone()
        _play(copy, random.Random(seed + 100), 200)  # the clone plays to the end
        assert _dump(state) == before
        again = state.clone()
        _play(state, random.Random(seed + 200), 200)  # the source plays on
        assert _dump(again) == before
        assert _dump(again.clone()) == before


def test_a_sampled_world_leaves_the_true_state_alone() -> None:
    rng = random.Random(7)
    for seed in range(20):
        state = setup({"first_game": seed % 2 == 1}, seed)
        _play(state, random.Random(seed), 5 + seed * 4)
        before = _dump(state)
        world = state.sample_world(0, rng)
        _play(world, random.Random(seed), 200)
        assert _dump(state) == before


def _plain_trade_cost(
    need: tuple[int, ...],
    produce: tuple[int, ...],
    choices: tuple[tuple[int, ...], ...],
    prices: tuple[int, ...],
    waive: int,
) -> int:
    """Every way of using the either/or production, the dearest units waived."""
    best = None
    for picks in product(*[(*c, None) for c in choices]):
        have = list(produce)
        for r in picks:
            if r is not None:
                have[r] += 1
        units = sorted(
            (prices[r] for r in range(5) for _ in range(max(0, need[r] - have[r]))), reverse=True
        )
        cost = sum(units[waive:])
        best = cost if best is None else min(best, cost)
    assert best is not None
    return best


def test_trade_cost_is_the_cheapest_of_every_choice() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        need = tuple(rng.randint(0, 3) for _ in range(5))
        produce = tuple(rng.randint(0, 2) for _ in range(5))
        choices = tuple(
            tuple(rng.sample(range(5), rng.randint(2, 3))) for _ in range(rng.randint(0, 3))
        )
        prices = tuple(rng.randint(1, 5) for _ in range(5))
        waive = rng.choice([0, 0, 2, 5])
        assert trade_cost(need, produce, choices, prices, waive) == _plain_trade_cost(
            need, produce, choices, prices, waive
        )
