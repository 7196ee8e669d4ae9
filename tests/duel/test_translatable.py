"""Duel's words are all translatable: under the pseudo-language (every translated letter made
an accented look-alike) no English word is left in the log, the decisions, the action labels,
the victory line, the card texts or the advice; every text looked up is a string Babel
extracts; and a score sheet written with Russian (or Polish) names scores as the English one.
"""

from __future__ import annotations

import copy
import gettext
import random
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir

import wonders
from tests.catalogue import write_mo
from tests.duel import scenario
from tests.duel.test_booklet import SHEET
from wonders.core import i18n
from wonders.core.errors import InputError
from wonders.core.i18n import use_language
from wonders.core.protocol import JSON
from wonders.duel import advice, booklet, describe, present
from wonders.duel.booklet import score_sheet
from wonders.duel.cards import COLORS, RESOURCES, SCIENCE
from wonders.duel.present import Log, action_label, decision, pawn, victory_line
from wonders.duel.state import setup

NAMES = ["Ёжик", "Жаба"]  # no ASCII letter: any left in a text escaped gettext
ENGLISH = re.compile(r"[A-Za-z]{2,}")
ROMAN = {"II", "III"}  # the Ages, as every rulebook writes them


def english_words(text: str) -> list[str]:
    return [w for w in ENGLISH.findall(text) if w not in ROMAN]


def every_text(options: JSON, seed: int, names: list[str] = NAMES) -> Iterator[tuple[str, str]]:
    """A seeded random game's every text, as (where it is shown, the text): each decision's
    title, prompt and action labels and the advice beside them, then each reader's log, the
    victory line and the points of each card at the end, with and without names."""
    state = setup(options, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        (p,) = state.to_move()
        view, legal = state.view(p), state.legal_actions(p)
        actions = [a.to_json() for a in legal]
        for who in (names, None):
            title, prompt = decision(view, actions, who)
            yield "title", title
            yield "prompt", prompt
            for a in actions:
                yield "label", action_label(view, a, who)
        for reason in advice.unbuildable(view, actions).values():
            yield "why not", reason
        for q in (0, 1):
            yield "production", advice.production(view, q)
        yield "pawn", pawn(view["military"]["position"], p, names)
        state.apply(p, rng.choice(legal))
    result = state.result().to_json()
    for reader in (0, 1, None):
        view = state.view(reader)
        for who in (names, None):
            for line in Log(view, who).lines(view["events"]):
                yield "log", line
            yield "victory", victory_line(result, reader, who)
            yield "pawn", pawn(view["military"]["position"], reader, who)
        if reader is not None:
            for name, kind, _points in advice.card_points(view):
                yield "card points", f"{describe.printed(name)} {describe.colour_name(kind)}"
    yield "victory kind", present.victory_name(result["victory"])
    for category in result["players"][0]["breakdown"]:
        yield "category", present.category_name(category)


def vocabulary() -> Iterator[tuple[str, str]]:
    """The card texts of the pages and of ``wonders cards``, and every identifier's word."""
    for name, entry in describe.page_texts().items():
        assert isinstance(entry, dict)
        yield f"page text of {name}", str(entry["text"])
        yield f"label of {name}", str(entry["label"])
    for entry in describe.card_list(None, None):
        yield f"card list text of {entry['name']}", entry["text"]
    yield "tiebreak", present.tiebreak_name()
    for r in RESOURCES:
        yield "resource", describe.resource_name(r) + " " + describe.resource_count(r, 3)
    for colour in (*COLORS, "wonder", "token"):
        yield "colour", describe.colour_name(colour)
    for symbol in SCIENCE:
        yield "symbol", describe.symbol_name(symbol)
    for column in booklet.PAD:
        yield "score pad", booklet.column_name(column)


@pytest.mark.parametrize("options", [{}, {"first_game": True}])
def test_no_english_word_escapes_gettext_in_a_game(options: JSON) -> None:
    kinds: set[str] = set()
    with use_language("pseudo"):
        for seed in range(4):
            for where, text in every_text(options, seed):
                assert text, where
                assert not english_words(text), (where, text)
                kinds.add(where)
    assert {"title", "prompt", "label", "why not", "log", "victory"} <= kinds


def test_no_english_word_escapes_gettext_in_the_card_texts() -> None:
    with use_language("pseudo"):
        for where, text in vocabulary():
            assert text and not english_words(text), (where, text)


def test_the_rarer_decisions_and_labels_are_translated_too() -> None:
    """A chain build with Urbanism, Economy's note, Theology, the Great Library, the
    destruction: the sentences a few seeds may not reach."""
    state = setup({"first_game": True}, 1)
    state = scenario.new_age(state, 2)
    state = scenario.offer(state, "Aqueduct", "Brewery")
    state = scenario.coins(state, 30, 7)
    state = scenario.give(state, 0, "Baths")  # Aqueduct's chain
    state = scenario.tokens(state, 0, "Urbanism")
    state = scenario.tokens(state, 0, "Theology")
    state = scenario.tokens(state, 1, "Economy")
    state = scenario.wonders(state, 0, "The Great Library", "The Statue of Zeus", "The Pyramids")
    state = scenario.give(state, 1, "Brickyard")
    texts: list[str] = []
    with use_language("pseudo"):
        view = state.view(0)
        texts += [action_label(view, a.to_json(), NAMES) for a in state.legal_actions(0)]
        for wonder in ("The Statue of Zeus", "The Great Library"):
            after = state.clone()
            after.apply(0, scenario.wonder("Brewery", wonder))
            actions = [a.to_json() for a in after.legal_actions(0)]
            texts += decision(after.view(0), actions, NAMES)
            texts += [action_label(after.view(0), a, None) for a in actions]
            texts += Log(after.view(1), NAMES).lines(after.view(1)["events"][-4:])
    assert len(texts) > 10
    for text in texts:
        assert not english_words(text), text


# ---------------------------------------------------------------- every text is extracted

Key = tuple[str | None, str]


@cache
def extracted() -> set[Key]:
    """Every message Babel extracts from the package's code and data, as ``make messages``."""
    root = Path(wonders.__file__).resolve().parent
    method_map = [("**.py", "python"), ("**/data/*.toml", "wonders.core.data_messages.extract")]
    found: set[Key] = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        str(root), method_map, keywords=DEFAULT_KEYWORDS
    ):
        found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


