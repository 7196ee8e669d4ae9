"""Two ``wonders serve`` processes on one PostgreSQL database (a throw-away schema; skipped
with the reason when PostgreSQL is unreachable): a move made through either is stored once,
seen by both, and pushed by PostgreSQL NOTIFY to the other process's WebSockets."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest
from websockets.sync.client import connect

from tests.web.test_serve import seat_state as seat
from tests.web.test_serve import two_running


@pytest.fixture
def two_servers(pg_url: str) -> Iterator[tuple[str, str]]:
    with two_running(pg_url) as bases:
        yield bases


def test_two_processes_serve_one_table(two_servers: tuple[str, str]) -> None:
    a, b = two_servers
    made = httpx.post(
        a + "/api/tables",
        json={"game": "classic", "options": {"players": 3}, "seats": [{"kind": "human"}] * 3},
    ).json()
    tokens = [s["token"] for s in made["seats"]]
    ws_url = b.replace("http", "ws") + f"/ws/watch/{made['table']}"
    with connect(ws_url, open_timeout=10) as watcher:
        assert json.loads(watcher.recv(timeout=10))["chosen"] == []
        for turn in range(3):  # the three seats choose through alternating servers
            for i, token in enumerate(tokens):
                base = (a, b)[(i + turn) % 2]
                s = seat(base, token)
                r = httpx.post(f"{base}/api/play/{token}/action", json=s["legal"][0])
                assert r.status_code == 200, r.text
                heard = json.loads(watcher.recv(timeout=10))  # B pushes even A's moves
                while heard["chosen"] != ([] if i == 2 else list(range(i + 1))):
                    heard = json.loads(watcher.recv(timeout=10))
            assert heard["view"]["turn"] == turn + 2
    for token in tokens:
        assert seat(a, token) == seat(b, token)
    assert httpx.get(f"{a}/api/watch/{made['table']}").json()["view"]["turn"] == 4
