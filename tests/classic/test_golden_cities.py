"""Golden 7 Wonders records with the Cities expansion (see tests/golden.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.golden import check_golden

GOLDEN = Path(__file__).parent / "golden"
GAMES: dict[str, tuple[dict[str, Any], int]] = {
    "cities-3p-greedy.json": ({"players": 3, "sides": "random", "expansions": ["cities"]}, 303),
    "cities-8p-teams-leaders-greedy.json": (
        {"players": 8, "sides": "random", "expansions": ["cities", "leaders"], "teams": True},
        808,
    ),
    "cities-2p-free-city-greedy.json": ({"players": 2, "expansions": ["cities"]}, 202),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_record_replays_exactly(name: str) -> None:
    check_golden(GOLDEN / name, "classic", *GAMES[name])
