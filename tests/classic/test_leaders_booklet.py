"""The score booklet with the Leaders expansion: leaders, the courtesan, the new category."""

from __future__ import annotations

from typing import Any

import pytest

from wonders.classic.booklet import score_table
from wonders.core.errors import InputError


def sheet(**changes: Any) -> dict[str, Any]:
    players = [
        {"name": "Ann", "wonder": "Roma", "side": "B", "stages": 1, "cards": ["Apothecary"],
         "coins": 6, "military": [1], "leaders": ["Aristotle", "Ptolemy", "Pythagoras"]},
        {"name": "Bob", "wonder": "Giza", "side": "A", "stages": 0,
         "cards": ["Courtesans Guild", "Diplomats Guild"], "coins": 0, "military": [],
         "leaders": ["Sappho"], "courtesan": "Aristotle"},
        {"name": "Cy", "wonder": "Rhodes", "side": "A", "stages": 0, "cards": [], "coins": 0,
         "military": [], "leaders": ["Nero", "Caesar"]},
    ]  # fmt: skip
    for i, extra in changes.items():
        players[int(i[1:])].update(extra)
    return {"game": "classic", "expansions": ["leaders"], "players": players}


def test_leaders_points_science_and_copies() -> None:
    ann, bob, cy = score_table(sheet())
    assert ann["breakdown"]["science"] == 3 + 7  # compass (card), tablet, gear (leaders)
    assert ann["breakdown"]["leaders"] == 3  # Aristotle on the one set
    assert bob["breakdown"]["leaders"] == 2  # Sappho
    assert bob["breakdown"]["guilds"] == 3 + 2  # Diplomats: Ann's 3 leaders + Cy's 2; copy: 0
    assert cy["breakdown"]["leaders"] == 0
    assert list(ann["breakdown"])[-1] == "leaders"


def test_without_the_expansion_the_booklet_keeps_seven_categories() -> None:
    data = sheet()
    del data["expansions"]
    with pytest.raises(InputError, match="unknown key"):
        score_table(data)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"p0": {"leaders": ["Napoleon"]}}, "unknown leader"),
        ({"p0": {"leaders": ["Sappho", "Sappho"]}}, "listed twice"),
        ({"p0": {"cards": ["Sappho"]}}, "is a leader"),
        ({"p2": {"courtesan": "Sappho"}}, "Courtesans Guild"),
        ({"p1": {"courtesan": "Cleopatra"}}, "not a leader recruited by a neighbour"),
    ],
)
def test_bad_leader_entries_are_named(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError, match=message):
        score_table(sheet(**changes))


def test_unknown_expansion() -> None:
    data = sheet()
    data["expansions"] = ["armada"]
    with pytest.raises(InputError, match="unknown expansion"):
        score_table(data)


def test_tomyris_defeats_may_come_on_top_of_six_conflicts() -> None:
    # Ann won all six conflicts; her neighbour's Tomyris passed on three defeat tokens.
    military = [1, 1, 3, 3, 5, 5, -1, -1, -1]
    (ann, _, _) = score_table(sheet(p0={"military": military}))
    assert ann["breakdown"]["military"] == 18 - 3
    with pytest.raises(InputError, match="only 6 conflicts"):  # more defeats than wins
        score_table(sheet(p0={"military": [1, 3, 5, -1, -1, -1, -1, -1, -1, -1]}))
    without = sheet(p0={"military": military, "wonder": "Babylon"})
    del without["expansions"]
    for p in without["players"]:
        p.pop("leaders", None)
        p.pop("courtesan", None)
    with pytest.raises(InputError, match="only 6 conflicts"):  # no Tomyris in the base game
        score_table(without)


def test_one_leader_in_two_cities_is_refused() -> None:
    data = sheet(p1={"leaders": ["Ptolemy"]})
    with pytest.raises(InputError, match="Ptolemy is already Ann's leader"):
        score_table(data)
