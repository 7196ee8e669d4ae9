"""Golden game records: complete greedy-bot games whose every action, final state and score
are fixed. A rules change that alters any of them fails here; if the change is intended,
regenerate with ``WONDERS_REGEN_GOLDEN=1 pytest tests/classic/test_golden.py`` and review
the diff of the records like any other change."""

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
    "classic-3p-A-greedy.json": ({"players": 3, "sides": "A"}, 2024),
    "classic-7p-B-greedy.json": ({"players": 7, "sides": "B"}, 7),
    "classic-5p-random-sides.json": ({"players": 5, "sides": "random"}, 55),
    "classic-2p-free-city-greedy.json": ({"players": 2, "sides": "A"}, 22),
    "classic-2p-leaders-greedy.json": ({"players": 2, "expansions": ["leaders"]}, 2),
    "classic-4p-leaders-greedy.json": (
        {"players": 4, "sides": "random", "expansions": ["leaders"]},
        44,
    ),
}


def digest(state_json: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(state_json, sort_keys=True).encode()).hexdigest()


def play(options: dict[str, Any], seed: int) -> dict[str, Any]:
    state = setup("classic", options, seed)
    bots = [make_bot("greedy", seed * 10 + p) for p in range(state.num_players)]
    record = GameRecord("classic", options, seed)
    while not state.is_terminal():
        for p in state.to_move():
            action = bots[p].choose(state, p)
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
