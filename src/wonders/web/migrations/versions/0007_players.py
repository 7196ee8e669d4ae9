"""Players and their ratings: ``wonders_players`` (a name and the SHA-256 of the secret in
the player's cookie, and a one-time link to another device), ``wonders_ratings`` (an
OpenSkill rating per player and game), ``wonders_rated`` (what each rated table did to its
players' ratings: a table is rated once) and the player who took each seat.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "wonders_players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("secret_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("link_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("link_key", sa.String(128), nullable=True),
        sa.Column("link_until", sa.Float, nullable=True),
    )
    op.create_table(
        "wonders_ratings",
        sa.Column("player", sa.String(32), sa.ForeignKey("wonders_players.id"), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "wonders_rated",
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
    with op.batch_alter_table("wonders_seats") as batch:
        batch.add_column(sa.Column("player", sa.String(32), nullable=True))
        batch.create_foreign_key("fk_wonders_seats_player", "wonders_players", ["player"], ["id"])
        batch.create_index("ix_wonders_seats_player", ["player"])


def downgrade() -> None:
    with op.batch_alter_table("wonders_seats") as batch:
        batch.drop_index("ix_wonders_seats_player")
        batch.drop_constraint("fk_wonders_seats_player", type_="foreignkey")
        batch.drop_column("player")
    op.drop_table("wonders_rated")
    op.drop_table("wonders_ratings")
    op.drop_table("wonders_players")
