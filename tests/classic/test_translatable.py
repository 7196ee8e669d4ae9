"""Every word of 7 Wonders a player reads goes through gettext (``present``, ``describe``,
``advice``, ``booklet``): under the pseudo-language, which swaps every letter of a translated
text for an accented look-alike, no English word is left in the log, the decisions, the
action labels, the reasons, the victory line, the card and page texts or the score sheet's
errors. And a score sheet may name cards, wonders and leaders in any of the four languages."""

from __future__ import annotations

import copy
import random
import re
from pathlib import Path
from typing import Any

import pytest

from tests.catalogue import write_mo
from tests.classic.test_booklet import CITIES_INVALID, INVALID, SHEET, cities_sheet, leaders_sheet
from wonders.classic import advice, describe, present
from wonders.classic.booklet import PLAYER_KEYS, SHEET_KEYS, score_sheet
from wonders.classic.cards import EXPANSIONS, catalog_for
from wonders.classic.scoring import CATEGORIES, CITIES_CATEGORIES, LEADERS_CATEGORIES
from wonders.classic.state import setup
from wonders.core import i18n
from wonders.core.errors import InputError, OptionsError
from wonders.core.protocol import JSON

WORD = re.compile(r"[A-Za-z]+")
ROMAN = re.compile(r"[IVX]+")  # Ages I, II, III: numbers, not words
# Non-ASCII names for the seats: any ASCII word left is English that escaped gettext.
NAMES = ["Аня", "Борис", "Ціна", "Дмитро", "Єва", "Жанна", "Зоя", "Ігор"]

VARIANTS: list[JSON] = [
    {"players": 3, "sides": "A"},
    {"players": 4, "expansions": ["leaders"], "sides": "B"},
    {"players": 5, "expansions": ["cities"]},
    {"players": 2},
    {"players": 2, "expansions": ["leaders", "cities"]},
    {"players": 4, "expansions": ["leaders", "cities"], "teams": True},
]


def english(text: str) -> list[str]:
    """The words of two or more ASCII letters in ``text``: English left untranslated. The
    pseudo-language writes B as ß, which a sentence's capital first letter makes "SS"."""
    return [
        w
        for w in WORD.findall(text)
        if len(w) > 1 and not ROMAN.fullmatch(w) and not set(w) <= {"S"}
    ]


class Texts:
    """What a test read, by where it was read, with the English words found."""

    def __init__(self) -> None:
        self.read = 0
        self.left: dict[str, str] = {}

    def check(self, where: str, text: str) -> None:
        self.read += 1
        for word in english(text):
            self.left.setdefault(f"{where}: {word}", text)


@pytest.fixture(autouse=True)
def _pseudo() -> Any:
    with i18n.use_language("pseudo"):
        yield


# ---------------------------------------------------------------- games


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: str(sorted(o.items())))
def test_every_word_of_a_game_is_translated(options: JSON) -> None:
    """A seeded random game, read by every seat (and a spectator), with and without the
    table's names: each decision's title and prompt, each legal action's label, why cards
    and the next stage cannot be built, each city's production and science, the log and
    who won."""
    seed = 1
    texts = Texts()
    state = setup(options, seed)
    names = NAMES[: state.players]
    start = {reader: state.view(reader) for reader in [*range(state.players), None]}
    rng = random.Random(seed)
    kinds: set[str] = set()
    while not state.is_terminal():
        for p in state.to_move():
            if p not in state.to_move():  # a simultaneous turn resolves with the last seat
                continue
            view = state.view(p)
            legal = [a.to_json() for a in state.legal_actions(p)]
            for table in (None, names):
                title, prompt = present.decision(view, legal, table)
                texts.check("title", title)
                texts.check("prompt", prompt)
                for action in legal:
                    kinds.add(action["kind"])
                    texts.check(action["kind"], present.action_label(view, action, table))
            for reason in advice.unbuildable(view, legal).values():
                texts.check("why not", reason)
            texts.check("stage why not", advice.stage_why_not(view, legal))
            for q in range(len(advice.city_entries(view))):
                texts.check("production", advice.production(view, q))
                texts.check("science", advice.science(view, q))
            state.apply(p, rng.choice(state.legal_actions(p)))
    result = state.result().to_json()
    for reader, first in start.items():
        events = state.view(reader)["events"]
        for table in (None, names):
            for line in present.Log(first, table).lines(events):
                texts.check("log", line)
        texts.check("victory", present.victory_line(result, reader, names))
    assert {"build", "wonder", "sell"} <= kinds
    assert texts.read > 1000
    assert not texts.left, texts.left


def test_the_pseudo_language_is_on_and_seats_are_named_in_it() -> None:
    state = setup({"players": 3}, 1)
    log = present.Log(state.view(0))
    assert english(log.name(1)) == [] and log.name(1) != log.name(2)
    assert english("Àĝé II, ťüŕñ 1") == [] and english("Age II") == ["Age"]


# ---------------------------------------------------------------- cards and pages


