"""benchmarks/ladder.py's think budgets: as written, or CPU seconds made iterations."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest

LADDER = Path(__file__).resolve().parents[2] / "benchmarks" / "ladder.py"


@pytest.fixture(scope="module")
def ladder() -> dict[str, Any]:
    return runpy.run_path(str(LADDER))


def _rung(ladder: dict[str, Any], name: str) -> Any:
    return next(r for r in ladder["RUNGS"] if r.name == name)


def test_a_written_budget_goes_to_every_search_bot(ladder: dict[str, Any]) -> None:
    rung = _rung(ladder, "duel-montecarlo")
    assert ladder["budgets"](rung, "300i", {}) == ["ismcts:300i", "montecarlo:300i"]
    assert ladder["budgets"](_rung(ladder, "duel-greedy"), "0.5", {}) == [
        "ismcts:0.5",
        "greedy",
    ]


def test_a_cpu_budget_becomes_iterations_calibrated_once_per_table_and_bot(
    ladder: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[str, str, float]] = []

    def calibrate(game: str, options: dict[str, Any], bot: str, seconds: float) -> int:
        calls.append((game, bot, seconds))
        return 1000 if bot.startswith("ismcts") else 700

    monkeypatch.setitem(ladder["budgets"].__globals__, "calibrate", calibrate)
    cache: dict[str, int] = {}
    rung = _rung(ladder, "duel-montecarlo")
    assert ladder["budgets"](rung, "0.2cpu", cache) == ["ismcts:1000i", "montecarlo:700i"]
    assert ladder["budgets"](_rung(ladder, "duel-greedy"), "0.2cpu", cache) == [
        "ismcts:1000i",
        "greedy",
    ]
    assert calls == [("duel", "ismcts:THINK", 0.2), ("duel", "montecarlo:THINK", 0.2)]


def test_calibration_plays_a_probe_game_and_gives_an_iteration_count(
    ladder: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(ladder["calibrate"].__globals__, "PROBE", 3)
    iterations = ladder["calibrate"]("duel", {}, "ismcts:THINK", 0.01)
    assert isinstance(iterations, int) and iterations >= 1


def test_the_challenger_takes_the_new_seat_and_the_20x_rival_twenty_times_its_budget(
    ladder: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    rung = _rung(ladder, "duel-ismcts-20x")
    budgets = ladder["budgets"]
    assert budgets(rung, "300i", {}) == ["ismcts:300i", "ismcts:6000i:random-end-none"]
    assert budgets(rung, "0.1", {}) == ["ismcts:0.1", "ismcts:2:random-end-none"]
    assert budgets(rung, "300i", {}, "learned") == ["learned", "ismcts:6000i:random-end-none"]
    assert budgets(rung, "50i", {}, "ismcts:THINK:random-value") == [
        "ismcts:50i:random-value",
        "ismcts:1000i:random-end-none",
    ]
    calls: list[str] = []

    def calibrate(game: str, options: dict[str, Any], bot: str, seconds: float) -> int:
        calls.append(bot)
        return 1000

    monkeypatch.setitem(budgets.__globals__, "calibrate", calibrate)
    assert budgets(rung, "0.1cpu", {}) == ["ismcts:1000i", "ismcts:20000i:random-end-none"]
    # today's ismcts (no root prior) is calibrated apart from the challenger
    assert calls == ["ismcts:THINK", "ismcts:THINK:random-end-none"]


def test_every_rung_names_bots_that_exist(ladder: dict[str, Any]) -> None:
    from wonders.bots import make_bot

    for rung in ladder["RUNGS"]:
        for bot in rung.bots("10i"):
            make_bot(bot, 0)  # an unknown name or budget raises
