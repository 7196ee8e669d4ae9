"""Golden Duel records (see tests/golden.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.golden import check_golden

GOLDEN = Path(__file__).parent / "golden"
GAMES: dict[str, tuple[dict[str, Any], int]] = {
    "duel-draft-greedy.json": ({}, 2025),
    "duel-first-game-greedy.json": ({"first_game": True}, 8),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_duel_record_replays_exactly(name: str) -> None:
    check_golden(GOLDEN / name, "duel", *GAMES[name])
