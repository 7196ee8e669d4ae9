"""Tournaments: seat rotation and seed pairing, statistics, OpenSkill, records, Ray, CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from wonders.cli.app import app
from wonders.core import OptionsError
from wonders.core.records import GameRecord, replay
from wonders.tournament import report, runner
from wonders.tournament.schedule import parse_lineup, schedule
from wonders.tournament.stats import mean_interval, ratings, summary, wilson


def test_lineups_expand_and_check_their_bots() -> None:
    assert parse_lineup("ismcts:0.5, greedy*3") == ["ismcts:0.5", "greedy", "greedy", "greedy"]
    for bad in ("greedy", "greedy,nobot", "greedy*0,random", "greedy*x,random", "random*9",
                "ismcts:fast,greedy", "greedy,,random"):  # fmt: skip
        with pytest.raises(OptionsError):
            parse_lineup(bad)


def test_every_bot_plays_every_seat_of_every_deal_once() -> None:
    lineup = ["a", "b", "c", "c"]
    specs = schedule("classic", {"players": 4}, lineup, 12, seed=7)
    assert [s.index for s in specs] == list(range(12))
    assert [s.seed for s in specs] == [7] * 4 + [8] * 4 + [9] * 4  # seeds paired by block
    for block in range(3):
        games = specs[4 * block : 4 * block + 4]
        for seat in range(4):  # each seat sees the whole lineup once a deal
            assert sorted(g.bots[seat] for g in games) == sorted(lineup)
        for g in games:  # each game seats the whole lineup
            assert sorted(g.bots) == sorted(lineup)
    assert specs[1].bots == ("c", "a", "b", "c")  # rotation 1: entry i at seat i + 1
    assert specs[0].bot_seed(3) == 7003 != specs[4].bot_seed(3)
    with pytest.raises(OptionsError, match="multiple of 4"):
        schedule("classic", {"players": 4}, lineup, 10, seed=0)


def test_wilson_interval_and_mean_interval_on_known_values() -> None:
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    mean, lo, hi = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    assert hi - mean == pytest.approx(1.96 * (5 / 3) ** 0.5 / 2)
    assert lo == pytest.approx(2 * mean - hi)


def outcome(index: int, bots: list[str], totals: list[int], ranks: list[int],
            winners: list[int]) -> dict[str, Any]:  # fmt: skip
    return {"index": index, "bots": bots, "totals": totals, "ranks": ranks, "winners": winners}


def test_openskill_ratings_on_a_small_known_input() -> None:
    """Two bots, a wins twice: exactly OpenSkill's Plackett-Luce updates, done by hand."""
    from openskill.models import PlackettLuce

    games = [
        outcome(1, ["b", "a"], [10, 12], [2, 1], [1]),
        outcome(0, ["a", "b"], [12, 10], [1, 2], [0]),
    ]
    model = PlackettLuce()
    a, b = model.rating(), model.rating()
    for _ in range(2):
        [[a], [b]] = model.rate([[a], [b]], ranks=[1, 2])
    got = ratings(games)
    assert got["a"]["mu"] == pytest.approx(a.mu) and got["a"]["sigma"] == pytest.approx(a.sigma)
    assert got["b"]["mu"] == pytest.approx(b.mu)
    assert got["a"]["ordinal"] == pytest.approx(a.mu - 3 * a.sigma)
    assert got["a"]["mu"] > 25 > got["b"]["mu"]


def test_a_tie_shares_the_rank_and_the_win() -> None:
    games = [outcome(0, ["a", "b", "c"], [10, 10, 5], [1, 1, 3], [0, 1])]
    table = summary(games)
    assert table["a"]["wins"] == table["b"]["wins"] == 0.5
    assert table["c"]["wins"] == 0
    assert table["a"]["rating"]["mu"] == pytest.approx(table["b"]["rating"]["mu"])
    assert table["c"]["rating"]["mu"] < 25 < table["a"]["rating"]["mu"]


def test_a_bot_in_several_seats_is_counted_a_seat_at_a_time() -> None:
    games = [
        outcome(0, ["x", "g", "g"], [9, 8, 7], [1, 2, 3], [0]),
        outcome(1, ["g", "x", "g"], [9, 8, 7], [1, 2, 3], [0]),
    ]
    table = summary(games)
    assert table["g"]["seat_games"] == 4 and table["g"]["wins"] == 1
    assert table["g"]["fair_share"] == pytest.approx(1 / 3)
    assert table["x"]["win_rate"] == 0.5 and table["x"]["mean_rank"] == 1.5


