"""Ratings (issue 33, item 9), on SQLite and PostgreSQL: a finished game between two players
changes both their ratings, once (in the transaction that finishes it; a second rating of
the table does nothing, even two at once); a game with a bot is not rated; the rules of who
is rated; team games rate the teams; the leaderboard and a player's history show them."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from tests.web.conftest import create, pg_schema_url, play_to_end, state
from wonders.web.app import create_app
from wonders.web.models import rated, ratings
from wonders.web.players import COOKIE, Book
from wonders.web.ratings import Finisher, Seat, match, rating_json
from wonders.web.store import SeatRow, Store, make_engine, migrate


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'ratings.db'}"
    else:
        yield from pg_schema_url()


def player_of(client: TestClient) -> str:
    client.post("/api/players/me/name", json={"name": None})
    return client.cookies[COOKIE].partition(".")[0]


def rows(engine: sa.Engine) -> dict[str, tuple[float, float, int]]:
    with engine.connect() as conn:
        return {r.player: (r.mu, r.sigma, r.games) for r in conn.execute(sa.select(ratings))}


def test_a_finished_game_between_two_players_rates_them_once(url: str) -> None:
    with TestClient(create_app(url, bot_delay=0)) as ann, TestClient(ann.app) as bob:
        engine: sa.Engine = ann.app.state.web.store.engine  # type: ignore[attr-defined]
        a, b = player_of(ann), player_of(bob)
        ann.post("/api/players/me/name", json={"name": "Ann <b>"})
        bob.post("/api/players/me/name", json={"name": "Bob"})
        made = create(ann, "duel", {}, ["human", "invited"], creator_seat=0)
        tokens = [s["token"] for s in made["seats"]]
        bob.get(f"/play/{tokens[1]}")  # Bob opens his invite: the seat is his
        final = play_to_end(ann, tokens)
        winners = final["result"]["winners"]
        found = rows(engine)
        assert set(found) == {a, b} and all(games == 1 for _mu, _s, games in found.values())
        by_seat = {0: found[a], 1: found[b]}
        if len(winners) == 1:  # the winner's mean rises above the start, the loser's falls
            assert by_seat[winners[0]][0] > 25 > by_seat[1 - winners[0]][0]
        shown = state(ann, tokens[0])["seats"]  # beside the names at the table
        assert [s["rating"]["games"] for s in shown] == [1, 1]
        assert shown[0]["rating"]["text"].startswith("rating ")
        again = Finisher(made["table"], "duel", final["result"])  # a second rating: nothing
        with engine.begin() as conn:
            again(conn)
        assert again.why_not == "rated already" and rows(engine) == found
        with TestClient(create_app(url, bot_delay=0)) as later:  # another process: the same
            assert state(later, tokens[1])["seats"] == shown
        board = ann.get("/players?game=duel").text
        assert "Ann &lt;b&gt;" in board and "Bob" in board and "Ann <b>" not in board
        history = bob.get(f"/players/{b}").text
        assert f'href="/replay/{made["table"]}"' in history and "→" in history
        assert f'<a href="/players/{a}">Player 1</a>' in history  # the seat's name, linked


def test_a_game_with_a_bot_is_not_rated(url: str) -> None:
    with TestClient(create_app(url, bot_delay=0)) as ann:
        engine: sa.Engine = ann.app.state.web.store.engine  # type: ignore[attr-defined]
        a = player_of(ann)
        made = create(ann, "duel", {}, ["human", "random"])
        final = play_to_end(ann, [made["creator"]["token"]])
        assert final["status"] == "finished" and rows(engine) == {}
        assert final["seats"][0]["player"] == a and final["seats"][0]["rating"] is None
        history = ann.get(f"/players/{a}").text
        assert made["table"] in history and "not rated" in history


def seat(n: int, player: str | None, kind: str = "human", **more: Any) -> Seat:
    return Seat(n, kind, player, more.get("stand_in"), more.get("back_at"))


RESULT = {"players": [{"seat": i, "rank": r} for i, r in enumerate([2, 1, 3, 1])]}


def test_who_is_rated() -> None:
    people = [seat(i, f"p{i}") for i in range(4)]
    teams, ranks = match(people, RESULT, None)  # type: ignore[misc]
    assert [[s.player for s in t] for t in teams] == [["p0"], ["p1"], ["p2"], ["p3"]]
    assert ranks == [2, 1, 3, 1]  # a tie shares its rank
    anonymous = [*people[:2], seat(2, None), people[3]]  # left out, the others keep their order
    teams, ranks = match(anonymous, RESULT, None)  # type: ignore[misc]
    assert [t[0].player for t in teams] == ["p0", "p1", "p3"] and ranks == [2, 1, 1]
    assert match([*people[:3], seat(3, None, "bot")], RESULT, None) == "a bot played"
    assert match([*people[:3], seat(3, "p3", stand_in="greedy")], RESULT, None) == (
        "a bot played a person's seat"
    )
    assert match([*people[:3], seat(3, "p3", back_at=1.0)], RESULT, None) == (
        "a bot played a person's seat"
    )
    assert match([*people[:3], seat(3, "p0")], RESULT, None) == "a player sat in two seats"
    alone = [people[0], seat(1, None), seat(2, None), seat(3, None)]
    assert match(alone, RESULT, None) == "fewer than two players"
    pairs = [{"seats": [0, 1], "rank": 2}, {"seats": [2, 3], "rank": 1}]
    teams, ranks = match(people, RESULT, pairs)  # type: ignore[misc]
    assert [[s.seat for s in t] for t in teams] == [[0, 1], [2, 3]] and ranks == [2, 1]
    assert match(anonymous, RESULT, pairs) == "a team game with a seat of no player"
    assert rating_json(None) is None
    assert rating_json((25.0, 8.0, 3)) == {
        "mu": 25.0,
        "sigma": 8.0,
        "ordinal": 1.0,
        "games": 3,
        "text": "rating 1.0",
    }


@pytest.fixture
def store(url: str) -> Store:
    engine = make_engine(url)
    migrate(engine)
    return Store(engine)


def table_of(store: Store, table_id: str, people: list[str]) -> None:
    seat_rows = [
        SeatRow(i, "human", None, f"P{i}", None, True, player=p) for i, p in enumerate(people)
    ]
    store.create_table(table_id, "classic", {"players": len(people)}, 1, seat_rows)


def test_a_team_game_rates_the_teams_in_the_finishing_transaction(store: Store) -> None:
    book = Book(store.engine)
    people = [book.new()[0].id for _ in range(4)]
    table_of(store, "t1", people)
    pairs = [{"seats": [0, 1], "rank": 2}, {"seats": [2, 3], "rank": 1}]
    finish = Finisher("t1", "classic", RESULT, pairs)
    store.append("t1", 0, [], {}, "playing", None, finish=finish)  # not finished: not rated
    assert rows(store.engine) == {} and finish.rated == {}
    store.append("t1", 0, [(0, {"kind": "x"})], {}, "finished", RESULT, finish=finish)
    found = rows(store.engine)
    assert found[people[0]] == found[people[1]] and found[people[2]] == found[people[3]]
    assert found[people[2]][0] > 25 > found[people[0]][0]
    assert sorted(finish.rated) == [0, 1, 2, 3]
    with store.engine.connect() as conn:
        changes = conn.execute(sa.select(rated).where(rated.c.table_id == "t1")).all()
    assert sorted((c.seat, c.rank) for c in changes) == [(0, 2), (1, 2), (2, 1), (3, 1)]


def test_two_ratings_of_one_table_at_once_count_once(store: Store) -> None:
    """The finishing transaction rates a table once; should two writers ever rate the same
    table at once, (table, player) is unique: one of them fails and writes nothing."""
    book = Book(store.engine)
    people = [book.new()[0].id for _ in range(2)]
    table_of(store, "t2", people)
    result = {"players": [{"seat": 0, "rank": 1}, {"seat": 1, "rank": 2}]}
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def rate() -> None:
        try:
            with store.engine.begin() as conn:
                Finisher("t2", "classic", result)(conn)
                with contextlib.suppress(threading.BrokenBarrierError):
                    barrier.wait(timeout=1)  # both transactions open at once where they can be
        except sa.exc.IntegrityError as exc:  # the second writer: nothing of it is kept
            errors.append(exc)

    threads = [threading.Thread(target=rate) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert len(errors) <= 1
    found = rows(store.engine)
    assert sorted(g for _m, _s, g in found.values()) == [1, 1]
    with store.engine.connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(rated)).scalar_one() == 2


def test_a_rating_that_fails_never_costs_the_move_that_ends_the_game(
    url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*_args: Any) -> None:
        raise RuntimeError("a bug in the ratings")

    monkeypatch.setattr(Finisher, "_rate", broken)
    with TestClient(create_app(url, bot_delay=0)) as ann, TestClient(ann.app) as bob:
        player_of(ann), player_of(bob)
        made = create(ann, "duel", {}, ["human", "invited"], creator_seat=0)
        tokens = [s["token"] for s in made["seats"]]
        bob.get(f"/play/{tokens[1]}")
        final = play_to_end(ann, tokens)
        assert final["status"] == "finished" and final["result"]["winners"]
        with TestClient(create_app(url, bot_delay=0)) as later:  # stored, as any end
            assert state(later, tokens[0])["status"] == "finished"
    assert "rating it failed" in caplog.text
