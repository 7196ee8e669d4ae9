"""Every player-facing string goes through one gettext function, which translates."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from tests.catalogue import write_mo
from wonders.core import i18n


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
    write_mo(
        tmp_path / "pl" / "LC_MESSAGES" / "wonders.mo",
        {"": "Content-Type: text/plain; charset=UTF-8\n", "Your hand": "Twoja ręka"},
    )
    i18n.set_language("pl", localedir=tmp_path)
    assert i18n._("Your hand") == "Twoja ręka"
    assert i18n._("Not in the catalogue") == "Not in the catalogue"


def test_a_language_without_a_catalogue_shows_english(tmp_path: Path) -> None:
    i18n.set_language("uk", localedir=tmp_path)
    assert i18n._("Your hand") == "Your hand"


def test_an_unknown_language_is_a_one_line_error_naming_the_known_ones() -> None:
    with pytest.raises(i18n.LanguageError, match=r"unknown language 'xx'; known: en, ru, pl, uk"):
        i18n.set_language("xx")
    assert i18n.language() == "en"


def test_the_language_is_the_flag_then_wonders_lang_then_the_system_locale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "WONDERS_LANG"):
        monkeypatch.delenv(var, raising=False)
    assert i18n.choose() == "en"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.choose() == "en"  # a system language without a catalogue: English
    monkeypatch.setenv("LC_ALL", "pl_PL.UTF-8")
    assert i18n.choose() == "pl"
    monkeypatch.setenv("WONDERS_LANG", "uk")
    assert i18n.choose() == "uk"
    assert i18n.choose("ru_RU") == "ru"


def test_each_context_has_its_own_language(tmp_path: Path) -> None:
    """A server shows each connection its own language: a ``use_language`` block changes
    nothing outside it, nor in another thread or task."""
    write_mo(
        tmp_path / "pl" / "LC_MESSAGES" / "wonders.mo",
        {"": "Content-Type: text/plain; charset=UTF-8\n", "Your hand": "Twoja ręka"},
    )
    i18n.set_language("en", localedir=tmp_path)
    seen: list[str] = []
    with i18n.use_language("pl"):
        thread = threading.Thread(target=lambda: seen.append(i18n._("Your hand")))
        thread.start()
        thread.join()
        assert i18n._("Your hand") == "Twoja ręka"
    assert seen == ["Your hand"]
    assert i18n._("Your hand") == "Your hand"


def test_the_browser_languages_are_read_by_weight() -> None:
    assert i18n.accepted("de-DE,de;q=0.9,uk;q=0.8,ru;q=0.9") == "ru"
    assert i18n.accepted("pl-PL") == "pl"
    assert i18n.accepted("de, fr;q=0.5") is None
    assert i18n.accepted(None) is None
    assert i18n.accepted("en;q=bad, uk") == "uk"


def test_the_pseudo_language_changes_every_letter_but_keeps_fields_and_markup() -> None:
    with i18n.use_language(i18n.PSEUDO):
        text = i18n._("Build {card} [b]now[/b]")
        assert "{card}" in text and "[b]" in text and "[/b]" in text
        assert not any(
            c.isascii() and c.isalpha()
            for c in text.replace("{card}", "").replace("[b]", "").replace("[/b]", "")
        )
        assert i18n.ngettext("{n} coin", "{n} coins", 2).format(n=2).startswith("2 ")


def test_names_are_accepted_in_every_language(tmp_path: Path) -> None:
    write_mo(
        tmp_path / "ru" / "LC_MESSAGES" / "wonders.mo",
        {"": "Content-Type: text/plain; charset=UTF-8\n", "duel\x04Library": "Библиотека"},
    )
    i18n.set_language("en", localedir=tmp_path)
    table = i18n.every_language("duel", ["Library", "Theater"])
    assert table["библиотека"] == "Library"
    assert table["library"] == "Library"
    with i18n.use_language("ru"):
        assert i18n.name("duel", "Library") == "Библиотека"
        assert i18n.name("classic", "Library") == "Library"  # another game's context
