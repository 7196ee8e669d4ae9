"""`wonders bench --bots`: the search bots' iterations a second, beside the engines'."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from wonders.bots import speed
from wonders.bots.playout import candidates
from wonders.cli.app import app


@pytest.fixture(autouse=True)
def _short(monkeypatch: pytest.MonkeyPatch) -> None:
    """A few iterations a move, one pass: the figures are the benchmark's, not the tests'."""
    monkeypatch.setattr(speed, "WINDOW", 0.01)
    monkeypatch.setattr(speed, "WINDOWS", 1)
    monkeypatch.setattr(speed, "PROBE", 5)


def test_positions_are_spread_over_the_game_and_each_offers_the_bots_a_choice() -> None:
    spots = speed.positions("duel", {}, 3)
    assert len(spots) == speed.POSITIONS
    ages = [state.age for state, _ in spots]  # type: ignore[attr-defined]
    assert ages[0] == 1 and ages[-1] == 3  # from the first Age to the last
    for state, seat in spots:
        assert seat in state.to_move()
        assert len(candidates(state.legal_actions(seat))) > 1


def test_a_rate_counts_the_iterations_the_bot_really_ran() -> None:
    row = speed.rate("architects", {"players": 2}, "ismcts", seed=1)
    assert row["bot"] == "ismcts" and row["positions"] == speed.POSITIONS
    assert row["iterations_a_move"] >= speed.PROBE
    assert row["iterations_per_second"] > 0


def test_a_bot_that_stops_short_of_its_budget_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    class Lazy:
        iterations = 1

        def choose(self, state: object, seat: int) -> None:
            return None

    spots = speed.positions("duel", {}, 0)  # made before the patch takes the greedy bots
    monkeypatch.setattr(speed, "make_bot", lambda name, seed=0: Lazy())
    with pytest.raises(AssertionError, match="did not run"):
        speed._pass("ismcts", spots, 10, 0)


def test_bench_bots_reports_every_search_bot_in_json_and_in_a_table() -> None:
    args = ["bench", "--games", "2", "--game", "duel", "--bots"]
    result = CliRunner().invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [r["game"] for r in data["engine"]] == ["duel"]
    assert [r["bot"] for r in data["bots"]] == ["montecarlo", "ismcts"]
    assert all(r["iterations_per_second"] > 0 for r in data["bots"])
    shown = CliRunner().invoke(app, args)
    assert shown.exit_code == 0, shown.output
    assert "Search bots" in shown.output and "ismcts" in shown.output
