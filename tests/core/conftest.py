"""The toy game of ``toy_game`` registered for a test (``toy``), and gone after it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.core import toy_game
from wonders.core.registry import register, unregister


@pytest.fixture
def toy() -> Iterator[None]:
    register(toy_game.GAME)
    try:
        yield
    finally:
        unregister("highcard")
