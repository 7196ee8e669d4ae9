"""The store on SQLite and on PostgreSQL (a throw-away schema; skipped with the reason when
the server is unreachable): the migration makes the models' schema, records append in order
and exactly once, a stale writer is refused, and a whole game survives a restart."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient

from tests.web.conftest import create, pg_schema_url, play_to_end, state, steady
from wonders.web.app import create_app
from wonders.web.models import metadata
from wonders.web.store import (
    SeatRow,
    StaleError,
    Store,
    database_url,
    default_path,
    make_engine,
    migrate,
    token_hash,
)


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
    else:
        yield from pg_schema_url()


@pytest.fixture
def store(url: str) -> Store:
    engine = make_engine(url)
    migrate(engine)
    return Store(engine)


def seats() -> list[SeatRow]:
    return [
        SeatRow(0, "human", None, "Ann", token_hash("secret-ann"), False),
        SeatRow(1, "bot", "greedy", "greedy bot", None, True),
    ]


def test_the_migration_makes_exactly_the_models_schema(store: Store) -> None:
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    assert diff == []
    migrate(store.engine)  # a second run is a no-op


def test_actions_append_in_order_once_and_a_stale_writer_is_refused(store: Store) -> None:
    store.create_table("t1", "duel", {"first_game": True}, 42, seats())
    store.append("t1", 0, [(0, {"kind": "a"}), (1, {"kind": "b"})], {}, "playing", None)
    store.append("t1", 2, [], {0: {"kind": "c"}}, "playing", None)
    with pytest.raises(StaleError):
        store.append("t1", 1, [(0, {"kind": "x"})], {}, "playing", None)
    with pytest.raises(StaleError):
        store.append("nope", 0, [], {}, "playing", None)
    loaded = store.load("t1")
    assert loaded is not None
    row, record = loaded
    assert record == [(0, {"kind": "a"}), (1, {"kind": "b"})]
    assert (
        row.pending == {0: {"kind": "c"}} and row.seed == 42 and row.options == {"first_game": True}
    )
    assert [s.name for s in row.seats] == ["Ann", "greedy bot"]
    store.append("t1", 2, [(1, {"kind": "d"})], {}, "finished", {"winners": [1]})
    row, record = store.load("t1") or (None, [])
    assert row is not None and row.status == "finished" and row.result == {"winners": [1]}
    assert len(record) == 3 and store.load("nope") is None


def test_seats_are_found_by_token_and_only_an_open_one_is_joined(store: Store) -> None:
    rows = [*seats(), SeatRow(2, "human", None, "Player 3", None, False, access="open")]
    store.create_table("t2", "classic", {}, 1, rows)
    assert store.seat_for_token("secret-ann") == ("t2", 0)
    assert store.seat_for_token("secret-bob") is None
    assert store.claim_open_seat("t2", token_hash("new"), "Cy") == 2
    assert store.claim_open_seat("t2", token_hash("newer"), None) is None  # Ann's is invited
    assert store.seat_for_token("new") == ("t2", 2)
    assert store.seat_for_token("secret-ann") == ("t2", 0)  # the invite link still works
    store.set_name("t2", 0, "Ann Lee")
    loaded = store.load("t2")
    assert loaded is not None
    assert [(s.name, s.access, s.named, s.claimed) for s in loaded[0].seats] == [
        ("Ann Lee", "invited", True, False),
        ("greedy bot", None, False, True),
        ("Cy", "open", True, True),
    ]
    assert [r.id for r in store.list_tables()] == ["t2"]


def test_a_whole_game_is_stored_and_survives_a_restart(url: str) -> None:
    with TestClient(create_app(url, bot_delay=0)) as client:
        made = create(client, "classic", {"players": 3}, ["human", "human", "random"])
        tokens = [s["token"] for s in made["seats"]]
        for token in tokens:
            state(client, token)
        s = state(client, tokens[0])
        client.post(f"/api/play/{tokens[0]}/action", json=s["legal"][0])
        before = [steady(state(client, t)) for t in tokens]
    with TestClient(create_app(url, bot_delay=0)) as client:
        assert [steady(state(client, t)) for t in tokens] == before
        final = play_to_end(client, tokens)
        record = client.get(f"/api/tables/{made['table']}/record").json()
        assert record["result"] == final["result"]


def test_the_default_database_is_a_documented_sqlite_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("WONDERS_DATA", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / "wonders.db"
    assert database_url(None) == f"sqlite:///{tmp_path / 'data' / 'wonders.db'}"
    monkeypatch.delenv("WONDERS_DATA")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_path() == tmp_path / "xdg" / "wonders" / "wonders.db"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_path() == tmp_path / ".local" / "share" / "wonders" / "wonders.db"
    assert database_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"


def test_a_second_server_with_a_stale_copy_is_refused_then_merges(store: Store) -> None:
    from wonders.web.service import StaleTable, TableService

    one, two = TableService(store), TableService(Store(store.engine))
    made = one.create("classic", {"players": 3}, [{"kind": "human"}] * 3, seed=5)
    a, b = one.get(made.table_id), two.get(made.table_id)  # both processes hold the game
    one.act(a, 0, a.state.legal_actions(0)[0].to_json())
    choice = b.state.legal_actions(1)[0].to_json()
    with pytest.raises(StaleTable):
        two.act(b, 1, choice)  # its copy does not know seat 0's pending choice
    loaded = store.load(made.table_id)
    assert loaded is not None and set(loaded[0].pending) == {0}  # nothing changed
    fresh = two.get(made.table_id)
    two.act(fresh, 1, choice)
    two.act(fresh, 2, fresh.state.legal_actions(2)[0].to_json())
    assert one.refresh(made.table_id) is not None and one.refresh(made.table_id) is None
    assert one.get(made.table_id).count == 3 == fresh.count
