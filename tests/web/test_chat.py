"""The table chat: the players write, everyone reads; a message is stored as written (the
pages show it as text), one line of at most ``MAX_CHAT`` characters, a seat may write
``CHAT_RATE``; it is pushed to the table's sockets, sent whole to a socket that connects, kept
across a restart, and pushed by the other processes (PostgreSQL NOTIFY, Redis) too."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from tests.web.conftest import create
from tests.web.test_pubsub import redis_url  # noqa: F401  (a fixture)
from tests.web.test_serve import two_running
from wonders.web.app import create_app
from wonders.web.chat import MAX_CHAT

INJECTION = "<img src=x onerror=alert(1)>"


def table(client: TestClient) -> tuple[str, list[str]]:
    made = create(client, "classic", {"players": 3}, ["human", "human", "greedy"])
    return made["table"], [s["token"] for s in made["seats"]]


def say(client: TestClient, token: str, text: Any) -> httpx.Response:
    return client.post(f"/api/play/{token}/chat", json={"text": text})


def history(client: TestClient, table_id: str) -> list[Any]:
    r = client.get(f"/api/tables/{table_id}/chat")
    assert r.status_code == 200, r.text
    return list(r.json()["messages"])


def test_a_message_is_stored_as_written_and_read_by_everyone(client: TestClient) -> None:
    table_id, tokens = table(client)
    r = say(client, tokens[1], INJECTION)
    assert r.status_code == 200, r.text
    said = r.json()["message"]
    assert said["text"] == INJECTION and said["seat"] == 1  # as written: the page shows text
    say(client, tokens[0], "  good luck\nall\t")
    messages = history(client, table_id)
    assert [(m["seat"], m["text"]) for m in messages] == [(1, INJECTION), (0, "good luck all")]
    assert messages[0]["id"] < messages[1]["id"]


def test_the_limits_are_refused_in_one_line(client: TestClient) -> None:
    table_id, tokens = table(client)
    cases = [
        ("", 400, "a chat message cannot be empty"),
        (" \n\t ", 400, "a chat message cannot be empty"),
        ("x" * (MAX_CHAT + 1), 400, f"a chat message is at most {MAX_CHAT} characters"),
        (42, 400, "a chat message is text"),
    ]
    for text, status, error in cases:
        r = say(client, tokens[0], text)
        assert r.status_code == status and error in r.json()["error"], r.text
        assert "\n" not in r.json()["error"]
    assert say(client, tokens[0], "é" * MAX_CHAT).status_code == 200  # characters, not bytes
    r = client.post(f"/api/play/{tokens[0]}/chat", json=["not", "an", "object"])
    assert r.status_code == 400 and "\n" not in r.json()["error"]
    r = client.post("/api/play/no-such-token/chat", json={"text": "hello"})
    assert r.status_code == 403  # a spectator (no seat) writes nothing
    assert [m["text"] for m in history(client, table_id)] == ["é" * MAX_CHAT]


def test_a_seat_that_writes_too_fast_is_told_to_wait(client: TestClient) -> None:
    _table_id, tokens = table(client)
    for i in range(5):
        assert say(client, tokens[0], f"message {i}").status_code == 200
    r = say(client, tokens[0], "one too many")
    assert r.status_code == 429
    assert r.json()["error"].startswith("you are writing too fast: wait ")
    assert "\n" not in r.json()["error"]
    assert say(client, tokens[1], "another seat writes").status_code == 200  # its own bucket


def test_a_message_is_pushed_to_the_tables_sockets(client: TestClient) -> None:
    table_id, tokens = table(client)
    with client.websocket_connect(f"/ws/play/{tokens[1]}") as player:
        assert player.receive_json()["type"] == "state"  # (no chat yet: none is sent)
        player.send_json({"type": "ping"})
        assert player.receive_json() == {"type": "pong"}
    say(client, tokens[0], "before")
    with client.websocket_connect(f"/ws/watch/{table_id}") as watcher:
        assert watcher.receive_json()["type"] == "state"
        first = watcher.receive_json()  # the chat so far
        assert first["type"] == "chat" and first["all"] is True
        assert [m["text"] for m in first["messages"]] == ["before"]
        say(client, tokens[1], INJECTION)
        pushed = watcher.receive_json()
        assert pushed["type"] == "chat" and "all" not in pushed
        assert [(m["seat"], m["text"]) for m in pushed["messages"]] == [(1, INJECTION)]
        watcher.send_json({"type": "sync"})  # a resync: the state, then the chat whole again
        assert watcher.receive_json()["type"] == "state"
        again = watcher.receive_json()
        assert [m["text"] for m in again["messages"]] == ["before", INJECTION]


def test_the_chat_is_kept_across_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as first:
        table_id, tokens = table(first)
        say(first, tokens[0], "see you after the restart")
    with TestClient(create_app(db_url, bot_delay=0)) as second:
        assert [m["text"] for m in history(second, table_id)] == ["see you after the restart"]
        with second.websocket_connect(f"/ws/play/{tokens[1]}") as ws:
            assert ws.receive_json()["type"] == "state"
            assert ws.receive_json()["messages"][0]["text"] == "see you after the restart"


def heard_chat(ws: Any, text: str) -> Any:
    """The socket's messages until the chat message ``text`` comes."""
    while True:
        msg = json.loads(ws.recv(timeout=10))
        if msg["type"] == "chat" and text in [m["text"] for m in msg["messages"]]:
            return msg


