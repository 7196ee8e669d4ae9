"""Database faults: PostgreSQL gone (its connections ended, new ones refused), a database that
does not answer (a table locked by another connection), a busy SQLite file. Every request
gets a one-line JSON error (503, Retry-After) within the timeouts, a WebSocket an error
message then a clean close (1013: try again later), and the server recovers by itself once
the database is back. Processes starting together on a new database all migrate it."""

from __future__ import annotations

import socket
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.web.conftest import PG_URL, create, pg_schema_url, seat_spec, state
from wonders.web import store
from wonders.web.app import create_app
from wonders.web.store import make_engine, migrate

T = TypeVar("T")
BODY = {"game": "duel", "options": {}, "seats": [seat_spec("human"), seat_spec("human")]}


def free_port() -> int:
    """A port nothing listens on (a connection to it is refused)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def within(seconds: float, call: Callable[[], T]) -> T:
    """``call()``'s answer, which must come within ``seconds`` (run in a thread, so a hang
    fails the test instead of stopping it)."""
    out: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            out.append(call())
        except BaseException as exc:
            failed.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if failed:
        raise failed[0]
    assert out, f"no answer within {seconds} s"
    return out[0]


def assert_unavailable(response: Any) -> None:
    """A 503 with a one-line JSON error and a Retry-After."""
    assert response.status_code == 503, response.text
    assert set(response.json()) == {"error"} and response.json()["error"]
    assert "\n" not in response.text
    assert int(response.headers["retry-after"]) > 0


def assert_closed_cleanly(ws: Any) -> None:
    """An error message, then the close frame 1013 (try again later)."""
    msg = ws.receive_json()
    assert msg["type"] == "error" and msg["error"], msg
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == 1013


class Outage:
    """PostgreSQL gone for one engine: ``start`` has the server end the engine's connections
    and sends new ones to a closed port (refused) until ``end``."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine
        self.down = False
        self.tag = "wonders_outage_" + uuid.uuid4().hex[:10]
        self.port = free_port()
        sa.event.listen(engine, "do_connect", self._connect)
        engine.dispose()  # every connection from now on is tagged

    def _connect(self, _dialect: Any, _record: Any, _args: Any, params: dict[str, Any]) -> None:
        params["application_name"] = self.tag
        if self.down:
            params["port"] = self.port

    def start(self) -> None:
        self.down = True
        admin = sa.create_engine(PG_URL)
        with admin.begin() as conn:
            conn.execute(
                sa.text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE application_name = :tag"
                ),
                {"tag": self.tag},
            )
        admin.dispose()

    def end(self) -> None:
        self.down = False


def seats_to_move(client: TestClient, made: Any) -> list[tuple[str, Any]]:
    """The tokens of the seats that owe a decision, each with its state."""
    found = [(s["token"], state(client, s["token"])) for s in made["seats"]]
    return [(token, s) for token, s in found if s["legal"]]


def test_postgresql_gone_answers_json_503_closes_sockets_and_recovers(pg_url: str) -> None:
    app = create_app(pg_url, bot_delay=0)
    outage = Outage(app.state.web.store.engine)
    with TestClient(app) as client:
        made = create(client, "classic", {"players": 3}, ["human", "human", "human"])
        (token, seen), (other, _seen) = seats_to_move(client, made)[:2]
        with client.websocket_connect(f"/ws/play/{token}") as ws:
            assert ws.receive_json()["type"] == "state"
            outage.start()
            assert_unavailable(within(20, lambda: client.get("/api/tables")))
            assert_unavailable(within(20, lambda: client.post("/api/tables", json=BODY)))
            assert_unavailable(within(20, lambda: client.get(f"/api/play/{other}")))
            ws.send_json({"type": "act", "action": seen["legal"][0], "version": seen["version"]})
            assert_closed_cleanly(ws)
        for path in (f"/ws/play/{other}", "/ws/lobby"):
            with client.websocket_connect(path) as ws:
                assert_closed_cleanly(ws)

        outage.end()  # the database is back: nothing to restart
        assert client.get("/api/tables").status_code == 200
        with client.websocket_connect(f"/ws/play/{token}") as ws:
            seen = ws.receive_json()
            ws.send_json({"type": "act", "action": seen["legal"][0], "version": seen["version"]})
            while (msg := ws.receive_json())["type"] == "state":
                pass
            assert msg["type"] == "ack", msg
        assert client.post("/api/tables", json=BODY).status_code == 200


