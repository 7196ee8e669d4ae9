"""The players' ratings: OpenSkill's Plackett-Luce model, one rating per player and game.

- **Per game**: a rating is a player's at one game of the registry ("classic", "duel",
  "architects"), whatever the number of players, the expansions or the teams. Plackett-Luce
  rates a finish order of any length (and teams), so a 3-player and a 7-player game inform
  one rating, as one rating per game does on the big online tables; a rating per number of
  players would split a small site's games seven ways and keep every rating uncertain.
- **Who is rated**: a finished table whose seats are all people, at least two of them
  players (``wonders_players``, known by their cookie) and none of them in two seats. A
  person's seat without a player (a client without the cookie) is left out, the others keep
  their order; in a team game every seat must be a player's.
- **Bots**: a game with a bot is *not rated*, nor one where a bot played a person's seat
  while they were away (a stand-in, even if they came back): a bot's strength against people
  is not known, and a fixed guess would flow into every rating (and a weak bot could be
  farmed). The turn clock's single decisions for a person out of time do not stop a rating.
- **Once**: ``Finisher`` runs in the transaction that stores the table's last action
  (``Store.append``'s ``finish``), which holds the table's row; it writes a ``wonders_rated``
  row per player ((table, player) is unique) and does nothing if the table has one already.
  Rating rows are locked in the order of their keys, so two tables ending at once wait for
  each other rather than deadlock.
- **Shown**: the ordinal ``mu - 3 sigma`` (what the leaderboard sorts by: a new player starts
  at 0 and climbs as their rating gets surer), and ``mu ± sigma``.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from wonders.core.i18n import _
from wonders.core.protocol import JSON, ResultView
from wonders.web.models import players, rated, ratings, seats, tables

log = logging.getLogger(__name__)
BOTS_RATED = False  # a game with a bot (or a bot in a person's seat) is not rated


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown and sorted by: the mean less three uncertainties."""
    return mu - 3 * sigma


def rating_json(found: tuple[float, float, int] | None) -> JSON | None:
    """A seat's rating in a state message: mu, sigma, ordinal, games and their words."""
    if found is None:
        return None
    mu, sigma, games = found
    shown = ordinal(mu, sigma)
    return {
        "mu": round(mu, 2),
        "sigma": round(sigma, 2),
        "ordinal": round(shown, 1),
        "games": games,
        "text": _("rating {rating}").format(rating=f"{shown:.1f}"),
    }


@dataclass
class Seat:
    seat: int
    kind: str
    player: str | None
    stand_in: str | None
    back_at: float | None


def match(
    seat_rows: list[Seat], result: ResultView, teams: list[JSON] | None
) -> tuple[list[list[Seat]], list[int]] | str:
    """The match to rate: its teams (one-seat teams unless the game has teams) and their
    ranks; else why the table is not rated (for the log)."""
    if any(s.kind != "human" for s in seat_rows):
        return "a bot played"
    if any(s.stand_in or s.back_at for s in seat_rows):
        return "a bot played a person's seat"
    known = [s for s in seat_rows if s.player is not None]
    if len({s.player for s in known}) != len(known):
        return "a player sat in two seats"
    if len(known) < 2:
        return "fewer than two players"
    by_seat = {s.seat: s for s in seat_rows}
    if teams:
        if len(known) != len(seat_rows):
            return "a team game with a seat of no player"
        return [[by_seat[i] for i in t["seats"]] for t in teams], [int(t["rank"]) for t in teams]
    ranks = {int(p["seat"]): int(p["rank"]) for p in result.get("players", [])}
    return [[s] for s in known], [ranks[s.seat] for s in known]


@dataclass
class Finisher:
    """Rates a finished table in the transaction that finishes it (``Store.append``'s
    ``finish``); ``rated`` then holds each rated seat's new rating (mu, sigma, games)."""

    table_id: str
    game: str
    result: ResultView
    teams: list[JSON] | None = None
    rated: dict[int, tuple[float, float, int]] = field(default_factory=dict)
    why_not: str = ""

    def __call__(self, conn: sa.Connection) -> None:
        done = sa.select(rated.c.player).where(rated.c.table_id == self.table_id).limit(1)
        if conn.execute(done).first() is not None:
            self.why_not = "rated already"
            return
        query = sa.select(
            seats.c.seat, seats.c.kind, seats.c.player, seats.c.stand_in, seats.c.back_at
        ).where(seats.c.table_id == self.table_id)
        rows = [Seat(*r) for r in conn.execute(query.order_by(seats.c.seat))]
        try:
            found = match(rows, self.result, self.teams)
        except (KeyError, TypeError, ValueError) as exc:  # a result unlike the others: no rating
            log.warning("table %s cannot be rated: %s", self.table_id, exc)
            found = "its result has no ranks"
        if isinstance(found, str):
            self.why_not = found
            log.info("table %s is not rated: %s", self.table_id, found)
            return
        self._rate(conn, *found)

    def _rate(self, conn: sa.Connection, teams: list[list[Seat]], ranks: list[int]) -> None:
        from openskill.models import PlackettLuce

        model = PlackettLuce()
        now = time.time()
        people = sorted(s.player for team in teams for s in team if s.player is not None)
        _insert_missing(
            conn,
            [
                {
                    "player": p,
                    "game": self.game,
                    "mu": model.mu,
                    "sigma": model.sigma,
                    "games": 0,
                    "updated_at": now,
                }
                for p in people
            ],
        )
        query = (
            sa.select(ratings)
            .where(ratings.c.game == self.game, ratings.c.player.in_(people))
            .order_by(ratings.c.player)
            .with_for_update()
        )
        before = {r.player: (r.mu, r.sigma, r.games) for r in conn.execute(query)}
        try:
            match_teams = [
                [model.rating(mu=before[s.player][0], sigma=before[s.player][1]) for s in team]
                for team in teams
                if all(s.player is not None for s in team)
            ]
            after = model.rate(match_teams, ranks=[float(r) for r in ranks])
        except Exception:  # a rating's fault must not stop the game from ending: unrated
            log.exception("table %s could not be rated", self.table_id)
            self.why_not = "the rating failed"
            return
        changes = []
        for team, new_team, rank in zip(teams, after, ranks, strict=True):
            for s, new in zip(team, new_team, strict=True):
                assert s.player is not None
                mu0, sigma0, games = before[s.player]
                conn.execute(
                    ratings.update()
                    .where(ratings.c.player == s.player, ratings.c.game == self.game)
                    .values(mu=new.mu, sigma=new.sigma, games=games + 1, updated_at=now)
                )
                self.rated[s.seat] = (new.mu, new.sigma, games + 1)
                changes.append(
                    {
                        "table_id": self.table_id,
                        "player": s.player,
                        "game": self.game,
                        "seat": s.seat,
                        "rank": rank,
                        "mu_before": mu0,
                        "sigma_before": sigma0,
                        "mu": new.mu,
                        "sigma": new.sigma,
                        "at": now,
                    }
                )
        conn.execute(rated.insert(), changes)


