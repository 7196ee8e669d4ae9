"""The log in plain words: every event that seeded random games of every game and variant
produce has a sentence of its own (none falls back to its raw fields)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from wonders.core.protocol import JSON
from wonders.core.registry import get_game
from wonders.web import words

TABLES: list[tuple[str, JSON]] = [
    ("classic", {"players": 3}),
    ("classic", {"players": 2, "expansions": ["leaders", "cities"]}),
    ("classic", {"players": 4, "expansions": ["leaders", "cities"], "teams": True}),
    ("duel", {}),
    ("architects", {"players": 2}),
    ("architects", {"players": 4}),
]


def _events(game: str, options: JSON, seed: int) -> list[JSON]:
    state = get_game(game).setup(options, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        for p in state.to_move():
            if p in state.to_move():
                state.apply(p, rng.choice(state.legal_actions(p)))
    return list(state.view(0)["events"]) + list(state.view(None)["events"])


@pytest.mark.parametrize(("game", "options"), TABLES)
def test_every_event_reads_in_plain_words(
    game: str, options: JSON, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(e: JSON, p: str) -> str:
        raise AssertionError(f"no words for {e}")

    monkeypatch.setattr(words, "raw", refuse)
    for seed in range(4):
        for e in _events(game, options, seed):
            text = words.line(e, 0, game, None)
            assert text is None or ("{" not in text and "_" not in text), text


def test_an_unknown_event_still_shows_its_fields() -> None:
    text = words.line({"type": "new_thing", "seat": 1, "amount": 3}, 0, "classic", None)
    assert text == "player 2: new thing (amount 3)"


def test_duel_says_who_chose_who_starts_an_age() -> None:
    names = ["Ann", "Bob"]
    first = {"type": "first", "age": 1, "player": 0, "chooser": None}
    assert words.line(first, 0, "duel", names) == "You start Age I"
    assert words.line(first, 1, "duel", names) == "Ann starts Age I"
    chosen = {"type": "first", "age": 2, "player": 1, "chooser": 0}
    assert words.line(chosen, 0, "duel", names) == "You chose Bob to start Age II"
    assert words.line(chosen, 1, "duel", names) == "Ann chose you to start Age II"
    assert words.line(chosen, None, "duel", names) == "Ann chose Bob to start Age II"
    itself = {"type": "first", "age": 3, "player": 1, "chooser": 1}
    assert words.line(itself, 1, "duel", names) == "You chose to start Age III"
    assert words.line(itself, 0, "duel", names) == "Bob chose to start Age III"
    assert words.line({"type": "age", "age": 3, "cards": []}, 0, "duel", names) == (
        "Age III begins"
    )
