"""When the current decision became owed (and when a person took their seat back from a
stand-in bot): the turn clock runs from it, across restarts and processes.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("wonders_tables") as batch:
        batch.add_column(sa.Column("owed_since", sa.Float, nullable=True))
    with op.batch_alter_table("wonders_seats") as batch:
        batch.add_column(sa.Column("back_at", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("wonders_seats") as batch:
        batch.drop_column("back_at")
    with op.batch_alter_table("wonders_tables") as batch:
        batch.drop_column("owed_since")
