"""Train a small agent on 7 Wonders Duel against the greedy bot (numpy only, CPU).

The agent is a linear softmax policy over the legal actions of the PettingZoo
environment (``wonders.envs.pettingzoo.env("duel")``): the logit of action ``a`` is
``W[a] . x`` for the scaled observation ``x``; it learns by REINFORCE with a running
baseline from the final reward (+1 win, -1 loss). It plays both seats in turn; the greedy
bot plays the other. The win rate against greedy is measured on deals never trained on,
before training (zero weights: uniformly random legal actions) and after (the trained
policy then plays its most likely legal action).

    python examples/train_duel.py --minutes 3 --eval-games 100
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from wonders.bots import make_bot
from wonders.envs.pettingzoo import env as make_env


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
    e: Any, policy: LinearPolicy, seat: int, seed: int, greedy: bool, bot_seed: int
) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int, np.ndarray]]]:
    """One game; returns the agent's reward and its (x, legal, choice, probabilities)."""
    e.reset(seed=seed)
    bot = make_bot("greedy", bot_seed)
    me = e.possible_agents[seat]
    steps: list[tuple[np.ndarray, np.ndarray, int, np.ndarray]] = []
    reward = 0.0
    for agent in e.agent_iter():
        obs, r, terminated, truncated, _ = e.last()
        if agent == me:
            reward += r
        if terminated or truncated:
            e.step(None)
            continue
        if agent == me:
            x = scale(obs["observation"])
            legal = np.flatnonzero(obs["action_mask"])
            k, p = policy.act(x, legal, greedy)
            steps.append((x, legal, k, p))
            e.step(int(legal[k]))
        else:
            s = e.possible_agents.index(agent)
            e.step(e.action_index(agent, bot.choose(e.engine, s)))
    return reward, steps


def win_rate(e: Any, policy: LinearPolicy, games: int, seed: int, greedy: bool) -> float:
    wins = 0
    for g in range(games):
        reward, _ = play(e, policy, g % 2, seed + g, greedy=greedy, bot_seed=seed + g)
        wins += reward > 0
    return wins / games


def train(seconds: float, eval_games: int, seed: int, lr: float) -> dict[str, Any]:
    e = make_env("duel")
    space = e.observation_space("player_0")["observation"]
    policy = LinearPolicy(e.action_space("player_0").n, space.shape[0], seed)
    # Evaluation deals (seeds from 10**6) are never trained on.
    # Before training the weights are zero: the policy plays uniformly at random.
    before = win_rate(e, policy, eval_games, 10**6, greedy=False)
    print(f"win rate against greedy before training: {before:.2f} ({eval_games} games)")
    baseline, games, start = 0.0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        reward, steps = play(e, policy, games % 2, seed + games, greedy=False, bot_seed=games)
        advantage = reward - baseline
        baseline += 0.02 * (reward - baseline)
        for x, legal, k, p in steps:
            grad = -p
            grad[k] += 1.0
            policy.w[legal] += (lr * advantage) * np.outer(grad, x)
        games += 1
        if games % 100 == 0:
            print(f"  {games} training games, running mean reward {baseline:+.2f}")
    after = win_rate(e, policy, eval_games, 10**6, greedy=True)
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
