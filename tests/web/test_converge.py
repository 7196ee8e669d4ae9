"""Several processes on one database converge, whatever the order of their writes and
whatever the messenger loses: a table is loaded in one snapshot, a copy is compared with the
store by its revision, a reload anywhere pushes its views, a legal move is never refused
because another process wrote first, and a listener that lost its connection (or a lost
note) is caught up. Against the real PostgreSQL and Redis (skipped with the reason when they
are unreachable, unless WONDERS_REQUIRE_SERVICES is set)."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from tests.web.conftest import create, pg_schema_url, steady
from tests.web.test_pubsub import REDIS_URL, redis_url  # noqa: F401 (a fixture)
from tests.web.test_serve import free_port
from wonders.web.app import Web, create_app
from wonders.web.service import LiveTable, TableService, state_version
from wonders.web.store import SeatRow, Store, make_engine, migrate, token_hash


class Relay:
    """A TCP relay on 127.0.0.1 to ``target`` (host, port) that can be cut (no connection
    taken, every open one closed: the server is away) and restored: a network blip."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = free_port()
        self.server: socket.socket | None = None
        self.open: list[socket.socket] = []
        self.lock = threading.Lock()

    def start(self) -> Relay:
        self.server = socket.create_server(("127.0.0.1", self.port))
        threading.Thread(target=self._accept, args=(self.server,), daemon=True).start()
        return self

    def _accept(self, server: socket.socket) -> None:
        while True:
            try:
                near, _ = server.accept()
                far = socket.create_connection(self.target)
            except OSError:
                return
            with self.lock:
                self.open += [near, far]
            for a, b in ((near, far), (far, near)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        if self.server is not None:  # shut down first: that wakes its accept
            with contextlib.suppress(OSError):
                self.server.shutdown(socket.SHUT_RDWR)
            self.server.close()
            self.server = None
        with self.lock:
            conns, self.open = self.open, []
        for s in conns:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()


def eventually(check: Callable[[], Any], timeout: float = 10.0) -> Any:
    """``check()`` once it is true (polled), else fail."""
    end = time.monotonic() + timeout
    while not (value := check()):
        assert time.monotonic() < end, "it never happened"
        time.sleep(0.05)
    return value


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
    else:
        yield from pg_schema_url()


def test_a_table_is_loaded_in_one_snapshot_while_another_writer_commits(url: str) -> None:
    reader, writer = Store(make_engine(url)), Store(make_engine(url))
    migrate(reader.engine)
    rows = [SeatRow(s, "human", None, f"P{s}", token_hash(f"t{s}"), True) for s in range(2)]
    writer.create_table("t", "duel", {}, 1, rows)
    writer.append("t", 0, [(0, {"n": 0}), (1, {"n": 1})], {}, "playing", None)
    fired: list[bool] = []

    @sa.event.listens_for(reader.engine, "after_cursor_execute")
    def meanwhile(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        # the moment between reading the table's row and reading its actions: the game ends
        first_read = statement.lstrip().startswith("SELECT") and "FROM wonders_tables" in statement
        if first_read and not fired:
            fired.append(True)
            writer.append("t", 2, [(0, {"n": 2})], {}, "finished", {"winners": [0]})

    loaded = reader.load("t")
    assert fired and loaded is not None
    row, record = loaded
    assert (row.status, len(record)) in [("playing", 2), ("finished", 3)]  # one moment
    now = reader.load("t")
    assert now is not None and now[0].status == "finished" and len(now[1]) == 3
    assert now[0].revision == row.revision + (1 if len(record) == 2 else 0) == 3


def pg_webs(url: str) -> tuple[Web, TableService]:
    """Process A (a whole ``Web``, without its listener) and process B's tables, on one
    PostgreSQL schema: nothing tells either of the other's writes unless it looks."""
    a = Web(url, bot_delay=0)
    return a, TableService(Store(make_engine(url)))


def close(web: Web) -> None:
    web.bot_pool.shutdown(wait=False)
    web.thinkers.close()
    web.store.engine.dispose()


def same_everywhere(a: TableService, b: TableService, table_id: str, seats: int) -> None:
    for seat in [None, *range(seats)]:
        mine = steady(a.message(a.get(table_id), seat))
        theirs = steady(b.message(b.get(table_id), seat))
        mine.pop("acked"), theirs.pop("acked")  # the page's id: the process it spoke to knows it
        assert mine == theirs


def test_a_legal_move_is_stored_however_often_another_process_writes_first(pg_url: str) -> None:
    a, b = pg_webs(pg_url)
    try:
        made = b.create("classic", {"players": 4}, [{"kind": "human"}] * 4, seed=5)
        a_live, b_live = a.service.get(made.table_id), b.get(made.table_id)
        pushed: list[int] = []
        after_change = a.after_change

        async def spy(live: LiveTable, kick: bool = True) -> None:
            pushed.append(state_version(live))
            await after_change(live, kick)

        a.after_change = spy  # type: ignore[method-assign]
        queued: list[tuple[int, Any]] = []
        append = a.store.append

        def racing(*args: Any, **kwargs: Any) -> Any:  # B stores a choice before each of A's
            if queued:
                seat, action = queued.pop(0)
                b.act(b_live, seat, action)
            return append(*args, **kwargs)

        a.store.append = racing  # type: ignore[method-assign]

        async def play_turns() -> None:
            a.loop = asyncio.get_running_loop()
            for _turn in range(2):
                b.refresh(made.table_id)
                version = a.service.message(a_live, 0)["version"]
                mine = a.service.message(a_live, 0)["legal"][0]
                queued.extend((s, b.message(b_live, s)["legal"][0]) for s in (1, 2, 3))
                ack = await a.act(a_live, 0, mine, version=version, ref=f"turn-{_turn}")
                assert not queued  # every one of A's first three tries met B's write
                assert ack["pending"] is False and ack["id"] == f"turn-{_turn}"
                assert ack["judged"] == version + 3  # judged on the reloaded game
                assert ack["new"] == {"version": state_version(a_live), "seq": a_live.version}
                await asyncio.sleep(0.1)  # the reloads' pushes run

        asyncio.run(play_turns())
        assert a_live.count == 8 and a_live.state.view(None)["turn"] == 3
        assert any(v % 1000 for v in pushed)  # the reloads' views were pushed, not just the end
        b.refresh(made.table_id)
        same_everywhere(a.service, b, made.table_id, 4)
    finally:
        close(a)
        b.store.engine.dispose()


def test_a_move_refused_by_a_copy_behind_the_store_is_judged_again(pg_url: str) -> None:
    a, b = pg_webs(pg_url)
    try:
        made = b.create("duel", {}, [{"kind": "human"}, {"kind": "human"}], seed=3)
        a_live, b_live = a.service.get(made.table_id), b.get(made.table_id)

        async def play() -> None:
            for _move in range(4):  # B moves, then A acts on what B shows: A's copy lags
                (first,) = b_live.state.to_move()
                b.act(b_live, first, b.message(b_live, first)["legal"][0])
                (seat,) = b_live.state.to_move()
                seen = b.message(b_live, seat)
                await a.act(a_live, seat, seen["legal"][-1], version=seen["version"])
                b.refresh(made.table_id)

        asyncio.run(play())
        assert a_live.count == b_live.count == 8
        same_everywhere(a.service, b, made.table_id, 2)
    finally:
        close(a)
        b.store.engine.dispose()


def test_a_reload_by_a_bot_or_a_refresh_pushes_the_new_views(pg_url: str) -> None:
    a, b = pg_webs(pg_url)
    try:
        made = b.create("classic", {"players": 3}, [{"kind": "human"}] * 3, seed=9)
        a_live, b_live = a.service.get(made.table_id), b.get(made.table_id)
        published: list[int] = []

        async def spy(live: LiveTable, kick: bool = True) -> None:
            published.append(state_version(live))

        a.after_change = spy  # type: ignore[method-assign]

        async def run() -> None:
            a.loop = asyncio.get_running_loop()
            b.act(b_live, 1, b.message(b_live, 1)["legal"][0])
            # the bot loop's look at the store (it pushed nothing): now its change is pushed
            await asyncio.to_thread(a.service.refresh, made.table_id)
            await asyncio.sleep(0.2)

        asyncio.run(run())
        assert published == [1]
        assert a.service.message(a_live, 1)["my_choice"] is not None
    finally:
        close(a)
        b.store.engine.dispose()


def watched(client: TestClient, table_id: str) -> Any:
    """What this process shows of the table (its cached copy: no reload)."""
    return client.get(f"/api/watch/{table_id}").json()


def writer(url: str, announce: Any = None) -> TableService:
    """Another process's tables on ``url``; its notes go to ``announce`` (a no-op: lost)."""
    return TableService(Store(make_engine(url), announce or (lambda _note: None)))


def test_a_change_whose_note_was_lost_is_caught_up_and_pushed(pg_url: str) -> None:
    app = create_app(pg_url, bot_delay=0)
    web: Web = app.state.web
    web.catch_up_every = 0.3
    other = writer(pg_url)  # announces to nobody: no NOTIFY, the note is lost
    with TestClient(app) as client:
        made = create(client, "classic", {"players": 3}, ["human"] * 3)
        table = made["table"]
        tokens = [s["token"] for s in made["seats"]]
        with client.websocket_connect(f"/ws/play/{tokens[0]}") as ws:
            assert ws.receive_json()["chosen"] == []
            live = other.get(table)
            other.act(live, 2, other.message(live, 2)["legal"][0])
            eventually(lambda: watched(client, table)["chosen"] == [2], timeout=5)
            pushed = ws.receive_json()  # only the catch-up can have told this process
            assert pushed["type"] == "state" and pushed["chosen"] == [2]
            assert steady(pushed) == steady(client.get(f"/api/play/{tokens[0]}").json())


def listener_connection(web: Web) -> int:
    """The id of the Redis connection of ``web``'s listener."""
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    name = web.listener.client_name  # type: ignore[union-attr]
    found = [c for c in client.client_list(_type="pubsub") if c["name"] == name]
    assert len(found) == 1, "the listener is not subscribed"
    return int(found[0]["id"])


def test_a_listener_whose_connection_was_cut_resyncs(pg_url: str, redis_url: str) -> None:  # noqa: F811
    import redis

    app = create_app(pg_url, bot_delay=0, pubsub=redis_url)
    web: Web = app.state.web
    web.catch_up_every = 3600  # only the resync after the reconnection can catch up
    other = writer(pg_url)  # its notes are lost
    with TestClient(app) as client:
        made = create(client, "classic", {"players": 3}, ["human"] * 3)
        table = made["table"]
        first = listener_connection(web)
        live = other.get(table)
        other.act(live, 1, other.message(live, 1)["legal"][0])
        time.sleep(0.3)
        assert watched(client, table)["chosen"] == []  # nothing told this process
        assert redis.Redis.from_url(REDIS_URL).client_kill_filter(_id=str(first)) == 1
        eventually(lambda: watched(client, table)["chosen"] == [1], timeout=5)
        assert eventually(lambda: listener_connection(web)) != first  # subscribed anew


def test_every_process_converges_after_a_redis_outage(pg_url: str, redis_url: str) -> None:  # noqa: F811
    host, port = redis_url.split("//")[1].split("/")[0].split(":")
    relay = Relay((host, int(port))).start()
    via = f"redis://127.0.0.1:{relay.port}/0"
    from wonders.web.pubsub import Publisher

    app = create_app(pg_url, bot_delay=0, pubsub=via)
    web: Web = app.state.web
    web.catch_up_every = 3600  # the resync alone: the periodic check is tested above
    publisher = Publisher(via)
    other = writer(pg_url, publisher)
    try:
        with TestClient(app) as client:
            made = create(client, "classic", {"players": 3}, ["human"] * 3)
            table = made["table"]
            live = other.get(table)
            other.act(live, 0, other.message(live, 0)["legal"][0])
            eventually(lambda: watched(client, table)["chosen"] == [0])  # heard through Redis
            relay.cut()  # Redis is away: the moves go on, their notes are lost
            for seat in (1, 2):
                other.act(live, seat, other.message(live, seat)["legal"][0])
            assert eventually(lambda: client.get("/api/health").json()["pubsub"] == "down")
            time.sleep(1.5)
            assert watched(client, table)["chosen"] == [0]  # the lost notes told nothing
            relay.start()  # back: the listener subscribes again and catches up
            done = eventually(lambda: watched(client, table)["view"]["turn"] == 2, timeout=8)
            assert done and client.get("/api/health").json()["pubsub"] == "ok"
    finally:
        publisher.close()
        relay.cut()


def test_an_acknowledgement_says_what_it_acknowledges(client: TestClient) -> None:
    made = create(client, "classic", {"players": 3}, ["human"] * 3)
    token = made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/play/{token}") as ws:
        shown = ws.receive_json()
        action = shown["legal"][0]
        ws.send_json({"type": "act", "action": action, "version": shown["version"], "id": "a1"})
        answers = [ws.receive_json() for _ in range(2)]
        (ack,) = [m for m in answers if m["type"] == "ack"]
        (state,) = [m for m in answers if m["type"] == "state"]
        assert ack["id"] == "a1" and ack["judged"] == shown["version"]
        assert ack["new"] == {"version": state["version"], "seq": state["seq"]}
        assert state["my_choice"] is not None and state["acked"] == "a1"
