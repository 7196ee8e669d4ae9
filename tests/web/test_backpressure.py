"""A client that never reads must not delay anyone else: publishing only queues each
connection's messages (one writer each, in order, a superseded state left out), and a
connection that falls behind is dropped with close code 1013 (its page reconnects and gets a
fresh state). Unit tests on ``Hub`` with stand-in sockets, and real ``wonders serve``
processes with raw sockets whose 4 KB receive buffers are never read."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
import socket
import struct
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.test_serve import free_port, start
from wonders.web import live as live_module
from wonders.web.live import Connection, Hub
from wonders.web.service import LiveTable, TableService
from wonders.web.store import Store, make_engine, migrate


class FakeSocket:
    """A WebSocket's sending side: each send waits for ``gate`` (None: sends at once;
    an event never set: a client that never reads), ``close`` as well."""

    def __init__(self, gate: asyncio.Event | None = None) -> None:
        self.gate = gate
        self.sent: list[str] = []
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        if self.gate is not None:
            await self.gate.wait()
        self.sent.append(text)

    async def send_json(self, data: Any) -> None:
        import json

        await self.send_text(json.dumps(data))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed = code
        if self.gate is not None:
            await self.gate.wait()

    def messages(self) -> list[Any]:
        import json

        return [json.loads(t) for t in self.sent]


@pytest.fixture
def service(tmp_path: Path) -> Iterator[TableService]:
    engine = make_engine(f"sqlite:///{tmp_path / 'w.db'}")
    migrate(engine)
    yield TableService(Store(engine))
    engine.dispose()


def duel(service: TableService) -> LiveTable:
    made = service.create_from(
        {"game": "duel", "options": {}, "seats": [{"kind": "human"}, {"kind": "human"}]}
    )
    return service.get(made.table_id)


def connection(ws: FakeSocket, seat: int | None = None) -> Connection:
    return Connection(ws, seat)  # type: ignore[arg-type]


async def until(done: Callable[[], bool], timeout: float = 5.0) -> None:
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, "timed out"
        await asyncio.sleep(0.01)


def run(scenario: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(asyncio.wait_for(scenario(), 30))


def test_a_socket_that_never_reads_delays_nobody(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live_module, "SEND_TIMEOUT", 0.5, raising=False)
    live = duel(service)

    async def scenario() -> None:
        hub = Hub(service)
        stuck, fine = FakeSocket(asyncio.Event()), FakeSocket()
        hub.join(live.id, connection(stuck))
        hub.join(live.id, connection(fine, 0))

        def sent(n: int) -> Callable[[], bool]:
            return lambda: len(fine.sent) == n

        for n in range(3):
            await asyncio.wait_for(hub.publish(live), 2)  # returns without the stuck send
            await until(sent(n + 1), 2)
            live.version += 1  # the table changed
        await until(lambda: stuck.closed == 1013, 3)  # dropped with "try again later"
        assert len(hub.tables[live.id]) == 1  # only the reading connection stays
        await asyncio.wait_for(hub.publish(live), 2)
        await until(sent(4), 2)
        assert stuck.sent == []
        # the lobby likewise
        slow, quick = FakeSocket(asyncio.Event()), FakeSocket()
        for ws in (slow, quick):
            hub.join_lobby(connection(ws))
        await asyncio.wait_for(hub.publish_lobby(), 2)
        await asyncio.wait_for(hub.publish_lobby(), 2)
        await until(lambda: len(quick.sent) == 2, 2)
        await until(lambda: slow.closed == 1013, 3)
        assert len(hub.lobby) == 1

    run(scenario)


def test_a_connection_that_piles_up_answers_is_dropped(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live_module, "SEND_TIMEOUT", 60.0, raising=False)
    live = duel(service)

    async def scenario() -> None:
        hub = Hub(service)
        stuck = FakeSocket(asyncio.Event())
        conn = connection(stuck, 0)
        hub.join(live.id, conn)
        for _ in range(1000):  # a client that sends pings and never reads the pongs
            await asyncio.wait_for(conn.send({"type": "pong"}), 1)
        await until(lambda: stuck.closed == 1013, 2)
        assert conn not in hub.tables.get(live.id, set())
        assert not await conn.send({"type": "pong"})  # a dropped connection takes nothing

    run(scenario)


def test_messages_go_in_order_and_a_superseded_state_is_left_out(
    service: TableService,
) -> None:
    live = duel(service)

    async def scenario() -> None:
        hub = Hub(service)
        gate = asyncio.Event()
        ws = FakeSocket(gate)
        conn = connection(ws, 0)
        hub.join(live.id, conn)
        first = live.version
        await hub.publish(live)  # its send starts and waits
        await asyncio.sleep(0.05)
        live.version = first + 1
        await hub.publish(live)  # waits in the queue...
        await conn.send({"type": "ack", "id": "a"})
        live.version = first + 2
        await hub.publish(live)  # ...and is superseded by this one, in its place
        await conn.send({"type": "state", "seq": first})  # older than one queued: left out
        await conn.send({"type": "pong"})
        gate.set()
        await until(lambda: len(ws.sent) == 4)
        got = [(m["type"], m.get("seq")) for m in ws.messages()]
        assert got == [("state", first), ("state", first + 2), ("ack", None), ("pong", None)]

    run(scenario)


# ---- real servers, raw sockets that never read ----


def stalled_socket(port: int, path: str) -> socket.socket:
    """A WebSocket opened by hand with a 4 KB receive buffer: nothing past the handshake's
    answer is ever read (until ``frames``), so the server's buffers fill."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Origin: http://127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    head = b""
    while not head.endswith(b"\r\n\r\n"):  # byte by byte: no frame is read
        chunk = sock.recv(1)
        assert chunk, head
        head += chunk
    assert head.split(b"\r\n")[0].split(b" ")[1] == b"101", head
    return sock


