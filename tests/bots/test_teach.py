"""benchmarks/teach.py: a teacher's games for the learned bot, kept as they end."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from wonders.bots import make_bot
from wonders.bots.ismcts import ISMCTSBot
from wonders.core.registry import get_game

TEACH = Path(__file__).resolve().parents[2] / "benchmarks" / "teach.py"


@pytest.fixture(scope="module")
def teach() -> dict[str, Any]:
    return runpy.run_path(str(TEACH))


def test_ismcts_reports_the_visits_of_its_root_actions() -> None:
    state = get_game("architects").setup({"players": 2}, 3)
    bot = make_bot("ismcts:60i", 1)
    assert isinstance(bot, ISMCTSBot)
    seat = state.to_move()[0]
    action = bot.choose(state, seat)
    visits = dict(bot.visits)
    assert set(visits) == set(state.legal_actions(seat))
    assert sum(visits.values()) == 60
    assert visits[action] == max(visits.values())  # it plays its most visited action


def test_teacher_games_keep_the_teachers_legal_targets_and_resume(
    teach: dict[str, Any], tmp_path: Path
) -> None:
    teach["play_missing"]("architects", [2], "ismcts:20i", 2, 1, tmp_path)
    files = sorted(tmp_path.glob("game-*.npz"))
    assert [f.name for f in files] == [f"game-{teach['TEACH_SEED'] + i}.npz" for i in range(2)]
    data = teach["load"](tmp_path, 2, 2)
    n = len(data["obs"])
    assert n > 10 and data["games"] == 2
    assert data["mask"].shape == data["target"].shape == (n, data["target"].shape[1])
    assert np.allclose(data["target"].sum(1), 1.0, atol=1e-3)
    assert not (data["target"] > 0)[~data["mask"]].any()  # only legal actions are taught
    assert set(np.unique(data["result"])) <= {-1.0, 0.0, 1.0}
    stamps = [f.stat().st_mtime_ns for f in files]
    teach["play_missing"]("architects", [2], "ismcts:20i", 2, 1, tmp_path)  # all there
    assert [f.stat().st_mtime_ns for f in files] == stamps
    with pytest.raises(SystemExit, match="no teacher game at 4 players"):
        teach["load"](tmp_path, 2, 4)
