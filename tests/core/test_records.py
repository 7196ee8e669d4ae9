"""Game records replay exactly; malformed or tampered records are clear errors."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from wonders.core import GameRecord, OptionsError, RecordError, get_game, replay, setup


def finished_record(seed: int = 4) -> GameRecord:
    state = setup("classic", {"players": 3}, seed)
    record = GameRecord("classic", {"players": 3}, seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        for p in state.to_move():
            action = rng.choice(state.legal_actions(p))
            state.apply(p, action)
            record.actions.append((p, action.to_json()))
    record.result = state.result().to_json()
    return record


def test_record_round_trips_through_a_file(tmp_path: Path) -> None:
    record = finished_record()
    path = tmp_path / "game.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded.to_json() == record.to_json()
    assert replay(loaded).result().to_json() == record.result


def test_tampered_result_is_refused() -> None:
    data = finished_record().to_json()
    data["result"]["totals"][0] += 1
    with pytest.raises(RecordError, match="differs"):
        replay(GameRecord.from_json(data))


def test_an_illegal_action_in_a_record_is_refused() -> None:
    data = finished_record().to_json()
    data["actions"][0][1] = {"kind": "build", "card": "Palace"}
    with pytest.raises(RecordError, match="action #0"):
        replay(GameRecord.from_json(data))


def test_a_different_seed_does_not_replay() -> None:
    data = finished_record().to_json()
    data["seed"] += 1
    with pytest.raises(RecordError):
        replay(GameRecord.from_json(data))


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"version": 1, "game": "classic"},
        {"version": 1, "game": "classic", "options": {}, "seed": "x", "actions": []},
        {"version": 1, "game": "classic", "options": {}, "seed": 1, "actions": [["0", {}]]},
        {"version": 1, "game": "classic", "options": {}, "seed": 1, "actions": [[True, {}]]},
        {"version": 1, "game": "chess", "options": {}, "seed": 1, "actions": []},
    ],
)
def test_malformed_records_are_clear_errors(data: object) -> None:
    with pytest.raises(RecordError):
        replay(GameRecord.from_json(data))


def test_unreadable_file_is_a_record_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(RecordError):
        GameRecord.load(path)
    with pytest.raises(RecordError):
        GameRecord.load(tmp_path / "missing.json")
    path.write_bytes(b"\xff\xfe{}")
    with pytest.raises(RecordError):
        GameRecord.load(path)
    path.write_text("[" * 100_000)
    with pytest.raises(RecordError, match="deeply"):
        GameRecord.load(path)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 1},
        {"players": 8},
        {"players": "3"},
        {"sides": "C"},
        {"wonders": ["Rhodes", "Rhodes", None]},
        {"wonders": ["Atlantis", None, None]},
        {"wonders": ["Rhodes"]},
        {"colour": "red"},
    ],
)
def test_impossible_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(OptionsError):
        setup("classic", options, 1)


def test_chosen_wonders_and_sides_are_used() -> None:
    state = get_game("classic").setup(
        {"players": 3, "wonders": ["Rhodos", None, "Pyramids of Giza"], "sides": "B"}, 9
    )
    assert state.view(None)["players"][0]["wonder"] == "Rhodes"
    assert state.view(None)["players"][2]["wonder"] == "Giza"
    assert {p["side"] for p in state.view(None)["players"]} == {"B"}
    assert json.dumps(state.to_json())  # serialisable


@pytest.mark.parametrize("version", [99, "abc", 0, True, None, "missing"])
def test_a_record_of_an_unknown_version_is_refused(version: object) -> None:
    data = GameRecord("classic", {"players": 3}, 1).to_json()
    if version == "missing":
        del data["version"]
    else:
        data["version"] = version
    with pytest.raises(RecordError, match="version"):
        GameRecord.from_json(data)
