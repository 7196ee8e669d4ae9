"""Random-playout throughput: complete games with full legal-action enumeration.

Every decision enumerates ``legal_actions`` (payment options included) and picks one
uniformly with a seeded generator, as a search bot's playouts would. Importable without the
CLI so that ``benchmarks/`` and the ``wonders bench`` command share it.

A rate is measured in its steady state (``steady``): untimed warm-up games first (the
engines' memos fill, first calls are paid), then ``WINDOWS`` timed windows of whole games,
each of new seeds (a game played again would find its memos filled: faster than any new
game); the median window is the figure, the slowest and fastest its spread.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable
from typing import Any

import wonders
from wonders.core.registry import game_names, get_game


def playout(game: str, options: dict[str, Any], seed: int) -> int:
    """Play one random game to the end; returns the number of decisions made."""
    state = get_game(game).setup(options, seed)
    rng = random.Random(seed)
    decisions = 0
    while not state.is_terminal():
        for player in state.to_move():
            state.apply(player, rng.choice(state.legal_actions(player)))
            decisions += 1
    return decisions


WINDOWS = 5  # the timed windows of a rate (at most, without a least time): the median counts
WARMUP_SEEDS = 1 << 30  # the warm-up games' seeds start here (after ``seed``): none is timed


def steady(
    play: Callable[[int], int],
    seed: int,
    games: int,
    seconds: float = 0.0,
    clock: Callable[[], float] = time.thread_time,
) -> dict[str, Any]:
    """The steady rate of ``play(seed)`` (one game; returns its decisions), in this thread's
    CPU time (``clock``): on a busy machine the time other processes take is not counted.

    Warm-up, untimed: games of seeds ``seed + WARMUP_SEEDS``, ``+ 1``... until both half of
    ``games`` (at least one) and a window's ``seconds / WINDOWS`` have gone. Then, after a
    garbage collection (objects alive by then, the memos included, frozen out of the
    collector's scans: the figure is the engine's, not the collector's), the timed
    windows, of seeds ``seed``, ``seed + 1``...: ``WINDOWS`` of them, each of at least
    ``seconds / WINDOWS`` seconds, sharing ``games`` games (at least one each); without
    ``seconds``, ``games`` games exactly, in ``WINDOWS`` windows or one a game if fewer.
    The result: the median window's decisions and games per second (the upper middle one
    of an even count); ``decisions_per_second_range``, the slowest and fastest windows';
    ``spread``, half that range over the median; the timed games and seconds, the windows
    and the warm-up's games."""
    window = seconds / WINDOWS
    warm, start = 0, clock()
    while warm < max(1, games // 2) or clock() - start < window:
        play(seed + WARMUP_SEEDS + warm)
        warm += 1
    gc.collect()
    gc.freeze()
    windows = WINDOWS if seconds > 0 else max(1, min(WINDOWS, games))
    rates: list[tuple[float, float]] = []
    played = 0
    total_seconds = 0.0
    for w in range(windows):
        least = max(1, games // windows + (w < games % windows))  # the games shared out
        count = decisions = 0
        start = clock()
        while True:
            decisions += play(seed + played)
            played += 1
            count += 1
            elapsed = clock() - start
            if count >= least and elapsed >= window:
                break
        elapsed = max(elapsed, 1e-9)
        rates.append((decisions / elapsed, count / elapsed))
        total_seconds += elapsed
    rates.sort()
    middle, middle_games = rates[len(rates) // 2]
    low, high = rates[0][0], rates[-1][0]
    return {
        "games": played,
        "seconds": round(total_seconds, 3),
        "games_per_second": round(middle_games, 1),
        "decisions_per_second": round(middle, 1),
        "decisions_per_second_range": [round(low, 1), round(high, 1)],
        "spread": round((high - low) / 2 / middle, 3) if middle else 0.0,
        "windows": windows,
        "warmup_games": warm,
    }


def measure(
    game: str, options: dict[str, Any], games: int, seed: int, seconds: float = 0.0
) -> dict[str, Any]:
    """Throughput of random playouts on one core in the steady state (``steady``): ``games``
    timed games (more if they take less than ``seconds``), after the warm-up."""
    rate = steady(lambda s: playout(game, options, s), seed, games, seconds)
    return {"game": game, "options": options, **rate}


def positions(game: str, options: dict[str, Any], games: int, seed: int) -> list[tuple[Any, int]]:
    """Every decision point of ``games`` random playouts: (state, the seat to move)."""
    found = []
    for g in range(games):
        state = get_game(game).setup(options, seed + g)
        rng = random.Random(seed + g)
        while not state.is_terminal():
            for player in state.to_move():
                found.append((state.clone(), player))
                state.apply(player, rng.choice(state.legal_actions(player)))
    return found


def measure_search(game: str, options: dict[str, Any], games: int, seed: int) -> dict[str, Any]:
    """What a search bot pays each iteration: µs per ``clone()`` and per ``sample_world()``,
    averaged over every decision point of ``games`` random playouts."""
    points = positions(game, options, games, seed)
    rng = random.Random(seed)
    gc.collect()
    gc.freeze()
    start = time.perf_counter()
    for state, _ in points:
        state.clone()
    cloned = time.perf_counter() - start
    start = time.perf_counter()
    for state, player in points:
        state.sample_world(player, rng)
    sampled = time.perf_counter() - start
    return {
        "game": game,
        "options": options,
        "calls": len(points),
        "clone_us": round(1e6 * cloned / len(points), 2),
        "sample_world_us": round(1e6 * sampled / len(points), 2),
    }


def report(
    games: int = 200, seed: int = 0, only: str | None = None, search: bool = True
) -> list[dict[str, Any]]:
    """Every game's tables (or ``only`` that game's); bigger tables play fewer games. With
    ``search``, each row adds ``measure_search``'s costs (over a twentieth of the games),
    and every row says which build ran (``build``: compiled or pure)."""
    rows = []
    for game in game_names() if only is None else [only]:
        for options, share in get_game(game).benches:
            count = max(1, int(games * share))
            row = measure(game, options, count, seed)
            if search:
                costs = measure_search(game, options, max(1, count // 20), seed)
                row["clone_us"], row["sample_world_us"] = (
                    costs["clone_us"],
                    costs["sample_world_us"],
                )
            row["build"] = build()
            rows.append(row)
    return rows


def build() -> str:
    """Which build of the engines this process runs: "compiled" (mypyc) or "pure"."""
    return "compiled" if wonders.COMPILED else "pure"


def describe(options: dict[str, Any]) -> str:
    """A table's options in a few words: "3 players", "2 players, leaders"."""
    words = [f"{options.get('players', 2)} players"]
    words += list(options.get("expansions", []))
    if options.get("teams"):
        words.append("teams")
    return ", ".join(words)
