"""Fixtures of the web table's tests: an app on a fresh SQLite file (or on a throw-away
PostgreSQL schema), a test client, and helpers to play through the JSON API."""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

import sqlalchemy as sa
from fastapi.testclient import TestClient

from wonders.web.app import create_app

PG_URL = os.environ.get("WONDERS_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


def pg_schema_url() -> Iterator[str]:
    """A PostgreSQL URL whose connections use a new schema, dropped afterwards; skips the
    test when the server is unreachable."""
    try:
        engine = sa.create_engine(PG_URL.replace("postgresql://", "postgresql+psycopg://"))
        with engine.begin() as conn:
            schema = "wonders_test_" + uuid.uuid4().hex[:10]
            conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    except Exception as exc:
        reason = f"PostgreSQL at {PG_URL} is unreachable: {type(exc).__name__}"
        if os.environ.get("WONDERS_REQUIRE_SERVICES"):  # CI: the service must be there
            pytest.fail(reason)
        pytest.skip(reason)
    sep = "&" if "?" in PG_URL else "?"
    yield f"{PG_URL}{sep}options=-csearch_path%3D{schema}"
    with engine.begin() as conn:
        conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
    engine.dispose()


@pytest.fixture
def pg_url() -> Iterator[str]:
    yield from pg_schema_url()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'wonders.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        yield c


def seat_spec(seat: str) -> dict[str, Any]:
    """ "human" (no access given: invited), "invited", "open", or a bot's name."""
    if seat == "human":
        return {"kind": "human"}
    if seat in ("invited", "open"):
        return {"kind": "human", "access": seat}
    return {"kind": "bot", "bot": seat}


def create(
    client: TestClient, game: str, options: dict[str, Any], seats: list[str], **extra: Any
) -> Any:
    """A table: seats as ``seat_spec`` takes them, ``extra`` more of the body (the creator's
    seat, the clock); returns the creation answer."""
    body = {"game": game, "options": options, "seats": [seat_spec(s) for s in seats], **extra}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def steady(msg: Any) -> Any:
    """A state message without its ``seq`` (a per-process counter that only orders pushes)."""
    return {k: v for k, v in msg.items() if k != "seq"}


def state(client: TestClient, token: str) -> Any:
    r = client.get(f"/api/play/{token}")
    assert r.status_code == 200, r.text
    return r.json()


def wait(client: TestClient, token: str, done: Any, timeout: float = 30.0) -> Any:
    """Poll the seat's state until ``done(state)`` (the bots play in the server's thread)."""
    end = time.monotonic() + timeout
    while True:
        s = state(client, token)
        if done(s) or time.monotonic() > end:
            return s
        time.sleep(0.01)


def my_turn(seat_state: Any) -> bool:
    return seat_state["status"] == "finished" or (
        bool(seat_state["legal"]) and seat_state["my_choice"] is None
    )


def play_to_end(client: TestClient, tokens: list[str], pick: int = 0, timeout: float = 120) -> Any:
    """Every human seat plays its ``pick``-th legal action until the game is over; the final
    state of the first seat."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        progressed = False
        for token in tokens:
            s = state(client, token)
            if s["status"] == "finished":
                return s
            if s["legal"] and s["my_choice"] is None:
                action = s["legal"][min(pick, len(s["legal"]) - 1)]
                r = client.post(f"/api/play/{token}/action", json=action)
                assert r.status_code == 200, r.text
                progressed = True
        if not progressed:
            time.sleep(0.005)  # the bots' turn
    raise AssertionError("the game did not end")


def count_messages(service: Any, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every (seat, language) ``service.message`` is asked for from now on (a state message
    built), in a list that grows as they are."""
    calls: list[Any] = []
    real = service.message

    def counted(live: Any, seat: int | None, language: str | None = None) -> Any:
        calls.append((seat, language))
        return real(live, seat, language)

    monkeypatch.setattr(service, "message", counted)
    return calls
