"""Stand-in bots for absent players, the table creator's token, the turn clock.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("wonders_seats") as batch:
        batch.add_column(sa.Column("stand_in", sa.String(32), nullable=True))
    with op.batch_alter_table("wonders_tables") as batch:
        batch.add_column(sa.Column("admin_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("clock", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("wonders_tables") as batch:
        batch.drop_column("clock")
        batch.drop_column("admin_hash")
    with op.batch_alter_table("wonders_seats") as batch:
        batch.drop_column("stand_in")
