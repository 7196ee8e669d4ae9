"""Many single-agent games stepped together, with numpy arrays in and out.

``BatchStepper(game, n, opponents, seed, **options)`` holds ``n`` games of ``game`` (the
same ``SoloGame`` as the Gymnasium environment, ``wonders.envs.gym``: one learning seat,
the bots ``opponents`` at the others) in this process, and advances every one of them by
one learner decision per ``step``::

    from wonders.envs.batch import BatchStepper

    stepper = BatchStepper("duel", 64, opponents="greedy", seed=0)
    obs, masks = stepper.reset()                  # (64, size) float32, (64, A) int8
    actions = masks.argmax(axis=1)                # any legal index per game
    obs, masks, rewards, dones = stepper.step(actions)

- ``step(actions)`` takes one action index per game (an array of ``n`` integers) and
  returns new arrays: ``obs`` ``(n, size)`` float32, ``masks`` ``(n, num_actions)`` int8,
  ``rewards`` ``(n,)`` float32 and ``dones`` ``(n,)`` bool.
- **Auto-reset**: a game that ends in a ``step`` is replaced at once by the next; its row of
  ``rewards`` and ``dones`` is the ended game's (the final reward, True), its rows of
  ``obs`` and ``masks`` the new game's first decision (Gymnasium's "same-step" auto-reset).
  ``infos[i]`` (the attribute, for the last ``step``) is the ended game's last info
  (``result``, ``score``, ``illegal_action``), else empty.
- **Seeds**: game ``i`` is the Gymnasium environment's after ``reset(seed=seed + i)``, its
  next games those of its later ``reset()`` calls (as ``SyncVectorEnv.reset(seed=seed)``
  seeds its ``i``-th environment). ``reset()`` starts the same ``n`` games again.
- Rewards, opponents, ``seat``, ``illegal`` and ``team_rewards`` are the Gymnasium
  environment's options (``wonders.envs.gym``); an illegal action ends that game only
  (-1, done) with ``illegal="terminate"``; an index outside the action space is a
  ``ValueError`` before any game moves.

``benchmark`` measures learner decisions per second (``benchmarks/bench_batch.py``).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding

from wonders.core.errors import OptionsError
from wonders.core.protocol import JSON
from wonders.envs.gym import SoloGame

__all__ = ["BatchStepper", "benchmark"]


class BatchStepper:
    """``n`` games of one learning seat against bots, stepped together (the module's
    docs)."""

    def __init__(
        self,
        game: str,
        n: int,
        opponents: str | Sequence[str] = "greedy",
        seed: int = 0,
        seat: int | str = 0,
        illegal: str = "terminate",
        team_rewards: bool = False,
        **options: Any,
    ) -> None:
        if not isinstance(n, int) or n < 1:
            raise OptionsError(f"n must be a positive number of games, got {n!r}")
        self.n = n
        self.seed = int(seed)
        first = SoloGame(game, opponents, seat, illegal, team_rewards, **options)
        self.games = [first] + [
            SoloGame(game, opponents, seat, illegal, team_rewards, **options) for _ in range(n - 1)
        ]
        self.single_observation_space: spaces.Space[Any] = first.table.obs_space
        self.single_action_space: spaces.Discrete = first.table.act_space
        self.num_actions = first.num_actions
        self.obs_size = first.obs_size
        self.infos: list[JSON] = [{} for _ in range(n)]
        self._rngs: list[np.random.Generator] = []

    def _reset_game(self, i: int) -> None:
        self.games[i].reset(int(self._rngs[i].integers(2**31)))

    def reset(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """Start the ``n`` games (the same ones at every call): (obs, masks)."""
        self._rngs = []
        for i, solo in enumerate(self.games):
            rng, _ = seeding.np_random(self.seed + i)
            self._rngs.append(rng)
            solo.reset(self.seed + i)
        self.infos = [{} for _ in range(self.n)]
        obs, masks = self._arrays()
        for i, solo in enumerate(self.games):
            obs[i], masks[i] = solo.observation()
        return obs, masks

    def _arrays(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        return (
            np.empty((self.n, self.obs_size), dtype=np.float32),
            np.empty((self.n, self.num_actions), dtype=np.int8),
        )

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.int8],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """One learner decision in every game (the module's docs): (obs, masks, rewards,
        dones)."""
        if not self._rngs:
            raise RuntimeError("call reset() before step()")
        chosen = np.asarray(actions)
        if chosen.shape != (self.n,) or not np.issubdtype(chosen.dtype, np.integer):
            raise ValueError(
                f"actions must be {self.n} integers, got {chosen.dtype} {chosen.shape}"
            )
        if self.games[0].illegal == "terminate":
            outside = (chosen < 0) | (chosen >= self.num_actions)
            if outside.any():
                i = int(np.flatnonzero(outside)[0])
                raise ValueError(f"game {i}'s action {int(chosen[i])} is not in the action space")
        obs, masks = self._arrays()
        rewards = np.zeros(self.n, dtype=np.float32)
        dones = np.zeros(self.n, dtype=bool)
        infos: list[JSON] = [{} for _ in range(self.n)]
        for i, solo in enumerate(self.games):
            reward, done, info = solo.step(int(chosen[i]))
            if done:
                rewards[i], dones[i], infos[i] = reward, True, info
                self._reset_game(i)
            obs[i], masks[i] = solo.observation()
        self.infos = infos
        return obs, masks, rewards, dones

    @property
    def bot_decisions(self) -> int:
        """The bots' decisions in every game so far (what each learner decision costs
        besides its own)."""
        return sum(solo.bot_decisions for solo in self.games)


def random_actions(masks: npt.NDArray[np.int8], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """One uniformly random legal index per row of ``masks``."""
    scores = rng.random(masks.shape, dtype=np.float32) + 1.0  # > 0 wherever legal
    chosen: npt.NDArray[np.int64] = np.argmax(scores * masks, axis=1).astype(np.int64)
    return chosen


def benchmark(
    game: str,
    n: int,
    opponents: str = "random",
    seconds: float = 3.0,
    seed: int = 0,
    **options: Any,
) -> dict[str, Any]:
    """Learner decisions per second of a ``BatchStepper`` of ``n`` games whose learner
    plays uniformly random legal actions: ``step`` calls (auto-resets included) for at
    least ``seconds`` and at least one call; the stepper's construction and first
    ``reset`` are timed apart (``setup_seconds``)."""
    gc.collect()
    start = time.perf_counter()
    stepper = BatchStepper(game, n, opponents=opponents, seed=seed, **options)
    _, masks = stepper.reset()
    setup = time.perf_counter() - start
    rng = np.random.default_rng(seed)
    bots_before = stepper.bot_decisions
    calls = games = 0
    start = time.perf_counter()
    while calls == 0 or time.perf_counter() - start < seconds:
        _, masks, _, dones = stepper.step(random_actions(masks, rng))
        calls += 1
        games += int(dones.sum())
    elapsed = time.perf_counter() - start
    learner = calls * n
    bots = stepper.bot_decisions - bots_before
    return {
        "game": game,
        "options": options,
        "n": n,
        "opponents": opponents,
        "calls": calls,
        "games_ended": games,
        "seconds": round(elapsed, 2),
        "setup_seconds": round(setup, 2),
        "decisions_per_second": round(learner / elapsed, 1),
        "all_decisions_per_second": round((learner + bots) / elapsed, 1),
    }
