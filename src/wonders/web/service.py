"""The tables: one authoritative engine per game, rebuilt from its stored record.

Everything a player does goes through ``TableService.act``: the seat must owe a decision, the
action must parse (``action_from_json``) and be one of ``legal_actions(seat)``; anything else
is a ``WebError`` with a one-line reason and changes nothing.

Simultaneous turns (7 Wonders): the engine's ``apply`` is final, but at a real table a player
may change their mind until everyone has chosen. So while several seats owe a decision, each
choice is checked for legality and kept as *pending* in this layer (stored in the table's
``pending`` column, so a restart keeps it; only the seat itself is told what it chose, the
others only that it has chosen). When the last seat chooses, the pending choices are applied
to the engine in seat order and appended to the record in one transaction. The engine stays
the only judge of the rules: a pending choice is always one of its legal actions, and it does
not change while the others choose (those turns are independent by the rules).

Seats (``seating.py``): a person's seat is invited (only its secret link reaches it) or open
(``join`` gives the first free one to whoever asks, with a new token); ``join`` never touches
an invited seat, so an invite link works whatever lobby visitors do. The creator's seat is
taken at creation. A player's name is chosen once (at creation, a Join or on their page).

Languages: whatever is stored stays English (actions, records, a seat without a chosen name
keeps its English default, "Player 2" or "greedy bot 3"); every message is made in the
language of the context it is made in (``message(..., language=...)`` for a connection's
own), so a seat's default name, the log and the decision come in each reader's language.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import itertools
import logging
import random
import secrets
import threading
import time
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from wonders.bots import Bot, make_bot
from wonders.core.errors import WondersError
from wonders.core.i18n import _, use_language
from wonders.core.protocol import JSON, ResultView, State, View
from wonders.core.records import GameRecord, bot, person
from wonders.core.registry import game_names, get_game
from wonders.web import ratings, words
from wonders.web.boards import board_words, category_names
from wonders.web.reasons import notes, unbuildable
from wonders.web.seating import (
    INVITED,
    OPEN,
    JoinIn,
    NameIn,
    TableIn,
    one_line,
    unfit_bot,
)
from wonders.web.store import SeatRow, StaleError, Store, TableRow, Written, token_hash
from wonders.web.strings import bot_word, options_text
from wonders.web.thinking import Thinkers, ThinkersClosed, is_search_bot, playing_spec

log = logging.getLogger(__name__)
MIN_CLOCK, MAX_CLOCK = 5, 3600  # the turn clock's bounds, in seconds
_SEQ = itertools.count(1)  # one clock for every table of this process: views never go back
FIRST = "first"  # ``create``'s creator seat when none is named: the first person's seat
M = TypeVar("M", bound=BaseModel)
CLOCK_BOT = "greedy"  # decides for a person whose turn clock ran out
FINISHED_IDLE = 30.0  # seconds unused before a finished game may leave the cache


def state_version(live: LiveTable) -> int:
    """The ``version`` of the table's state messages now: stored actions, then pending
    choices (it grows with every move, and only with moves)."""
    return live.count * 1000 + len(live.row.pending)


def decision_of(version: int) -> int:
    """The number of stored actions a state message's ``version`` was made at (the version
    also counts the pending choices of a simultaneous turn, which leave it the same turn)."""
    return version // 1000


class WebError(WondersError):
    """A request that cannot be served; ``status`` is its HTTP status."""

    status = 400


class NotFound(WebError):
    status = 404


class Forbidden(WebError):
    status = 403


class Conflict(WebError):
    status = 409


class TooLarge(WebError):
    status = 413


class StaleTable(Conflict):
    """The stored game moved on (another server process): reload it and try again."""


@dataclass
class StoodIn:
    """A decision the turn clock's bot made for a person who ran out of time."""

    bot: str
    view: View  # the seat's view when the bot chose: the action is worded from it
    action: JSON


def default_name(seat: SeatRow) -> str:
    """The name a seat has when nobody chose one (stored in English)."""
    if seat.kind == "bot":
        return f"{seat.bot} bot {seat.seat + 1}"
    return f"Player {seat.seat + 1}"


def shown_name(seat: SeatRow) -> str:
    """A seat's name as the reader reads it: a chosen name as it is, a default one in the
    reader's language ("Player 2", "greedy bot 3")."""
    if seat.name != default_name(seat) or (seat.kind == "human" and seat.named):
        return seat.name
    if seat.kind == "bot":
        return _("{bot} bot {n}").format(bot=bot_word(seat.bot), n=seat.seat + 1)
    return _("Player {n}").format(n=seat.seat + 1)


def shown_names(seats: list[SeatRow]) -> list[str]:
    return [shown_name(s) for s in seats]


@dataclass
class LiveTable:
    row: TableRow
    state: State
    count: int  # actions stored
    lock: threading.RLock = field(default_factory=threading.RLock)
    bots: dict[str, Bot] = field(default_factory=dict)  # "seat:name" -> its bot
    version: int = field(default_factory=lambda: next(_SEQ))  # grows with every change
    # the clock's last decision for each seat, until the person chooses again themselves
    # (this process's memory: a restart forgets it, the record keeps the action itself)
    stood_in: dict[int, StoodIn] = field(default_factory=dict)
    acked: dict[int, str] = field(default_factory=dict)  # seat -> its page's last accepted id
    last_used: float = field(default_factory=time.monotonic)  # ``get`` touches it: eviction
    # the running scores (``TableService.running_scores``) and the version they were made at
    scores: tuple[int, list[int]] | None = None

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def finished(self) -> bool:
        return self.row.status == "finished"

    @property
    def revision(self) -> int:
        """The stored revision this copy holds (every write up to it, none after it)."""
        return self.row.revision


