"""Step rates of the learning environments beside the engine's (`wonders bench --envs`).

Run: .venv/bin/python benchmarks/bench_envs.py [GAMES] [GAME]   (needs the rl extra)
"""

from __future__ import annotations

import json
import os
import sys

# numpy's BLAS threads would spin beside the measured one (no BLAS call is timed here)
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from wonders.envs.bench import report

if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    only = sys.argv[2] if len(sys.argv) > 2 else None
    for row in report(games, only=only):
        print(json.dumps(row))
