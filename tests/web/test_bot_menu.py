"""The web's fixed menu of bots: the levels and the learned bot (and the bare bot names),
never a budget from the client, at creation and for a stand-in; the learned bot only where
its weights play; a table stored with a budgeted name plays at the server's budget; the pages
offer the menu with its thinking times; shutdown stops a search at once."""

from __future__ import annotations

import threading
import time
from multiprocessing import connection
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from tests.web.conftest import create, state
from wonders.bots.levels import LEVELS_ENV
from wonders.core.registry import setup
from wonders.web.app import create_app
from wonders.web.models import actions, seats
from wonders.web.seating import SeatIn, menu_bot
from wonders.web.strings import game_forms, strings
from wonders.web.thinking import Thinkers, ThinkersClosed, is_search_bot, playing_spec

MENU_NAMED = "choose one of easy, medium, hard, expert, learned, random, greedy, montecarlo, ismcts"
LEARNED_AT_3 = "the learned bot plays 7 Wonders Architects at 2 and 4 players only, not 3"
BUDGETED = ["ismcts:600", "ismcts:10000000i", "montecarlo:3i", "ismcts:1:random-end", "hard:5"]


def quick_levels(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, expert: str = "3i") -> None:
    """The server's own levels (``$WONDERS_LEVELS``): hard and expert search a few
    iterations (``expert``: its budget), so a test plays them in seconds."""
    path = tmp_path / "levels.toml"
    path.write_text(
        '[easy]\nbot = "random"\n[medium]\nbot = "greedy"\n'
        '[hard]\nbot = "montecarlo"\nbudget = "3i"\nseconds = 0.01\n'
        f'[expert]\nbot = "ismcts"\nbudget = "{expert}"\nseconds = 0.01\n',
        encoding="utf-8",
    )
    monkeypatch.setenv(LEVELS_ENV, str(path))


# ---- the menu ----


@pytest.mark.parametrize("bot", [*BUDGETED, "greedy:", "genius", "hard ", "HARD"])
def test_a_table_whose_bot_is_off_the_menu_is_refused_in_one_line(
    client: TestClient, bot: str
) -> None:
    body = {"game": "duel", "options": {}, "seats": [{}, {"kind": "bot", "bot": bot}]}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400
    error = r.json()["error"]
    assert "\n" not in error and error.startswith("seats.1: ") and MENU_NAMED in error
    budgeted = "takes no think budget (the server sets it)"
    assert (budgeted in error) == (":" in bot)
    assert client.get("/api/tables").json() == {"open": [], "playing": [], "finished": []}


@pytest.mark.parametrize("bot", ["easy", "medium", "random", "greedy", None])
def test_the_levels_and_the_bare_bot_names_seat_a_bot(client: TestClient, bot: str | None) -> None:
    seat: dict[str, Any] = {"kind": "bot"} if bot is None else {"kind": "bot", "bot": bot}
    r = client.post("/api/tables", json={"game": "duel", "options": {}, "seats": [{}, seat]})
    assert r.status_code == 200, r.text
    s = state(client, r.json()["seats"][0]["token"])
    assert s["seats"][1]["bot"] == (bot or "greedy")


def test_the_menu_checks_in_python() -> None:
    for name in ("easy", "medium", "hard", "expert", "learned", "random", "greedy", "ismcts"):
        assert menu_bot(name) == name and SeatIn(kind="bot", bot=name).bot == name
    for wrong in [*BUDGETED, "genius", None, 5]:
        with pytest.raises(ValueError, match=MENU_NAMED):
            menu_bot(wrong)


@pytest.mark.parametrize("bot", [*BUDGETED, "genius", 7])
def test_a_stand_in_off_the_menu_is_refused_in_one_line_and_changes_nothing(
    client: TestClient, bot: object
) -> None:
    made = create(client, "duel", {}, ["human", "human"])
    token = made["seats"][0]["token"]
    before = state(client, token)
    r = client.post(f"/api/manage/{made['admin']}/seats/1", json={"bot": bot})
    assert r.status_code == 400
    error = r.json()["error"]
    assert "\n" not in error and MENU_NAMED in error
    after = state(client, token)
    assert after["seats"] == before["seats"] and after["seats"][1]["stand_in"] is None


