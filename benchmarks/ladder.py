"""The strength targets of the search bots (issue 17), measured by tournaments.

Each rung is a ``wonders tournament`` (paired seeds, rotated seats) and a target on the
first bot of its lineup's win rate. The full runs are long (200 games a rung at 1 s a move:
hours on one core), so ``--games`` and ``--think`` size them and every line says the size
it was measured at:

    python benchmarks/ladder.py                          # the full runs: 200 games, 1 s/move
    python benchmarks/ladder.py --games 8 --think 0.2 --only duel-greedy
    python benchmarks/ladder.py --list

One JSON line a rung on stdout: the rung, its size, the first bot's win rate and 95%
interval, the target and whether it was met; ``--out DIR`` keeps each tournament's JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wonders.tournament import report, runner
from wonders.tournament.schedule import schedule

BASE4 = {"players": 4, "sides": "random"}


@dataclass(frozen=True)
class Rung:
    name: str
    game: str
    options: dict[str, Any]
    lineup: tuple[str, ...]  # THINK is replaced by the think budget
    target: str  # "rate>=X": the first bot's win rate; "above-fair": its interval's low end

    def bots(self, think: str) -> list[str]:
        return [b.replace("THINK", think) for b in self.lineup]


def _table(name: str, game: str, options: dict[str, Any], first: str, others: str, n: int,
           target: str) -> Rung:  # fmt: skip
    return Rung(name, game, options, (first, *[others] * (n - 1)), target)


RUNGS = [
    _table("base4-greedy", "classic", BASE4, "ismcts:THINK", "greedy", 4, "rate>=0.50"),
    _table("duel-greedy", "duel", {}, "ismcts:THINK", "greedy", 2, "rate>=0.95"),
    _table("duel-montecarlo", "duel", {}, "ismcts:THINK", "montecarlo:THINK", 2, "rate>=0.65"),
    _table(
        "architects4-greedy",
        "architects",
        {"players": 4},
        "ismcts:THINK",
        "greedy",
        4,
        "rate>=0.55",
    ),
    _table(
        "leaders4-greedy",
        "classic",
        {**BASE4, "expansions": ["leaders"]},
        "ismcts:THINK",
        "greedy",
        4,
        "rate>=0.50",
    ),
    _table(
        "cities4-greedy",
        "classic",
        {**BASE4, "expansions": ["cities"]},
        "ismcts:THINK",
        "greedy",
        4,
        "rate>=0.50",
    ),
    # one ismcts against montecarlo everywhere: its 95% interval above its fair share
    _table(
        "base4-montecarlo", "classic", BASE4, "ismcts:THINK", "montecarlo:THINK", 4, "above-fair"
    ),
    _table(
        "leaders4-montecarlo",
        "classic",
        {**BASE4, "expansions": ["leaders"]},
        "ismcts:THINK",
        "montecarlo:THINK",
        4,
        "above-fair",
    ),
    _table(
        "cities4-montecarlo",
        "classic",
        {**BASE4, "expansions": ["cities"]},
        "ismcts:THINK",
        "montecarlo:THINK",
        4,
        "above-fair",
    ),
    _table(
        "architects4-montecarlo",
        "architects",
        {"players": 4},
        "ismcts:THINK",
        "montecarlo:THINK",
        4,
        "above-fair",
    ),
    # the lower rungs: montecarlo over greedy, greedy over random at every table
    _table("duel-montecarlo-greedy", "duel", {}, "montecarlo:THINK", "greedy", 2, "rate>=0.50"),
    _table(
        "base4-montecarlo-greedy", "classic", BASE4, "montecarlo:THINK", "greedy", 4, "above-fair"
    ),
    _table("duel-greedy-random", "duel", {}, "greedy", "random", 2, "rate>=0.90"),
    *[
        _table(
            f"classic{n}-greedy-random",
            "classic",
            {"players": n, "sides": "random"},
            "greedy",
            "random",
            n,
            "rate>=0.90",
        )
        for n in range(2, 8)
    ],
    _table(
        "leaders4-greedy-random",
        "classic",
        {**BASE4, "expansions": ["leaders"]},
        "greedy",
        "random",
        4,
        "rate>=0.90",
    ),
    _table(
        "cities4-greedy-random",
        "classic",
        {**BASE4, "expansions": ["cities"]},
        "greedy",
        "random",
        4,
        "rate>=0.90",
    ),
    *[
        _table(
            f"architects{n}-greedy-random",
            "architects",
            {"players": n},
            "greedy",
            "random",
            n,
            "rate>=0.90",
        )
        for n in range(2, 8)
    ],
]


def met(target: str, row: dict[str, Any]) -> bool:
    if target == "above-fair":
        return bool(row["win_rate_95"][0] > row["fair_share"])
    return bool(row["win_rate"] >= float(target.split(">=")[1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games a rung (rounded up to "
                        "a multiple of the seats)")  # fmt: skip
    parser.add_argument("--think", default="1", help="search budget: seconds or Ni a move")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", help="comma-separated rung names")
    parser.add_argument("--out", type=Path, help="folder for each tournament's JSON")
    parser.add_argument("--list", action="store_true", help="list the rungs")
    args = parser.parse_args()
    rungs = RUNGS
    if args.only:
        wanted = set(args.only.split(","))
        rungs = [r for r in RUNGS if r.name in wanted]
        if unknown := wanted - {r.name for r in rungs}:
            sys.exit(f"unknown rungs: {', '.join(sorted(unknown))}")
    for rung in rungs:
        lineup = rung.bots(args.think)
        if args.list:
            print(rung.name, rung.game, json.dumps(rung.options), ",".join(lineup), rung.target)
            continue
        n = len(lineup)
        games = -(-args.games // n) * n
        specs = schedule(rung.game, rung.options, lineup, games, args.seed)
        start = time.perf_counter()
        outcomes = runner.run_local(specs, args.workers)
        data = report.results(rung.game, rung.options, lineup, outcomes)
        seconds = time.perf_counter() - start
        if args.out:
            args.out.mkdir(parents=True, exist_ok=True)
            report.save_json(args.out / f"{rung.name}.json", data)
        row = data["bots"][lineup[0]]
        line = {
            "rung": rung.name,
            "bots": ",".join(lineup),
            "games": games,
            "think": args.think if any(":" in b for b in lineup) else None,
            "win_rate": round(row["win_rate"], 3),
            "win_rate_95": [round(x, 3) for x in row["win_rate_95"]],
            "fair_share": round(row["fair_share"], 3),
            "mean_score": round(row["mean_score"], 1),
            "mean_rank": round(row["mean_rank"], 2),
            "target": rung.target,
            "met": met(rung.target, row),
            "seconds": round(seconds, 1),
            "workers": args.workers,
        }
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
