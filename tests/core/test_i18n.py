"""Every player-facing string goes through one gettext function, which translates."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from wonders.core import i18n


def _write_mo(path: Path, catalogue: dict[str, str]) -> None:
    """A minimal GNU .mo file (the format gettext reads), written from ``catalogue``."""
    keys = sorted(catalogue)
    ids = b"".join(k.encode() + b"\0" for k in keys)
    strs = b"".join(catalogue[k].encode() + b"\0" for k in keys)
    n = len(keys)
    header = 7 * 4
    table = header + 2 * 8 * n
    offsets_ids, offsets_strs, pos = [], [], 0
    for k in keys:
        offsets_ids.append((len(k.encode()), table + pos))
        pos += len(k.encode()) + 1
    base, pos = table + len(ids), 0
    for k in keys:
        offsets_strs.append((len(catalogue[k].encode()), base + pos))
        pos += len(catalogue[k].encode()) + 1
    data = struct.pack("<7I", 0x950412DE, 0, n, header, header + 8 * n, 0, 0)
    data += b"".join(struct.pack("<2I", *o) for o in offsets_ids + offsets_strs)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data + ids + strs)


@pytest.fixture(autouse=True)
def _english_again() -> object:
    yield
    i18n.set_language("en")


def test_untranslated_text_comes_back_as_written() -> None:
    i18n.set_language("en")
    assert i18n._("Your hand") == "Your hand"
    assert i18n.ngettext("1 coin", "{n} coins", 1) == "1 coin"
    assert i18n.ngettext("1 coin", "{n} coins", 3) == "{n} coins"


def test_a_catalogue_translates_through_the_one_function(tmp_path: Path) -> None:
    _write_mo(
        tmp_path / "pl" / "LC_MESSAGES" / "wonders.mo",
        {"": "Content-Type: text/plain; charset=UTF-8\n", "Your hand": "Twoja ręka"},
    )
    i18n.set_language("pl", localedir=tmp_path)
    assert i18n._("Your hand") == "Twoja ręka"
    assert i18n._("Not in the catalogue") == "Not in the catalogue"


def test_an_unknown_language_falls_back_to_english(tmp_path: Path) -> None:
    i18n.set_language("xx", localedir=tmp_path)
    assert i18n._("Your hand") == "Your hand"
