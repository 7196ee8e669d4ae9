"""Learner decisions per second of the batched stepper (``wonders.envs.batch``) for every
game, at N = 1, 64 and 1024 games per ``step`` call.

Run: .venv/bin/python benchmarks/bench_batch.py [--seconds S] [--sizes 1,64,1024]
     [--opponents random,greedy] [--game GAME] [--out FILE]        (needs the rl extra)

Each row is printed, and appended to FILE, as soon as it is measured: one JSON object a
line (``wonders.envs.batch.benchmark``: the learner plays uniformly random legal actions;
``decisions_per_second`` counts its decisions, ``all_decisions_per_second`` the bots' too).
Each game is measured with its first ``env_benches`` options from the registry.
"""

from __future__ import annotations

import argparse
import json
import os
import platform

# numpy's BLAS threads would spin beside the measured one (no BLAS call is timed here)
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import wonders
from wonders.core.registry import get_game, registered
from wonders.envs.batch import benchmark


def emit(line: str, out: str | None) -> None:
    """Print ``line`` at once, and append it to ``out``."""
    print(line, flush=True)
    if out:
        with open(out, "a", encoding="utf-8") as file:
            file.write(line + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="stepping time per row")
    parser.add_argument("--sizes", default="1,64,1024", help="games per step call")
    parser.add_argument("--opponents", default="random,greedy", help="bots, one row each")
    parser.add_argument("--game", default=None, help="one game only")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=None, help="append each row to this file")
    args = parser.parse_args()
    games = [args.game] if args.game else [g.name for g in registered() if g.has("codec")]
    header = {
        "python": platform.python_version(),
        "compiled": bool(getattr(wonders, "COMPILED", False)),
        "machine": platform.machine(),
    }
    emit(json.dumps(header), args.out)
    for game in games:
        options = dict(get_game(game).env_benches[0][0])
        for opponents in args.opponents.split(","):
            for n in (int(size) for size in args.sizes.split(",")):
                row = benchmark(game, n, opponents, args.seconds, args.seed, **options)
                emit(json.dumps(row), args.out)


if __name__ == "__main__":
    main()
