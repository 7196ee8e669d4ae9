"""Every word of Architects a player reads goes through gettext (``present``, ``describe``,
``advice``, ``booklet``): under the pseudo-language, which swaps each letter of a translated
text for an accented look-alike, no English word is left in the log, the decisions, the
action labels, the victory line, the card and page texts, the points at the end or the
score sheet's errors. And a score sheet written with the names of another language (any
case) scores as the English one."""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.architects.helpers import game, give
from tests.architects.helpers import tokens as give_tokens
from tests.architects.test_booklet import SHEET
from tests.catalogue import write_mo
from wonders.architects import advice, describe, present
from wonders.architects.booklet import score_table
from wonders.architects.cards import WONDER_NAMES, catalog
from wonders.architects.present import Log, action_label, decision, victory_line
from wonders.architects.state import setup
from wonders.core import i18n
from wonders.core.errors import InputError, OptionsError
from wonders.core.i18n import use_language

# a word of two or more ASCII letters: English that escaped gettext (names are Cyrillic)
ENGLISH = re.compile(r"[A-Za-z]{2,}")
NAMES = ["Аня", "Борис", "Вєра", "Гліб", "Дана", "Єва", "Жанна"]
VARIANTS = [
    ({"players": 2}, 1),
    ({"players": 3}, 2),
    ({"players": 4}, 3),
    ({"players": 7}, 6),
    ({"players": 2, "wonders": ["Halicarnassus", "Babylon"]}, 8),
    ({"players": 3, "wonders": ["Alexandria", "Olympia", "Ephesus"]}, 9),
]


def english(texts: list[str]) -> list[tuple[str, str]]:
    """(word, text) for every English word left in ``texts``. A line that begins with a
    pseudo "ß" (B) is capitalised "SS" by ``upper_first``: that is not English."""
    return [(w, t) for t in texts for w in ENGLISH.findall(re.sub(r"^SS", "", t))]


def played(options: dict[str, Any], seed: int) -> tuple[Any, list[str]]:
    """A seeded random game to its end, with every decision's title and prompt and every
    legal action's label on the way (for the terminal, and for named seats)."""
    state = setup(options, seed)
    rng = random.Random(seed)
    n = options["players"]
    texts: list[str] = []
    while not state.is_terminal():
        (p,) = state.to_move()
        legal = state.legal_actions(p)
        view, actions = state.view(p), [a.to_json() for a in legal]
        for names in (None, NAMES[:n]):
            title, prompt = decision(view, actions, names)
            assert title and prompt
            texts += [title, prompt]
            texts += [action_label(view, a, names) for a in actions]
        state.apply(p, rng.choice(legal))
    return state, texts


@pytest.mark.parametrize(("options", "seed"), VARIANTS)
def test_no_english_word_escapes_gettext_in_a_game(options: dict[str, Any], seed: int) -> None:
    with use_language("pseudo"):
        state, texts = played(options, seed)
        n = options["players"]
        result = state.result().to_json()
        wonders = [w.name for w in state.wonders]
        for reader in [*range(n), None]:
            view = state.view(reader)
            for names in (None, NAMES[:n]):
                lines = Log(view, names).lines(view["events"])
                assert lines
                texts += lines
            texts.append(victory_line(result, reader, NAMES[:n]))
            texts.append(victory_line(result, reader, wonders))  # the terminal's names
            if reader is not None:
                texts += [label for label, _points in advice.card_points(view)]
        texts += [present.category_name(c) for c in result["players"][0]["breakdown"]]
        texts += [present.victory_name(result["victory"]), present.tiebreak_name()]
    assert all(texts)
    assert english(texts) == []


GEARS = ["gear", "gear"]


def test_no_english_word_escapes_gettext_in_rare_events_and_ties() -> None:
    """The events a random game seldom logs, a tie-break and a shared victory."""
    view = game("Giza", "Babylon", "Halicarnassus").view(0)
    events: list[dict[str, Any]] = [
        *({"type": "nothing", "seat": s, "effect": e} for s in (0, 1) for e in
          ("extra", "any", "search", "babylon", "pick")),
        {"type": "no_cards"},
        {"type": "progress", "seat": 1, "token": "Tactics", "from": "Babylon", "from_stack": True},
        {"type": "progress", "seat": 0, "token": "Culture", "from": "science", "used": GEARS},
        {"type": "progress", "seat": 2, "token": "Economy", "from": "science"},
        {"type": "search", "seat": 2, "deck": "Babylon", "count": 1},
        {"type": "shuffle", "deck": "Babylon"},
        {"type": "conflict", "seat": 1, "flipped": 2, "battle_side": 3},
        {"type": "battle", "shields": [1, 0, 3], "won": [1, 0, 2]},
        {"type": "battle", "shields": [0, 0, 0], "won": [0, 0, 0]},
        {"type": "extra_card", "seat": 1, "token": "Urbanism"},
        {"type": "build", "seat": 1, "stage": 2, "points": 0, "paid": ["glass", "gold"]},
    ]  # fmt: skip
    seats = [{"seat": s, "total": 40, "tiebreak": t} for s, t in enumerate([4, 5, 3])]
    tie = {"winners": [1], "victory": "points", "players": seats}
    shared = {"winners": [0, 1], "victory": "points", "players": seats[:2]}
    with use_language("pseudo"):
        texts = [line for names in (None, NAMES[:3]) for line in Log(view, names).lines(events)]
        for reader in (0, 1, None):
            for names in (NAMES[:3], ["Giza", "Babylon", "Halicarnassus"]):
                texts += [victory_line(tie, reader, names), victory_line(shared, reader, names)]
    assert len(texts) == 2 * len(events) + 12
    assert english(texts) == []


