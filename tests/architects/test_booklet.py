"""The Architects score booklet: a finished real table's points, ranks and clear errors."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from wonders.architects.booklet import score_table
from wonders.core.errors import InputError

SHEET: dict[str, Any] = {
    "game": "architects",
    "players": [
        {"name": "Ann", "wonder": "Giza", "stages": 5, "cat": True, "blue": 7, "cat_icons": 2,
         "victory_tokens": 2, "progress": ["Culture", "Education", "Politics"]},
        {"name": "Bob", "wonder": "Babylon", "stages": [1, 2, 3, 5], "blue": 3,
         "progress": ["Culture", "Decoration", "Strategy"], "victory_tokens": 1},
        {"name": "Cy", "wonder": "Rhodes", "stages": [2], "blue": 0},
    ],
}  # fmt: skip


def test_each_category_and_total() -> None:
    ann, bob, cy = score_table(SHEET)
    # Ann: Giza 30, cat 2, blue 7, 2 tokens 6; Culture 4 + Education 6 + Politics 2
    assert ann["breakdown"] == {"wonder": 30, "cat": 2, "blue": 7, "military": 6, "progress": 12}
    assert ann["total"] == 57 and ann["rank"] == 1
    # Bob: Babylon 3 + 0 + 5 + 7 (its fifth piece); Culture 4, Decoration 4, Strategy 1
    assert bob["breakdown"] == {"wonder": 15, "cat": 0, "blue": 3, "military": 3, "progress": 9}
    # Cy: Rhodes built its stage 2 first
    assert cy["breakdown"]["wonder"] == 4 and cy["total"] == 4


def test_ties_go_to_most_stages_then_are_shared() -> None:
    sheet = {
        "game": "architects",
        "players": [
            {"name": "A", "wonder": "Giza", "stages": 2},  # 9, 2 stages
            {"name": "B", "wonder": "Rhodes", "stages": 1, "blue": 5, "cat_icons": 1},  # 9
            {"name": "C", "wonder": "Olympia", "stages": 1, "blue": 6},  # 9, 1 stage
        ],
    }
    ranks = [p["rank"] for p in score_table(sheet)]
    assert ranks == [1, 2, 2]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s.update(game="classic"), "game must be 'architects'"),
        (lambda s: s.update(extra=1), "unknown key"),
        (lambda s: s.update(players=[]), "2 to 7 players"),
        (lambda s: s["players"][0].update(wonder="Atlantis"), "unknown wonder"),
        (lambda s: s["players"][1].update(wonder="Giza"), "already Ann's wonder"),
        (lambda s: s["players"][0].update(stages=6), "stages must be 0 to 5"),
        (lambda s: s["players"][0].update(stages=[1, 3]), "cannot be built in that order"),
        (lambda s: s["players"][0].update(stages="all"), "stages must be a number or a list"),
        (lambda s: s["players"][1].update(cat=True), "only one player can have the cat"),
        (lambda s: s["players"][0].update(blue=5), "5 VP of blue cards cannot be made of 2 cat"),
        (lambda s: s["players"][0].update(victory_tokens=-1), "victory_tokens must be"),
        (lambda s: s["players"][0].update(progress=["Magic"]), "unknown progress token"),
        (lambda s: s["players"][2].update(progress=["Culture"]), "2 Culture token"),
        (lambda s: s["players"][0].pop("name"), "has no name"),
        (lambda s: s["players"][0].update(coins=3), "unknown key"),
        (lambda s: s["players"][1].update(name="Ann"), "two players are named 'Ann'"),
        (lambda s: s["players"].append(7), "must be a JSON object"),
    ],
)
def test_malformed_sheets_are_clear_errors(change: Any, message: str) -> None:
    sheet = copy.deepcopy(SHEET)
    change(sheet)
    with pytest.raises(InputError, match=message):
        score_table(sheet)


def test_not_an_object() -> None:
    with pytest.raises(InputError, match="JSON object"):
        score_table([1, 2])
