"""A game record says who played each seat: a person, or a bot by name (records written
before have no such list and still load)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wonders.cli.app import app
from wonders.cli.session import Session
from wonders.core.errors import RecordError
from wonders.core.records import GameRecord

runner = CliRunner()


def test_a_played_game_records_the_person_and_the_bots() -> None:
    session = Session("duel", {}, 3, 1, "greedy")
    assert session.record.to_json()["seats"] == [
        {"kind": "bot", "bot": "greedy"},
        {"kind": "person"},
    ]


def test_simulated_games_record_their_bots(tmp_path: Path) -> None:
    done = runner.invoke(
        app,
        ["simulate", "architects", "--games", "1", "--bots", "random", "--record", str(tmp_path)],
    )
    assert done.exit_code == 0
    (path,) = tmp_path.glob("*.json")
    data = json.loads(path.read_text())
    assert data["seats"] == [{"kind": "bot", "bot": "random"}] * 3
    assert GameRecord.load(path).seats == data["seats"]


def test_a_record_without_seats_loads_and_bad_seats_are_refused() -> None:
    data = GameRecord("duel", {}, 1).to_json()
    assert "seats" not in data and GameRecord.from_json(data).seats is None
    for bad in ([{"kind": "alien"}], [{"kind": "bot"}], "person", [["person"]]):
        with pytest.raises(RecordError, match="seats must be a list"):
            GameRecord.from_json({**data, "seats": bad})
