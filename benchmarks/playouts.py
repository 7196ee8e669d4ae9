"""Which playouts make the search strongest per second: policy (random, build, greedy) and
cut-off (end of the game, end of the Age), for ``ismcts`` and ``montecarlo``.

For each style: the search's iterations a second on positions of greedy games, and a
tournament of one search bot at that style against greedy bots at the same think time:

    python benchmarks/playouts.py --game classic --players 4 --games 8 --think 1
    python benchmarks/playouts.py --game duel --games 20 --think 0.2 --bot montecarlo

One JSON line a style on stdout (the tournament's size in it).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from typing import Any

from wonders.bots import make_bot
from wonders.core import setup
from wonders.core.registry import get_game
from wonders.tournament import report, runner
from wonders.tournament.schedule import schedule

STYLES = ("greedy-age", "build-age", "random-age", "random-end", "build-end", "greedy-end")


def iterations_per_second(bot_name: str, game: str, options: dict[str, Any]) -> float:
    """Iterations a second of ``bot_name`` over the first seat's moves of a greedy game."""
    state = setup(game, options, 1)
    greedy = [make_bot("greedy", seat) for seat in range(state.num_players)]
    bot = make_bot(bot_name, 0)
    iterations, seconds = 0, 0.0
    rng = random.Random(0)
    while not state.is_terminal():
        for seat in state.to_move():
            if seat == 0 and rng.random() < 0.5:
                start = time.perf_counter()
                bot.choose(state, 0)
                seconds += time.perf_counter() - start
                iterations += getattr(bot, "iterations", 0)
            state.apply(seat, greedy[seat].choose(state, seat))
    return iterations / seconds if seconds else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="classic")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--expansions", default="")
    parser.add_argument("--bot", default="ismcts", choices=("ismcts", "montecarlo"))
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--think", default="1")
    parser.add_argument("--styles", default=",".join(STYLES))
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    info = get_game(args.game)
    options: dict[str, Any] = {}
    if info.min_players != info.max_players:  # a game of one player count takes no --players
        options["players"] = args.players
    if args.expansions:
        options["expansions"] = args.expansions.split(",")
    seats = info.setup(options, 0).num_players
    for style in args.styles.split(","):
        name = f"{args.bot}:{args.think}:{style}"
        rate = iterations_per_second(name, args.game, options)
        lineup = [name] + ["greedy"] * (seats - 1)
        games = -(-args.games // seats) * seats
        outcomes = runner.run_local(schedule(args.game, options, lineup, games, 0), args.workers)
        row = report.results(args.game, options, lineup, outcomes)["bots"][name]
        print(json.dumps({
            "game": args.game, "options": options, "bot": name, "games": games,
            "iterations_per_second": round(rate), "win_rate": round(row["win_rate"], 3),
            "win_rate_95": [round(x, 3) for x in row["win_rate_95"]],
            "fair_share": round(row["fair_share"], 3), "mean_score": round(row["mean_score"], 1),
        }), flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