def test_a_small_tournament_saves_records_that_replay(tmp_path: Path) -> None:
    specs = schedule("duel", {}, ["greedy", "random"], 4, seed=3)
    outcomes = runner.run_local(specs, workers=1)
    data = report.results("duel", {}, ["greedy", "random"], outcomes)
    assert data["games"] == 4 and data["bots"]["greedy"]["seat_games"] == 4
    report.save_records(tmp_path, outcomes)
    files = sorted(tmp_path.iterdir())
    assert len(files) == 4
    for f, o in zip(files, outcomes, strict=True):
        state = replay(GameRecord.load(f))
        assert state.is_terminal() and state.result().totals == o["totals"]


def comparable(outcomes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in o.items() if k != "seconds"} for o in outcomes]


def test_worker_processes_give_the_same_results_as_one_process() -> None:
    specs = schedule("architects", {"players": 3}, ["greedy", "random", "ismcts:3i"], 3, seed=1)
    alone = runner.run_local(specs, workers=1)
    assert comparable(runner.run_local(specs, workers=2)) == comparable(alone)


def test_ray_tasks_give_the_same_results_as_a_local_run() -> None:
    ray = pytest.importorskip("ray")
    specs = schedule("duel", {}, ["greedy", "ismcts:3i"], 2, seed=5)
    local = runner.run_local(specs, workers=1)
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        remote = runner.run_ray(specs, address=None)
    finally:
        ray.shutdown()
    assert comparable(remote) == comparable(local)


def test_the_tournament_command(tmp_path: Path) -> None:
    out = CliRunner().invoke(
        app,
        [
            "tournament",
            "duel",
            "--bots",
            "greedy,random",
            "--games",
            "2",
            "--workers",
            "1",
            "--records",
            str(tmp_path / "rec"),
            "--json",
        ],
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert data["games"] == 2 and set(data["bots"]) == {"greedy", "random"}
    assert len(list((tmp_path / "rec").iterdir())) == 2
    table = CliRunner().invoke(
        app,
        [
            "tournament",
            "duel",
            "--bots",
            "greedy,random",
            "--games",
            "2",
            "--workers",
            "1",
            "--records",
            str(tmp_path / "rec2"),
        ],
    )
    assert table.exit_code == 0 and "win %" in table.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["duel", "--bots", "greedy,random,random"], "Duel is for 2 players"),
        (["duel", "--bots", "greedy,random", "--games", "3"], "multiple of 2"),
        (["classic", "--bots", "greedy,cheater"], "unknown bot"),
        (["nogame", "--bots", "greedy,random"], "unknown game"),
        (["architects", "--bots", "greedy,random", "--expansions", "leaders"], "is for 7 Wonders,"),
    ],
)
def test_bad_tournament_options_are_one_clear_line(args: list[str], message: str) -> None:
    out = CliRunner().invoke(app, ["tournament", *args])
    assert out.exit_code == 1
    assert message in out.output and len(out.output.strip().splitlines()) == 1


def test_an_unreachable_ray_address_is_a_clear_error() -> None:
    pytest.importorskip("ray")
    for address, message in (("127.0.0.1:1", "cannot reach"), ("nowhere", "bad Ray address")):
        with pytest.raises(OptionsError, match=message):
            runner.connect_ray(address)


def test_an_unwritable_records_folder_fails_before_any_game(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    out = CliRunner().invoke(
        app, ["tournament", "duel", "--bots", "greedy,random", "--records", str(blocker / "x")]
    )
    assert out.exit_code == 1
    assert "cannot write game records" in out.output
    assert len(out.output.strip().splitlines()) == 1


def _run(folder: Path, *more: str) -> tuple[Any, Any]:
    out = CliRunner().invoke(
        app,
        ["tournament", "duel", "--bots", "greedy,random", "--games", "6", "--workers", "1",
         "--records", str(folder), "--json", *more],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    return json.loads(out.stdout.strip().splitlines()[-1]), out


def test_a_tournament_cut_short_goes_on_where_it_stopped(tmp_path: Path) -> None:
    folder = tmp_path / "rec"
    whole, _ = _run(folder)
    assert whole["resumed"] == 0
    files = sorted(folder.iterdir())
    files[1].unlink()  # as if the run had been killed before these games ended
    files[4].write_text('{"version": 1, "game": "duel"')  # cut off while being written
    other = GameRecord.load(files[2])
    other.seats = [{"kind": "bot", "bot": "random"}] * 2  # another tournament's game
    other.save(files[2])
    again, out = _run(folder)
    assert "3 of 6 games are already in" in out.stderr
    assert again["resumed"] == 3
    assert again["outcomes"] == [
        {**o, "seconds": a["seconds"], **({"resumed": True} if a.get("resumed") else {})}
        for o, a in zip(whole["outcomes"], again["outcomes"], strict=True)
    ]  # the same games, the same results
    assert again["bots"] == whole["bots"]
    assert all(replay(GameRecord.load(f)).is_terminal() for f in folder.iterdir())
    fresh, out = _run(folder, "--fresh")
    assert fresh["resumed"] == 0 and "already in" not in out.stderr
