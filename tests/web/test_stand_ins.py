"""An absent player: the table's creator seats a bot in their place, the player takes the
seat back (their own actions are refused until then); the turn clock has a bot decide for a
person who is too slow, that decision only. And the schema's second migration upgrades a
first-version database."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient

from tests.web.conftest import create, state, wait
from wonders.web.store import MIGRATIONS, Store, make_engine, migrate


def test_the_creator_seats_a_bot_for_an_absent_player_who_takes_the_seat_back(
    client: TestClient,
) -> None:
    made = create(client, "duel", {}, ["human", "human"])
    ann, bob = (s["token"] for s in made["seats"])
    admin = made["admin"]
    assert client.get(made["manage"]).status_code == 200
    r = client.post(f"/api/manage/{admin}/seats/1", json={"bot": "greedy"})
    assert r.status_code == 200
    assert state(client, bob)["seats"][1]["stand_in"] == "greedy"
    for _ in range(6):  # Ann plays; the stand-in answers for Bob
        s = wait(client, ann, lambda s: bool(s["legal"]))
        client.post(f"/api/play/{ann}/action", json=s["legal"][0])
    s = wait(client, ann, lambda s: bool(s["legal"]))
    assert len(s["view"]["events"]) > 6
    assert client.post(f"/api/play/{bob}/back").json()["seat"] == 1
    assert state(client, bob)["seats"][1]["stand_in"] is None
    for _ in range(10):  # Ann plays until Bob owes a decision
        bobs = state(client, bob)
        if bobs["legal"]:
            break
        client.post(f"/api/play/{ann}/action", json=state(client, ann)["legal"][0])
    time.sleep(0.3)
    assert bobs["legal"] and state(client, bob) == bobs  # nobody decides for Bob any more
    client.post(f"/api/manage/{admin}/seats/0", json={"bot": "random"})  # now Ann is away
    client.post(f"/api/play/{bob}/action", json=bobs["legal"][0])
    s = wait(client, bob, lambda s: bool(s["legal"]))  # Ann's bot answers when she owes
    assert s["legal"] and s["version"] > bobs["version"]
    r = client.post(f"/api/play/{ann}/action", json={"kind": "sell", "card": "Baths"})
    assert r.status_code == 409 and "take it back first" in r.json()["error"]


@pytest.mark.parametrize(
    ("path", "body", "status", "words"),
    [
        ("/api/manage/wrong/seats/0", {"bot": "greedy"}, 403, "unknown creator token"),
        ("/api/manage/ADMIN/seats/5", {"bot": "greedy"}, 400, "seat must be 0 to 1"),
        ("/api/manage/ADMIN/seats/1", {"bot": "greedy"}, 400, "a bot's already"),
        ("/api/manage/ADMIN/seats/0", {"bot": "genius"}, 400, "unknown bot"),
        ("/api/manage/ADMIN/seats/0", {}, 400, '{"bot": NAME}'),
        ("/api/manage/ADMIN/seats/0", [], 400, '{"bot": NAME}'),
        ("/api/play/TOKEN/back", None, 200, ""),
        ("/api/play/wrong/back", None, 403, "unknown seat token"),
    ],
)
def test_stand_in_requests_that_cannot_be_are_refused(
    client: TestClient, path: str, body: object, status: int, words: str
) -> None:
    made = create(client, "duel", {}, ["human", "random"])
    token = made["seats"][0]["token"]
    before = state(client, token)
    url = path.replace("ADMIN", made["admin"]).replace("TOKEN", token)
    r = client.post(url, json=body) if body is not None else client.post(url)
    assert r.status_code == status and words in r.json().get("error", "")
    if status != 200:
        assert state(client, token)["seats"] == before["seats"]


def test_the_turn_clock_decides_for_a_slow_player_that_decision_only(db_url: str) -> None:
    from wonders.web.app import create_app

    with TestClient(create_app(db_url, bot_delay=0)) as client:
        r = client.post(
            "/api/tables",
            json={"game": "duel", "options": {}, "seats": [{}, {}], "clock": 5},
        )
        tokens = [s["token"] for s in r.json()["seats"]]
        first = [state(client, t) for t in tokens]
        slow = tokens[0] if first[0]["legal"] else tokens[1]
        assert first[0]["clock"] == 5.0
        began = time.monotonic()
        s = wait(client, slow, lambda s: not s["legal"], timeout=15)
        assert not s["legal"] and time.monotonic() - began >= 4.5
        assert s["seats"][s["seat"]]["stand_in"] is None  # the seat is still theirs


@pytest.mark.parametrize("clock", [1, 4000, "fast", True])
def test_an_impossible_turn_clock_is_refused(client: TestClient, clock: object) -> None:
    r = client.post(
        "/api/tables", json={"game": "duel", "options": {}, "seats": [{}, {}], "clock": clock}
    )
    assert r.status_code == 400 and "turn clock is 5 to 3600 seconds" in r.json()["error"]


def test_a_first_version_database_is_upgraded_in_place(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'old.db'}")
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
        conn.execute(
            sa.text(
                "INSERT INTO wonders_tables VALUES "
                "('old', 'duel', '{}', 3, 'playing', '[]', NULL, 1.0, 1.0)"
            )
        )
    migrate(engine)
    loaded = Store(engine).load("old")
    assert loaded is not None and loaded[0].clock is None and loaded[0].game == "duel"


def test_the_creator_gets_a_new_link_for_an_invited_seat_nobody_opened(client: TestClient) -> None:
    made = create(client, "classic", {"players": 3}, ["human", "invited", "invited"])
    admin = made["admin"]
    lost = made["seats"][1]["token"]
    r = client.post(f"/api/manage/{admin}/seats/1/invite", json={})
    assert r.status_code == 200, r.text
    link = r.json()["link"]
    assert client.get(f"/api/play/{lost}").status_code == 403  # the lost link is dead
    assert client.get(link).status_code == 200  # the new one reaches the seat
    again = client.post(f"/api/manage/{admin}/seats/1/invite", json={})  # opened now
    assert again.status_code == 409 and "nobody has opened" in again.json()["error"]
    mine = client.post(f"/api/manage/{admin}/seats/0/invite", json={})  # the creator's own
    assert mine.status_code == 409
    assert client.post(f"/api/manage/{admin}/seats/9/invite", json={}).status_code == 400
    assert client.post("/api/manage/nobody/seats/2/invite", json={}).status_code == 403
    page = client.get(made["manage"]).text
    assert page.count('class="reinvite"') == 1  # seat 2's link is still unopened
