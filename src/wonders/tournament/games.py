"""One tournament game, by its spec: the outcome and its game record."""

from __future__ import annotations

import time
from typing import Any

from wonders.bots import make_bot
from wonders.core.records import GameRecord, bot
from wonders.core.registry import get_game
from wonders.tournament.schedule import GameSpec


def run_game(spec: GameSpec) -> dict[str, Any]:
    """Play the game of ``spec`` (a pure function of it, save ``seconds``); JSON-ready."""
    start = time.perf_counter()
    state = get_game(spec.game).setup(dict(spec.options), spec.seed)
    n = state.num_players
    if n != len(spec.bots):
        raise ValueError(f"the game has {n} seats but the spec names {len(spec.bots)} bots")
    bots = [make_bot(name, spec.bot_seed(seat)) for seat, name in enumerate(spec.bots)]
    record = GameRecord(spec.game, dict(spec.options), spec.seed, seats=[bot(b) for b in spec.bots])
    while not state.is_terminal():
        for seat in state.to_move():
            action = bots[seat].choose(state, seat)
            state.apply(seat, action)
            record.actions.append((seat, action.to_json()))
    result = state.result()
    record.result = result.to_json()
    ranks = {p.seat: p.rank for p in result.players}
    totals = {p.seat: p.total for p in result.players}
    return {
        **spec.to_json(),
        "totals": [totals[seat] for seat in range(n)],
        "ranks": [ranks[seat] for seat in range(n)],
        "winners": [w for w in result.winners if w < n],
        "record": record.to_json(),
        "seconds": time.perf_counter() - start,
    }
