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

from wonders.core.registry import get_game


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


def classic_report(games: int = 200, seed: int = 0) -> list[dict[str, Any]]:
    """7 Wonders at 3, 5 and 7 players (fewer games at larger tables, same total work)."""
    return [measure("classic", {"players": n}, max(1, games * 3 // n), seed) for n in (3, 5, 7)]
