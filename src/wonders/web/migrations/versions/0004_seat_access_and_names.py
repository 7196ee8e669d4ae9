"""Invited and open seats, and names chosen by the players themselves. The seats of tables
made before are invited (their links keep working; none is taken from the lobby).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("wonders_seats") as batch:
        batch.add_column(sa.Column("access", sa.String(8), nullable=True))
        batch.add_column(sa.Column("named", sa.Boolean, nullable=False, server_default=sa.false()))
    seats = sa.table("wonders_seats", sa.column("kind", sa.String), sa.column("access", sa.String))
    op.execute(seats.update().where(seats.c.kind == "human").values(access="invited"))


def downgrade() -> None:
    with op.batch_alter_table("wonders_seats") as batch:
        batch.drop_column("named")
        batch.drop_column("access")
