"""The end of a 7 Wonders game in the terminal: each card's and each wonder stage's points."""

from __future__ import annotations

from tests.playouts import random_finish
from wonders.classic import advice, describe
from wonders.classic.plain import card_points


def test_each_built_wonder_stage_shows_its_points_and_they_add_up_to_the_wonder_score() -> None:
    shown = 0
    for seed in range(6):
        state = random_finish("classic", {"players": 3, "sides": "A" if seed % 2 else "B"}, seed)
        for seat in range(3):
            view = state.view(seat)  # type: ignore[attr-defined]
            points = advice.stage_points(view)
            breakdown = state.result().players[seat].breakdown  # type: ignore[attr-defined]
            assert sum(points) == breakdown["wonder"]
            lines = card_points(view)
            for i, vp in enumerate(points, 1):
                row = next(r for r in lines if r.startswith(f"Wonder stage {i} scored"))
                assert row.startswith(f"Wonder stage {i} scored {describe.vp(vp)}:"), row
                shown += bool(vp)
    assert shown  # some stage scored points