def test_no_english_word_escapes_gettext_in_card_and_page_texts() -> None:
    cat = catalog()
    with use_language("pseudo"):
        texts = [describe.kind_name(k) for k in cat.kinds.values()]
        texts += [describe.kind_text(k) for k in cat.kinds.values()]
        texts += [describe.token_text(t.effects) for t in cat.tokens]
        for entry in describe.page_texts().values():
            assert isinstance(entry, dict)
            texts += [str(entry["text"]), str(entry["label"]), *map(str, entry.get("stages", []))]
        for item in describe.cards_json():
            texts += [item["text"], item["label"]]
        texts += [describe.colour_name(c) for c in ("yellow", "grey", "green", "blue", "red")]
        with pytest.raises(OptionsError) as error:
            describe.card_list(3, None)
        texts.append(str(error.value))
    assert all(texts)
    assert english(texts) == []


def bad_sheets() -> Iterator[dict[str, Any]]:
    """Sheets a player gets wrong, written with Cyrillic names and inputs."""
    base = copy.deepcopy(SHEET)
    for p, name in zip(base["players"], NAMES, strict=False):
        p["name"] = name
    changes: list[Callable[[dict[str, Any]], Any]] = [
        lambda s: s["players"][0].update(wonder="Атлантида"),
        lambda s: s["players"][0].update(wonder="Gizza"),
        lambda s: s["players"][1].update(wonder="Giza"),
        lambda s: s["players"][0].update(stages=[1, 3]),
        lambda s: s["players"][1].update(cat=True),
        lambda s: s["players"][0].update(blue=5),
        lambda s: s["players"][0].update(progress=["Магія"]),
        lambda s: s["players"][0].update(progress=["Cultur"]),
        lambda s: s["players"][2].update(progress=["Culture"]),
        lambda s: s["players"][2].update(progress=["Tactics", "Tactics"]),
        lambda s: s.update(players=[]),
        lambda s: s["players"][0].update(stages=6),
    ]
    for change in changes:
        sheet = copy.deepcopy(base)
        change(sheet)
        yield sheet


def test_the_score_sheets_errors_are_translated() -> None:
    """Every error a player can cause, in the pseudo-language: English is left only in the
    sheet's own keys (identifiers) and what the player wrote (Cyrillic here, or quoted)."""
    keys = r"\b(?:game|players|name|wonder|stages|cat|blue|cat_icons|victory_tokens|progress)\b"
    messages = []
    with use_language("pseudo"):
        for sheet in bad_sheets():
            with pytest.raises(InputError) as error:
                score_table(sheet)
            messages.append(str(error.value))
    assert len(messages) == len(set(messages))
    left = [re.sub(keys, "", re.sub(r"'[^']*'", "", m)) for m in messages]
    assert english(left) == [], messages


@pytest.fixture
def english_again() -> Iterator[None]:
    yield
    i18n.set_language("en")


UKRAINIAN = {
    "Alexandria": "Александрія",
    "Babylon": "Вавилон",
    "Ephesus": "Ефес",
    "Giza": "Гіза",
    "Halicarnassus": "Галікарнас",
    "Olympia": "Олімпія",
    "Rhodes": "Родос",
    "Urbanism": "Урбанізм",
    "Crafts": "Ремесла",
    "Jewellery": "Ювелірна справа",
    "Science": "Наука",
    "Propaganda": "Пропаганда",
    "Architecture": "Архітектура",
    "Economy": "Економіка",
    "Engineering": "Інженерія",
    "Tactics": "Тактика",
    "Decoration": "Декор",
    "Politics": "Політика",
    "Strategy": "Стратегія",
    "Education": "Освіта",
    "Culture": "Культура",
}


def ukrainian(tmp_path: Path, reader: str) -> None:
    """The game's names in Ukrainian (a catalogue of their own in ``tmp_path``), the text in
    ``reader``'s language."""
    catalogue = {"": "Content-Type: text/plain; charset=UTF-8\n"}
    catalogue.update({f"architects\x04{en}": uk for en, uk in UKRAINIAN.items()})
    write_mo(tmp_path / "uk" / "LC_MESSAGES" / "wonders.mo", catalogue)
    i18n.set_language(reader, localedir=tmp_path)