def test_a_level_stands_in_and_plays(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    quick_levels(tmp_path, monkeypatch)
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        made = create(client, "duel", {}, ["human", "human"])
        for seat in (0, 1):
            r = client.post(f"/api/manage/{made['admin']}/seats/{seat}", json={"bot": "hard"})
            assert r.status_code == 200 and r.json()["stand_in"] == "hard"
        assert "A bot plays this seat: hard" in client.get(made["manage"]).text
        assert wait_actions(db_url, made["table"], 6, timeout=60) >= 6  # both seats played


def test_the_learned_bot_plays_a_table_where_its_weights_play(db_url: str) -> None:
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        made = create(client, "architects", {"players": 2}, ["learned", "learned"])
        assert wait_actions(db_url, made["table"], 6, timeout=60) >= 6
        seated = client.get(f"/watch/{made['table']}").text
        assert "learned network" in seated


@pytest.mark.parametrize(
    ("game", "options", "error"),
    [
        ("architects", {"players": 3}, LEARNED_AT_3),
        (
            "classic",
            {"players": 5},
            "the learned bot plays 7 Wonders at 3 and 4 players only, not 5",
        ),
    ],
)
def test_the_learned_bot_is_refused_in_one_line_where_its_weights_do_not_play(
    client: TestClient, game: str, options: dict[str, Any], error: str
) -> None:
    n = options["players"]
    body = {
        "game": game,
        "options": options,
        "seats": [{}] + [{"kind": "bot", "bot": "learned"}] * (n - 1),
    }
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400 and r.json()["error"] == error
    assert client.get("/api/tables").json() == {"open": [], "playing": [], "finished": []}


def test_the_learned_bot_stands_in_only_where_its_weights_play(client: TestClient) -> None:
    made = create(client, "architects", {"players": 3}, ["human", "human", "human"])
    token = made["seats"][0]["token"]
    r = client.post(f"/api/manage/{made['admin']}/seats/1", json={"bot": "learned"})
    assert r.status_code == 400 and r.json()["error"] == LEARNED_AT_3
    assert state(client, token)["seats"][1]["stand_in"] is None
    duel = create(client, "duel", {}, ["human", "human"])
    r = client.post(f"/api/manage/{duel['admin']}/seats/1", json={"bot": "learned"})
    assert r.status_code == 200 and r.json()["stand_in"] == "learned"


# ---- a table stored before the menu ----


def test_playing_spec_caps_every_stored_name() -> None:
    cases = {
        "hard": "hard",
        "greedy": "greedy",
        "ismcts": "ismcts",
        "ismcts:600": "ismcts",
        "ismcts:10000000i": "ismcts",
        "montecarlo:3i:random-end": "montecarlo",
        "expert:9": "expert",
        "greedy:1": "greedy",
        "alphazero:5": "medium",
        "learned": "learned",
        "learned:3": "learned",
        "": "medium",
        None: "medium",
    }
    assert {name: playing_spec(name) for name in cases} == cases
    assert is_search_bot("ismcts:600") and is_search_bot("hard") and is_search_bot("expert")
    assert not is_search_bot("medium") and not is_search_bot("easy") and not is_search_bot("greedy")
    assert is_search_bot("hard", "architects") and is_search_bot("hard", "duel")


def count_actions(db_url: str, table: str) -> int:
    engine = sa.create_engine(db_url)
    try:
        with engine.connect() as conn:
            query = sa.select(sa.func.count()).select_from(actions)
            return int(conn.execute(query.where(actions.c.table_id == table)).scalar_one())
    finally:
        engine.dispose()


def wait_actions(db_url: str, table: str, n: int, timeout: float) -> int:
    end = time.monotonic() + timeout
    while (done := count_actions(db_url, table)) < n and time.monotonic() < end:
        time.sleep(0.1)
    return done


def test_a_table_stored_with_budgeted_bots_plays_at_the_servers_budget(db_url: str) -> None:
    """Names stored before the menu (``ismcts:10000000i``, hours a move) play as their bare
    bots at the server's default budget (1 s a move) after a restart."""
    with TestClient(create_app(db_url, bot_delay=3600)) as client:  # the bots wait
        made = create(client, "duel", {}, ["greedy", "greedy"])
    engine = sa.create_engine(db_url)
    with engine.begin() as conn:
        for seat, name in [(0, "ismcts:10000000i"), (1, "montecarlo:10000000i")]:
            where = (seats.c.table_id == made["table"]) & (seats.c.seat == seat)
            conn.execute(sa.update(seats).where(where).values(bot=name))
    engine.dispose()
    assert count_actions(db_url, made["table"]) == 0
    with TestClient(create_app(db_url, bot_delay=0)):
        began = time.monotonic()
        done = wait_actions(db_url, made["table"], 4, timeout=60)
        took = time.monotonic() - began
    assert done >= 4 and took < 60  # uncapped, the first move alone would take hours


# ---- the pages ----


def test_the_lobby_and_the_manage_page_offer_the_levels_with_their_thinking_time(
    client: TestClient,
) -> None:
    forms = game_forms()
    assert forms["bots"] == ["easy", "medium", "hard", "expert", "learned"]
    # the player counts each bot of the menu plays at: the learned bot's weights' only
    assert forms["architects"]["menu"]["learned"] == [2, 4]
    assert forms["architects"]["menu"]["hard"] == list(range(2, 8))
    assert forms["duel"]["menu"]["learned"] == [2]
    assert forms["classic"]["menu"]["learned"] == [3, 4]
    words = strings()
    assert [k for k in words if k.startswith("menu:")] == [
        "menu:easy",
        "menu:medium",
        "menu:hard",
        "menu:expert",
        "menu:learned",
    ]
    assert words["menu:hard"] == "Bot: hard (about 0.5 s a move)"
    assert words["menu:expert"] == "Bot: expert (about 2 s a move)"
    assert words["menu:easy"] == "Bot: easy (moves at once)"
    assert words["menu:learned"] == "Bot: learned network (moves at once)"
    assert words["bot:hard"] == "hard"
    lobby = client.get("/").text
    assert '"bots": ["easy", "medium", "hard", "expert", "learned"]' in lobby
    assert "Bot: hard (about 0.5 s a move)" in lobby
    made = create(client, "duel", {}, ["human", "human"])
    page = client.get(made["manage"]).text
    for level, said in [("easy", "moves at once"), ("expert", "about 2 s a move")]:
        assert f'<option value="{level}"' in page and f"Bot: {level} ({said})" in page
    assert '<option value="learned"' in page
    assert '<option value="ismcts"' not in page  # the bare names: accepted, not offered
    three = create(client, "architects", {"players": 3}, ["human"] * 3)
    page = client.get(three["manage"]).text
    assert '<option value="hard"' in page and '<option value="learned"' not in page


# ---- shutdown ----


def test_close_stops_a_search_in_progress_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    quick_levels(tmp_path, monkeypatch, expert="120")  # the server's own: 2 minutes a move
    thinkers = Thinkers()
    game = setup("duel", {}, 1)
    seat = game.to_move()[0]
    outcome: list[object] = []

    def think() -> None:
        try:
            outcome.append(thinkers.choose(game, seat, "expert", 0))
        except ThinkersClosed as exc:
            outcome.append(exc)

    thread = threading.Thread(target=think)
    thread.start()
    end = time.monotonic() + 30
    while not (thinkers._pool and thinkers._pool._processes) and time.monotonic() < end:
        time.sleep(0.05)
    processes = list(thinkers._pool._processes.values()) if thinkers._pool else []
    assert processes
    time.sleep(2)  # the worker is searching (or still starting)
    began = time.monotonic()
    thinkers.close()
    thread.join(10)
    assert time.monotonic() - began < 5
    assert not thread.is_alive() and isinstance(outcome[0], ThinkersClosed)
    sentinels = [p.sentinel for p in processes]
    assert len(connection.wait(sentinels, timeout=1)) == len(processes)  # they ended
    with pytest.raises(ThinkersClosed):  # and nothing thinks afterwards
        thinkers.choose(game, seat, "greedy", 0)
