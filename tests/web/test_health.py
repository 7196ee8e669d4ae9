"""``GET /api/health`` says what a process reaches (its database; the messenger that tells it
of the other processes' changes), 503 while its database is away, so a load balancer sends
no one there; an outage of the messenger is logged once, and its end once. Against the real
PostgreSQL and Redis, through a relay that can be cut (a network blip)."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import create, state
from tests.web.test_converge import Relay, eventually, watched, writer
from tests.web.test_pubsub import redis_url  # noqa: F401 (a fixture)
from wonders.web.app import create_app


def test_a_single_process_on_sqlite_is_healthy_without_a_messenger(client: TestClient) -> None:
    r = client.get("/api/health")
    assert r.status_code == 200
    assert r.json() == {"database": "ok", "pubsub": "none", "tables": 0}


def test_health_follows_a_postgresql_outage_and_the_listener_resyncs(pg_url: str) -> None:
    relay = Relay(("127.0.0.1", 5432)).start()
    url = pg_url.replace("127.0.0.1:5432", f"127.0.0.1:{relay.port}")
    assert url != pg_url
    app = create_app(url, bot_delay=0)
    app.state.web.catch_up_every = 3600  # only the resync after the outage catches up
    other = writer(pg_url)  # another process, which still reaches the database
    try:
        with TestClient(app) as client:
            made = create(client, "classic", {"players": 3}, ["human"] * 3)
            health = client.get("/api/health").json()
            assert health["database"] == "ok" and health["pubsub"] == "ok"  # NOTIFY
            relay.cut()
            r = client.get("/api/health")
            assert r.status_code == 503
            assert r.json()["database"] == "down"
            assert eventually(lambda: client.get("/api/health").json()["pubsub"] == "down")
            live = other.get(made["table"])
            other.act(live, 1, other.message(live, 1)["legal"][0])  # its NOTIFY is not heard
            relay.start()
            ok = {"database": "ok", "pubsub": "ok"}
            back = eventually(lambda: client.get("/api/health").json().items() >= ok.items())
            assert back and client.get("/api/health").status_code == 200
            eventually(lambda: watched(client, made["table"])["chosen"] == [1])
    finally:
        relay.cut()
        other.store.engine.dispose()


def test_redis_away_at_start_is_reported_and_logged_once_until_it_is_back(
    redis_url: str,  # noqa: F811
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    host, port = redis_url.split("//")[1].split("/")[0].split(":")
    relay = Relay((host, int(port)))  # not started: Redis is away
    caplog.set_level(logging.WARNING)

    def said(words: str) -> int:
        return sum(words in r.getMessage() for r in caplog.records)

    app = create_app(
        f"sqlite:///{tmp_path / 'w.db'}", bot_delay=0, pubsub=f"redis://127.0.0.1:{relay.port}/0"
    )
    began = time.monotonic()
    try:
        with TestClient(app) as client:
            assert time.monotonic() - began < 5  # the server does not wait for Redis
            r = client.get("/api/health")
            assert r.status_code == 200 and r.json()["pubsub"] == "down"
            made = create(client, "classic", {"players": 3}, ["human"] * 3)
            tokens = [s["token"] for s in made["seats"]]
            for token in tokens[:2]:  # stored and acknowledged: Redis is only the messenger
                legal = state(client, token)["legal"]
                assert client.post(f"/api/play/{token}/action", json=legal[0]).status_code == 200
            time.sleep(2.5)  # it tries again every second
            assert said("Redis pub/sub unreachable") == 1
            assert said("Redis pub/sub: cannot publish") == 1
            relay.start()
            assert eventually(lambda: client.get("/api/health").json()["pubsub"] == "ok")
            assert said("Redis pub/sub: connected again") == 1
            time.sleep(1.1)  # the publisher tries again a second after its last failure
            legal = state(client, tokens[2])["legal"]
            assert client.post(f"/api/play/{tokens[2]}/action", json=legal[0]).status_code == 200
            assert said("Redis pub/sub: publishing again") == 1
            assert said("Redis pub/sub unreachable") == 1
    finally:
        relay.cut()
