"""Random-playout throughput of every game (same as `wonders bench`).

Run: .venv/bin/python benchmarks/bench.py [GAMES] [GAME]
"""

from __future__ import annotations

import json
import sys

from wonders.cli.throughput import report

if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    only = sys.argv[2] if len(sys.argv) > 2 else None
    for row in report(games, only=only):
        print(json.dumps(row))
