"""Train a small agent on 7 Wonders Duel against the greedy bot (numpy only, CPU).

The agent is a linear softmax policy over the legal actions of the Gymnasium environment
``wonders/Duel-v1`` (``import wonders.envs.gym`` registers it; the greedy bot plays the
other seat inside ``step``): the logit of action ``a`` is ``W[a] . x`` for the scaled
observation ``x``; it learns by REINFORCE with a running baseline from the final reward
(+1 win, -1 loss). It plays both seats in turn (one environment per seat). The win rate
against greedy is measured on deals never trained on, before training (zero weights:
uniformly random legal actions) and after (the trained policy then plays its most likely
legal action).

    python examples/train_duel.py --minutes 3 --eval-games 100
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium
import numpy as np

import wonders.envs.gym  # noqa: F401  (registers wonders/Duel-v1)


class LinearPolicy:
    def __init__(self, num_actions: int, obs_size: int, seed: int) -> None:
        self.w = np.zeros((num_actions, obs_size), dtype=np.float32)
        self.rng = np.random.default_rng(seed)

    def probabilities(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        logits = self.w[legal] @ x
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, x: np.ndarray, legal: np.ndarray, greedy: bool) -> tuple[int, np.ndarray]:
        p = self.probabilities(x, legal)
        k = int(np.argmax(p)) if greedy else int(self.rng.choice(len(legal), p=p))
        return k, p


def scale(obs: np.ndarray) -> np.ndarray:
    """Counts and flags stay as they are; coins, points and sizes are brought near 1."""
    return np.minimum(obs, 20.0) / 5.0


def play(
    e: Any, policy: LinearPolicy, seed: int, greedy: bool
) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int, np.ndarray]]]:
    """One game; returns the agent's reward and its (x, legal, choice, probabilities)."""
    obs, _ = e.reset(seed=seed)
    steps: list[tuple[np.ndarray, np.ndarray, int, np.ndarray]] = []
    while True:
        x = scale(obs["observation"])
        legal = np.flatnonzero(obs["action_mask"])
        k, p = policy.act(x, legal, greedy)
        steps.append((x, legal, k, p))
        obs, reward, terminated, truncated, _ = e.step(int(legal[k]))
        if terminated or truncated:
            return float(reward), steps


def win_rate(envs: list[Any], policy: LinearPolicy, games: int, seed: int, greedy: bool) -> float:
    wins = 0
    for g in range(games):
        reward, _ = play(envs[g % 2], policy, seed + g, greedy=greedy)
        wins += reward > 0
    return wins / games


def train(seconds: float, eval_games: int, seed: int, lr: float) -> dict[str, Any]:
    # the agent's seat: 0 in the first environment, 1 in the second
    envs = [gymnasium.make("wonders/Duel-v1", opponents="greedy", seat=s) for s in (0, 1)]
    space = envs[0].observation_space["observation"]
    policy = LinearPolicy(envs[0].action_space.n, space.shape[0], seed)
    # Evaluation deals (seeds from 10**6) are never trained on.
    # Before training the weights are zero: the policy plays uniformly at random.
    before = win_rate(envs, policy, eval_games, 10**6, greedy=False)
    print(f"win rate against greedy before training: {before:.2f} ({eval_games} games)")
    baseline, games, start = 0.0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        reward, steps = play(envs[games % 2], policy, seed + games, greedy=False)
        advantage = reward - baseline
        baseline += 0.02 * (reward - baseline)
        for x, legal, k, p in steps:
            grad = -p
            grad[k] += 1.0
            policy.w[legal] += (lr * advantage) * np.outer(grad, x)
        games += 1
        if games % 100 == 0:
            print(f"  {games} training games, running mean reward {baseline:+.2f}")
    after = win_rate(envs, policy, eval_games, 10**6, greedy=True)
    print(f"trained on {games} games in {time.perf_counter() - start:.0f} s")
    print(f"win rate against greedy after training: {after:.2f} ({eval_games} games)")
    return {"before": before, "after": after, "games": games, "weights": policy.w}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="training time budget")
    parser.add_argument("--eval-games", type=int, default=100, help="games per evaluation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lr", type=float, default=0.01, help="learning rate")
    args = parser.parse_args()
    train(args.minutes * 60, args.eval_games, args.seed, args.lr)


if __name__ == "__main__":
    main()
