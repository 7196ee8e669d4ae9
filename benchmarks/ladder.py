"""The strength targets of the bots (issues 17 and 35), measured by tournaments.

Each rung is a ``wonders tournament`` (paired seeds, rotated seats) and a target on the
first bot of its lineup's win rate. The first rungs hold issue 35's targets for the
strongest bot, ``--challenger`` (today's ``ismcts`` unless named: ``learned``,
``ismcts:THINK:random-value``...; THINK is the think budget): against ``ismcts`` at equal
time and, in Duel, with 20 times the challenger's (``THINKx20``); against ``greedy``,
``montecarlo``. The rival ``ismcts`` is the one of the issue's day: in 7 Wonders with greedy's
root prior (``greedy-age-greedy``), in Duel with none (``random-end-none``); the default
challenger differs from it where the learned network's weights play the table (Duel, 7
Wonders at 3 and 4 players), elsewhere it plays itself, its fair share.

The full runs are long (200 games a rung at 1 s a move: hours on one core), so ``--games``
and ``--think`` size them and every line says the size it was measured at:

    python benchmarks/ladder.py                          # the full runs: 200 games, 1 s/move
    python benchmarks/ladder.py --think 1cpu             # 1 s of CPU a move (see below)
    python benchmarks/ladder.py --games 8 --think 0.2 --only duel-greedy
    python benchmarks/ladder.py --list

``--think`` is a search bot's budget a move: wall-clock seconds (``1``: fair on an idle
machine only, since a loaded one gives fewer iterations), iterations (``2000i``: seeded and
reproducible anywhere) or CPU seconds (``1cpu``): before each rung every search bot of its
lineup plays one probe game of that rung's table at ``PROBE`` iterations a move, its CPU
time per iteration (``time.process_time``, which other processes barely change) sets its
iteration budget for the rung, and the line printed says the budgets (``"budgets"``) so the
same run can be repeated with them. The lead's full runs:

    python benchmarks/ladder.py --think 1cpu --games 200 --workers 2 --out ladder-runs

One JSON line a rung on stdout: the rung, its size, the first bot's win rate and 95%
interval, the target and whether it was met; a line on stderr as each game ends. ``--out
DIR`` keeps each tournament's JSON and each game's record as the game ends
(``DIR/RUNG-records/``): a run cut short (a time limit, a kill) and started again with the
same arguments takes the games already recorded and plays only the rest.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wonders.bots import make_bot
from wonders.core.registry import get_game
from wonders.tournament import report, resume, runner
from wonders.tournament.schedule import schedule

BASE4: dict[str, Any] = {"players": 4, "sides": "random"}
CHALLENGER = "ismcts:THINK"  # the bot the targets are for, unless --challenger names another


@dataclass(frozen=True)
class Rung:
    name: str
    game: str
    options: dict[str, Any]
    lineup: tuple[str, ...]  # THINK: the think budget; THINKx20: 20 times it; NEW: --challenger
    target: str  # "rate>=X": the first bot's win rate; "above-fair": its interval's low end

    def bots(self, think: str, challenger: str = CHALLENGER) -> list[str]:
        return [_think(b.replace("NEW", challenger), think) for b in self.lineup]


def _times(bot: str) -> tuple[str, int]:
    """``bot`` with THINKxK made THINK, and K (1 without)."""
    found = re.search(r"THINKx(\d+)", bot)
    if not found:
        return bot, 1
    return bot[: found.start()] + "THINK" + bot[found.end() :], int(found.group(1))


def _scaled(think: str, k: int) -> str:
    """``k`` times the budget ``think``: seconds, iterations (``300i``) or CPU (``1cpu``)."""
    if k == 1:
        return think
    if think.endswith("i"):
        return f"{int(think.removesuffix('i')) * k}i"
    unit = "cpu" if think.endswith("cpu") else ""
    return f"{float(think.removesuffix(unit)) * k:g}{unit}"


def _think(bot: str, think: str) -> str:
    base, k = _times(bot)
    return base.replace("THINK", _scaled(think, k))


def _table(name: str, game: str, options: dict[str, Any], first: str, others: str, n: int,
           target: str) -> Rung:  # fmt: skip
    return Rung(name, game, options, (first, *[others] * (n - 1)), target)


def _classic(players: int, expansions: tuple[str, ...] = ()) -> dict[str, Any]:
    options: dict[str, Any] = {"players": players, "sides": "random"}
    return {**options, "expansions": list(expansions)} if expansions else options


# the tables of issue 35's 7 Wonders targets: 3, 4 and 7 players, Leaders and Cities at 4
CLASSIC_TABLES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("base3", _classic(3)),
    ("base4", BASE4),
    ("base7", _classic(7)),
    ("leaders4", _classic(4, ("leaders",))),
    ("cities4", _classic(4, ("cities",))),
)

RUNGS = [
    # the targets of issue 35 for the strongest bot (NEW: --challenger, today's ismcts)
    # today's Duel ismcts: no root prior, as when the issue came
    _table("duel-ismcts", "duel", {}, "NEW", "ismcts:THINK:random-end-none", 2, "rate>=0.95"),
    _table(
        "duel-ismcts-20x", "duel", {}, "NEW", "ismcts:THINKx20:random-end-none", 2, "rate>=0.50"
    ),
    *[
        _table(
            f"{table}-greedy", "classic", options, "NEW", "greedy", options["players"], "rate>=0.70"
        )
        for table, options in CLASSIC_TABLES
    ],
    *[
        _table(
            f"{table}-ismcts",
            "classic",
            options,
            "NEW",
            "ismcts:THINK:greedy-age-greedy",  # today's: greedy's prior, as when the issue came
            options["players"],
            "rate>=0.40",
        )
        for table, options in CLASSIC_TABLES
    ],
    _table("architects4-greedy", "architects", {"players": 4}, "NEW", "greedy", 4, "rate>=0.75"),
    _table(
        "architects4-montecarlo",
        "architects",
        {"players": 4},
        "NEW",
        "montecarlo:THINK",
        4,
        "rate>=0.45",
    ),
    # the search's earlier rungs (issue 17): against greedy and montecarlo
    _table("duel-greedy", "duel", {}, "ismcts:THINK", "greedy", 2, "rate>=0.95"),
    _table("duel-montecarlo", "duel", {}, "ismcts:THINK", "montecarlo:THINK", 2, "rate>=0.65"),
    *[
        _table(
            f"{table}-montecarlo",
            "classic",
            options,
            "ismcts:THINK",
            "montecarlo:THINK",
            4,
            "above-fair",
        )
        for table, options in CLASSIC_TABLES
        if options["players"] == 4
    ],
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
    # the difficulty levels (wonders.bots.levels, their own budgets: --think leaves them
    # alone): each level above its fair share against the level below, in every game
    *[
        _table(f"{table}-{upper}-{lower}", game, options, upper, lower, n, "above-fair")
        for table, game, options, n in (
            ("duel", "duel", {}, 2),
            ("base4", "classic", BASE4, 4),
            ("architects4", "architects", {"players": 4}, 4),
        )
        for upper, lower in (("medium", "easy"), ("hard", "medium"), ("expert", "hard"))
    ],
]


PROBE = 100  # iterations a move of a calibration game (``--think NCPU``)
PROBE_SEED = 424242


def calibrate(game: str, options: dict[str, Any], bot: str, seconds: float) -> int:
    """The iterations a move that take ``bot`` (a lineup entry with THINK) ``seconds`` of CPU
    time a move at this table, from one probe game against greedy bots."""
    state = get_game(game).setup(dict(options), PROBE_SEED)
    n = state.num_players
    searcher: Any = make_bot(bot.replace("THINK", f"{PROBE}i"), 1)
    others = [make_bot("greedy", seat) for seat in range(n)]
    cpu = 0.0
    iterations = 0
    while not state.is_terminal():
        for seat in state.to_move():
            if seat == 0:
                start = time.process_time()
                action = searcher.choose(state, seat)
                cpu += time.process_time() - start
                iterations += searcher.iterations
            else:
                action = others[seat].choose(state, seat)
            state.apply(seat, action)
    return max(1, round(seconds * iterations / cpu)) if cpu > 0 else PROBE


def budgets(
    rung: Rung, think: str, cache: dict[str, int], challenger: str = CHALLENGER
) -> list[str]:
    """The rung's lineup with its think budget: ``think`` as written, or (``NCPU``) each
    search bot's calibrated iterations (``calibrate``, once per table and bot; THINKxK
    gives K times those of THINK)."""
    if not think.endswith("cpu"):
        return rung.bots(think, challenger)
    seconds = float(think.removesuffix("cpu"))
    lineup = []
    for entry in rung.lineup:
        bot, k = _times(entry.replace("NEW", challenger))
        if "THINK" in bot:
            key = f"{rung.game} {json.dumps(rung.options, sort_keys=True)} {bot}"
            if key not in cache:
                cache[key] = calibrate(rung.game, rung.options, bot, seconds)
            bot = bot.replace("THINK", f"{cache[key] * k}i")
        lineup.append(bot)
    return lineup


def met(target: str, row: dict[str, Any]) -> bool:
    if target == "above-fair":
        return bool(row["win_rate_95"][0] > row["fair_share"])
    return bool(row["win_rate"] >= float(target.split(">=")[1]))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200, help="games a rung (rounded up to "
                        "a multiple of the seats)")  # fmt: skip
    parser.add_argument("--think", default="1", help="search budget a move: seconds (1), "
                        "iterations (2000i) or CPU seconds made iterations (1cpu)")  # fmt: skip
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", help="comma-separated rung names")
    parser.add_argument("--out", type=Path, help="folder for each tournament's JSON")
    parser.add_argument("--list", action="store_true", help="list the rungs")
    parser.add_argument("--challenger", default=CHALLENGER, help="the bot of issue 35's "
                        "rungs, THINK its budget (default: %(default)s)")  # fmt: skip
    args = parser.parse_args()
    rungs = RUNGS
    if args.only:
        wanted = set(args.only.split(","))
        rungs = [r for r in RUNGS if r.name in wanted]
        if unknown := wanted - {r.name for r in rungs}:
            sys.exit(f"unknown rungs: {', '.join(sorted(unknown))}")
    calibrated: dict[str, int] = {}
    for rung in rungs:
        if args.list:
            lineup = rung.bots(args.think, args.challenger)
            print(rung.name, rung.game, json.dumps(rung.options), ",".join(lineup), rung.target)
            continue
        lineup = budgets(rung, args.think, calibrated, args.challenger)
        n = len(lineup)
        games = -(-args.games // n) * n
        specs = schedule(rung.game, rung.options, lineup, games, args.seed)
        start = time.perf_counter()
        folder = args.out / f"{rung.name}-records" if args.out else None
        earlier = resume.finished(folder, specs) if folder else []
        played = {o["index"] for o in earlier}
        count = len(earlier)

        def done(outcome: dict[str, Any], folder: Path | None = folder) -> None:
            nonlocal count
            if folder is not None:
                report.save_records(folder, [outcome])
            count += 1
            print(f"{rung.name}: {count}/{games} games", file=sys.stderr, flush=True)  # noqa: B023

        todo = [s for s in specs if s.index not in played]
        outcomes = earlier + (runner.run_local(todo, args.workers, done) if todo else [])
        outcomes.sort(key=lambda o: o["index"])
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
            "budgets": [b.split(":", 1)[1] for b in lineup if ":" in b][:2],
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
