"""A tournament cut short goes on where it stopped: every game's record is written as the
game ends (``report.save_records``), and a new run of the same tournament into the same
folder takes the games already there instead of playing them again.

A record counts for a game of the schedule when it is that game: the same game, options,
seed and seat rotation, the same bot at every seat, and a result that its actions replay to
(``core.records.replay``). Anything else in the folder (another tournament's record, one cut
off while being written, one that does not replay) is played again and overwritten."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wonders.core.errors import WondersError
from wonders.core.records import GameRecord, bot, replay
from wonders.tournament.schedule import GameSpec

Outcome = dict[str, Any]


def record_name(game: str, seed: int, rotation: int) -> str:
    """The file of one game's record in a tournament's folder."""
    return f"{game}-s{seed}-r{rotation}.json"


def outcome_of(spec: GameSpec, record: GameRecord) -> Outcome | None:
    """The outcome of ``spec``'s game from its ``record`` (as ``games.run_game`` gives it),
    or None when the record is not that game, finished and replaying to its result."""
    same = (
        record.game == spec.game
        and record.options == spec.options
        and record.seed == spec.seed
        and record.seats == [bot(b) for b in spec.bots]
        and record.result is not None
    )
    if not same:
        return None
    try:
        state = replay(record)  # checks that the actions give the stored result
    except WondersError:
        return None
    result = state.result()
    n = len(spec.bots)
    ranks = {p.seat: p.rank for p in result.players}
    totals = {p.seat: p.total for p in result.players}
    return {
        **spec.to_json(),
        "totals": [totals[seat] for seat in range(n)],
        "ranks": [ranks[seat] for seat in range(n)],
        "winners": [w for w in result.winners if w < n],
        "record": record.to_json(),
        "seconds": None,  # played by an earlier run
        "resumed": True,
    }


def finished(folder: Path, specs: list[GameSpec]) -> list[Outcome]:
    """The outcomes of the scheduled games whose records are already in ``folder``."""
    out = []
    for spec in specs:
        path = folder / record_name(spec.game, spec.seed, spec.rotation)
        if not path.is_file():
            continue
        try:
            record = GameRecord.load(path)
        except WondersError:
            continue
        outcome = outcome_of(spec, record)
        if outcome is not None:
            out.append(outcome)
    return out
