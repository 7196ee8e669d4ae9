"""Redis pub/sub instead of PostgreSQL NOTIFY: two ``wonders serve`` processes on one database
(an SQLite file, which has no NOTIFY of its own) with ``--pubsub`` set push each other's
moves to their WebSockets through the real Redis (skipped with the reason when Redis is
unreachable, unless WONDERS_REQUIRE_SERVICES is set)."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from tests.web.test_serve import two_running
from wonders.web.pubsub import Publisher, check_url

REDIS_URL = os.environ.get("WONDERS_TEST_REDIS", "redis://127.0.0.1:6379/0")


@pytest.fixture
def redis_url() -> str:
    import redis

    try:
        redis.Redis.from_url(REDIS_URL, socket_timeout=2).ping()
    except redis.RedisError as exc:
        reason = f"Redis at {REDIS_URL} is unreachable: {type(exc).__name__}"
        if os.environ.get("WONDERS_REQUIRE_SERVICES"):  # CI: the service must be there
            pytest.fail(reason)
        pytest.skip(reason)
    return REDIS_URL


@pytest.fixture
def two_servers(redis_url: str, tmp_path: Path) -> Iterator[tuple[str, str]]:
    with two_running(f"sqlite:///{tmp_path / 'shared.db'}", redis_url) as bases:
        yield bases


def test_two_processes_push_each_others_moves_through_redis(two_servers: tuple[str, str]) -> None:
    a, b = two_servers
    made = httpx.post(
        a + "/api/tables",
        json={"game": "classic", "options": {"players": 3}, "seats": [{"kind": "human"}] * 3},
    ).json()
    tokens = [s["token"] for s in made["seats"]]
    with connect(b.replace("http", "ws") + f"/ws/watch/{made['table']}", open_timeout=10) as ws:
        assert json.loads(ws.recv(timeout=10))["chosen"] == []
        for i, token in enumerate(tokens):  # every seat chooses through A; B's watcher hears
            legal = httpx.get(f"{a}/api/play/{token}").json()["legal"]
            assert httpx.post(f"{a}/api/play/{token}/action", json=legal[0]).status_code == 200
            heard = json.loads(ws.recv(timeout=10))
            while heard["chosen"] != ([] if i == 2 else list(range(i + 1))):
                heard = json.loads(ws.recv(timeout=10))
        assert heard["view"]["turn"] == 2  # the turn was revealed to B's spectator


def test_a_publisher_that_cannot_reach_redis_does_not_fail_the_stored_change() -> None:
    Publisher("redis://127.0.0.1:1/0")("some-table")  # logged, not raised


@pytest.mark.parametrize("url", ["http://127.0.0.1:6379", "127.0.0.1:6379", ""])
def test_a_pubsub_url_that_is_not_redis_is_refused_plainly(url: str) -> None:
    with pytest.raises(ValueError, match=r"use redis://host:port/db"):
        check_url(url)


def test_a_redis_that_holds_its_connections_without_answering_delays_no_write() -> None:
    """A paused Redis (SIGSTOP, a network that drops answers) accepts and never answers: the
    store's announcements after writes return at once (while the publisher's own thread is
    still waiting for its first answer), and the outage is known once that thread gives up."""
    silent = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []

    def hold() -> None:
        with contextlib.suppress(OSError):
            while True:
                held.append(silent.accept()[0])  # read nothing, answer nothing

    threading.Thread(target=hold, daemon=True).start()
    publisher = Publisher(f"redis://127.0.0.1:{silent.getsockname()[1]}/0")
    try:
        for i in range(50):
            publisher(f"table-{i} 1")
        assert publisher.up  # every call returned before the first note found Redis silent
        end = time.monotonic() + 30
        while publisher.up and time.monotonic() < end:
            time.sleep(0.05)
        assert not publisher.up  # the sender thread found Redis away
    finally:
        silent.close()
        for conn in held:
            conn.close()
        publisher.close()
