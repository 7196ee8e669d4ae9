"""A wonder asked for by name (``--wonder``, the web's options) may be written in any of the
four languages, in any case; the options (and so records) keep the English name."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.catalogue import write_mo
from wonders.architects.state import normalize_options as architects_options
from wonders.classic.state import normalize_options as classic_options
from wonders.core import i18n
from wonders.core.errors import OptionsError


@pytest.fixture
def russian(tmp_path: Path) -> object:
    write_mo(
        tmp_path / "ru" / "LC_MESSAGES" / "wonders.mo",
        {
            "": "Content-Type: text/plain; charset=UTF-8\n",
            "classic\x04Rhodes": "Родос",
            "classic\x04Colossus of Rhodes": "Колосс Родосский",
            "architects\x04Giza": "Гиза",
        },
    )
    i18n.set_language("en", localedir=tmp_path)
    yield
    i18n.set_language("en")


@pytest.mark.usefixtures("russian")
def test_a_wonder_named_in_russian_is_its_english_name_in_the_options() -> None:
    for asked in ("Родос", "РОДОС", "колосс родосский", "Rhodes"):
        opts = classic_options({"players": 3, "wonders": [asked, None, None]})
        assert opts["wonders"][0] == "Rhodes"
    opts = architects_options({"players": 2, "wonders": ["гиза", None]})
    assert opts["wonders"] == ["Giza", None]
    with pytest.raises(OptionsError, match="unknown wonder 'Атлантида'"):
        classic_options({"players": 3, "wonders": ["Атлантида", None, None]})
