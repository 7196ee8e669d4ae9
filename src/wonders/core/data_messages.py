"""Babel's extractor for the data files (``make messages``): every card, wonder, leader and
token name in ``wonders/<game>/data/*.toml`` becomes a catalogue entry whose context is the
game's name, which is how ``wonders.core.i18n.name`` looks it up."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

# The fields whose text is a printed name a player reads.
NAME_FIELDS = ("name", "wonder")


def _names(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in NAME_FIELDS and isinstance(value, str):
                yield value
            else:
                yield from _names(value)
    elif isinstance(node, list):
        for item in node:
            yield from _names(item)


def extract(
    fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel's extraction method: (line, keyword, (context, name), comments) per name."""
    text = fileobj.read().decode("utf-8")
    game = Path(getattr(fileobj, "name", "")).parent.parent.name
    lines = text.splitlines()
    seen: set[str] = set()
    for value in _names(tomllib.loads(text)):
        if value in seen:
            continue
        seen.add(value)
        quoted = f'"{value}"'
        lineno = next((i + 1 for i, line in enumerate(lines) if quoted in line), 0)
        yield lineno, "pgettext", (game, value), [f"A printed name in {game}'s data."]
