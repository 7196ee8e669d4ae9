"""``montecarlo``: flat determinized Monte Carlo, the rung between ``greedy`` and ``ismcts``.

Each iteration takes the next of the seat's candidate actions in turn (``playout.candidates``:
the cheapest payment of each choice), samples a world the seat cannot tell from the true one
(``state.sample_world(seat, rng)``, which also forgets the other seats' choices of this turn),
applies the action there and plays the world on with the playout policy (by default random
moves to the end of the game, the textbook version); the action with the best mean reward is
played. The true state is only asked for the seat's own legal actions and sampled from.
"""

from __future__ import annotations

import random
from typing import Any

from wonders.bots.playout import candidates, policy_named, rollout
from wonders.bots.think import Budget
from wonders.core.errors import IllegalActionError
from wonders.core.protocol import State


class MonteCarloBot:
    name = "montecarlo"

    def __init__(
        self,
        seed: int = 0,
        budget: Budget | None = None,
        playout: str = "random",
        cutoff: str = "end",
    ) -> None:
        self.rng = random.Random(seed)
        self.budget = budget or Budget()
        self.policy = policy_named(playout)
        self.cutoff = cutoff
        self.iterations = 0  # of the last move, for measurements

    def choose(self, state: State, player: int) -> Any:
        actions = candidates(state.legal_actions(player))
        self.iterations = 0
        if len(actions) == 1:
            return actions[0]
        totals = [0.0] * len(actions)
        visits = [0] * len(actions)
        clock = self.budget.clock()
        i = 0
        while clock.more():
            world = state.sample_world(player, self.rng)
            try:
                world.apply(player, actions[i])
            except IllegalActionError:  # not legal in this world (never so far): skip it
                pass
            else:
                totals[i] += rollout(world, self.rng, self.policy, self.cutoff)[player]
                visits[i] += 1
            i = (i + 1) % len(actions)
            clock.tick()
        self.iterations = clock.done
        means = [t / v if v else float("-inf") for t, v in zip(totals, visits, strict=True)]
        return actions[max(range(len(actions)), key=means.__getitem__)]
