"""Bots decide in threads of their own: bots that take long to decide at many tables never
hold the threads the requests need, and the server shuts down without waiting for them."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import create, state
from tests.web.test_faults import within
from wonders.bots.greedy import GreedyBot
from wonders.web.app import create_app

TABLES = 10  # more than the event loop's default threads (min(32, cpus + 4)) and the bots'


class Thinking:
    """The greedy bot decides only once ``go`` is set (each waiting bot blocks a thread, as
    a search bot waiting for its process does); ``started`` counts the waiting ones."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.started: list[int] = []


@pytest.fixture
def thinking(monkeypatch: pytest.MonkeyPatch) -> Iterator[Thinking]:
    slow = Thinking()
    choose = GreedyBot.choose

    def waiting(self: GreedyBot, game: Any, seat: int) -> Any:
        slow.started.append(seat)
        slow.go.wait(60)
        return choose(self, game, seat)

    monkeypatch.setattr(GreedyBot, "choose", waiting)
    yield slow
    slow.go.set()


def test_requests_are_answered_while_bots_think_at_many_tables(
    tmp_path: Path, thinking: Thinking
) -> None:
    client = TestClient(create_app(f"sqlite:///{tmp_path / 'bots.db'}", bot_delay=0))
    client.__enter__()
    running = True
    try:
        for _ in range(TABLES):
            create(client, "duel", {}, ["greedy", "greedy"])
        end = time.monotonic() + 10
        while len(thinking.started) < 4:
            assert time.monotonic() < end, "the bots did not start"
            time.sleep(0.02)
        time.sleep(0.3)  # the others are queued by now

        lobby = within(10, lambda: client.get("/api/tables"))
        assert lobby.status_code == 200 and len(lobby.json()["playing"]) == TABLES
        made = create(client, "classic", {"players": 3}, ["human", "human", "human"])
        token = made["creator"]["token"]
        seen = within(10, lambda: state(client, token))
        act = lambda: client.post(f"/api/play/{token}/action", json=seen["legal"][0])  # noqa: E731
        answer = within(10, act)
        assert answer.status_code == 200 and answer.json()["type"] == "ack", answer.text

        # the server stops without waiting for the bots' decisions
        start = time.monotonic()
        within(15, lambda: client.__exit__(None, None, None))
        running = False
        assert time.monotonic() - start < 15
    finally:
        thinking.go.set()
        if running:
            client.__exit__(None, None, None)