def _rebuild(row: TableRow, record: list[tuple[int, JSON]]) -> State:
    """The game from its record (every action was legal when it was stored)."""
    state = get_game(row.game).setup(dict(row.options), row.seed)
    for seat, action in record:
        state.apply(seat, state.action_from_json(action))
    return state


def _outcome(
    game: str, result: ResultView | None, reader: int | None, seats: Any, teams: Any = None
) -> str:
    """Who won and how, in a sentence for ``reader`` (empty until the game is over); a team
    game's ``teams`` (``_teams``) are told to the game's words with the result."""
    if not result:
        return ""
    told = {**result, "teams": teams} if teams else result
    return str(get_game(game).part("present").victory_line(told, reader, shown_names(seats)))


def _categories(game: str, result: ResultView | None) -> dict[str, str]:
    """The score categories of a finished game's result, each with its heading."""
    players = result["players"] if result else []
    return category_names(game, list(players[0]["breakdown"])) if players else {}


def _teams(state: State) -> list[JSON] | None:
    """A finished team game's teams: their seats, total, coins and rank (else None)."""
    if not state.is_terminal():
        return None
    teams = state.result().extra.get("teams")
    return [dict(t) for t in teams] if teams else None


def _turn_ends(game: str, options: JSON, seed: Any, record: list[Any]) -> list[int]:
    """The steps of a record where a turn is over (0 first): the replay steps by these. The
    choices of a simultaneous turn (several seats owing at once) were stored together in
    seat order and make one turn; a turn-based decision is one action."""
    state = get_game(game).setup(dict(options), seed)
    ends, i = [0], 0
    while i < len(record):
        owing = sorted(state.to_move())
        together = len(owing) > 1 and [s for s, _a in record[i : i + len(owing)]] == owing
        size = len(owing) if together else 1
        for s, action in record[i : i + size]:
            state.apply(s, state.action_from_json(action))
        i += size
        ends.append(i)
    return ends


