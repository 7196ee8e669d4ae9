"""Fan-out: each distinct state message (table, version, seat, language) is made once and
shared by the pushes, the connections' first states and their syncs, however many
spectators watch; its ``clock_left`` is counted when it is sent."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import count_messages, create
from tests.web.test_backpressure import FakeSocket, connection, duel, run, service, until
from wonders.web import live as live_module
from wonders.web.app import create_app
from wonders.web.guard import OFF
from wonders.web.live import Connection, Hub
from wonders.web.service import LiveTable, TableService

__all__ = ["service"]  # the fixture


@pytest.fixture
def made(service: TableService, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every (seat, language) ``service.message`` is asked for."""
    return count_messages(service, monkeypatch)


def test_fifty_spectators_share_one_message(service: TableService, made: list[Any]) -> None:
    live = duel(service)

    async def scenario() -> None:
        hub = Hub(service)
        sockets = [FakeSocket() for _ in range(50)]
        conns = [connection(ws) for ws in sockets]
        for conn in conns:
            hub.join(live.id, conn)
        await hub.publish(live)
        await until(lambda: all(len(ws.sent) == 1 for ws in sockets))
        for conn in conns:  # each asks to sync
            await hub.send_state(conn, live)
        await until(lambda: all(len(ws.sent) == 2 for ws in sockets))
        assert len(made) == 1
        assert len({ws.sent[0] for ws in sockets}) == 1  # the same JSON, made once
        live.version += 1  # the table changed: made once again
        await asyncio.gather(*(hub.send_state(conn, live) for conn in conns))  # a storm
        await until(lambda: all(len(ws.sent) == 3 for ws in sockets))
        assert len(made) == 2

    run(scenario)


def test_one_message_per_seat_and_language(service: TableService, made: list[Any]) -> None:
    live = duel(service)

    async def scenario() -> None:
        hub = Hub(service)
        kinds = [(None, "en"), (None, "ru"), (0, "en"), (0, "ru"), (1, "en")]
        conns = [Connection(FakeSocket(), seat, code) for seat, code in kinds * 4]  # type: ignore[arg-type]
        for conn in conns:
            hub.join(live.id, conn)
            await hub.send_state(conn, live)  # each connects
        await hub.publish(live)
        assert sorted(made, key=str) == sorted(kinds, key=str)
        for conn in conns:
            await hub.send_state(conn, live)
        live.version += 1
        await hub.publish(live)
        assert len(made) == 2 * len(kinds)
        # only the newest version is kept, and nothing once the table's last page left
        assert hub.views[live.id].stamp[0] == live.version
        assert len(hub.views[live.id].made) == len(kinds)
        for conn in conns:
            hub.leave(live.id, conn)
        assert live.id not in hub.views and live.id not in hub.tables

    run(scenario)


def test_a_shared_message_counts_the_clock_down_when_sent(
    service: TableService, made: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    created = service.create("duel", {}, [{}, {}], seed=3, clock=60)
    live = service.get(created.table_id)
    mover = live.state.to_move()[0]
    now = [live_module._now()]
    monkeypatch.setattr(live_module, "_now", lambda: now[0])

    async def scenario() -> None:
        hub = Hub(service)
        ws = FakeSocket()
        conn = connection(ws, mover)
        hub.join(live.id, conn)
        await hub.send_state(conn, live)
        await until(lambda: len(ws.sent) == 1)
        now[0] += 10
        await hub.send_state(conn, live)
        await until(lambda: len(ws.sent) == 2)
        first, second = (m["clock_left"] for m in ws.messages())
        assert 55 <= first <= 60 and second == pytest.approx(first - 10, abs=0.2)
        assert len(made) == 1  # not made again

    run(scenario)


def test_a_seat_taken_by_its_link_shows_though_the_version_stays(
    service: TableService,
) -> None:
    created = service.create("duel", {}, [{}, {"access": "invited"}], seed=3)
    live = service.get(created.table_id)

    async def scenario() -> None:
        hub = Hub(service)
        ws = FakeSocket()
        conn = connection(ws)
        hub.join(live.id, conn)
        await hub.send_state(conn, live)
        service.seat_for_token(created.tokens[1])  # the invited player opens their link
        await hub.send_state(conn, live)
        await until(lambda: len(ws.sent) == 2)
        assert [m["seats"][1]["claimed"] for m in ws.messages()] == [False, True]

    run(scenario)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'w.db'}", bot_delay=0, limits=OFF)) as c:
        yield c


def test_spectators_connecting_and_syncing_share_one_message(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = create(client, "duel", {}, ["human", "human"])["table"]
    service = client.app.state.web.service  # type: ignore[attr-defined]
    calls: list[Any] = []
    real = service.message

    def counted(live: LiveTable, seat: int | None, language: str | None = None) -> Any:
        calls.append(seat)
        return real(live, seat, language)

    monkeypatch.setattr(service, "message", counted)
    sockets = [client.websocket_connect(f"/ws/watch/{table}") for _ in range(50)]
    opened = [ws.__enter__() for ws in sockets]
    try:
        first = [ws.receive_json() for ws in opened]
        for ws in opened:
            ws.send_text(json.dumps({"type": "sync"}))
        again = [ws.receive_json() for ws in opened]
        assert first == again and all(m["type"] == "state" for m in first)
        assert len(calls) == 1  # not once per connection and sync
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
