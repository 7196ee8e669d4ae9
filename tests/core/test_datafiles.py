"""Data files: a missing or broken file is a clear DataError."""

from __future__ import annotations

import pytest

from wonders.core.datafiles import load_toml
from wonders.core.errors import DataError


def test_reads_a_packages_data_files() -> None:
    (doc,) = load_toml("wonders.classic", "wonders.toml")
    assert len(doc["wonder"]) == 7


def test_a_missing_file_is_a_data_error() -> None:
    with pytest.raises(DataError, match=r"no-such\.toml"):
        load_toml("wonders.classic", "no-such.toml")
