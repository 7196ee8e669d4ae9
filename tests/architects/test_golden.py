"""Golden Architects records (see tests/golden.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.golden import check_golden

GOLDEN = Path(__file__).parent / "golden"
GAMES: dict[str, tuple[dict[str, Any], int]] = {
    "architects-2p-greedy.json": ({"players": 2}, 2021),
    "architects-4p-greedy.json": ({"players": 4}, 44),
    "architects-7p-greedy.json": ({"players": 7}, 7),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_record_replays_exactly(name: str) -> None:
    check_golden(GOLDEN / name, "architects", *GAMES[name])
