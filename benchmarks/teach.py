"""A teacher's games for the ``learned`` bot to imitate (``train.py --teacher``).

The teacher (any bot name: ``ismcts:1000i``, ``greedy``...) plays one seat of each game,
going round the table, against ``greedy`` in every other seat; only its decisions are kept:
the seat's observation (the learning environments' codec), its legal-action mask, the
target (a search bot's share of root visits per action index, where it reports them
(``visits``), else its choice) and the seat's final result (+1 alone winning, 0 sharing the
win, -1 otherwise). Deals from ``TEACH_SEED``, the teacher's seed the deal's.

Each game is written as it ends (``OUT/game-<seed>.npz``), so a cut run keeps what it has
played and a run again with the same arguments plays only the rest; ``--workers`` plays
games in parallel processes (1: in this one), ``--ray ADDRESS`` as tasks on a Ray cluster
(``pip install 'wonders[cluster]'``; the driver writes the files). On its own it only plays;
``train.py --teacher`` plays what is missing and then learns from all of them.

    python benchmarks/teach.py --game architects --players 2 --teacher ismcts:1000i \\
        --games 800 --workers 2 --out learn-runs/architects-teacher
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from wonders.bots import make_bot
from wonders.core.registry import get_game
from wonders.envs import make_codec

TEACH_SEED = 300_000_000


def options_of(game: str, players: int) -> dict[str, Any]:
    info = get_game(game)
    return {} if info.min_players == info.max_players else {"players": players}


def shard(out: Path, seed: int) -> Path:
    return out / f"game-{seed}.npz"


def play(job: tuple[str, int, int, str]) -> tuple[int, dict[str, Any]]:
    """Play one teacher game: its seed and its arrays (``save``)."""
    game, players, seed, teacher = job
    codec = make_codec(game, options_of(game, players))
    state = get_game(game).setup(options_of(game, players), seed)
    seat = seed % players
    bots = {p: make_bot("greedy", seed + (p - seat) % players) for p in range(players)}
    bots[seat] = make_bot(teacher, seed)
    obs, masks, targets = [], [], []
    while not state.is_terminal():
        p = state.to_move()[0]
        bot = bots[p]
        action = bot.choose(state, p)
        if p == seat:
            _legal, mask = codec.legal_and_mask(state, p)
            visits = getattr(bot, "visits", None) or [(action, 1)]
            target = np.zeros(codec.num_actions, dtype=np.float32)
            indices = codec.action_indices([a for a, _n in visits], p)
            for index, (_a, n) in zip(indices, visits, strict=True):
                if index >= 0:
                    target[index] += n
            if target.sum() > 0:
                obs.append(np.asarray(codec.observe(state, p), dtype=np.float32))
                masks.append(np.asarray(mask, dtype=bool))
                targets.append(target / target.sum())
        state.apply(p, action)
    winners = set(state.result().winners)
    result = 1.0 if winners == {seat} else 0.0 if seat in winners else -1.0
    return seed, {
        "obs": np.stack(obs).astype(np.float32),
        "mask": np.packbits(np.stack(masks), axis=1),
        "target": np.stack(targets).astype(np.float16),
        "result": np.float32(result),
        "players": np.int32(players),
    }


def save(out: Path, seed: int, arrays: dict[str, Any]) -> None:
    """Write one game's arrays whole (a cut write leaves no shard)."""
    path = shard(out, seed)
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(tmp, **arrays)
    tmp.replace(path)


def games_played(jobs: list[Any], workers: int, ray: str | None) -> Iterator[Any]:
    """Each job's game as it ends: in this process, ``workers`` processes or Ray tasks on
    the cluster at ``ray`` (``wonders.tournament.runner.connect_ray``'s addresses)."""
    if ray:
        from ray import cloudpickle

        from wonders.tournament.runner import connect_ray

        module = sys.modules[play.__module__]
        if module.__name__ != "__main__":  # imported by train.py: not on the workers' path
            cloudpickle.register_pickle_by_value(module)  # type: ignore[no-untyped-call]
        cluster = connect_ray(ray)
        task = cluster.remote(play)
        pending = [task.remote(job) for job in jobs]
        while pending:
            done, pending = cluster.wait(pending, num_returns=1)
            yield cluster.get(done[0])
    elif workers > 1:
        with multiprocessing.Pool(workers) as pool:
            yield from pool.imap_unordered(play, jobs)
    else:
        yield from map(play, jobs)


def play_missing(
    game: str,
    cycle: list[int],
    teacher: str,
    games: int,
    workers: int,
    out: Path,
    ray: str | None = None,
) -> None:
    """Play the teacher games of ``out`` not written yet, with progress on stdout."""
    out.mkdir(parents=True, exist_ok=True)
    jobs = [
        (game, cycle[i % len(cycle)], TEACH_SEED + i, teacher)
        for i in range(games)
        if not shard(out, TEACH_SEED + i).exists()
    ]
    print(f"teacher {teacher}: {games - len(jobs)} of {games} games already played", flush=True)
    if not jobs:
        return
    t0 = time.perf_counter()
    for done, (seed, arrays) in enumerate(games_played(jobs, workers, ray), start=1):
        save(out, seed, arrays)
        if done % 10 == 0 or done == len(jobs):
            rate = done / (time.perf_counter() - t0)
            left = (len(jobs) - done) / rate
            print(
                f"teacher games {done}/{len(jobs)}, {rate * 60:.1f} a minute, "
                f"{left / 60:.0f} minutes left",
                flush=True,
            )


def load(out: Path, games: int, players: int) -> dict[str, Any]:
    """The decisions of the teacher games at ``players`` written in ``out`` (of the first
    ``games`` seeds): observations, masks, targets, results, each decision's game, and the
    games and wins of the teacher's seat."""
    rows: dict[str, list[np.ndarray]] = {
        "obs": [],
        "mask": [],
        "target": [],
        "result": [],
        "game": [],
    }
    wins = 0.0
    played = 0
    for i in range(games):
        path = shard(out, TEACH_SEED + i)
        if not path.exists():
            continue
        with np.load(path) as f:
            if int(f["players"]) != players:
                continue
            n = len(f["obs"])
            rows["game"].append(np.full(n, i, dtype=np.int64))
            rows["obs"].append(f["obs"])
            actions = f["target"].shape[1]
            rows["mask"].append(np.unpackbits(f["mask"], axis=1, count=actions).astype(bool))
            rows["target"].append(f["target"].astype(np.float32))
            rows["result"].append(np.full(n, float(f["result"]), dtype=np.float32))
            wins += 1.0 if f["result"] > 0 else 0.5 if f["result"] == 0 else 0.0
            played += 1
    if not played:
        raise SystemExit(f"no teacher game at {players} players in {out}")
    data: dict[str, Any] = {k: np.concatenate(v) for k, v in rows.items()}
    data["games"] = np.int64(played)
    data["wins"] = np.float64(wins)
    return data


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", default="2", help="player counts in turn, e.g. 2,2,2,4")
    parser.add_argument("--teacher", required=True, help="a bot name, e.g. ismcts:1000i")
    parser.add_argument("--games", type=int, required=True)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--ray", default=None, help="play on this Ray cluster (auto, local...)")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    cycle = [int(p) for p in args.players.split(",")]
    play_missing(args.game, cycle, args.teacher, args.games, args.workers, Path(args.out), args.ray)


if __name__ == "__main__":
    main()
