"""Golden game records shared by every game's test_golden.py: a complete greedy-bot game
whose every action, final state and score are fixed. A rules change that alters one fails;
if the change is intended, regenerate with ``WONDERS_REGEN_GOLDEN=1 pytest -k golden`` and
review the records' diff like any other change."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from wonders.bots import make_bot
from wonders.core import GameRecord, replay, setup


def digest(state_json: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(state_json, sort_keys=True).encode()).hexdigest()


def play_greedy(game: str, options: dict[str, Any], seed: int) -> dict[str, Any]:
    """A whole game of greedy bots (seat p's bot seeded seed * 10 + p) and its record."""
    state = setup(game, options, seed)
    bots = [make_bot("greedy", seed * 10 + p) for p in range(state.num_players)]
    record = GameRecord(game, options, seed)
    while not state.is_terminal():
        for p in state.to_move():
            action = bots[p].choose(state, p)
            state.apply(p, action)
            record.actions.append((p, action.to_json()))
    record.result = state.result().to_json()
    return {"record": record.to_json(), "final_state_sha256": digest(state.to_json())}


def check_golden(path: Path, game: str, options: dict[str, Any], seed: int) -> None:
    """The record at ``path`` replays to its result and final state, and the bots, given the
    same seeds, still play the same game."""
    if os.environ.get("WONDERS_REGEN_GOLDEN"):
        path.write_text(json.dumps(play_greedy(game, options, seed), indent=1) + "\n")
    golden = json.loads(path.read_text())
    state = replay(GameRecord.from_json(golden["record"]))
    assert state.result().to_json() == golden["record"]["result"]
    assert digest(state.to_json()) == golden["final_state_sha256"]
    assert play_greedy(game, options, seed) == golden
