"""The web table's one schema (SQLAlchemy Core). The Alembic migrations in ``migrations/``
create exactly this; ``tests/web/test_store.py`` checks the two agree."""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

# A table at which one game is played. The game itself is its record: game, options, seed
# and the ``actions`` rows; ``pending`` holds the choices made in a simultaneous turn that
# the engine has not been given yet (see service.py), ``result`` the final result.
tables = sa.Table(
    "wonders_tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),  # playing / finished
    sa.Column("pending", sa.JSON, nullable=False),
    sa.Column("result", sa.JSON, nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    # the creator's secret token (its SHA-256): they may seat a bot in an absent player's place
    sa.Column("admin_hash", sa.String(64), nullable=True),
    # the turn clock: seconds a person has for a decision before a bot makes it (None: no clock)
    sa.Column("clock", sa.Float, nullable=True),
    # when the decisions now owed became owed (the last stored action, else the creation):
    # a turn clock's deadline is this plus ``clock``, so a restart resumes it, not restarts it
    sa.Column("owed_since", sa.Float, nullable=True),
    # grows by one with every write to the table or its seats (in the write's transaction): a
    # process whose copy has another revision reloads it; a notification carries it
    sa.Column("revision", sa.Integer, nullable=False, server_default="0"),
    # a finished table's rematch: the new table's id (one rematch a table, made once)
    sa.Column("rematch", sa.String(32), nullable=True),
)

# One row per seat: a person (who acts with the secret token; only its SHA-256 is kept) or
# a bot played by the server. An open seat has no token until someone joins it.
seats = sa.Table(
    "wonders_seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("wonders_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),  # human / bot
    sa.Column("bot", sa.String(32), nullable=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
    sa.Column("claimed", sa.Boolean, nullable=False),
    # a bot playing a person's seat while they are away (None: they play it themselves)
    sa.Column("stand_in", sa.String(32), nullable=True),
    # when the person last took the seat back from a stand-in: their turn clock starts afresh
    sa.Column("back_at", sa.Float, nullable=True),
    # a person's seat: "invited" (only its private link reaches it) or "open" (the lobby's
    # Join takes it, first come); None for a bot's
    sa.Column("access", sa.String(8), nullable=True),
    # the name was chosen by the seat's player (at creation, a Join or on their page): fixed
    sa.Column("named", sa.Boolean, nullable=False, server_default=sa.false()),
    # the player (``wonders_players``) who took the seat: by creating the table, a Join or its
    # link opened first with their cookie (None: a bot, an open seat, a client without one)
    sa.Column("player", sa.String(32), sa.ForeignKey("wonders_players.id"), nullable=True),
    sa.Index("ix_wonders_seats_player", "player"),
)

# The record's actions in order: (table, index) is unique, so an action is stored once.
actions = sa.Table(
    "wonders_actions",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("wonders_tables.id"), primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.JSON, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

# The table chat: what the players wrote (a spectator reads it), in order of ``id``; the
# writer's seat (their name is the seat's, in each reader's language), the text as written
# (the pages show it as text, never as HTML).
chat = sa.Table(
    "wonders_chat",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("wonders_tables.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("ix_wonders_chat_table_id", "table_id", "id"),
)

# A player: a name kept across tables, known by the secret in their browser's cookie (only
# its SHA-256 is kept, as a seat's token). ``link_*``: a one-time link that moves the player
# to another device (players.py): the link's SHA-256, the secret masked with the link (the
# link alone unmasks it) and until when it works.
players = sa.Table(
    "wonders_players",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(64), nullable=True),
    sa.Column("secret_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("link_hash", sa.String(64), nullable=True, unique=True),
    sa.Column("link_key", sa.String(128), nullable=True),
    sa.Column("link_until", sa.Float, nullable=True),
)

# A player's OpenSkill rating (Plackett-Luce) at one game (the registry's name: "classic",
# "duel", ...), whatever the number of players: its mean, its uncertainty, games rated.
ratings = sa.Table(
    "wonders_ratings",
    metadata,
    sa.Column("player", sa.String(32), sa.ForeignKey("wonders_players.id"), primary_key=True),
    sa.Column("game", sa.String(32), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
)

# What a rated table did to each of its players' ratings: written once, in the transaction
# that stores the table's last action; (table, player) is unique, so a table is rated once.
rated = sa.Table(
    "wonders_rated",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("wonders_tables.id"), primary_key=True),
    sa.Column("player", sa.String(32), sa.ForeignKey("wonders_players.id"), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("rank", sa.Integer, nullable=False),
    sa.Column("mu_before", sa.Float, nullable=False),
    sa.Column("sigma_before", sa.Float, nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)
