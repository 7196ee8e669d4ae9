"""Load test of the web table (127.0.0.1 only): N concurrent 7 Wonders tables played to the end
through one or several ``wonders serve`` processes, with faults in the middle.

Each table has ``--people`` scripted people (default 2), each on its own WebSocket from its own
loopback address (127.1.x.y, as separate visitors), and bots played by the server. With
``--processes P`` there are P servers on one PostgreSQL database (a throw-away database made
for the run, dropped after), each on its own port, as a load balancer would spread visitors:
table i is created through process i mod P and its second person plays through the next
process, so every move of one is pushed to the other across processes (PostgreSQL NOTIFY, or
Redis with ``--pubsub``). The scripted people behave as the table page does: a choice carries
the version of the state it was made on and an id; an acknowledgement not answered in 10 s, or
a silent connection not answering a ping, is cut and reconnected; after an error the person
asks for a fresh state (``sync``) and chooses again.

Faults, each at S seconds after the games start:
- ``--kill-at S``: process 0 is killed (SIGKILL) and started again on its port;
- ``--redis-blip-at S``: Redis answers nothing for ``--blip-seconds`` (``CLIENT PAUSE ... ALL``
  through the redis client: the whole Redis server, so give ``--pubsub private``, a Redis
  server started for the run, rather than one other programs use), or with
  ``--redis-blip-kind down`` the private server is shut down and started again after that long;
- ``--pg-blip-at S``: the run's database refuses connections for ``--blip-seconds`` and every
  server connection to it is terminated (``pg_terminate_backend``; only on the throw-away
  database).

Reported for each configuration: actions a second, acknowledgement latency (action sent to its
``ack``) p50/p95/p99, and how often a person gave up waiting for one (10 s: such an action is
not in the latencies); push latency (from one person's acknowledgement to the other person of
the table, on the other process, receiving a state that shows that action; 0 when it came
first) p50/p95/p99; both again outside the faults (from a fault's start to 5 s after its end);
errors and reconnections by kind and by fault; lost actions (acknowledged, but neither at their
place in the stored record nor the seat's stored pending choice: must be 0); records that do
not replay; unfinished games when ``--timeout`` ran out (with what each waited for, and how
many had no new state for 30 s: stuck rather than slow); each server process's peak memory
(VmHWM, summed over the process and its children, across restarts) and CPU time, the load
generator's CPU time, the machine's load average, and the servers' logged errors by kind. Each
configuration's line is appended to ``--out`` (JSON lines) as soon as it is measured, so a run
cut short keeps what it measured.

    WONDERS_PURE=1 .venv/bin/python benchmarks/web_load.py --tables 50 [200 500] \\
        [--processes 1 2] [--pubsub private] [--kill-at 20] [--redis-blip-at 40] \\
        [--pg-blip-at 60] [--blip-seconds 8] [--timeout 600] [--out FILE] [--json]

``--db sqlite`` (the default for one process without a PostgreSQL blip) uses a temporary
SQLite file; ``--db postgres`` a throw-away database on ``--pg``; any other value is a database
URL used as it is (its tables are kept). ``--workers N`` runs one ``wonders serve --workers N``
on one port instead (when ``wonders serve`` has that option; the kill then hits one worker).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from wonders.core.errors import RecordError
from wonders.core.records import GameRecord, replay

WONDERS = Path(sys.executable).parent / "wonders"
PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
ACK_WAIT = 10.0  # seconds: as the table page (static/table.js TIMING)
GAVE_UP = "no acknowledgement in 10 s"  # the page cut the connection (and reconnected)
PING_EVERY = 20.0
PING_WAIT = 10.0
STUCK = 30.0  # seconds without a new state at an unfinished table: stuck, not just slow
GRACE = 5.0  # seconds after a fault ended during which its errors are still its own


def decision_of(version: int) -> int:
    """The number of stored actions a state message's version was made at."""
    try:
        from wonders.web.service import decision_of as server_decision_of
    except ImportError:  # pragma: no cover - an older server
        return version // 1000
    return server_decision_of(version)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def address(n: int) -> str:
    """The n-th visitor's own loopback address: 127.1.0.1, 127.1.0.2, ..."""
    return f"127.1.{n // 250}.{n % 250 + 1}"


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


def kind_of(text: str) -> str:
    """An error message with its numbers and quoted parts taken out, to count errors by kind."""
    return re.sub(r"'[^']*'|\"[^\"]*\"|\d+", "N", text)[:120]


def same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


# ---- the server processes ----


def serve_has(option: str) -> bool:
    out = subprocess.run(
        [str(WONDERS), "serve", "--help"], capture_output=True, text=True, check=False
    )
    return option in out.stdout


def tree(pid: int) -> list[int]:
    """``pid`` and its descendants (from /proc)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        with contextlib.suppress(OSError):
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    todo.extend(int(c) for c in f.read().split())
    return out


def status_kib(pid: int, key: str) -> int:
    with contextlib.suppress(OSError), open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of ``pid`` (from /proc/PID/stat)."""
    with contextlib.suppress(OSError, ValueError, IndexError), open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return 0.0


