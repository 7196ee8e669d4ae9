"""How `wonders bench` measures a rate (issue 36, item 8): untimed warm-up games first, then
timed windows of new seeds, the median reported with the slowest and fastest windows. The
method is tested with a clock of its own: no test asserts a timing."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from wonders.cli import throughput
from wonders.cli.throughput import WARMUP_SEEDS, WINDOWS, steady
from wonders.core.protocol import JSON


class Games:
    """A fake game player and clock: a game of seed ``s`` makes ``decisions`` decisions
    and takes ``cost(s)`` seconds on the clock."""

    def __init__(self, cost: dict[int, float] | None = None, warm_cost: float = 5.0) -> None:
        self.now = 0.0
        self.seeds: list[int] = []
        self.cost = cost or {}
        self.warm_cost = warm_cost

    def clock(self) -> float:
        return self.now

    def play(self, seed: int) -> int:
        self.seeds.append(seed)
        warm = seed >= WARMUP_SEEDS
        self.now += self.warm_cost if warm else self.cost.get(seed, 0.01)
        return 1000 if warm else 10  # a warm-up game counted would show


def test_warm_up_games_are_played_first_and_neither_timed_nor_counted() -> None:
    games = Games()
    rate = steady(games.play, 7, 20, clock=games.clock)
    warm = [s for s in games.seeds if s >= WARMUP_SEEDS]
    timed = [s for s in games.seeds if s < WARMUP_SEEDS]
    assert games.seeds == warm + timed  # every warm-up game before any timed one
    assert warm == [7 + WARMUP_SEEDS + k for k in range(10)] and rate["warmup_games"] == 10
    assert timed == list(range(7, 27)) and rate["games"] == 20  # new seeds, none twice
    assert rate["decisions_per_second"] == pytest.approx(1000.0)  # 10 decisions in 0.01 s
    assert rate["decisions_per_second_range"] == pytest.approx([1000.0, 1000.0])
    assert rate["spread"] == 0.0 and rate["windows"] == WINDOWS
    assert rate["seconds"] == pytest.approx(0.2)


def test_windows_last_the_seconds_asked_and_the_warm_up_one_of_them() -> None:
    games = Games(warm_cost=0.01)
    rate = steady(games.play, 0, 1, seconds=1.0, clock=games.clock)
    # a window is 0.2 s: 20 games of 0.01 s each (at least: the clock may round up)
    assert rate["warmup_games"] >= 20 and rate["games"] >= 20 * WINDOWS
    assert rate["seconds"] >= 1.0


def test_the_median_window_is_the_figure_and_the_others_its_spread() -> None:
    # five windows of two games each: the third window is the median; the first the slowest
    slow = {0: 0.04, 1: 0.04}  # 20 decisions in 0.08 s: 250/s
    fast = {8: 0.005, 9: 0.005}  # 20 in 0.01 s: 2000/s
    games = Games({**slow, **fast})
    rate = steady(games.play, 0, 10, clock=games.clock)
    assert rate["decisions_per_second"] == pytest.approx(1000.0)
    assert rate["decisions_per_second_range"] == pytest.approx([250.0, 2000.0])
    assert rate["spread"] == pytest.approx((2000 - 250) / 2 / 1000, abs=1e-3)
    assert rate["games_per_second"] == pytest.approx(100.0)


def test_the_engine_table_reports_its_windows() -> None:
    row = throughput.measure("duel", {}, 5, 0)
    low, high = row["decisions_per_second_range"]
    assert low <= row["decisions_per_second"] <= high
    assert row["games"] >= 5 and row["warmup_games"] >= 2 and row["windows"] == WINDOWS


pettingzoo = pytest.importorskip("pettingzoo")

from typer.testing import CliRunner  # noqa: E402

from wonders.cli.app import app  # noqa: E402
from wonders.envs import bench  # noqa: E402


def test_each_way_is_warmed_up_and_plays_its_own_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[int, list[int]] = {}
    real = throughput.steady

    def spy(play: Callable[[int], int], seed: int, games: int, seconds: float) -> JSON:
        seen.setdefault(seed, [])

        def recorded(s: int) -> int:
            seen[seed].append(s)
            return int(play(s))

        return real(recorded, seed, games, seconds)

    monkeypatch.setattr(bench, "steady", spy)
    (row,) = bench.report(2, seed=3, only="duel", seconds=0.0)
    assert len(seen) == 3  # the engine, AEC and Parallel
    timed = [{s for s in seeds if s < WARMUP_SEEDS} for seeds in seen.values()]
    assert all(len(t) == 2 for t in timed)  # no least time: the games asked, one a window
    assert not (timed[0] & timed[1]) and not (timed[0] & timed[2]) and not (timed[1] & timed[2])
    assert all(any(s >= WARMUP_SEEDS for s in seeds) for seeds in seen.values())
    for way in ("engine", "aec", "parallel"):
        low, high = row[f"{way}_range"]
        assert low <= row[f"{way}_decisions_per_second"] <= high
        assert row["timed_games"][way] == 2 and row["warmup_games"][way] >= 1
    assert row["windows"] == 2 and row["spread"] >= 0.0
    json.dumps(row)  # plain numbers: the --json output


def test_the_envs_table_shows_the_spread(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench, "SECONDS", 0.0)
    args = ["bench", "--games", "25", "--game", "duel", "--envs"]  # 5 games a rate
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert f"median of {WINDOWS} timed windows" in result.output and "±" in result.output
    last = [line for line in result.output.splitlines() if line.strip().startswith("duel")][-1]
    assert "%" in last
