"""Who may take a seat (issue 33): an invited seat is reached only through its link (a lobby
Join never takes it, so the link keeps working); an open seat goes to the first Join; the
creator sits at the seat they choose; players' names show at the table; impossible input is
refused in one line and changes nothing; tables made before keep their links (migration)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient

from tests.web.conftest import create, pg_schema_url, state
from wonders.web.app import create_app
from wonders.web.models import seats as seats_table
from wonders.web.store import MIGRATIONS, Store, make_engine, migrate, token_hash


def lobby(client: TestClient) -> Any:
    return client.get("/api/tables").json()


def join(client: TestClient, table: str, body: Any = None) -> Any:
    return client.post(f"/api/tables/{table}/join", json=body)


def names(client: TestClient, token: str) -> list[str]:
    return [s["name"] for s in state(client, token)["seats"]]


def everything(client: TestClient, table: str) -> Any:
    """What a refused request must leave as it was: the lobby and the table's seats."""
    watched = client.get(f"/api/watch/{table}").json()
    return lobby(client), watched["seats"], watched["version"]


# ---- invited seats: only their link ----


def test_a_lobby_join_never_takes_an_invited_seat_and_the_invite_still_works(
    client: TestClient,
) -> None:
    made = create(client, "classic", {"players": 3}, ["human", "invited", "invited"])
    table = made["table"]
    invite = {s["seat"]: s for s in made["seats"]}[1]
    listed = lobby(client)["open"]
    assert [t["id"] for t in listed] == [table] and not listed[0]["joinable"]
    assert [s["access"] for s in listed[0]["seats"]] == ["invited"] * 3
    before = everything(client, table)
    for body in (None, {"name": "Mallory"}):  # a visitor tries, twice
        r = join(client, table, body)
        assert r.status_code == 409 and "no open seat is free" in r.json()["error"]
    assert everything(client, table) == before  # no seat taken, no token changed
    page = client.get(invite["link"])
    assert page.status_code == 200 and "unknown seat token" not in page.text
    assert state(client, invite["token"])["seat"] == 1


def test_join_takes_the_open_seat_and_leaves_the_invited_one_alone(client: TestClient) -> None:
    made = create(client, "classic", {"players": 3}, ["human", "invited", "open"])
    invite = made["seats"][1]
    assert invite["seat"] == 1 and invite["access"] == "invited" and made["open"] == [2]
    assert lobby(client)["open"][0]["joinable"]
    joined = join(client, made["table"], {"name": "Cy"}).json()
    assert joined["seat"] == 2 and joined["name"] == "Cy"
    assert state(client, joined["token"])["seat"] == 2
    r = join(client, made["table"])
    assert r.status_code == 409 and "no open seat is free" in r.json()["error"]
    waiting = lobby(client)["open"]  # the invited player has not come yet: not joinable
    assert [t["id"] for t in waiting] == [made["table"]] and not waiting[0]["joinable"]
    assert state(client, invite["token"])["seat"] == 1  # the invite link works all along
    assert [t["id"] for t in lobby(client)["playing"]] == [made["table"]]


def test_open_seats_go_first_come_then_a_full_table_says_so(client: TestClient) -> None:
    made = create(client, "classic", {"players": 3}, ["open", "open", "open"], creator_seat=None)
    assert made["creator"] is None and made["seats"] == [] and made["open"] == [0, 1, 2]
    got = [join(client, made["table"], {"name": n}).json() for n in ("Ann", "Bob", "Cy")]
    assert [g["seat"] for g in got] == [0, 1, 2]
    assert names(client, got[0]["token"]) == ["Ann", "Bob", "Cy"]
    r = join(client, made["table"], {"name": "Dee"})
    assert r.status_code == 409
    assert (
        r.json()["error"] == "no open seat is free at this table (the others are taken or invited)"
    )
    table = lobby(client)
    assert not table["open"] and [t["id"] for t in table["playing"]] == [made["table"]]


def test_a_table_made_without_seat_kinds_invites_every_seat_as_before(client: TestClient) -> None:
    """Backward compatible: no ``access`` means invited, the creator sits at the first."""
    made = create(client, "duel", {}, ["human", "human"])
    assert [(s["seat"], s["access"], s["creator"]) for s in made["seats"]] == [
        (0, "invited", True),
        (1, "invited", False),
    ]
    assert made["creator"] == {k: made["seats"][0][k] for k in ("seat", "token", "link")}
    assert join(client, made["table"]).status_code == 409
    assert state(client, made["seats"][1]["token"])["seat"] == 1


# ---- the creator's seat ----


