"""The guard's hygiene rules (``wonders.web.guard``): binary WebSocket frames closed with 1003,
security headers (CSP with nonces, nosniff, no referrer, no frames) on every response, no
cross-site use (foreign Origin on a WebSocket or a POST; a POST body must be JSON), no
``/openapi.json``, and secrets kept out of the access log; through a real ``wonders serve``
too (the 16 KiB WebSocket frame limit, the log, ``--workers``), and the pages in Chromium
under the CSP."""

from __future__ import annotations

import logging
import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse

from tests.web.conftest import create, state
from tests.web.test_serve import WONDERS, free_port
from wonders.web.app import MAX_MESSAGE, create_app
from wonders.web.guard import (
    SecretsFilter,
    hide_secrets_in_logs,
    origin_allowed,
    parse_origins,
    redact,
)

DUEL = {"game": "duel", "options": {}, "seats": [{"kind": "human"}, {"kind": "human"}]}
HEADERS = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


def lobby_count(client: TestClient) -> int:
    lobby = client.get("/api/tables").json()
    return sum(len(v) for v in lobby.values() if isinstance(v, list))


# ---- WebSockets: binary frames, origins ----


def socket_paths(client: TestClient) -> list[str]:
    made = create(client, "duel", {}, ["human", "human"])
    return [f"/ws/play/{made['seats'][0]['token']}", f"/ws/watch/{made['table']}", "/ws/lobby"]


def test_a_binary_frame_closes_the_socket_with_1003(client: TestClient) -> None:
    for path in socket_paths(client):
        with client.websocket_connect(path) as ws:
            assert ws.receive_json()["type"] in ("state", "lobby")
            ws.send_bytes(b'{"type": "ping"}')
            closed = ws.receive()
            assert closed["type"] == "websocket.close" and closed["code"] == 1003, closed
            assert "binary" in closed["reason"]


@pytest.mark.parametrize(
    "origin",
    ["http://evil.example", "http://testserver.evil.example", "null", "http://testserver:81"],
)
def test_a_websocket_from_another_sites_page_is_refused(client: TestClient, origin: str) -> None:
    for path in socket_paths(client):
        with (
            pytest.raises(WebSocketDenialResponse) as denied,
            client.websocket_connect(path, headers={"origin": origin}),
        ):
            pass
        assert denied.value.status_code == 403
        assert "another site" in denied.value.json()["error"]


def test_a_websocket_from_this_site_or_no_browser_is_accepted(client: TestClient) -> None:
    for path in socket_paths(client):
        for headers in ({}, {"origin": "http://testserver"}, {"origin": "HTTP://TestServer/"}):
            with client.websocket_connect(path, headers=headers) as ws:
                assert ws.receive_json()["type"] in ("state", "lobby")


def test_other_origins_are_allowed_by_configuration(db_url: str) -> None:
    app = create_app(db_url, bot_delay=0, origins=["https://friends.example"])
    with TestClient(app) as c:
        with c.websocket_connect("/ws/lobby", headers={"origin": "https://friends.example"}) as ws:
            assert ws.receive_json()["type"] == "lobby"
        r = c.post("/api/tables", json=DUEL, headers={"origin": "https://friends.example"})
        assert r.status_code == 200
        with (
            pytest.raises(WebSocketDenialResponse),
            c.websocket_connect("/ws/lobby", headers={"origin": "https://foes.example"}),
        ):
            pass


def test_origins_are_compared_by_scheme_host_and_port() -> None:
    none: frozenset[str] = frozenset()
    assert origin_allowed(None, "example.org", none)
    assert origin_allowed("https://example.org", "example.org", none)
    assert origin_allowed("https://example.org", "example.org:443", none)
    assert origin_allowed("http://[::1]:8000", "[::1]:8000", none)
    assert not origin_allowed("https://example.org", "example.org:8443", none)
    assert not origin_allowed("http://example.org:8000", "example.org", none)
    assert not origin_allowed("https://evil.example", "example.org", none)
    assert not origin_allowed("https://example.org", None, none)
    assert not origin_allowed("null", "example.org", none)
    assert origin_allowed("https://b.example", "a.example", parse_origins("https://B.example/"))
    with pytest.raises(ValueError, match="is not an origin"):
        parse_origins(["https://example.org/app"])


# ---- HTTP: headers, POST bodies, OpenAPI ----


def csp(r: httpx.Response) -> dict[str, str]:
    policy = r.headers["content-security-policy"]
    directives = (d.strip().partition(" ") for d in policy.split(";"))
    return {name: value for name, _sep, value in directives}


