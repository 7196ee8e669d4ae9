"""Duel side by side with another Duel engine installed beside this one (issue 13's ratio).

The other engine is reached through one function you point at, ``MODULE:FUNCTION``, that
plays one complete random game for a seed, enumerating every legal action at each decision
as ``wonders bench`` does, and returns the number of decisions made. Write that adapter
beside the other engine (it is not part of this project); then:

    .venv/bin/python benchmarks/duel_compare.py --other my_adapter:playout [--games 400]

Both engines play the same number of games, interleaved in rounds on one core, and the
script prints each one's games/s (the best round) and the ratio, as JSON with --json.
Without --other it prints this project's Duel figure only.
"""

from __future__ import annotations

import argparse
import importlib
import json
import time
from collections.abc import Callable

from wonders.cli.throughput import build, playout

Playout = Callable[[int], int]


def ours(seed: int) -> int:
    return playout("duel", {}, seed)


def load(spec: str) -> Playout:
    module, _, name = spec.partition(":")
    if not name:
        raise SystemExit("--other must be MODULE:FUNCTION")
    function: Playout = getattr(importlib.import_module(module), name)
    return function


def rate(engine: Playout, games: int, seed: int) -> float:
    start = time.perf_counter()
    for g in range(games):
        engine(seed + g)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--other", help="MODULE:FUNCTION playing one random game of the other engine"
    )
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    other = load(args.other) if args.other else None
    best = {"wonders": 0.0, "other": 0.0}
    for r in range(args.rounds):
        best["wonders"] = max(best["wonders"], rate(ours, args.games, r * args.games))
        if other is not None:
            best["other"] = max(best["other"], rate(other, args.games, r * args.games))
    out = {"build": build(), "wonders_games_per_second": round(best["wonders"], 1)}
    if other is not None:
        out["other_games_per_second"] = round(best["other"], 1)
        out["ratio"] = round(best["wonders"] / best["other"], 2)
    print(json.dumps(out) if args.json else "\n".join(f"{k}: {v}" for k, v in out.items()))


if __name__ == "__main__":
    main()
