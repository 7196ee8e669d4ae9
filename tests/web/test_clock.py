"""The turn clock as a player sees it: each state message carries the seconds the seat has
left (from the stored deadline, counted when the message is made), the page counts down from
them with its own clock (so a wrong clock on the player's machine changes nothing), and when
the time runs out the bot that chose is named: to the seat with what it chose, to everyone
else without. The browser tests drive Debian's Chromium (see test_browser.py)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import create, state, wait
from tests.web.test_browser import CHROMIUM, SHOTS, chromium, serve
from tests.web.test_connection import api
from wonders.web import service as service_module
from wonders.web.models import tables
from wonders.web.service import TableService
from wonders.web.store import Store, make_engine, migrate

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="no /usr/bin/chromium (make test installs it: apt-get install)"
)

FOR_YOU = "Your time ran out, so the bot greedy chose for you: "


def _clocked(client: TestClient, seats: list[dict[str, Any]], clock: float, game: str) -> Any:
    options = {"players": len(seats)} if game == "classic" else {}
    r = client.post(
        "/api/tables", json={"game": game, "options": options, "seats": seats, "clock": clock}
    )
    assert r.status_code == 200, r.text
    return r.json()


def test_the_message_says_the_seconds_left_to_the_seat_on_the_clock_only(
    client: TestClient,
) -> None:
    made = _clocked(client, [{}, {}], 60, "duel")
    tokens = [s["token"] for s in made["seats"]]
    mover = next(t for t in tokens if state(client, t)["legal"])
    other = next(t for t in tokens if t != mover)
    first = state(client, mover)["clock_left"]
    assert 55 < first <= 60
    time.sleep(0.35)
    assert state(client, mover)["clock_left"] < first  # counted when each message is made
    assert state(client, other)["clock_left"] is None  # owes nothing: not on the clock
    assert client.get(f"/api/watch/{made['table']}").json()["clock_left"] is None
    unclocked = create(client, "duel", {}, ["human", "human"])
    assert all(state(client, s["token"])["clock_left"] is None for s in unclocked["seats"])


def test_the_seconds_left_come_from_the_stored_deadline(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'clock.db'}")
    migrate(engine)
    service = TableService(Store(engine))  # no bot runs here: the clock is only read
    made = service.create("duel", {}, [{}, {}], seed=3, clock=60)
    with engine.begin() as conn:  # the decision has been owed for 40 s (a restart, say)
        conn.execute(tables.update().values(owed_since=time.time() - 40))
    service.forget(made.table_id)
    live = service.get(made.table_id)
    seat = live.state.to_move()[0]
    assert 19 <= service.message(live, seat)["clock_left"] <= 20
    with engine.begin() as conn:  # long run out: zero, never below
        conn.execute(tables.update().values(owed_since=time.time() - 400))
    service.forget(made.table_id)
    assert service.message(service.get(made.table_id), seat)["clock_left"] == 0.0
    engine.dispose()


def test_a_timed_out_seat_is_told_which_bot_chose_what_and_the_others_who(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(service_module, "MIN_CLOCK", 1)
    seats = [{"name": "Ann"}, {"name": "Bob"}, {"kind": "bot", "bot": "greedy"}]
    made = _clocked(client, seats, 1.5, "classic")
    ann, bob = (s["token"] for s in made["seats"])
    offered = state(client, ann)
    assert offered["stood_in"] == []
    client.post(f"/api/play/{bob}/action", json=state(client, bob)["legal"][0])  # Bob in time
    s = wait(client, ann, lambda s: s["view"]["turn"] == 2, timeout=15)  # Ann is not
    assert s["view"]["turn"] == 2
    (mine,) = s["stood_in"]
    assert mine["seat"] == 0 and mine["bot"] == "greedy" and mine["text"].startswith(FOR_YOU)
    assert mine["text"][len(FOR_YOU) :] in offered["labels"]  # the choice, as Ann saw it
    assert s["seats"][0]["stand_in"] is None  # that decision only: the seat is still hers
    told = "The bot greedy chose for Ann, whose time ran out"
    for seen in (state(client, bob), client.get(f"/api/watch/{made['table']}").json()):
        assert [e["text"] for e in seen["stood_in"]] == [told]  # who, not what
    client.post(f"/api/play/{ann}/action", json=s["legal"][0])  # Ann is back in time
    for seen in (state(client, ann), state(client, bob)):
        assert seen["stood_in"] == []


# ---- the page ----


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "clock")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


@needs_chromium
def test_the_page_counts_down_whatever_its_own_clock_says(server: str, browser: Any) -> None:
    spec = {"game": "duel", "options": {}, "seats": [{"name": "Ann"}, {}], "clock": 60}
    made = api(server, "/api/tables", spec)
    page = browser.new_context().new_page()
    # the player's computer is an hour ahead: the countdown is the server's, not the dates'
    page.add_init_script("{ const real = Date.now; Date.now = () => real() + 3600e3; }")
    page.goto(server + made["seats"][0]["link"])
    page.wait_for_selector("#clock.running")
    read = "(c => [+c.dataset.left, c.textContent])(document.getElementById('clock'))"
    first, text = page.evaluate(read)
    assert 55 <= first <= 60 and text == f"Turn clock: {first // 60}:{first % 60:02d} left"
    page.wait_for_timeout(2300)
    later, text = page.evaluate(read)
    assert first - 3 <= later <= first - 2  # counting down, a second a second
    assert text == f"Turn clock: {later // 60}:{later % 60:02d} left"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "table-clock.png"))


@needs_chromium
def test_the_page_says_the_bot_chose_for_you_and_for_whom(
    server: str, browser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(service_module, "MIN_CLOCK", 1)
    seats = [{"name": "Ann"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}]
    # long enough for the page to load (and read its choices) before the bot decides, even
    # on a busy machine
    spec = {"game": "classic", "options": {"players": 3}, "seats": seats, "clock": 8}
    made = api(server, "/api/tables", spec)
    page = browser.new_context().new_page()
    page.goto(server + made["seats"][0]["link"])
    watcher = browser.new_context().new_page()
    watcher.goto(server + made["watch"])
    page.wait_for_selector("#clock.running")
    labels = [b.inner_text() for b in page.query_selector_all("button.act")]
    mine = page.locator("#stood-in li.mine").first
    mine.wait_for(timeout=25000)  # Ann does nothing: her time runs out
    text = mine.inner_text()
    assert text.startswith(FOR_YOU) and text[len(FOR_YOU) :] in labels
    watcher.wait_for_selector("#stood-in li")
    assert watcher.inner_text("#stood-in") == "The bot greedy chose for Ann, whose time ran out"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "table-clock-chose-for-you.png"))
