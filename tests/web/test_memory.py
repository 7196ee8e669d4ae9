"""The table cache stays bounded: a periodic sweep drops the cached games that are finished
or unused for a while, unless a WebSocket connection, a bot or a turn clock still needs
them; a dropped game is rebuilt from the store when it is visited again."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.conftest import create, state
from wonders.bots.greedy import GreedyBot
from wonders.web import service as service_module
from wonders.web.app import Web, create_app


@pytest.fixture
def app(tmp_path: Path) -> FastAPI:
    return create_app(f"sqlite:///{tmp_path / 'memory.db'}", bot_delay=0)


def web_of(app: FastAPI) -> Web:
    web = app.state.web
    assert isinstance(web, Web)
    return web


def cached(app: FastAPI) -> set[str]:
    return {live.id for live in web_of(app).service.live_tables()}


def finish(client: TestClient, table: str, timeout: float = 30) -> Any:
    """Wait until the table's bots have played it to the end; its final state."""
    end = time.monotonic() + timeout
    while (seen := client.get(f"/api/watch/{table}").json())["status"] != "finished":
        assert time.monotonic() < end, "the bots did not finish the game"
        time.sleep(0.02)
    return seen


def evicted_to(app: FastAPI, expected: set[str], timeout: float = 10) -> None:
    """Sweep until the cache holds ``expected`` (a closed socket leaves its table soon after
    the client closed it)."""
    end = time.monotonic() + timeout
    while web_of(app).evict() or cached(app) != expected:
        assert time.monotonic() < end, f"cached: {cached(app)}, not {expected}"
        time.sleep(0.02)


def bots_game(client: TestClient) -> str:
    return str(create(client, "duel", {}, ["random", "random"])["table"])


def test_finished_games_leave_the_cache_once_their_sockets_closed(
    app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(service_module, "FINISHED_IDLE", 0.0)
    web = web_of(app)
    with TestClient(app) as client:
        watched, *others = [bots_game(client) for _ in range(4)]
        waiting = create(client, "duel", {}, ["human", "human"])["table"]
        with client.websocket_connect(f"/ws/watch/{watched}"):
            for table in [watched, *others]:
                finish(client, table)
            end = time.monotonic() + 10
            while any(not t.done() for t in web.bot_tasks.values()):
                assert time.monotonic() < end
                time.sleep(0.02)
            evicted_to(app, {watched, waiting})  # watched; not unused long enough
        evicted_to(app, {waiting})
        web.evict_idle = 0  # a game in progress nobody used for that long goes too
        evicted_to(app, set())
        assert web.bot_tasks == {}  # the finished bots' tasks are not kept either


def test_the_sweep_runs_by_itself(app: FastAPI) -> None:
    web = web_of(app)
    web.sweep_every, web.evict_idle = 0.05, 0
    with TestClient(app) as client:
        tables = [bots_game(client) for _ in range(3)]
        for table in tables:
            finish(client, table)
        end = time.monotonic() + 10
        while cached(app):
            assert time.monotonic() < end, f"still cached: {cached(app)}"
            time.sleep(0.05)


def test_an_evicted_game_still_serves_its_pages_and_record(app: FastAPI) -> None:
    web = web_of(app)
    web.evict_idle = 0
    with TestClient(app) as client:
        table = bots_game(client)
        final = finish(client, table)
        record = client.get(f"/api/tables/{table}/record").json()
        step = client.get(f"/api/tables/{table}/replay", params={"step": 3}).json()
        evicted_to(app, set())
        assert client.get(f"/api/tables/{table}/record").json() == record
        assert client.get(f"/api/tables/{table}/replay", params={"step": 3}).json() == step
        again = client.get(f"/api/watch/{table}").json()
        assert again["status"] == "finished" and again["result"] == final["result"]
        for page in (f"/watch/{table}", f"/replay/{table}"):
            assert client.get(page).status_code == 200
        with client.websocket_connect(f"/ws/watch/{table}") as ws:
            assert ws.receive_json()["result"] == final["result"]
        evicted_to(app, set())  # and it goes again


@pytest.fixture
def blocked_greedy(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """The greedy bot thinks until the event is set."""
    go = threading.Event()
    choose = GreedyBot.choose

    def waiting(self: GreedyBot, game: Any, seat: int) -> Any:
        go.wait(30)
        return choose(self, game, seat)

    monkeypatch.setattr(GreedyBot, "choose", waiting)
    yield go
    go.set()


def test_a_game_with_a_bot_or_a_turn_clock_at_work_is_kept(
    app: FastAPI, blocked_greedy: threading.Event
) -> None:
    web = web_of(app)
    web.evict_idle = 0
    with TestClient(app) as client:
        thinking = create(client, "duel", {}, ["greedy", "greedy"])["table"]
        timed = create(client, "duel", {}, ["human", "human"], clock=3600)
        end = time.monotonic() + 10
        while not web.clocks:
            assert time.monotonic() < end
            time.sleep(0.02)
        web.evict()
        assert cached(app) == {thinking, timed["table"]}
        blocked_greedy.set()
        finish(client, thinking)
        evicted_to(app, {timed["table"]})
        token = timed["creator"]["token"]
        assert state(client, token)["clock_left"] > 0  # the clock still runs
