"""Random-playout throughput: complete games with full legal-action enumeration.

Every decision enumerates ``legal_actions`` (payment options included) and picks one
uniformly with a seeded generator, as a search bot's playouts would. Importable without the
CLI so that ``benchmarks/`` and the ``wonders bench`` command share it.
"""

from __future__ import annotations

import gc
import random
import time
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


def measure(game: str, options: dict[str, Any], games: int, seed: int) -> dict[str, Any]:
    """Throughput of ``games`` random playouts on one core.

    Objects alive before the run (the CLI's own modules) are frozen out of the garbage
    collector's scans, so the figure is the engine's, not the collector's.
    """
    gc.collect()
    gc.freeze()
    start = time.perf_counter()
    decisions = sum(playout(game, options, seed + g) for g in range(games))
    seconds = time.perf_counter() - start
    return {
        "game": game,
        "options": options,
        "games": games,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1),
        "decisions_per_second": round(decisions / seconds, 1),
    }


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