def test_a_database_that_does_not_answer_gives_json_503_within_the_timeout(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store, "DB_TIMEOUT", 1.0)
    monkeypatch.setattr(store, "STATEMENT_TIMEOUT", 3.0)
    with TestClient(create_app(pg_url, bot_delay=0)) as client:
        made = create(client, "classic", {"players": 3}, ["human", "human", "human"])
        (token, seen), *_ = seats_to_move(client, made)
        locker = sa.create_engine(pg_url).connect()
        try:  # another connection's open transaction holds the table: every use waits for it
            locker.execute(sa.text("LOCK TABLE wonders_tables IN ACCESS EXCLUSIVE MODE"))
            start = time.monotonic()
            assert_unavailable(within(15, lambda: client.get("/api/tables")))
            act = lambda: client.post(f"/api/play/{token}/action", json=seen["legal"][0])  # noqa: E731
            assert_unavailable(within(15, act))
            assert time.monotonic() - start < 15
        finally:
            locker.rollback()
            locker.close()
        assert client.get("/api/tables").status_code == 200
        assert client.post(f"/api/play/{token}/action", json=seen["legal"][0]).status_code == 200


def test_a_busy_sqlite_file_gives_json_503(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "DB_TIMEOUT", 0.5)
    path = tmp_path / "busy.db"
    with TestClient(create_app(f"sqlite:///{path}", bot_delay=0)) as client:
        assert client.post("/api/tables", json=BODY).status_code == 200
        holder = sqlite3.connect(path, isolation_level=None)
        try:  # another writer holds the file
            holder.execute("BEGIN EXCLUSIVE")
            assert_unavailable(within(15, lambda: client.post("/api/tables", json=BODY)))
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert client.post("/api/tables", json=BODY).status_code == 200


def test_postgresql_connections_carry_the_timeouts(pg_url: str) -> None:
    engine = make_engine(pg_url)
    with engine.connect() as conn:
        show = {
            name: conn.execute(sa.text(f"SHOW {name}")).scalar_one()
            for name in ("statement_timeout", "lock_timeout", "search_path")
        }
    engine.dispose()
    assert show["statement_timeout"] == f"{int(store.STATEMENT_TIMEOUT)}s"
    assert show["lock_timeout"] == f"{int(store.DB_TIMEOUT)}s"
    assert show["search_path"].startswith("wonders_test_")  # the URL's options are kept


def test_a_refused_postgresql_does_not_stop_the_start() -> None:
    start = time.monotonic()  # the server starts and waits for it: test_start_without_db.py
    assert not create_app(f"postgresql://postgres@127.0.0.1:{free_port()}/test").state.web.ready
    assert time.monotonic() - start < 15


def migrate_together(engines: list[sa.Engine]) -> list[BaseException]:
    """Each engine migrates in its own thread, all at once; what they raised."""
    ready = threading.Barrier(len(engines))
    failed: list[BaseException] = []

    def start(engine: sa.Engine) -> None:
        ready.wait()
        try:
            migrate(engine)
        except BaseException as exc:
            failed.append(exc)

    threads = [threading.Thread(target=start, args=(e,)) for e in engines]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return failed


def test_processes_starting_together_on_a_new_database_all_come_up() -> None:
    for _round in range(3):  # a fresh schema each time: the race is at its creation
        for url in pg_schema_url():
            engines = [make_engine(url) for _ in range(4)]
            assert migrate_together(engines) == []
            with engines[0].connect() as conn:
                versions = conn.execute(sa.text("SELECT version_num FROM alembic_version"))
                assert len(versions.all()) == 1
                assert conn.execute(sa.text("SELECT count(*) FROM wonders_tables")).scalar() == 0
            for engine in engines:
                engine.dispose()


def test_the_bots_wait_out_a_database_fault_and_play_on(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot whose decision meets a database fault does not stop for good: its table's bots
    try again once the database answers (before, the bot task died and the game stalled)."""
    from sqlalchemy.exc import OperationalError

    from wonders.web import tables as app_module

    monkeypatch.setattr(app_module, "DATABASE_WAIT", 0.05)
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        web = client.app.state.web  # type: ignore[attr-defined]
        play_bot = web.service.play_bot
        faults = [1, 2, 3]

        def flaky(*args: Any) -> bool:
            if faults:
                faults.pop()
                raise OperationalError("SELECT 1", {}, Exception("the database went away"))
            return bool(play_bot(*args))

        monkeypatch.setattr(web.service, "play_bot", flaky)
        made = create(client, "duel", {}, ["medium", "human"], creator_seat=1)
        token = made["creator"]["token"]

        def my_turn() -> bool:
            return bool(state(client, token)["legal"])

        end = time.monotonic() + 20
        while not my_turn() and time.monotonic() < end:
            time.sleep(0.05)
        assert not faults and my_turn()  # the faults came and went; the bot played on
