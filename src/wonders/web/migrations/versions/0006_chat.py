"""The table chat (``wonders_chat``: what the players wrote, in order) and the rematch of a
finished table (``wonders_tables.rematch``: the new table's id, made once).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "wonders_chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("wonders_tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_wonders_chat_table_id", "wonders_chat", ["table_id", "id"])
    with op.batch_alter_table("wonders_tables") as batch:
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("wonders_tables") as batch:
        batch.drop_column("rematch")
    op.drop_index("ix_wonders_chat_table_id", table_name="wonders_chat")
    op.drop_table("wonders_chat")
