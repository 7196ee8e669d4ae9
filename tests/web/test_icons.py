"""The symbols are drawn here, in one SVG sprite: every icon the pages use is in it, each a
self-contained drawing (nothing fetched from elsewhere), and each icon's words go through
gettext: the page draws an icon in place of its word (and counted forms) in any language."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from wonders.core.i18n import use_language
from wonders.web.strings import ICON_LABELS, ICON_WORDS, icon_words, strings

STATIC = Path(__file__).resolve().parents[2] / "src" / "wonders" / "web" / "static"
NS = "{http://www.w3.org/2000/svg}"


def _icons_map() -> dict[str, str]:
    return {word: icon for word, (icon, _msgid, _counts) in ICON_WORDS.items()}


def test_every_icon_the_pages_use_is_drawn_in_the_sprite() -> None:
    sprite = ET.parse(STATIC / "icons.svg").getroot()
    symbols = {s.get("id"): s for s in sprite.iter(f"{NS}symbol")}
    used = set(_icons_map().values())
    for script in ("games.js", "table.js", "common.js", "replay.js"):
        used |= set(re.findall(r'icon\("(\w+)"', (STATIC / script).read_text()))
    assert used and used <= set(symbols), used - set(symbols)
    for name, symbol in symbols.items():
        assert symbol.get("viewBox") == "0 0 16 16", name
        assert len(symbol) > 0, name  # drawn, not empty
    for node in sprite.iter():  # nothing from elsewhere: no links, images or fonts
        assert not any(key.endswith("href") for key in node.attrib), node.tag
        assert node.tag not in (f"{NS}image", f"{NS}use", f"{NS}text"), node.tag


def test_every_icon_word_is_a_translatable_string() -> None:
    words = strings()
    assert all(words["icon:" + name] for name in ICON_LABELS)  # the boards' icons' labels
    english = icon_words()
    assert {"wood", "coins", "shields", "VP", "horns", "gold coin"} <= set(english)
    assert set(english.values()) == set(_icons_map().values())
    with use_language("pseudo"):  # every translated form stands for its icon too
        shown = icon_words()
    assert shown["ŵööđ"] == "wood" and shown["çöíñš"] == "coin" and shown["šĥíéłđ"] == "shield"