def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    made = create(client, "duel", {}, ["human", "human"])
    token = made["seats"][0]["token"]
    answers = [
        client.get("/"),
        client.get(f"/play/{token}"),
        client.get(f"/manage/{made['admin']}"),
        client.get(f"/api/play/{token}"),
        client.get("/static/style.css"),
        client.get("/nothing/here"),
        client.post("/api/tables", content=b"[1"),
        client.post("/api/tables", content=b"{}", headers={"content-type": "text/plain"}),
    ]
    for r in answers:
        for name, value in HEADERS.items():
            assert r.headers[name] == value, (r.url, name)
        policy = csp(r)
        assert policy["default-src"] == "'self'" and policy["frame-ancestors"] == "'none'"
        assert "unsafe-inline" not in r.headers["content-security-policy"]
        assert policy["style-src"] == "'self'"


def test_the_pages_inline_scripts_carry_the_responses_nonce_and_no_inline_handlers(
    client: TestClient,
) -> None:
    made = create(client, "duel", {}, ["human", "human"])
    token = made["seats"][0]["token"]
    pages = ["/", f"/play/{token}", f"/watch/{made['table']}", f"/replay/{made['table']}"]
    pages += [f"/manage/{made['admin']}", "/play/no-such-token"]
    nonces = set()
    for path in pages:
        r = client.get(path)
        assert r.status_code == 200, path
        nonce = csp(r)["script-src"].split("'nonce-")[1].rstrip("'")
        nonces.add(nonce)
        for tag in re.findall(r"<script[^>]*>", r.text):
            assert "src=" in tag or f'nonce="{nonce}"' in tag, (path, tag)
        assert not re.search(r"<[^>]+\s(on[a-z]+|style)\s*=", r.text), path
    assert len(nonces) == len(pages)  # a new nonce for every response


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"],
)
def test_a_post_whose_body_is_not_json_is_refused_415(
    client: TestClient, content_type: str
) -> None:
    made = create(client, "classic", {"players": 3}, ["open", "open", "open"])
    token = made["seats"][0]["token"]
    before = [lobby_count(client), state(client, token)]
    body = b'{"game": "duel", "options": {}, "seats": [{"kind": "human"}, {"kind": "human"}]}'
    posts = [
        ("/api/tables", body),
        (f"/api/tables/{made['table']}/join", b""),  # a cross-site form with no field
        (f"/api/play/{token}/name", b'{"name": "Eve"}'),
        (f"/api/play/{token}/back", b""),
    ]
    for path, data in posts:
        r = client.post(path, content=data, headers={"content-type": content_type})
        assert r.status_code == 415, (path, r.text)
        assert "Content-Type: application/json" in r.json()["error"]
    assert [lobby_count(client), state(client, token)] == before


def test_json_bodies_and_bodiless_posts_are_taken(client: TestClient) -> None:
    r = client.post(
        "/api/tables", json=DUEL, headers={"content-type": "application/json; charset=utf-8"}
    )
    assert r.status_code == 200, r.text
    made = create(client, "classic", {"players": 3}, ["open", "open", "open"])
    assert client.post(f"/api/tables/{made['table']}/join").status_code == 200
    assert client.post(f"/api/play/{r.json()['seats'][0]['token']}/back").status_code == 200


def test_a_post_from_another_sites_page_is_refused_403(client: TestClient) -> None:
    made = create(client, "classic", {"players": 3}, ["open", "open", "open"])
    before = lobby_count(client), client.get("/api/tables").json()
    evil = {"origin": "https://evil.example"}
    for path, kwargs in [
        ("/api/tables", {"json": DUEL}),
        (f"/api/tables/{made['table']}/join", {}),  # fetch(..., {mode: "no-cors"}) without body
        (f"/api/play/{made['seats'][0]['token']}/back", {}),
    ]:
        r = client.post(path, headers=evil, **kwargs)
        assert r.status_code == 403 and "another site" in r.json()["error"], r.text
    assert (lobby_count(client), client.get("/api/tables").json()) == before
    same = client.post("/api/tables", json=DUEL, headers={"origin": "http://testserver"})
    assert same.status_code == 200


def test_openapi_is_not_served(client: TestClient) -> None:
    for path in ("/openapi.json", "/docs", "/redoc"):
        assert client.get(path).status_code == 404


# ---- logs ----


def access_record(path: str) -> logging.LogRecord:
    """A record as uvicorn's access logger makes it."""
    return logging.LogRecord(
        "uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5000", "GET", path, "1.1", 200), None,
    )  # fmt: skip


