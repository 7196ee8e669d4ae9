"""The table page's connection: its state always shown (connected / reconnecting / offline), a
choice made while offline kept and sent once on reconnect if it still applies (else refused
in sight), a sent choice shown as sent until the server's answer, then accepted or refused
with the server's reason; a connection that went quiet is dropped and made again. And the
socket's side of it: an act's id echoed in its answer, its version checked, a ping answered.
The browser tests drive Debian's Chromium (see test_browser.py)."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import create, state, steady
from tests.web.test_browser import CHROMIUM, SHOTS, Server, chromium, free_port, serve

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="no /usr/bin/chromium (make test installs it: apt-get install)"
)


# ---- the socket: ids, versions, pings ----


def _answer(ws: Any) -> Any:
    """The next message that is not a state push."""
    while True:
        msg = ws.receive_json()
        if msg["type"] != "state":
            return msg


def test_an_act_is_answered_with_its_id_and_the_seat_learns_what_was_accepted(
    client: TestClient,
) -> None:
    made = create(client, "classic", {"players": 3}, ["human", "human", "human"])
    tokens = [s["token"] for s in made["seats"]]
    with client.websocket_connect(f"/ws/play/{tokens[0]}") as ws:
        first = ws.receive_json()
        assert first["acked"] is None
        act = {"type": "act", "action": first["legal"][0], "version": first["version"]}
        ws.send_text(json.dumps({**act, "id": "page-1"}))
        ack = _answer(ws)
        assert {k: ack[k] for k in ("type", "pending", "chosen", "id")} == {
            "type": "ack", "pending": True, "chosen": [0], "id": "page-1",
        }  # fmt: skip
        # what it acknowledges: judged on the state it was chosen on, leading to the next one
        assert ack["judged"] == first["version"] and ack["new"]["version"] == first["version"] + 1
        ws.send_text(json.dumps({"type": "ping"}))
        assert _answer(ws) == {"type": "pong"}
    with client.websocket_connect(f"/ws/play/{tokens[0]}") as ws:  # the answer was lost:
        again = ws.receive_json()  # the fresh state says what was taken
        assert again["acked"] == "page-1" and again["my_choice"] == first["legal"][0]
    assert state(client, tokens[1])["acked"] is None  # only the seat itself is told
    assert client.get(f"/api/watch/{made['table']}").json()["acked"] is None


def test_a_choice_made_on_an_older_turn_is_refused_and_changes_nothing(
    client: TestClient,
) -> None:
    made = create(client, "duel", {}, ["human", "human"])
    tokens = [s["token"] for s in made["seats"]]
    mover = next(t for t in tokens if state(client, t)["legal"])
    old = state(client, mover)
    client.post(f"/api/play/{mover}/action", json=old["legal"][0])
    now = next(t for t in tokens if state(client, t)["legal"])
    seat_now = state(client, now)
    stale = next(a for a in seat_now["legal"] if a in old["legal"])  # still legal, older turn
    before = [steady(state(client, t)) for t in tokens]
    with client.websocket_connect(f"/ws/play/{now}") as ws:
        ws.receive_json()
        ws.send_text(
            json.dumps({"type": "act", "action": stale, "version": old["version"], "id": "p-7"})
        )
        reply = _answer(ws)
    assert reply == {
        "type": "error",
        "error": "the table has moved on since this choice was made: choose again",
        "id": "p-7",
    }
    assert [steady(state(client, t)) for t in tokens] == before


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ({"id": 7}, "id is text of 1 to 64 characters"),
        ({"id": ""}, "id is text of 1 to 64 characters"),
        ({"id": "x" * 65}, "id is text of 1 to 64 characters"),
        ({"version": "3"}, "version must be the whole number"),
        ({"version": True}, "version must be the whole number"),
        ({"version": -1}, "version must be the whole number"),
    ],
)
def test_a_bad_id_or_version_is_refused_in_a_line_and_changes_nothing(
    client: TestClient, extra: dict[str, Any], words: str
) -> None:
    made = create(client, "classic", {"players": 3}, ["human", "human", "human"])
    token = made["seats"][0]["token"]
    before = steady(state(client, token))
    with client.websocket_connect(f"/ws/play/{token}") as ws:
        first = ws.receive_json()
        ws.send_text(json.dumps({"type": "act", "action": first["legal"][0], **extra}))
        reply = _answer(ws)
    assert reply == {"type": "error", "error": reply["error"]} and words in reply["error"]
    assert steady(state(client, token)) == before


# ---- the page ----


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "connection")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


def api(server: str, path: str, body: Any = None) -> Any:
    """A JSON request from the test itself (not through the page, which may be offline)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        server + path, data=data, method="GET" if data is None else "POST"
    )
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=10) as r:
        return json.loads(r.read())


