"""The web table's database: where a game's record lives (SQLAlchemy, SQLite or PostgreSQL).

A game is its record: options and seed in ``wonders_tables``, its actions in
``wonders_actions`` in order. ``append`` stores actions in one transaction that first locks
the table's row (``FOR UPDATE`` on PostgreSQL) and checks how many actions are stored, so an
action is stored once even with several writers; the caller acknowledges an action only after
``append`` returned. Nothing here knows a game's rules.

Every write to a table or its seats grows the table's ``revision`` in its transaction (and
says so, with the new revision, on ``CHANNEL``); ``load`` reads the row, its seats and its
actions in one snapshot of the database, so a copy loaded at revision R holds every write up
to R and none after it. Processes compare revisions to tell whether their copy is current.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import time
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from wonders.core.protocol import JSON, ResultView
from wonders.web.models import actions, chat, ratings, seats, tables

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
CHANNEL = "wonders_tables"  # PostgreSQL NOTIFY channel: the id of a table that changed
CHAT_NOTE = "chat:"  # a note of a chat message: "chat:TABLE ID" (no table id has a colon)


def default_path() -> Path:
    """``$WONDERS_DATA/wonders.db``, else ``$XDG_DATA_HOME/wonders/wonders.db``, else
    ``~/.local/share/wonders/wonders.db``."""
    if os.environ.get("WONDERS_DATA"):
        return Path(os.environ["WONDERS_DATA"]) / "wonders.db"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "wonders" / "wonders.db"


def database_url(url: str | None) -> str:
    """The SQLAlchemy URL: the default SQLite file when None; ``postgresql://`` means psycopg 3."""
    if url is None:
        path = default_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{path}"
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


# Seconds a database operation may wait before it fails (the visitor gets a JSON 503 and
# the next request tries again, so nothing hangs while the database is away): to connect, for
# a lock, for a free pooled connection, for SQLite's write lock. A PostgreSQL statement may run
# for STATEMENT_TIMEOUT. Read when an engine is made.
DB_TIMEOUT = 5.0
STATEMENT_TIMEOUT = 15.0
MIGRATION_LOCK = 0x776F6E64  # pg_advisory_xact_lock key: one process migrates at a time


def _pg_options(url: sa.URL) -> str:
    """libpq's ``options`` with the timeouts, after any the URL gives (a search_path)."""
    given = url.query.get("options", ())
    ms = {"statement_timeout": STATEMENT_TIMEOUT, "lock_timeout": DB_TIMEOUT}
    ours = [f"-c {name}={int(seconds * 1000)}" for name, seconds in ms.items()]
    return " ".join([*([given] if isinstance(given, str) else given), *ours])


def make_engine(url: str | None) -> sa.Engine:
    """An engine whose every wait is bounded (``DB_TIMEOUT``); PostgreSQL connections are
    checked before use, so the pool recovers by itself once the server is back."""
    full = database_url(url)
    if full.startswith("sqlite"):
        memory = ":memory:" in full or full.rstrip("/") == "sqlite:"
        engine = sa.create_engine(
            full,
            connect_args={"check_same_thread": False, "timeout": DB_TIMEOUT},
            **({} if memory else {"pool_timeout": DB_TIMEOUT}),
        )

        @sa.event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            cursor = conn.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            if not memory:
                cursor.execute("PRAGMA journal_mode=WAL")
            cursor.close()

        return engine
    parsed = sa.make_url(full)
    connect_args = {
        "connect_timeout": max(2, round(DB_TIMEOUT)),  # libpq: whole seconds, at least 2
        "options": _pg_options(parsed),
        # a server gone from the network: its connections fail instead of waiting forever
        "keepalives": 1,
        "keepalives_idle": max(1, round(DB_TIMEOUT)),
        "keepalives_interval": max(1, round(DB_TIMEOUT / 2)),
        "keepalives_count": 3,
        "tcp_user_timeout": int(STATEMENT_TIMEOUT * 1000),
    }
    return sa.create_engine(
        full, pool_pre_ping=True, pool_timeout=DB_TIMEOUT, connect_args=connect_args
    )