def two_processes_chat(a: str, b: str) -> None:
    made = httpx.post(
        a + "/api/tables",
        json={"game": "duel", "options": {}, "seats": [{"kind": "human"}, {"kind": "human"}]},
    ).json()
    tokens = [s["token"] for s in made["seats"]]
    on_b = b.replace("http", "ws") + f"/ws/watch/{made['table']}"
    on_a = a.replace("http", "ws") + f"/ws/play/{tokens[1]}"
    with connect(on_b, open_timeout=10) as watcher, connect(on_a, open_timeout=10) as player:
        for ws in (watcher, player):  # (no chat yet: none is sent)
            assert json.loads(ws.recv(timeout=10))["type"] == "state"
        r = httpx.post(f"{a}/api/play/{tokens[0]}/chat", json={"text": "written on A"})
        assert r.status_code == 200, r.text
        pushed = heard_chat(watcher, "written on A")  # B pushes what A stored
        assert pushed["messages"][0]["seat"] == 0
        heard_chat(player, "written on A")
        r = httpx.post(f"{b}/api/play/{tokens[1]}/chat", json={"text": INJECTION})
        assert r.status_code == 200, r.text
        heard_chat(player, INJECTION)  # and A what B stored
        heard_chat(watcher, INJECTION)
        for ws in (watcher, player):  # each message once on each socket
            ws.send(json.dumps({"type": "ping"}))
            while (msg := json.loads(ws.recv(timeout=10)))["type"] != "pong":
                assert msg["type"] != "chat", msg
    for base in (a, b):
        said = httpx.get(f"{base}/api/tables/{made['table']}/chat").json()["messages"]
        assert [m["text"] for m in said] == ["written on A", INJECTION]


@pytest.fixture
def pg_servers(pg_url: str) -> Iterator[tuple[str, str]]:
    with two_running(pg_url) as bases:
        yield bases


def test_two_processes_on_postgresql_push_each_others_messages(
    pg_servers: tuple[str, str],
) -> None:
    two_processes_chat(*pg_servers)


def test_two_processes_with_redis_push_each_others_messages(
    redis_url: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    with two_running(f"sqlite:///{tmp_path / 'shared.db'}", redis_url) as (a, b):
        two_processes_chat(a, b)


def test_a_message_cannot_reorder_how_it_reads() -> None:
    from wonders.web.chat import chat_text

    assert chat_text("gg \u202eevil\u202c wp") == "gg evil wp"  # the override dropped
    assert chat_text("\u2067שלום\u2069 ok") == "שלום ok"  # right-to-left text stays
    assert chat_text("a\tb\nc") == "a b c"
