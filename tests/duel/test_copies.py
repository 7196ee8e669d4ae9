"""Clones and sampled worlds are independent of their source (copy on write), and the
written-out trade cost matches the plain rule."""

from __future__ import annotations

import hashlib
import json
import random
from itertools import product

from wonders.duel.sampling import visible_cards
from wonders.duel.state import DuelState, setup
from wonders.duel.trading import trade_cost

# recorded when the next Age came to be laid out before its choice
GOLDEN_WORLDS = "00c296c1a2601ae3"


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


def test_the_cards_seen_are_the_structures_but_the_face_down() -> None:
    """What ``resample`` reads from the structure (sampling's docstring) is every card in
    sight: the earlier Ages' structures whole, the one laid out but its face-down cards."""
    for seed in range(30):
        state = setup({"first_game": seed % 2 == 1}, seed)
        rng = random.Random(seed)
        while True:
            structure = state.structure
            seen: set[str] = set()
            if structure is not None and state.phase != "draft":
                for age in range(1, state.age):
                    seen.update(state.decks[age])
                deck = state.decks[state.age]
                for i, card in enumerate(structure.cards):
                    if card is None or structure.face_up[i]:
                        seen.add(deck[i])
                    else:
                        assert card == deck[i]
            assert set(visible_cards(state)) == seen
            if state.is_terminal():
                break
            player = state.to_move()[0]
            state.apply(player, rng.choice(state.legal_actions(player)))


def test_sampled_worlds_and_the_generator_after_them_are_pinned() -> None:
    """The worlds, and the generator left in the same state, as recorded (the batched draws
    are ``random.Random``'s own shuffle and sample: tests/core/test_draws.py); a change to
    what sampling draws must be deliberate."""
    digest = hashlib.sha256()
    for seed in range(12):
        state = setup({"first_game": seed % 3 == 0}, seed)
        rng, sampler = random.Random(seed), random.Random(seed + 1000)
        while not state.is_terminal():
            player = state.to_move()[0]
            digest.update(_dump(state.sample_world(player, sampler)).encode())
            state.apply(player, rng.choice(state.legal_actions(player)))
        digest.update(str(sampler.random()).encode())
    assert digest.hexdigest()[:16] == GOLDEN_WORLDS
