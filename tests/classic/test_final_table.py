"""The end of a 7 Wonders game in the terminal: each card's and each wonder stage's points."""

from __future__ import annotations

from rich.console import Console

from tests.playouts import random_finish
from wonders.classic import advice
from wonders.cli import render


def test_each_built_wonder_stage_shows_its_points_and_they_add_up_to_the_wonder_score() -> None:
    shown = 0
    for seed in range(6):
        state = random_finish("classic", {"players": 3, "sides": "A" if seed % 2 else "B"}, seed)
        for seat in range(3):
            view = state.view(seat)  # type: ignore[attr-defined]
            points = advice.stage_points(view)
            breakdown = state.result().players[seat].breakdown  # type: ignore[attr-defined]
            assert sum(points) == breakdown["wonder"]
            console = Console(width=120, record=True)
            console.print(render.card_points(view))
            text = console.export_text()
            for i, vp in enumerate(points, 1):
                row = next(r for r in text.splitlines() if f"wonder stage {i} " in r)
                assert (f" {vp} " in row) == bool(vp), row
                shown += bool(vp)
    assert shown  # some stage scored points