def test_the_filter_redacts_tokens_and_manage_keys_in_uvicorns_records() -> None:
    from uvicorn.logging import AccessFormatter

    formatter = AccessFormatter('%(client_addr)s - "%(request_line)s" %(status_code)s')
    cases = {
        "/play/SeCrEt-tok_1": "/play/***",
        "/api/play/SeCrEt-tok_1/action": "/api/play/***/action",
        "/ws/play/SeCrEt-tok_1": "/ws/play/***",
        "/manage/SeCrEt-tok_1": "/manage/***",
        "/api/manage/SeCrEt-tok_1/seats/1": "/api/manage/***/seats/1",
        "/language/pl?next=%2Fplay%2FSeCrEt-tok_1": "/language/pl?next=%2Fplay%2F***",
        "/replay/table1": "/replay/table1",
        "/watch/table1": "/watch/table1",
    }
    for path, shown in cases.items():
        record = access_record(path)
        assert SecretsFilter().filter(record)
        line = formatter.format(record)
        assert f"GET {shown} HTTP/1.1" in line and "SeCrEt" not in line, line
    assert (
        redact('x - "WebSocket /ws/play/abc" [accepted]')
        == 'x - "WebSocket /ws/play/***" [accepted]'
    )


def test_the_app_puts_the_filter_on_uvicorns_loggers(db_url: str) -> None:
    for name in ("uvicorn.access", "uvicorn.error"):  # as in a new process
        logger = logging.getLogger(name)
        for f in [f for f in logger.filters if isinstance(f, SecretsFilter)]:
            logger.removeFilter(f)
    create_app(db_url, bot_delay=0)
    for again in (False, True):
        if again:
            hide_secrets_in_logs()  # put on once only
        for name in ("uvicorn.access", "uvicorn.error"):
            found = [f for f in logging.getLogger(name).filters if isinstance(f, SecretsFilter)]
            assert len(found) == 1


# ---- a real ``wonders serve`` ----


class Served:
    """A ``wonders serve`` process whose output (the access log) goes to a file."""

    def __init__(self, tmp: Path, *args: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = tmp / f"serve-{self.port}.log"
        command = [str(WONDERS), "serve", "--port", str(self.port), "--bot-delay", "0", *args]
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        end = time.monotonic() + 60
        while time.monotonic() < end:
            try:
                httpx.get(self.base + "/api/tables", timeout=1)
                return
            except httpx.TransportError:
                time.sleep(0.1)
        self.stop()
        raise AssertionError("wonders serve did not start: " + self.output())

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=30)

    def output(self) -> str:
        return self.log.read_text(errors="replace")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    tmp = tmp_path_factory.mktemp("guard")
    srv = Served(tmp, "--db", f"sqlite:///{tmp / 'wonders.db'}")
    yield srv
    srv.stop()


def ws_url(srv: Served, path: str) -> str:
    return srv.base.replace("http://", "ws://") + path


def test_a_served_socket_refuses_frames_past_16_kib_and_binary_ones(served: Served) -> None:
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    with connect(ws_url(served, "/ws/lobby")) as ws:
        ws.recv(timeout=10)
        ws.send("x" * (MAX_MESSAGE + 1))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # message too big
    with connect(ws_url(served, "/ws/lobby")) as ws:
        ws.recv(timeout=10)
        ws.send(b"\x00" * 10)
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1003


def test_a_served_socket_from_another_sites_page_gets_403(served: Served) -> None:
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect
    from websockets.typing import Origin

    with pytest.raises(InvalidStatus) as refused:
        connect(ws_url(served, "/ws/lobby"), origin=Origin("http://evil.example"))
    assert refused.value.response.status_code == 403
    with connect(ws_url(served, "/ws/lobby"), origin=Origin(served.base)) as ws:
        assert '"lobby"' in str(ws.recv(timeout=10))


def test_the_access_log_holds_no_seat_token_or_manage_key(served: Served) -> None:
    from websockets.sync.client import connect

    made = httpx.post(served.base + "/api/tables", json=DUEL).json()
    token, admin = made["seats"][0]["token"], made["admin"]
    for path in (f"/play/{token}", f"/api/play/{token}", f"/manage/{admin}"):
        assert httpx.get(served.base + path).status_code == 200
    httpx.get(f"{served.base}/language/pl?next=%2Fplay%2F{token}")
    httpx.post(f"{served.base}/api/play/{token}/back")
    httpx.post(f"{served.base}/api/manage/{admin}/seats/0", json={"bot": None})
    with connect(ws_url(served, f"/ws/play/{token}")) as ws:
        ws.recv(timeout=10)
    end = time.monotonic() + 10
    while "/ws/play/" not in served.output() and time.monotonic() < end:
        time.sleep(0.1)
    log = served.output()
    assert token not in log and admin not in log, log
    for shown in ("GET /play/***", "GET /api/play/***", "GET /manage/***", "/ws/play/***"):
        assert shown in log, log
    assert "POST /api/play/***/back" in log and "POST /api/manage/***/seats/0" in log


