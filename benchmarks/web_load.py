"""Load test of the web table (127.0.0.1 only): N concurrent 7 Wonders tables, each with one
scripted player on a WebSocket and two bots played by the server. Reports the actions per
second the server held and the latency from a player's action to the next view it receives;
with ``--kill-at S`` the server is killed (SIGKILL) S seconds in and started again, and every
game must resume from its last stored action. At the end every table's record must replay to
its result and hold every action the server acknowledged.

    .venv/bin/python benchmarks/web_load.py --tables 50 [--kill-at 5] [--db URL] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from wonders.core.records import GameRecord, replay

WONDERS = Path(sys.executable).parent / "wonders"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(db: str, port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [str(WONDERS), "serve", "--port", str(port), "--db", db, "--bot-delay", "0"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(300):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=1)
            return proc
        except httpx.TransportError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


class Player:
    """One scripted seat: plays the first legal action whenever it owes one."""

    def __init__(self, base: str, token: str) -> None:
        self.url = base.replace("http", "ws") + f"/ws/play/{token}"
        self.acked = 0
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.reconnects = 0
        self.finished = False

    async def run(self) -> None:
        while not self.finished:
            try:
                async with connect(self.url, max_size=2**24) as ws:
                    await self._play(ws)
            except (OSError, WebSocketException):
                self.reconnects += 1
                await asyncio.sleep(0.2)

    async def _play(self, ws: Any) -> None:
        """One action in flight at a time; its latency runs until the acknowledgement, which
        the server sends after it has stored the action and pushed the new views."""
        sent_at: float | None = None
        latest: Any = None
        async for raw in ws:
            msg = json.loads(raw)
            if msg["type"] == "error":
                self.errors.append(msg["error"])
                sent_at = None
            elif msg["type"] == "ack":
                self.acked += 1
                if sent_at is not None:
                    self.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            else:
                latest = msg
            if latest is None or sent_at is not None:
                continue
            if latest["status"] == "finished":
                self.finished = True
                return
            if latest["legal"] and latest["my_choice"] is None:
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": latest["legal"][0]}))
                latest = None


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    tmp = tempfile.TemporaryDirectory()
    db = args.db or f"sqlite:///{Path(tmp.name) / 'load.db'}"
    proc = start(db, port)
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        spec = [
            {"kind": "human"},
            {"kind": "bot", "bot": "random"},
            {"kind": "bot", "bot": "random"},
        ]
        made = [
            (
                await client.post(
                    "/api/tables",
                    json={"game": "classic", "options": {"players": 3}, "seats": spec},
                )
            ).json()
            for _ in range(args.tables)
        ]
        players = [Player(base, m["seats"][0]["token"]) for m in made]
        began = time.perf_counter()
        tasks = [asyncio.create_task(p.run()) for p in players]
        killed = False
        while not all(t.done() for t in tasks):
            await asyncio.sleep(0.1)
            if args.kill_at and not killed and time.perf_counter() - began > args.kill_at:
                os.kill(proc.pid, signal.SIGKILL)
                proc.wait()
                proc = await asyncio.to_thread(start, db, port)
                killed = True
            if time.perf_counter() - began > args.timeout:
                raise SystemExit("the games did not finish in time")
        elapsed = time.perf_counter() - began
        actions = 0
        lost = 0
        for m, p in zip(made, players, strict=True):
            record = (await client.get(f"/api/tables/{m['table']}/record")).json()
            state = replay(GameRecord.from_json(record))
            assert state.result().to_json() == record["result"]
            actions += len(record["actions"])
            mine = sum(1 for seat, _ in record["actions"] if seat == 0)
            lost += max(0, p.acked - mine)
    proc.terminate()
    proc.wait(timeout=20)
    tmp.cleanup()
    lat = sorted(x for p in players for x in p.latencies)
    return {
        "tables": args.tables,
        "killed_and_restarted": killed,
        "seconds": round(elapsed, 2),
        "actions": actions,
        "actions_per_second": round(actions / elapsed, 1),
        "latency_p50_ms": round(1000 * statistics.median(lat), 1),
        "latency_p95_ms": round(1000 * lat[int(0.95 * (len(lat) - 1))], 1),
        "errors": sum(len(p.errors) for p in players),
        "error_samples": [e for p in players for e in p.errors][:5],
        "lost_actions": lost,
        "reconnects": sum(p.reconnects for p in players),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--kill-at", type=float, default=0.0, help="seconds; 0: no kill")
    parser.add_argument("--db", default=None, help="database URL (default: a temporary SQLite)")
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = asyncio.run(main_async(args))
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key}: {value}")
    if report["errors"] or report["lost_actions"]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
