"""``architects.advice``: scores and the points at the end computed from a seat's view agree
with the engine, and decks are placed for the seat."""

from __future__ import annotations

import random

import pytest

from wonders.architects import advice
from wonders.architects.state import setup


@pytest.mark.parametrize("players", [2, 3, 7])
def test_scores_and_points_at_the_end_agree_with_the_engine(players: int) -> None:
    for seed in range(3):
        state = setup({"players": players}, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            (p,) = state.to_move()
            view = state.view(p)
            for q in range(players):
                assert advice.breakdown(view, q) == state.score_breakdown(q)
            state.apply(p, rng.choice(state.legal_actions(p)))
        for q in range(players):
            items = advice.card_points(state.view(q))
            assert sum(points for _, points in items) == state.result().players[q].total


def test_decks_are_placed_for_the_seat() -> None:
    state = setup({"players": 4}, 1)
    view = state.view(2)
    names = [d["deck"] for d in view["decks"]]
    assert advice.side(view, names[2]) == "left"
    assert advice.side(view, names[1]) == "right"
    assert advice.side(view, names[0]) == "far"
    assert advice.side(view, "central") == "central"
