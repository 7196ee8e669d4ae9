"""view()'s event log is cached per seat and grows with the game: it must equal the log
redacted afresh at every point, in clones, re-dealt worlds and loaded states."""

from __future__ import annotations

import random

from wonders.classic.state import from_json, setup
from wonders.classic.turn import ClassicState
from wonders.core.protocol import JSON


def _fresh(state: ClassicState, player: int | None) -> list[JSON]:
    return [state._redact(e, player) for e in state.events]


def test_cached_event_log_equals_a_fresh_redaction() -> None:
    tables: list[tuple[JSON, int]] = [
        ({"players": 3}, 1),
        ({"players": 2}, 2),
        ({"players": 4, "expansions": ["leaders", "cities"], "teams": True}, 3),
    ]
    for options, seed in tables:
        state = setup(dict(options), seed)
        rng = random.Random(seed)
        seats = [None, *range(state.num_players)]
        steps = 0
        while not state.is_terminal():
            for p in seats:
                assert state.view(p)["events"] == _fresh(state, p)
            if steps % 7 == 3:
                clone = state.clone()
                world = state.sample_world(0, random.Random(steps))
                loaded = from_json(state.to_json())
                for other in (clone, world, loaded):
                    for p in seats:
                        assert other.view(p)["events"] == _fresh(other, p)
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
        view = state.view(0)
        view["events"].clear()  # a fresh list each time: the next view is whole
        assert state.view(0)["events"] == _fresh(state, 0)


def test_a_re_dealt_world_hides_what_its_seat_does_not_know() -> None:
    """After views are cached, a world re-dealt for seat 0 redacts its own (changed) log."""
    state = setup({"players": 3}, 5)
    rng = random.Random(5)
    for _ in range(12):
        for p in (None, 0, 1, 2):
            state.view(p)
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    world = state.sample_world(0, random.Random(9))
    for p in (None, 0, 1, 2):
        assert world.view(p)["events"] == _fresh(world, p)
    assert world.view(0)["events"] == state.view(0)["events"]
