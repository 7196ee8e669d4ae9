"""Golden Architects game records: complete greedy-bot games whose every action, final state
and score are fixed. A rules change that alters any of them fails here; if the change is
intended, regenerate with ``WONDERS_REGEN_GOLDEN=1 pytest tests/architects/test_golden.py``
and review the diff of the records like any other change."""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from wonders.architects import greedy
from wonders.core import GameRecord, replay, setup

GOLDEN = Path(__file__).parent / "golden"
GAMES: dict[str, tuple[dict[str, Any], int]] = {
    "architects-2p-greedy.json": ({"players": 2}, 2021),
    "architects-4p-greedy.json": ({"players": 4}, 44),
    "architects-7p-greedy.json": ({"players": 7}, 7),
}


def digest(state_json: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(state_json, sort_keys=True).encode()).hexdigest()


def play(options: dict[str, Any], seed: int) -> dict[str, Any]:
    state = setup("architects", options, seed)
    rngs = [random.Random(seed * 10 + p) for p in range(state.num_players)]
    record = GameRecord("architects", options, seed)
    while not state.is_terminal():
        for p in state.to_move():
            action = greedy.choose(state, p, rngs[p])
            state.apply(p, action)
            record.actions.append((p, action.to_json()))
    record.result = state.result().to_json()
    return {"record": record.to_json(), "final_state_sha256": digest(state.to_json())}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_record_replays_exactly(name: str) -> None:
    path = GOLDEN / name
    if os.environ.get("WONDERS_REGEN_GOLDEN"):
        path.write_text(json.dumps(play(*GAMES[name]), indent=1) + "\n")
    golden = json.loads(path.read_text())
    state = replay(GameRecord.from_json(golden["record"]))
    assert state.result().to_json() == golden["record"]["result"]
    assert digest(state.to_json()) == golden["final_state_sha256"]
    # and the bots, given the same seeds, still play the same game
    assert play(*GAMES[name]) == golden
