"""OpenSpiel's MCTS playing 7 Wonders Duel against the greedy bot, through the
``python_wonders_duel`` game, without seeing hidden cards.

Each move, the searcher re-deals what it cannot know (``state.resample_from_infostate``:
the engine's ``sample_world`` re-deals the face-down cards and the wonders and tokens to
come) into a few worlds, runs OpenSpiel's MCTS (``open_spiel.python.algorithms.mcts``, UCT
with random rollouts) in each, and plays the action chosen most often (determinized
search, "perfect-information Monte Carlo"). OpenSpiel's C++ ``ISMCTSBot`` would be the
direct choice, but in the installed open_spiel (2.0.2) it stops with a segmentation fault
on Python games, OpenSpiel's own ``python_kuhn_poker`` included, hence this Python form.

    python examples/openspiel_duel_mcts.py --games 4 --simulations 20 --worlds 3
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import wonders.envs.openspiel  # noqa: F401  (registers the games)
from wonders.bots import make_bot
from wonders.envs import make_codec


def search(state: Any, player: int, simulations: int, worlds: int, rng: random.Random) -> int:
    """The action most often chosen by MCTS over ``worlds`` re-deals of ``state``."""
    game = state.get_game()
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    votes: Counter[int] = Counter()
    for _ in range(worlds):
        world = state.resample_from_infostate(player, rng.random)
        bot = mcts.MCTSBot(
            game,
            uct_c=2.0,
            max_simulations=simulations,
            evaluator=evaluator,
            random_state=np.random.RandomState(rng.getrandbits(31)),
            solve=False,
        )
        votes[bot.step(world)] += 1
    return votes.most_common(1)[0][0]


def deal(state: Any, rng: random.Random) -> None:
    """Play the chance nodes (the cards dealt and turned face up) until a decision."""
    while state.is_chance_node():
        actions, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, probabilities)[0])


def play(games: int, simulations: int, worlds: int, seed: int) -> list[float]:
    game = pyspiel.load_game("python_wonders_duel")
    codec = make_codec("duel")
    rng = random.Random(seed)
    returns = []
    for g in range(games):
        greedy = make_bot("greedy", seed + g)
        me = g % 2  # the searcher plays each seat in turn
        state = game.new_initial_state()
        dealer = random.Random(seed + g)
        deal(state, dealer)
        while not state.is_terminal():
            seat = state.current_player()
            if seat == me:
                state.apply_action(search(state, me, simulations, worlds, rng))
            else:
                choice = greedy.choose(state.engine, seat)
                legal = codec.legal(state.engine, seat)
                state.apply_action(next(i for i, a in legal.items() if a == choice))
            deal(state, dealer)
        returns.append(state.returns()[me])
        print(f"game {g + 1}: MCTS as player {me}: {state.returns()[me]:+.0f}")
    return returns


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=20, help="MCTS simulations per world")
    parser.add_argument("--worlds", type=int, default=3, help="re-deals searched per move")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    returns = play(args.games, args.simulations, args.worlds, args.seed)
    wins = sum(r > 0 for r in returns)
    print(f"MCTS won {wins} of {len(returns)} games against greedy")
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