def test_the_creator_sits_at_the_seat_they_chose(client: TestClient) -> None:
    seats = [{"kind": "bot", "bot": "random"}, {}, {"name": "Cleo"}]
    body = {"game": "classic", "options": {"players": 3}, "seats": seats, "creator_seat": 2}
    made = client.post("/api/tables", json=body).json()
    me = made["creator"]
    assert me["seat"] == 2 and me["link"] == f"/play/{me['token']}"
    mine = state(client, me["token"])
    assert mine["seat"] == 2
    assert [(s["name"], s["claimed"]) for s in mine["seats"]] == [
        ("random bot 1", True),
        ("Player 2", False),  # invited: waiting for its player
        ("Cleo", True),
    ]
    assert [s["seat"] for s in made["seats"]] == [1, 2]  # the invite to send, and hers
    page = client.get(me["link"]).text
    assert 'id="name-form"' not in page  # she gave her name: nothing to ask
    default = client.post(
        "/api/tables", json={**body, "creator_seat": None, "seats": [{"kind": "bot"}, {}, {}]}
    ).json()
    assert default["creator"] is None
    first = create(client, "classic", {"players": 3}, ["greedy", "invited", "invited"])
    assert first["creator"]["seat"] == 1  # by default the first person's seat


# ---- names ----


def test_names_show_at_the_table_and_in_the_log(client: TestClient) -> None:
    made = create(client, "duel", {}, ["human", "invited"])
    ann, bob = (s["token"] for s in made["seats"])
    assert names(client, ann) == ["Player 1", "Player 2"]
    assert 'id="name-form"' in client.get(f"/play/{bob}").text  # the invite asks his name
    for token, name in ((ann, "  Ann  "), (bob, "Bob <b>the builder</b>")):
        r = client.post(f"/api/play/{token}/name", json={"name": name})
        assert r.status_code == 200 and r.json()["name"] == name.strip()
    assert names(client, bob) == ["Ann", "Bob <b>the builder</b>"]
    assert 'id="name-form"' not in client.get(f"/play/{bob}").text
    r = client.post(f"/api/play/{bob}/name", json={"name": "Robert"})
    assert r.status_code == 409 and "chosen already" in r.json()["error"]
    assert [s["name"] for s in lobby(client)["playing"][0]["seats"]] == [
        "Ann",
        "Bob <b>the builder</b>",
    ]
    manage = client.get(made["manage"]).text  # a page the server renders: escaped
    assert "Bob &lt;b&gt;the builder&lt;/b&gt;" in manage and "<b>the builder" not in manage
    s = state(client, ann)  # Ann drafts a wonder: Bob reads it under her name
    mover = ann if s["legal"] else bob
    client.post(f"/api/play/{mover}/action", json=state(client, mover)["legal"][0])
    other = bob if mover == ann else ann
    who = "Ann" if mover == ann else "Bob <b>the builder</b>"
    assert any(who in line for line in state(client, other)["log"])
    assert not any("Player" in line for line in state(client, other)["log"])


def test_a_joiner_without_a_name_is_asked_on_their_page(client: TestClient) -> None:
    made = create(client, "duel", {}, ["human", "open"])
    joined = join(client, made["table"]).json()
    assert joined["name"] == "Player 2"
    assert 'id="name-form"' in client.get(joined["link"]).text
    r = client.post(f"/api/play/{joined['token']}/name", json={"name": "player 1"})
    assert r.status_code == 409 and "called player 1 already" in r.json()["error"]
    assert client.post(f"/api/play/{joined['token']}/name", json={"name": "Zoe"}).status_code == 200
    assert names(client, made["creator"]["token"]) == ["Player 1", "Zoe"]


# ---- impossible input: one line, nothing changes ----

