"""Golden 7 Wonders records, base game and expansions (see tests/golden.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.golden import check_golden

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
