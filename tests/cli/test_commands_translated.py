"""The commands' screens in the pseudo-language (docs/TRANSLATING.md): ``cards``,
``simulate``, ``replay`` and ``score`` leave no plain English word for any game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.architects.test_cli import SHEET as ARCHITECTS_SHEET
from tests.classic.test_booklet import cities_sheet
from tests.cli.test_translated import english_words
from tests.duel.test_booklet import sheet as duel_sheet
from wonders.bots import BOT_NAMES
from wonders.cli.app import app
from wonders.core import i18n

runner = CliRunner()


@pytest.fixture(autouse=True)
def _english_again() -> Any:
    yield
    i18n.set_language("en")


def pseudo(*args: str) -> str:
    result = runner.invoke(app, [*args, "--lang", "pseudo"])
    assert result.exit_code == 0, result.stderr
    assert "é" in result.stdout
    return result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("cards", "classic", "--expansions", "leaders,cities"),
        ("cards", "classic", "--players", "4", "--age", "2"),
        ("cards", "duel"),
        ("cards", "architects"),
        ("simulate", "classic", "--games", "2", "--players", "4", "--expansions", "cities",
         "--teams"),
        ("simulate", "duel", "--games", "2"),
    ],
)  # fmt: skip
def test_tables_of_cards_and_simulations_are_translated(args: tuple[str, ...]) -> None:
    bots = [repr(name) for name in BOT_NAMES]  # identifiers, as typed after --bots
    assert [w for w in english_words(pseudo(*args)) if not w.startswith(tuple(bots))] == []


@pytest.mark.parametrize(
    ("game", "extra"),
    [("classic", ["--expansions", "leaders,cities"]), ("duel", []), ("architects", [])],
)
def test_a_replay_is_translated(game: str, extra: list[str], tmp_path: Path) -> None:
    made = runner.invoke(app, ["simulate", game, "--games", "1", *extra, "--record", str(tmp_path)])
    assert made.exit_code == 0
    (record,) = tmp_path.glob("*.json")
    assert english_words(pseudo("replay", str(record))) == []


@pytest.mark.parametrize(
    "sheet", [cities_sheet(), duel_sheet(), ARCHITECTS_SHEET], ids=["classic", "duel", "architects"]
)
def test_a_score_sheet_is_translated(sheet: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    out = pseudo("score", str(path))
    names = [p["name"] for p in sheet["players"]]  # the players' own names stay as written
    assert [w for w in english_words(out) if not any(repr(n) in w for n in names)] == []
