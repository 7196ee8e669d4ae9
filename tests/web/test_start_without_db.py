"""A database away when the server starts does not stop it: the process starts, says once in
its log what it waits for, answers ``/api/health`` (503, database down) and every other
request with the database fault's JSON 503 (``Retry-After``; a WebSocket: an error, then
1013), and serves as soon as the database answers: the schema is migrated then, the games in
progress resumed. Against the real PostgreSQL, through a relay that refuses connections
until it is started."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from tests.web.conftest import create, state
from tests.web.test_converge import Relay, eventually
from tests.web.test_faults import BODY, assert_closed_cleanly, assert_unavailable
from tests.web.test_guard import Served
from wonders.web.app import create_app
from wonders.web.tables import Web


@pytest.fixture
def relay() -> Iterator[Relay]:
    """A relay to PostgreSQL, not started: connections to its port are refused."""
    relay = Relay(("127.0.0.1", 5432))
    yield relay
    relay.cut()


def through(relay: Relay, url: str) -> str:
    """``url`` through the relay, with a password (trust auth ignores it; the log hides it)."""
    moved = url.replace("@127.0.0.1:5432", f":s3cret@127.0.0.1:{relay.port}")
    assert moved != url
    return moved


def said(caplog: pytest.LogCaptureFixture, words: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if words in r.getMessage()]


def test_the_server_starts_without_its_database_and_serves_once_it_answers(
    pg_url: str, relay: Relay, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    began = time.monotonic()
    app = create_app(through(relay, pg_url), bot_delay=0)  # a new schema: nothing migrated
    web: Web = app.state.web
    web.start_retry = 0.2
    with TestClient(app) as client:
        assert time.monotonic() - began < 15 and not web.ready
        waiting = said(caplog, "waiting for the database")
        assert len(waiting) == 1 and "\n" not in waiting[0]
        assert f"127.0.0.1:{relay.port}" in waiting[0] and "s3cret" not in waiting[0]
        r = client.get("/api/health")
        assert r.status_code == 503 and r.json()["database"] == "down"
        assert_unavailable(client.get("/api/tables"))
        assert_unavailable(client.post("/api/tables", json=BODY))
        assert_unavailable(client.get("/api/play/some-token"))
        assert_unavailable(client.get("/"))
        assert client.get("/static/style.css").status_code == 200
        for path in ("/ws/lobby", "/ws/play/some-token"):
            with client.websocket_connect(path) as ws:
                assert_closed_cleanly(ws)
        time.sleep(0.5)  # a few more tries: not logged again
        assert len(said(caplog, "waiting for the database")) == 1

        relay.start()  # the database is back: nothing to restart
        assert eventually(lambda: client.get("/api/health").status_code == 200)
        assert client.get("/api/health").json()["database"] == "ok"
        assert len(said(caplog, "the database")) == 2  # waiting, then answers
        made = create(client, "duel", {}, ["human", "human"])
        assert state(client, made["seats"][0]["token"])["status"] == "playing"
        with client.websocket_connect("/ws/lobby") as ws:
            assert ws.receive_json()["type"] == "lobby"
    engine = sa.create_engine(pg_url)
    with engine.connect() as conn:  # migrated once it answered
        assert conn.execute(sa.text("SELECT count(*) FROM alembic_version")).scalar() == 1
    engine.dispose()


def test_the_games_in_progress_resume_once_the_database_answers(pg_url: str, relay: Relay) -> None:
    with TestClient(create_app(pg_url, bot_delay=0)) as before:  # the previous run
        made = create(before, "duel", {}, ["random", "human"], creator_seat=1)
        token = made["creator"]["token"]
        first = state(before, token)
    app = create_app(through(relay, pg_url), bot_delay=0)
    web: Web = app.state.web
    web.start_retry = 0.2
    with TestClient(app) as client:
        assert not web.ready and not web.service.live_tables()
        relay.start()
        assert eventually(lambda: made["table"] in {t.id for t in web.service.live_tables()})
        assert web.ready
        again = state(client, token)
        assert again["table"] == made["table"] and again["version"] >= first["version"]


@pytest.mark.parametrize("workers", ["1", "2"])
def test_wonders_serve_starts_without_its_database(
    pg_url: str, relay: Relay, tmp_path: Path, workers: str
) -> None:
    served = Served(tmp_path, "--db", through(relay, pg_url), "--workers", workers)
    try:
        r = httpx.get(served.base + "/api/health")
        assert r.status_code == 503 and r.json()["database"] == "down"
        assert_unavailable(httpx.get(served.base + "/api/tables"))
        assert "waiting for the database" in served.output()
        assert "s3cret" not in served.output()
        relay.start()
        assert eventually(lambda: httpx.get(served.base + "/api/health").status_code == 200, 20)
        time.sleep(3)  # every worker tries again within 2 s (the one that answered was first)
        answered = httpx.post(served.base + "/api/tables", json=BODY)
        assert answered.status_code == 200, answered.text
    finally:
        served.stop()
