"""Every decision and action a player may be offered has words from the server: the game's
presentation module (``present.decision``, ``present.action_label``) gives each decision a
title and a prompt and each legal action a specific label, never one built from its JSON.
The table page receives them beside the legal actions and words none itself."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import create, state
from wonders.core.registry import get_game
from wonders.web.texts import texts

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("classic", {"players": 3}),
    ("classic", {"players": 2}),
    ("classic", {"players": 4, "expansions": ["leaders"]}),
    ("classic", {"players": 5, "expansions": ["leaders", "cities"]}),
    ("classic", {"players": 4, "expansions": ["cities"], "teams": True}),
    ("duel", {}),
    ("architects", {"players": 3}),
    ("architects", {"players": 7}),
]
STATIC = Path(__file__).resolve().parents[2] / "src" / "wonders" / "web" / "static"


def _generic(action: dict[str, Any]) -> str:
    """What the page used to show for a rare decision: the kind and fields of its JSON."""
    rest = [
        f"{k} {', '.join(map(str, v)) if isinstance(v, list) else v}"
        for k, v in action.items()
        if k not in ("kind", "pay")
    ]
    return action["kind"].replace("_", " ") + (": " + ", ".join(rest) if rest else "")


@pytest.mark.parametrize(("game", "options"), VARIANTS)
def test_walking_seeded_games_every_decision_and_action_has_the_games_words(
    game: str, options: dict[str, Any]
) -> None:
    """What the server sends the page: the game's ``present.decision`` and one
    ``present.action_label`` per legal action, naming the cards, wonders and tokens."""
    present = get_game(game).part("present")
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    kinds: set[str] = set()
    for seed in range(3):
        st = get_game(game).setup(dict(options), seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            for seat in st.to_move():
                view = st.view(seat)
                legal = [a.to_json() for a in st.legal_actions(seat)]
                title, prompt = present.decision(view, legal, names[: st.num_players])
                assert title and prompt and "Decision:" not in title, (legal[:2], title)
                for a in legal:
                    words = present.action_label(view, a, names[: st.num_players])
                    kinds.add(a["kind"])
                    assert words and "{" not in words and "(s)" not in words, (a, words)
                    assert not words.startswith(_generic(a)), (a, words)
                    for field in ("card", "wonder", "token"):  # names come from the data
                        if a.get(field) and a[field] != "stack":
                            shown = texts(game).get(a[field], {}).get("name", a[field])
                            assert shown in words, (a, words)
            seat = st.to_move()[0]
            st.apply(seat, rng.choice(st.legal_actions(seat)))
    assert len(kinds) >= 3


def test_the_page_gets_the_decision_and_a_label_for_each_legal_action(client: TestClient) -> None:
    made = create(client, "architects", {"players": 2}, ["human", "human"])
    for seat in made["seats"]:
        s = state(client, seat["token"])
        assert len(s["labels"]) == len(s["legal"])
        if s["legal"]:
            assert s["decision"]["title"] == "Take a card" and s["decision"]["prompt"]
            assert all(label.startswith("Take ") for label in s["labels"])
        else:
            assert s["decision"] == {"title": "", "prompt": ""}
    script = (STATIC / "games.js").read_text()
    for game_words in ("decisionTitle", "buttonText", "actionText", "payText", "a.kind.replace"):
        assert game_words not in script  # the page words no decision or action itself


def test_every_phase_a_game_reaches_has_words() -> None:
    """The page names the phase in words from the server (never the view's identifier)."""
    from wonders.web.boards import phase_name, phases

    PHASES = phases()

    seen: set[str] = set()
    for game, options in VARIANTS:
        for seed in range(4):
            st = get_game(game).setup(dict(options), seed)
            rng = random.Random(seed)
            while True:
                phase = st.view(None).get("phase")
                if phase is not None:
                    seen.add(f"{game}:{phase}")
                if st.is_terminal():
                    break
                seat = rng.choice(st.to_move())
                st.apply(seat, rng.choice(st.legal_actions(seat)))
    assert seen <= set(PHASES), seen - set(PHASES)
    assert {"classic:draft", "classic:leader_draft", "classic:debt", "duel:draft"} <= seen
    for key in seen:
        game, phase = key.split(":")
        assert phase_name(game, phase) == PHASES[key]  # in English, the words themselves
    assert "view.phase" not in (STATIC / "games.js").read_text()


def test_every_phrase_the_pages_translate_is_listed_for_gettext() -> None:
    """``t("...")`` in the pages' scripts and templates looks the phrase up in
    ``strings.PHRASES`` (through gettext, marked for extraction): a phrase missing there would
    never be translated (a template's is an error when the page is made)."""
    import re

    from wonders.web.strings import PHRASES

    listed = set(PHRASES)
    seen = 0
    for script in STATIC.glob("*.js"):
        for phrase in re.findall(r'\bt\("((?:[^"\\]|\\.)*)"[,)]', script.read_text()):
            assert phrase in listed, (script.name, phrase)
            seen += 1
    for template in (STATIC.parent / "templates").glob("*.html"):
        for phrase in re.findall(r"\bt\([\"']([^\"']*)[\"'][,)]", template.read_text()):
            assert phrase in listed, (template.name, phrase)
            seen += 1
    assert seen > 80


def test_the_boards_script_holds_no_word_of_a_game() -> None:
    """games.js draws from the view and shows the server's words only (``boards.py``)."""
    import re

    script = (STATIC / "games.js").read_text()
    assert not re.search(r"\bt\(", script)  # not even the pages' phrases
    code = re.sub(r"//.*", "", script)
    literals = re.findall(r'"([^"]*)"', code)
    classes = {"use strict", "slot empty", "slot down", "wonder built"}  # no words: CSS classes
    assert not [s for s in literals if re.search(r"[a-z]+ [a-z]+", s) and s not in classes]
