"""Limits per client address (``wonders.web.guard``): token buckets on table creation, joins,
other POSTs and WebSocket messages (429 with Retry-After; on a socket an error, then close
1008), a cap on the WebSockets one address holds, their configuration (create_app, the
environment, ``wonders serve``), and names that carry control characters refused."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tests.web.conftest import create, state
from wonders.cli.app import app as cli
from wonders.core.errors import OptionsError
from wonders.core.registry import setup
from wonders.web.app import create_app
from wonders.web.guard import (
    LIMITS_ENV,
    MAX_STRIKES,
    OFF,
    Limits,
    Rate,
    RateLimiter,
    client_key,
    parse_limits,
    post_kind,
)

DUEL = {"game": "duel", "options": {}, "seats": [{"kind": "human"}, {"kind": "human"}]}


def limited(db_url: str, **limits: Any) -> TestClient:
    return TestClient(create_app(db_url, bot_delay=0, limits=Limits(**limits)))


def tables(client: TestClient) -> int:
    lobby = client.get("/api/tables").json()
    return sum(len(v) for v in lobby.values() if isinstance(v, list))


def claimed(client: TestClient, table: str) -> int:
    lobby = client.get("/api/tables").json()
    entry = next(t for v in lobby.values() if isinstance(v, list) for t in v if t["id"] == table)
    return sum(s["claimed"] for s in entry["seats"])


def one_line_429(r: Any, words: str) -> None:
    assert r.status_code == 429, r.text
    error = r.json()["error"]
    assert words in error and "\n" not in error, error
    assert int(r.headers["retry-after"]) >= 1


def test_a_flood_of_table_creations_is_stopped_by_the_defaults(db_url: str) -> None:
    """One client created 300 tables in 1.1 s: with the default limits it gets its burst of
    30, then 429s; another address is not affected."""
    app = create_app(db_url, bot_delay=0)
    with TestClient(app) as c, TestClient(app, client=("203.0.113.9", 4000)) as other:
        codes = [c.post("/api/tables", json=DUEL).status_code for _ in range(40)]
        assert codes == [200] * 30 + [429] * 10
        r = c.post("/api/tables", json=DUEL)
        one_line_429(r, "too many tables created from your address")
        assert 15 <= int(r.headers["retry-after"]) <= 20  # one table every 20 s
        assert tables(c) == 30
        assert other.post("/api/tables", json=DUEL).status_code == 200


def test_joins_and_other_posts_have_their_own_buckets(db_url: str) -> None:
    with limited(db_url, create=Rate(1, 600), join=Rate(2, 600), post=Rate(3, 600)) as c:
        made = create(c, "classic", {"players": 4}, ["open"] * 4)
        assert c.post("/api/tables", json=DUEL).status_code == 429
        table = made["table"]
        before = claimed(c, table)
        joined = [c.post(f"/api/tables/{table}/join") for _ in range(3)]
        assert [r.status_code for r in joined[:2]] == [200, 200]
        one_line_429(joined[2], "too many seats joined from your address")
        assert claimed(c, table) == before + 2
        token = joined[0].json()["token"]
        backs = [c.post(f"/api/play/{token}/back") for _ in range(4)]
        assert [r.status_code for r in backs[:3]] == [200, 200, 200]
        one_line_429(backs[3], "too many requests from your address")
        assert c.get(f"/api/play/{token}").status_code == 200  # reading is not limited


def test_websocket_messages_past_the_limit_get_an_error_then_close_1008(db_url: str) -> None:
    with limited(db_url, message=Rate(4, 600)) as c:
        made = create(c, "duel", {}, ["human", "human"])
        with c.websocket_connect(f"/ws/play/{made['seats'][0]['token']}") as ws:  # takes 1
            assert ws.receive_json()["type"] == "state"
            for _ in range(3):
                ws.send_json({"type": "ping"})
                assert ws.receive_json() == {"type": "pong"}
            ws.send_json({"type": "ping"})
            error = ws.receive_json()
            assert error["type"] == "error" and "too many messages" in error["error"]
            for _ in range(MAX_STRIKES - 2):
                ws.send_json({"type": "ping"})
                assert ws.receive_json()["type"] == "error"
            ws.send_json({"type": "ping"})
            closed = ws.receive()
            assert closed["type"] == "websocket.close" and closed["code"] == 1008
            assert "too many messages" in closed["reason"]


def test_an_address_holds_so_many_websockets_at_once(db_url: str) -> None:
    with limited(db_url, sockets=2) as c, c.websocket_connect("/ws/lobby") as a:
        assert a.receive_json()["type"] == "lobby"
        with c.websocket_connect("/ws/lobby") as b:
            assert b.receive_json()["type"] == "lobby"
            with c.websocket_connect("/ws/lobby") as third:
                closed = third.receive()
                assert closed["code"] == 1008 and "too many connections" in closed["reason"]
        with c.websocket_connect("/ws/lobby") as again:  # one was closed: room again
            assert again.receive_json()["type"] == "lobby"


def test_opening_websockets_takes_from_the_message_bucket(db_url: str) -> None:
    with limited(db_url, message=Rate(2, 600)) as c:
        for _ in range(2):
            with c.websocket_connect("/ws/lobby") as ws:
                assert ws.receive_json()["type"] == "lobby"
        with c.websocket_connect("/ws/lobby") as ws:
            closed = ws.receive()
            assert closed["code"] == 1008 and "too many messages" in closed["reason"]


def test_limits_come_from_the_environment(db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LIMITS_ENV, "create=2/60")
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        codes = [c.post("/api/tables", json=DUEL).status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    monkeypatch.setenv(LIMITS_ENV, "off")
    with TestClient(create_app(db_url, bot_delay=0)) as c:
        assert {c.post("/api/tables", json=DUEL).status_code for _ in range(40)} == {200}


def test_limits_are_read_from_text() -> None:
    assert parse_limits("") == Limits()
    assert parse_limits(" OFF ") == OFF
    assert parse_limits("create=5/60, sockets=8, message=off") == Limits(
        create=Rate(5, 60), sockets=8, message=None
    )
    assert parse_limits(str(Limits())) == Limits()
    assert parse_limits(str(OFF)) == OFF
    for bad, words in [
        ("create=5", "must be COUNT/SECONDS"),
        ("create=5/0", "must be COUNT/SECONDS"),
        ("create=0/60", "whole number above 0"),
        ("create=x/60", "whole number above 0"),
        ("sockets=-1", "whole number above 0"),
        ("sockets=²", "whole number above 0"),
        ("moves=5/60", "unknown limit"),
        ("create", "unknown limit"),
    ]:
        with pytest.raises(ValueError, match=words) as caught:
            parse_limits(bad)
        assert "\n" not in str(caught.value)


def test_a_bucket_refills_at_its_rate() -> None:
    now = [0.0]
    bucket = RateLimiter(Rate(2, 10), clock=lambda: now[0])
    assert [bucket.take("a"), bucket.take("a")] == [0.0, 0.0]
    assert bucket.take("a") == pytest.approx(5.0)
    now[0] = 4.0
    assert bucket.take("a") == pytest.approx(1.0)
    now[0] = 5.0
    assert bucket.take("a") == 0.0 and bucket.take("b") == 0.0


def test_the_table_of_addresses_forgets_full_buckets() -> None:
    now = [0.0]
    bucket = RateLimiter(Rate(1, 1), clock=lambda: now[0], max_keys=100)
    for i in range(100):
        bucket.take(f"10.0.0.{i}")
    now[0] = 2.0  # every bucket full again
    bucket.take("10.0.1.1")
    assert len(bucket.buckets) == 1


def test_an_ipv6_client_counts_by_its_64() -> None:
    assert client_key({"client": ("2001:db8:1:2:aaaa::1", 1)}) == "2001:db8:1:2::/64"
    assert client_key({"client": ("2001:db8:1:2:bbbb::9", 1)}) == "2001:db8:1:2::/64"
    assert client_key({"client": ("::ffff:192.0.2.7", 1)}) == "192.0.2.7"
    assert client_key({"client": ("192.0.2.7", 1)}) == "192.0.2.7"
    assert client_key({"client": None}) == ""


def test_which_bucket_a_post_takes_from() -> None:
    assert post_kind("/api/tables") == "create"
    assert post_kind("/api/tables/abc/join") == "join"
    assert post_kind("/api/play/tok/action") == "post"
    assert post_kind("/api/manage/adm/seats/1") == "post"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--limits", "create=often"], "must be COUNT/SECONDS"),
        (["--limits", "tables=1/60"], "unknown limit"),
        (["--allow-origin", "ftp://example.org"], "is not an origin"),
        (["--allow-origin", "https://example.org/path"], "is not an origin"),
        (["--workers", "0"], "--workers must be 1 or more"),
        (["--workers", "2"], "--workers above 1 needs a PostgreSQL --db"),
        (["--workers", "3", "--db", "sqlite:///x.db"], "--workers above 1 needs a PostgreSQL --db"),
    ],
)
def test_serve_refuses_bad_limits_origins_and_workers_in_one_line(
    args: list[str], words: str
) -> None:
    result = CliRunner().invoke(cli, ["serve", *args])
    assert result.exit_code == 2 and words in result.output, result.output
    assert "Traceback" not in result.output


def test_serve_documents_its_new_options() -> None:
    out = CliRunner().invoke(cli, ["serve", "--help"], env={"COLUMNS": "200"}).output
    for option in ("--workers", "--limits", "--allow-origin"):
        assert option in out


# ---- names ----

BAD_NAMES = [
    "A\x00n", "A\x01n", "\x1b[31mAnn", "Ann\x7f", "Ann\u202ereversed", "\u2066Ann",
    "Ann\u200f", "\u061cAnn", "A\x0bnn", "A\x1fnn",  # bidi marks; whitespace controls
]  # fmt: skip


@pytest.fixture
def client_off(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url, bot_delay=0, limits=OFF)) as c:
        yield c


@pytest.mark.parametrize("name", BAD_NAMES)
def test_names_with_control_characters_or_bidi_overrides_are_refused(
    client_off: TestClient, name: str
) -> None:
    c = client_off
    seats = [{"kind": "human", "name": name}, {"kind": "human"}]
    r = c.post("/api/tables", json={"game": "duel", "options": {}, "seats": seats})
    assert r.status_code == 400 and "without control characters" in r.json()["error"], r.text
    assert tables(c) == 0
    made = create(c, "classic", {"players": 3}, ["open", "open", "human"])
    r = c.post(f"/api/tables/{made['table']}/join", json={"name": name})
    assert r.status_code == 400 and "without control characters" in r.json()["error"], r.text
    token = made["seats"][0]["token"]
    before = state(c, token)
    r = c.post(f"/api/play/{token}/name", json={"name": name})
    assert r.status_code == 400 and "\n" not in r.json()["error"], r.text
    assert "without control characters" in r.json()["error"]
    assert state(c, token) == before


def test_tabs_and_newlines_in_a_name_become_one_space(client_off: TestClient) -> None:
    made = create(client_off, "duel", {}, ["human", "human"])
    token = made["seats"][0]["token"]
    r = client_off.post(f"/api/play/{token}/name", json={"name": "Ann\t\n Smith"})
    assert r.status_code == 200 and r.json()["name"] == "Ann Smith"


# ---- whole numbers ----


@pytest.mark.parametrize(
    ("game", "players"), [("classic", 3.0), ("architects", 3.0), ("duel", 2.0), ("classic", "3")]
)
def test_players_that_are_not_a_whole_number_say_so(
    client_off: TestClient, game: str, players: Any
) -> None:
    n = 2 if game == "duel" else 3
    body = {"game": game, "options": {"players": players}, "seats": [{"kind": "human"}] * n}
    r = client_off.post("/api/tables", content=json.dumps(body).encode())
    assert r.status_code == 400, r.text
    assert f"players must be a whole number, got {players!r}" in r.json()["error"]
    assert tables(client_off) == 0


def test_engines_refuse_a_seed_that_is_not_a_whole_number() -> None:
    for game in ("classic", "duel", "architects"):
        with pytest.raises(OptionsError, match="the seed must be a whole number"):
            setup(game, {}, 1.5)  # type: ignore[arg-type]
