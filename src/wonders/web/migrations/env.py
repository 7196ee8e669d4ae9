"""Alembic's environment: runs on the connection ``store.migrate`` hands over (online only)."""

from __future__ import annotations

from alembic import context

from wonders.web.models import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