DUEL = {"game": "duel", "options": {}}


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({**DUEL, "seats": [{"kind": "bot"}, {}], "creator_seat": 0}, "creator_seat 0 is a bot's"),
        ({**DUEL, "seats": [{}, {}], "creator_seat": 2}, "creator_seat must be a seat"),
        ({**DUEL, "seats": [{}, {}], "creator_seat": -1}, "creator_seat must be a seat"),
        ({**DUEL, "seats": [{}, {}], "creator_seat": "0"}, "creator_seat must be a whole number"),
        ({**DUEL, "seats": [{}, {}], "creator_seat": True}, "creator_seat must be a whole number"),
        ({**DUEL, "seats": [{}, {"access": "public"}]}, "seats.1.access must be invited or open"),
        ({**DUEL, "seats": [{}, {"kind": "bot", "access": "open"}]}, "only a person's seat"),
        ({**DUEL, "seats": [{}, {"acess": "open"}]}, "seats.1.acess is not a field"),
        ({**DUEL, "seats": [{}, {}], "creator": 0}, "creator is not a field"),
        ({**DUEL, "seats": [{"name": "A" * 41}, {}]}, "at most 40 characters"),
        ({**DUEL, "seats": [{"name": "Ann\u202e"}, {}]}, "without control characters"),
        ({**DUEL, "seats": [{"name": 7}, {}]}, "seats.0.name must be text"),
        ({**DUEL, "seats": [{"name": "Ann"}, {"name": " ann "}]}, "two seats are called ann"),
        ({**DUEL, "seats": "two"}, "seats must be a list"),
        ({**DUEL, "seats": [{}, {}], "clock": "soon"}, "the turn clock is"),
    ],
)
def test_an_impossible_seating_is_refused_in_one_line(
    client: TestClient, body: Any, words: str
) -> None:
    r = client.post("/api/tables", json=body)
    error = r.json()["error"]
    assert r.status_code == 400 and words in error and "\n" not in error, error
    assert lobby(client) == {"open": [], "playing": [], "finished": []}


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"name": "x" * 41}, 400, "name: a name is text of at most 40 characters"),
        ({"name": 3}, 400, "name must be text"),
        ({"name": "Ann", "seat": 0}, 400, "seat is not a field"),
        ([], 400, "must be an object"),
        ({"name": "ANN"}, 409, "someone at this table is called ANN already"),
    ],
)
def test_a_bad_join_is_refused_in_one_line_and_takes_no_seat(
    client: TestClient, body: Any, status: int, words: str
) -> None:
    made = create(client, "classic", {"players": 3}, ["human", "open", "invited"])
    assert client.post(f"/api/play/{made['creator']['token']}/name", json={"name": "Ann"})
    before = everything(client, made["table"])
    r = join(client, made["table"], body)
    error = r.json()["error"]
    assert r.status_code == status and words in error and "\n" not in error, error
    assert everything(client, made["table"]) == before
    bad = client.post(f"/api/tables/{made['table']}/join", content=b"{not json")
    assert bad.status_code == 400 and "not valid JSON" in bad.json()["error"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"name": "   "}, "a name is needed"),
        ({}, "name is missing"),
        ({"name": "y" * 41}, "at most 40 characters"),
        ({"name": "a\x07b"}, "without control characters"),
        ("Bob", "must be an object"),
    ],
)
def test_a_bad_name_is_refused_in_one_line_and_changes_nothing(
    client: TestClient, body: Any, words: str
) -> None:
    made = create(client, "duel", {}, ["human", "invited"])
    bob = made["seats"][1]["token"]
    state(client, bob)  # he has opened his link (which takes the seat): then names himself
    before = everything(client, made["table"])
    r = client.post(f"/api/play/{bob}/name", json=body)
    error = r.json()["error"]
    assert r.status_code == 400 and words in error and "\n" not in error, error
    assert everything(client, made["table"]) == before
    r = client.post("/api/play/not-a-token/name", json={"name": "Eve"})
    assert r.status_code == 403 and r.json()["error"] == "unknown seat token"


# ---- the database: both kinds of seat, and tables made before ----


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'seats.db'}"
    else:
        yield from pg_schema_url()


def test_seats_made_before_are_invited_and_their_links_work_after_the_migration(
    url: str,
) -> None:
    engine = make_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0003")
        conn.execute(
            sa.text(
                "INSERT INTO wonders_tables (id, game, options, seed, status, pending, result,"
                " created_at, updated_at) VALUES"
                " ('old', 'duel', '{}', 3, 'playing', '[]', NULL, 1.0, 1.0)"
            )
        )
        for seat, kind, token in ((0, "human", token_hash("ann")), (1, "bot", None)):
            conn.execute(
                sa.text(
                    "INSERT INTO wonders_seats (table_id, seat, kind, bot, name, token_hash,"
                    " claimed) VALUES ('old', :seat, :kind, NULL, 'Ann', :token, :claimed)"
                ),
                {"seat": seat, "kind": kind, "token": token, "claimed": seat == 1},
            )
    migrate(engine)
    store = Store(engine)
    loaded = store.load("old")
    assert loaded is not None
    assert [(s.access, s.named) for s in loaded[0].seats] == [("invited", False), (None, False)]
    assert store.claim_open_seat("old", token_hash("mallory"), "Mallory") is None
    assert store.seat_for_token("ann") == ("old", 0)
    with engine.connect() as conn:
        hashes = conn.execute(sa.select(seats_table.c.token_hash).order_by(seats_table.c.seat))
        assert [h for (h,) in hashes] == [token_hash("ann"), None]
    engine.dispose()


def test_a_table_with_names_and_open_seats_survives_a_restart(url: str) -> None:
    with TestClient(create_app(url, bot_delay=0)) as client:
        made = create(client, "classic", {"players": 3}, ["human", "open", "invited"])
        ann = made["creator"]["token"]
        client.post(f"/api/play/{ann}/name", json={"name": "Ann"})
        cy = join(client, made["table"], {"name": "Cy"}).json()
    with TestClient(create_app(url, bot_delay=0)) as client:
        assert names(client, ann) == ["Ann", "Cy", "Player 3"]
        assert state(client, cy["token"])["seat"] == 1
        assert join(client, made["table"]).status_code == 409
        assert json.dumps(lobby(client)).count('"invited"') == 2  # Ann's and seat 3
