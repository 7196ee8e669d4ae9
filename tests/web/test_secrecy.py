"""No message carries what its reader may not know, for every game at every phase: a
seat's message is the same in every world the seat cannot tell from the true one (the
engine's ``sample_world``), a spectator's never holds a hand, another seat's pending choice
changes nothing in it, and the seed is nowhere."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from wonders.web.service import LiveTable, TableService
from wonders.web.store import Store, make_engine, migrate

GAMES = [
    ("classic", {"players": 3}),
    ("classic", {"players": 2}),
    ("classic", {"players": 4, "expansions": ["leaders", "cities"], "teams": True}),
    ("duel", {}),
    ("architects", {"players": 4}),
]


@pytest.fixture
def service(tmp_path: Path) -> TableService:
    engine = make_engine(f"sqlite:///{tmp_path / 'secrecy.db'}")
    migrate(engine)
    return TableService(Store(engine))


def check(service: TableService, live: LiveTable, rng: random.Random) -> None:
    seed = str(live.row.seed)
    for seat in range(live.state.num_players):
        msg = service.message(live, seat)
        world = live.state.sample_world(seat, rng)
        twin = LiveTable(live.row, world, live.count, version=live.version)
        assert service.message(twin, seat) == msg, f"seat {seat} sees hidden information"
        assert msg["view"] == live.state.view(seat)
        assert seed not in json.dumps(msg)
        for other, choice in live.row.pending.items():
            if other != seat:
                assert msg["my_choice"] != choice or msg["my_choice"] is None
    spectator = json.dumps(service.message(live, None))
    assert seed not in spectator and '"hand": [' not in spectator.replace('"hand": []', "")


def pending_is_private(service: TableService, live: LiveTable, seat: int, alt: Any) -> None:
    """Another choice for ``seat`` changes nothing the other seats or spectators receive."""
    others = [s for s in [None, *range(live.state.num_players)] if s != seat]
    before = [service.message(live, s) for s in others]
    saved = dict(live.row.pending)
    live.row.pending = {**saved, seat: alt}
    try:
        assert [service.message(live, s) for s in others] == before
    finally:
        live.row.pending = saved


@pytest.mark.parametrize(("game", "options"), GAMES)
def test_messages_carry_only_what_their_reader_may_know(
    service: TableService, game: str, options: dict[str, Any]
) -> None:
    n = {"duel": 2}.get(game, options.get("players", 3))
    created = service.create(game, options, [{"kind": "human"}] * n, seed=987_654_321_123)
    live = service.get(created.table_id)
    rng = random.Random(3)
    steps = 0
    while not live.finished:
        owing = live.state.to_move()
        for seat in owing:
            if steps % 3 == 0:
                check(service, live, rng)
            legal = [a.to_json() for a in live.state.legal_actions(seat)]
            choice, alt = rng.choice(legal), rng.choice(legal)
            service.act(live, seat, choice)
            steps += 1
            if live.row.pending:
                pending_is_private(service, live, seat, alt)
    check(service, live, rng)
    assert live.row.result is not None and steps > 20
