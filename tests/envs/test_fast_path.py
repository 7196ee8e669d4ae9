"""The compiled observers (``<game>/observe.py``) give exactly what the view-based
reference encoders give: the observation vector, the action indices and the mask, for every
seat at every step of seeded games of every game and option set the environment tests use."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from tests.envs.cases import CASES, case_id  # noqa: E402
from wonders.core.registry import get_game  # noqa: E402
from wonders.envs import make_codec  # noqa: E402
from wonders.envs.codec import Codec  # noqa: E402

# fields that are 0 in most positions: the games played must show each of them at least
# once, or the comparison would prove nothing about them
RARE = {
    "classic": ("discard", "deciding_for_free_city", "teammate_hand", "leader_packet"),
    "duel": ("library", "pending", "structure_taken"),
    "architects": ("searching", "central_top", "pending"),
}


def _reference_mask(codec: Codec, indices: list[int]) -> Any:
    out = np.zeros(codec.num_actions, dtype=np.int8)
    out[[i for i in indices if i >= 0]] = 1
    return out


def _compare(codec: Codec, state: Any, seen: set[str]) -> int:
    """Compare both encoders for every seat of ``state``; returns the seats compared."""
    for seat in range(codec.num_players):
        fast, reference = codec.observe(state, seat), codec.reference_observe(state, seat)
        assert fast.dtype == reference.dtype == np.float32
        assert np.array_equal(fast, reference), [
            name
            for name, offset, size, _ in codec.layout.fields
            if not np.array_equal(fast[offset : offset + size], reference[offset : offset + size])
        ]
        for name, offset, size, _ in codec.layout.fields:
            if reference[offset : offset + size].any():
                seen.add(name.split(".")[-1] if name.startswith("city_") else name)
        if state.is_terminal():
            continue
        actions = state.legal_actions(seat)
        indices = codec.action_indices(actions, seat)
        assert indices == codec.reference_indices(actions, seat)
        legal = dict(zip(indices, actions, strict=True))
        mask = codec.mask(legal)
        assert mask.dtype == np.int8
        assert np.array_equal(mask, _reference_mask(codec, list(legal)))
    return codec.num_players


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_fast_path_equals_the_reference(case: tuple[str, dict[str, Any]]) -> None:
    game, options = case
    codec = make_codec(game, options)
    assert codec.fast is not None, "every game has a compiled observer"
    players = int(options.get("players", 2))
    games = max(2, 12 // players)  # bounded run time: fewer games at bigger tables
    seen: set[str] = set()
    compared = 0
    for seed in range(games):
        state = get_game(game).setup(dict(options), seed)
        rng = random.Random(seed)
        compared += _compare(codec, state, seen)
        while not state.is_terminal():
            # one seat at a time: simultaneous turns are compared half chosen too
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            compared += _compare(codec, state, seen)
    assert compared > 100
    assert "hand" in seen or game != "classic"
    seen_everywhere.setdefault(game, set()).update(seen)


seen_everywhere: dict[str, set[str]] = {}


@pytest.mark.parametrize("game", sorted(RARE))
def test_rare_fields_were_compared(game: str) -> None:
    """The games above reached the rarely non-zero fields (runs after them, same module)."""
    seen = seen_everywhere.get(game)
    if seen is None:
        pytest.skip("the comparisons did not run in this session")
    missing = [name for name in RARE[game] if name not in seen]
    assert not missing, f"never non-zero in the compared games: {missing}"


def test_returned_arrays_are_fresh() -> None:
    """An observation or mask kept by the caller never changes afterwards."""
    codec = make_codec("duel", {})
    state = get_game("duel").setup({}, 1)
    seat = state.to_move()[0]
    obs = codec.observe(state, seat)
    legal = codec.legal(state, seat)
    mask = codec.mask(legal)
    kept_obs, kept_mask = obs.copy(), mask.copy()
    again = codec.observe(state, seat)
    assert not np.shares_memory(obs, again)
    again[:] = 7
    codec.mask(legal)[:] = 0
    state.apply(seat, state.legal_actions(seat)[0])
    codec.observe(state, seat)
    assert np.array_equal(obs, kept_obs) and np.array_equal(mask, kept_mask)
    assert obs.flags.writeable and mask.flags.writeable


def test_without_a_fast_observer_the_reference_runs() -> None:
    codec = make_codec("architects", {"players": 3})
    state = get_game("architects").setup({"players": 3}, 2)
    fast = codec.observe(state, 1)
    actions = state.legal_actions(state.to_move()[0])
    fast_indices = codec.action_indices(actions, state.to_move()[0])
    codec.fast = None
    assert np.array_equal(codec.observe(state, 1), fast)
    assert codec.action_indices(actions, state.to_move()[0]) == fast_indices


def test_codecs_copy_and_pickle() -> None:
    """States holding a codec can be deep-copied (OpenSpiel's MCTS does) and pickled."""
    import copy
    import pickle

    codec = make_codec("classic", {"players": 4, "expansions": ["leaders"]})
    assert copy.deepcopy({"codec": codec})["codec"] is codec
    again = pickle.loads(pickle.dumps(codec))
    assert again.options == codec.options and again.fast is not None
    state = get_game("classic").setup({"players": 4, "expansions": ["leaders"]}, 3)
    assert np.array_equal(again.observe(state, 2), codec.observe(state, 2))
