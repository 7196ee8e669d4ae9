"""The hot-path representation (issue 13): clones share what never changes in place, the
payment solver's id-keyed memo answers as the tuple-keyed solver does, and a state read
back from JSON (its production and memo keys rebuilt from scratch) offers the same actions."""

from __future__ import annotations

import json
import random

import pytest

from wonders.classic.payments import _unbounded, market_options
from wonders.classic.state import ClassicState, setup
from wonders.classic.state import from_json as state_from_json

OPTIONS = [
    {"players": 3},
    {"players": 7},
    {"players": 2},
    {"players": 4, "expansions": ["leaders", "cities"]},
    {"players": 6, "expansions": ["cities"], "teams": True},
]


def _step(state: ClassicState, rng: random.Random) -> None:
    for p in state.to_move():
        state.apply(p, rng.choice(state.legal_actions(p)))


@pytest.mark.parametrize("options", OPTIONS)
def test_a_clone_played_on_leaves_the_original_untouched(options: dict[str, object]) -> None:
    rng = random.Random(7)
    state = setup(options, 11)
    while not state.is_terminal():
        before = json.dumps(state.to_json(), sort_keys=True)
        clone = state.clone()
        other = random.Random(rng.random())
        for _ in range(4):
            if clone.is_terminal():
                break
            _step(clone, other)
        assert json.dumps(state.to_json(), sort_keys=True) == before
        _step(state, rng)


@pytest.mark.parametrize("options", OPTIONS)
def test_memo_keys_match_a_state_read_back_from_json(options: dict[str, object]) -> None:
    rng = random.Random(3)
    state = setup(options, 5)
    while not state.is_terminal():
        loaded = state_from_json(state.to_json())
        for p in state.to_move():
            assert loaded.legal_actions(p) == state.legal_actions(p)
        for city, again in zip(state.cities, loaded.cities, strict=True):
            # (the production's order may differ: stages are rebuilt first; the solver
            # does not depend on it)
            assert city.names == again.names
            assert city.trade_key == again.trade_key
            assert city.prices_id == again.prices_id
        _step(state, rng)


def test_market_options_agree_with_the_tuple_keyed_solver() -> None:
    rng = random.Random(1)
    for seed in range(30):
        state = setup({"players": 5}, seed)
        while not state.is_terminal():
            for p in range(state.n):
                city = state.cities[p]
                left, right = state.cities[state.left(p)], state.cities[state.right(p)]
                need = tuple(rng.randint(0, 2) for _ in range(7))
                market = city.market(left, right)
                assert market_options(need, city.market_key(left, right)) == _unbounded(
                    need, market
                )
            _step(state, rng)