def test_every_card_board_and_leader_text_is_translated() -> None:
    texts = Texts()
    for data in describe.page_texts().values():
        texts.check("page text", str(data["text"]))
        texts.check("page cost", str(data.get("cost", "")))
        for stages in dict(data.get("stages", {})).values():
            for stage in stages:
                texts.check("page stage", stage)
    for card in describe.card_list(None, None, ",".join(EXPANSIONS)):
        texts.check("card list", card["text"])
        for stages in card.get("sides", {}).values():
            for stage in stages:
                texts.check("card list stage", stage["text"])
    cat = catalog_for(list(EXPANSIONS))
    for wonder in cat.wonders:  # the boards' own powers (Roma B's leader discount)
        for effects in wonder.board.values():
            for effect in effects:
                texts.check("board power", describe.effect_text(effect.to_json()))
    every = {*CATEGORIES, *LEADERS_CATEGORIES, *CITIES_CATEGORIES}
    for category in every:
        texts.check("category", present.category_name(category))
    texts.check("tie-break", present.tiebreak_name())
    assert texts.read > 300
    assert not texts.left, texts.left


def test_the_vocabulary_and_every_count_are_translated() -> None:
    texts = Texts()
    for resource in describe.RESOURCE_WORDS:
        texts.check("resource", describe.resource_name(resource))
        for n in (1, 2, 5):
            texts.check("resource count", describe.resource_count(resource, n))
    for symbol in describe.SCIENCE_WORDS:
        texts.check("symbol", describe.symbol_name(symbol))
        for n in (1, 2, 5):
            texts.check("symbol count", describe.symbol_count(symbol, n))
    for colour in describe.COLOUR_WORDS:
        texts.check("colour", describe.colour_name(colour))
    for side in describe.SIDE_WORDS:
        texts.check("side", describe.side_name(side))
    for n in (1, 2, 5):
        texts.check("vp", describe.vp(n))
    texts.check("either", describe.either(["à", "ƀ", "ç"]))
    assert not texts.left, texts.left
    assert describe.resource_count("stone", 2) == "2 šťöñé"
    assert describe.vp(3) == "3 ṼÞ"


def test_the_card_lists_option_error_is_translated() -> None:
    with pytest.raises(OptionsError) as caught:
        describe.card_list(9, None)
    message = str(caught.value)
    assert message.startswith("--players ") and english(message) == ["players"]


# ---------------------------------------------------------------- the score sheet


# the sheet's keys and the values it wrote (``repr``), which errors name as they are
IDENTIFIERS = {*PLAYER_KEYS, *SHEET_KEYS, *EXPANSIONS, "free_city", "courtesan", "debt", "True"}
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")


def _error(data: Any) -> str:
    with pytest.raises(InputError) as caught:
        score_sheet(data)
    return str(caught.value)


def _english_of_error(message: str, players: list[str]) -> list[str]:
    """The English words of an error but the sheet's own: what it quotes (the values and
    keys written), its keys and the players' names."""
    text = QUOTED.sub(" ", message)
    for word in sorted({*players, *IDENTIFIERS}, key=len, reverse=True):
        text = re.sub(rf"(?<![\w]){re.escape(word)}(?![\w])", " ", text)
    return english(text)


@pytest.mark.parametrize(
    ("edit", "expected"), [(e, m) for _i, e, m in INVALID], ids=[i for i, _e, _m in INVALID]
)
def test_every_score_sheet_error_is_translated(edit: Any, expected: str) -> None:
    data = copy.deepcopy(SHEET)
    replaced = edit(data)
    message = _error(data if replaced is None else replaced)
    players = ["Ann", "Bob", "Cid", *(f"P{i}" for i in range(8))]
    assert _english_of_error(message, players) == [], message


@pytest.mark.parametrize(
    ("changes", "expected"),
    [(c, m) for _i, c, m in CITIES_INVALID],
    ids=[i for i, _c, _m in CITIES_INVALID],
)
def test_every_cities_sheet_error_is_translated(changes: Any, expected: str) -> None:
    message = _error(cities_sheet(**changes))
    assert _english_of_error(message, ["Ann", "Bob", "Cy", "Dee"]) == [], message


@pytest.mark.parametrize(
    "data",
    [
        {**cities_sheet(), "teams": [["Ann", "Bob"], ["Cy", "Eve"]]},
        {**cities_sheet(), "teams": [["Bob", "Ann"], ["Cy", "Dee"]]},
        {**cities_sheet(), "expansions": ["armada"]},
        {**leaders_sheet(), "expansions": []},
        leaders_sheet(p1={"courtesan": "Cleopatra"}),
        leaders_sheet(p0={"leaders": ["Sappho"]}),
        leaders_sheet(p0={"cards": ["Sappho"]}),
        {"game": "classic", "players": leaders_sheet()["players"][:2]},
        {**SHEET, "players": [{**p, "free_city": True} for p in SHEET["players"]]},
    ],
)
def test_the_other_sheet_errors_are_translated(data: Any) -> None:
    message = _error(data)
    assert _english_of_error(message, ["Ann", "Bob", "Cid", "Cy", "Dee"]) == [], message


# ---------------------------------------------------------------- names in any language


