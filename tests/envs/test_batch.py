"""The batched stepper (``wonders.envs.batch``): numpy arrays in and out, auto-reset, the
Gymnasium environment's games seed for seed, bad actions refused before anything moves,
and the benchmark function's report (no timing is asserted)."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from wonders.core.errors import OptionsError  # noqa: E402
from wonders.envs.batch import BatchStepper, benchmark, random_actions  # noqa: E402
from wonders.envs.gym import WondersGym  # noqa: E402


def test_arrays_and_auto_reset_follow_the_gymnasium_games() -> None:
    n, seed = 3, 20
    stepper = BatchStepper("duel", n, opponents="random", seed=seed)
    obs, masks = stepper.reset()
    assert obs.shape == (n, stepper.obs_size) and obs.dtype == np.float32
    assert masks.shape == (n, stepper.num_actions) and masks.dtype == np.int8
    envs = [WondersGym("duel", opponents="random") for _ in range(n)]
    expected = [e.reset(seed=seed + i)[0] for i, e in enumerate(envs)]
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(80):  # Duel games are shorter: every row ends and starts again
        for i in range(n):
            assert np.array_equal(obs[i], expected[i]["observation"])
            assert np.array_equal(masks[i], expected[i]["action_mask"])
        actions = random_actions(masks, rng)
        obs, masks, rewards, dones = stepper.step(actions)
        assert rewards.dtype == np.float32 and dones.dtype == np.bool_
        for i, e in enumerate(envs):
            expected[i], reward, terminated, _, info = e.step(int(actions[i]))
            assert (rewards[i], dones[i]) == (reward, terminated)
            if terminated:
                assert stepper.infos[i] == info and "result" in info
                expected[i], _ = e.reset()  # the auto-reset: the next game of the row
                ended += 1
            else:
                assert stepper.infos[i] == {}
        assert masks.sum(axis=1).min() >= 1  # every row is a decision of a live game
    assert ended >= n


def test_reset_starts_the_same_games_again() -> None:
    stepper = BatchStepper("classic", 2, opponents="greedy", seed=4, players=3)
    first = stepper.reset()
    stepper.step(random_actions(first[1], np.random.default_rng(1)))
    again = stepper.reset()
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))


def test_bad_actions_change_nothing() -> None:
    stepper = BatchStepper("architects", 2, opponents="random", players=3)
    with pytest.raises(RuntimeError, match="reset"):
        stepper.step(np.zeros(2, dtype=np.int64))
    _, masks = stepper.reset()
    before = [solo.table.state.to_json() for solo in stepper.games]
    legal = masks.argmax(axis=1)
    for bad in (legal[:1], legal.astype(np.float32), np.array([legal[0], 10**6])):
        with pytest.raises(ValueError, match="action"):
            stepper.step(bad)
    assert [solo.table.state.to_json() for solo in stepper.games] == before
    illegal = np.array([legal[0], int(np.flatnonzero(masks[1] == 0)[-1])])
    _, _, rewards, dones = stepper.step(illegal)  # an illegal action ends its game only
    assert dones.tolist() == [False, True] and rewards[1] == -1.0
    assert stepper.infos[1] == {"illegal_action": True}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "duel", "n": 0}, "n must be a positive"),
        ({"game": "nope", "n": 2}, "unknown game"),
        ({"game": "duel", "n": 2, "opponents": "nobody"}, "unknown bot"),
    ],
)
def test_bad_options(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        BatchStepper(**kwargs)


def test_benchmark_reports_rates() -> None:
    row = benchmark("duel", 2, opponents="random", seconds=0.05)
    assert row["n"] == 2 and row["calls"] >= 1
    assert row["decisions_per_second"] > 0
    assert row["all_decisions_per_second"] >= row["decisions_per_second"]
