"""The games and option sets the environment tests play."""

from __future__ import annotations

from typing import Any

CASES: list[tuple[str, dict[str, Any]]] = [
    ("classic", {"players": 3}),
    ("classic", {"players": 2}),
    ("classic", {"players": 7, "sides": "B"}),
    ("classic", {"players": 5, "expansions": ["leaders"]}),
    ("classic", {"players": 3, "expansions": ["cities"]}),
    ("classic", {"players": 4, "expansions": ["leaders", "cities"], "teams": True}),
    ("classic", {"players": 8, "expansions": ["leaders", "cities"]}),
    ("duel", {}),
    ("duel", {"first_game": True}),
    ("architects", {"players": 2}),
    ("architects", {"players": 5}),
    ("architects", {"players": 7}),
]


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    game, options = case
    return game + "".join(f"-{k}={v}" for k, v in options.items()).replace(" ", "")