RUSSIAN = {
    "Babylon": "Вавилон",
    "Olympia": "Олимпия",
    "Pyramids of Giza": "Пирамиды Гизы",
    "Apothecary": "Аптека",
    "Dispensary": "Лечебница",
    "Workshop": "Мастерская",
    "Magistrates Guild": "Гильдия судей",
    "Clay Pool": "Глиняный пруд",
    "Loom": "Ткацкая фабрика",
    "Haven": "Гавань",
    "Baths": "Бани",
    "Altar": "Алтарь",
    "Scriptorium": "Скрипторий",
    "Stone Pit": "Каменоломня",
    "Philosophers Guild": "Гильдия философов",
    "Theater": "Театр",
    "Statue": "Статуя",
    "Palace": "Дворец",
    "Pantheon": "Пантеон",
    "Roma": "Рим",
    "Rhodes": "Родос",
    "Aristotle": "Аристотель",
    "Ptolemy": "Птолемей",
    "Pythagoras": "Пифагор",
    "Sappho": "Сапфо",
    "Nero": "Нерон",
    "Caesar": "Цезарь",
    "Courtesans Guild": "Гильдия куртизанок",
    "Diplomats Guild": "Гильдия дипломатов",
}
UKRAINIAN = {"Statue": "Статуя Зевса", "Palace": "Палац", "Olympia": "Олімпія"}


@pytest.fixture
def catalogues(tmp_path: Path) -> Any:
    """Small Russian and Ukrainian catalogues of the names the sheets use (a fresh
    directory: ``i18n.translation`` is cached per language and directory)."""
    header = {"": "Content-Type: text/plain; charset=UTF-8\n"}
    for code, names in (("ru", RUSSIAN), ("uk", UKRAINIAN)):
        entries = {f"classic\x04{english}": name for english, name in names.items()}
        write_mo(tmp_path / code / "LC_MESSAGES" / "wonders.mo", {**header, **entries})
    i18n.set_language("en", localedir=tmp_path)
    yield tmp_path
    i18n.set_language("en")


def _in(names: dict[str, str], written: Any, fold: bool = False) -> Any:
    """``written`` with each name replaced by its translation (lower-cased with ``fold``)."""
    if isinstance(written, str):
        name = next((v for k, v in names.items() if k.casefold() == written.casefold()), written)
        return name.casefold() if fold and name != written else name
    if isinstance(written, list):
        return [_in(names, w, fold) for w in written]
    return written


def _translated(data: dict[str, Any], names: dict[str, str], fold: bool = False) -> Any:
    out = copy.deepcopy(data)
    for p in out["players"]:
        for key in ("wonder", "cards", "leaders", "courtesan"):
            if key in p:
                p[key] = _in(names, p[key], fold)
    return out


def test_a_sheet_in_russian_scores_like_the_english_one(catalogues: Path) -> None:
    english_sheet = copy.deepcopy(SHEET)
    english_sheet["players"][2]["wonder"] = "Pyramids of Giza"
    russian = _translated(english_sheet, RUSSIAN)
    assert russian["players"][0]["cards"][0] == "Аптека"
    assert russian["players"][2]["wonder"] == "Пирамиды Гизы"
    russian["players"][1]["side"] = "В"  # Cyrillic, as a Russian keyboard writes it
    with i18n.use_language("en"):
        assert score_sheet(russian) == score_sheet(english_sheet)
        assert score_sheet(_translated(english_sheet, RUSSIAN, fold=True)) == score_sheet(
            english_sheet
        )
        leaders = leaders_sheet()
        assert score_sheet(_translated(leaders, RUSSIAN)) == score_sheet(leaders)


def test_languages_may_be_mixed_in_one_sheet(catalogues: Path) -> None:
    mixed = _translated(copy.deepcopy(SHEET), UKRAINIAN)
    assert mixed["players"][1]["wonder"] == "Олімпія"
    mixed["players"][0] = _translated({"players": [mixed["players"][0]]}, RUSSIAN)["players"][0]
    with i18n.use_language("en"):
        assert score_sheet(mixed) == score_sheet(copy.deepcopy(SHEET))


def test_an_unknown_name_offers_the_closest_in_the_readers_language(catalogues: Path) -> None:
    data = _translated(copy.deepcopy(SHEET), RUSSIAN)
    data["players"][1]["cards"][1] = "Алтар"
    with i18n.use_language("ru"):
        message = _error(data)
    assert message.startswith("Bob: ") and "'Алтар'" in message and "Алтарь" in message
    data = copy.deepcopy(SHEET)
    data["players"][1]["cards"][1] = "Altr"
    data["players"][0]["wonder"] = "Babilon"
    with i18n.use_language("en"):
        assert _error(data) == "Ann: unknown wonder 'Babilon'; did you mean Babylon?"
        data["players"][0]["wonder"] = "Babylon"
        assert _error(data) == "Bob: unknown card 'Altr'; did you mean Altar?"
        data["players"][1]["cards"][1] = "Qwxz"
        assert _error(data) == "Bob: unknown card 'Qwxz'"
