"""7 Wonders random-playout throughput at 3, 5 and 7 players (same as `wonders bench`).

Run: .venv/bin/python benchmarks/bench_classic.py [GAMES]
"""

from __future__ import annotations

import json
import sys

from wonders.cli.throughput import classic_report

if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for row in classic_report(games):
        print(json.dumps(row))
