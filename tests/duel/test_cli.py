"""`wonders` commands for Duel, end to end through typer's test runner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wonders.cli.app import app

runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_play_duel_against_a_bot_with_piped_choices() -> None:
    code, out, _ = run("play", "duel", "--seed", "4", "--bots", "random", stdin="1\n" * 200)
    assert code == 0, out
    assert "7 Wonders Duel, seed 4. You are seat 0." in out
    assert "Wonders on offer" in out and "take " in out
    assert "[ ? ]" in out  # face-down cards drawn hidden
    assert "Final scores (" in out and "victory)" in out


def test_play_duel_as_the_second_seat_first_game() -> None:
    code, out, _ = run(
        "play", "duel", "--seat", "1", "--seed", "2", "--bots", "greedy", stdin="1\n" * 200
    )
    assert code == 0, out
    assert "You are seat 1" in out


def test_play_duel_first_game_deals_the_wonder_sets_without_a_draft() -> None:
    code, out, _ = run("play", "duel", "--first-game", "--seed", "4", stdin="1\n" * 200)
    assert code == 0, out
    assert "Wonders on offer" not in out  # no wonder draft: the first game's sets
    assert "Final scores (" in out


def test_simulate_first_game_records_the_option(tmp_path: Path) -> None:
    code, out, _ = run(
        "simulate", "duel", "--first-game", "--games", "1", "--json", "--record", str(tmp_path)
    )
    assert code == 0, out
    record = json.loads((tmp_path / "duel-0.json").read_text())
    assert record["options"] == {"first_game": True}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "classic", "--first-game"), "--first-game is for 7 Wonders Duel"),
        (("play", "duel", "--players", "3"), "Duel is for 2 players"),
        (("play", "duel", "--seat", "2"), "--seat must be 0 to 1"),
        (("simulate", "duel", "--sides", "B"), "one side"),
        (("simulate", "duel", "--expansions", "leaders"), "expansions"),
        (("bench", "--game", "chess"), "unknown game"),
    ],
)
def test_bad_duel_options_are_clear_errors(args: tuple[str, ...], message: str) -> None:
    code, _, err = run(*args)
    assert code == 1 and message in err


def test_simulate_records_and_replay(tmp_path: Path) -> None:
    code, out, _ = run(
        "simulate", "duel", "--games", "3", "--seed", "9", "--bots", "greedy",
        "--json", "--record", str(tmp_path),
    )  # fmt: skip
    assert code == 0, out
    results = json.loads(out)["results"]
    assert len(results) == 3 and all(len(r["totals"]) == 2 for r in results)
    record = tmp_path / "duel-10.json"
    code, out, _ = run("replay", str(record), "--json")
    assert code == 0
    assert json.loads(out)["totals"] == results[1]["totals"]


def test_simulate_table_names_two_seats() -> None:
    code, out, _ = run("simulate", "duel", "--games", "2")
    assert code == 0 and "2 players" in out


def test_bench_covers_duel() -> None:
    code, out, _ = run("bench", "--game", "duel", "--games", "2", "--json")
    assert code == 0
    rows = json.loads(out)
    assert [r["game"] for r in rows] == ["duel"] and rows[0]["games"] == 4
    assert rows[0]["games_per_second"] > 0


def test_score_refuses_an_unknown_game_and_a_duel_sheet_without_two_players(
    tmp_path: Path,
) -> None:
    sheet = tmp_path / "duel.json"
    sheet.write_text(json.dumps({"game": "chess", "players": []}))
    code, _, err = run("score", str(sheet))
    assert code == 1 and "no score booklet for 'chess'" in err
    sheet.write_text(json.dumps({"game": "duel", "players": []}))
    code, _, err = run("score", str(sheet))
    assert code == 1 and "the two players" in err


def test_cards_duel_json_has_chains_science_shields_points() -> None:
    code, out, _ = run("cards", "duel", "--age", "2", "--json")
    assert code == 0
    cards = {c["name"]: c for c in json.loads(out)}
    assert len(cards) == 23
    assert cards["Library"]["chain_in"] == "book" and cards["Library"]["science"] == "quill"
    assert cards["Walls"]["shields"] == 2 and cards["Courthouse"]["points"] == 5
