"""How fast the search bots search (``wonders bench --bots``): iterations a second.

An iteration is one sampled world and one playout (``montecarlo``) or one descent of the
tree with its playout (``ismcts``), as the bots count them against a budget. Measured at
each game's first table of ``wonders bench`` (``GameInfo.benches``), each bot with its own
playouts (``montecarlo``'s random ones to the end, ``ismcts``' the game's search hints), at
positions taken along one seeded ``greedy`` game: every decision that offers the bots a
choice, spaced out to at most ``POSITIONS`` over the whole game (early positions play longer
games out than late ones). The bot is given a fixed number of iterations a move, sized by an
untimed probe so that a pass over the positions takes about ``WINDOW`` seconds; the rate is
taken in this process's CPU time (``time.process_time``: on a busy machine the time other
processes take is not counted) over ``WINDOWS`` passes, the median pass being the figure and
half the range its spread.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from wonders.bots import make_bot
from wonders.bots.names import SEARCH_BOTS
from wonders.bots.playout import candidates
from wonders.core.protocol import State
from wonders.core.registry import game_names, get_game

POSITIONS = 6
WINDOWS = 3
WINDOW = 0.5  # seconds of CPU time a pass over the positions, about
PROBE = 20  # iterations a move of the untimed probe
SEED = 7


def positions(game: str, options: dict[str, Any], seed: int) -> list[tuple[State, int]]:
    """Up to ``POSITIONS`` (state, seat) pairs along a seeded greedy game, each a decision
    with more than one legal action, spread from the start to the end."""
    info = get_game(game)
    state = info.setup(options, seed)
    bots = [make_bot("greedy", seed + p) for p in range(state.num_players)]
    found: list[tuple[State, int]] = []
    while not state.is_terminal():
        for seat in state.to_move():
            if len(candidates(state.legal_actions(seat))) > 1:  # the bots search these
                found.append((state.clone(), seat))
            state.apply(seat, bots[seat].choose(state, seat))
    if len(found) <= POSITIONS:
        return found
    step = (len(found) - 1) / (POSITIONS - 1)
    return [found[round(i * step)] for i in range(POSITIONS)]


def _pass(bot_name: str, spots: list[tuple[State, int]], iterations: int, seed: int) -> float:
    """Seconds of CPU time the bot takes over ``spots`` at ``iterations`` a move."""
    start = time.process_time()
    for k, (state, seat) in enumerate(spots):
        bot = make_bot(f"{bot_name}:{iterations}i", seed + k)
        bot.choose(state, seat)
        if getattr(bot, "iterations", iterations) != iterations:
            raise AssertionError(f"{bot_name} did not run {iterations} iterations a move")
    return time.process_time() - start


def rate(game: str, options: dict[str, Any], bot_name: str, seed: int = SEED) -> dict[str, Any]:
    """The iterations a second of ``bot_name`` at this table (see the module's text)."""
    spots = positions(game, options, seed)
    if not spots:
        raise ValueError(f"a seeded {game} game offered no choice to search")
    probe = _pass(bot_name, spots, PROBE, seed)
    per_move = max(PROBE, round(PROBE * WINDOW / max(probe, 1e-6)))
    rates = []
    for w in range(WINDOWS):
        seconds = _pass(bot_name, spots, per_move, seed + 1000 * (w + 1))
        rates.append(per_move * len(spots) / max(seconds, 1e-9))
    median = statistics.median(rates)
    return {
        "game": game,
        "options": dict(options),
        "bot": bot_name,
        "positions": len(spots),
        "iterations_a_move": per_move,
        "iterations_per_second": median,
        "spread": (max(rates) - min(rates)) / 2 / median,
    }


def report(game: str | None = None, seed: int = SEED) -> list[dict[str, Any]]:
    """Every search bot's rate at the first bench table of every registered game (or of
    ``game``), the games in the registry's order."""
    rows = []
    for name in [game] if game is not None else game_names():
        options = dict(get_game(name).benches[0][0])
        for bot_name in SEARCH_BOTS:
            rows.append(rate(name, options, bot_name, seed))
    return rows
