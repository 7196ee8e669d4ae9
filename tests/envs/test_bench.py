"""`wonders bench --envs` reports the environments' rates beside the engine's."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pettingzoo")

from typer.testing import CliRunner

from wonders.cli.app import app
from wonders.envs import bench
from wonders.envs.bench import report


@pytest.fixture(autouse=True)
def _short(monkeypatch: pytest.MonkeyPatch) -> None:
    """No least time for a rate (the CLI's default is a second): a few games each."""
    monkeypatch.setattr(bench, "SECONDS", 0.0)


def test_bench_envs_json_has_engine_and_env_rows() -> None:
    result = CliRunner().invoke(
        app, ["bench", "--games", "5", "--game", "duel", "--envs", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [r["game"] for r in data["engine"]] == ["duel"]
    (row,) = data["envs"]
    for key in ("engine", "aec", "parallel"):
        assert row[f"{key}_decisions_per_second"] > 0
    assert row["engine_us"] > 0 and row["view_us"] > 0 and row["encoding_us"] > 0
    assert row["reference_us"] > 0
    assert row["encoding_ratio"] == pytest.approx(row["encoding_us"] / row["engine_us"], rel=0.1)


def test_bench_envs_table_and_every_game_row() -> None:
    result = CliRunner().invoke(app, ["bench", "--games", "1", "--game", "architects", "--envs"])
    assert result.exit_code == 0, result.output
    assert "Learning environments" in result.output
    rows = report(1, only="classic")
    assert [r["options"]["players"] for r in rows] == [3, 7, 8]