class Recording(gettext.NullTranslations):
    """Keeps every message looked up (``_(variable)`` included) and answers in English."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: set[Key] = set()

    def gettext(self, message: str) -> str:
        self.asked.add((None, message))
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.add((None, msgid1))
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        self.asked.add((context, message))
        return message


def test_every_text_looked_up_is_a_string_babel_extracts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A translation of a variable (``_(colour)``) finds an entry only when the literal is
    marked somewhere: every message the game looks up must be in the extracted ones."""
    recording = Recording()
    monkeypatch.setattr(i18n, "_translation", lambda: recording)
    for options in ({}, {"first_game": True}):
        for seed in range(2):
            list(every_text(options, seed))
    list(vocabulary())
    assert len(recording.asked) > 150
    missing = sorted(recording.asked - extracted(), key=str)
    assert not missing, missing


# ---------------------------------------------------------------- score sheets in any language

RUSSIAN = {
    "Baths": "Бани",
    "Palace": "Дворец",
    "Apothecary": "Аптекарь",
    "Workshop": "Мастерская",
    "Arena": "Арена",
    "Shipowners guild": "Гильдия судовладельцев",
    "Temple": "Храм",
    "Library": "Библиотека",
    "Merchants guild": "Гильдия торговцев",
    "The Pyramids": "Пирамиды",
    "Piraeus": "Пирей",
    "The Sphinx": "Сфинкс",
    "Agriculture": "Сельское хозяйство",
    "Mathematics": "Математика",
    "Philosophy": "Философия",
}
POLISH = {"Temple": "Świątynia", "The Sphinx": "Sfinks", "Philosophy": "Filozofia"}


def _names_catalogue(path: Path, code: str, names: dict[str, str]) -> None:
    entries = {f"duel\x04{english}": translated for english, translated in names.items()}
    entries[""] = "Content-Type: text/plain; charset=UTF-8\n"
    write_mo(path / code / "LC_MESSAGES" / "wonders.mo", entries)


@pytest.fixture
def russian(tmp_path: Path) -> Iterator[Path]:
    """Russian (and a few Polish) names of the sheet's cards, wonders and tokens, with the
    reader's language Russian; English again afterwards."""
    _names_catalogue(tmp_path, "ru", RUSSIAN)
    _names_catalogue(tmp_path, "pl", POLISH)
    i18n.set_language("ru", localedir=tmp_path)
    yield tmp_path
    i18n.set_language("en")