def table(server: str, seats: list[str], game: str = "classic", players: int = 3) -> Any:
    """A table whose first seat is Ann's; the other seats are bots or people ("human")."""
    spec: list[Any] = [{"name": "Ann"}] + [
        {"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats
    ]
    options = {"players": players} if game != "duel" else {}
    return api(server, "/api/tables", {"game": game, "options": options, "seats": spec})


def status(page: Any) -> tuple[str, str]:
    box = page.locator("#status")
    return box.get_attribute("data-state") or "", box.inner_text()


def pick(page: Any) -> str:
    """Choose the first offered action through its dialog; its words."""
    button = page.locator("button.act").first
    words = button.inner_text()
    button.click()
    page.locator("#confirm-ok").click()
    return str(words)


@needs_chromium
def test_a_choice_made_offline_is_queued_then_sent_and_accepted(server: str, browser: Any) -> None:
    made = table(server, ["greedy", "greedy"])
    token = made["seats"][0]["token"]
    context = browser.new_context()
    page = context.new_page()
    page.goto(server + made["seats"][0]["link"])
    page.wait_for_selector("button.act")
    page.wait_for_function("document.getElementById('status').dataset.state === 'connected'")
    assert status(page) == ("connected", "Connected")
    page.wait_for_function("last && last.chosen.length === 2")  # the bots have chosen
    context.set_offline(True)
    page.wait_for_function("document.getElementById('status').dataset.state === 'offline'")
    assert status(page)[1] == "Offline: waiting for the network"
    words = pick(page)
    outbox = page.locator("#outbox.queued")
    assert f"Not connected: “{words}” will be sent when the connection is back" in (
        outbox.inner_text()
    )
    assert page.locator("button.act.queued").count() == 1  # the queued choice is marked
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "table-offline-queued.png"), full_page=True)
    time.sleep(0.5)
    assert api(server, f"/api/play/{token}")["my_choice"] is None  # nothing was sent
    assert api(server, f"/api/play/{token}")["view"]["turn"] == 1
    context.set_offline(False)
    page.wait_for_selector("#outbox.accepted")
    assert page.inner_text("#outbox") == f"Accepted: “{words}”"
    assert status(page) == ("connected", "Connected")
    after = api(server, f"/api/play/{token}")  # the seat no longer owes that decision
    assert after["view"]["turn"] == 2
    page.wait_for_function("document.getElementById('head').innerText.includes('turn 2')")
    page.screenshot(path=str(SHOTS / "table-reconnected-accepted.png"), full_page=True)
    context.close()


@needs_chromium
def test_a_queued_choice_can_be_cancelled_and_is_then_never_sent(server: str, browser: Any) -> None:
    made = table(server, ["greedy", "greedy"])
    token = made["seats"][0]["token"]
    context = browser.new_context()
    page = context.new_page()
    page.goto(server + made["seats"][0]["link"])
    page.wait_for_selector("button.act")
    context.set_offline(True)
    page.wait_for_function("document.getElementById('status').dataset.state === 'offline'")
    pick(page)
    page.click("#outbox-cancel")
    assert (
        page.locator("#outbox").inner_text() == ""
        and page.locator("button.act.queued").count() == 0
    )
    context.set_offline(False)
    page.wait_for_function("document.getElementById('status').dataset.state === 'connected'")
    page.wait_for_timeout(500)
    assert api(server, f"/api/play/{token}")["my_choice"] is None
    assert page.locator("#outbox").inner_text() == ""
    context.close()


@needs_chromium
def test_a_queued_choice_the_table_moved_past_is_refused_in_sight(
    server: str, browser: Any
) -> None:
    made = table(server, ["greedy", "greedy"])
    token = made["seats"][0]["token"]
    context = browser.new_context()
    page = context.new_page()
    page.goto(server + made["seats"][0]["link"])
    page.wait_for_selector("button.act")
    context.set_offline(True)
    page.wait_for_function("document.getElementById('status').dataset.state === 'offline'")
    words = pick(page)
    # meanwhile the creator seats a bot for Ann, which plays her turn: the table moves on
    api(server, f"/api/manage/{made['admin']}/seats/0", {"bot": "random"})
    end = time.monotonic() + 60  # generous: the tests share the cores (pytest-xdist)
    while api(server, f"/api/play/{token}")["view"]["turn"] == 1 and time.monotonic() < end:
        time.sleep(0.05)
    assert api(server, f"/api/play/{token}")["view"]["turn"] > 1, "the bot did not play Ann's turn"
    context.set_offline(False)
    page.wait_for_selector("#outbox.refused")
    assert page.inner_text("#outbox") == (
        f"“{words}” was not sent: the table has moved on since you chose. Choose again."
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "table-queued-refused.png"), full_page=True)
    context.close()