def rematch_token(token: str, table_id: str, seat: int) -> str:
    """The secret token of ``seat`` at the rematch ``table_id`` for whoever holds ``token``
    (its seat's token at the finished table): derived from it, so only its holder can ask
    for it, and asking again (from another device too) gives the same link; the server keeps
    only its hash, as of every token."""
    key = f"rematch {table_id} {seat}".encode()
    digest = hmac.new(token.encode(), key, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")[:32]


def _rematch_seats(seats: list[SeatRow]) -> list[SeatRow]:
    """The seats of a rematch: the bots as they were; each person's seat keeps its name and
    waits for its player (only their own link reaches it: ``rematch_token``); a seat nobody
    ever took is open again."""
    rows = []
    for s in seats:
        if s.kind == "bot":
            rows.append(SeatRow(s.seat, "bot", s.bot, s.name, None, True, access=None, named=True))
        elif s.token_hash is None:
            name = f"Player {s.seat + 1}"
            rows.append(SeatRow(s.seat, "human", None, name, None, False, access=OPEN))
        else:
            rows.append(
                SeatRow(
                    s.seat,
                    "human",
                    None,
                    s.name,
                    None,
                    False,
                    access=INVITED,
                    named=s.named,
                    player=s.player,  # the same player: their rating follows them
                )
            )
    return rows


@dataclass
class Rematch:
    """A seat's place at a finished table's rematch: the new table, the seat, its secret
    token; ``created``: this request made the rematch (then ``admin`` is its manage token,
    given to the player who proposed it)."""

    table_id: str
    seat: int
    token: str
    created: bool
    admin: str = ""


@dataclass
class Created:
    table_id: str
    tokens: dict[int, str]  # seat -> its secret token: the creator's and each invited seat's
    admin: str = ""  # the creator's secret token: seats a bot in an absent player's place
    creator: int | None = None  # the seat the creator sits at (None: they do not play)
    access: dict[int, str] = field(default_factory=dict)  # each person's seat: invited / open


def parse(model: type[M], raw: Any) -> M:
    """``raw`` (any JSON) as ``model``, else a ``WebError`` saying in one line what is wrong."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise WebError(one_line(exc)) from None


def _seat_rows(spec: TableIn) -> list[SeatRow]:
    """The seats of a new table: the creator's taken (named if they gave a name), the bots'
    taken, the others waiting for their invited player or for whoever joins."""
    rows = []
    for seat, s in enumerate(spec.seats):
        if s.kind == "bot":  # a default name is stored in English, shown in each reader's
            name = s.name or f"{s.bot} bot {seat + 1}"
            rows.append(SeatRow(seat, "bot", s.bot, name, None, True, access=None, named=True))
            continue
        mine = seat == spec.creator_seat
        name = s.name or f"Player {seat + 1}"
        rows.append(
            SeatRow(
                seat, "human", None, name, None, mine, access=s.access, named=mine and bool(s.name)
            )
        )
    seen: set[str] = set()
    for row in rows:
        if row.name.casefold() in seen:
            raise WebError(
                _("two seats are called {name}: give each its own name").format(name=row.name)
            )
        seen.add(row.name.casefold())
    return rows


class TableService:
    """Thread-safe: every table has its own lock; the store is the source of truth."""

    def __init__(self, store: Store, thinkers: Thinkers | None = None) -> None:
        self.store = store
        self.thinkers = thinkers  # where the search bots think (None: in the calling thread)
        self._live: dict[str, LiveTable] = {}
        self._lock = threading.Lock()
        # called (in whatever thread reloaded it) when a cached table was brought to what
        # another process stored: the server pushes its new views
        self.on_reload: Callable[[LiveTable], None] | None = None

    # ---- creating and loading ----

    def create(
        self,
        game: Any,
        options: Any,
        seat_specs: Any,
        seed: int | None = None,
        clock: Any = None,
        creator_seat: Any = FIRST,
    ) -> Created:
        """A new table (see ``create_from``); ``creator_seat`` FIRST: the first person's seat."""
        body: dict[str, Any] = {"game": game, "options": options, "seats": seat_specs}
        if clock is not None:
            body["clock"] = clock
        if creator_seat != FIRST:
            body["creator_seat"] = creator_seat
        return self.create_from(body, seed)

    def create_from(self, body: Any, seed: int | None = None, player: str | None = None) -> Created:
        """A new table from ``POST /api/tables``'s body (``seating.TableIn``): the creator's
        seat is taken (``player``'s, if they have one: players.py), each invited seat gets its
        secret token (the creator's too), an open seat waits for the lobby's first Join."""
        spec = parse(TableIn, body)
        if spec.game not in game_names():
            raise WebError(
                _("unknown game {game!r}; games: {names}").format(
                    game=spec.game, names=", ".join(game_names())
                )
            )
        if seed is None:
            seed = secrets.randbits(62)
        try:
            state = get_game(spec.game).setup(dict(spec.options), seed)
        except WondersError as exc:
            raise WebError(str(exc)) from None
        if len(spec.seats) != state.num_players:
            raise WebError(
                _("this game has {n} seats: give one entry for each").format(n=state.num_players)
            )
        clock = spec.clock
        if clock is not None and (
            isinstance(clock, bool)
            or not isinstance(clock, int | float)
            or not MIN_CLOCK <= clock <= MAX_CLOCK
        ):
            raise WebError(
                _("the turn clock is {lo} to {hi} seconds").format(lo=MIN_CLOCK, hi=MAX_CLOCK)
            )
        for seat in spec.seats:
            unfit = seat.bot and unfit_bot(seat.bot, spec.game, state.num_players)
            if unfit:
                raise WebError(unfit)
        rows = _seat_rows(spec)
        tokens: dict[int, str] = {}
        for row in rows:
            if row.seat == spec.creator_seat:
                row.player = player
            if row.kind == "human" and (row.seat == spec.creator_seat or row.access == INVITED):
                tokens[row.seat] = secrets.token_urlsafe(24)
                row.token_hash = token_hash(tokens[row.seat])
        table_id = secrets.token_urlsafe(9)
        admin = secrets.token_urlsafe(24)
        self.store.create_table(
            table_id,
            spec.game,
            dict(spec.options),
            seed,
            rows,
            token_hash(admin),
            None if clock is None else float(clock),
        )
        access = {r.seat: r.access for r in rows if r.kind == "human" and r.access}
        return Created(table_id, tokens, admin, spec.creator_seat, access)

    def get(self, table_id: str) -> LiveTable:
        with self._lock:
            live = self._live.get(table_id)
        if live is not None:
            live.last_used = time.monotonic()
            return live
        loaded = self.store.load(table_id) if isinstance(table_id, str) else None
        if loaded is None:
            raise NotFound(_("no table {id}").format(id=table_id))
        row, record = loaded
        live = LiveTable(row, _rebuild(row, record), len(record))
        with self._lock:
            return self._live.setdefault(table_id, live)

    def _reload(self, live: LiveTable, quiet: bool = False) -> bool:
        """Bring a cached table (its lock held) to what the store holds, in place so every
        holder of it sees the fresh game; False if it was current (the same revision). A
        record only grows, so the engine plays just the actions it lacks. ``on_reload`` hears
        of a change unless ``quiet`` (the caller pushes the views itself)."""
        loaded = self.store.load(live.id)
        if loaded is None:
            return False
        row, record = loaded
        if row.revision == live.row.revision and len(record) == live.count:
            return False
        state = live.state
        try:
            if not 0 <= live.count <= len(record):  # -1: the engine may hold unstored moves
                raise WondersError("rebuild")
            for seat, action in record[live.count :]:
                state.apply(seat, state.action_from_json(action))
        except Exception:  # a half-played engine is rebuilt whole
            live.count = -1  # (and again at the next reload, should the rebuild fail)
            state = _rebuild(row, record)
        live.row, live.state, live.count = row, state, len(record)
        live.version = next(_SEQ)
        if not quiet and self.on_reload is not None:
            self.on_reload(live)
        return True

    def _wrote(self, live: LiveTable, written: Written) -> None:
        """This process stored ``written`` and made the same change in its copy (its lock
        held): the copy is at the new revision, unless another write came between its last
        load and this one; then it is reloaded (else the next sweep does it)."""
        if written.before == live.row.revision:
            live.row.revision = written.revision
            return
        try:
            self._reload(live, quiet=True)
        except Exception as exc:  # stored already: the change stands, the copy catches up later
            log.warning("could not reload table %s after a write: %s", live.id, exc)

    def refresh(self, table_id: str, revision: int | None = None) -> LiveTable | None:
        """Reload a cached table another process changed; the table if it changed, else None
        (also when not cached here, or when its copy holds ``revision`` already: a note of a
        change this process made or has heard of)."""
        with self._lock:
            live = self._live.get(table_id)
        if live is None or (revision is not None and live.row.revision >= revision):
            return None
        with live.lock:
            return live if self._reload(live) else None

    def holds(self, table_id: str, revision: int | None) -> bool:
        """Whether a note of ``table_id`` at ``revision`` needs no reload here: the table is
        not cached, or its copy holds that revision already (cheap: no database)."""
        with self._lock:
            live = self._live.get(table_id)
        return live is None or (revision is not None and live.row.revision >= revision)

    def catch_up(self, live: LiveTable) -> bool:
        """Reload ``live`` if the store moved on from it; True if it did (one cheap query when
        it did not)."""
        if self.store.revisions([live.id]).get(live.id, live.row.revision) == live.row.revision:
            return False
        with live.lock:
            return self._reload(live)

    def sweep(self) -> list[LiveTable]:
        """Reload every cached table whose stored revision is not its copy's (one query for
        them all): what a lost notification would have told. The tables that changed."""
        cached = self.live_tables()
        if not cached:
            return []
        stored = self.store.revisions([live.id for live in cached])
        changed = []
        for live in cached:
            if stored.get(live.id, live.row.revision) != live.row.revision:
                with live.lock:
                    if self._reload(live):
                        changed.append(live)
        return changed

    def live_tables(self) -> list[LiveTable]:
        with self._lock:
            return list(self._live.values())

    def forget(self, table_id: str) -> None:
        """Drop the cached engine: the next use rebuilds it from the store."""
        with self._lock:
            self._live.pop(table_id, None)

    def evict(self, keep: Callable[[str], bool], idle: float) -> int:
        """Drop the cached games that ``keep`` lets go and nobody used for ``idle`` seconds
        (a finished one: for ``min(idle, FINISHED_IDLE)``), unless in use right now (their
        lock held); how many were dropped. The next ``get`` rebuilds one from the store."""
        now = time.monotonic()
        dropped = 0
        with self._lock:
            for table_id, live in list(self._live.items()):
                wait = min(idle, FINISHED_IDLE) if live.finished else idle
                if now - live.last_used < wait or keep(table_id):
                    continue
                if live.lock.acquire(blocking=False):
                    try:
                        del self._live[table_id]
                        dropped += 1
                    finally:
                        live.lock.release()
        return dropped

    def seat_for_token(self, token: Any) -> tuple[LiveTable, int]:
        if not isinstance(token, str) or not token:
            raise Forbidden(_("a seat token is needed to act"))
        found = self.store.seat_for_token(token)
        if found is None:
            raise Forbidden(_("unknown seat token"))
        live = self.get(found[0])
        with live.lock:
            seat_row = live.row.seats[found[1]]
            if not seat_row.claimed:
                written = self.store.claim(live.id, seat_row.seat)
                seat_row.claimed = True
                self._wrote(live, written)
        return live, found[1]

    def join(self, table_id: str, body: Any = None, player: str | None = None) -> tuple[int, str]:
        """Take the first open seat nobody has taken (``body``: ``seating.JoinIn``, the
        joiner's name; ``player``: theirs, unless they sit at the table already): its seat and
        a new secret token. Never an invited seat."""
        spec = parse(JoinIn, {} if body is None else body)
        live = self.get(table_id)
        if live.finished:
            raise Conflict(_("the game is over"))
        token = secrets.token_urlsafe(24)
        with live.lock:
            self._reload(live)  # another process may have seated someone meanwhile
            if spec.name is not None:
                self._name_free(live, spec.name, None)
            if any(s.player == player for s in live.row.seats):
                player = None  # a player has one seat of a table (the others: not theirs)
            seat = self.store.claim_open_seat(table_id, token_hash(token), spec.name, player)
            if seat is None:
                raise Conflict(
                    _("no open seat is free at this table (the others are taken or invited)")
                )
            row = live.row.seats[seat]
            row.claimed, row.token_hash = True, token_hash(token)
            if spec.name is not None:
                row.name, row.named = spec.name, True
            live.version = next(_SEQ)
            try:  # the copy takes the stored revision (the route pushes the views)
                self._reload(live, quiet=True)
            except Exception as exc:  # the seat is taken: the next sweep catches the copy up
                log.warning("could not reload table %s after a join: %s", live.id, exc)
        return seat, token

    def tie(self, live: LiveTable, seat: int, player: str | None) -> bool:
        """The seat is ``player``'s if nobody's yet (its link opened first with their cookie)
        and they have no other seat at the table; True if it became theirs."""
        if player is None:
            return False
        with live.lock:
            row = live.row.seats[seat]
            if row.kind != "human" or row.player is not None:
                return False
            if any(s.player == player for s in live.row.seats):
                return False
            written = self.store.tie_seat(live.id, seat, player)
            if written is None:  # another process tied it meanwhile: take what is stored
                self._reload(live, quiet=True)
                return False
            row.player = player
            row.rating = ratings.rating_of(self.store.engine, player, live.row.game)
            self._wrote(live, written)
            live.version = next(_SEQ)
            return True

    def set_name(self, live: LiveTable, seat: int, body: Any) -> str:
        """The name ``seat``'s player chose (``body``: ``seating.NameIn``): once only, then it
        is fixed (the log and the others' pages call them by it)."""
        spec = parse(NameIn, body)
        assert spec.name is not None
        with live.lock:
            row = live.row.seats[seat]
            if live.finished:
                raise Conflict(_("the game is over"))
            if row.named:
                raise Conflict(
                    _("your name at this table is chosen already: {name}").format(name=row.name)
                )
            self._name_free(live, spec.name, seat)
            written = self.store.set_name(live.id, seat, spec.name)
            row.name, row.named = spec.name, True
            self._wrote(live, written)
            live.version = next(_SEQ)
            return spec.name

    @staticmethod
    def _name_free(live: LiveTable, name: str, seat: int | None) -> None:
        """Refuse ``name`` if another seat of the table is called so (case aside)."""
        for other in live.row.seats:
            if other.seat != seat and other.name.casefold() == name.casefold():
                raise Conflict(
                    _("someone at this table is called {name} already").format(name=name)
                )

    def admin_table(self, token: Any) -> LiveTable:
        """The table whose creator holds ``token``."""
        if not isinstance(token, str) or not token:
            raise Forbidden(_("the table's creator token is needed"))
        table_id = self.store.table_for_admin(token)
        if table_id is None:
            raise Forbidden(_("unknown creator token"))
        return self.get(table_id)

    def set_stand_in(self, live: LiveTable, seat: Any, bot: Any) -> None:
        """Seat ``bot`` in place of the person at ``seat`` (None: give the seat back)."""
        with live.lock:
            if live.finished:
                raise Conflict(_("the game is over"))
            n = len(live.row.seats)
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
                raise WebError(_("seat must be 0 to {last}").format(last=n - 1))
            if live.row.seats[seat].kind != "human":
                raise WebError(_("seat {n} is a bot's already").format(n=seat))
            if bot is not None:
                from wonders.web.seating import menu_bot  # the web's menu: no budgets

                try:
                    menu_bot(bot)
                except ValueError as exc:
                    raise WebError(str(exc)) from None
                unfit = unfit_bot(bot, live.row.game, n)
                if unfit:
                    raise WebError(unfit)
            written = self.store.set_stand_in(live.id, seat, bot)
            live.row.seats[seat].stand_in = bot
            if bot is None:
                live.row.seats[seat].back_at = written.at
            self._wrote(live, written)
            live.version = next(_SEQ)

    def reinvite(self, live: LiveTable, seat: Any) -> str:
        """A new secret link for the invited ``seat`` whose link was never opened (the
        creator lost it, or sent it to the wrong person): its token; the old link is dead."""
        with live.lock:
            n = len(live.row.seats)
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
                raise WebError(_("seat must be 0 to {last}").format(last=n - 1))
            row = live.row.seats[seat]
            if row.kind != "human" or row.access != INVITED or row.claimed:
                raise Conflict(
                    _("only an invited seat whose link nobody has opened gets a new link")
                )
            token = secrets.token_urlsafe(24)
            written = self.store.reinvite_seat(live.id, seat, token_hash(token))
            if written is None:  # opened meanwhile (another process): as stored
                self._reload(live, quiet=True)
                raise Conflict(
                    _("only an invited seat whose link nobody has opened gets a new link")
                )
            row.token_hash = token_hash(token)
            self._wrote(live, written)
            live.version = next(_SEQ)
        return token

    # ---- the rematch ----

    def rematch(self, token: Any) -> tuple[LiveTable, Rematch]:
        """The rematch of the finished table whose seat ``token`` holds, made if it has none
        (the same game, options, clock and seats, a new seed; one rematch a table: a second
        proposal gets the first one), and the seat's own place at it: its new secret token,
        given to that seat only when its player asks (``rematch_token``). The finished table
        and the ``Rematch``."""
        live, seat = self.seat_for_token(token)
        assert isinstance(token, str)
        with live.lock:
            if not live.finished:
                raise Conflict(_("a rematch can be proposed once the game is over"))
            new_id, created, admin = live.row.rematch, False, ""
            if new_id is None:
                candidate, admin = secrets.token_urlsafe(9), secrets.token_urlsafe(24)
                rows = _rematch_seats(live.row.seats)
                seed = secrets.randbits(62)
                try:
                    new_id = self.store.create_rematch(
                        live.id, candidate, seed, rows, token_hash(admin)
                    )
                except StaleError:
                    raise NotFound(_("no table {id}").format(id=live.id)) from None
                created = new_id == candidate
                admin = admin if created else ""
                live.row.rematch = new_id
                live.version = next(_SEQ)
                try:  # the copy takes the stored revision (the caller pushes the views)
                    self._reload(live, quiet=True)
                except Exception as exc:  # stored: the next sweep catches the copy up
                    log.warning("could not reload table %s after a rematch: %s", live.id, exc)
        mine = rematch_token(token, new_id, seat)
        new = self.get(new_id)
        with new.lock:
            row = new.row.seats[seat]
            if row.token_hash != token_hash(mine):
                written = self.store.give_seat(new_id, seat, token_hash(mine))
                if written is None:  # given meanwhile (another process): to this token?
                    self._reload(new, quiet=True)
                    if new.row.seats[seat].token_hash != token_hash(mine):
                        raise Conflict(_("your seat at the rematch is taken"))
                else:
                    row.token_hash = token_hash(mine)
                    self._wrote(new, written)
                    new.version = next(_SEQ)
        return live, Rematch(new_id, seat, mine, created, admin)

    # ---- acting ----

    def act(
        self,
        live: LiveTable,
        seat: int,
        action_json: Any,
        by_bot: bool = False,
        version: int | None = None,
        ref: str | None = None,
    ) -> JSON:
        """Check and play (or, in a simultaneous turn, keep) ``seat``'s action; stored before
        this returns. Returns the acknowledgement. ``version``: the state message's version
        the choice was made on; refused if the table has stored actions since (a page that
        was offline must not play an old choice on a new turn). ``ref``: the page's id for
        the action, kept as the seat's ``acked`` so a page that lost the connection before
        the acknowledgement can tell its choice was taken. The acknowledgement says what it
        acknowledges: ``id`` (``ref``, if given), ``judged`` (the version of the table's state
        the action was judged on) and ``new``: the ``version`` and ``seq`` of the state it led
        to (a state message of that seq or a later one shows it)."""
        with live.lock:
            if live.finished:
                raise Conflict(_("the game is over"))
            if live.row.seats[seat].stand_in and not by_bot:
                raise Conflict(_("a bot plays your seat: take it back first"))
            if not isinstance(action_json, dict):
                raise WebError(_("an action must be a JSON object"))
            if version is not None and decision_of(version) != live.count:
                raise Conflict(_("the table has moved on since this choice was made: choose again"))
            state = live.state
            owing = state.to_move()
            if seat not in owing:
                raise Conflict(_("seat {n} owes no decision now").format(n=seat))
            try:
                action = state.action_from_json(action_json)
            except Exception as exc:  # any JSON at all may come in: each is refused plainly
                raise WebError(_("malformed action: {why}").format(why=exc)) from None
            canonical = action.to_json()
            if canonical not in [a.to_json() for a in state.legal_actions(seat)]:
                raise WebError(_("illegal action: {action}").format(action=canonical))
            judged = state_version(live)
            pending = dict(live.row.pending)
            pending[seat] = canonical
            if len(owing) > 1 and not set(owing) <= set(pending):
                self._store(live, [], pending)
                ack: JSON = {"type": "ack", "pending": True, "chosen": sorted(pending)}
            else:
                batch = [(s, pending[s]) for s in sorted(pending) if s in owing]
                self._play(live, batch)
                ack = {"type": "ack", "pending": False}
            ack["judged"] = judged
            ack["new"] = {"version": state_version(live), "seq": live.version}
            if ref is not None:
                ack["id"] = ref
            if not by_bot:
                live.stood_in.pop(seat, None)  # the person chooses again: the clock's note goes
                if ref is not None:
                    live.acked[seat] = ref
            return ack

    def _play(self, live: LiveTable, batch: list[tuple[int, JSON]]) -> None:
        state = live.state
        try:
            for s, a in batch:
                state.apply(s, state.action_from_json(a))
        except WondersError:  # cannot happen for checked actions: rebuild to be safe
            live.count = -1
            self._reload(live)
            raise
        self._store(live, batch, {})

    def _store(
        self, live: LiveTable, batch: list[tuple[int, JSON]], pending: dict[int, JSON]
    ) -> None:
        state = live.state
        finished = state.is_terminal()
        result = state.result().to_json() if finished else None
        status = "finished" if finished else "playing"
        # the ratings, in the transaction that finishes the table (ratings.py)
        finish = ratings.Finisher(live.id, live.row.game, result, _teams(state)) if result else None
        try:
            written = self.store.append(
                live.id, live.count, batch, pending, status, result, live.row.pending, finish
            )
        except StaleError:
            live.count = -1  # the engine may hold moves that were not stored
            self._reload(live)
            raise StaleTable(_("the table changed meanwhile: try again")) from None
        except Exception:  # the database failed: the next use rebuilds the game from it
            self.forget(live.id)
            raise
        live.count += len(batch)
        if batch:
            live.row.owed_since = written.at
        live.row.pending = pending
        live.row.status = status
        live.row.result = result
        for rated_seat, rating in (finish.rated if finish else {}).items():
            live.row.seats[rated_seat].rating = rating
        self._wrote(live, written)
        live.version = next(_SEQ)

    # ---- bots ----

    def bot_owing(self, live: LiveTable) -> list[int]:
        """Seats played by a bot (their own or a stand-in) that owe a decision and have not
        chosen yet."""
        with live.lock:
            if live.finished:
                return []
            return [
                s
                for s in live.state.to_move()
                if (live.row.seats[s].kind == "bot" or live.row.seats[s].stand_in)
                and s not in live.row.pending
            ]

    def clock_owing(self, live: LiveTable) -> list[int]:
        """People on the clock: seats a person plays that owe a decision not made yet."""
        with live.lock:
            if live.finished or live.row.clock is None:
                return []
            return [
                s
                for s in live.state.to_move()
                if live.row.seats[s].kind == "human"
                and not live.row.seats[s].stand_in
                and s not in live.row.pending
            ]

    def clock_left(self, live: LiveTable, seat: int | None) -> float | None:
        """Seconds left before the turn clock's bot decides for ``seat`` (None: it is not on
        the clock): computed when the message is made, so a page counts down from it with
        its own clock, whatever the skew between the two."""
        with live.lock:
            if seat is None or seat not in self.clock_owing(live):
                return None
            return round(max(0.0, (self.deadline(live, seat) or 0.0) - time.time()), 1)

    def deadline(self, live: LiveTable, seat: int) -> float | None:
        """When ``seat``'s turn clock runs out (seconds since the epoch), from the stored time
        its decision became owed (or it took the seat back from a stand-in, if later): the
        same in every process and after a restart."""
        with live.lock:
            if live.row.clock is None:
                return None
            since = live.row.owed_since or live.row.created_at
            return max(since, live.row.seats[seat].back_at or 0.0) + live.row.clock

    def play_bot(self, live: LiveTable, seat: int, clock_count: int | None = None) -> bool:
        """Let the bot at ``seat`` choose (on a copy, outside the lock) and act; False if the
        table moved on meanwhile. With ``clock_count``: the turn clock ran out for a person
        at ``seat`` while ``clock_count`` actions were stored, so ``CLOCK_BOT`` decides for
        them (if that decision is still owed)."""
        with live.lock:
            row = live.row.seats[seat]
            if clock_count is None:
                if seat not in self.bot_owing(live):
                    return False
                name = row.bot if row.kind == "bot" else row.stand_in
            else:
                if live.count != clock_count or seat not in self.clock_owing(live):
                    return False
                name = CLOCK_BOT
            count = live.count
            owed = self.bot_owing if clock_count is None else self.clock_owing
            snapshot = live.state.clone()
            name = playing_spec(name or "random")  # the server's budget, whatever is stored
            seed = (live.row.seed + 7919 * seat + 104729 * live.count) % 2**31
            key = f"{seat}:{name}"
            bot = live.bots.get(key)
            if bot is None:
                bot = live.bots[key] = make_bot(name, seed=seed)
        # one process decides (several may serve the table): the claim lasts until it acted
        with self.store.decision_claim(live.id, count, seat) as claimed:
            if not claimed:
                return False
            try:
                if self.thinkers is not None and is_search_bot(name):
                    choice = self.thinkers.choose(snapshot, seat, name, seed)
                else:
                    choice = bot.choose(snapshot, seat).to_json()
            except ThinkersClosed:  # the server is stopping: nothing is played
                return False
            except Exception:  # a bot's bug must not stall the table: it plays at random
                log.exception("bot %s failed at table %s, seat %d", name, live.id, seat)
                choice = random.Random(count).choice(snapshot.legal_actions(seat)).to_json()
            with live.lock:
                # while the claim holds, others can only store other seats' choices (one each)
                for _attempt in range(len(live.row.seats) + 1):
                    if live.count != count or seat not in owed(live):
                        return False  # the table moved on (or the person took the seat back)
                    seen = live.state.view(seat) if clock_count is not None else None
                    try:
                        self.act(live, seat, choice, by_bot=True)
                    except StaleTable:  # another process stored another seat's choice:
                        continue  # reloaded; this decision is still this claim's
                    if seen is not None:  # the clock's: the person is told who chose what
                        live.stood_in[seat] = StoodIn(name, seen, choice)
                    return True
                return False

    @staticmethod
    def _stood_in(live: LiveTable, reader: int | None) -> list[JSON]:
        """The clock's last decisions in a sentence for ``reader``: what was chosen is told
        only to the seat it was chosen for (worded from its view when the bot chose)."""
        out: list[JSON] = []
        names = shown_names(live.row.seats)
        for seat, entry in sorted(live.stood_in.items()):
            bot = bot_word(entry.bot)
            if seat == reader:
                present = get_game(live.row.game).part("present")
                label = present.action_label(entry.view, entry.action, names)
                text = _("Your time ran out, so the bot {bot} chose for you: {action}").format(
                    bot=bot, action=label
                )
            else:
                text = _("The bot {bot} chose for {name}, whose time ran out").format(
                    bot=bot, name=names[seat]
                )
            out.append({"seat": seat, "bot": entry.bot, "text": text})
        return out

    # ---- what a client receives ----

    def running_scores(self, live: LiveTable) -> list[int]:
        """Each city's score so far as anyone could count it: the game's ``advice.score``
        on the spectator's view (``view(None)``), so no hidden card counts and every reader
        is sent the same numbers. Made once for each version of the table; empty for a game
        without the advice (or if it fails: the state is sent without them)."""
        with live.lock:
            cached = live.scores
            if cached is not None and cached[0] == live.version:
                return cached[1]
            info = get_game(live.row.game)
            scores: list[int] = []
            if info.has("advice"):
                try:
                    advice = info.part("advice")
                    view = live.state.view(None)
                    scores = [int(advice.score(view, p)) for p in range(live.state.num_players)]
                except Exception:
                    log.exception("the running scores of table %s failed", live.id)
            live.scores = (live.version, scores)
            return scores

    def message(self, live: LiveTable, seat: int | None, language: str | None = None) -> JSON:
        """Everything ``seat`` (None: a spectator) may know: ``view(seat)``, its legal actions,
        its own pending choice, who has chosen, the seats, the log in words, the result; its
        words in ``language`` (None: the current context's)."""
        with use_language(language) if language else nullcontext(), live.lock:
            state = live.state
            names = shown_names(live.row.seats)
            view = state.view(seat)
            owing = [] if live.finished else state.to_move()
            pending = live.row.pending
            msg: JSON = {
                "type": "state",
                "table": live.id,
                "game": live.row.game,
                "seat": seat,
                "version": live.count * 1000 + len(pending),
                "seq": live.version,
                "status": live.row.status,
                "options": live.row.options,
                "to_move": owing,
                "chosen": sorted(s for s in pending if s in owing),
                "seats": [
                    {
                        "seat": s.seat,
                        "name": names[s.seat],
                        "kind": s.kind,
                        "bot": s.bot,
                        "claimed": s.claimed,
                        "stand_in": s.stand_in,
                        "stand_in_name": bot_word(s.stand_in) if s.stand_in else None,
                        "access": s.access,
                        "player": s.player,  # players.py: their page is /players/ID
                        "rating": ratings.rating_json(s.rating),
                    }
                    for s in live.row.seats
                ],
                "clock": live.row.clock,
                "clock_left": self.clock_left(live, seat),
                "stood_in": self._stood_in(live, seat),
                "acked": None if seat is None else live.acked.get(seat),
                "view": view,
                "log": words.log(live.row.game, view, seat, names),
                "board": board_words(live.row.game, view, seat, names),
                "legal": [],
                "my_choice": None,
                "result": live.row.result,
                "outcome": _outcome(
                    live.row.game, live.row.result, seat, live.row.seats, _teams(state)
                ),
                "categories": _categories(live.row.game, live.row.result),
                "teams": _teams(state),
                # each city's score so far from the public view only, and its words
                "scores": self.running_scores(live),
                "rematch": live.row.rematch,  # the finished table's rematch (its id)
            }
            msg["score_words"] = [_("{n} VP").format(n=n) for n in msg["scores"]]
            msg["labels"] = []
            msg["why_not"] = {}
            msg["decision"] = {"title": "", "prompt": ""}
            msg["notes"] = []
            if seat is not None and seat in owing:
                legal = msg["legal"] = [a.to_json() for a in state.legal_actions(seat)]
                present = get_game(live.row.game).part("present")
                title, prompt = present.decision(view, legal, names)
                msg["decision"] = {"title": title, "prompt": prompt}
                msg["labels"] = [present.action_label(view, a, names) for a in legal]
                msg["why_not"] = unbuildable(live.row.game, view, legal)
                msg["notes"] = notes(live.row.game, view, legal)
                msg["my_choice"] = pending.get(seat)
            return msg

    def record(self, live: LiveTable) -> JSON:
        """The full record (with its seed): only once the game is over."""
        with live.lock:
            if not live.finished:
                raise Conflict(_("the record is shown when the game is over"))
            loaded = self.store.load(live.id)
            assert loaded is not None
            row, acts = loaded
            seats = [person() if s.kind == "human" else bot(s.bot or "") for s in row.seats]
            return GameRecord(row.game, row.options, row.seed, acts, row.result, seats).to_json()

    def replay_step(self, live: LiveTable, seat: Any, step: Any) -> JSON:
        """A finished game after its first ``step`` actions, as ``seat`` (None: a spectator)
        saw it then: the replay page steps through these."""
        with live.lock:
            if not live.finished:
                raise Conflict(_("the replay is shown when the game is over"))
            n = live.state.num_players
            if seat is not None and (not isinstance(seat, int) or not 0 <= seat < n):
                raise WebError(_("seat must be 0 to {last}").format(last=n - 1))
            if not isinstance(step, int) or not 0 <= step <= live.count:
                raise WebError(_("step must be 0 to {last}").format(last=live.count))
            loaded = self.store.load(live.id)
            assert loaded is not None
            row, record = loaded
        state = get_game(row.game).setup(dict(row.options), row.seed)
        for s, action in record[:step]:
            state.apply(s, state.action_from_json(action))
        view = state.view(seat)
        names = shown_names(row.seats)
        return {
            "table": live.id,
            "game": row.game,
            "seat": seat,
            "step": step,
            "steps": len(record),
            "actor": record[step - 1][0] if step else None,
            "seats": [{"seat": s.seat, "name": names[s.seat], "kind": s.kind} for s in row.seats],
            "view": view,
            "log": words.log(row.game, view, seat, names),
            "board": board_words(row.game, view, seat, names),
            "result": row.result if step == len(record) else None,
            "categories": _categories(row.game, row.result) if step == len(record) else {},
            "outcome": _outcome(row.game, row.result, seat, row.seats, _teams(state))
            if step == len(record)
            else "",
            "teams": _teams(state) if step == len(record) else None,
            "turns": _turn_ends(row.game, row.options, row.seed, record),
        }

    def lobby(self, language: str | None = None) -> JSON:
        """Tables waiting for players (a person's seat not yet taken: ``joinable`` if one of
        them is open, else they wait for their invited players), games in progress, finished
        games. Each seat says whether it is taken and, for a person's, invited or open; the
        words in ``language`` (None: the current context's)."""
        with use_language(language) if language else nullcontext():
            return self._lobby()

    def _lobby(self) -> JSON:
        out: JSON = {"open": [], "playing": [], "finished": []}
        for row in self.store.list_tables():
            waiting = [s for s in row.seats if not s.claimed]
            names = shown_names(row.seats)
            entry = {
                "id": row.id,
                "game": row.game,
                "options": row.options,
                "about": options_text(row.options),
                "seats": [
                    {
                        "seat": s.seat,
                        "name": names[s.seat],
                        "kind": s.kind,
                        "bot": s.bot,
                        "claimed": s.claimed,
                        "access": s.access,
                    }
                    for s in row.seats
                ],
                "joinable": row.status != "finished" and any(s.access == OPEN for s in waiting),
                "updated_at": row.updated_at,
            }
            if row.status == "finished":
                out["finished"].append(entry)
            elif waiting:
                out["open"].append(entry)
            else:
                out["playing"].append(entry)
        return out
