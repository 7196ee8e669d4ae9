"""The symbols are drawn here, in one SVG sprite: every icon the pages use is in it, each a
self-contained drawing (nothing fetched from elsewhere), and each icon's word goes through
the pages' gettext strings (the screen readers' label)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from wonders.web.strings import strings

STATIC = Path(__file__).resolve().parents[2] / "src" / "wonders" / "web" / "static"
NS = "{http://www.w3.org/2000/svg}"


def _icons_map() -> dict[str, str]:
    script = (STATIC / "common.js").read_text()
    body = re.search(r"const ICONS = \{(.*?)\};", script, re.S)
    assert body is not None
    return dict(re.findall(r'(\w+): "(\w+)"', body.group(1)))


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
    assert set(_icons_map()) - {"coins", "shields"} <= set(strings())
