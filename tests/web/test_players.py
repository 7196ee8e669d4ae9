"""Players (issue 33, item 9): a first visit issues a player in an HttpOnly cookie whose
secret is never shown nor logged (only its SHA-256 is stored); a forged or wrong cookie gets
a fresh player, never someone else's; the lobby's name field names the player; seats are
tied to the players who take them; a one-time link moves a player to another browser; the
players' pages show names as text."""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from tests.web.conftest import create, pg_schema_url
from wonders.web.app import create_app
from wonders.web.models import players, seats
from wonders.web.players import COOKIE


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Every test here on SQLite and on PostgreSQL (conftest's ``client`` uses this)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'players.db'}"
    else:
        yield from pg_schema_url()


def visit(client: TestClient) -> tuple[str, str]:
    """Become a player as the lobby does (a name, here none): the player's id and secret from
    the cookie it holds."""
    r = client.post("/api/players/me/name", json={"name": None})
    assert r.status_code == 200
    player_id, _dot, secret = client.cookies[COOKIE].partition(".")
    return player_id, secret


def engine_of(client: TestClient) -> sa.Engine:
    return client.app.state.web.store.engine  # type: ignore[attr-defined,no-any-return]


@pytest.fixture
def other(db_url: str, client: TestClient) -> Iterator[TestClient]:
    """A second browser on the same server."""
    with TestClient(client.app) as c:
        yield c


def test_a_first_name_issues_an_httponly_player_whose_secret_is_never_shown(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    r = client.post("/api/players/me/name", json={"name": None})
    cookie = r.headers["set-cookie"]
    assert cookie.startswith(COOKIE + "=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    player_id, _dot, secret = client.cookies[COOKIE].partition(".")
    assert len(secret) >= 40 and secret not in r.text and r.json()["id"] == player_id
    again = client.get("/")  # the same player: no new cookie
    assert player_id in again.text
    assert "set-cookie" not in again.headers and secret not in again.text
    with engine_of(client).connect() as conn:
        row = conn.execute(sa.select(players).where(players.c.id == player_id)).one()
    assert row.secret_hash == hashlib.sha256(secret.encode()).hexdigest()
    assert secret not in str(tuple(row))
    client.post("/api/players/me/name", json={"name": "Ann"})
    link = client.post("/api/players/me/move", json={}).json()["link"]
    made = create(client, "duel", {}, ["human", "invited"])
    for path in ("/", f"/players/{player_id}", "/players", made["creator"]["link"], link):
        assert secret not in client.get(path).text
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert secret not in logged


def test_a_forged_or_wrong_cookie_gets_a_fresh_player_not_someone_elses(
    client: TestClient, other: TestClient
) -> None:
    ann, ann_secret = visit(client)
    client.post("/api/players/me/name", json={"name": "Ann"})
    for forged in (f"{ann}.{'x' * 43}", f"{ann}.", ann, "garbage", f"nobody.{ann_secret}"):
        other.cookies.clear()
        other.cookies.set(COOKIE, forged, domain="testserver.local")
        refused = other.post("/api/players/me/move", json={})  # needs a player: none
        assert refused.status_code == 403, forged
        named = other.post("/api/players/me/name", json={"name": "Mallory"})
        fresh, _dot, secret = other.cookies[COOKIE].partition(".")
        assert named.status_code == 200 and named.json()["id"] == fresh
        assert fresh != ann and secret != ann_secret and "Ann" not in other.get("/").text
    with engine_of(client).connect() as conn:
        name = conn.execute(sa.select(players.c.name).where(players.c.id == ann)).scalar()
    assert name == "Ann"


def test_the_lobby_name_field_names_the_player(client: TestClient) -> None:
    visit(client)
    r = client.post("/api/players/me/name", json={"name": "  Ann   Lee "})
    assert r.status_code == 200 and r.json()["name"] == "Ann Lee"
    assert 'value="Ann Lee"' in client.get("/").text
    bad = client.post("/api/players/me/name", json={"name": "x" * 41})
    assert bad.status_code == 400 and "40" in bad.json()["error"]
    assert client.post("/api/players/me/name", json={"name": None}).status_code == 200
    assert 'value=""' in client.get("/").text


def seat_players(client: TestClient, table: str) -> list[str | None]:
    with engine_of(client).connect() as conn:
        query = sa.select(seats.c.player).where(seats.c.table_id == table).order_by(seats.c.seat)
        return [r.player for r in conn.execute(query)]


def test_seats_are_tied_to_the_players_who_take_them(
    client: TestClient, other: TestClient, db_url: str
) -> None:
    ann, _ = visit(client)
    bob, _ = visit(other)
    made = create(client, "classic", {"players": 3}, ["invited", "invited", "open"])
    invite = made["seats"][1]["link"]
    assert seat_players(client, made["table"]) == [ann, None, None]
    client.get(invite)  # Ann opens Bob's link herself: she has a seat here, so not hers
    assert seat_players(client, made["table"]) == [ann, None, None]
    assert other.get(invite).status_code == 200  # Bob opens it: his
    assert seat_players(client, made["table"]) == [ann, bob, None]
    with TestClient(client.app) as cy:
        cy_id, _ = visit(cy)
        joined = cy.post(f"/api/tables/{made['table']}/join", json={"name": "Cy"})
        assert joined.status_code == 200
        assert seat_players(client, made["table"]) == [ann, bob, cy_id]
        state = cy.get(f"/api/play/{joined.json()['token']}").json()
        assert [s["player"] for s in state["seats"]] == [ann, bob, cy_id]
        assert [s["rating"] for s in state["seats"]] == [None, None, None]  # nobody rated yet


def test_a_move_link_gives_another_browser_the_same_player_once(
    client: TestClient, other: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    ann, secret = visit(client)
    client.post("/api/players/me/name", json={"name": "Ann"})
    made = client.post("/api/players/me/move", json={}).json()
    assert made["link"].startswith("/#move=") and made["minutes"] == 15
    code = made["link"].split("=", 1)[1]
    with engine_of(client).connect() as conn:
        row = conn.execute(sa.select(players).where(players.c.id == ann)).one()
    assert code not in str(tuple(row)) and secret not in str(tuple(row))
    visit(other)  # the other browser had a player of its own
    used = other.post("/api/players/move", json={"code": code})
    assert used.status_code == 200 and used.json()["name"] == "Ann"
    assert "HttpOnly" in used.headers["set-cookie"]
    assert other.cookies[COOKIE] == f"{ann}.{secret}"
    assert 'value="Ann"' in other.get("/").text
    again = other.post("/api/players/move", json={"code": code})  # spent
    assert again.status_code == 404
    assert client.post("/api/players/move", json={"code": "nonsense"}).status_code == 404
    late = client.post("/api/players/me/move", json={}).json()["link"].split("=", 1)[1]
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now + 16 * 60)
    assert other.post("/api/players/move", json={"code": late}).status_code == 404
    with TestClient(client.app) as stranger:  # no player: no link to make
        assert stranger.post("/api/players/me/move", json={}).status_code == 403


def test_the_players_pages_show_names_as_text(client: TestClient) -> None:
    ann, _ = visit(client)
    evil = "<script>alert(1)</script>"
    client.post("/api/players/me/name", json={"name": evil})
    page = client.get(f"/players/{ann}").text
    assert evil not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "No finished games yet." in page
    board = client.get("/players").text
    assert (
        "Nobody is rated at this game yet." in board and "Games with a bot are not rated" in board
    )
    missing = client.get("/players/nobody")
    assert "no player nobody" in missing.text
    lobby = client.get("/").text
    assert evil not in lobby and 'href="/players"' in lobby


def test_without_a_player_the_api_still_seats_people(db_url: str) -> None:
    """A client that keeps no cookie (a script, an old page) plays as before: the seats it
    opens stay nobody's."""
    with TestClient(create_app(db_url, bot_delay=0)) as plain:
        made = create(plain, "duel", {}, ["human", "invited"])
        plain.cookies.clear()  # the creation's cookie not kept
        assert "set-cookie" not in plain.get(f"/api/play/{made['seats'][1]['token']}").headers
        assert plain.get(made["seats"][1]["link"]).status_code == 200
        assert seat_players(plain, made["table"])[1] is None


def test_every_word_of_the_players_pages_is_listed_for_gettext() -> None:
    """``w("...")`` in the templates and ``pw("...")`` in the lobby's script look the phrase up
    in ``players.WORDS`` (marked for extraction): a phrase missing there is never translated."""
    import re

    from wonders.web.players import WORDS

    web = Path(__file__).resolve().parents[2] / "src" / "wonders" / "web"
    seen = 0
    for template in (web / "templates").glob("*.html"):
        for phrase in re.findall(r"\bw\(\"([^\"]*)\"[,)]", template.read_text()):
            assert phrase in WORDS, (template.name, phrase)
            seen += 1
    for phrase in re.findall(
        r'\bpw\("((?:[^"\\]|\\.)*)"[,)]', (web / "static" / "lobby.js").read_text()
    ):
        assert phrase in WORDS, phrase
        seen += 1
    assert seen > 20


def test_visiting_pages_makes_no_player(client: TestClient) -> None:
    """A page visit (which anyone can repeat without limit) writes nothing: no player row and
    no cookie until the visitor names or seats themselves."""
    made = create(client, "duel", {}, ["human", "invited"])
    client.cookies.clear()

    def count() -> int:
        with engine_of(client).connect() as conn:
            return int(conn.execute(sa.select(sa.func.count()).select_from(players)).scalar())

    before = count()
    for path in ("/", "/players", made["seats"][1]["link"], "/play/no-such-token"):
        assert "set-cookie" not in client.get(path).headers, path
    assert count() == before


def test_a_request_the_guard_refuses_makes_no_player(client: TestClient) -> None:
    client.cookies.clear()
    before = _players_count(client)
    other_site = {"origin": "https://evil.example"}
    r = client.post("/api/players/me/name", json={"name": "Eve"}, headers=other_site)
    assert r.status_code == 403 and "set-cookie" not in r.headers
    assert _players_count(client) == before


def _players_count(client: TestClient) -> int:
    with engine_of(client).connect() as conn:
        return int(conn.execute(sa.select(sa.func.count()).select_from(players)).scalar() or 0)
