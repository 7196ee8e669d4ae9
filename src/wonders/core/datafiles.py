"""Reading a game's data files (TOML) from its package, with clear errors."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

from wonders.core.errors import DataError


def load_toml(package: str, *names: str) -> tuple[dict[str, Any], ...]:
    """The parsed ``data/<name>`` files of ``package``; a broken file is a DataError."""
    folder = resources.files(package) / "data"
    docs = []
    for name in names:
        try:
            docs.append(tomllib.loads((folder / name).read_text(encoding="utf-8")))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise DataError(f"{package} data file {name} cannot be read: {exc}") from exc
    return tuple(docs)