def migrate(engine: sa.Engine) -> None:
    """Bring the schema to the newest Alembic revision. On PostgreSQL one process at a time
    (a transaction-level advisory lock): processes starting together on a new database wait
    for the first one's migration, then find the schema up to date."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":  # the usual timeouts would cut a long migration
            conn.execute(sa.text("SET LOCAL statement_timeout = 0"))
            conn.execute(sa.text("SET LOCAL lock_timeout = '5min'"))
            key = sa.cast(MIGRATION_LOCK, sa.BigInteger)
            conn.execute(sa.select(sa.func.pg_advisory_xact_lock(key)))
        config.attributes["connection"] = conn
        command.upgrade(config, "head")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class StaleError(Exception):
    """The stored record moved on since it was read (another writer): reload and retry."""


@dataclass(frozen=True)
class Written:
    """A stored change: when, and the table's revision just before it and after it (a copy
    that was at ``before`` and made the same change in memory is now at ``revision``)."""

    at: float
    before: int
    revision: int


def note(table_id: str, revision: int) -> str:
    """What is announced of a change: the table's id and its new revision."""
    return f"{table_id} {revision}"


def chat_note(table_id: str, message_id: int) -> str:
    """What is announced of a chat message: its table's id and its own."""
    return f"{CHAT_NOTE}{table_id} {message_id}"


def read_chat_note(payload: str) -> tuple[str, int] | None:
    """A chat note's table id and message id (None: the note is not a chat message's)."""
    if not payload.startswith(CHAT_NOTE):
        return None
    table_id, _, message_id = payload[len(CHAT_NOTE) :].partition(" ")
    return (table_id, int(message_id)) if table_id and message_id.isdigit() else None


def read_note(payload: str) -> tuple[str, int | None]:
    """A change's table id and revision (None: a note without one)."""
    table_id, _, revision = payload.partition(" ")
    return table_id, int(revision) if revision.isdigit() else None


@dataclass
class SeatRow:
    seat: int
    kind: str  # human / bot
    bot: str | None
    name: str
    token_hash: str | None
    claimed: bool
    stand_in: str | None = None
    back_at: float | None = None  # when the person took the seat back from a stand-in
    access: str | None = "invited"  # a person's seat: invited (its link only) or open; bot: None
    named: bool = False  # the name was chosen by the seat's player: it is fixed
    player: str | None = None  # the player (``wonders_players``) who took the seat
    rating: tuple[float, float, int] | None = None  # their rating at this game: mu, sigma, games


@dataclass
class TableRow:
    id: str
    game: str
    options: JSON
    seed: int
    status: str
    pending: dict[int, JSON]
    result: ResultView | None
    created_at: float
    updated_at: float
    seats: list[SeatRow]
    clock: float | None = None
    owed_since: float | None = None  # when the decisions now owed became owed
    revision: int = 0  # grows with every write to the table or its seats
    rematch: str | None = None  # the finished table's rematch (the new table's id)


@dataclass(frozen=True)
class ChatRow:
    """A chat message: its id (the order), its writer's seat, its text, when (epoch s)."""

    id: int
    seat: int
    text: str
    at: float

    def to_json(self) -> JSON:
        return {"id": self.id, "seat": self.seat, "text": self.text, "at": self.at}


def _pending_in(raw: Any) -> dict[int, JSON]:
    return {int(seat): action for seat, action in raw}


def _pending_out(pending: dict[int, JSON]) -> list[list[Any]]:
    return [[seat, pending[seat]] for seat in sorted(pending)]