def _relay(page: Any, drop: Any) -> list[Any]:
    """Route the page's sockets to the server through the test: ``drop(n, direction,
    message)`` says which messages of the ``n``-th connection (from 0) are lost on the way,
    "up" to the server or "down" to the page; the list of connections made."""
    made: list[Any] = []

    def handler(ws: Any) -> None:
        server, n = ws.connect_to_server(), len(made)
        made.append(server)
        ws.on_message(lambda m: None if drop(n, "up", m) else server.send(m))
        server.on_message(lambda m: None if drop(n, "down", m) else ws.send(m))

    page.route_web_socket("**/ws/play/*", handler)
    return made


@needs_chromium
@pytest.mark.parametrize("lost", ["up", "down"])
def test_a_choice_whose_answer_never_comes_is_checked_on_a_new_connection(
    server: str, browser: Any, lost: str
) -> None:
    """The act (up) or its answer (down) is lost on a connection that stays open: after a
    while the page drops it, connects again and learns the choice was taken (sent again when
    the server never had it, not sent twice when it had)."""
    made = table(server, ["human", "greedy"])
    token = made["seats"][0]["token"]
    page = browser.new_context().new_page()
    page.add_init_script("window.WONDERS_TIMING = { ackWait: 1500 }")
    lost_once: list[str] = []

    def drop(_n: int, direction: str, message: Any) -> bool:
        text = message if isinstance(message, str) else message.decode()
        kind = json.loads(text)["type"]
        if direction == lost and not lost_once and kind in ("act", "ack"):
            lost_once.append(text)
            return True
        return False

    connections = _relay(page, drop)
    page.goto(server + made["seats"][0]["link"])
    page.wait_for_selector("button.act")
    words = pick(page)
    page.wait_for_selector("#outbox.sent")
    assert page.inner_text("#outbox") == f"Sent: “{words}”. Waiting for the server..."
    page.wait_for_selector("#outbox.accepted", timeout=15000)
    assert len(connections) == 2 and lost_once
    mine = api(server, f"/api/play/{token}")
    assert mine["my_choice"] is not None and mine["chosen"] == [0, 2]  # taken once


@needs_chromium
def test_a_quiet_connection_is_pinged_then_dropped_and_made_again(
    server: str, browser: Any
) -> None:
    made = table(server, ["greedy", "greedy"])
    page = browser.new_context().new_page()
    page.add_init_script("window.WONDERS_TIMING = { pingEvery: 600, pingWait: 600 }")
    deaf: list[bool] = []  # the first connection goes quiet once the page is drawn
    connections = _relay(page, lambda n, direction, m: n == 0 and direction == "down" and deaf)
    page.goto(server + made["seats"][0]["link"])
    page.wait_for_selector("button.act")
    deaf.append(True)
    page.wait_for_function("document.getElementById('status').dataset.state === 'reconnecting'")
    assert status(page)[1] == "Reconnecting..."
    page.wait_for_function("document.getElementById('status').dataset.state === 'connected'")
    assert len(connections) == 2  # the next connection hears, and is kept


@needs_chromium
def test_a_closed_socket_shows_reconnecting_then_connected(tmp_path: Path, browser: Any) -> None:
    srv = Server(tmp_path / "cut.db", free_port())
    srv.start()
    try:
        made = table(srv.url, ["greedy", "greedy"])
        page = browser.new_context().new_page()
        page.goto(srv.url + made["seats"][0]["link"])
        page.wait_for_selector("button.act")
        srv.stop()  # the server side goes away
        page.wait_for_function("document.getElementById('status').dataset.state === 'reconnecting'")
        words = pick(page)  # chosen while the server is away: kept
        assert "will be sent when the connection is back" in page.inner_text("#outbox.queued")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "table-reconnecting.png"))
        srv.start()
        page.wait_for_selector("#outbox.accepted", timeout=20000)
        assert page.inner_text("#outbox") == f"Accepted: “{words}”"
    finally:
        srv.stop()