def close_code(sock: socket.socket, timeout: float = 20.0) -> int | None:
    """Read the socket at last: the code of the close frame the server sent (None: none
    came before the connection ended or ``timeout``)."""
    sock.settimeout(timeout)
    data = b""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            chunk = sock.recv(1 << 20)
        except (TimeoutError, OSError):
            break
        if not chunk:
            break
        data += chunk
        pos = 0
        while len(data) - pos >= 2:  # walk the frames read so far
            opcode, size = data[pos] & 0x0F, data[pos + 1] & 0x7F
            head = 2
            if size == 126:
                if len(data) - pos < 4:
                    break
                size, head = struct.unpack("!H", data[pos + 2 : pos + 4])[0], 4
            elif size == 127:
                if len(data) - pos < 10:
                    break
                size, head = struct.unpack("!Q", data[pos + 2 : pos + 10])[0], 10
            if len(data) - pos < head + size:
                break
            if opcode == 0x8:
                return int(struct.unpack("!H", data[pos + head : pos + head + 2])[0])
            pos += head + size
        data = data[pos:]
    return None


def dropped(sock: socket.socket, opened: float) -> None:
    """The server gave up on the stalled socket: once it had time to (its send timeout), the
    client reads at last and finds the close frame, 1013 "try again later". (The server's
    own keepalive closes a socket that never answers its pings with 1011, 40 s after it
    opened: on a machine that slow the frame cannot tell the two apart.)"""
    time.sleep(live_module.SEND_TIMEOUT + 2)
    code = close_code(sock)
    assert code == 1013 or (code == 1011 and time.monotonic() - opened > 35), code


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, int]]:
    """A ``wonders serve`` process without per-address limits (one address floods it here)."""
    monkeypatch.setenv("WONDERS_LIMITS", "off")
    port = free_port()
    proc = start(f"sqlite:///{tmp_path / 'served.db'}", port)
    try:
        yield f"http://127.0.0.1:{port}", port
    finally:
        proc.kill()
        proc.wait(timeout=20)


def test_a_lobby_that_never_reads_does_not_freeze_the_server(server: tuple[str, int]) -> None:
    base, port = server
    stalled, opened = stalled_socket(port, "/ws/lobby"), time.monotonic()
    seats = [{"kind": "human"}, {"kind": "human", "access": "open"}]
    table = {"game": "duel", "options": {}, "seats": seats}
    slowest = 0.0
    with httpx.Client(base_url=base, timeout=10) as http:
        for _ in range(150):  # each pushes the lobby's list (~30 KB) to the stalled socket
            began = time.monotonic()
            made = http.post("/api/tables", json=table)
            assert made.status_code == 200, made.text
            assert http.get(made.json()["creator"]["link"]).status_code == 200
            slowest = max(slowest, time.monotonic() - began)
    assert slowest < 8, slowest
    dropped(stalled, opened)
    stalled.close()


def syncs(sock: socket.socket, n: int) -> None:
    """Ask ``n`` times for the table's state, reading none of the answers."""
    payload = b'{"type":"sync"}'
    frame = bytes([0x81, 0x80 | len(payload)]) + b"\0\0\0\0" + payload  # masked by zeros
    sock.settimeout(5)
    with contextlib.suppress(TimeoutError):
        sock.sendall(frame * n)


def test_a_spectator_that_never_reads_does_not_stop_a_table(server: tuple[str, int]) -> None:
    base, port = server
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 6
    with httpx.Client(base_url=base, timeout=10) as http:
        made = http.post(
            "/api/tables", json={"game": "classic", "options": {"players": 7}, "seats": seats}
        )
        assert made.status_code == 200, made.text
        token, watch = made.json()["creator"]["token"], made.json()["table"]
        stalled, opened = stalled_socket(port, f"/ws/watch/{watch}"), time.monotonic()
        syncs(stalled, 2000)  # ~8 MB of answers: more than the kernel's buffers hold
        moves, slowest, end = 0, 0.0, time.monotonic() + 25
        while moves < 18 and time.monotonic() < end:
            began = time.monotonic()
            seat = http.get(f"/api/play/{token}").json()
            if seat["status"] == "finished":
                break
            if seat["legal"] and seat["my_choice"] is None:
                acted = http.post(f"/api/play/{token}/action", json=seat["legal"][0])
                assert acted.status_code == 200, acted.text
                moves += 1
                slowest = max(slowest, time.monotonic() - began)
            else:
                time.sleep(0.02)
        assert moves >= 18, moves  # the bots kept playing
        assert slowest < 8, slowest
    dropped(stalled, opened)
    stalled.close()
