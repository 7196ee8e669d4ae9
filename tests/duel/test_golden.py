"""Golden Duel records: complete greedy-bot games whose every action, final state and score
are fixed. If a rules change is meant to alter them, regenerate with
``WONDERS_REGEN_GOLDEN=1 pytest tests/duel/test_golden.py`` and review the records' diff."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest

from wonders.bots import make_bot
from wonders.core import GameRecord, replay, setup

GOLDEN = Path(__file__).parent / "golden"
GAMES: dict[str, tuple[dict[str, Any], int]] = {
    "duel-draft-greedy.json": ({}, 2025),
    "duel-first-game-greedy.json": ({"first_game": True}, 8),
}


def digest(state_json: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(state_json, sort_keys=True).encode()).hexdigest()


def play(options: dict[str, Any], seed: int) -> dict[str, Any]:
    state = setup("duel", options, seed)
    bots = [make_bot("greedy", seed * 10 + p) for p in (0, 1)]
    record = GameRecord("duel", options, seed)
    while not state.is_terminal():
        (p,) = state.to_move()
        action = bots[p].choose(state, p)
        state.apply(p, action)
        record.actions.append((p, action.to_json()))
    record.result = state.result().to_json()
    return {"record": record.to_json(), "final_state_sha256": digest(state.to_json())}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_duel_record_replays_exactly(name: str) -> None:
    path = GOLDEN / name
    if os.environ.get("WONDERS_REGEN_GOLDEN"):
        path.write_text(json.dumps(play(*GAMES[name]), indent=1) + "\n")
    golden = json.loads(path.read_text())
    state = replay(GameRecord.from_json(golden["record"]))
    assert state.result().to_json() == golden["record"]["result"]
    assert digest(state.to_json()) == golden["final_state_sha256"]
    assert play(*GAMES[name]) == golden