def _insert_missing(conn: sa.Connection, rows: list[dict[str, Any]]) -> None:
    """Insert the rating rows not there yet (a racing writer's row stays as it is)."""
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as pg_insert

        conn.execute(pg_insert(ratings).on_conflict_do_nothing(), rows)
    else:
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        conn.execute(sqlite_insert(ratings).on_conflict_do_nothing(), rows)


# ---- what the pages show ----


@dataclass
class Standing:
    player: str
    name: str | None
    game: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


def _standings() -> sa.Select[Any]:
    """The rated players' standings (a player's rating at a game with their name)."""
    columns = (players.c.id, players.c.name, ratings.c.game, ratings.c.mu, ratings.c.sigma)
    return (
        sa.select(*columns, ratings.c.games)
        .join(players, players.c.id == ratings.c.player)
        .where(ratings.c.games > 0)
    )


def leaderboard(engine: sa.Engine, game: str, limit: int = 100) -> list[Standing]:
    """The players rated at ``game``, best (highest ordinal) first."""
    shown = ratings.c.mu - 3 * ratings.c.sigma
    query = (
        _standings().where(ratings.c.game == game).order_by(shown.desc(), players.c.id).limit(limit)
    )
    with engine.connect() as conn:
        return [Standing(*r) for r in conn.execute(query)]


def games_rated(engine: sa.Engine) -> list[str]:
    """The games someone is rated at."""
    query = sa.select(ratings.c.game).where(ratings.c.games > 0).distinct()
    with engine.connect() as conn:
        return sorted(str(r.game) for r in conn.execute(query))


def player_ratings(engine: sa.Engine, player: str) -> list[Standing]:
    """``player``'s ratings, a game each."""
    query = _standings().where(ratings.c.player == player).order_by(ratings.c.game)
    with engine.connect() as conn:
        return [Standing(*r) for r in conn.execute(query)]


def rating_of(engine: sa.Engine, player: str, game: str) -> tuple[float, float, int] | None:
    """A player's rating at a game: mu, sigma, games (None: not rated at it)."""
    query = sa.select(ratings.c.mu, ratings.c.sigma, ratings.c.games).where(
        ratings.c.player == player, ratings.c.game == game
    )
    with engine.connect() as conn:
        r = conn.execute(query).first()
    return None if r is None else (float(r.mu), float(r.sigma), int(r.games))


@dataclass
class Played:
    """A finished table of a player's: its game, when, their seat and the result, the others'
    names, and what it did to their rating (None: not rated)."""

    table_id: str
    game: str
    options: JSON
    at: float
    seat: int
    result: ResultView | None
    names: list[tuple[str, str, str | None, str | None]]  # each seat's name, kind, bot, player
    change: tuple[float, float] | None = None  # ordinal before, after


def history(engine: sa.Engine, player: str, limit: int = 100) -> list[Played]:
    """The player's finished tables, the newest first."""
    query = (
        sa.select(
            tables.c.id,
            tables.c.game,
            tables.c.options,
            tables.c.updated_at,
            tables.c.result,
            seats.c.seat,
            rated.c.mu_before,
            rated.c.sigma_before,
            rated.c.mu,
            rated.c.sigma,
        )
        .join(seats, seats.c.table_id == tables.c.id)
        .outerjoin(
            rated, sa.and_(rated.c.table_id == tables.c.id, rated.c.player == seats.c.player)
        )
        .where(seats.c.player == player, tables.c.status == "finished")
        .order_by(tables.c.updated_at.desc(), tables.c.id)
        .limit(limit)
    )
    with engine.connect() as conn:
        rows = conn.execute(query).all()
        ids = [r.id for r in rows]
        names: dict[str, list[tuple[str, str, str | None, str | None]]] = {i: [] for i in ids}
        if ids:
            others = (
                sa.select(seats.c.table_id, seats.c.name, seats.c.kind, seats.c.bot, seats.c.player)
                .where(seats.c.table_id.in_(ids))
                .order_by(seats.c.table_id, seats.c.seat)
            )
            for o in conn.execute(others):
                names[o.table_id].append((o.name, o.kind, o.bot, o.player))
    out = []
    for r in rows:
        change = None
        if r.mu is not None:
            change = (ordinal(r.mu_before, r.sigma_before), ordinal(r.mu, r.sigma))
        played = Played(
            r.id, r.game, dict(r.options), r.updated_at, r.seat, r.result, names[r.id], change
        )
        out.append(played)
    return out