def in_ukrainian(sheet: dict[str, Any]) -> dict[str, Any]:
    """``sheet`` with its wonders and tokens by their Ukrainian names, in mixed case."""
    out = copy.deepcopy(sheet)
    cases: list[Callable[[str], str]] = [str.lower, str.upper, str.strip, str.title]
    for i, p in enumerate(out["players"]):
        p["wonder"] = cases[i % 4](UKRAINIAN[p["wonder"]])
        p["progress"] = [
            cases[(i + j) % 4](UKRAINIAN[t]) for j, t in enumerate(p.get("progress", []))
        ]
    return out


@pytest.mark.usefixtures("english_again")
@pytest.mark.parametrize("reader", ["uk", "en"])
def test_a_sheet_in_ukrainian_scores_as_the_english_one(tmp_path: Path, reader: str) -> None:
    ukrainian(tmp_path, reader)
    sheet = in_ukrainian(SHEET)
    assert sheet["players"][0]["wonder"] == "гіза"
    assert sheet["players"][1]["progress"][0] == "КУЛЬТУРА"
    assert score_table(sheet) == score_table(SHEET)
    mixed = copy.deepcopy(sheet)
    mixed["players"][2]["wonder"] = "rhodes"  # English and Ukrainian names in one sheet
    assert score_table(mixed) == score_table(SHEET)


@pytest.mark.usefixtures("english_again")
def test_an_unknown_name_lists_the_close_ones_in_the_readers_language(tmp_path: Path) -> None:
    ukrainian(tmp_path, "uk")
    sheet = in_ukrainian(SHEET)
    sheet["players"][0]["wonder"] = "Гізза"
    with pytest.raises(InputError, match=r"'Гізза'.*Гіза.*Александрія, Вавилон"):
        score_table(sheet)
    sheet = in_ukrainian(SHEET)
    sheet["players"][0]["progress"] = ["Освiта"]  # a Latin i
    with pytest.raises(InputError, match=r"'Освiта'.*Освіта"):
        score_table(sheet)
    sheet = in_ukrainian(SHEET)
    sheet["players"][1]["wonder"] = "Гіза"
    with pytest.raises(InputError, match="Гіза"):
        score_table(sheet)  # Ann's wonder already, whatever its language
    i18n.set_language("en", localedir=tmp_path)
    sheet["players"][1]["wonder"] = "Gizeh"
    with pytest.raises(InputError, match="unknown wonder 'Gizeh'; did you mean Giza\\?"):
        score_table(sheet)
    sheet["players"][1]["wonder"] = "Atlantis"
    with pytest.raises(InputError, match="unknown wonder 'Atlantis'; wonders: Alexandria"):
        score_table(sheet)


def test_names_are_shown_printed_and_kept_as_identifiers() -> None:
    """Wonders and tokens are shown by their printed names (through ``describe.printed``);
    the identifiers in the data, the events and the actions stay English."""
    with use_language("pseudo"):
        texts = describe.page_texts()
        assert set(WONDER_NAMES) <= set(texts)
        giza = texts["Giza"]
        assert isinstance(giza, dict) and giza["label"] == "Ĝížà"
        view = game("Giza", "Babylon").view(None)
        line = Log(view).lines([{"type": "take", "seat": 0, "deck": "Babylon", "card": "wood"}])
        assert line == ["Ĝížà ťööķ ŵööđ ƒŕöɱ ťĥé ßàƀýłöñ đéçķ"]


def test_lists_and_orders_read_as_whole_sentences() -> None:
    """Today's words: "stages in order: 1, then 2, then 3 + 4 (any order), then 5" glued
    from fragments; the building order is now the rule and its exceptions, and what a token
    counts is one phrase ("gear, compass or tablet")."""
    wonders = {w.name: w for w in catalog().wonders}
    assert describe.order_text(wonders["Giza"]) == "stages in order, 1 to 5"
    assert describe.order_text(wonders["Halicarnassus"]) == (
        "stages in order, 1 to 5; stages 3 and 4 in any order"
    )
    assert describe.order_text(wonders["Ephesus"]).endswith("stages 2, 3 and 4 in any order")
    tokens = {t.name: t.effects for t in catalog().tokens}
    assert describe.token_text(tokens["Science"]) == (
        "once a turn, taking gear, compass or tablet gives one more card"
    )
    assert describe.token_text(tokens["Politics"]) == "1 VP per cat icon on your blue cards"
    assert describe.stage_cost_text(catalog(), 4) == "3 equal resources"
    state = game("Giza", "Rhodes")
    state = give_tokens(state, 0, "Culture", "Economy")
    state = give(state, 0, blue3=2)
    labels = dict(advice.card_points(state.view(0)))
    assert labels["blue 3 VP ×2"] == 6 and labels["Culture, Economy"] == 4
