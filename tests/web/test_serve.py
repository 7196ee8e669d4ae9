"""``wonders serve`` as a real process: it serves the lobby on its port, keeps its games in
the database it is given, and a game survives the server being killed and started again."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from tests.web.conftest import steady
from wonders.cli.app import app

WONDERS = Path(sys.executable).parent / "wonders"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(db: str, port: int, pubsub: str | None = None) -> subprocess.Popen[bytes]:
    """A ``wonders serve`` process on ``db`` (with Redis pub/sub at ``pubsub``), once it
    answers."""
    command = [str(WONDERS), "serve", "--port", str(port), "--db", db, "--bot-delay", "0"]
    proc = subprocess.Popen(
        command + (["--pubsub", pubsub] if pubsub else []),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    end = time.monotonic() + 30
    while time.monotonic() < end:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=1)
            return proc
        except httpx.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("wonders serve did not start")


@contextmanager
def two_running(db: str, pubsub: str | None = None) -> Iterator[tuple[str, str]]:
    """Two server processes on one database; their base URLs."""
    ports = [free_port(), free_port()]
    procs = [start(db, port, pubsub) for port in ports]
    try:
        yield f"http://127.0.0.1:{ports[0]}", f"http://127.0.0.1:{ports[1]}"
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(timeout=20)


def seat_state(base: str, token: str) -> Any:
    """The seat's state message, without its per-process ``seq``."""
    return steady(httpx.get(f"{base}/api/play/{token}").json())


def test_serve_keeps_games_across_a_killed_server(tmp_path: Path) -> None:
    db, port = f"sqlite:///{tmp_path / 'served.db'}", free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start(db, port)
    try:
        assert "wonders" in httpx.get(base + "/").text
        made = httpx.post(
            base + "/api/tables",
            json={"game": "duel", "options": {}, "seats": [{"kind": "human"}, {"kind": "human"}]},
        ).json()
        tokens = [s["token"] for s in made["seats"]]
        for _ in range(5):
            for token in tokens:
                s = seat_state(base, token)
                if s["legal"]:
                    httpx.post(f"{base}/api/play/{token}/action", json=s["legal"][0])
        before = [seat_state(base, t) for t in tokens]
    finally:
        os.kill(proc.pid, signal.SIGKILL)  # no clean shutdown
        proc.wait()
    proc = start(db, port)
    try:
        assert [seat_state(base, t) for t in tokens] == before
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def test_serve_refuses_an_impossible_port() -> None:
    result = CliRunner().invoke(app, ["serve", "--port", "70000"])
    assert result.exit_code == 2 and "--port must be 1 to 65535" in result.output


def test_serve_refuses_a_pubsub_url_that_is_not_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    result = CliRunner().invoke(app, ["serve", "--pubsub", "http://127.0.0.1:6379"])
    assert result.exit_code == 2 and "use redis://host:port/db" in result.output
    assert "Traceback" not in result.output
    monkeypatch.setenv("WONDERS_PUBSUB", "127.0.0.1:6379")  # the variable is checked too
    result = CliRunner().invoke(app, ["serve"])
    assert result.exit_code == 2 and "use redis://host:port/db" in result.output