@dataclass
class Server:
    """One ``wonders serve`` (one slot: its restarts keep the slot)."""

    slot: int
    port: int
    command: list[str]
    log: Path
    proc: subprocess.Popen[bytes] | None = None
    peak_kib: int = 0
    rss_kib: int = 0
    restarts: int = 0
    down_seconds: float = 0.0
    cpu_done: float = 0.0  # CPU seconds of the lifetimes before a restart
    restarting: bool = False  # being (re)started: the supervisor leaves it alone
    closing: bool = False  # stopped for good: no more starts
    exits: list[str] = field(default_factory=list)  # exits nobody asked for
    cpu_now: float = 0.0  # CPU seconds of this lifetime, at the last sample

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def launch(self) -> None:
        self.cpu_done += self.cpu_now
        self.cpu_now = 0.0
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                self.command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )

    def wait_ready(self, seconds: float = 60.0) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"server {self.slot} exited ({self.proc.returncode}): {self.log}"
                )
            try:  # /api/health answers 200 once the process serves (older servers: 404)
                r = httpx.get(self.base + "/api/health", timeout=2)
                if r.status_code in (200, 404):
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server {self.slot} did not start in {seconds:.0f} s: {self.log}")

    def restart(self, seconds: float = 180.0) -> int:
        """Start the (dead) server again until it serves, as a process manager would
        (``Restart=always``): a start that fails is tried again a second later. Returns how
        many starts it took."""
        deadline = time.monotonic() + seconds
        starts = 0
        while True:
            if self.closing:
                raise RuntimeError(f"server {self.slot}: the run is over")
            self.launch()
            starts += 1
            try:
                self.wait_ready(max(1.0, deadline - time.monotonic()))
                return starts
            except RuntimeError:
                assert self.proc is not None
                if self.proc.poll() is None or time.monotonic() > deadline:
                    raise
                self.exits.append(f"exited ({self.proc.returncode}) while starting")
                time.sleep(1.0)

    def sample(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        pids = tree(self.proc.pid)
        self.peak_kib = max(self.peak_kib, sum(status_kib(p, "VmHWM") for p in pids))
        self.rss_kib = sum(status_kib(p, "VmRSS") for p in pids)
        self.cpu_now = max(self.cpu_now, sum(cpu_seconds(p) for p in pids))

    def stop(self) -> None:
        self.closing = True
        if self.proc is None or self.proc.poll() is not None:
            return
        self.sample()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


def workers_of(pid: int) -> list[int]:
    """The worker processes of a ``wonders serve --workers`` (its children that multiprocessing
    spawned, not its resource tracker)."""
    out = []
    with contextlib.suppress(OSError):
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                for child in f.read().split():
                    with contextlib.suppress(OSError), open(f"/proc/{child}/cmdline", "rb") as c:
                        line = c.read()
                    if b"spawn_main" in line or b"wonders" in line:
                        out.append(int(child))
    return out


def kill_and_restart(server: Server, workers: int) -> str:
    """SIGKILL the server and start it again (with ``workers``: SIGKILL one worker, which
    uvicorn's supervisor replaces); says what was done."""
    assert server.proc is not None
    server.sample()
    began = time.monotonic()
    if workers:
        before = workers_of(server.proc.pid)
        if not before:
            return "no worker to kill"
        os.kill(before[0], signal.SIGKILL)
        while time.monotonic() - began < 60:
            now = workers_of(server.proc.pid)
            if len(now) >= len(before) and before[0] not in now:
                server.restarts += 1
                server.down_seconds += time.monotonic() - began
                took = time.monotonic() - began
                return f"worker {before[0]} killed, a new one started in {took:.1f} s"
            time.sleep(0.1)
        return f"worker {before[0]} killed, not replaced in 60 s"
    server.restarting = True
    try:
        os.killpg(server.proc.pid, signal.SIGKILL)
        server.proc.wait()
        starts = server.restart()
    finally:
        server.restarting = False
    server.restarts += 1
    server.down_seconds += time.monotonic() - began
    again = f" ({starts} starts: the first failed)" if starts > 1 else ""
    return f"process {server.slot} killed, back in {time.monotonic() - began:.1f} s{again}"


class PrivateRedis:
    """A redis-server started for the run on a free port, its data in memory only."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.folder = folder
        self.proc: subprocess.Popen[bytes] | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise SystemExit("--pubsub private needs redis-server on the PATH")
        self.proc = subprocess.Popen(
            [
                binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.folder),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        import redis

        for _ in range(100):
            with contextlib.suppress(redis.RedisError):
                redis.Redis.from_url(self.url).ping()
                return
            time.sleep(0.05)
        raise SystemExit("the private redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)


# ---- the people ----


@dataclass
class Sent:
    id: str
    action: Any
    decision: int
    at: float
    status: str = "sent"  # or "unconfirmed" (the connection dropped before the answer)


@dataclass
class Event:
    """One person's action: when its acknowledgement came, and when each other person saw it."""

    seat: int
    decision: int
    acked_at: float | None = None
    seen: dict[int, float] = field(default_factory=dict)


@dataclass
class Table:
    id: str
    created_through: int
    players: list[Person] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    version: int = -1  # the highest state version any of its people received
    moved_at: float = 0.0  # when that version came

    def heard(self, seat: int, msg: dict[str, Any], now: float) -> None:
        """Person ``seat`` received the state ``msg``: mark the others' actions it shows."""
        version = msg.get("version")
        if not isinstance(version, int):
            return
        if version > self.version:
            self.version, self.moved_at = version, now
        d = decision_of(version)
        chosen = msg.get("chosen") or []
        finished = msg.get("status") == "finished"
        for ev in self.events:
            shown = finished or d > ev.decision or (d == ev.decision and ev.seat in chosen)
            if shown and ev.seat != seat and seat not in ev.seen:
                ev.seen[seat] = now


class Person:
    """One scripted seat: chooses the first legal action whenever it owes a decision, as the
    table page would (version and id with each choice, timeouts, reconnection)."""

    def __init__(self, table: Table, seat: int, base: str, token: str, ip: str, proc: int) -> None:
        self.table = table
        self.seat = seat
        self.proc = proc
        self.ip = ip
        self.url = base.replace("http", "ws") + f"/ws/play/{token}"
        self.latencies: list[tuple[float, float]] = []  # (sent at, seconds to the ack)
        self.acked: list[tuple[int, Any]] = []  # (stored actions when made, action)
        self.errors: Counter[str] = Counter()
        self.error_times: list[tuple[float, str]] = []
        self.drops: Counter[str] = Counter()
        self.drop_times: list[tuple[float, str]] = []
        self.finished_at: float | None = None
        self.confirmed_on_reconnect = 0
        self.finished = False
        self.stopping = False  # the run is over: give up at the next chance
        self.outbox: Sent | None = None
        self.done = -1  # the decision of the last acknowledged action
        self.last: dict[str, Any] | None = None
        self.n = 0

    async def run(self) -> None:
        retry = 0.5
        while not self.finished and not self.stopping:
            try:
                async with connect(
                    self.url, max_size=2**24, open_timeout=20, local_addr=(self.ip, 0)
                ) as ws:
                    retry = 0.5
                    reason = await self._session(ws)
                    if reason:
                        self.drops[reason] += 1
                        self.drop_times.append((time.perf_counter(), reason))
            except (OSError, WebSocketException, TimeoutError) as exc:
                self.drops[type(exc).__name__] += 1
                self.drop_times.append((time.perf_counter(), type(exc).__name__))
            if self.outbox is not None and self.outbox.status == "sent":
                self.outbox.status = "unconfirmed"
            if not self.finished and not self.stopping:
                await asyncio.sleep(retry)
                retry = min(retry * 2, 8.0)

    async def _session(self, ws: ClientConnection) -> str:
        """Plays until the game ends ("") or the connection is given up (the reason)."""
        heard = time.perf_counter()
        pinged = 0.0
        fresh = True  # the first state of a connection settles an unconfirmed choice
        while not self.stopping:
            now = time.perf_counter()
            if self.outbox is not None and self.outbox.status == "sent":
                wait = self.outbox.at + ACK_WAIT - now
                if wait <= 0:
                    return GAVE_UP
            else:
                wait = 3600.0
            if pinged:
                wait = min(wait, pinged + PING_WAIT - now)
                if wait <= 0:
                    return "no pong in 10 s"
            else:
                wait = min(wait, heard + PING_EVERY - now)
                if wait <= 0:
                    pinged = now
                    await ws.send(json.dumps({"type": "ping"}))
                    continue
            try:
                async with asyncio.timeout(wait):
                    raw = await ws.recv()
            except TimeoutError:
                continue
            now = time.perf_counter()
            heard, pinged = now, 0.0
            msg = json.loads(raw)
            kind = msg.get("type")
            if kind == "error":
                self.errors[kind_of(str(msg.get("error")))] += 1
                self.error_times.append((now, kind_of(str(msg.get("error")))))
                if self.outbox is not None and msg.get("id") in (None, self.outbox.id):
                    self.outbox = None
                await ws.send(json.dumps({"type": "sync"}))  # as a reload: a fresh state
                continue
            if kind == "ack":
                out = self.outbox
                if out is not None and msg.get("id") in (None, out.id):
                    self._taken(out)
                    self.latencies.append((out.at, now - out.at))
                    self._mark_acked(out, now)
                    self.outbox = None
            elif kind == "state":
                self.table.heard(self.seat, msg, now)
                self.last = msg
                if fresh:
                    fresh = False
                    self._settle(msg, now)
            else:
                continue
            if self.last is not None and self.last.get("status") == "finished":
                self.finished = True
                self.finished_at = now
                return ""
            await self._choose(ws)
        return ""

    def _taken(self, out: Sent) -> None:
        self.acked.append((out.decision, out.action))
        self.done = max(self.done, out.decision)

    def _mark_acked(self, out: Sent, now: float) -> None:
        for ev in reversed(self.table.events):
            if ev.seat == self.seat and ev.decision == out.decision and ev.acked_at is None:
                ev.acked_at = now
                break

    def _settle(self, msg: dict[str, Any], now: float) -> None:
        """A fresh state after (re)connecting: a choice whose answer was lost is taken if the
        server says so (``acked`` is its id, or it is the seat's pending choice), else dropped
        (a new one is made on this state)."""
        out = self.outbox
        if out is None or out.status != "unconfirmed":
            return
        if msg.get("acked") == out.id or same(msg.get("my_choice"), out.action):
            self._taken(out)
            self._mark_acked(out, now)
            self.confirmed_on_reconnect += 1
        self.outbox = None

    async def _choose(self, ws: ClientConnection) -> None:
        msg = self.last
        if msg is None or self.outbox is not None:
            return
        if not msg.get("legal") or msg.get("my_choice") is not None:
            return
        version = msg.get("version")
        d = decision_of(version) if isinstance(version, int) else self.done + 1
        if d <= self.done:  # a state made before this seat's acknowledged choice
            return
        self.n += 1
        action = msg["legal"][0]
        self.outbox = Sent(f"s{self.seat}-{self.n}", action, d, time.perf_counter())
        self.table.events.append(Event(self.seat, d))
        body: dict[str, Any] = {"type": "act", "action": action, "id": self.outbox.id}
        if isinstance(version, int):
            body["version"] = version
        await ws.send(json.dumps(body))


# ---- one configuration ----


@dataclass
class Config:
    tables: int
    processes: int
    workers: int
    db: str
    pubsub: str | None
    args: argparse.Namespace


def make_database(admin: str, name: str) -> str:
    import psycopg

    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return admin.rsplit("/", 1)[0] + "/" + name


def drop_database(admin: str, name: str) -> None:
    import psycopg

    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS true')
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def pg_blip(admin: str, name: str, seconds: float) -> str:
    """The database refuses connections for ``seconds`` and loses every open one."""
    import psycopg

    with psycopg.connect(admin, autocommit=True) as conn:
        if seconds > 0:
            conn.execute(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS false')
        killed = conn.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            (name,),
        ).fetchone()
        time.sleep(seconds)
        if seconds > 0:
            conn.execute(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS true')
    return f"{killed[0] if killed else 0} connections terminated, {seconds:.0f} s refused"


def redis_blip(url: str, seconds: float, private: PrivateRedis | None, kind: str) -> str:
    import redis

    if kind == "down":
        assert private is not None
        with contextlib.suppress(redis.RedisError):
            redis.Redis.from_url(url).shutdown(nosave=True)
        if private.proc is not None:
            private.proc.wait(timeout=10)
        time.sleep(seconds)
        private.start()
        return f"Redis down for {seconds:.0f} s"
    redis.Redis.from_url(url).client_pause(int(seconds * 1000), all=True)
    time.sleep(seconds)
    return f"Redis paused for {seconds:.0f} s"


async def create_tables(cfg: Config, servers: list[Server], errors: Counter[str]) -> list[Table]:
    args = cfg.args
    seats: list[dict[str, Any]] = [{"kind": "human", "name": "P0"}]
    seats += [{"kind": "human", "access": "invited"}] * (args.people - 1)
    seats += [{"kind": "bot", "bot": "random"}] * (args.players - args.people)
    body = {"game": "classic", "options": {"players": args.players}, "seats": seats}
    gate = asyncio.Semaphore(4)

    async def one(i: int) -> Table | None:
        through = i % len(servers)
        transport = httpx.AsyncHTTPTransport(local_address=address(i * args.people))
        async with gate, httpx.AsyncClient(transport=transport, timeout=30) as client:
            for attempt in range(8):
                try:
                    r = await client.post(servers[through].base + "/api/tables", json=body)
                except httpx.HTTPError as exc:
                    errors[f"create: {type(exc).__name__}"] += 1
                    await asyncio.sleep(0.5 * 2**attempt)
                    continue
                if r.status_code == 200:
                    break
                errors[f"create: HTTP {r.status_code}"] += 1
                wait = float(r.headers.get("retry-after") or 0.5 * 2**attempt)
                await asyncio.sleep(min(wait, 10.0))
            else:
                return None
        made = r.json()
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        table = Table(made["table"], through)
        for k in range(args.people):
            proc = (through + k) % len(servers)
            table.players.append(
                Person(table, k, servers[proc].base, tokens[k], address(i * args.people + k), proc)
            )
        return table

    made = await asyncio.gather(*(one(i) for i in range(cfg.tables)))
    return [t for t in made if t is not None]


def log_summary(logs: list[Path]) -> dict[str, int]:
    """The servers' ERROR and WARNING lines, by kind (a traceback by its exception's line)."""
    found: Counter[str] = Counter()
    for path in logs:
        with contextlib.suppress(OSError), open(path, errors="replace") as f:
            for line in f:
                line = line.rstrip()
                logged = line.startswith(("ERROR:", "WARNING:"))
                raised = re.match(r"^[\w.]+(Error|Exception|Disconnected|Exit)\b", line)
                if logged or raised:  # "ERROR: Exception in ASGI application": unhandled
                    found[kind_of(line)] += 1
    return dict(found.most_common(12))


def check_records(db: str, tables: list[Table], players: int) -> dict[str, Any]:
    """Every stored record replays (to its result when finished) and holds every acknowledged
    action at its place; what each unfinished game waits for."""
    from wonders.web.store import Store, make_engine

    engine = make_engine(db)
    store = Store(engine)
    actions = lost = bad = 0
    lost_detail: list[str] = []
    stalled: list[dict[str, Any]] = []
    finished = 0
    try:
        for t in tables:
            loaded = store.load(t.id)
            if loaded is None:
                bad += 1
                continue
            row, acts = loaded
            actions += len(acts)
            result = row.result if row.status == "finished" else None
            try:
                replay(GameRecord(row.game, row.options, row.seed, acts, result))
            except RecordError as exc:
                bad += 1
                lost_detail.append(f"{t.id}: does not replay: {exc}")
            for p in t.players:
                for d, action in p.acked:  # stored at its place, or still a pending choice
                    window = acts[d : d + players]
                    held = any(s == p.seat and same(a, action) for s, a in window)
                    if not held and d >= len(acts):
                        held = same(row.pending.get(p.seat), action)
                    if not held:
                        lost += 1
                        lost_detail.append(f"{t.id} seat {p.seat}: acked at {d}, not stored")
            if row.status == "finished":
                finished += 1
            if not all(p.finished for p in t.players):
                stalled.append(
                    {
                        "table": t.id,
                        "stored_status": row.status,
                        "stored_actions": len(acts),
                        "pending": sorted(row.pending),
                        "seconds_since_progress": round(time.perf_counter() - t.moved_at, 1),
                        "people": [
                            {
                                "seat": p.seat,
                                "process": p.proc,
                                "finished": p.finished,
                                "last_version": (p.last or {}).get("version"),
                                "owes": bool((p.last or {}).get("legal")),
                                "waiting_ack": p.outbox is not None,
                            }
                            for p in t.players
                        ],
                    }
                )
    finally:
        engine.dispose()
    return {
        "actions": actions,
        "lost": lost,
        "lost_detail": lost_detail[:10],
        "bad_records": bad,
        "finished_in_db": finished,
        "stalled": stalled,
    }


async def watch(servers: list[Server], stop: asyncio.Event, began: list[float]) -> None:
    """Samples the servers' memory and CPU; a server that exited by itself is started again
    (as a process manager would), and that is reported."""
    while not stop.is_set():
        for s in servers:
            s.sample()
            if s.proc is not None and s.proc.poll() is not None and not s.restarting:
                at = time.perf_counter() - began[0] if began else 0.0
                s.exits.append(f"exited ({s.proc.returncode}) by itself at {at:.0f} s")
                s.restarting = True
                try:
                    await asyncio.to_thread(s.restart)
                    s.restarts += 1
                except RuntimeError as exc:
                    s.exits.append(f"could not be started again: {exc}")
                finally:
                    s.restarting = False
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.5)


async def fault(
    at: float,
    began: float,
    name: str,
    faults: list[str],
    windows: list[tuple[float, float, str]],
    job: Any,
) -> None:
    """Makes the fault ``job`` ``at`` seconds after ``began``; its time, from its start to
    ``GRACE`` seconds after its end, goes to ``windows``."""
    await asyncio.sleep(max(0.0, at - (time.perf_counter() - began)))
    t0 = time.perf_counter()
    start = t0 - began
    try:
        what = await asyncio.to_thread(job)
    except Exception as exc:  # a fault that could not be made is reported, not fatal
        what = f"failed: {type(exc).__name__}: {exc}"
    windows.append((t0, time.perf_counter() + GRACE, name))
    faults.append(f"{name} at {start:.0f} s: {what}")
    faults.sort(key=lambda f: float(f.split(" at ")[1].split(" s:")[0]))


async def run_config(cfg: Config, folder: Path) -> dict[str, Any]:
    args = cfg.args
    report: dict[str, Any] = {
        "tables": cfg.tables,
        "processes": cfg.processes,
        "workers": cfg.workers,
        "db": "sqlite" if cfg.db.startswith("sqlite") else "postgresql",
        "pubsub": "redis" if cfg.pubsub else ("notify" if cfg.processes > 1 else None),
        "people_per_table": args.people,
        "players_per_table": args.players,
    }
    private: PrivateRedis | None = None
    pubsub = cfg.pubsub
    if pubsub == "private":
        private = PrivateRedis(folder)
        pubsub = private.url
    servers: list[Server] = []
    count = 1 if cfg.workers else cfg.processes
    for slot in range(count):
        port = free_port()
        command = [str(WONDERS), "serve", "--port", str(port), "--db", cfg.db, "--bot-delay", "0"]
        if pubsub:
            command += ["--pubsub", pubsub]
        if cfg.workers:
            command += ["--workers", str(cfg.workers)]
        servers.append(Server(slot, port, command, folder / f"server{slot}.log"))
    stop = asyncio.Event()
    errors: Counter[str] = Counter()
    faults: list[str] = []
    windows: list[tuple[float, float, str]] = []
    tables: list[Table] = []
    try:
        servers[0].launch()
        await asyncio.to_thread(servers[0].wait_ready)  # it makes the schema: the others after
        for s in servers[1:]:
            s.launch()
        for s in servers[1:]:
            await asyncio.to_thread(s.wait_ready)
        started: list[float] = []  # when the games began, once they have
        watcher = asyncio.create_task(watch(servers, stop, started))
        tables = await create_tables(cfg, servers, errors)
        report["created"] = len(tables)
        people = [p for t in tables for p in t.players]
        if not people:
            raise RuntimeError("no table could be created")
        cpu0 = time.process_time()
        loadavg = round(os.getloadavg()[0], 2)  # the machine may be shared: said with the result
        began = time.perf_counter()
        started.append(began)
        for t in tables:
            t.moved_at = began
        tasks = [asyncio.create_task(p.run()) for p in people]
        jobs = []
        if args.kill_at:
            target = servers[0]
            jobs.append(
                fault(
                    args.kill_at,
                    began,
                    "kill",
                    faults,
                    windows,
                    lambda: kill_and_restart(target, cfg.workers),
                )
            )
        if args.redis_blip_at and pubsub:
            url = pubsub
            jobs.append(
                fault(
                    args.redis_blip_at,
                    began,
                    "Redis blip",
                    faults,
                    windows,
                    lambda: redis_blip(url, args.blip_seconds, private, args.redis_blip_kind),
                )
            )
        if args.pg_blip_at:
            name = cfg.db.rsplit("/", 1)[1]
            jobs.append(
                fault(
                    args.pg_blip_at,
                    began,
                    "PostgreSQL blip",
                    faults,
                    windows,
                    lambda: pg_blip(args.pg, name, args.blip_seconds),
                )
            )
        fault_tasks = [asyncio.create_task(j) for j in jobs]
        _, pending = await asyncio.wait(tasks, timeout=args.timeout)
        elapsed = time.perf_counter() - began
        for p in people:
            p.stopping = True
        for task in pending:
            task.cancel()
        if pending:
            await asyncio.wait(pending, timeout=20)
        for ft in fault_tasks:  # a fault still due when the games ended is not made
            if not ft.done():
                ft.cancel()
                faults.append("a fault was still due when the games ended: not made")
        await asyncio.gather(*fault_tasks, return_exceptions=True)
        stop.set()
        await watcher
        checked = await asyncio.to_thread(check_records, cfg.db, tables, args.players)

        def calm(t: float) -> bool:
            return not any(a <= t <= b for a, b, _ in windows)

        def during(t: float) -> str:
            return next((name for a, b, name in windows if a <= t <= b), "outside faults")

        def by_fault(seen: list[tuple[float, str]]) -> dict[str, dict[str, int]]:
            out: dict[str, Counter[str]] = {}
            for t, kind in seen:
                out.setdefault(during(t), Counter())[kind] += 1
            return {name: dict(c) for name, c in out.items()}

        push_cross: list[tuple[float, float]] = []  # (acknowledged at, seconds to the push)
        push_same: list[tuple[float, float]] = []
        unseen = 0
        for t in tables:
            procs = {p.seat: p.proc for p in t.players}
            for ev in t.events:
                if ev.acked_at is None:
                    continue
                for other in procs:
                    if other == ev.seat:
                        continue
                    if other not in ev.seen:
                        unseen += 1
                        continue
                    lag = max(0.0, ev.seen[other] - ev.acked_at)
                    sample = (ev.acked_at, lag)
                    (push_cross if procs[other] != procs[ev.seat] else push_same).append(sample)
        push = [x for _, x in push_cross or push_same]
        push_calm = [x for t, x in push_cross or push_same if calm(t)]
        lat = [x for p in people for _, x in p.latencies]
        lat_calm = [x for p in people for t, x in p.latencies if calm(t)]
        ends = [p.finished_at for p in people if p.finished_at is not None]
        busy = (max(ends) - began) if ends else elapsed
        server_errors: Counter[str] = Counter()
        drops: Counter[str] = Counter()
        for p in people:
            server_errors.update(p.errors)
            drops.update(p.drops)
        stalled = checked["stalled"]
        report.update(
            {
                "seconds": round(elapsed, 1),
                "seconds_to_last_finish": round(busy, 1),
                "actions": checked["actions"],
                "actions_per_second": round(checked["actions"] / busy, 1),
                "acks": len(lat),
                "acks_given_up": drops[GAVE_UP],
                "ack_p50_ms": percentile(lat, 0.50),
                "ack_p95_ms": percentile(lat, 0.95),
                "ack_p99_ms": percentile(lat, 0.99),
                "ack_max_ms": percentile(lat, 1.0),
                "acks_outside_faults": len(lat_calm),
                "ack_calm_p50_ms": percentile(lat_calm, 0.50),
                "ack_calm_p95_ms": percentile(lat_calm, 0.95),
                "ack_calm_p99_ms": percentile(lat_calm, 0.99),
                "push_measured": (
                    "one port: the process is the kernel's choice"
                    if cfg.workers
                    else "cross-process"
                    if push_cross
                    else "same process"
                ),
                "pushes": len(push),
                "push_p50_ms": percentile(push, 0.50),
                "push_p95_ms": percentile(push, 0.95),
                "push_p99_ms": percentile(push, 0.99),
                "push_max_ms": percentile(push, 1.0),
                "push_calm_p50_ms": percentile(push_calm, 0.50),
                "push_calm_p95_ms": percentile(push_calm, 0.95),
                "push_calm_p99_ms": percentile(push_calm, 0.99),
                "pushes_never_seen": unseen,
                "errors": sum(server_errors.values()) + sum(errors.values()),
                "errors_by_kind": dict(server_errors + errors),
                "errors_outside_faults": sum(
                    1 for p in people for t, _ in p.error_times if calm(t)
                ),
                "errors_by_fault": by_fault([e for p in people for e in p.error_times]),
                "reconnects_by_reason": dict(drops),
                "reconnects_outside_faults": sum(
                    1 for p in people for t, _ in p.drop_times if calm(t)
                ),
                "reconnects_by_fault": by_fault([d for p in people for d in p.drop_times]),
                "confirmed_on_reconnect": sum(p.confirmed_on_reconnect for p in people),
                "lost_actions": checked["lost"],
                "lost_detail": checked["lost_detail"],
                "bad_records": checked["bad_records"],
                "stalled_games": len(stalled),
                "stalled_not_finished_in_db": sum(
                    1 for s in stalled if s["stored_status"] != "finished"
                ),
                "stalled_detail": stalled[:5],
                "stalled_without_progress_30s": sum(
                    1 for s in stalled if s["seconds_since_progress"] > STUCK
                ),
                "faults": faults,
                "server_log": log_summary([s.log for s in servers]),
                "peak_rss_mib": [round(s.peak_kib / 1024) for s in servers],
                "final_rss_mib": [round(s.rss_kib / 1024) for s in servers],
                "restarts": [s.restarts for s in servers],
                "unexpected_exits": {s.slot: s.exits for s in servers if s.exits},
                "server_cpu_seconds": [round(s.cpu_done + s.cpu_now, 1) for s in servers],
                "client_cpu_seconds": round(time.process_time() - cpu0, 1),
                "load_average_1min": [loadavg, round(os.getloadavg()[0], 2)],
            }
        )
    except Exception as exc:  # a configuration that could not run says why; the next runs
        report["failed"] = f"{type(exc).__name__}: {exc}"
    finally:
        stop.set()
        for s in servers:
            await asyncio.to_thread(s.stop)
        if private is not None:
            private.stop()
    report["logs"] = str(folder)
    return report


def row(r: dict[str, Any]) -> str:
    """A configuration as a line of the Markdown table under ``HEADER``."""

    def ms(*keys: str) -> str:
        return " / ".join("-" if r.get(k) is None else f"{r[k]:.0f}" for k in keys)

    mode = f"{r['workers']} workers" if r.get("workers") else str(r["processes"])
    if "failed" in r:
        return f"| {r['tables']} | {mode} | {r.get('pubsub') or '-'} | failed: {r['failed']} |"
    faults = ", ".join(f.split(" at ")[0] for f in r.get("faults", []) if " at " in f) or "-"
    rss = " / ".join(str(x) for x in r.get("peak_rss_mib", []))
    return (
        f"| {r['tables']} | {mode} | {r.get('pubsub') or '-'} | {faults} "
        f"| {r['seconds_to_last_finish']:.0f} | {r['actions_per_second']:.0f} "
        f"| {ms('ack_p50_ms', 'ack_p95_ms', 'ack_p99_ms')} "
        f"| {r.get('reconnects_by_reason', {}).get(GAVE_UP, 0)} "
        f"| {ms('ack_calm_p50_ms', 'ack_calm_p95_ms', 'ack_calm_p99_ms')} "
        f"| {ms('push_p50_ms', 'push_p95_ms', 'push_p99_ms')} "
        f"| {ms('push_calm_p50_ms', 'push_calm_p95_ms', 'push_calm_p99_ms')} "
        f"| {r['errors']} ({r['errors_outside_faults']}) | {r['lost_actions']} "
        f"| {r['stalled_games']} ({r.get('stalled_without_progress_30s', '?')}) | {rss} |"
    )


HEADER = (
    "| tables | processes | pub/sub | faults | s | actions/s | ack p50/p95/p99 ms "
    "| acks given up (10 s) | ack outside faults | push p50/p95/p99 ms | push outside faults "
    "| errors (outside faults) | lost | unfinished (stuck 30 s) | peak RSS MiB |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
)


async def main_async(args: argparse.Namespace) -> list[dict[str, Any]]:
    reports = []
    if args.workers and not serve_has("--workers"):
        raise SystemExit("this wonders serve has no --workers option")
    for processes in args.processes:
        for tables in args.tables:
            folder = Path(tempfile.mkdtemp(prefix="wonders-load-", dir=args.logs))
            db = args.db
            if db == "auto":
                several = processes > 1 or args.workers or args.pg_blip_at
                db = "postgres" if several else "sqlite"
            made = None
            if db == "sqlite":
                db = f"sqlite:///{folder / 'load.db'}"
            elif db == "postgres":
                made = f"wonders_load_{os.getpid()}_{processes}_{tables}"
                db = make_database(args.pg, made)
            elif args.pg_blip_at:
                raise SystemExit("--pg-blip-at needs --db postgres (a throw-away database)")
            cfg = Config(tables, processes, args.workers, db, args.pubsub, args)
            try:
                report = await run_config(cfg, folder)
            finally:
                if made is not None:
                    drop_database(args.pg, made)
            report["date"] = time.strftime("%Y-%m-%d")
            report["cores"] = os.cpu_count()
            report["command"] = " ".join(["benchmarks/web_load.py", *sys.argv[1:]])
            keep = args.keep_logs or "failed" in report or report.get("stalled_games")
            if not keep:
                shutil.rmtree(folder, ignore_errors=True)
                report["logs"] = None
            reports.append(report)
            if args.out:
                with open(args.out, "a") as f:
                    f.write(json.dumps(report) + "\n")
            if args.json:
                print(json.dumps(report), flush=True)
            else:
                print(HEADER, row(report), sep="\n", flush=True)
                for key in (
                    "errors_by_kind",
                    "reconnects_by_reason",
                    "faults",
                    "lost_detail",
                    "unexpected_exits",
                    "server_log",
                ):
                    if report.get(key):
                        print(f"  {key}: {report[key]}", flush=True)
                for s in report.get("stalled_detail", []):
                    print(f"  stalled: {s}", flush=True)
    return reports


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--tables", type=int, nargs="+", default=[50])
    parser.add_argument("--processes", type=int, nargs="+", default=[1])
    parser.add_argument("--workers", type=int, default=0, help="one wonders serve --workers N")
    parser.add_argument("--people", type=int, default=2, help="scripted people per table")
    parser.add_argument("--players", type=int, default=3, help="seats per table (bots: rest)")
    parser.add_argument("--db", default="auto", help="sqlite, postgres or a database URL")
    parser.add_argument("--pg", default=PG_ADMIN, help="PostgreSQL admin URL for --db postgres")
    parser.add_argument("--pubsub", default=None, help="redis://... or private (own server)")
    parser.add_argument("--kill-at", type=float, default=0.0, help="seconds; 0: no kill")
    parser.add_argument("--redis-blip-at", type=float, default=0.0)
    parser.add_argument("--redis-blip-kind", choices=["pause", "down"], default="pause")
    parser.add_argument("--pg-blip-at", type=float, default=0.0)
    parser.add_argument("--blip-seconds", type=float, default=8.0)
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds for the games")
    parser.add_argument("--out", default=None, help="append each configuration's JSON line")
    parser.add_argument("--logs", default=None, help="folder for the servers' logs")
    parser.add_argument("--keep-logs", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not 1 <= args.people <= args.players <= 7 or args.players < 3:
        parser.error("need 1 <= --people <= --players, 3 <= --players <= 7")
    if args.redis_blip_kind == "down" and args.pubsub != "private":
        parser.error("--redis-blip-kind down needs --pubsub private")
    if args.logs:
        Path(args.logs).mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # stop the servers too
    reports = asyncio.run(main_async(args))
    if len(reports) > 1 and not args.json:
        print("", HEADER, *map(row, reports), sep="\n")
    if any(
        "failed" in r or r.get("lost_actions") or r.get("stalled_games") or r.get("bad_records")
        for r in reports
    ):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
