"""The translations (docs/TRANSLATING.md): every string a player reads, extracted from the
code and the data as ``make messages`` does, is in each language's catalogue, translated (not
fuzzy, every plural form), with the same ``{fields}``; the catalogues compile cleanly."""

from __future__ import annotations

import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

import wonders
from wonders.core.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
LOCALE = Path(wonders.__file__).resolve().parent / "locale"
TRANSLATED = [code for code in LANGUAGES if code != "en"]
FIELD = re.compile(r"\{(\w*)[^{}]*\}")

Key = tuple[str | None, str]


@cache
def extracted() -> dict[Key, str]:
    """Every message of the code and the data, by (context, id), with where it is."""
    with (ROOT / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found: dict[Key, str] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=DEFAULT_KEYWORDS
    ):
        msgid = message[0] if isinstance(message, tuple) else message
        found.setdefault((context, msgid), f"{filename}:{lineno}")
    return found


@cache
def catalogue(code: str) -> Catalog:
    with (LOCALE / code / "LC_MESSAGES" / "wonders.po").open("rb") as po:
        return read_po(po)


def fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_string_a_player_reads_is_in_the_catalogue(code: str) -> None:
    cat = catalogue(code)
    missing = [
        f"{where}: {msgid!r}"
        for (ctx, msgid), where in extracted().items()
        if cat.get(msgid, context=ctx) is None
    ]
    assert not missing, f"run `make messages` and translate: {missing[:10]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_entry_is_translated_in_every_plural_form(code: str) -> None:
    cat = catalogue(code)
    forms = cat.num_plurals
    bad = []
    for msg in cat:
        if not msg.id:
            continue
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        if msg.fuzzy or not all(strings) or (msg.pluralizable and len(strings) != forms):
            bad.append(msg.id)
    assert not bad, f"{len(bad)} untranslated or fuzzy in {code}: {bad[:10]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_keep_the_fields_of_the_english(code: str) -> None:
    bad = []
    for msg in catalogue(code):
        if not msg.id:
            continue
        english = msg.id[-1] if isinstance(msg.id, tuple) else msg.id
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        bad += [(english, s) for s in strings if s and fields(s) != fields(english)]
    assert not bad, f"fields differ in {code}: {bad[:5]}"


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("code", TRANSLATED)
def test_the_catalogue_passes_msgfmt_check(code: str) -> None:
    po = LOCALE / code / "LC_MESSAGES" / "wonders.po"
    run = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(po)], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr


def test_every_printed_name_has_an_entry_in_its_games_context() -> None:
    """Cards, wonders, leaders and tokens are extracted with their game as context."""
    contexts = {ctx for ctx, _msgid in extracted() if ctx}
    assert {"classic", "duel", "architects"} <= contexts
    assert ("duel", "The Great Library") in extracted()
    assert ("classic", "Lighthouse of Alexandria") in extracted()
    assert ("architects", "Urbanism") in extracted()