class Store:
    """``announce(note)`` is called after every committed change when given (Redis pub/sub;
    ``note``: the table's id and new revision); without it, PostgreSQL sends the note with
    NOTIFY in the change's transaction."""

    def __init__(self, engine: sa.Engine, announce: Callable[[str], None] | None = None) -> None:
        self.engine = engine
        self.announce = announce

    def _bump(self, conn: sa.Connection, table_id: str, **values: Any) -> Written:
        """Write ``values`` to the table's row and grow its revision, in ``conn``'s transaction
        (which holds the row's lock from then on); on PostgreSQL the note goes with NOTIFY,
        sent at commit."""
        values.setdefault("updated_at", time.time())
        update = (
            tables.update()
            .where(tables.c.id == table_id)
            .values(revision=tables.c.revision + 1, **values)
        )
        if conn.dialect.update_returning:
            revision = conn.execute(update.returning(tables.c.revision)).scalar()
        else:
            conn.execute(update)
            query = sa.select(tables.c.revision).where(tables.c.id == table_id)
            revision = conn.execute(query).scalar()
        revision = int(revision or 0)
        if self.announce is None and conn.dialect.name == "postgresql":
            conn.execute(sa.select(sa.func.pg_notify(CHANNEL, note(table_id, revision))))
        return Written(values["updated_at"], revision - 1, revision)

    def _announce(self, table_id: str, written: Written) -> None:
        if self.announce is not None:
            self.announce(note(table_id, written.revision))

    @contextlib.contextmanager
    def _snapshot(self) -> Iterator[sa.Connection]:
        """A connection whose reads all see one committed state of the database: a
        REPEATABLE READ transaction on PostgreSQL, a read transaction on SQLite (whose
        snapshot is taken at its first read)."""
        with self.engine.connect() as conn:
            if conn.dialect.name == "postgresql":
                conn.execution_options(isolation_level="REPEATABLE READ")
            elif conn.dialect.name == "sqlite":
                dbapi = conn.connection.dbapi_connection
                if dbapi is not None and not getattr(dbapi, "in_transaction", True):
                    conn.exec_driver_sql("BEGIN")  # pysqlite begins none before a read
            yield conn

    def create_table(
        self,
        table_id: str,
        game: str,
        options: JSON,
        seed: int,
        seat_rows: list[SeatRow],
        admin_hash: str | None = None,
        clock: float | None = None,
    ) -> None:
        with self.engine.begin() as conn:
            self._insert(conn, table_id, game, options, seed, seat_rows, admin_hash, clock)

    def _insert(
        self,
        conn: sa.Connection,
        table_id: str,
        game: str,
        options: JSON,
        seed: int,
        seat_rows: list[SeatRow],
        admin_hash: str | None,
        clock: float | None,
    ) -> None:
        now = time.time()
        conn.execute(
            tables.insert().values(
                id=table_id,
                game=game,
                options=options,
                seed=seed,
                status="playing",
                pending=[],
                result=None,
                created_at=now,
                updated_at=now,
                admin_hash=admin_hash,
                clock=clock,
                owed_since=now,
                revision=1,
            )
        )
        conn.execute(
            seats.insert(),
            [
                {
                    "table_id": table_id,
                    "seat": s.seat,
                    "kind": s.kind,
                    "bot": s.bot,
                    "name": s.name,
                    "token_hash": s.token_hash,
                    "claimed": s.claimed,
                    "stand_in": s.stand_in,
                    "access": s.access if s.kind == "human" else None,
                    "named": s.named,
                    "player": s.player,
                }
                for s in seat_rows
            ],
        )

    def _seats(self, conn: sa.Connection, table_id: str) -> list[SeatRow]:
        rows = conn.execute(
            sa.select(seats).where(seats.c.table_id == table_id).order_by(seats.c.seat)
        )
        return [
            SeatRow(
                r.seat,
                r.kind,
                r.bot,
                r.name,
                r.token_hash,
                r.claimed,
                r.stand_in,
                r.back_at,
                r.access,
                r.named,
                r.player,
            )
            for r in rows
        ]

    def _row(self, conn: sa.Connection, r: Any) -> TableRow:
        return TableRow(
            r.id,
            r.game,
            dict(r.options),
            int(r.seed),
            r.status,
            _pending_in(r.pending),
            r.result,
            r.created_at,
            r.updated_at,
            self._seats(conn, r.id),
            r.clock,
            r.owed_since if r.owed_since is not None else r.updated_at,
            int(r.revision or 0),
            r.rematch,
        )

    def load(self, table_id: str) -> tuple[TableRow, list[tuple[int, JSON]]] | None:
        """The table, its seats and its record's actions in order, all as of one moment
        (None if there is no such table)."""
        with self._snapshot() as conn:
            r = conn.execute(sa.select(tables).where(tables.c.id == table_id)).first()
            if r is None:
                return None
            rows = conn.execute(
                sa.select(actions.c.seat, actions.c.action)
                .where(actions.c.table_id == table_id)
                .order_by(actions.c.idx)
            )
            row = self._row(conn, r)
            self._ratings(conn, row)
            return row, [(a.seat, dict(a.action)) for a in rows]

    @staticmethod
    def _ratings(conn: sa.Connection, row: TableRow) -> None:
        """Give each seat of a player their rating at the table's game (if they have one)."""
        people = {s.player for s in row.seats if s.player is not None}
        if not people:
            return
        query = sa.select(ratings).where(ratings.c.game == row.game, ratings.c.player.in_(people))
        found = {r.player: (r.mu, r.sigma, r.games) for r in conn.execute(query)}
        for seat in row.seats:
            seat.rating = found.get(seat.player) if seat.player is not None else None

    def seat_for_token(self, token: str) -> tuple[str, int] | None:
        with self.engine.connect() as conn:
            r = conn.execute(
                sa.select(seats.c.table_id, seats.c.seat).where(
                    seats.c.token_hash == token_hash(token)
                )
            ).first()
            return None if r is None else (r.table_id, r.seat)

    def table_for_admin(self, token: str) -> str | None:
        """The table whose creator holds ``token``."""
        with self.engine.connect() as conn:
            r = conn.execute(
                sa.select(tables.c.id).where(tables.c.admin_hash == token_hash(token))
            ).first()
            return None if r is None else str(r.id)

    def revisions(self, table_ids: list[str]) -> dict[str, int]:
        """The stored revision of each of ``table_ids`` there is (a query for each 500)."""
        found: dict[str, int] = {}
        with self.engine.connect() as conn:
            for i in range(0, len(table_ids), 500):
                query = sa.select(tables.c.id, tables.c.revision).where(
                    tables.c.id.in_(table_ids[i : i + 500])
                )
                found.update({r.id: int(r.revision or 0) for r in conn.execute(query)})
        return found

    def ping(self) -> None:
        """Raises if the database cannot be reached."""
        with self.engine.connect() as conn:
            conn.execute(sa.select(1))

    def set_stand_in(self, table_id: str, seat: int, bot: str | None) -> Written:
        """A bot plays ``seat`` for its absent player (None: the player is back, from the
        time of the write)."""
        now = time.time()
        values: dict[str, Any] = {"stand_in": bot}
        if bot is None:
            values["back_at"] = now
        with self.engine.begin() as conn:
            conn.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(**values)
            )
            written = self._bump(conn, table_id, updated_at=now)
        self._announce(table_id, written)
        return written

    def claim(self, table_id: str, seat: int) -> Written:
        """The seat's player came (their link was used)."""
        with self.engine.begin() as conn:
            conn.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(claimed=True)
            )
            written = self._bump(conn, table_id)
        self._announce(table_id, written)
        return written

    def reinvite_seat(self, table_id: str, seat: int, new_hash: str) -> Written | None:
        """A new link (token hash) for an invited seat whose link was never opened: the old
        one no longer reaches it. None when the seat is not such a seat (any more)."""
        unopened = (seats.c.kind == "human", seats.c.access == "invited", ~seats.c.claimed)
        return self._seat_if(table_id, seat, unopened, token_hash=new_hash)

    def _seat_if(
        self, table_id: str, seat: int, conditions: tuple[Any, ...], **values: Any
    ) -> Written | None:
        """Write ``values`` to a seat if it meets ``conditions`` (None: it did not, nothing
        written), with the table's revision, in one transaction; announced."""
        with self.engine.begin() as conn:
            done = conn.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == seat, *conditions)
                .values(**values)
            )
            if done.rowcount != 1:
                return None
            written = self._bump(conn, table_id)
        self._announce(table_id, written)
        return written

    def claim_open_seat(
        self, table_id: str, new_hash: str, name: str | None, player: str | None = None
    ) -> int | None:
        """Give the first open seat nobody has taken the token (hash) of the person who joins
        it, and their ``name`` if they gave one (and their ``player``); None if no open seat is
        free. An invited seat is never given: its link stays its only way in."""
        seat, written = None, None
        with self.engine.begin() as conn:
            free = (
                sa.select(seats.c.seat)
                .where(
                    seats.c.table_id == table_id,
                    seats.c.kind == "human",
                    seats.c.access == "open",
                    ~seats.c.claimed,
                )
                .order_by(seats.c.seat)
            )
            for r in conn.execute(free.with_for_update()).all():
                values: dict[str, Any] = {"claimed": True, "token_hash": new_hash}
                if player is not None:
                    values["player"] = player
                if name is not None:
                    values.update(name=name, named=True)
                taken = conn.execute(  # only if still free: a racing writer got none of it
                    seats.update()
                    .where(seats.c.table_id == table_id, seats.c.seat == r.seat, ~seats.c.claimed)
                    .values(**values)
                )
                if taken.rowcount == 1:
                    seat = int(r.seat)
                    written = self._bump(conn, table_id)
                    break
        if written is not None:
            self._announce(table_id, written)
        return seat

    def tie_seat(self, table_id: str, seat: int, player: str) -> Written | None:
        """The seat is ``player``'s (who opened its link first): only a seat of nobody yet, at
        a table where ``player`` has no other seat (None: nothing written)."""
        elsewhere = (
            sa.select(seats.c.seat)
            .where(seats.c.table_id == table_id, seats.c.player == player)
            .exists()
        )
        nobodys = (seats.c.kind == "human", seats.c.player.is_(None), ~elsewhere)
        return self._seat_if(table_id, seat, nobodys, player=player)

    def set_name(self, table_id: str, seat: int, name: str) -> Written:
        """The name the seat's player chose (fixed from then on)."""
        with self.engine.begin() as conn:
            conn.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(name=name, named=True)
            )
            written = self._bump(conn, table_id)
        self._announce(table_id, written)
        return written

    def _lock(
        self, conn: sa.Connection, table_id: str, count: int, pending: dict[int, JSON] | None
    ) -> None:
        row = conn.execute(
            sa.select(tables.c.id, tables.c.pending)
            .where(tables.c.id == table_id)
            .with_for_update()
        ).first()
        if row is None:
            raise StaleError(f"no table {table_id}")
        stored = conn.execute(
            sa.select(sa.func.count()).select_from(actions).where(actions.c.table_id == table_id)
        ).scalar_one()
        if stored != count:
            raise StaleError(f"table {table_id} has {stored} actions stored, not {count}")
        if pending is not None and _pending_in(row.pending) != pending:
            raise StaleError(f"table {table_id}'s pending choices changed meanwhile")

    def append(
        self,
        table_id: str,
        count: int,
        new: list[tuple[int, JSON]],
        pending: dict[int, JSON],
        status: str,
        result: ResultView | None,
        was_pending: dict[int, JSON] | None = None,
        finish: Callable[[sa.Connection], None] | None = None,
    ) -> Written:
        """Store ``new`` after the ``count`` actions already stored, with the table's pending
        choices, status and result, in one transaction; StaleError if ``count`` is not the
        stored number or the stored pending choices are not ``was_pending`` (when given): then
        nothing is written. New actions make the next decisions owed from now (the write's
        time). The table's id and new revision are announced on ``CHANNEL``. ``finish`` runs
        in the same transaction when the status is "finished" (the ratings: ``ratings.py``),
        so it runs exactly once for a table, with the write that finishes it."""
        now = time.time()
        with self.engine.begin() as conn:
            self._lock(conn, table_id, count, was_pending)
            if new:
                conn.execute(
                    actions.insert(),
                    [
                        {"table_id": table_id, "idx": count + i, "seat": s, "action": a, "at": now}
                        for i, (s, a) in enumerate(new)
                    ],
                )
            values: dict[str, Any] = {
                "pending": _pending_out(pending),
                "status": status,
                "result": result,
                "updated_at": now,
            }
            if new:
                values["owed_since"] = now
            written = self._bump(conn, table_id, **values)
            if status == "finished" and finish is not None:
                try:
                    finish(conn)
                except sa.exc.DBAPIError:
                    raise  # the database's fault: the write fails with it, and is tried again
                except Exception:  # a rating's own bug never costs the move that ends a game
                    log.exception("table %s: rating it failed; its end is stored", table_id)
        self._announce(table_id, written)
        return written

    @contextlib.contextmanager
    def decision_claim(self, table_id: str, count: int, seat: int) -> Iterator[bool]:
        """Claim ``seat``'s decision after the ``count``-th stored action, for as long as the
        block runs: on PostgreSQL, True for exactly one claimer among every process on the
        database (a session advisory lock, freed even if the process dies) and only while that
        decision is still owed (no more actions stored, no pending choice of ``seat``). SQLite
        serves one process, whose table lock keeps its claims apart: always True there."""
        if self.engine.dialect.name != "postgresql":
            yield True
            return
        with self.engine.connect() as conn:
            key = [sa.cast(n, sa.Integer) for n in (zlib.crc32(table_id.encode()) - 2**31, seat)]
            got = conn.execute(sa.select(sa.func.pg_try_advisory_lock(*key))).scalar_one()
            conn.commit()
            if not got:
                yield False
                return
            try:
                query = sa.select(tables.c.pending).where(tables.c.id == table_id)
                row = conn.execute(query).first()
                stored = conn.execute(
                    sa.select(sa.func.count())
                    .select_from(actions)
                    .where(actions.c.table_id == table_id)
                ).scalar_one()
                conn.rollback()
                yield row is not None and stored == count and seat not in _pending_in(row.pending)
            finally:
                conn.execute(sa.select(sa.func.pg_advisory_unlock(*key)))
                conn.commit()

    def list_tables(self, limit: int = 100) -> list[TableRow]:
        """The most recently active tables, newest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(tables).order_by(tables.c.updated_at.desc()).limit(limit)
            ).all()
            return [self._row(conn, r) for r in rows]

    # ---- rematches ----

    def create_rematch(
        self,
        table_id: str,
        new_id: str,
        seed: int,
        seat_rows: list[SeatRow],
        admin_hash: str | None = None,
    ) -> str:
        """Make table ``new_id`` the rematch of ``table_id`` (its game, options and clock,
        ``seed`` and ``seat_rows``) unless the table has one already: the rematch's id either
        way (a table has one rematch: the first writer makes it, in one transaction that
        holds the old table's row)."""
        with self.engine.begin() as conn:
            marked = conn.execute(
                tables.update()
                .where(tables.c.id == table_id, tables.c.rematch.is_(None))
                .values(rematch=new_id)
            )
            if marked.rowcount != 1:
                query = sa.select(tables.c.rematch).where(tables.c.id == table_id)
                existing = conn.execute(query).scalar()
                if existing is None:
                    raise StaleError(f"no table {table_id}")
                return str(existing)
            old = conn.execute(sa.select(tables).where(tables.c.id == table_id)).one()
            written = self._bump(conn, table_id)
            self._insert(
                conn,
                new_id,
                old.game,
                dict(old.options),
                seed,
                seat_rows,
                admin_hash,
                old.clock,
            )
        self._announce(table_id, written)
        return new_id

    def give_seat(self, table_id: str, seat: int, new_hash: str) -> Written | None:
        """Give a seat without a token the token (hash) of its person: a rematch's seat, the
        first time its player asks for its link. None when the seat has a token already."""
        return self._seat_if(table_id, seat, (seats.c.token_hash.is_(None),), token_hash=new_hash)

    def seat_hash(self, table_id: str, seat: int) -> str | None:
        """The stored token hash of a seat (None: it has none)."""
        with self.engine.connect() as conn:
            query = sa.select(seats.c.token_hash).where(
                seats.c.table_id == table_id, seats.c.seat == seat
            )
            found = conn.execute(query).scalar()
            return None if found is None else str(found)

    # ---- the chat ----

    def add_chat(self, table_id: str, seat: int, text: str) -> ChatRow:
        """Store a chat message and announce it (``chat_note``: on PostgreSQL with NOTIFY in
        its transaction, else through ``announce``); the table's revision stays (a message
        is no change of the game)."""
        now = time.time()
        with self.engine.begin() as conn:
            inserted = conn.execute(
                chat.insert().values(table_id=table_id, seat=seat, text=text, at=now)
            )
            key = inserted.inserted_primary_key
            message_id = int(key[0]) if key is not None and key[0] is not None else 0
            if self.announce is None and conn.dialect.name == "postgresql":
                conn.execute(sa.select(sa.func.pg_notify(CHANNEL, chat_note(table_id, message_id))))
        if self.announce is not None:
            self.announce(chat_note(table_id, message_id))
        return ChatRow(message_id, seat, text, now)

    def chat(self, table_id: str, after: int = 0, limit: int = 100) -> list[ChatRow]:
        """The table's chat messages after message ``after``, oldest first: the newest
        ``limit`` of them."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(chat.c.id, chat.c.seat, chat.c.text, chat.c.at)
                .where(chat.c.table_id == table_id, chat.c.id > after)
                .order_by(chat.c.id.desc())
                .limit(limit)
            ).all()
        return [ChatRow(int(r.id), int(r.seat), str(r.text), float(r.at)) for r in reversed(rows)]
