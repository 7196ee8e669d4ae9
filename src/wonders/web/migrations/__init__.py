"""Alembic migrations of the web table's schema (shipped inside the package)."""
