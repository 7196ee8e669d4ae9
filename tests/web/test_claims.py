"""Turn clocks and bot moves belong to the database, not to one process's memory: a restarted
server resumes a running clock with the time left (not a fresh one), and two services on one
PostgreSQL database make exactly one bot move per decision (the other does not think)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import state, wait
from wonders.core.protocol import State
from wonders.web import service as service_module
from wonders.web.app import create_app
from wonders.web.models import tables
from wonders.web.service import TableService
from wonders.web.store import Store, make_engine, migrate


def _clocked_duel(client: TestClient) -> tuple[str, str]:
    """A Duel of two people with a 60 s turn clock: its id and the token of the seat to move."""
    r = client.post(
        "/api/tables", json={"game": "duel", "options": {}, "seats": [{}, {}], "clock": 60}
    )
    made = r.json()
    tokens = [s["token"] for s in made["seats"]]
    return made["table"], next(t for t in tokens if state(client, t)["legal"])


def _seat(client: TestClient, token: str) -> int:
    return int(state(client, token)["seat"])


def test_the_clock_deadline_is_stored_and_survives_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        table, token = _clocked_duel(client)
        seat = _seat(client, token)
        web = client.app.state.web  # type: ignore[attr-defined]
        before = web.service.deadline(web.service.get(table), seat)
    time.sleep(0.05)
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        web = client.app.state.web  # type: ignore[attr-defined]
        after = web.service.deadline(web.service.get(table), seat)
    assert before is not None and after == before  # not started again at the restart


def test_a_person_back_from_a_stand_in_gets_a_fresh_clock(db_url: str) -> None:
    engine = make_engine(db_url)
    migrate(engine)
    service = TableService(Store(engine))  # no bot runs here: the clock is only read
    table = service.create("duel", {}, [{}, {}], seed=3, clock=60).table_id
    with engine.begin() as conn:  # the decision has been owed for 100 s
        conn.execute(tables.update().values(owed_since=time.time() - 100))
    service.forget(table)
    live = service.get(table)
    seat = live.state.to_move()[0]
    assert (service.deadline(live, seat) or 0) < time.time()  # it ran out
    service.set_stand_in(live, seat, "greedy")
    service.set_stand_in(live, seat, None)
    fresh = TableService(Store(engine))  # another process (or a restart) sees the same
    for svc in (service, fresh):
        deadline = svc.deadline(svc.get(table), seat)
        assert deadline is not None and deadline > time.time() + 50
    engine.dispose()


def test_a_restart_mid_clock_resumes_with_the_time_left(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        table, token = _clocked_duel(client)
    # the server was down for 59.5 of the player's 60 seconds: half a second is left
    engine = make_engine(db_url)
    with engine.begin() as conn:
        conn.execute(
            tables.update().where(tables.c.id == table).values(owed_since=time.time() - 59.5)
        )
    engine.dispose()
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        s = wait(client, token, lambda s: not s["legal"], timeout=20)
        assert not s["legal"]  # the clock's bot decided (a full clock would still run 60 s)
        assert s["seats"][s["seat"]]["stand_in"] is None


def test_two_services_on_one_postgresql_database_make_one_bot_move_per_decision(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = service_module.make_bot
    thought: list[int] = []  # every seat a bot was asked to decide for, in either service
    lock = threading.Lock()

    class Counting:
        def __init__(self, name: str, seed: int = 0) -> None:
            self.inner = real(name, seed=seed)

        def choose(self, state: State, seat: int) -> Any:
            with lock:
                thought.append(seat)
            time.sleep(0.01)  # a little thinking: the other service has time to try the same
            return self.inner.choose(state, seat)

    monkeypatch.setattr(service_module, "make_bot", Counting)
    services = []
    for _ in range(2):
        engine = make_engine(pg_url)
        migrate(engine)
        services.append(TableService(Store(engine)))
    a = services[0]
    table = a.create("classic", {"players": 3}, [{"kind": "bot", "bot": "random"}] * 3, 5).table_id
    played: list[bool] = []

    def play(svc: TableService, start: threading.Barrier) -> None:
        svc.refresh(table)  # what the other service stored (NOTIFY does this in the app)
        live = svc.get(table)
        owing = svc.bot_owing(live)
        start.wait()  # both services go for the same decisions at once
        for seat in owing:
            played.append(svc.play_bot(live, seat))

    for _round in range(200):
        if a.get(table).finished:
            break
        start = threading.Barrier(2)
        threads = [threading.Thread(target=play, args=(svc, start)) for svc in services]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    loaded = a.store.load(table)
    assert loaded is not None and loaded[0].status == "finished"
    record = loaded[1]
    assert sum(played) == len(record)  # every decision made once, by one of the two
    assert len(thought) == len(record)  # and thought about once: nobody duplicated the work
    for svc in services:
        svc.store.engine.dispose()
