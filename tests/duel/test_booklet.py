"""The Duel score booklet: a hand-scored game, the victories, and every impossible sheet."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from wonders.cli.app import app
from wonders.core.errors import InputError
from wonders.duel.booklet import score_sheet

SHEET: dict[str, Any] = {
    "game": "duel",
    "players": [
        {
            "name": "Ann",
            "cards": ["Baths", "Palace", "Apothecary", "workshop", "Arena", "Shipowners guild"],
            "counts": {"brown": 3, "grey": 1},
            "wonders": ["The Pyramids", "Piraeus"],
            "tokens": ["Agriculture", "Mathematics"],
            "coins": 9,
        },
        {
            "name": "Bob",
            "cards": ["Temple", "Library", "Merchants guild"],
            "counts": {"brown": 2, "grey": 2, "red": 2},
            "wonders": ["The Sphinx"],
            "tokens": ["Philosophy"],
            "coins": 14,
        },
    ],
    "military": {"leader": "Ann", "spaces": 4},
}


def sheet() -> dict[str, Any]:
    return copy.deepcopy(SHEET)


def test_a_hand_scored_game_by_the_score_pad() -> None:
    scored = score_sheet(sheet())
    ann, bob = scored["players"]
    # the pawn 4 spaces towards Bob's capital: 5; Shipowners: 4 brown and grey in the city
    # with the most (a tie: 4); Mathematics: 3 per token, itself included (2 tokens: 6)
    assert ann["breakdown"] == {
        "military": 5, "blue": 10, "green": 2, "yellow": 3, "purple": 4,
        "wonders": 11, "tokens": 10, "coins": 3,
    }  # fmt: skip
    assert ann["total"] == 48
    # Merchants guild: the yellow cards of the city with the most (Ann's Arena: 1)
    assert bob["breakdown"] == {
        "military": 0, "blue": 4, "green": 2, "yellow": 0, "purple": 1,
        "wonders": 6, "tokens": 7, "coins": 4,
    }  # fmt: skip
    assert scored["victory"] == "civilian" and scored["winners"] == ["Ann"]
    assert [ann["rank"], bob["rank"]] == [1, 2]


def _civilian(ann: list[str], bob: list[str], coins: tuple[int, int] = (0, 0)) -> dict[str, Any]:
    return {
        "game": "duel",
        "players": [
            {"name": "Ann", "cards": ann, "coins": coins[0]},
            {"name": "Bob", "cards": bob, "coins": coins[1]},
        ],
    }


def test_a_tie_on_points_goes_to_the_most_blue_points() -> None:
    scored = score_sheet(_civilian(["Baths"], ["Arena"]))  # 3 blue against 3 yellow
    assert [p["total"] for p in scored["players"]] == [3, 3]
    assert scored["winners"] == ["Ann"] and [p["rank"] for p in scored["players"]] == [1, 2]


def test_a_tie_on_points_and_blue_points_is_a_shared_victory() -> None:
    scored = score_sheet(_civilian(["Baths"], ["Altar"]))
    assert scored["winners"] == ["Ann", "Bob"] and scored["victory"] == "civilian"


def test_the_pawn_in_a_capital_is_a_military_supremacy_whatever_the_points() -> None:
    data = _civilian(["Palace", "Town hall"], [])
    data["military"] = {"leader": "Bob", "spaces": 9}
    scored = score_sheet(data)
    assert scored["victory"] == "military" and scored["winners"] == ["Bob"]
    assert scored["players"][1]["breakdown"]["military"] == 10


def test_six_different_science_symbols_are_a_scientific_supremacy() -> None:
    greens = ["Workshop", "Apothecary", "Scriptorium", "Pharmacist", "Academy"]
    data = _civilian(greens, ["Palace", "Town hall", "Senate"])
    assert score_sheet(data)["victory"] == "civilian"  # five symbols: not yet
    data["players"][0]["tokens"] = ["Law"]  # the Law token is the sixth symbol
    scored = score_sheet(data)
    assert scored["victory"] == "science" and scored["winners"] == ["Ann"]
    data["players"][0]["tokens"] = []
    data["players"][0]["cards"].append("Study")  # a second sundial is no new symbol
    assert score_sheet(data)["victory"] == "civilian"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s["players"][0]["cards"].append("baths"), "Baths is listed twice"),
        (lambda s: s["players"][1]["cards"].append("Baths"), "the card Baths is also Ann's"),
        (lambda s: s["players"][1]["wonders"].append("The Pyramids"), "The Pyramids is also"),
        (lambda s: s["players"][1]["tokens"].append("Agriculture"), "Agriculture is also"),
        (
            lambda s: s["players"][0]["wonders"].extend(["The Sphinx", "Piraeus", "The Colossus"]),
            "5 wonders, but each player has 4",
        ),
        (
            lambda s: (
                s["players"][0]["wonders"].extend(["The Colossus", "Circus Maximus"]),
                s["players"][1]["wonders"].extend(
                    ["The Mausoleum", "The Great Library", "The Appian Way"]
                ),
            ),
            "8 wonders built, but at most 7",
        ),
        (lambda s: s["military"].update(spaces=10), "the capital is 9 away"),
        (lambda s: s["military"].update(leader="Cy"), "leader must be one of the players"),
        (lambda s: s["military"].update(spaces=0), "it leads for nobody"),
        (lambda s: s["players"][0]["cards"].append("Colosseum"), "unknown card 'Colosseum'"),
        (lambda s: s["players"][0]["wonders"].append("Giza"), "unknown wonder 'Giza'"),
        (lambda s: s["players"][0]["tokens"].append("Magic"), "unknown progress token"),
        (lambda s: s["players"][0]["counts"].update(blue=2), "list 'blue' cards by name"),
        (
            lambda s: s["players"][0]["counts"].update(brown=12),
            "14 brown cards in the two cities, but the game has 9",
        ),
        (lambda s: s["players"][1].update(name="Ann"), "two players are named 'Ann'"),
        (lambda s: s["players"][0].update(coins=-1), "coins must be a whole number"),
        (lambda s: s["players"][0].update(shields=3), "unknown key 'shields'; known: name"),
        (lambda s: s.update(game="classic"), "game must be 'duel'"),
        (lambda s: s["players"].pop(), "the two players"),
    ],
)
def test_impossible_sheets_are_refused(change: Any, message: str) -> None:
    data = sheet()
    change(data)
    with pytest.raises(InputError, match=message):
        score_sheet(data)


def test_both_supremacies_at_once_are_refused() -> None:
    greens = ["Workshop", "Apothecary", "Scriptorium", "Pharmacist", "Academy", "University"]
    data = _civilian(greens, [])
    data["military"] = {"leader": "Bob", "spaces": 9}
    with pytest.raises(InputError, match="the first one ends the game"):
        score_sheet(data)


def test_wonders_score_prints_the_duel_booklet(tmp_path: Path) -> None:
    path = tmp_path / "duel.json"
    path.write_text(json.dumps(SHEET))
    runner = CliRunner()
    shown = runner.invoke(app, ["score", str(path)])
    assert shown.exit_code == 0, shown.output
    assert "Ann wins the civilian count." in shown.output
    assert "48" in shown.output and "green" in shown.output
    as_json = runner.invoke(app, ["score", str(path), "--json"])
    assert json.loads(as_json.output) == score_sheet(sheet())
    path.write_text(json.dumps({**SHEET, "military": {"leader": "Ann", "spaces": 12}}))
    refused = runner.invoke(app, ["score", str(path)])
    assert refused.exit_code == 1 and "the capital is 9 away" in refused.output