def _renamed(sheet: dict[str, Any], names: dict[str, str], shout: bool = False) -> dict[str, Any]:
    """``sheet`` with its names replaced by ``names`` (upper case every other one when
    ``shout``: the sheet is read in any case)."""
    out: dict[str, Any] = {**sheet, "players": []}
    for p in sheet["players"]:
        q = dict(p)
        for key in ("cards", "wonders", "tokens"):
            renamed = [names.get(n[:1].upper() + n[1:], n) for n in p.get(key, [])]
            if shout:
                renamed = [n.upper() if i % 2 else n.lower() for i, n in enumerate(renamed)]
            q[key] = renamed
        out["players"].append(q)
    return out


def test_a_sheet_written_in_russian_scores_as_the_english_one(russian: Path) -> None:
    english = score_sheet(SHEET)
    in_russian = _renamed(SHEET, RUSSIAN)
    assert in_russian["players"][0]["cards"][0] == "Бани"
    assert score_sheet(in_russian) == english
    assert score_sheet(_renamed(SHEET, RUSSIAN, shout=True)) == english
    mixed = _renamed(SHEET, {**RUSSIAN, **POLISH})  # Bob writes in Polish
    assert mixed["players"][1]["wonders"] == ["Sfinks"]
    assert score_sheet(mixed) == english


def test_an_unknown_name_is_refused_with_the_closest_names(russian: Path) -> None:
    sheet = _renamed(SHEET, RUSSIAN)
    sheet["players"][0]["cards"].append("Бaни")  # a Latin "a" among the Cyrillic letters
    with pytest.raises(InputError, match="did you mean Бани"):
        score_sheet(sheet)
    sheet = _renamed(SHEET, RUSSIAN)
    sheet["players"][1]["cards"].append("бани")  # Ann's already, in any case
    with pytest.raises(InputError, match="Бани is also Ann's"):
        score_sheet(sheet)
    i18n.set_language("en", localedir=russian)
    sheet = _renamed(SHEET, RUSSIAN)
    sheet["players"][0]["tokens"].append("Agricultur")
    with pytest.raises(InputError, match="did you mean Agriculture"):
        score_sheet(sheet)


IMPOSSIBLE = [
    lambda s: s["players"][0]["cards"].append("Ыыыы"),
    lambda s: s["players"][0]["wonders"].append("Ыыыы"),
    lambda s: s["players"][0]["tokens"].append("Ыыыы"),
    lambda s: s["players"][0]["cards"].append("Baths"),
    lambda s: s["players"][1]["cards"].append("Baths"),
    lambda s: s["players"][1]["wonders"].append("The Pyramids"),
    lambda s: s["players"][1]["tokens"].append("Agriculture"),
    lambda s: s["players"][0]["wonders"].extend(["The Sphinx", "The Colossus", "Circus Maximus"]),
    lambda s: s["players"][0]["counts"].update(brown=12),
    lambda s: s["players"][0]["counts"].update(red=13),
    lambda s: s["players"][0].update(coins=-1),
    lambda s: s["military"].update(spaces=10),
    lambda s: s["military"].update(spaces=0),
    lambda s: s["military"].update(leader="Ыыы"),
    lambda s: s["players"].pop(),
]


@pytest.mark.parametrize("change", IMPOSSIBLE)
def test_a_sheets_errors_are_translated(change: Any) -> None:
    """The errors a player can cause, under the pseudo-language: nothing English is left
    but what the player wrote (quoted). (A close match is offered as written in the language
    it matches, here English: the Russian test shows it.)"""
    data = copy.deepcopy(SHEET)
    for p, name in zip(data["players"], NAMES, strict=True):
        p["name"] = name
    data["military"]["leader"] = NAMES[0]
    change(data)
    with use_language("pseudo"), pytest.raises(InputError) as refused:
        score_sheet(data)
    text = re.sub(r"'[^']*'", "", str(refused.value))
    assert not english_words(text), str(refused.value)


# ---------------------------------------------------------------- the price names what it buys


def test_a_price_names_the_resources_bought() -> None:
    """The build label and ``why_not`` name the resources the trade pays for, in words."""
    state = setup({"first_game": True}, 1)
    state = scenario.new_age(state, 2)
    state = scenario.offer(state, "Forum")
    state = scenario.coins(state, 20, 7)
    label = action_label(state.view(0), {"kind": "build", "card": "Forum"})
    assert label.endswith("to the bank for 1 clay.")
    state = scenario.coins(state, 3, 7)
    assert "to buy 1 clay from the bank" in advice.why_not(state.view(0), "Forum")
