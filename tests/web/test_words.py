"""The web log: each game's narrator (its ``present.Log``, tested in each game's
test_present.py) with the table's names, for a seat and for a spectator."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from tests.playouts import random_finish
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


@pytest.mark.parametrize(("game", "options"), TABLES)
def test_every_log_line_is_a_plain_sentence_with_the_tables_names(game: str, options: JSON) -> None:
    for seed in range(3):
        state = random_finish(game, options, seed)
        n = state.num_players  # type: ignore[attr-defined]
        names = [f"Name{p}" for p in range(n)]
        for reader in [*range(n), None]:
            view = state.view(reader)  # type: ignore[attr-defined]
            lines = words.log(game, view, reader, names, last=10_000)
            assert lines and len(lines) <= len(view["events"])
            for text in lines:
                assert text[0] == text[0].upper()
                assert "{" not in text and "[bold]" not in text and "(s)" not in text, text
            others = [p for p in range(n) if p != reader]
            assert any(f"Name{p}" in text for text in lines for p in others)
            if reader is not None:
                assert not any(f"Name{reader}" in text for text in lines)  # "you" instead


def test_the_log_keeps_its_last_lines() -> None:
    state = random_finish("duel", {}, 1)
    view = state.view(0)  # type: ignore[attr-defined]
    full = words.log("duel", view, 0, ["Ann", "Bob"], last=10_000)
    assert words.log("duel", view, 0, ["Ann", "Bob"], last=5) == full[-5:]


def test_duel_says_who_chose_who_starts_an_age() -> None:
    names = ["Ann", "Bob"]
    events = [
        {"type": "age", "age": 1, "cards": []},
        {"type": "first", "age": 1, "player": 0, "chooser": None},
        {"type": "age", "age": 2, "cards": []},
        {"type": "first", "age": 2, "player": 1, "chooser": 0},
        {"type": "age", "age": 3, "cards": []},
        {"type": "first", "age": 3, "player": 1, "chooser": 1},
    ]
    view: JSON = {"seat": 0, "events": events}

    def lines(reader: int | None) -> list[str]:
        return [t for t in words.log("duel", view, reader, names) if "start" in t]

    assert lines(0) == [
        "You start Age I",
        "You chose Bob to start Age II",
        "Bob chose to start Age III",
    ]
    assert lines(1) == [
        "Ann starts Age I",
        "Ann chose you to start Age II",
        "You chose to start Age III",
    ]
    assert lines(None)[1] == "Ann chose Bob to start Age II"


@pytest.mark.parametrize(("game", "options"), TABLES)
def test_who_won_is_a_sentence_even_when_it_opens_with_a_lowercase_name(
    game: str, options: JSON
) -> None:
    state = random_finish(game, options, 2)
    n = state.num_players  # type: ignore[attr-defined]
    names = [f"greedy bot {p + 1}" for p in range(n)]
    result = state.result().to_json()  # type: ignore[attr-defined]
    for reader in [*range(n), None]:
        text = get_game(game).part("present").victory_line(result, reader, names)
        assert text and text[0].isupper() and "{" not in text, text