def test_serve_runs_several_workers_on_postgresql(tmp_path: Path, pg_url: str) -> None:
    """Two workers, configured through the environment: the one-table-a-while limit holds
    in each (so of three creations at least one is refused), and both serve the tables."""
    srv = Served(tmp_path, "--db", pg_url, "--workers", "2", "--limits", "create=1/600")
    try:
        codes = [httpx.post(srv.base + "/api/tables", json=DUEL).status_code for _ in range(3)]
        assert 429 in codes and 200 in codes, codes
        made = [httpx.get(srv.base + "/api/tables").json() for _ in range(6)]
        assert all(
            sum(len(v) for v in m.values() if isinstance(v, list)) == codes.count(200) for m in made
        )
        csp_header = httpx.get(srv.base + "/").headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp_header
    finally:
        srv.stop()
    out = srv.output()
    assert out.count("Started server process") >= 2, out


# ---- the pages under the CSP, in Chromium ----


def test_the_pages_work_under_the_csp_in_chromium(served: Served) -> None:
    playwright_api = pytest.importorskip("playwright.sync_api")
    from tests.web.test_browser import CHROMIUM, SHOTS

    if not CHROMIUM.exists():
        pytest.skip("no /usr/bin/chromium")
    base = served.base
    watch = create_bots_table(base)
    seats = [{"kind": "human", "access": "invited"}, {"kind": "bot"}]
    made = httpx.post(base + "/api/tables", json={"game": "duel", "options": {}, "seats": seats})
    made.raise_for_status()
    token, admin = made.json()["seats"][0]["token"], made.json()["admin"]
    with playwright_api.sync_playwright() as p:  # a browser of its own: the CSP enforced
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"]
        )
        try:
            check_pages(browser, base, token, admin, watch, SHOTS)
        finally:
            browser.close()


def check_pages(browser: Any, base: str, token: str, admin: str, watch: str, shots: Path) -> None:
    """Each page does its work and reports no CSP violation; injected markup runs nothing."""
    page = browser.new_page()
    page.add_init_script(
        "window.__csp = []; document.addEventListener('securitypolicyviolation',"
        " (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"
    )

    def violations() -> Any:
        return page.evaluate("window.__csp")

    page.goto(base + "/")  # the lobby: its form creates a table (a JSON POST)
    page.wait_for_selector("#seat0")
    page.select_option("#game", "duel")
    page.select_option("#seat1", "open")
    page.click("#create-button")
    page.wait_for_url("**/play/**")
    assert violations() == []
    page.goto(f"{base}/play/{token}")  # its name form posts JSON
    page.fill("#seat-name", "Ann")
    page.click("#seat-name-button")
    page.wait_for_selector("#name-form", state="detached")
    page.wait_for_selector("button.act")
    assert violations() == []
    page.goto(f"{base}/watch/{watch}")  # a finished game: the score chart's bars
    page.wait_for_selector("#game-over", timeout=60_000)
    widths = page.eval_on_selector_all(".bar", "bars => bars.map(b => b.style.width)")
    assert widths and all(w.endswith("%") for w in widths)
    shots.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(shots / "guard-csp-scores.png"), full_page=True)
    assert violations() == []
    page.goto(f"{base}/manage/{admin}")  # its inline script posts JSON
    page.click("#manage-seats tr[data-seat='0'] .replace")
    page.wait_for_selector("text=A bot plays this seat")
    page.goto(f"{base}/replay/{watch}")
    page.wait_for_selector("#where:not(:empty)")
    assert violations() == []
    page.evaluate("document.body.append(Object.assign(document.createElement('div'), "
                  "{innerHTML: '<img src=x onerror=\"window.__pwned=1\">'}))")  # fmt: skip
    page.wait_for_timeout(300)
    assert page.evaluate("window.__pwned") is None  # an injected handler does not run
    assert violations()


def create_bots_table(base: str) -> str:
    """A Duel between two bots, the creator a spectator; its id, once it is finished."""
    seats = [{"kind": "bot"}, {"kind": "bot"}]
    made = httpx.post(base + "/api/tables", json={"game": "duel", "options": {}, "seats": seats})
    made.raise_for_status()
    table = str(made.json()["table"])
    end = time.monotonic() + 120
    while httpx.get(f"{base}/api/watch/{table}").json()["status"] != "finished":
        assert time.monotonic() < end, "the bots did not finish"
        time.sleep(0.2)
    return table
